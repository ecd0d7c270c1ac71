// A Duet card on the table: the shared card drawing (../cards.js) with the ability's short name
// printed on it, and its help on hover, focus or a long press.

import { h } from "../../js/dom.js";
import { cardBox, cardFace } from "../cards.js";
import { explain } from "../kit/help.js";

/** The game id: its help texts and its stylesheet are found by it. */
export const ID = "fox-in-the-forest-duet";

// Short names printed on the cards (the view carries the long ones for titles).
const SHORT = { 1: "Way", 3: "Decree", 5: "Paws", 7: "Swap", 9: "Free" };

function face(card) {
  return cardFace(card, card.ability ? `#${card.rank} ${SHORT[card.rank] || ""}`.trim() : null);
}

/** A card on the table: drawn, and explained on hover, focus or a long press if it has an ability. */
export function box(card, attrs) {
  return explain(cardBox(face(card), attrs), ID, card.ability ? String(card.rank) : null);
}

// Cards the viewer knows of without seeing them; nothing is drawn when there are none.
export function knownRow(caption, cards) {
  if (!cards || !cards.length) return null;
  return h("div", { class: "duet-known" }, h("span", { class: "duet-caption" }, caption),
    h("div", { class: "fx-row fx-small" }, cards.map((c) => box(c, { "data-card": c.id }))));
}
