// The cards around the board: the face-up animal cards, the objectives, your identity card,
// and every player's public row of played cards.

import { capitalize, h, s } from "./dom.js";
import { explain } from "../kit/help.js";
import { actionCard, cardBack, CARD_NAMES, CARD_ORDER, foodIcon, pawnSwatch, tickIcon } from "./art.js";

/** A predator badge is pointed, a prey badge round: the kind never relies on colour. */
function animalBadge(animal, kind) {
  const shape = kind === "predator"
    ? s("path", { d: "M0 -16 L14 -6 L10 14 L-10 14 L-14 -6 Z", class: "of-badge-predator" })
    : s("circle", { r: 15, class: "of-badge-prey" });
  return s("svg", { width: 36, height: 36, viewBox: "-18 -18 36 36", "aria-hidden": "true",
    class: "of-badge" }, shape,
  s("text", { y: 5, class: "of-badge-letter", text: animal.slice(0, 2).toUpperCase() }));
}

function dietLine(diet) {
  if (!diet) return h("div", { class: "of-diet" }, "Eats no food: attacks the prey");
  return h("div", { class: "of-diet" },
    s("svg", { width: 20, height: 20, viewBox: "-12 -12 24 24", "aria-hidden": "true" }, foodIcon(diet)),
    ` Eats ${diet}`);
}

/** One animal card face: name, predator or prey, diet and trigger text. */
export function animalCard(card, { mine = false } = {}) {
  return explain(h("article", { class: `of-animal of-${card.kind}${mine ? " of-mine" : ""}`,
    "aria-label": `${capitalize(card.animal)}, ${card.kind}` },
  h("header", {}, animalBadge(card.animal, card.kind),
    h("div", {}, h("strong", {}, capitalize(card.animal)),
      h("span", { class: "of-kind" }, card.kind === "predator" ? "Predator" : "Prey"))),
  dietLine(card.diet),
  h("p", { class: "of-ability" }, h("b", {}, "Trigger: "), card.ability)), "oh-fox", card.animal);
}

export function animalCards(view) {
  const mine = view.you ? view.you.animal : null;
  return h("section", { class: "of-panel of-animals", "aria-label": "Animal cards on the table" },
    h("h3", {}, "Animal cards"),
    h("div", { class: "of-animal-list" },
      view.animals.map((card) => animalCard(card, { mine: card.animal === mine }))));
}

export function objectives(view) {
  if (!view.objectives.length) return null;
  return h("section", { class: "of-panel of-objectives", "aria-label": "Objective cards" },
    h("h3", {}, "Objectives (1 heart each)"),
    h("ul", {}, view.objectives.map((o) => h("li", {}, h("b", {}, o.name), ": ", o.text))));
}

/** Your identity card, shown only to you (the view carries it only for your seat). */
export function identityCard(view) {
  const you = view.you;
  if (!you) return null;
  const card = { animal: you.animal, kind: you.role, diet: you.diet, ability: you.ability };
  return h("section", { class: "of-panel of-identity", "aria-label": "Your identity card" },
    h("h3", {}, view.phase === "over" ? "You were" : "You are (secret)"), animalCard(card, { mine: true }));
}

function handCounts(hand) {
  return h("span", { class: "of-counts", "aria-label": "Cards left in hand" },
    CARD_ORDER.map((card) => h("span", { class: "of-count" }, `${CARD_NAMES[card]} ${hand[card] ?? 0}`)));
}

/** Another player's identity card stays face down (a back) until the end. */
function hiddenIdentity(seat, isYou, name) {
  if (isYou || seat.animal) return null;
  return h("span", { class: "of-hidden-identity" }, cardBack(`${name}'s identity card (face down)`, 16), "identity hidden");
}

function roleTag(seat) {
  if (seat.animal) return h("span", { class: `of-role of-role-${seat.role || "unknown"}` }, capitalize(seat.animal));
  if (seat.role === "predator") return h("span", { class: "of-role of-role-predator" }, "Predator token");
  return null;
}

function choiceState(view, seat, isYou) {
  if (view.phase !== "program") return null;
  if (seat.chosen) return h("span", { class: "of-status of-chosen" }, tickIcon(), isYou ? "You have chosen" : "Has chosen");
  return h("span", { class: "of-status of-choosing" }, isYou ? "Choose your card" : "Choosing...");
}

/** The slot of the turn being chosen: a back for a hidden choice, your own choice face up. */
function currentSlot(view, seat, isYou, name) {
  if (isYou && view.you.choice) {
    const choice = view.you.choice;
    return explain(h("li", { class: "of-slot of-slot-pending", title: "Your choice (only you see it)" },
      actionCard(choice.card, choice.direction, { width: 34 }), h("span", {}, `T${view.turn}`)), "oh-fox", choice.card);
  }
  if (seat.chosen) {
    return h("li", { class: "of-slot of-slot-pending" },
      cardBack(`${name} has chosen a card (hidden)`, 34), h("span", {}, `T${view.turn}`));
  }
  return h("li", { class: "of-slot of-slot-empty" }, h("span", {}, `T${view.turn}`));
}

function playedRow(view, seat, isYou, name, fresh) {
  const slots = seat.row.map((play) => explain(h("li", { class: `of-slot${play.turn === fresh ? " of-new" : ""}` },
    actionCard(play.card, play.direction, { width: 34 }), h("span", {}, `T${play.turn}`)), "oh-fox", play.card));
  if (view.phase === "program") slots.push(currentSlot(view, seat, isYou, name));
  while (slots.length < view.turns) {
    slots.push(h("li", { class: "of-slot of-slot-empty" }, h("span", {}, `T${slots.length + 1}`)));
  }
  return h("ol", { class: "of-row-cards", "aria-label": `${name}'s played cards` }, slots);
}

/**
 * The public rows of played cards: `which` is "others" (drawn at the top), "mine" (at the
 * bottom, next to the hand) or "all". Cards of turn `fresh` were just turned face up.
 */
export function seatRows(view, names, viewerSeat, which = "all", fresh = 0) {
  const order = view.seats.filter((seat) => which === "all" ||
    (which === "mine") === (seat.seat === viewerSeat));
  if (!order.length) return null;
  const label = which === "mine" ? "Your played cards" : "Played cards";
  return h("section", { class: `of-panel of-rows of-rows-${which}`, "aria-label": label },
    order.map((seat) => {
      const isYou = seat.seat === viewerSeat;
      const name = names[seat.seat] || `Seat ${seat.seat + 1}`;
      return h("div", { class: `of-seat-row${isYou ? " of-you" : ""}`, "data-seat": seat.seat },
        h("div", { class: "of-seat-head" }, pawnSwatch(seat.colour, `${capitalize(seat.colour)} pawn`),
          h("strong", {}, isYou ? `${name} (you)` : name),
          h("span", { class: "of-colour-name" }, capitalize(seat.colour)),
          roleTag(seat), hiddenIdentity(seat, isYou, name), choiceState(view, seat, isYou)),
        playedRow(view, seat, isYou, name, fresh), handCounts(seat.hand));
    }));
}

/** The guesses so far, made aloud: everyone sees them. */
export function guessList(view, names) {
  if (!view.guesses.length) return null;
  return h("ul", { class: "of-guesses" }, view.guesses.map((g) =>
    h("li", {}, `${names[g.seat] || `Seat ${g.seat + 1}`} is guessed to be the ${g.animal}`)));
}
