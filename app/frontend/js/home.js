// Home page: pick a name once, see the open tables, start a new table.

import { api, games } from "./api.js";
import { markedName } from "./bot-mark.js";
import { timerField } from "./timer.js";
import { h, replace, byId } from "./dom.js";
import { identity, forgetIdentity } from "./identity.js";
import { optionsForm, describeOptions } from "./options-form.js";
import { myGamesPanel, startMyGames, refreshMyGames } from "./my-games.js";
import { siteHeader, nameForm, toast, status, playerCount } from "./ui.js";
import { slot } from "./slot.js";
import { learnPanel } from "./learn.js";
import { dailyPanel } from "./daily.js";

const REFRESH_MS = 5000;
const app = byId("app");
const who = h("div", { class: "who" });
const tablesList = h("div", { class: "tables", id: "open-tables", "aria-live": "polite" });
// Refreshed every few seconds: redrawn only when the list changed, so a focused Join link stays.
const tables = slot(tablesList, { fallback: () => document.getElementById("refresh-tables") });
const gameCards = h("div", { class: "game-cards", role: "list" });
const newTableForm = h("div", { class: "new-table-form", id: "new-table-form" });
const learnSlot = h("div", { class: "learn-slot" });
const dailySlot = h("div", { class: "daily-slot" });
let catalogue = [];
let chosenGame = null;

function renderWho() {
  const me = identity();
  if (!me) {
    replace(who);
    return;
  }
  replace(who,
    h("span", {}, "Playing as ", h("strong", { id: "my-name" }, me.name)),
    h("button", { class: "link-button", id: "change-name", onclick: changeName }, "Change name"));
}

async function changeName() {
  // A new name is a new guest identity. A guest's old token is simply forgotten; a signed-in
  // device signs out first, so its session does not linger on the account's device list.
  if (identity()?.username) {
    try {
      await api("/sessions/current", { method: "DELETE" });
    } catch (failure) {
      if (!["auth/invalid", "auth/expired", "account/not_found"].includes(failure.code)) {
        toast("Could not sign out: " + failure.message, "error");
        return;
      }
    }
  }
  forgetIdentity();
  renderAll();
  document.getElementById("name-input")?.focus();
}

function nameSection() {
  if (identity()) return null;
  return h("section", { class: "panel welcome", "aria-labelledby": "welcome-title" },
    h("h1", { id: "welcome-title" }, "Fox games at one table"),
    h("p", {}, "Pick a name, open a table, send the link to a friend or fill seats with bots."),
    nameForm(named));
}

// The name is picked: only the parts that show it change, so a table being set up below (game,
// seat count, options) stays as it was, and focus goes on to the next step.
function named() {
  renderWho();
  document.querySelector(".welcome")?.remove();
  const waiting = newTableForm.querySelector(".form-error");
  if (waiting) waiting.textContent = ""; // "Pick a name first" is done

  const next = document.getElementById("create-table") || document.querySelector(".game-pick");
  next?.focus();
  refreshMyGames();
  refreshDaily();
}

/** The day's deals and, for a player with a name, where they stand with each. */
async function refreshDaily() {
  let today = null;
  if (identity()) {
    try {
      today = await api("/daily");
    } catch (failure) {
      if (failure.code === "auth/invalid") forgetIdentity();
    }
  }
  replace(dailySlot, catalogue.length ? dailyPanel(today, catalogue) : null);
  dailySlot.dataset.loads = String(Number(dailySlot.dataset.loads || 0) + 1); // tests wait on it
}

function renderAll() {
  renderWho();
  const main = h("main", { id: "main", tabindex: "-1" },
    nameSection(),
    myGamesPanel(),
    dailySlot,
    learnSlot,
    h("section", { class: "panel", "aria-labelledby": "open-title" },
      h("div", { class: "panel-head" },
        h("h2", { id: "open-title" }, "Open tables"),
        h("button", { class: "small", id: "refresh-tables", onclick: refreshTables }, "Refresh")),
      tablesList),
    h("section", { class: "panel", "aria-labelledby": "new-title" },
      h("h2", { id: "new-title" }, "New table"), gameCards, newTableForm));
  replace(app, siteHeader(who), main);
}

/* ---------- open tables ---------- */

async function refreshTables() {
  try {
    const lobbies = await api("/lobbies?status=open");
    showTables(lobbies);
    // How many answers the list has seen (tests wait on it instead of on time).
    tablesList.dataset.loads = String(Number(tablesList.dataset.loads || 0) + 1);
  } catch (failure) {
    const text = "Could not load the open tables: " + failure.message;
    tables.set("failed:" + text, () => h("p", { class: "form-error" }, text));
  }
}

function showTables(lobbies) {
  tables.set(JSON.stringify([lobbies, catalogue.length]), () => (lobbies.length
    ? h("ul", { class: "table-list" }, lobbies.map(tableRow))
    : h("p", { class: "muted" }, "No open tables right now. Start one with New table.")));
}

