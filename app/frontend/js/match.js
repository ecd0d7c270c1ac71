// Match page (/match/{id}): everything around the game's renderer. Header with players and
// the connection state, the prompt line, the table, the accessible list of legal actions,
// panels (log, chat, players; tabs on phones), the outcome screen. Spectators watch read-only.

import { api, gameById } from "./api.js";
import { h, morphChildren, replace, pageId, byId } from "./dom.js";
import { forgetToken, identity } from "./identity.js";
import { fallbackRenderer, loadRenderer, defaultLabel } from "./match-fallback.js";
import { outcomeScreen } from "./match-outcome.js";
import { LogPanel, ChatPanel, playerList } from "./match-panels.js";
import { MatchSocket } from "./match-socket.js";
import { followChatAfterEnd } from "./match-end.js";
import { seatControl } from "./match-seat-control.js";
import { buildLayout } from "./match-layout.js";
import { loadHelp, quickReference, syncHelp } from "../games/kit/help.js";
import { ensureStyles } from "../games/kit/styles.js";
import { siteHeader, toast, status } from "./ui.js";
import { timeLeft } from "./timer.js";
import { tableClockLine } from "./slow-clock.js";
import { Coach, isGuided } from "./match-coach.js";
import { DailyNote, isDaily } from "./match-daily.js";

const matchId = pageId("match");
const me = identity();
const app = byId("app");
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const uiState = new Map(); // ctx.select / ctx.selected: survives re-renders
const connection = h("span", { class: "connection", id: "connection", role: "status", dataset: { state: "connecting" } }, "Connecting…");

let layout = null;
/** @type {import("./match-fallback.js").Renderer} */
let renderer = fallbackRenderer;
let game = null;
let socket = null;
let current = null; // the envelope on screen
let previous = null;
let pending = false; // an act was sent and no answer came yet
let sent = null; // the last action sent, in case the server says the table moved on
let resend = null; // an action refused only as stale: offered again on the next envelope
let deadlineTimer = null;
let chatLoaded = false;
let coach = null; // a guided match's coach (match-coach.js)
let dailyNote = null; // a daily deal's badge, and its results at the end (match-daily.js)

/* ---------- the ctx handed to the renderer ---------- */

function names(envelope) {
  const byseat = [];
  for (const seat of envelope.seats) byseat[seat.seat] = seat.name;
  return byseat;
}

function makeCtx(envelope, drawn) {
  return {
    act,
    afterDraw: (fn) => drawn.push(fn),
    width: layout.table.clientWidth, // the table's width: the renderer's root is off the page
    redraw: () => current && draw(current),
    seat: envelope.seat,
    names: names(envelope),
    previous,
    reducedMotion,
    select: (key, value) => {
      uiState.set(key, value);
      if (current) draw(current); // a selection changes what the table shows
    },
    selected: (key) => uiState.get(key),
  };
}

function act(action) {
  if (!current || current.seat === null) return;
  if (pending) return; // one action at a time: the next envelope decides what is legal
  if (coach && !coach.allows(action, current)) {
    draw(current); // the table lets go of the refused pick; the coach says why
    return;
  }
  const id = socket.act(action, current.version);
  if (!id) {
    toast("Not connected: your move was not sent. Reconnecting…", "error");
    return;
  }
  sent = action;
  setPending(true);
}

function setPending(value) {
  pending = value;
  layout.actions.setAttribute("aria-busy", String(value));
  for (const button of layout.actionButtons()) button.disabled = value;
}

/* ---------- labels, with the generic wording if a renderer fails ---------- */

function label(action, envelope) {
  try {
    return renderer.label(action, envelope) || defaultLabel(action);
  } catch {
    return defaultLabel(action);
  }
}

function promptActions(envelope) {
  if (envelope.seat === null || typeof renderer.promptActions !== "function") return [];
  try {
    return renderer.promptActions(envelope) || [];
  } catch (failure) {
    console.warn("promptActions failed:", failure);
    return [];
  }
}

/* ---------- drawing one envelope ---------- */

/**
 * The seats the table is waiting for. `to_act` also holds seats that only *may* act (a Deluxe
 * goal one could claim): a renderer's mustAct() says who must, so only they are marked.
 */
