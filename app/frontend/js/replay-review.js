// The replay's review panel: a seat's decisions weighed by the game's expert search from what
// that seat knew (POST/GET /matches/{id}/reviews/{seat}, worked out by the server's review
// worker while this page polls its progress). It lists the costliest decisions (each jumps to
// its step), every decision, and at a step where the seat chose: the move made, its expected
// result, the best alternative, the flag, and a practice table played on from there.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { defaultLabel } from "./match-fallback.js";
import { identity } from "./identity.js";
import { toast } from "./ui.js";

const POLL_MS = 800;
const COSTLIEST = 5;
const FLAG_WORDS = { mistake: "Mistake", inaccuracy: "Inaccuracy" };

/** An expected result in [0, 1] as players read it. */
function percent(value) {
  return `${Math.round(value * 100)}%`;
}

export class ReviewPanel {
  /**
   * `options`: matchId, first (a replay step, for the seats' names), go(n) to show step n,
   * label(action, seat) to word an action as the game's renderer does.
   */
  constructor(options) {
    this.options = options;
    this.base = `/matches/${encodeURIComponent(options.matchId)}/reviews`;
    this.seats = options.first.spectator.seats;
    this.seat = this.defaultSeat();
    this.review = null; // the finished review of this.seat, once there
    this.shown = null; // the replay step on screen
    this.timer = undefined;
    this.select = this.seatSelect();
    this.ask = h("button", { id: "review-ask", class: "small", onclick: () => this.request() }, "Review these decisions");
    this.status = h("p", { id: "review-status", class: "muted", role: "status" });
    this.decision = h("div", { id: "review-decision", class: "review-decision" });
    this.costliest = h("div", { id: "review-costliest" });
    this.list = h("details", { id: "review-all", class: "review-all" });
    this.node = h("section", { class: "panel replay-review", id: "review", "aria-label": "Review" },
      h("h2", {}, "Review"),
      h("p", { class: "muted" }, "Each decision weighed by the expert bot from what that player knew then: ",
        "never the hidden cards. Expected results are the bot's estimate, 0% to 100%."),
      h("div", { class: "row review-ask" }, h("label", { for: "review-seat" }, "Player"), this.select, this.ask),
      this.status, this.decision, this.costliest, this.list);
    this.load();
  }

  /** The caller's own seat if they played, else the first. */
  defaultSeat() {
    const me = identity();
    const mine = me ? this.seats.findIndex((seat) => seat.player_id === me.id) : -1;
    return Math.max(0, mine);
  }

  seatSelect() {
    const select = h("select", { id: "review-seat", "aria-label": "Whose decisions" },
      this.seats.map((seat, index) => h("option", { value: String(index) }, seat.name || `Seat ${index + 1}`)));
    select.value = String(this.seat);
    select.addEventListener("change", () => {
      this.seat = Number(select.value);
      this.load();
    });
    return select;
  }

  /* ---------- the server's review ---------- */

  async load() {
    this.stopPolling();
    this.review = null;
    this.clearResults();
    try {
      this.update(await api(`${this.base}/${this.seat}`));
    } catch (failure) {
      this.say(failure.message);
    }
  }

  async request() {
    this.ask.disabled = true;
    try {
      this.update(await api(`${this.base}/${this.seat}`, { method: "POST" }));
    } catch (failure) {
      this.ask.disabled = false;
      toast(failure.code === "auth/missing" ? "Pick a name on the home page to ask for a review." : failure.message, "error");
    }
  }

