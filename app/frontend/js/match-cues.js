// What a player who cannot see the table is told, and where the keyboard focus goes.
//
// One polite live region speaks each change of the table once: the log's new lines (what just
// happened) and then the prompt, if it changed. The log and the prompt are not live regions
// themselves, so nothing is read twice. When the table opens and whenever it becomes your
// turn, focus moves to the prompt, which a screen reader then reads, so the message of that
// change leaves the prompt out. Focus is never taken from a player who is typing (the chat),
// and moving it never scrolls: the prompt is pinned in view already.

import { h } from "./dom.js";

// A burst of pushes (bots answer within ~50 ms) is one change for the ear: one message.
const QUIET_MS = 250;
// The log's lines of a change come a request later than the table: the message waits for them,
// so what happened and the prompt are told together, but never longer than this.
const LOG_WAIT_MS = 2000;
// A message names at most this many of the latest log lines: older ones are in the log.
const MAX_LINES = 4;
// Focus is moved to the prompt only from these places, or from the page itself (body, main):
// never out of the chat, the log or the panels.
const MOVABLE_FROM = "#table, #prompt, #actions, .outcome-slot";

export class MatchCues {
  constructor(layout) {
    this.layout = layout;
    this.region = h("div", { class: "sr-only", id: "match-cues", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    layout.main.prepend(this.region);
    // The log lines told so far: those up to this version (an entry's seq is the version its
    // action made; the lines of one action share it). Null until the table is first drawn:
    // what happened before the page opened is history, the prompt says where the table stands.
    this.toldUpTo = null;
    this.lines = [];
    this.spokenPrompt = null;
    this.wasMyTurn = false;
    this.opened = false;
    /** @type {number | undefined} */
    this.timer = undefined;
    this.version = -1; // the envelope drawn last
    /** @type {number | null} */
    this.waitUntil = null; // when the message stops waiting for the log
    new MutationObserver(() => this.logChanged()).observe(layout.log.list, { childList: true });
  }

  /** After each drawing: move focus if the turn came to this player, then speak the change. */
  drawn(envelope, myTurn) {
    const turnBegins = myTurn && !this.wasMyTurn;
    if ((!this.opened || turnBegins) && envelope.status === "active") this.focusPrompt();
    this.opened = true;
    this.toldUpTo ??= envelope.version;
    this.wasMyTurn = myTurn;
    this.version = envelope.version;
    this.schedule();
  }

  focusPrompt() {
    const active = document.activeElement;
    const free = !active || active === document.body || active === this.layout.main || active.closest(MOVABLE_FROM);
    if (free) this.layout.prompt.focus({ preventScroll: true });
  }

  /** New log lines, each told once (the log is reloaded whole at the end: seq tells). */
  logChanged() {
    if (this.toldUpTo === null) return;
    let newest = this.toldUpTo;
    for (const item of this.layout.log.list.querySelectorAll("li[data-seq]")) {
      const seq = Number(item.dataset.seq);
      if (seq <= this.toldUpTo) continue;
      this.lines.push(lineText(item));
      newest = Math.max(newest, seq);
    }
    this.toldUpTo = newest;
    this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    this.waitUntil ??= Date.now() + LOG_WAIT_MS;
    this.timer = setTimeout(() => this.speak(), QUIET_MS);
  }

  speak() {
    if (this.layout.log.loadedVersion < this.version && Date.now() < (this.waitUntil ?? 0)) {
      this.timer = setTimeout(() => this.speak(), QUIET_MS); // the log is a request behind
      return;
    }
    this.waitUntil = null;
    const prompt = this.layout.prompt.querySelector("#prompt-text");
    const promptText = prompt ? prompt.textContent.trim() : "";
    const parts = this.lines.slice(-MAX_LINES).map(sentence);
    this.lines = [];
    const promptFocused = this.layout.prompt.contains(document.activeElement);
    if (promptText && promptText !== this.spokenPrompt && !promptFocused) parts.push(sentence(promptText));
    this.spokenPrompt = promptText;
    if (parts.length) this.region.textContent = parts.join(" ");
  }
}

function lineText(item) {
  const copy = item.cloneNode(true);
  for (const badge of copy.querySelectorAll(".badge")) badge.remove();
  return copy.textContent.trim();
}

function sentence(text) {
  return /[.!?:…]$/.test(text) ? text : `${text}.`;
}
