// Player profile (/players/{id}): each game's rating and win rate, the rating history as an
// inline SVG chart, recent matches (with their replays) and Duet's team records.

import { api, games } from "./api.js";
import { botMark } from "./bot-mark.js";
import { h, svg, replace, pageId, byId } from "./dom.js";
import { siteHeader, status } from "./ui.js";
import { against, when } from "./recent-match.js";

const playerId = pageId("players");
const app = byId("app");
const CHART = { width: 640, height: 220, left: 44, right: 12, top: 14, bottom: 28 };

// Ratings are shown on the display scale (1500 for a newcomer, never negative: docs/ratings.md).
const START = 1500;
const rating = (value) => (value === null || value === undefined ? "—" : String(Math.round(value)));
const percent = (value) => (value === null || value === undefined ? "—" : `${Math.round(value * 100)}%`);
const signed = (value) => (value > 0 ? "+" : value < 0 ? "−" : "±") + String(Math.abs(value));

function standingsTable(profile) {
  return h("table", { class: "data", id: "profile-games" },
    h("caption", {}, "Games"),
    h("thead", {}, h("tr", {}, ["Game", "Rating", "Rated matches", "Played", "Win rate", ""].map((title) =>
      h("th", { scope: "col" }, title)))),
    h("tbody", {}, profile.games.map((game) =>
      h("tr", { dataset: { game: game.game } },
        h("th", { scope: "row" }, game.title),
        h("td", { class: "profile-rating" }, game.kind === "record" ? "team record" : rating(game.display_rating)),
        h("td", {}, String(game.rated_matches)),
        h("td", {}, String(game.played)),
        h("td", {}, percent(game.win_rate)),
        h("td", {}, h("a", { href: `/games/${encodeURIComponent(game.game)}/leaderboard` }, "Leaderboard"))))));
}

/** The points of one game's history as an SVG line, the first point being the start (1500). */
function chart(points, title) {
  const values = [points[0].display_before, ...points.map((p) => p.display_rating)];
  let low = Math.min(...values, START);
  let high = Math.max(...values, START);
  if (high - low < 10) { high += 5; low -= 5; }
  const { width, height, left, right, top, bottom } = CHART;
  const x = (i) => left + (i * (width - left - right)) / Math.max(1, values.length - 1);
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const ticks = [high, (high + low) / 2, low];
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", id: "rating-chart", role: "img",
    "aria-label": `${title}: rating from ${rating(values[0])} to ${rating(values[values.length - 1])} over ${points.length} rated matches` },
    ticks.map((v) => svg("g", {},
      svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "chart-grid" }),
      svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "chart-label" }, rating(v)))),
    svg("line", { x1: left, x2: width - right, y1: y(START), y2: y(START), class: "chart-zero" }),
    svg("polyline", { points: line, class: "chart-line", fill: "none" }),
    values.map((v, i) => svg("circle", { cx: x(i), cy: y(v), r: 3.5, class: "chart-point" },
      svg("title", {}, i === 0 ? `Start: ${rating(v)}` : `After match ${i}: ${rating(v)}`))),
    svg("text", { x: left, y: height - 8, class: "chart-label" }, "start"),
    svg("text", { x: width - right, y: height - 8, "text-anchor": "end", class: "chart-label" }, `match ${points.length}`));
}

function historySection(profile, titles) {
  const byGame = new Map();
  for (const point of profile.history) {
    if (!byGame.has(point.game)) byGame.set(point.game, []);
    byGame.get(point.game).push(point);
  }
  if (!byGame.size) return h("section", { class: "panel" }, h("h2", {}, "Rating history"),
    h("p", { class: "muted" }, "No rated match yet: play at a rated table to get a rating."));
  const gamesWithHistory = [...byGame.keys()].sort((a, b) => byGame.get(b).length - byGame.get(a).length);
  const holder = h("div", { class: "chart-holder" });
  const pick = h("select", { id: "chart-game", "aria-label": "Game of the chart" },
    gamesWithHistory.map((game) => h("option", { value: game }, titles.get(game) || game)));
  const drawChart = () => replace(holder, chart(byGame.get(pick.value), titles.get(pick.value) || pick.value));
  pick.addEventListener("change", drawChart);
  drawChart();
  return h("section", { class: "panel", id: "rating-history" }, h("h2", {}, "Rating history"),
    gamesWithHistory.length > 1 ? h("div", { class: "row" }, h("label", { for: "chart-game" }, "Game"), pick) : null,
    holder);
}

function result(match) {
  if (match.status === "active") return "playing";
  if (match.status === "aborted") return "stopped";
  return match.won ? "won" : "lost";
}

function recentSection(profile, titles) {
  if (!profile.recent.length) return h("section", { class: "panel" }, h("h2", {}, "Recent matches"),
    h("p", { class: "muted" }, "No match at a public table yet."));
  return h("section", { class: "panel" }, h("h2", {}, "Recent matches"),
    h("ul", { class: "recent-list", id: "profile-recent" }, profile.recent.map((match) => {
      const over = match.status !== "active";
      return h("li", { class: "recent-row", dataset: { match: match.match_id } },
        h("strong", {}, titles.get(match.game) || match.game),
        against(match.opponents || []),
        when(match.started_at || match.at),
        h("span", { class: "badge" }, result(match)),
        match.rated ? h("span", { class: "badge badge-host" }, "rated") : null,
        match.display_change !== null && match.display_change !== undefined
          ? h("span", { class: "rating-change" }, signed(match.display_change)) : null,
        h("a", { href: `/match/${encodeURIComponent(match.match_id)}` }, over ? "Match" : "Watch"),
        over ? h("a", { href: `/match/${encodeURIComponent(match.match_id)}/replay` }, "Replay") : null);
    })));
}

function teamSection(profile, titles) {
  if (!profile.team_records.length) return null;
  return h("section", { class: "panel", id: "team-records" }, h("h2", {}, "Team records"),
    profile.team_records.map((team) => h("div", {},
      h("h3", {}, `${titles.get(team.game) || team.game} with `,
        h("a", { href: `/players/${encodeURIComponent(team.partner.id)}` }, team.partner.name), botMark(team.partner)),
      h("ul", {}, team.levels.map((level) =>
        h("li", {}, `Level ${level.level}: ${level.wins} won, ${level.losses} lost`))))));
}

async function start() {
  replace(app, siteHeader());
  const main = h("main", { id: "main", class: "profile-page", tabindex: "-1" });
  app.append(main);
  if (!playerId) {
    status(main, "No player given in the address.", "form-error");
    return;
  }
  let profile;
  let catalogue;
  try {
    [profile, catalogue] = await Promise.all([api(`/players/${encodeURIComponent(playerId)}`, { token: null }),
      games().catch(() => [])]);
  } catch (failure) {
    status(main, failure.status === 404 ? "There is no such player." : failure.message, "form-error");
    return;
  }
  const titles = new Map(catalogue.map((game) => /** @type {const} */ ([game.id, game.title])));
  document.title = `${profile.name} — Foxden`;
  replace(main, h("h1", { id: "profile-name" }, profile.name, botMark(profile)),
    standingsTable(profile), historySection(profile, titles), recentSection(profile, titles), teamSection(profile, titles));
}

start();
