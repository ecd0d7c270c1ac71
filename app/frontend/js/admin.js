// Admin page (/admin): the admin token (kept in sessionStorage for this tab only), stats,
// and tables of lobbies and matches with filters and the actions beside each row.

import { api, games } from "./api.js";
import { h, replace, byId } from "./dom.js";
import { siteHeader, toast, status } from "./ui.js";
import { confirmDialog } from "./confirm-dialog.js";
import { botMark, markedName } from "./bot-mark.js";

const KEY = "foxden.admin_token";
const app = byId("app");
const main = h("main", { id: "main", tabindex: "-1" });
const statsBox = h("div", { class: "stats", id: "stats" });
const lobbiesBox = h("div", { class: "table-wrap", id: "lobbies" });
const matchesBox = h("div", { class: "table-wrap", id: "matches" });
let catalogue = [];
const filters = { lobbies: { status: "open", game: "" }, matches: { status: "active", game: "" } };

const token = () => sessionStorage.getItem(KEY);

function adminApi(path, options = {}) {
  return api("/admin" + path, { ...options, token: token() });
}

/* ---------- sign in with the admin token ---------- */

function tokenForm(message) {
  const input = h("input", { id: "admin-token", type: "password", autocomplete: "off", required: true });
  const form = h("form", { class: "panel name-form", id: "admin-login" },
    h("h1", {}, "Admin"),
    message ? h("p", { class: "form-error", role: "alert" }, message) : null,
    h("label", { for: "admin-token" }, "Admin token"),
    h("div", { class: "row" }, input, h("button", { class: "primary", type: "submit" }, "Open")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY, input.value.trim());
    showDashboard();
  });
  replace(main, form);
  input.focus();
}

function signOut() {
  sessionStorage.removeItem(KEY);
  tokenForm();
}

/* ---------- stats ---------- */

async function loadStats() {
  const stats = await adminApi("/stats");
  const items = [["Open lobbies", stats.open_lobbies], ["Active matches", stats.active_matches],
    ["Connected sockets", stats.connected_sockets], ["Actions per minute", stats.actions_per_minute]];
  replace(statsBox, items.map(([label, value]) => h("div", { class: "stat" }, h("strong", {}, String(value)), label)));
}

/* ---------- filters ---------- */

function filterBar(kind, statuses, reload) {
  const id = (name) => `${kind}-${name}-filter`;
  const statusSelect = h("select", { id: id("status") },
    h("option", { value: "" }, "any"), statuses.map((s) => h("option", { value: s, selected: s === filters[kind].status }, s)));
  const gameSelect = h("select", { id: id("game") },
    h("option", { value: "" }, "any game"), catalogue.map((g) => h("option", { value: g.id }, g.title)));
  const changed = () => {
    filters[kind] = { status: statusSelect.value, game: gameSelect.value };
    reload();
  };
  statusSelect.addEventListener("change", changed);
  gameSelect.addEventListener("change", changed);
  return h("div", { class: "filters" },
    h("div", { class: "field" }, h("label", { for: id("status") }, "Status"), statusSelect),
    h("div", { class: "field" }, h("label", { for: id("game") }, "Game"), gameSelect));
}

function query(kind) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters[kind])) if (value) params.set(key, value);
  const text = params.toString();
  return text ? "?" + text : "";
}

const gameTitle = (id) => (catalogue.find((g) => g.id === id) || { title: id }).title;

/**
 * A destructive action: asked first (Cancel is the default), then done, then the lists reloaded.
 * The row usually goes away with its button: focus then moves to the table's heading.
 */
async function run(button, question, work, done) {
  if (await confirmDialog(question)) {
    button.disabled = true;
    try {
      await work();
      await done();
    } catch (failure) {
      toast(failure.message, "error");
    } finally {
      button.disabled = false;
    }
  }
  // A list may have been drawn again while the dialog was open (a filter, a reload): focus
  // the same button of the same row if it is still listed, else the table's heading.
  if (!button.isConnected) (twinOf(button) || document.getElementById(question.home))?.focus();
}

/** The button now on the page for the same row and the same action as `button`, or null. */
function twinOf(button) {
  const [key, value] = Object.entries(button.dataset)[0] || [];
  if (!key) return null;
  const attribute = "data-" + key.replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());
  /** @type {NodeListOf<HTMLButtonElement>} */
  const buttons = document.querySelectorAll(`button[${attribute}="${CSS.escape(value)}"]`);
  return [...buttons]
    .find((other) => other.textContent === button.textContent) || null;
}

const players = (seats) => seats.map((s) => (s.player ? s.player.name : s.name)).filter(Boolean);

// "table 1a2b3c4d (Oh, Fox!: Ada, Standard bot 2)": the id the list shows, then what it is.
function describeLobby(lobby) {
  const who = players(lobby.seats);
  return `table ${lobby.id.slice(0, 8)} (${gameTitle(lobby.game)}${who.length ? ": " + who.join(", ") : ""})`;
}

/* ---------- lobbies ---------- */

