// Lobby page (/lobby/{id}, #code= for private tables): chairs, invite link, join / ready /
// leave, the host's controls, kept live over WS /api/v1/lobbies/{id}/ws.

import { api, gameById, socketUrl } from "./api.js";
import { describeTimer } from "./timer.js";
import { h, replace, pageId } from "./dom.js";
import { identity } from "./identity.js";
import { hostSettings, chairHostControls } from "./lobby-host.js";
import { siteHeader, nameForm, toast, copyText, status } from "./ui.js";

const lobbyId = pageId("lobby");
const inviteCode = readInviteCode();
const app = document.getElementById("app");
const main = h("main", { id: "main", tabindex: "-1" });
let lobby = null;
let game = null;
let socket = null;
let retryMs = 1000;
let leaving = false;
let refusedToken = null; // a token the lobby socket refused: reconnect without it

/* ---------- who am I at this table ---------- */

function me() {
  return identity();
}

function mySeat() {
  const my = me();
  return my && lobby ? lobby.seats.find((s) => s.player && s.player.id === my.id) || null : null;
}

function isHost() {
  const my = me();
  return !!(my && lobby && lobby.host_id === my.id);
}

function canStart() {
  return lobby.seats.every((s) => s.player || s.bot) && lobby.seats.every((s) => s.bot || s.ready);
}

/* ---------- actions (every change comes back as the new lobby) ---------- */

async function change(path, options = {}) {
  try {
    const updated = await api(`/lobbies/${encodeURIComponent(lobbyId)}${path}`, { method: "POST", ...options });
    if (updated && updated.seats) show(updated);
    return updated;
  } catch (failure) {
    toast(failure.message, "error");
    return null;
  }
}

const join = (seat = null) => change("/join", { body: { seat, invite_code: inviteCode } });
const setReady = (ready) => change("/ready", { body: { ready } });
const leave = async () => {
  if (await change("/leave")) location.href = "/";
};

async function startMatch() {
  const started = await change("/start");
  if (started && started.match_id) goToMatch(started.match_id);
}

function goToMatch(matchId) {
  // The start answer and the lobby push both lead here: a second navigation would abort the first.
  if (leaving) return;
  leaving = true;
  if (socket) socket.close();
  location.href = "/match/" + encodeURIComponent(matchId);
}

/* ---------- drawing ---------- */

function chair(seat) {
  const my = me();
  const mine = !!(my && seat.player && seat.player.id === my.id);
  const empty = !seat.player && !seat.bot;
  const name = seat.player ? seat.player.name : seat.bot ? `Bot (${seat.bot})` : "Empty chair";
  const badges = [
    seat.bot && h("span", { class: "badge badge-bot", title: "Strategy: " + seat.bot }, "BOT " + seat.bot),
    seat.player && seat.player.id === lobby.host_id && h("span", { class: "badge badge-host" }, "host"),
    mine && h("span", { class: "badge badge-you" }, "you"),
  ];
  const ready = empty ? null : seat.bot || seat.ready
    ? h("span", { class: "ready-mark is-ready" }, "[ok] Ready")
    : h("span", { class: "ready-mark not-ready" }, "[..] Not ready");
  const sitHere = empty && my && !mySeat() && lobby.status === "open"
    ? h("button", { class: "small", onclick: () => join(seat.seat) }, "Sit here") : null;
  return h("li", { class: ["chair", empty && "empty", mine && "mine"], dataset: { seat: seat.seat } },
    h("div", { class: "chair-top" }, h("span", { class: "chair-number" }, `Seat ${seat.seat + 1}`), badges),
    h("span", { class: "chair-name" }, name),
    ready,
    sitHere,
    isHost() && lobby.status === "open" ? chairHostControls(seat, lobby, game, refreshFrom) : null);
}

function refreshFrom(updated) {
  if (updated && updated.seats) show(updated);
}

