// The end screen's rating changes: "Ada +34 → 1534" for each seat of a rated match, on the
// display scale (docs/ratings.md). The match summary carries them once the match is settled,
// which the server does before the final envelope goes out; an unrated match has none, and
// the section stays empty. The outcome is redrawn on every envelope: one fetch per match.

import { api } from "./api.js";
import { h, replace } from "./dom.js";

const fetched = new Map(); // match id -> {promise, changes}

/** "+34", "−18", "±0": a change as players read it. */
export function signedChange(value) {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return "±0";
}

function load(matchId) {
  if (!fetched.has(matchId)) {
    /** @type {{ changes: any[] | null | undefined, promise: Promise<void> | null }} */
    const entry = { changes: undefined, promise: null };
    entry.promise = api(`/matches/${encodeURIComponent(matchId)}`)
      .then((summary) => { entry.changes = summary.rating_changes || null; })
      .catch(() => { entry.changes = null; }); // no changes shown beats an error on the end screen
    fetched.set(matchId, entry);
  }
  return fetched.get(matchId);
}

function fill(holder, changes, names, mySeat) {
  if (!changes || !changes.length) return;
  replace(holder,
    h("h3", {}, "Ratings"),
    h("ul", { class: "outcome-ratings-list" }, changes.map((change) => {
      const direction = change.change > 0 ? "up" : change.change < 0 ? "down" : "same";
      return h("li", { class: change.seat === mySeat ? "mine" : "", dataset: { seat: String(change.seat) } },
        h("span", { class: "outcome-ratings-name" }, names[change.seat] || `Seat ${change.seat + 1}`),
        h("span", { class: `rating-delta ${direction}` }, signedChange(change.change)),
        " → ",
        h("span", { class: "rating-after", title: `Rating before: ${change.before}` }, String(change.after)));
    })));
}

/** The section, filled as soon as the match's changes are known (at once after the first fetch). */
export function ratingChangesSection(envelope, names) {
  const holder = h("div", { class: "outcome-ratings", id: "outcome-ratings", "aria-live": "polite" });
  if (envelope.status !== "finished") return holder;
  const entry = load(envelope.match_id);
  if (entry.changes !== undefined) fill(holder, entry.changes, names, envelope.seat);
  else entry.promise.then(() => fill(holder, entry.changes, names, envelope.seat));
  return holder;
}
