// Your choices: the hand (card, then one of four arrows, then confirm), the predator's
// private pawns (click or drag to place, take off), and the guess form. Every button is built
// from envelope.legal_actions; nothing is offered that the server did not list.

import { capitalize, h } from "./dom.js";
import { listen } from "../../js/dom.js";
import { speakAs } from "../../js/spoken-name.js";
import { explainWrapped } from "../kit/help.js";
import { actionCard, arrowIcon, CARD_NAMES, CARD_ORDER, DIRECTIONS, pawnSwatch } from "./art.js";
import { parseSpace, spaceAtClientPoint, spaceLabel } from "./board.js";

const plays = (envelope) => envelope.legal_actions.filter((a) => a.type === "play");

/**
 * The card and arrow picked so far for this turn. The pick is kept until the turn moves on
 * (not cleared on confirm), so a refused send can simply be confirmed again.
 */
export function currentPick(view, ctx) {
  if (ctx.selected("turn") !== view.turn) return { card: null, direction: null };
  return { card: ctx.selected("card") || null, direction: ctx.selected("direction") || null };
}

function pick(view, ctx, card, direction) {
  // Each select redraws the page: only set what changes, the card last.
  const wanted = [["turn", view.turn], ["direction", direction], ["card", card]];
  for (const [key, value] of wanted) if (ctx.selected(key) !== value) ctx.select(key, value);
}

/** The full play action the current selection names, if the server lists it as legal. */
export function selectedPlay(envelope, ctx) {
  const { card, direction } = currentPick(envelope.view, ctx);
  const wanted = card === "stop" ? undefined : direction;
  return plays(envelope).find((a) => a.card === card && a.direction === wanted) || null;
}

function cardButton(card, count, envelope, ctx, redraw) {
  const legal = plays(envelope).some((a) => a.card === card);
  const { card: picked, direction } = currentPick(envelope.view, ctx);
  const chosen = picked === card && legal;
  return explainWrapped(speakAs(h("button", { type: "button", class: `of-hand-card${chosen ? " of-selected" : ""}`,
    disabled: !legal, "aria-pressed": chosen ? "true" : "false", "data-focus": `card-${card}`,
    "data-card": card,
    onClick: () => {
      pick(envelope.view, ctx, chosen ? null : card, direction);
      redraw();
    } },
  actionCard(card, null, { width: 46, title: false }),
  h("span", { class: "of-hand-count" }, `x${count}`)), `${CARD_NAMES[card]}, ${count} left`), "oh-fox", card);
}

function directionPad(envelope, ctx, redraw) {
  const { card, direction: current } = currentPick(envelope.view, ctx);
  const buttons = DIRECTIONS.map((direction) => {
    const legal = plays(envelope).some((a) => a.card === card && a.direction === direction);
    const on = legal && current === direction;
    return h("button", { type: "button", class: `of-dir of-dir-${direction}${on ? " of-selected" : ""}`,
      disabled: !legal, "aria-pressed": on ? "true" : "false", "data-focus": `dir-${direction}`,
      "data-direction": direction, "aria-label": `Point it ${direction}`,
      onClick: () => {
        pick(envelope.view, ctx, card, direction);
        redraw();
      } }, arrowIcon(direction), h("span", {}, capitalize(direction)));
  });
  return h("div", { class: "of-pad", role: "group", "aria-label": "Direction" }, buttons);
}

function confirmButton(envelope, ctx) {
  const action = selectedPlay(envelope, ctx);
  const text = action ? `Play the ${describePlay(action)}` : "Choose a card, then an arrow";
  return h("button", { type: "button", class: "of-confirm primary", disabled: !action,
    "data-focus": "confirm",
    onClick: () => {
      if (action) ctx.act(action);
    } }, text);
}

export function describePlay(action) {
  const name = CARD_NAMES[action.card] || action.card;
  return action.direction ? `${name} card pointing ${action.direction}` : `${name} card`;
}

/** The hand with the two-part choice. Shown to a seated player while the eight turns run. */
export function handPanel(view, envelope, ctx, redraw) {
  if (!view.you || view.phase !== "program") return null;
  const counts = {};
  for (const card of view.you.hand) counts[card] = (counts[card] || 0) + 1;
  const cards = CARD_ORDER.filter((card) => counts[card]).map((card) =>
    cardButton(card, counts[card], envelope, ctx, redraw));
  const canPlay = plays(envelope).length > 0;
  const { card } = currentPick(view, ctx);
  const needsArrow = canPlay && card && card !== "stop" && plays(envelope).some((a) => a.card === card);
  return h("section", { class: "of-panel of-hand table-dock", "aria-label": "Your action cards" },
    h("h3", {}, `Your action cards (${view.you.hand.length} in hand)`),
    h("div", { class: "of-hand-cards" }, cards),
    canPlay ? h("div", { class: "of-choose" }, needsArrow ? directionPad(envelope, ctx, redraw) : null,
      confirmButton(envelope, ctx))
      : h("p", { class: "of-note" }, view.you.choice
        ? `Chosen for turn ${view.turn}: ${describePlay(view.you.choice)}. Nobody else sees it until everyone has chosen.`
        : "Waiting for the others."));
}

// ----------------------------------------------------------------------------- the pawns

const markActions = (envelope) => envelope.legal_actions.filter((a) => a.type === "mark" || a.type === "unmark");