function tableRow(lobby) {
  const game = catalogue.find((g) => g.id === lobby.game);
  const host = lobby.seats.find((s) => s.player && s.player.id === lobby.host_id);
  const filled = lobby.seats.filter((s) => s.player || s.bot).length;
  const special = game ? describeOptions(game.options_schema, lobby.options, { changedOnly: true }) : [];
  return h("li", { class: "table-row" },
    h("div", {},
      h("strong", {}, game ? game.title : lobby.game),
      h("span", { class: "muted" }, ` hosted by ${host ? markedName(host.player) : "someone"}`),
      h("span", { class: "table-options" }, special.length ? special.join(" · ") : "Standard rules")),
    h("span", { class: "seat-count" }, `${filled}/${lobby.seats.length} seats`),
    h("a", { class: "button", href: "/lobby/" + encodeURIComponent(lobby.id) },
      filled < lobby.seats.length ? "Join" : "Watch"));
}

/* ---------- new table ---------- */

function renderGameCards() {
  replace(gameCards, catalogue.map((game) => {
    const pressed = chosenGame && chosenGame.id === game.id;
    return h("div", { class: ["game-card", pressed && "chosen"], role: "listitem" },
      h("button", { class: "game-pick", "aria-pressed": pressed ? "true" : "false",
        dataset: { game: game.id }, onclick: () => chooseGame(game) },
        h("span", { class: "game-title" }, game.title),
        h("span", { class: "game-players" }, playerCount(game)),
        h("span", { class: "game-pitch" }, game.pitch || "")),
      h("a", { class: "rules-link", href: game.rules_url }, "Rules of " + game.title),
      h("a", { class: "board-link", href: `/games/${encodeURIComponent(game.id)}/leaderboard` },
        "Leaderboard"));
  }));
}

function chooseGame(game) {
  chosenGame = game;
  renderNewTableForm();
  document.getElementById("seats-input")?.focus();
}

function renderNewTableForm() {
  renderGameCards();
  if (!chosenGame) {
    status(newTableForm, "Choose a game above to set up its table.");
    return;
  }
  const game = chosenGame;
  const seats = h("select", { id: "seats-input" },
    range(game.min_players, game.max_players).map((n) =>
      h("option", { value: String(n) }, `${n} seats`)));
  const privateBox = h("input", { type: "checkbox", id: "private-input" });
  const ratedBox = h("input", { type: "checkbox", id: "rated-input" });
  const options = optionsForm(game.options_schema, {}, { prefix: "new" });
  const timer = timerField("timer-input", 0);
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", { class: "stack" },
    h("h3", {}, game.title),
    h("div", { class: "field" }, h("label", { for: "seats-input" }, "Seats"), seats),
    h("div", { class: "field field-check" }, privateBox,
      h("label", { for: "private-input" }, "Private table (only people with the invite link can join)")),
    h("div", { class: "field field-check" }, ratedBox,
      h("label", { for: "rated-input" }, "Rated (the result moves the players' ratings; people only, no bots)")),
    timer.node,
    options.node,
    h("div", { class: "row" }, h("button", { class: "primary big", type: "submit", id: "create-table" },
      "Create table")),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await createTable(game, Number(seats.value), privateBox.checked, options.value(), timer.body(), error, ratedBox.checked);
  });
  replace(newTableForm, form);
}

async function createTable(game, seats, isPrivate, options, clock, error, rated) {
  if (!identity()) {
    error.textContent = "Pick a name first (at the top of the page).";
    document.getElementById("name-input")?.focus();
    return;
  }
  try {
    const lobby = await api("/lobbies", {
      method: "POST",
      body: { game: game.id, seats, options, private: isPrivate, rated,
        turn_seconds: clock.turn_seconds || null, slow_clock: clock.slow_clock },
    });
    // In the fragment, never the query: browsers do not send it, so no log ever sees it.
    const code = lobby.private && lobby.invite_code ? "#code=" + encodeURIComponent(lobby.invite_code) : "";
    location.href = "/lobby/" + encodeURIComponent(lobby.id) + code;
  } catch (failure) {
    error.textContent = failure.message;
    if (failure.code === "auth/invalid") forgetIdentity();
  }
}

function range(from, to) {
  const numbers = [];
  for (let n = from; n <= to; n += 1) numbers.push(n);
  return numbers;
}

async function start() {
  renderAll();
  try {
    catalogue = await games();
  } catch (failure) {
    toast("Could not load the games: " + failure.message, "error");
  }
  renderNewTableForm();
  replace(learnSlot, catalogue.length ? learnPanel(catalogue) : null);
  await refreshDaily();
  await refreshTables();
  setInterval(refreshTables, REFRESH_MS);
  await startMyGames(renderAll);
}

start();
