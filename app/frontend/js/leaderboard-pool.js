// The leaderboard's rating pool: people (the default) or bot accounts, which are rated only
// among themselves (GET /api/v1/games/{id}/leaderboard?pool=people|bots). Kept in the address
// (?pool=bots) so a link shows the same board.

import { h } from "./dom.js";

const POOLS = { people: "People", bots: "Bot accounts" };

/** The pool named in the address, or "people". */
export function poolFromAddress() {
  const asked = new URLSearchParams(location.search).get("pool");
  return asked !== null && Object.hasOwn(POOLS, asked) ? asked : "people";
}

/** A choice of pool; `onChange(pool)` when another is picked (the address follows). */
export function poolField(current, onChange) {
  const select = h("select", { id: "board-pool" },
    Object.entries(POOLS).map(([value, text]) => h("option", { value, selected: value === current }, text)));
  select.addEventListener("change", () => {
    const url = new URL(location.href);
    url.searchParams.set("pool", select.value);
    history.replaceState(null, "", url);
    onChange(select.value);
  });
  return h("div", { class: "field" }, h("label", { for: "board-pool" }, "Rating pool"), select);
}
