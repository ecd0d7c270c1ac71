// Lobby page (/lobby/{id}, #code= for private tables): chairs, invite link, join / ready /
// leave, the host's controls, kept live over WS /api/v1/lobbies/{id}/ws.

import { api, gameById, socketUrl } from "./api.js";
import { botMark } from "./bot-mark.js";
import { describeClock } from "./timer.js";
import { h, replace, pageId, byId } from "./dom.js";
import { forgetToken, identity } from "./identity.js";
import { hostSettings, settingsKey, chairHostControls, fillControl, fillKey } from "./lobby-host.js";
import { chairRating, ratingKey, refreshRatings } from "./lobby-ratings.js";
import { describeOptions } from "./options-form.js";
import { siteHeader, nameForm, toast, copyText, status } from "./ui.js";
import { slot } from "./slot.js";

const lobbyId = pageId("lobby");
const inviteCode = readInviteCode();
const app = byId("app");
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
    const updated = await api(`/lobbies/${encodeURIComponent(lobbyId || "")}${path}`, { method: "POST", ...options });
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

// The server names every seat (app/names.py: "Standard bot 2"), so the lobby and the table agree.
function chairName(seat) {
  return seat.name || (seat.player ? seat.player.name : seat.bot ? "Bot" : "Empty chair");
}

function readyMark(seat) {
  if (!seat.player && !seat.bot) return null;
  if (seat.bot) return h("span", { class: "ready-mark is-ready" }, "Ready (bot)");
  if (seat.player.id === lobby.host_id) return h("span", { class: "ready-mark is-ready" }, "Ready (host)");
  return seat.ready ? h("span", { class: "ready-mark is-ready" }, "Ready")
    : h("span", { class: "ready-mark not-ready" }, "Not ready yet");
}

function buildChair(seat) {
  const my = me();
  const mine = !!(my && seat.player && seat.player.id === my.id);
  const empty = !seat.player && !seat.bot;
  const badges = [
    seat.bot && h("span", { class: "badge badge-bot", title: `Plays the ${seat.bot} strategy` }, "Bot"),
    botMark(seat.player),
    seat.player && seat.player.id === lobby.host_id && h("span", { class: "badge badge-host" }, "Host"),
    mine && h("span", { class: "badge badge-you" }, "You"),
  ];
  const sitHere = empty && my && !mySeat() && lobby.status === "open"
    ? h("button", { class: "small", id: `sit-${seat.seat}`, onclick: () => join(seat.seat) }, "Sit here") : null;
  return [
    h("div", { class: "chair-top" }, h("span", { class: "chair-number" }, `Seat ${seat.seat + 1}`), badges),
    h("span", { class: "chair-name" }, chairName(seat)),
    chairRating(lobby, seat),
    readyMark(seat),
    sitHere,
    isHost() && lobby.status === "open" ? chairHostControls(seat, lobby, game, refreshFrom) : null,
  ];
}

function refreshFrom(updated) {
  if (updated && updated.seats) show(updated);
}

// The invite code travels in the URL fragment (#code=), which browsers never send to the
// server, so it stays out of access logs and Referer headers. Links from before carried it as
// ?code=: still read, then moved into the fragment so a reload does not send it again. The
// tab remembers it too, so coming back from the rules page (a plain link) keeps the invitation.
function readInviteCode() {
  const remembered = lobbyId ? "foxden.invite." + lobbyId : null;
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get("code");
  const fromQuery = fromFragment ? null : new URLSearchParams(location.search).get("code");
  if (fromQuery) history.replaceState(null, "", location.pathname + "#code=" + encodeURIComponent(fromQuery));
  const code = fromFragment || fromQuery;
  if (code && remembered) sessionStorage.setItem(remembered, code);
  return code || (remembered && sessionStorage.getItem(remembered)) || null;
}

function inviteLink(code) {
  return `${location.origin}/lobby/${encodeURIComponent(lobby.id)}#code=${encodeURIComponent(code)}`;
}

async function newInviteCode() {
  // The host gives out a new link: the old one (and any kicked player's copy) stops working.
  const updated = await change("/invite_code");
  if (updated) toast("New invite link: the old one no longer works.");
}

