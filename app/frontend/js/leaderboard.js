// A game's leaderboard (/games/{id}/leaderboard?page=N&min=M): players by rating, a page at a
// time; for Duet, teams by the highest level they have won.

import { api, gameById } from "./api.js";
import { botMark } from "./bot-mark.js";
import { poolField, poolFromAddress } from "./leaderboard-pool.js";
import { h, replace, pageId, byId } from "./dom.js";
import { siteHeader, status } from "./ui.js";

const gameId = pageId("games");
const app = byId("app");
const PAGE = 50;
const query = new URLSearchParams(location.search);
let page = Math.max(0, Number.parseInt(query.get("page") || "0", 10) || 0);
let minMatches = Math.max(1, Number.parseInt(query.get("min") || "1", 10) || 1);
let pool = poolFromAddress();
let body = null;
let note = null;
const NOTES = {
  rating: "Ratings move after each match at a rated table (openskill); a new player starts at 1500.",
  record: "This game is played together: teams are ranked by the highest level they have won.",
};

const playerLink = (player) => [h("a", { href: `/players/${encodeURIComponent(player.id)}` }, player.name), botMark(player)];

function playersTable(board) {
  return h("table", { class: "data", id: "leaderboard" },
    h("caption", { class: "sr-only" }, "Players by rating"),
    h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Matches", "Win rate"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, board.entries.map((entry) => h("tr", { dataset: { player: entry.player.id } },
      h("td", {}, String(entry.rank)),
      h("th", { scope: "row" }, playerLink(entry.player)),
      h("td", { class: "board-rating" }, String(entry.display_rating)),
      h("td", {}, String(entry.matches)),
      h("td", {}, `${Math.round(entry.win_rate * 100)}%`)))));
}

function teamsTable(board) {
  return h("table", { class: "data", id: "leaderboard" },
    h("caption", { class: "sr-only" }, "Teams by the highest level won"),
    h("thead", {}, h("tr", {}, ["#", "Team", "Best level won", "Won", "Lost"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, board.teams.map((team) => h("tr", {},
      h("td", {}, String(team.rank)),
      h("th", { scope: "row" }, playerLink(team.players[0]), " and ", playerLink(team.players[1])),
      h("td", {}, team.best_level === null ? "—" : String(team.best_level)),
      h("td", {}, String(team.wins)),
      h("td", {}, String(team.losses))))));
}

function pager(board) {
  const last = Math.max(0, Math.ceil(board.total / PAGE) - 1);
  const move = (to) => { page = to; load(); };
  return h("div", { class: "row pager" },
    h("button", { class: "small", id: "board-prev", disabled: page <= 0, onclick: () => move(page - 1) }, "< Better"),
    h("span", { class: "muted" }, `Page ${page + 1} of ${last + 1} · ${board.total} ${board.kind === "record" ? "teams" : "players"}`),
    h("button", { class: "small", id: "board-next", disabled: page >= last, onclick: () => move(page + 1) }, "More >"));
}

async function load() {
  const url = new URL(location.href);
  url.searchParams.set("page", String(page));
  url.searchParams.set("min", String(minMatches));
  history.replaceState(null, "", url);
  let board;
  try {
    board = await api(`/games/${encodeURIComponent(gameId || "")}/leaderboard?offset=${page * PAGE}&limit=${PAGE}&min_matches=${minMatches}&pool=${pool}`, { token: null });
  } catch (failure) {
    status(body, failure.status === 404 ? "There is no such game." : failure.message, "form-error");
    return;
  }
  note.textContent = NOTES[board.kind] || "";
  const empty = board.kind === "record" ? !board.teams.length : !board.entries.length;
  replace(body, empty ? h("p", { class: "muted", id: "board-empty" }, "Nobody here yet: play at a rated table to appear.")
    : board.kind === "record" ? teamsTable(board) : playersTable(board), pager(board));
}

function minField() {
  const input = h("input", { type: "number", id: "board-min", min: "1", max: "10000", value: String(minMatches) });
  input.addEventListener("change", () => {
    minMatches = Math.max(1, Number.parseInt(input.value, 10) || 1);
    page = 0;
    load();
  });
  return h("div", { class: "field" }, h("label", { for: "board-min" }, "At least this many rated matches"), input);
}

async function start() {
  replace(app, siteHeader());
  const main = h("main", { id: "main", class: "leaderboard-page", tabindex: "-1" });
  app.append(main);
  if (!gameId) {
    status(main, "No game given in the address.", "form-error");
    return;
  }
  const game = await gameById(gameId).catch(() => null);
  const title = game ? game.title : gameId;
  document.title = `${title} leaderboard — Foxden`;
  body = h("div", { class: "board-body" });
  note = h("p", { class: "muted", id: "board-note" });
  replace(main, h("h1", {}, `${title}: leaderboard`), note,
    h("section", { class: "panel" }, minField(), poolField(pool, (chosen) => { pool = chosen; page = 0; load(); }), body));
  await load();
}

start();