function mustAct(envelope) {
  if (envelope.status !== "active") return [];
  if (typeof renderer.mustAct === "function") {
    try {
      return renderer.mustAct(envelope) || envelope.to_act;
    } catch (failure) {
      console.warn("mustAct failed:", failure);
    }
  }
  return envelope.to_act;
}

function myTurn(envelope) {
  return envelope.seat !== null && mustAct(envelope).includes(envelope.seat);
}

/**
 * The renderer draws into an element off the page; the result is morphed into the live table,
 * so the element under the pointer or with focus stays the same element across pushes.
 */
function drawTable(envelope, ctx) {
  const fresh = layout.table.cloneNode(false);
  try {
    renderer.render(fresh, envelope, ctx);
  } catch (failure) {
    // Keep the game playable if a renderer breaks on some view: the plain table instead.
    console.error(`The ${envelope.game} renderer failed:`, failure);
    replace(fresh);
    fallbackRenderer.render(fresh, envelope, ctx);
  }
  // Handlers a renderer set on its root itself (Escape cancels a pick) move to the live root.
  layout.table.onkeydown = fresh.onkeydown;
  morphChildren(layout.table, [...fresh.childNodes]);
  layout.table.dataset.version = String(envelope.version); // which envelope is on screen
}

/**
 * The end is still being replayed on the table (the Oh, Fox! reckoning): until it has played,
 * nothing around the table tells who won (prompt, scores in the players strip, the log).
 */
function endStillPlaying(envelope) {
  return envelope.status === "finished" && !hook("outcomeReady", true, envelope, {});
}

function drawPrompt(envelope, ctx) {
  const text = endStillPlaying(envelope) ? "The match is over: the replay below shows how it ended."
    // The renderer's words while its table still shows a moment past (a held trick).
    : hook("heldPrompt", null, envelope, ctx)
    || (envelope.view && envelope.view.prompt) || (envelope.status === "active" ? "Waiting…" : "The match is over.");
  const buttons = promptActions(envelope).map((action) =>
    h("button", { class: "primary", "data-action": JSON.stringify(action), onclick: () => ctx.act(action) }, label(action, envelope)));
  morphChildren(layout.prompt, h("span", { class: ["prompt-text", myTurn(envelope) && "your-turn"], id: "prompt-text" }, text),
    buttons.length ? h("span", { class: "prompt-buttons row" }, buttons) : null);
}

function drawActions(envelope, ctx) {
  const legal = envelope.seat === null || envelope.status !== "active" ? [] : envelope.legal_actions;
  layout.actionsSection.hidden = envelope.seat === null || envelope.status !== "active";
  layout.movesToggle.querySelector(".moves-count").textContent = legal.length ? ` (${legal.length} as buttons)` : "";
  if (!legal.length) {
    morphChildren(layout.actions, h("li", { class: "muted" }, envelope.status === "active" ? "Nothing to do right now." : "The match is over."));
    return;
  }
  morphChildren(layout.actions, legal.map((action) =>
    h("li", {}, h("button", { class: "action-button", "data-action": JSON.stringify(action), onclick: () => ctx.act(action) },
      label(action, envelope)))));
}

function drawHeader(envelope) {
  const acting = mustAct(envelope);
  // No final scores beside the names while the end still plays, nor in a team game (the
  // outcome's per-seat numbers are the team's result, shown as one row per team).
  const unscored = endStillPlaying(envelope) || (envelope.status !== "active" && hook("teamOutcome", null, envelope, {}));
  const listed = unscored ? { ...envelope, outcome: null, view: { ...envelope.view, scores: null } } : envelope;
  morphChildren(layout.players, playerList(listed, acting, "players-strip"));
  morphChildren(layout.playersPanel, playerList(listed, acting, "players"));
  const waiting = acting.map((seat) => names(envelope)[seat]).filter(Boolean);
  let turn = "";
  if (envelope.status !== "active") turn = envelope.status === "aborted" ? "Match stopped" : "Match over";
  else if (myTurn(envelope)) turn = "Your turn";
  else if (waiting.length) turn = "Waiting for " + waiting.join(", ");
  layout.turn.textContent = turn;
  drawDeadline(envelope);
  const title = game ? game.title : envelope.game;
  document.title = myTurn(envelope) ? `Your turn — ${title}` : `${title} — Foxden`;
  layout.spectating.hidden = envelope.seat !== null;
  drawSeatControl(envelope);
}