// The invite code travels in the URL fragment (#code=), which browsers never send to the
// server, so it stays out of access logs and Referer headers. Links from before carried it as
// ?code=: still read, then moved into the fragment so a reload does not send it again.
function readInviteCode() {
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get("code");
  if (fromFragment) return fromFragment;
  const fromQuery = new URLSearchParams(location.search).get("code");
  if (fromQuery) history.replaceState(null, "", location.pathname + "#code=" + encodeURIComponent(fromQuery));
  return fromQuery;
}

function inviteLink(code) {
  return `${location.origin}/lobby/${encodeURIComponent(lobby.id)}#code=${encodeURIComponent(code)}`;
}

async function newInviteCode() {
  // The host gives out a new link: the old one (and any kicked player's copy) stops working.
  const updated = await change("/invite_code");
  if (updated) toast("New invite link: the old one no longer works.");
}

function inviteSection() {
  if (!lobby.invite_code) return null;
  const link = inviteLink(lobby.invite_code);
  const input = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": "Invite link" });
  return h("section", { class: "panel", "aria-labelledby": "invite-title" },
    h("h2", { id: "invite-title" }, "Invite a friend"),
    h("p", { class: "muted" }, lobby.private
      ? "This table is private: only people with this link can sit down."
      : "Send this link, or let people find the table on the home page."),
    h("div", { class: "invite" }, input,
      h("button", { id: "copy-invite", onclick: () => copyText(link, input) }, "Copy"),
      isHost() && lobby.status === "open"
        ? h("button", { id: "new-invite", onclick: newInviteCode }, "New link")
        : null));
}

// Lobby pushes redraw the page; a section whose inputs may be mid-typing (the name form) is
// rebuilt only when what it shows changes.
const stableSections = new Map();
function stable(name, key, build) {
  const kept = stableSections.get(name);
  if (kept && kept.key === key) return kept.node;
  const node = build();
  stableSections.set(name, { key, node });
  return node;
}

function youSection() {
  if (lobby.status !== "open") return null;
  const seat = mySeat();
  const full = lobby.seats.every((s) => s.player || s.bot);
  const key = JSON.stringify([me()?.id, seat, full, isHost()]);
  return stable("you", key, () => buildYouSection(seat, full));
}

function buildYouSection(seat, full) {
  let body;
  if (!me()) {
    body = nameForm(joinAsNewGuest, { label: "Pick a name to sit at this table", button: "Join" });
  } else if (!seat) {
    body = h("div", { class: "lobby-actions" },
      h("button", { class: "primary big", id: "join-table", disabled: full, onclick: () => join() },
        full ? "The table is full" : "Join this table"));
  } else {
    body = h("div", { class: "lobby-actions" },
      isHost() ? h("span", { class: "muted" }, "You are the host: you are always ready.")
        : h("button", { class: seat.ready ? "" : "primary", id: "ready-toggle", "aria-pressed": String(seat.ready),
          onclick: () => setReady(!seat.ready) }, seat.ready ? "I am not ready" : "I am ready"),
      h("button", { class: "danger", id: "leave-table", onclick: leave }, "Leave the table"));
  }
  return h("section", { class: "panel", "aria-labelledby": "you-title" },
    h("h2", { id: "you-title" }, "You"), body);
}

function startSection() {
  if (lobby.status !== "open") return null;
  const ready = canStart();
  const text = ready ? "Every seat is filled and everyone is ready."
    : "Start lights up when every seat is filled and every player is ready.";
  if (!isHost()) return h("p", { class: "muted", id: "start-hint" }, "The host starts the match. " + text);
  return h("div", { class: "lobby-actions" },
    h("button", { class: "accent big", id: "start-match", disabled: !ready, onclick: startMatch }, "Start"),
    h("span", { class: "muted" }, text));
}

