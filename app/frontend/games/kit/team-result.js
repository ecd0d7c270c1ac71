// The result of a team game (the Duet's two partners, Fox on the Run's factions): one row per
// team, in place of the page's per-player score table, which would list scores of zero.

import { h } from "../../js/dom.js";

/** rows: [{team, members, score?, won}] -> the table shown on the outcome screen. */
export function teamResultTable(rows) {
  const scored = rows.some((row) => row.score !== undefined && row.score !== null);
  return h("table", { class: "data outcome-scores team-result", id: "team-result" },
    h("caption", { class: "sr-only" }, "Team result"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Team"), h("th", { scope: "col" }, "Players"),
      scored ? h("th", { scope: "col" }, "Score") : null, h("th", { scope: "col" }, "Result"))),
    h("tbody", {}, rows.map((row) => h("tr", { class: row.won ? "winner" : "" },
      h("th", { scope: "row" }, row.team),
      h("td", {}, row.members),
      scored ? h("td", {}, String(row.score ?? "")) : null,
      h("td", {}, row.won ? "Won" : "Lost")))));
}
