// The two players: your partner at the top (card backs and what is known of them), you docked
// at the bottom (your hand, paw prints on every card); each with a bar: who acts, who leads.

import { h } from "../../js/dom.js";
import { backsRow, findAction, handRow, makeTarget, seatName, suitName } from "../cards.js";
import { box, knownRow } from "./cards.js";
import { label } from "./words.js";

// What clicking a card in your hand does, per phase.
const HAND_ACTIONS = { play: "play", exchange_decree: "exchange_decree", pass_cards: "pass_card" };

/** You (seat 0 for an onlooker) and your partner. */
export function seats(envelope) {
  const me = envelope.seat === null || envelope.seat === undefined ? 0 : envelope.seat;
  return { me, partner: 1 - me };
}

function playerBar(envelope, seat, who) {
  const view = envelope.view;
  const turn = (envelope.to_act || []).includes(seat);
  return h("div", { class: ["duet-bar", turn && "duet-turn"] },
    h("span", { class: "duet-name" }, who),
    turn ? h("span", { class: "duet-badge" }, "to act") : null,
    view.leader === seat && view.phase === "play" ? h("span", { class: "duet-badge duet-lead" }, "leads") : null,
    h("span", { class: "duet-tricks", "data-tricks": view.tricks_won[seat] }, `Tricks: ${view.tricks_won[seat]}`));
}

export function partnerBlock(envelope, ctx) {
  const view = envelope.view;
  const { partner } = seats(envelope);
  const voids = view.voids[partner] || [];
  const count = view.hand_counts[partner];
  return h("section", { class: "duet-partner", "aria-label": "Partner" },
    playerBar(envelope, partner, seatName(envelope, ctx, partner)),
    backsRow(count, count === 1 ? "card in hand" : "cards in hand"),
    knownRow("Known in their hand", view.known_in_hands[partner]),
    voids.length ? h("span", { class: "duet-note" }, `Has no ${voids.map(suitName).join(", no ")}`) : null);
}

// Onlookers after a 7: cards everyone saw go into a hand, now in one of the two, not known which.
export function eitherHandBlock(view) {
  return knownRow("In one of the two hands", view.known_in_either_hand);
}

export function handBlock(envelope, ctx) {
  const view = envelope.view;
  const { me } = seats(envelope);
  const seated = envelope.seat !== null && envelope.seat !== undefined;
  const type = HAND_ACTIONS[view.phase];
  const cards = view.hand.map((card) => {
    const el = box(card, { "data-card": card.id, title: card.name });
    const action = type ? findAction(envelope, type, "card", card.id) : null;
    if (action) return makeTarget(el, action, ctx, label(action, envelope, ctx));
    if ((envelope.legal_actions || []).length) el.classList.add("fx-dim");
    return el;
  });
  return h("section", { class: "duet-you table-dock", "aria-label": "Your hand" },
    playerBar(envelope, me, seated ? `You (${seatName(envelope, ctx, me)})` : seatName(envelope, ctx, me)),
    seated ? handRow(cards) : backsRow(view.hand_counts[me], "cards in hand"),
    seated ? null : knownRow("Known in their hand", view.known_in_hands[me]));
}
