// Playing by keyboard alone, at most three keys a move.
//
//   1 … 9, 0, then Q W E R T Y U I O P   focus your 1st … 20th playable card (the hand first;
//                                         else the table's targets, else the prompt's buttons)
//   ← → (or ↑ ↓)                          move between all your choices (prompt, then table)
//   Enter or Space                        choose it (the game's own handler sends the move)
//
// So a card is played with two keys: its number, then Enter. Keys are read by position
// (event.code), so they are the same on any keyboard layout, and they act only while the focus
// is on the table's side of the page: never while typing in the chat, nor in the log or tabs
// (whose arrow keys scroll and switch).

import { h } from "./dom.js";

const PICK_CODES = [..."1234567890"].map((d) => `Digit${d}`).concat([..."QWERTYUIOP"].map((l) => `Key${l}`));
const NUMPAD = Object.fromEntries([..."1234567890"].map((d) => [`Numpad${d}`, `Digit${d}`]));
const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
// A target the renderers make: a card or a space with role=button (cards.js makeTarget,
// oh-fox/dom.js activatable), or a real button on the table (a goal's Claim, a direction).
const TARGET = "[role=button][tabindex='0'], button:not([disabled])";
// Where the focus may be for the keys to act (or on the page itself: body, #main).
const KEY_SCOPE = "#table, #prompt, #actions, .outcome-slot";

export const KEYS_HELP = [
  ["1 … 9, 0, Q … P", "Pick your 1st … 20th playable card (with no card to play: the table's choices, else the prompt's buttons)"],
  ["← → ↑ ↓", "Move between the choices: the prompt's buttons, then the table's"],
  ["Enter or Space", "Choose the card, space or button that has focus"],
  ["Tab", "From the prompt to its buttons, then the table"],
  ["Escape", "Cancel a half-made choice; close a tooltip"],
];

/** Everything that can be chosen now, in reading order: the prompt's buttons, then the table's. */
export function allTargets({ prompt, table }) {
  return [...prompt.querySelectorAll("button:not([disabled])"), ...table.querySelectorAll(TARGET)].filter(shown);
}

/** The targets the pick keys number: the docked hand's cards, else the table's, else the prompt's. */
export function pickTargets({ prompt, table }) {
  const dock = table.querySelector(".table-dock");
  const hand = dock ? [...dock.querySelectorAll("[role=button][tabindex='0']")].filter(shown) : [];
  const onTable = [...table.querySelectorAll(TARGET)].filter(shown);
  return [hand, onTable, [...prompt.querySelectorAll("button:not([disabled])")].filter(shown)]
    .find((list) => list.length) || [];
}

function shown(el) {
  return el.getClientRects().length > 0 && !el.closest("[hidden], [aria-hidden='true']");
}

function inScope(target) {
  if (!target || target === document.body || target.id === "main") return true;
  if (target.matches("input, textarea, select, [contenteditable='true']")) return false;
  return Boolean(target.closest(KEY_SCOPE));
}

function focusTarget(el) {
  el.focus({ preventScroll: true });
  // Brought into view by hand, short of the sticky status bar and the dock (scroll-padding).
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/** Install the keys on the page; `parts` holds the live prompt and table elements. */
export function installKeys(parts) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !inScope(event.target)) return;
    const code = NUMPAD[event.code] || event.code;
    const pick = PICK_CODES.indexOf(code);
    if (pick >= 0 && !event.shiftKey) {
      const target = pickTargets(parts)[pick];
      if (target) {
        focusTarget(target);
        event.preventDefault();
      }
      return;
    }
    const step = STEPS[event.key];
    if (!step) return;
    const targets = allTargets(parts);
    if (!targets.length) return;
    const at = targets.indexOf(document.activeElement);
    const next = at < 0 ? (step > 0 ? 0 : targets.length - 1) : (at + step + targets.length) % targets.length;
    focusTarget(targets[next]);
    event.preventDefault();
  });
}

/** The keys, as a folded panel beside the table's quick reference. */
export function keysHelp() {
  return h("details", { class: "quick-ref panel keys-help", id: "keys-help" },
    h("summary", {}, "Keyboard: play without a mouse"),
    h("dl", {}, KEYS_HELP.map(([keys, what]) => [h("dt", {}, h("kbd", {}, keys)), h("dd", {}, what)])));
}
