// The replay's tables: each seat's envelope at the step, drawn by the game's renderer (through
// its documented default export only), one panel per seat, or the one seat chosen.

import { h, replace } from "./dom.js";
import { fallbackRenderer } from "./match-fallback.js";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const uiState = new Map(); // a renderer's two-part choices: nothing is chosen in a replay

/** The "Show" choices: every seat at once, or one seat's view. */
export function seatChoices(step) {
  return [["all", "Every seat"], ...step.views.map((view) => [String(view.seat), nameOf(step, view.seat) + "'s view"])];
}

function nameOf(step, seat) {
  return step.spectator.seats[seat]?.name || `Seat ${seat + 1}`;
}

function ctxFor(envelope, previous) {
  return {
    act: () => {}, // a replay is watched, never played
    seat: envelope.seat,
    names: envelope.seats.map((seat) => seat.name),
    previous,
    reducedMotion,
    select: (key, value) => uiState.set(key, value),
    selected: (key) => uiState.get(key),
  };
}

function drawOne(root, envelope, previous, renderer) {
  try {
    renderer.render(root, envelope, ctxFor(envelope, previous));
  } catch (failure) {
    console.warn(`The ${envelope.game} renderer failed on a replay step:`, failure);
    replace(root);
    fallbackRenderer.render(root, envelope, ctxFor(envelope, null));
  }
}

function outcomeNode(envelope, renderer) {
  if (envelope.status === "active" || typeof renderer.outcome !== "function") return null;
  try {
    return renderer.outcome(envelope, ctxFor(envelope, null));
  } catch (failure) {
    console.warn("outcome() failed on a replay step:", failure);
    return null;
  }
}

/** Draw the step into `container`: `watching` is "all" or one seat number as text. */
export function drawSeats(container, step, previous, renderer, watching) {
  const seats = watching === "all" ? step.views : step.views.filter((view) => String(view.seat) === watching);
  const panels = seats.map((envelope) => {
    const root = h("div", { class: "table-area replay-table" });
    const before = previous ? previous.views[envelope.seat] : null;
    drawOne(root, envelope, before, renderer);
    const turn = envelope.to_act.includes(envelope.seat) && envelope.status === "active";
    return h("section", { class: ["panel", "replay-seat", turn && "to-act"], dataset: { seat: String(envelope.seat) },
      "aria-label": nameOf(step, envelope.seat) + "'s view" },
      h("h2", { class: "small-title" }, nameOf(step, envelope.seat) + "'s view", turn ? h("span", { class: "turn-mark" }, " to play") : null),
      h("p", { class: "prompt-text" }, envelope.view.prompt || ""),
      root);
  });
  replace(container, outcomeSection(step, renderer), panels);
}

function outcomeSection(step, renderer) {
  const envelope = step.spectator;
  if (envelope.status === "active") return null;
  const winners = (envelope.outcome && envelope.outcome.winners) || [];
  const names = winners.map((seat) => nameOf(step, seat));
  const headline = envelope.status === "aborted" ? "The match was stopped here."
    : names.length ? `The end: ${names.join(" and ")} ${names.length > 1 ? "win" : "wins"}.` : "The end: nobody wins.";
  return h("section", { class: "panel replay-outcome", id: "replay-outcome" },
    h("h2", {}, headline), outcomeNode(envelope, renderer));
}
