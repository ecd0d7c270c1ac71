// The outcome: every identity revealed next to the predator's guesses, and the scoring table.

import { capitalize, h } from "./dom.js";
import { scrollingTable } from "../kit/wide-table.js";

const REASONS = {
  most_hearts: "with the most hearts",
  tie_break_last_trigger: "on the tie-break: last to play a first trigger card",
  tie_break_predator: "on the tie-break: the predator wins a tie",
  tie_break_fewest_attacks: "on the tie-break: attacked the fewest times",
  shared_tie: "tied after every tie-break: the win is shared",
};

const COLUMNS = [
  ["food", "Food eaten"], ["full_hunger", "3+ food"], ["home", "Home"], ["guessed_all", "All guessed"],
  ["attacks", "Attacks"], ["dominance", "Every prey attacked"], ["objectives", "Objectives"],
  ["hearts", "Hearts"], ["broken_hearts", "Broken hearts"], ["total", "Score"],
];

function cell(score, key) {
  if (key === "objectives") return score.objectives.length ? score.objectives.map(capitalize).join(", ") : "0";
  return String(score[key]);
}

function guessedAs(view, seat) {
  const guess = view.guesses.find((g) => g.seat === seat);
  if (!guess) return "-";
  const right = guess.animal === view.seats[seat].animal;
  return `${capitalize(guess.animal)} (${right ? "right" : "wrong"})`;
}

export function scoreTable(view, names) {
  const winners = new Set(view.winners || []);
  const reason = REASONS[view.reason] || "";
  return h("section", { class: "ohfox of-outcome", "aria-label": "Oh, Fox! scores" },
    h("p", {}, `${[...winners].map((s) => names[s]).join(" and ")} ${winners.size > 1 ? "win" : "wins"} ${reason}.`),
    // Thirteen columns: on a phone the table scrolls in the kit's box, a named tab stop, so a
    // keyboard can scroll it too (a bare overflow box was out of a keyboard's reach).
    scrollingTable(h("table", { class: "of-score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Animal"),
        h("th", { scope: "col" }, "Guessed as"), COLUMNS.map(([, title]) => h("th", { scope: "col" }, title)))),
      h("tbody", {}, view.scores.map((score) => h("tr", { class: winners.has(score.seat) ? "of-winner" : "" },
        h("th", { scope: "row" }, names[score.seat], winners.has(score.seat) ? " (winner)" : ""),
        h("td", {}, `${capitalize(score.animal)} (${score.role})`),
        h("td", {}, score.role === "prey" ? guessedAs(view, score.seat) : "-"),
        COLUMNS.map(([key]) => h("td", {}, cell(score, key))))))), "Scores of every player"));
}
