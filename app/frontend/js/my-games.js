// "My games" on the home page: matches waiting for me first (with their deadline), the other
// running ones, the open tables I sit at, and what I finished. A light poll keeps it live: the
// answer carries an ETag and no-cache, so the browser itself revalidates with If-None-Match
// and an unchanged list costs a 304 with no body; an unchanged list is not redrawn either.
// The count of matches waiting for me goes in the section's badge, the tab title and the
// installed app's badge. Each row shows the other side's last move (the server's public log
// line) and, at a slow table, its clock in words, kept current between polls.

import { api, games } from "./api.js";
import { markedName } from "./bot-mark.js";
import { h, replace } from "./dom.js";
import { clockLine } from "./slow-clock.js";
import { identity, forgetIdentity } from "./identity.js";
import { status, toast } from "./ui.js";

const POLL_MS = 5000;
const CLOCK_MS = 20000;
const SIGNED_OUT = new Set(["auth/invalid", "auth/expired"]);
const baseTitle = document.title;
const badge = h("span", { class: "badge badge-host", id: "waiting-count", hidden: true });
const body = h("div", { id: "my-games-list", "aria-live": "polite" });
const panel = h("section", { class: "panel", id: "my-games", "aria-labelledby": "my-games-title" },
  h("div", { class: "panel-head" }, h("h2", { id: "my-games-title" }, "My games ", badge)),
  body);
let shown = "";
let finishedPage = 10;
let titles = new Map();
let onSignedOut = () => {};
let clocks = []; // [span, clock, seat] of the rows shown: their words age between polls

/** The section node (the same one on every render of the page); hidden without an identity. */
export function myGamesPanel() {
  panel.hidden = !identity();
  return panel;
}

/** Load now and every few seconds, and at once when the tab comes back into view. */
export async function startMyGames(signedOut) {
  onSignedOut = signedOut;
  try {
    titles = new Map((await games()).map((game) => [game.id, game.title]));
  } catch {
    // Titles are a nicety: the game ids stand in for them.
  }
  await refreshMyGames();
  setInterval(refreshMyGames, POLL_MS);
  setInterval(tickClocks, CLOCK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshMyGames();
  });
}

export async function refreshMyGames() {
  if (!identity()) {
    showWaiting(0);
    return;
  }
  try {
    const mine = await api(`/players/me/matches?limit=${finishedPage}`);
    const text = JSON.stringify(mine);
    if (text === shown) return;
    shown = text;
    render(mine);
  } catch (failure) {
    if (SIGNED_OUT.has(failure.code)) {
      signedOut(failure);
      return;
    }
    if (!shown) status(body, "Could not load your games: " + failure.message, "form-error");
  }
}

function signedOut(failure) {
  forgetIdentity();
  shown = "";
  showWaiting(0);
  toast(failure.code === "auth/expired"
    ? "You were signed out: this device was not used for a long time. Sign in again."
    : "You were signed out on this device.", "error");
  onSignedOut();
}

function showWaiting(count) {
  badge.hidden = count === 0;
  badge.textContent = count ? `${count} waiting` : "";
  document.title = count ? `(${count}) ${baseTitle}` : baseTitle;
  appBadge(count);
}

/** The installed app's icon badge, where the browser has one (a nicety: failures are quiet). */
function appBadge(count) {
  const call = count ? navigator.setAppBadge?.(count) : navigator.clearAppBadge?.();
  call?.catch(() => {});
}

function tickClocks() {
  for (const [span, clock, seat] of clocks) span.textContent = clockLine(clock, seat);
}

function render(mine) {
  showWaiting(mine.waiting);
  clocks = [];
  const empty = !mine.active.length && !mine.lobbies.length && !mine.finished.length;
  if (empty) {
    status(body, "No games yet: join an open table or start a new one below.");
    return;
  }
  replace(body,
    group("Your turn", "my-turn", mine.active.filter((m) => m.my_turn), activeRow),
    group("Waiting for others", "their-turn", mine.active.filter((m) => !m.my_turn), activeRow),
    group("Tables you sit at", "my-tables", mine.lobbies, lobbyRow),
    group("Finished", "finished", mine.finished, finishedRow),
    mine.next_offset === null ? null
      : h("button", { class: "small", id: "more-finished", onclick: showMore }, "Show more finished games"));
}

function showMore() {
  finishedPage += 10;
  refreshMyGames();
}

function group(title, id, items, row) {
  if (!items.length) return null;
  return h("div", { class: "my-games-group", id },
    h("h3", {}, title),
    h("ul", { class: "table-list" }, items.map(row)));
}

function title(game) {
  return titles.get(game) || game;
}

function others(match) {
  return match.seats.filter((seat) => seat.seat !== match.seat).map((seat) => markedName(seat)).join(", ");
}

function activeRow(match) {
  const waitingFor = match.seats.filter((s) => match.to_act.includes(s.seat));
  const note = match.my_turn
    ? (match.deadline && !match.clock ? "Decide by " + when(match.deadline) : "Your move")
    : (match.away ? "A bot plays for you" : "Waiting for " + (waitingFor.map((s) => s.name).join(", ") || "the table"));
  const clockSeat = match.my_turn ? match.seat : waitingFor[0]?.seat;
  return h("li", { class: "table-row", dataset: { match: match.id, version: String(match.version) } },
    h("div", {},
      h("strong", {}, title(match.game)),
      h("span", { class: "muted" }, " with " + others(match)),
      match.last_move ? h("span", { class: "last-move" }, match.last_move.text) : null),
    h("div", { class: "row-status" },
      h("span", { class: match.my_turn ? "badge badge-host" : "seat-count" }, note),
      match.clock && clockSeat !== undefined ? clockSpan(match.clock, clockSeat) : null),
    h("a", { class: "button", href: "/match/" + encodeURIComponent(match.id) },
      match.my_turn ? "Play" : "Open"));
}

function clockSpan(clock, seat) {
  const span = h("span", { class: "slow-clock" }, clockLine(clock, seat));
  clocks.push([span, clock, seat]);
  return span;
}

function lobbyRow(lobby) {
  return h("li", { class: "table-row", dataset: { lobby: lobby.id } },
    h("div", {},
      h("strong", {}, title(lobby.game)),
      h("span", { class: "muted" }, lobby.host ? " (you host)" : lobby.ready ? " (ready)" : "")),
    h("span", { class: "seat-count" }, `${lobby.filled}/${lobby.seats} seats`),
    h("a", { class: "button", href: "/lobby/" + encodeURIComponent(lobby.id) }, "Open"));
}

function finishedRow(match) {
  const result = match.status === "aborted" ? "Aborted"
    : match.won ? "You won" : "You lost";
  return h("li", { class: "table-row", dataset: { match: match.id } },
    h("div", {},
      h("strong", {}, title(match.game)),
      h("span", { class: "muted" }, " with " + others(match))),
    h("span", { class: "seat-count" }, result + " · " + when(match.updated_at)),
    h("a", { class: "button", href: "/match/" + encodeURIComponent(match.id) }, "See"));
}

function when(iso) {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleString([], { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}