function statusLine() {
  if (lobby.status === "closed") return h("p", { class: "form-error", id: "lobby-status" }, "This table is closed.");
  if (lobby.status === "started") {
    return h("p", { id: "lobby-status" }, "The match has started. ",
      h("a", { href: "/match/" + encodeURIComponent(lobby.match_id) }, "Watch it"));
  }
  return h("p", { class: "muted", id: "lobby-status" }, lobby.private ? "Private table, waiting for players."
    : "Open table, waiting for players.", " Turn timer: ", describeTimer(lobby.turn_seconds), ".");
}

function show(updated) {
  lobby = updated;
  if (lobby.status === "started" && lobby.match_id && mySeat() && !leaving) {
    goToMatch(lobby.match_id);
    return;
  }
  const title = game ? game.title : lobby.game;
  document.title = `${title} table — Foxden`;
  const focusedId = document.activeElement && document.activeElement.id;
  replace(main,
    h("div", { class: "lobby-grid" },
      h("div", {},
        h("section", { class: "panel", "aria-labelledby": "lobby-title" },
          h("h1", { id: "lobby-title" }, title),
          statusLine(),
          game ? h("p", {}, h("a", { href: game.rules_url, target: "_blank", rel: "noopener" }, "Read the rules")) : null,
          h("h2", {}, "Seats"),
          h("ul", { class: "chairs", id: "chairs" }, lobby.seats.map(chair)),
          startSection()),
        isHost() && lobby.status === "open" ? hostSettings(lobby, game, refreshFrom) : null),
      h("div", {}, youSection(), inviteSection())));
  // Re-rendering replaces the buttons; keep keyboard focus where it was.
  if (focusedId) document.getElementById(focusedId)?.focus();
}

/* ---------- live updates ---------- */

// A visitor who just picked a name: sit down, then reopen the socket so its hello carries the
// token and the pushes recognise a member (members also receive the invite code).
async function joinAsNewGuest() {
  renderHeader();
  await join();
  if (socket) {
    const old = socket;
    socket = null;
    old.close();
  }
  connect();
}

function renderHeader() {
  const header = siteHeader(me() ? h("span", {}, "Playing as ", h("strong", {}, me().name)) : null);
  const current = app.querySelector(".site-header");
  if (current) current.replaceWith(header);
  else app.prepend(header);
}

function connect() {
  const token = me()?.token;
  socket = new WebSocket(socketUrl(`/lobbies/${encodeURIComponent(lobbyId)}/ws`));
  const mine = socket;
  // The token goes in a hello frame, never in the URL: URLs end up in access logs. The first
  // push waits for the hello, so say it even without a token.
  mine.addEventListener("open", () => {
    retryMs = 1000;
    const hello = { type: "hello", token: token && token !== refusedToken ? token : null };
    mine.send(JSON.stringify(hello));
  });
  mine.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "lobby") show(message);
    else if (message.type === "error") {
      if (message.code === "auth/invalid") refusedToken = token; // watch instead of looping
      toast(message.message, "error");
    }
  });
  mine.addEventListener("close", (event) => {
    if (socket !== mine || leaving || (lobby && lobby.status !== "open")) return;
    // 1012: the server process is stopping (a rolling restart): back at once, with jitter.
    if (event.code === 1012) {
      setTimeout(connect, 100 + Math.random() * 400);
      return;
    }
    // Reconnect with backoff; the first lobby frame after reconnecting brings us up to date.
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 15000);
  });
}

async function start() {
  replace(app, main);
  renderHeader();
  if (!lobbyId) {
    status(main, "No table given in the address.", "form-error");
    return;
  }
  try {
    lobby = await api(`/lobbies/${encodeURIComponent(lobbyId)}`);
    game = await gameById(lobby.game);
  } catch (failure) {
    status(main, failure.status === 404 ? "There is no such table." : failure.message, "form-error");
    return;
  }
  show(lobby);
  window.addEventListener("pagehide", () => { leaving = true; });
  connect();
}

start();
