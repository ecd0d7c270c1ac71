// The end of a Duet: the partners win or lose together and score as one. The outcome screen's
// scoring table with every hidden card revealed, its title, and the one-row team result.

import { h } from "../../js/dom.js";
import { seatName } from "../cards.js";
import { ensureStyles } from "../kit/styles.js";
import { teamResultTable } from "../kit/team-result.js";
import { counted } from "../kit/words.js";
import { box, ID } from "./cards.js";

export function outcome(envelope, ctx = {}) {
  ensureStyles(ID);
  const view = envelope.view;
  const detail = ending(envelope);
  const rows = detail.result === "won"
    ? [["Level points", detail.level_points], ["Cards left in hand", detail.card_points],
      ["Won in round 2", detail.round_two_bonus], ["Unused forest tokens", detail.forest_token_points]]
    : [["Gems collected", detail.gems_collected], ["Gems left on the board", detail.gems_left]];
  const reveal = view.reveal || { hands: [], draw_pile: [] };
  const pile = (title, cards) => (cards && cards.length
    ? h("div", { class: "duet-reveal" }, h("span", { class: "duet-caption" }, title),
      h("div", { class: "fx-row fx-small" }, cards.map((c) => box(c)))) : null);
  return h("div", { class: "fx-table duet duet-outcome" },
    h("table", { class: "duet-score" },
      h("tbody", {}, rows.map(([name, value]) => h("tr", {}, h("th", {}, name), h("td", {}, String(value ?? 0)))),
        h("tr", {}, h("th", {}, "Total"), h("td", {}, String(detail.total ?? 0))))),
    reveal.hands.map((hand, seat) => pile(`${seatName(envelope, ctx, seat)} held`, hand)),
    pile("The draw pile", reveal.draw_pile));
}

function ending(envelope) {
  return envelope.view.outcome || (envelope.outcome && envelope.outcome.detail) || {};
}

/** The outcome screen's title: the partners win or lose together, and score as one. */
export function headline(envelope) {
  const detail = ending(envelope);
  const points = counted(detail.total ?? 0, "point");
  return detail.result === "won" ? `The team wins! ${points}.` : `The team loses: ${points}.`;
}

/** One team, one result: the partners win or lose together. */
export function teamOutcome(envelope, ctx = {}) {
  const detail = ending(envelope);
  const members = (envelope.seats || []).map((seat) => seatName(envelope, ctx, seat.seat)).join(" and ");
  return teamResultTable([{ team: "The team", members, score: detail.total ?? 0, won: detail.result === "won" }]);
}