/** Leave, reclaim or resign (app/frontend/js/match-seat-control.js). */
function drawSeatControl(envelope) {
  morphChildren(layout.seatControl, seatControl(envelope, matchId));
}

function drawDeadline(envelope) {
  clearInterval(deadlineTimer);
  if (!envelope.deadline || envelope.status !== "active") {
    layout.deadline.textContent = "";
    return;
  }
  const end = Date.parse(envelope.deadline);
  const tick = () => {
    const seconds = Math.max(0, Math.round((end - Date.now()) / 1000));
    // A slow table's clock stops outside playing hours and on vacation: say so, not a countdown.
    layout.deadline.textContent = envelope.clock ? tableClockLine(envelope) : timeLeft(seconds);
  };
  tick();
  deadlineTimer = setInterval(tick, 1000);
}

/** A renderer's optional hook, or `fallback` if it has none or it fails. */
function hook(name, fallback, ...args) {
  if (typeof renderer[name] !== "function") return fallback;
  try {
    return renderer[name](...args);
  } catch (failure) {
    console.warn(`${name}() failed:`, failure);
    return fallback;
  }
}

function drawOutcome(envelope, ctx) {
  if (envelope.status === "active") {
    replace(layout.outcome);
    return;
  }
  // A replay of the end (the Oh, Fox! reckoning) plays before the winner is told.
  if (envelope.status === "finished" && !hook("outcomeReady", true, envelope, ctx)) {
    replace(layout.outcome, h("p", { class: "panel outcome-pending", id: "outcome-pending" },
      "The match is over. The results follow the replay below."));
    return;
  }
  const extra = hook("outcome", null, envelope, ctx);
  const team = hook("teamOutcome", null, envelope, ctx);
  const firstTime = !layout.outcome.querySelector("#outcome");
  const title = hook("headline", null, envelope, ctx);
  replace(layout.outcome, outcomeScreen(envelope, ctx, extra, team, title));
  if (firstTime) layout.outcome.querySelector("#outcome")?.focus();
}

/** Which region had keyboard focus, so it can be given back after the redraw. */
function focusRegion() {
  const active = document.activeElement;
  for (const region of [layout.actions, layout.prompt, layout.table]) {
    if (region.contains(active)) return region;
  }
  return null;
}

function draw(envelope) {
  const region = focusRegion();
  const drawn = [];
  const ctx = makeCtx(envelope, drawn);
  // The table first: its renderer knows whether the end still plays (endStillPlaying).
  drawTable(envelope, ctx);
  drawHeader(envelope);
  drawPrompt(envelope, ctx);
  drawActions(envelope, ctx);
  drawOutcome(envelope, ctx);
  if (!endStillPlaying(envelope)) layout.log.update(envelope); // the log tells the end after the replay
  // Measured before the after-draw steps, which may scroll a target clear of the dock.
  measureStickyParts();
  for (const fn of drawn) {
    try {
      fn(layout.table);
    } catch (failure) {
      console.warn("after-draw step failed:", failure); // motion or focus only: the table is drawn
    }
  }
  if (region && !region.contains(document.activeElement)) {
    // preventScroll: the prompt is pinned in view, and a scroll here would undo the one an
    // after-draw step just made to bring the targets on the board clear of the dock.
    (region.querySelector("button:not([disabled]), [tabindex='0']") || layout.prompt).focus({ preventScroll: true });
  }
  layout.cues.drawn(envelope, myTurn(envelope)); // focus on your turn; one spoken message per change
  syncHelp(); // a tooltip follows the element it was shown for, which may now be another card
  coach?.drawn(envelope, layout);
}

/**
 * The status bar sticks to the top of the screen and the docked hand to the bottom: both cover
 * the page there. Their heights, as CSS variables, become the page's scroll padding (so a card
 * focused or a board space scrolled into view stops clear of them) and size boards that must
 * fit between the two (match.css, games/*.css).
 */
function measureStickyParts() {
  if (!layout) return;
  const dock = layout.table.querySelector(".table-dock");
  const style = document.documentElement.style;
  style.setProperty("--dock-height", `${dock ? Math.ceil(dock.getBoundingClientRect().height) : 0}px`);
  style.setProperty("--status-height", `${Math.ceil(layout.status.getBoundingClientRect().height)}px`);
}

