// Ability help: every card and token with an ability explains itself in the rules page's own
// words (games/help/<game-id>.json, checked against app/rules/<game-id>.md by a test). A
// renderer marks an element with explain(el, gameId, key); the text then shows as a tooltip on
// hover, on keyboard focus and on a long press (touch), never after a plain tap or click (that
// is a move), and screen readers read it as the element's description (aria-describedby -> one
// role="tooltip" element per ability). It closes when the pointer leaves, on a tap elsewhere
// and on Escape, and it is never placed over the status bar (the prompt and its buttons).

import { h } from "../../js/dom.js";

const LONG_PRESS_MS = 500;
const loaded = new Map(); // game id -> {title, entries: Map(key -> entry)}

/** Fetch a game's help once (the match page awaits it before its first drawing). */
export async function loadHelp(gameId) {
  if (loaded.has(gameId)) return loaded.get(gameId);
  let help = { title: "", entries: new Map() };
  try {
    const response = await fetch(new URL(`../help/${gameId}.json`, import.meta.url));
    if (response.ok) {
      const data = await response.json();
      help = { title: data.title, entries: new Map(data.entries.map((entry) => [entry.key, entry])) };
    }
  } catch {
    // No help for this game (a new game without its file yet): the table works without it.
  }
  loaded.set(gameId, help);
  return help;
}

function tooltipId(gameId, key) {
  return `help-${gameId}-${String(key).replace(/[^a-z0-9-]/gi, "_")}`;
}

/** The role="tooltip" element of one ability, made once and kept outside the table. */
function tooltipFor(gameId, entry) {
  const id = tooltipId(gameId, entry.key);
  let tip = document.getElementById(id);
  if (!tip) {
    tip = h("div", { class: "help-tip", id, role: "tooltip", hidden: true },
      h("strong", { class: "help-tip-name" }, entry.name), " ", h("span", {}, entry.text));
    tooltipLayer().append(tip);
  }
  return tip;
}

function tooltipLayer() {
  let layer = document.getElementById("help-tips");
  if (!layer) {
    layer = h("div", { id: "help-tips", class: "help-tips" });
    document.body.append(layer);
    watchTargets();
  }
  return layer;
}

/** The help entry for `key` in `gameId`, or null. */
export function helpEntry(gameId, key) {
  const help = loaded.get(gameId);
  return (help && key !== null && key !== undefined && help.entries.get(String(key))) || null;
}

// Elements the keyboard reaches by themselves: they need no tab stop of their own.
const NATIVELY_FOCUSABLE = "button, a[href], input, select, textarea, summary";

/**
 * Give `el` its ability's help (if the game has some for `key`): described by the tooltip and
 * reachable by the keyboard. A card or token that is not a move right now (an opponent's card,
 * the trick, the decree, a token on the board) becomes a plain tab stop (tabindex=0) so its
 * help shows on focus too; it gets no role and no click: it is something to read, not a move.
 * A disabled button cannot take focus: give its help to a wrapper (see `explainWrapped`).
 * Returns `el`.
 */