async function loadLobbies() {
  const lobbies = await adminApi("/lobbies" + query("lobbies"));
  if (!lobbies.length) return status(lobbiesBox, "No lobbies match these filters.");
  replace(lobbiesBox, h("table", { class: "data" },
    h("thead", {}, h("tr", {}, ["Table", "Game", "Status", "Seats", "Actions"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, lobbies.map(lobbyRow))));
}

function lobbyRow(lobby) {
  const refresh = () => Promise.all([loadLobbies(), loadStats()]);
  const seats = lobby.seats.map((seat) => {
    if (!seat.player) return h("div", {}, seat.bot ? `${seat.name || seat.bot + " bot"} (bot)` : "empty");
    const kick = h("button", { class: "small danger", "aria-label": `Kick ${seat.player.name}`,
      dataset: { kick: `${lobby.id}:${seat.player.id}` } }, "Kick");
    kick.addEventListener("click", () => run(kick, {
      title: `Kick ${seat.player.name}?`,
      message: `${seat.player.name} leaves ${describeLobby(lobby)}, and its invite link changes so they cannot come back with it.`,
      confirm: `Kick ${seat.player.name}`, home: "lobbies-title",
    }, () => adminApi(`/lobbies/${lobby.id}/players/${seat.player.id}`, { method: "DELETE" }), refresh));
    return h("div", { class: "row" }, seat.player.name, botMark(seat.player), lobby.status === "open" ? kick : null);
  });
  const close = h("button", { class: "small danger", dataset: { lobby: lobby.id } }, "Close");
  close.addEventListener("click", () => run(close, {
    title: "Close this table?",
    message: `Close ${describeLobby(lobby)}? Nobody can join or start it any more.`,
    confirm: "Close the table", home: "lobbies-title",
  }, () => adminApi(`/lobbies/${lobby.id}/close`, { method: "POST" }), refresh));
  return h("tr", { dataset: { lobby: lobby.id } },
    h("td", { dataset: { label: "Table" } }, h("a", { href: `/lobby/${lobby.id}` }, lobby.id.slice(0, 8)), lobby.private ? " (private)" : ""),
    h("td", { dataset: { label: "Game" } }, gameTitle(lobby.game)),
    h("td", { dataset: { label: "Status" } }, lobby.status),
    h("td", { dataset: { label: "Seats" } }, seats),
    h("td", { dataset: { label: "Actions" } }, h("div", { class: "cell-actions" }, lobby.status === "open" ? close : null,
      lobby.match_id ? h("a", { class: "button small", href: `/match/${lobby.match_id}` }, "Open match") : null)));
}

/* ---------- matches ---------- */

async function loadMatches() {
  const matches = await adminApi("/matches" + query("matches"));
  if (!matches.length) return status(matchesBox, "No matches match these filters.");
  replace(matchesBox, h("table", { class: "data" },
    h("thead", {}, h("tr", {}, ["Match", "Game", "Status", "Version", "Players", "Actions"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, matches.map(matchRow))));
}

function matchRow(match) {
  const abort = h("button", { class: "small danger", dataset: { match: match.id } }, "Abort");
  abort.addEventListener("click", () => run(abort, {
    title: "Abort this match?",
    message: `Match ${match.id.slice(0, 8)} (${gameTitle(match.game)}: ${players(match.seats).join(", ")}) `
      + "ends at once, unfinished, and cannot be resumed.",
    confirm: "Abort the match", home: "matches-title",
  }, () => adminApi(`/matches/${match.id}/abort`, { method: "POST" }), () => Promise.all([loadMatches(), loadStats()])));
  return h("tr", { dataset: { match: match.id } },
    h("td", { dataset: { label: "Match" } }, match.id.slice(0, 8)),
    h("td", { dataset: { label: "Game" } }, gameTitle(match.game)),
    h("td", { dataset: { label: "Status" } }, match.status),
    h("td", { dataset: { label: "Version" } }, String(match.version)),
    h("td", { dataset: { label: "Players" } }, match.seats.map((s) => s.bot ? `${s.name} (bot)` : markedName(s)).join(", ")),
    h("td", { dataset: { label: "Actions" } }, h("div", { class: "cell-actions" }, match.status === "active" ? abort : null,
      h("a", { class: "button small", href: `/match/${match.id}` }, "Open"))));
}

/* ---------- the page ---------- */

async function showDashboard() {
  try {
    catalogue = await games();
    await loadStats();
  } catch (failure) {
    sessionStorage.removeItem(KEY);
    tokenForm(failure.status === 401 || failure.status === 403 ? "That token is not an admin token." : failure.message);
    return;
  }
  replace(main,
    h("div", { class: "panel-head" }, h("h1", {}, "Admin"),
      h("button", { class: "small", id: "admin-signout", onclick: signOut }, "Forget the token")),
    h("section", { class: "panel", "aria-label": "Stats" }, statsBox),
    h("section", { class: "panel", "aria-labelledby": "lobbies-title" }, h("h2", { id: "lobbies-title", tabindex: "-1" }, "Lobbies"),
      filterBar("lobbies", ["open", "started", "closed"], () => loadLobbies().catch(report)), lobbiesBox),
    h("section", { class: "panel", "aria-labelledby": "matches-title" }, h("h2", { id: "matches-title", tabindex: "-1" }, "Matches"),
      filterBar("matches", ["active", "finished", "aborted"], () => loadMatches().catch(report)), matchesBox));
  await Promise.all([loadLobbies(), loadMatches()]).catch(report);
}

function report(failure) {
  toast(failure.message, "error");
}

replace(app, siteHeader(), main);
if (token()) showDashboard();
else tokenForm();