/* ---------- socket events ---------- */

function onEnvelope(envelope) {
  if (current && envelope.version !== current.version) previous = current;
  current = envelope;
  setPending(false);
  draw(envelope);
  resendIfStillLegal(envelope);
  dailyNote?.seen(envelope);
  // Only seated players post in the chat: the first envelope says whether we are one.
  if (!chatLoaded) {
    chatLoaded = true;
    layout.chat.load(envelope.seat !== null);
  }
}

/**
 * Another seat moved between our click and its arrival (simultaneous choices, a bot's quick
 * answer): if the very same action is still legal on the new table, send it again silently;
 * otherwise say so, and the player chooses again.
 */
function resendIfStillLegal(envelope) {
  if (!resend) return;
  const wanted = JSON.stringify(resend);
  resend = null;
  if (envelope.legal_actions.some((action) => JSON.stringify(action) === wanted)) {
    act(JSON.parse(wanted));
  } else {
    toast("The table moved on before your move arrived: please choose again.", "error");
  }
}

function onError(error) {
  if (error.code === "action/stale_version" && sent) {
    resend = sent;
    sent = null;
    setPending(false);
    socket.resync();
    return;
  }
  toast(error.message || error.code, "error");
  if (error.code === "auth/revoked") {
    // This device was signed out (from another device, or by an admin): the table goes on
    // as a spectator's, and the rest of the site asks for a sign-in.
    forgetToken(me && me.token);
    setPending(false);
    return;
  }
  if (["match/not_found", "auth/forbidden"].includes(error.code)) {
    socket.stop();
    return;
  }
  setPending(false);
  if (current) draw(current); // undo any half-made choice on the table
  socket.resync();
}

function onState(state) {
  connection.dataset.state = state;
  connection.textContent = { connecting: "Connecting…", connected: "Connected", reconnecting: "Reconnecting…", closed: "Offline", ended: "Match over" }[state];
}

/* ---------- start ---------- */

async function start() {
  replace(app, siteHeader(connection));
  if (!matchId) {
    app.append(h("main", { id: "main" }, h("p", { class: "form-error" }, "No match given in the address.")));
    return;
  }
  let summary;
  try {
    summary = await api(`/matches/${encodeURIComponent(matchId)}`);
  } catch (failure) {
    const main = h("main", { id: "main" });
    app.append(main);
    status(main, failure.status === 404 ? "There is no such match." : failure.message, "form-error");
    return;
  }
  // The table is first drawn with its stylesheet applied and its help loaded, never before.
  [game, renderer] = await Promise.all([gameById(summary.game).catch(() => null), loadRenderer(summary.game),
    loadHelp(summary.game), ensureStyles(summary.game)]);
  const rulesUrl = game && `${game.rules_url}?from=${encodeURIComponent(`/match/${matchId}`)}`;
  layout = buildLayout({ title: game ? game.title : summary.game, rulesUrl,
    log: new LogPanel(matchId), chat: new ChatPanel(matchId), reference: quickReference(summary.game) });
  app.append(layout.main);
  if (isGuided(summary)) {
    coach = new Coach(matchId, summary.game, measureStickyParts);
    layout.prompt.after(coach.node); // in the status bar: the line stays in view as the table scrolls
  }
  if (isDaily(summary)) {
    dailyNote = new DailyNote(matchId, summary.game);
    layout.main.querySelector(".match-title")?.after(dailyNote.node);
  } else if (summary.seats.some((seat) => seat.bot === "practice")) { // from a review: app/review/practice.py
    layout.main.querySelector(".match-title")?.after(h("span", { class: "badge badge-practice", id: "practice-badge",
      title: "Played on from a reviewed decision, the cards you could not see dealt anew; never rated" }, "Practice table"));
  }
  socket = new MatchSocket(matchId, me && me.token, { onEnvelope, onError, onState, onChat: (m) => layout.chat.add(m),
    onEnd: () => followChatAfterEnd(layout.chat, matchId) });
  socket.start();
  window.addEventListener("resize", measureStickyParts, { passive: true });
  window.__foxdenSocket = socket; // for tests and debugging: close it to simulate a drop
}

start();
