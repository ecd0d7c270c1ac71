// Replay page (/match/{id}/replay?move=N): step through a match that is over, move by move,
// with every seat's view drawn by the game's own renderer. The server rebuilds each step with
// the engine (GET /matches/{id}/replay/{n}); the log gives the sentence for each move.

import { api, gameById } from "./api.js";
import { h, replace, pageId, byId } from "./dom.js";
import { loadRenderer, fallbackRenderer } from "./match-fallback.js";
import { ensureStyles } from "../games/kit/styles.js";
import { ReplayControls } from "./replay-controls.js";
import { ReviewPanel } from "./replay-review.js";
import { drawSeats, seatChoices } from "./replay-seats.js";
import { siteHeader, status, toast } from "./ui.js";

const matchId = pageId("match");
const app = byId("app");
const base = `/matches/${encodeURIComponent(matchId || "")}`;
// Autoplay's pause between moves; a test (or a curious user) may set window.FOXDEN_REPLAY_MS.
const autoplayMs = () => Number(window.FOXDEN_REPLAY_MS) || 1200;

const steps = new Map(); // step number -> the server's answer, fetched once
let index = null; // {steps, marks, ...}
let texts = new Map(); // step -> the log's entries for it
/** @type {import("./match-fallback.js").Renderer} */
let renderer = fallbackRenderer;
let controls = null;
let shown = null; // the step on screen
let previousStep = null;
let watching = "all"; // "all" or a seat number as text
let timer = null;
let parts = null;
let review = null; // the review panel (replay-review.js)
let drawn = null; // the step on screen, as the server sent it

function fetchStep(n) {
  if (!steps.has(n)) {
    const request = api(`${base}/replay/${n}`);
    request.catch(() => steps.delete(n)); // a failed fetch may be tried again
    steps.set(n, request);
  }
  return steps.get(n);
}

async function loadTexts() {
  const log = await api(`${base}/log?after=0`);
  for (const entry of log.entries) {
    if (!texts.has(entry.seq)) texts.set(entry.seq, []);
    texts.get(entry.seq).push(entry);
  }
}

async function show(n) {
  const target = Math.max(0, Math.min(index.steps, n));
  let step;
  try {
    step = await fetchStep(target);
  } catch (failure) {
    toast(failure.message, "error");
    stopAutoplay();
    return;
  }
  previousStep = shown !== null && target === shown + 1 ? steps.get(shown) : null;
  shown = target;
  const previous = previousStep ? await previousStep : null;
  draw(step, previous);
  const url = new URL(location.href);
  url.searchParams.set("move", String(target));
  history.replaceState(null, "", url);
  if (target < index.steps) fetchStep(target + 1); // the next step is likely asked for next
}

function draw(step, previous) {
  drawn = step;
  parts.main.dataset.step = String(step.step);
  controls.update(step.step, step.mark);
  replace(parts.happened, happened(step));
  drawSeats(parts.seats, step, previous, renderer, watching);
  review.showStep(step.step);
}

/** An action in the words of the game's renderer, as `seat` saw the table on screen. */
function labelFor(action, seat) {
  return renderer.label(action, drawn.views[seat]);
}

function happened(step) {
  if (!step.action) return h("p", { id: "replay-happened" }, "The deal: nobody has moved yet.");
  const lines = texts.get(step.step) || [];
  const who = step.action.seat === null ? "An admin" : nameOf(step, step.action.seat);
  // A private entry speaks to its seat ("You drew..."): say whose eyes it was for.
  const line = (entry) => entry.private && entry.seat !== null
    ? h("p", {}, h("span", { class: "badge" }, `only ${nameOf(step, entry.seat)} saw`), " ", entry.text)
    : h("p", {}, entry.text);
  return h("div", { id: "replay-happened" }, lines.length ? lines.map(line) : h("p", {}, `${who} moved.`));
}

function nameOf(step, seat) {
  return step.spectator.seats[seat]?.name || `Seat ${seat + 1}`;
}

/* ---------- autoplay ---------- */

function toggleAutoplay() {
  if (timer !== null) stopAutoplay();
  else startAutoplay();
}

function startAutoplay() {
  if (shown >= index.steps) show(0);
  controls.playing(true);
  const tick = async () => {
    if (shown >= index.steps) {
      stopAutoplay();
      return;
    }
    await show(shown + 1);
    if (timer !== null) timer = setTimeout(tick, autoplayMs());
  };
  timer = setTimeout(tick, autoplayMs());
}

function stopAutoplay() {
  clearTimeout(timer);
  timer = null;
  controls.playing(false);
}

function go(n) {
  stopAutoplay();
  show(n);
}

/* ---------- start ---------- */

function frame(game, first) {
  const exportButton = h("button", { class: "small", id: "replay-export", onclick: downloadExport }, "Download the match (JSON)");
  const seatSelect = h("select", { id: "replay-watching", "aria-label": "Whose view" },
    seatChoices(first).map(([value, text]) => h("option", { value }, text)));
  seatSelect.addEventListener("change", () => {
    watching = seatSelect.value;
    if (shown !== null) show(shown);
  });
  controls = new ReplayControls(index, { go, toggle: toggleAutoplay, step: () => shown });
  review = new ReviewPanel({ matchId, first, go, label: labelFor });
  const main = h("main", { id: "main", class: "match-page replay-page", tabindex: "-1", dataset: { steps: String(index.steps) } },
    h("div", { class: "match-head" },
      h("h1", { class: "match-title" }, `Replay: ${game ? game.title : index.game}`),
      h("a", { href: `/match/${encodeURIComponent(matchId || "")}` }, "Back to the match"),
      exportButton),
    controls.node,
    h("div", { class: "row replay-watching" }, h("label", { for: "replay-watching" }, "Show"), seatSelect),
    h("section", { class: "panel replay-happened", "aria-live": "polite", "aria-label": "This move" }),
    review.node,
    h("div", { class: "replay-seats", id: "replay-seats" }));
  parts = { main, happened: main.querySelector(".replay-happened"), seats: main.querySelector("#replay-seats") };
  return main;
}

async function downloadExport() {
  try {
    const document_ = await api(`${base}/export`);
    const blob = new Blob([JSON.stringify(document_, null, 2)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `foxden-${matchId}.json` });
    link.click();
    URL.revokeObjectURL(link.href);
  } catch (failure) {
    toast(failure.message, "error");
  }
}

async function start() {
  replace(app, siteHeader());
  const main = h("main", { id: "main" });
  app.append(main);
  if (!matchId) {
    status(main, "No match given in the address.", "form-error");
    return;
  }
  try {
    index = await api(`${base}/replay`);
  } catch (failure) {
    const text = failure.code === "match/not_finished"
      ? "This match is still being played: its replay opens when it ends."
      : failure.status === 404 ? "There is no such match." : failure.message;
    replace(main, h("p", { class: "form-error", id: "replay-refused" }, text),
      h("p", {}, h("a", { href: `/match/${encodeURIComponent(matchId)}` }, "Go to the match")));
    return;
  }
  const wanted = Number.parseInt(new URLSearchParams(location.search).get("move") ?? "", 10);
  const [game, loaded, first] = await Promise.all([
    gameById(index.game).catch(() => null), loadRenderer(index.game),
    fetchStep(Number.isFinite(wanted) ? Math.max(0, Math.min(index.steps, wanted)) : index.steps),
    loadTexts().catch(() => { texts = new Map(); }),
    ensureStyles(index.game),
  ]);
  renderer = loaded;
  document.title = `Replay: ${game ? game.title : index.game} — Foxden`;
  main.replaceWith(frame(game, first));
  await show(first.step);
}

start();