function buildInvite() {
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

function buildYou() {
  if (lobby.status !== "open") return null;
  const seat = mySeat();
  const full = lobby.seats.every((s) => s.player || s.bot);
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

function buildStart() {
  if (lobby.status !== "open") return null;
  const ready = canStart();
  const text = ready ? "Every seat is filled and everyone is ready."
    : "Start lights up when every seat is filled and every player is ready.";
  if (!isHost()) return h("p", { class: "muted", id: "start-hint" }, "The host starts the match. " + text);
  return h("div", { class: "lobby-actions" },
    h("button", { class: "accent big", id: "start-match", disabled: !ready, onclick: startMatch }, "Start"),
    h("span", { class: "muted" }, text));
}

function buildStatus() {
  if (lobby.status === "closed") return h("p", { class: "form-error", id: "lobby-status" }, "This table is closed.");
  if (lobby.status === "started") {
    return h("p", { id: "lobby-status" }, "The match has started. ",
      h("a", { href: "/match/" + encodeURIComponent(lobby.match_id) }, "Watch it"));
  }
  return h("p", { class: "muted", id: "lobby-status" }, lobby.private ? "Private table, waiting for players."
    : "Open table, waiting for players.", " Turn timer: ", describeClock(lobby), ".",
    lobby.rated ? h("span", { class: "badge badge-host", id: "lobby-rated" }, "rated: people only") : null);
}

/** What this table plays with, in the rules' words, for everyone (the host also has the form). */
function buildOptionsSummary() {
  if (!game) return null;
  const phrases = describeOptions(game.options_schema, lobby.options);
  return h("div", { class: "table-rules" },
    h("h2", { id: "table-rules-title" }, "This table plays with"),
    phrases.length ? h("ul", { class: "option-summary", id: "option-summary" }, phrases.map((p) => h("li", {}, p)))
      : h("p", { class: "muted", id: "option-summary" }, "The standard rules (this game has no options)."),
    h("p", {}, h("a", { id: "rules-link", href: `${game.rules_url}?from=${encodeURIComponent("/lobby/" + lobby.id)}` },
      "Read the rules of " + game.title)));
}

/* ---------- the page: built once, then each part redrawn only when it changed ---------- */

const titleNode = h("h1", { id: "lobby-title" });
const chairsList = h("ul", { class: "chairs", id: "chairs" });
const chairSlots = [];
const parts = {
  status: slot(h("div")),
  summary: slot(h("div")),
  fill: slot(h("div"), { fallback: startOrTitle }),
  start: slot(h("div"), { fallback: () => titleNode }),
  settings: slot(h("div")),
  you: slot(h("div"), { fallback: () => titleNode }),
  invite: slot(h("div")),
};
titleNode.tabIndex = -1;

// Where focus goes once a control it was on is gone for good: the next step if it can be taken.
function startOrTitle() {
  const startButton = /** @type {HTMLButtonElement | null} */ (document.getElementById("start-match"));
  return startButton && !startButton.disabled ? startButton : titleNode;
}

function layout() {
  // Two columns on a desktop; on a phone one, in the order a player needs them (lobby-part-*).
  for (const [name, part] of Object.entries(parts)) part.node.classList.add("lobby-part-" + name);
  replace(main,
    h("div", { class: "lobby-grid" },
      h("div", { class: "lobby-column" },
        h("section", { class: "panel lobby-part-seats", "aria-labelledby": "lobby-title" },
          titleNode, parts.status.node,
          h("h2", { id: "seats-title" }, "Seats"), chairsList, parts.fill.node, parts.start.node),
        parts.settings.node),
      h("div", { class: "lobby-column" }, parts.you.node,
        h("section", { class: "panel lobby-part-rules", "aria-labelledby": "table-rules-title" }, parts.summary.node),
        parts.invite.node)));
}

function drawChairs() {
  while (chairSlots.length < lobby.seats.length) {
    const item = h("li", { class: "chair", tabindex: "-1" });
    // Sitting down moves the next step (I am ready) into the "You" panel: focus goes there.
    const next = () => (item.classList.contains("mine") && document.getElementById("ready-toggle")) || item;
    chairSlots.push(slot(item, { fallback: next }));
    chairsList.append(item);
  }
  while (chairSlots.length > lobby.seats.length) chairSlots.pop().node.remove();
  const host = isHost() && lobby.status === "open";
  const seated = !!mySeat();
  lobby.seats.forEach((seat, index) => {
    const chairSlot = chairSlots[index];
    const my = me();
    const mine = !!(my && seat.player && seat.player.id === my.id);
    const empty = !seat.player && !seat.bot;
    chairSlot.node.className = ["chair", empty && "empty", mine && "mine"].filter(Boolean).join(" ");
    chairSlot.node.dataset.seat = seat.seat;
    chairSlot.set(JSON.stringify([seat, lobby.host_id, my?.id, host, seated, lobby.status, lobby.rated, ratingKey(seat)]), () => buildChair(seat));
  });
}

function show(updated) {
  lobby = updated;
  if (lobby.status === "started" && lobby.match_id && mySeat() && !leaving) {
    goToMatch(lobby.match_id);
    return;
  }
  const title = game ? game.title : lobby.game;
  document.title = `${title} table — Foxden`;
  if (!main.firstChild || !main.contains(titleNode)) layout();
  titleNode.textContent = title;
  const host = isHost() && lobby.status === "open";
  parts.status.set(JSON.stringify([lobby.status, lobby.private, lobby.rated, lobby.turn_seconds, lobby.match_id]), buildStatus);
  parts.summary.set(JSON.stringify([lobby.options]), buildOptionsSummary);
  parts.you.set(JSON.stringify([me()?.id, mySeat(), lobby.seats.every((s) => s.player || s.bot), isHost(), lobby.status]), buildYou);
  drawChairs();
  refreshRatings(lobby, drawChairs);
  parts.start.set(JSON.stringify([isHost(), lobby.status, canStart()]), buildStart);
  parts.fill.set(host ? fillKey(lobby) : "", () => (host ? fillControl(lobby, game, refreshFrom) : null));
  parts.settings.set(host ? settingsKey(lobby) : "", () => (host ? hostSettings(lobby, game, refreshFrom) : null));
  parts.invite.set(JSON.stringify([lobby.invite_code, lobby.private, isHost(), lobby.status]), buildInvite);
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
  socket = new WebSocket(socketUrl(`/lobbies/${encodeURIComponent(lobbyId || "")}/ws`));
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
      // A refused or revoked token: watch instead of looping on it.
      if (["auth/invalid", "auth/revoked"].includes(message.code)) refusedToken = token;
      if (message.code === "auth/revoked") forgetToken(token);
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