export function explain(el, gameId, key) {
  const entry = helpEntry(gameId, key);
  if (!el || !entry) return el;
  const tip = tooltipFor(gameId, entry);
  const described = (el.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
  if (!described.includes(tip.id)) el.setAttribute("aria-describedby", [...described, tip.id].join(" "));
  el.dataset.help = tip.id;
  if (!el.matches(NATIVELY_FOCUSABLE) && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  if (el.getAttribute("title") === entry.name) el.removeAttribute("title"); // the tooltip says more
  return el;
}

/**
 * A button that is disabled now (a card you cannot play this turn) still explains itself: the
 * help goes on a wrapper that takes focus instead, while the button stays disabled. An enabled
 * button carries its own help, with no wrapper (one tab stop per card).
 */
export function explainWrapped(button, gameId, key) {
  if (!button.disabled || !helpEntry(gameId, key)) return explain(button, gameId, key);
  return explain(h("span", { class: "help-wrap" }, button), gameId, key);
}

/** The quick-reference panel: every ability of the game, folded by default. */
export function quickReference(gameId) {
  const help = loaded.get(gameId);
  if (!help || !help.entries.size) return null;
  return h("details", { class: "quick-ref panel", id: "quick-ref" },
    h("summary", {}, `Quick reference: ${help.title}`),
    h("dl", {}, [...help.entries.values()].map((entry) => [h("dt", {}, entry.name), h("dd", {}, entry.text)])));
}

/* ---------- showing a tooltip: hover, focus, long press; Escape hides it ---------- */

let shown = null; // {tip, target}
let pressTimer = null;
let swallowClick = false;

function show(target) {
  const tip = document.getElementById(target.dataset.help);
  if (!tip) return;
  if (shown && shown.tip !== tip) hide();
  tip.hidden = false;
  shown = { tip, target };
  place(tip, target);
}

function hide() {
  if (shown) shown.tip.hidden = true;
  shown = null;
}

// The element with keyboard focus, if it has help and was reached by the keyboard: a tap or a
// click also focuses a card, and that must not open its help (it is a move, not a question).
function keyboardFocused() {
  const active = document.activeElement;
  const target = active && active.closest && active.closest("[data-help]");
  return target && active.matches(":focus-visible") ? target : null;
}

/**
 * After a redraw: the table reuses its elements, so the one under a tooltip may now stand for
 * another card, or be gone. Show the help of what is there now (or of the focused element).
 */
export function syncHelp() {
  if (shown && shown.target.isConnected && shown.target.dataset.help) {
    show(shown.target);
    return;
  }
  hide();
  const focused = keyboardFocused();
  if (focused) show(focused);
}

// The top of the screen that the sticky status bar covers (the prompt and its buttons).
function coveredTop() {
  const bar = document.getElementById("match-status");
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

// Above the target when there is room below the status bar, else below it; kept inside the
// screen's width, and never over the status bar.
function place(tip, target) {
  const box = target.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const tipBox = tip.getBoundingClientRect();
  const left = Math.max(8, Math.min(box.left + box.width / 2 - tipBox.width / 2, window.innerWidth - tipBox.width - 8));
  const ceiling = coveredTop() + 8;
  const above = box.top - tipBox.height - 8;
  const below = Math.min(box.bottom + 8, window.innerHeight - tipBox.height - 8);
  const top = above >= ceiling ? above : Math.max(ceiling, below);
  tip.style.left = `${Math.round(left)}px`;
  tip.style.top = `${Math.round(top)}px`;
}

const helpTarget = (event) => event.target.closest && event.target.closest("[data-help]");

function watchTargets() {
  document.addEventListener("pointerover", (event) => {
    const target = helpTarget(event);
    if (target && event.pointerType !== "touch") show(target);
  });
  document.addEventListener("pointerout", (event) => {
    const target = helpTarget(event);
    if (target && shown && shown.target === target && !target.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", () => {
    const target = keyboardFocused();
    if (target) show(target);
    else if (!shown || !shown.target.matches(":hover")) hide();
  });
  document.addEventListener("focusout", (event) => {
    if (shown && shown.target === helpTarget(event)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  // A long press on a touch screen shows the help; its click is then not a move. A touch
  // anywhere else closes the help that is open.
  document.addEventListener("pointerdown", (event) => {
    const target = helpTarget(event);
    clearTimeout(pressTimer);
    if (shown && shown.target !== target) hide();
    if (!target || event.pointerType !== "touch") return;
    pressTimer = setTimeout(() => {
      swallowClick = true;
      show(target);
    }, LONG_PRESS_MS);
  });
  for (const type of /** @type {const} */ (["pointerup", "pointercancel", "pointermove"])) {
    document.addEventListener(type, (event) => {
      if (type !== "pointermove" || event.pointerType !== "touch" || Math.abs(event.movementX) + Math.abs(event.movementY) > 6) {
        clearTimeout(pressTimer);
      }
    });
  }
  document.addEventListener("click", (event) => {
    if (!swallowClick) {
      if (shown && !helpTarget(event)) hide();
      return;
    }
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  window.addEventListener("scroll", () => shown && place(shown.tip, shown.target), { passive: true });
}
