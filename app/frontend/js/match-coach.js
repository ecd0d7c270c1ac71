// The coach of a guided match ("Learn to play"): a panel in the status bar with the script's line
// for the moment, a highlight on the element of the table it is about and on the move asked
// for, and the offer of a real match at the end. The script lives beside each engine
// (app/games/<game>/tutorial.py); GET /api/v1/tutorials/{id} says where the match stands in it.
// The script does not branch: another legal move gets the coach's hint instead of being sent.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { startRealMatch, whileBusy } from "./learn.js";
import { canonicalAction, markCoach } from "../games/kit/coach-marks.js";

/** Whether a match is a guided one: its bot seats play the script. */
export function isGuided(summary) {
  return summary.seats.some((seat) => seat.bot === "tutorial");
}

export class Coach {
  constructor(matchId, game, resized) {
    this.matchId = matchId;
    this.game = game;
    this.resized = resized; // the status bar's height changes with the line: the page re-measures
    this.step = null; // the coach's answer for `version`
    this.version = -1;
    this.asking = null; // the version being asked about
    this.dismissed = false;
    this.line = h("p", { class: "coach-line", id: "coach-line" });
    this.hint = h("p", { class: "coach-hint", id: "coach-hint", hidden: true });
    this.progress = h("span", { class: "coach-progress", id: "coach-progress" });
    this.end = h("div", { class: "coach-end row", id: "coach-end", hidden: true });
    // One polite live region: the line and the hint are read as they change, never the buttons.
    // tabindex: on a phone the words scroll inside it, and a keyboard must reach them too.
    this.spoken = h("div", { class: "coach-words", "aria-live": "polite", tabindex: "0" }, this.line, this.hint);
    this.node = h("section", { class: "coach", id: "coach", "aria-labelledby": "coach-title", dataset: { step: "" } },
      h("div", { class: "coach-head" }, h("h2", { class: "coach-title", id: "coach-title" }, "Coach"), this.progress,
        this.folder()),
      this.spoken, this.end);
  }

  /** On a small screen the words may be folded away to give the board room (the hint still shows). */
  folder() {
    const button = h("button", { class: "link-button coach-fold", id: "coach-fold", type: "button",
      "aria-expanded": "true", "aria-controls": "coach-line" }, "Hide");
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      button.textContent = open ? "Hide" : "Show";
      this.line.hidden = !open;
      this.resized();
    });
    return button;
  }

  /** A new envelope is on the table: ask where the script stands (once per version). */
  async drawn(envelope, layout) {
    this.highlight(layout);
    if (envelope.seat === null || envelope.version === this.version || envelope.version === this.asking) return;
    this.asking = envelope.version;
    let step;
    try {
      step = await api(`/tutorials/${encodeURIComponent(this.matchId)}`);
    } catch (failure) {
      this.say(`The coach could not be reached: ${failure.message}`);
      return;
    } finally {
      if (this.asking === envelope.version) this.asking = null;
    }
    if (envelope.version < this.version) return; // a slower answer for an older table
    this.step = step;
    this.version = envelope.version;
    // Which table the coach's words are for: a move is sent only once it has read the one on
    // screen (`allows`), and tests wait on it rather than on the words alone.
    this.node.dataset.version = String(envelope.version);
    this.hint.hidden = true;
    this.render();
    this.highlight(layout);
    this.resized();
  }

  render() {
    const step = this.step;
    this.node.dataset.step = step.finished ? "done" : step.step === null ? "left" : String(step.step);
    this.progress.textContent = step.finished || step.step === null ? "" : `Step ${step.step + 1} of ${step.steps}`;
    if (step.finished || step.step === null) {
      this.say(step.finished ? [step.said, step.farewell].filter(Boolean).join(" ")
        : "You left the lesson's moves, so the coach goes quiet: the bot plays on by itself.");
      this.offer();
      return;
    }
    const before = [step.greeting && step.welcome, step.said].filter(Boolean).join(" ");
    const now = step.asked ? step.coach : "The bot moves next…";
    this.say([before, now].filter(Boolean).join(" "));
    this.end.hidden = true;
  }

  say(text) {
    if (this.line.textContent === text) return;
    this.line.textContent = text;
    // On a phone the words scroll: the newest sentence (what to do now) is at the end.
    this.spoken.scrollTop = this.spoken.scrollHeight;
  }

  /** The lesson is over: a real match against a bot, or play this one on. */
  offer() {
    if (this.dismissed) return;
    this.end.hidden = false;
    if (this.end.childElementCount) return;
    const error = h("p", { class: "form-error", role: "alert" });
    const real = h("button", { class: "primary", id: "coach-real-match", type: "button" }, "Play a real match against a bot");
    real.addEventListener("click", () => whileBusy(real, error, () => startRealMatch(this.game)));
    const stay = h("button", { type: "button", id: "coach-dismiss" }, "Close the coach");
    stay.addEventListener("click", () => {
      this.dismissed = true;
      this.node.hidden = true;
      this.resized();
    });
    replace(this.end, real, stay, error);
  }

  /**
   * May `action` be sent? Only the move the script asks for, and only once the coach knows the
   * table on screen; anything else gets the hint and stays unsent.
   */
  allows(action, envelope) {
    const step = this.step;
    if (step && (step.finished || step.step === null)) return true;
    if (!step || this.version !== envelope.version) {
      this.nudge("One moment: the coach is reading the table.");
      return false;
    }
    if (!step.asked) {
      this.nudge("Wait a moment: the bot moves first.");
      return false;
    }
    if (canonicalAction(step.asked) === canonicalAction(action)) return true;
    this.nudge(`Not this one, for this lesson. ${step.coach}`);
    return false;
  }

  nudge(text) {
    this.hint.textContent = text;
    this.hint.hidden = false;
    this.resized();
  }

  /** Mark what the line is about on the table, and the move it asks for wherever it is offered. */
  highlight(layout) {
    const step = this.step;
    const live = step && !step.finished && step.step !== null && !this.node.hidden;
    markCoach(layout.main, layout.table, live ? step.points_at : "", live ? step.asked : null);
  }
}
