// What the path does not show, under it: level, round, trick, gems and forest tokens left, and
// the house rules in play.

import { h } from "../../js/dom.js";

export function statusStrip(view) {
  const item = (name, value, key) => h("span", { class: "duet-stat", "data-stat": key }, h("span", {}, name), h("strong", {}, String(value)));
  return h("div", { class: "duet-status" },
    item("Level", `${view.level} (side ${view.side})`, "level"),
    item("Round", `${view.round} / ${view.rounds}`, "round"),
    item("Trick", `${Math.min(view.trick, view.tricks_per_round)} / ${view.tricks_per_round}`, "trick"),
    item("Gems left", view.gems_on_board, "gems"),
    item("Gems taken", view.gems_collected, "collected"),
    item("Gem supply", view.gem_supply, "supply"),
    item("Forest tokens left", view.forest_tokens_left, "tokens"));
}

// House rules in play (the rulebook's own rules are not listed), so nobody is surprised.
export function houseRulesNote(view) {
  const rules = view.house_rules || [];
  if (!rules.length) return null;
  return h("p", { class: "duet-house", "data-house-rules": rules.length }, `House rule: ${rules.join("; ")}.`);
}
