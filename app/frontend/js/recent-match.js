// One row of a profile's recent matches: the game, against whom (linked to their profiles),
// when (relative, the exact time on hover and to screen readers), the result, the rating change.

import { h } from "./dom.js";

/** @type {Array<[Intl.RelativeTimeFormatUnit, number]>} */
const UNITS = [["year", 365 * 86400], ["month", 30 * 86400], ["week", 7 * 86400], ["day", 86400],
  ["hour", 3600], ["minute", 60]];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const absolute = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** "3 days ago", "yesterday", "just now": how long ago `date` was. */
export function ago(date, now = new Date()) {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** A <time> that reads "2 hours ago" and tells the exact date and time on hover. */
export function when(iso) {
  const date = new Date(iso);
  const exact = absolute.format(date);
  return h("time", { class: "recent-when", datetime: date.toISOString(), title: exact }, ago(date));
}

function opponentName(opponent) {
  return opponent.player_id
    ? h("a", { class: "recent-opponent", href: `/players/${encodeURIComponent(opponent.player_id)}` }, opponent.name)
    : h("span", { class: "recent-opponent recent-bot" }, opponent.name);
}

/** "against Ada, Bob and Standard bot 3", each player a link to their profile. */
export function against(opponents) {
  if (!opponents.length) return null;
  const parts = [];
  opponents.forEach((opponent, i) => {
    if (i > 0) parts.push(i === opponents.length - 1 ? " and " : ", ");
    parts.push(opponentName(opponent));
  });
  return h("span", { class: "recent-against" }, "against ", ...parts);
}
