// The turn timer of a table: a few friendly choices, from fast play to days for slow play.

import { h } from "./dom.js";

const CHOICES = [
  [0, "No timer"],
  [30, "30 seconds a move"],
  [60, "1 minute a move"],
  [120, "2 minutes a move"],
  [300, "5 minutes a move"],
  [86400, "1 day a move (slow play)"],
  [259200, "3 days a move (slow play)"],
];

/** A labelled select; `seconds` is the current timer (null or 0: none). */
export function timerField(id, seconds) {
  const current = seconds || 0;
  const known = CHOICES.some(([value]) => value === current);
  const choices = known ? CHOICES : [...CHOICES, [current, describeTimer(current)]];
  const select = h("select", { id },
    choices.map(([value, label]) => h("option", { value: String(value), selected: value === current }, label)));
  const node = h("div", { class: "field" },
    h("label", { for: id }, "Turn timer"), select,
    h("p", { class: "hint" }, "When it runs out a bot decides for you; after a few misses it keeps your seat until you reclaim it."));
  return { node, value: () => Number(select.value) };
}

export function describeTimer(seconds) {
  if (!seconds) return "No timer";
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? "" : "s"} a move`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"} a move`;
  return `${seconds} seconds a move`;
}

/** "Time left 1:05", or hours and days for slow play. */
export function timeLeft(seconds) {
  if (seconds >= 2 * 86400) return `Time left ${Math.floor(seconds / 86400)} days`;
  if (seconds >= 2 * 3600) return `Time left ${Math.floor(seconds / 3600)} h`;
  return `Time left ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