  update(answer) {
    if (answer.seat !== this.seat) return; // an answer about a seat no longer chosen
    this.node.dataset.status = answer.status;
    this.ask.hidden = answer.status !== "none" && answer.status !== "failed";
    this.ask.disabled = false;
    if (answer.status === "done") {
      this.showReview(answer.review);
      return;
    }
    if (answer.status === "failed") {
      this.say(`The review failed: ${answer.error || "try again."}`);
      return;
    }
    if (answer.status === "none") {
      this.say("Nobody has asked for this review yet.");
      return;
    }
    this.say(answer.total ? `Weighing decisions: ${answer.done} of ${answer.total}…` : "Waiting for the review to start…");
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  async poll() {
    try {
      this.update(await api(`${this.base}/${this.seat}`));
    } catch (failure) {
      this.say(failure.message);
    }
  }

  stopPolling() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  say(text) {
    replace(this.status, text);
  }

  clearResults() {
    replace(this.decision);
    replace(this.costliest);
    replace(this.list);
  }

  /* ---------- the review on screen ---------- */

  showReview(review) {
    this.review = review;
    const count = review.decisions.length;
    this.say(`${count} decision${count === 1 ? "" : "s"} weighed: ${review.mistakes} mistake${review.mistakes === 1 ? "" : "s"}, `
      + `${review.inaccuracies} inaccurac${review.inaccuracies === 1 ? "y" : "ies"}. A mistake costs at least `
      + `${percent(review.thresholds.mistake)}, an inaccuracy ${percent(review.thresholds.inaccuracy)} `
      + `(${review.thresholds.scale}).`);
    this.showCostliest(review);
    this.showList(review);
    this.showStep(this.shown);
  }

  showCostliest(review) {
    const worst = review.decisions.filter((d) => d.flag).sort((a, b) => b.cost - a.cost).slice(0, COSTLIEST);
    replace(this.costliest,
      h("h3", {}, "Costliest decisions"),
      worst.length
        ? h("ol", { class: "review-costliest" }, worst.map((d) => h("li", {}, this.jumpButton(d, "review-jump"))))
        : h("p", { class: "muted" }, "No decision was flagged: well played."));
  }

  showList(review) {
    replace(this.list,
      h("summary", {}, `Every decision (${review.decisions.length})`),
      h("ol", { class: "review-list" }, review.decisions.map((d) => h("li", { dataset: { step: String(d.step) } },
        this.jumpButton(d, "review-row"),
        " ", d.best_value > d.value
          ? `expected ${percent(d.value)}; best found: ${this.word(d.best)}, ${percent(d.best_value)}`
          : `expected ${percent(d.value)}: the best found`))));
  }

  jumpButton(decision, kind) {
    const flag = decision.flag ? `${FLAG_WORDS[decision.flag]}: ` : "";
    return h("button", {
      class: `link-button ${kind}`, type: "button", dataset: { step: String(decision.step), flag: decision.flag || "" },
      onclick: () => this.options.go(decision.step),
    }, `Step ${decision.step}: ${flag}${this.word(decision.made)}`);
  }

  word(action) {
    try {
      return this.options.label(action, this.seat);
    } catch {
      return defaultLabel(action);
    }
  }

  /** Called by the replay for every step it shows: the decision taken there, if any. */
  showStep(step) {
    this.shown = step;
    const decision = this.review && this.review.decisions.find((d) => d.step === step);
    if (!decision) {
      replace(this.decision, this.review ? h("p", { class: "muted" }, "No decision of this player at this step: "
        + "pick one in the lists below, or step on.") : null);
      return;
    }
    const who = this.seats[this.seat].name || `Seat ${this.seat + 1}`;
    const best = decision.best_value > decision.value;
    replace(this.decision,
      h("dl", { class: "review-facts", dataset: { flag: decision.flag || "" } },
        h("dt", {}, `${who} played`), h("dd", { id: "review-made" }, `${this.word(decision.made)} — expected ${percent(decision.value)}`),
        h("dt", {}, "Best found"), h("dd", { id: "review-best" },
          best ? `${this.word(decision.best)} — expected ${percent(decision.best_value)}` : "The move played"),
        h("dt", {}, "Verdict"), h("dd", { id: "review-flag" },
          decision.flag ? `${FLAG_WORDS[decision.flag]} (costs ${percent(decision.cost)})` : "Fine")),
      decision.actor === "player" ? null : h("p", { class: "muted" }, `A ${decision.actor === "bot" ? "bot" : "timer"} chose for the seat here.`),
      h("button", { id: "review-practice", class: "small", onclick: () => this.practice(decision) },
        "Play on from here against the bot"));
  }

  async practice(decision) {
    try {
      const table = await api(`${this.base}/${this.seat}/practice`, { method: "POST", body: { step: decision.step } });
      location.href = `/match/${encodeURIComponent(table.match_id)}`;
    } catch (failure) {
      toast(failure.code === "auth/missing" ? "Pick a name on the home page to play." : failure.message, "error");
    }
  }
}
