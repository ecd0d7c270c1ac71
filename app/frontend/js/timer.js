// The turn timer of a table: a few friendly choices, from fast play to days for slow play, and
// slow clocks (a time per move and a time bank, stopped outside each player's playing hours).

import { h } from "./dom.js";

const CHOICES = [
  [0, "No timer"],
  [30, "30 seconds a move"],
  [60, "1 minute a move"],
  [120, "2 minutes a move"],
  [300, "5 minutes a move"],
  [86400, "1 day a move (slow play)"],
  [259200, "3 days a move (slow play)"],
  ["slow:43200:86400", "Slow: 12 hours a move + 1 day bank"],
  ["slow:86400:259200", "Slow: 1 day a move + 3 days bank"],
  ["slow:259200:604800", "Slow: 3 days a move + 7 days bank"],
];
const DAY = 86400;

/** A labelled select; `seconds` is the current timer (null or 0: none), `slow` the table's
 * slow clock (null: none). `body()` is what the lobby routes take: turn_seconds and slow_clock. */
export function timerField(id, seconds, slow = null) {
  const current = slow ? slowKey(slow) : seconds || 0;
  const known = CHOICES.some(([value]) => value === current);
  const choices = known ? CHOICES : [...CHOICES, [current, slow ? describeSlow(slow) : describeTimer(current)]];
  const select = h("select", { id },
    choices.map(([value, label]) => h("option", { value: String(value), selected: value === current }, label)));
  const node = h("div", { class: "field" },
    h("label", { for: id }, "Turn timer"), select,
    h("p", { class: "hint" }, "When it runs out a bot decides for you; after a few misses it keeps your seat until you reclaim it. "
      + "A slow clock stops outside each player's playing hours and on vacation (set them on the account page)."));
  const slowClock = () => {
    const [kind, move, bank] = select.value.split(":");
    return kind === "slow" ? { move_seconds: Number(move), bank_seconds: Number(bank) } : null;
  };
  const value = () => (slowClock() ? 0 : Number(select.value));
  return { node, value, body: () => ({ turn_seconds: value(), slow_clock: slowClock() }) };
}

function slowKey(slow) {
  return `slow:${slow.move_seconds}:${slow.bank_seconds}`;
}

/** "1 day a move + 3 days bank (slow)". */
export function describeSlow(slow) {
  return `${span(slow.move_seconds)} a move + ${span(slow.bank_seconds)} bank (slow)`;
}

/** A lobby's clock in words: its slow clock or its turn timer. */
export function describeClock(lobby) {
  return lobby.slow_clock ? describeSlow(lobby.slow_clock) : describeTimer(lobby.turn_seconds);
}

function span(seconds) {
  if (seconds % DAY === 0) return `${seconds / DAY} day${seconds === DAY ? "" : "s"}`;
  return `${Math.round(seconds / 3600)} hours`;
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