/** Board targets for the selected pawn: every space the server lets it be marked on. */
export function markTargets(view, envelope, ctx, names) {
  const seat = ctx.selected("pawn");
  if (seat === null || seat === undefined) return {};
  const targets = {};
  for (const action of markActions(envelope)) {
    if (action.type !== "mark" || action.seat !== seat) continue;
    targets[action.space] = {
      label: `Put ${names[seat]}'s pawn on ${spaceLabel(view.board, action.space)}`,
      onActivate: () => {
        ctx.select("pawn", null);
        ctx.act(action);
      },
    };
  }
  return targets;
}

/**
 * Let a pawn be dragged onto a space: on release over the board it is marked there, released
 * off the board it is taken off. A press without movement stays a click.
 */
export function makeDraggable(handle, seat, envelope, ctx, getBoard) {
  listen(handle, "pointerdown", (event) => {
    if (event.button !== 0) return;
    // The element on the page (a push may have morphed a newer drawing into it).
    const node = event.currentTarget || handle;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (ev) => {
      if (!ghost && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6) return;
      if (!ghost) {
        ghost = h("div", { class: "of-drag-ghost" }, handle.cloneNode(true));
        document.body.append(ghost);
      }
      ghost.style.left = `${ev.clientX}px`;
      ghost.style.top = `${ev.clientY}px`;
    };
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      if (!ghost) return;
      ghost.remove();
      node.dataset.dragged = "1";
      dropPawn(seat, ev, envelope, ctx, getBoard());
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up, { once: true });
  });
}

function dropPawn(seat, event, envelope, ctx, board) {
  const id = board ? spaceAtClientPoint(board.svg, event.clientX, event.clientY, board.data) : null;
  const action = markActions(envelope).find((a) => a.seat === seat &&
    (id ? a.type === "mark" && a.space === id : a.type === "unmark"));
  if (action) {
    ctx.select("pawn", null);
    ctx.act(action);
  }
}

function wasDragged(node) {
  const dragged = node.dataset.dragged === "1";
  delete node.dataset.dragged;
  return dragged;
}

/** The predator's tray of the other players' pawns (private memory aid). */
export function pawnTray(view, envelope, ctx, names, redraw, getBoard) {
  if (!view.marks) return null;
  const legal = markActions(envelope);
  const rows = view.marks.map((mark) => {
    const seat = view.seats[mark.seat];
    const name = names[mark.seat];
    const canMove = legal.some((a) => a.seat === mark.seat && a.type === "mark");
    const unmark = legal.find((a) => a.seat === mark.seat && a.type === "unmark");
    const on = ctx.selected("pawn") === mark.seat && canMove;
    const pick = h("button", { type: "button", class: `of-pawn-pick${on ? " of-selected" : ""}`,
      disabled: !canMove, "aria-pressed": on ? "true" : "false", "data-focus": `pawn-${mark.seat}`,
      "data-pawn": mark.seat, onClick: (event) => {
        if (wasDragged(event.currentTarget)) return;
        ctx.select("pawn", on ? null : mark.seat);
        redraw();
      } }, pawnSwatch(seat.colour, `${capitalize(seat.colour)} pawn`),
    on ? `Now click a space for ${name}` : `Place ${name}`);
    if (canMove) makeDraggable(pick, mark.seat, envelope, ctx, getBoard);
    return h("li", {}, pick,
      h("span", { class: "of-where" }, mark.space ? `on ${spaceLabel(view.board, mark.space)}` : "off the board"),
      unmark ? h("button", { type: "button", class: "of-unmark", "data-focus": `unmark-${mark.seat}`,
        onClick: () => ctx.act(unmark) }, "Take off") : null);
  });
  const hint = legal.length ? "Click a pawn, then a space (or drag it there)."
    : "You can move them when it is your turn to choose.";
  return h("section", { class: "of-panel of-tray", "aria-label": "Your private pawns" },
    h("h3", {}, "Where you think they are (only you see this)"), h("p", { class: "of-note" }, hint),
    h("ul", {}, rows));
}

/** The marked pawns drawn on the board; a legal one can be picked up or dragged again. */
export function markedPawns(view, names) {
  if (!view.marks) return [];
  return view.marks.filter((m) => m.space && parseSpace(m.space)).map((m) => ({
    seat: m.seat, colour: view.seats[m.seat].colour, space: m.space, guess: true,
    label: `You think ${names[m.seat]} is here`,
  }));
}

// ----------------------------------------------------------------------------- the guesses

/** The predator's guess form: one button per prey animal the server allows for this player. */
export function guessForm(view, envelope, ctx, names) {
  const guesses = envelope.legal_actions.filter((a) => a.type === "guess");
  if (!guesses.length) return null;
  const seat = guesses[0].seat;
  const byAnimal = new Map(view.animals.map((card) => [card.animal, card]));
  // Docked like the hand: the guess is the decision now, and there is no hand left.
  return h("section", { class: "of-panel of-guess table-dock", "aria-label": "Guess an identity" },
    h("h3", {}, `Which prey animal is ${names[seat]}?`),
    h("div", { class: "of-guess-options" }, guesses.map((action) =>
      h("button", { type: "button", class: "of-guess-option", "data-animal": action.animal,
        "data-focus": `guess-${action.animal}`, onClick: () => ctx.act(action) },
      h("strong", {}, capitalize(action.animal)),
      h("span", {}, byAnimal.get(action.animal)?.diet ? `eats ${byAnimal.get(action.animal).diet}` : "")))));
}
