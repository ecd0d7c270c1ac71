// The replay's controls: first / back / play-pause / forward / last, a slider over the steps,
// "jump to" a round (or phase, or turn), and the arrow keys. They call back into the page.

import { h, replace } from "./dom.js";

export class ReplayControls {
  /** `actions`: go(n) shows step n, toggle() starts or stops autoplay, step() is the step shown. */
  constructor(index, actions) {
    this.index = index;
    this.actions = actions;
    const button = (id, text, label, onclick) =>
      h("button", { id, class: "small", "aria-label": label, title: label, onclick }, text);
    this.first = button("replay-first", "|<", "First step", () => actions.go(0));
    this.back = button("replay-back", "< Back", "Back one move", () => actions.go(actions.step() - 1));
    this.play = button("replay-play", "Play", "Play the moves one after another", () => actions.toggle());
    this.forward = button("replay-forward", "Next >", "Next move", () => actions.go(actions.step() + 1));
    this.last = button("replay-last", ">|", "Last step", () => actions.go(index.steps));
    this.slider = h("input", { type: "range", id: "replay-slider", min: "0", max: String(index.steps), value: "0",
      "aria-label": "Step" });
    this.slider.addEventListener("input", () => actions.go(Number(this.slider.value)));
    this.label = h("span", { id: "replay-step", class: "replay-step", role: "status" });
    this.jump = this.marksSelect();
    this.node = h("div", { class: "panel replay-controls", role: "group", "aria-label": "Replay controls" },
      h("div", { class: "row" }, this.first, this.back, this.play, this.forward, this.last, this.label),
      h("div", { class: "row" }, this.slider, this.jump));
    document.addEventListener("keydown", (event) => this.key(event));
  }

  marksSelect() {
    if (this.index.marks.length < 2) return null;
    const select = h("select", { id: "replay-jump", "aria-label": "Jump to" },
      h("option", { value: "" }, "Jump to…"),
      this.index.marks.map((mark) => h("option", { value: String(mark.step) }, mark.label)));
    select.addEventListener("change", () => {
      if (select.value !== "") this.actions.go(Number(select.value));
      select.value = "";
    });
    return select;
  }

  key(event) {
    const typing = event.target.closest && event.target.closest("input, select, textarea");
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      this.actions.go(this.actions.step() + moves[event.key]);
      event.preventDefault();
    }
  }

  update(step, mark) {
    const total = this.index.steps;
    this.slider.value = String(step);
    replace(this.label, `Step ${step} of ${total}`, mark ? ` · ${mark}` : "");
    this.first.disabled = this.back.disabled = step <= 0;
    this.forward.disabled = this.last.disabled = step >= total;
  }

  playing(on) {
    this.play.textContent = on ? "Pause" : "Play";
    this.play.setAttribute("aria-pressed", String(on));
  }
}
