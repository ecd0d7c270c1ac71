// A daily deal's results (/daily/{game}/{day}): everyone who played that day's deal of the game,
// best first, with each one's percentile (duplicate scoring, docs/daily.md); the day before and
// after; and, on the caller's own row, the way to its replay and its review.

import { api } from "./api.js";
import { h, replace, byId } from "./dom.js";
import { siteHeader } from "./ui.js";
import { dayWords, percentileWords, playDaily, resultWords, resultsUrl } from "./daily.js";
import { whileBusy } from "./learn.js";

const app = byId("app");
const [, gameId = "", day = ""] = location.pathname.match(/\/daily\/([^/]+)\/([^/?#]+)/) || [];
const game = decodeURIComponent(gameId);
// The server's words for daily/not_played: today's results are not asked for before then.
const NOT_PLAYED = "Today's results open once you have finished today's deal yourself.";

function shifted(by) {
  const date = new Date(day + "T00:00:00Z");
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

function resultRow(result, deal) {
  const name = result.mine ? h("strong", {}, result.name, " (you)") : result.name;
  const replay = result.mine && result.match_id && result.status !== "playing"
    ? h("a", { href: `/match/${encodeURIComponent(result.match_id)}/replay`, id: "my-replay" }, "Replay and review")
    : null;
  return h("tr", { class: result.mine ? "mine" : null, dataset: { player: result.player_id, status: result.status } },
    h("td", {}, result.rank === null ? "—" : String(result.rank)),
    h("th", { scope: "row" }, name, replay ? [" · ", replay] : null),
    h("td", { class: "daily-result" }, resultWords(result, deal)),
    h("td", { class: "daily-percentile" }, percentileWords(result)));
}

function resultsTable(deal) {
  return h("table", { class: "data", id: "daily-results" },
    h("caption", { class: "sr-only" }, "Everyone's result of this deal, best first"),
    h("thead", {}, h("tr", {}, ["#", "Player", "Result", "Percentile"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, deal.results.map((result) => resultRow(result, deal))));
}

function dayLinks(today) {
  return h("nav", { class: "row daily-days", "aria-label": "Other days" },
    h("a", { href: resultsUrl(game, shifted(-1)), id: "daily-before" }, "< The day before"),
    day < today ? h("a", { href: resultsUrl(game, shifted(1)), id: "daily-after" }, "The day after >") : null);
}

/** Today's deal not yet finished by the caller: its results wait; the deal is one click away. */
function notYet(message) {
  const error = h("p", { class: "form-error", role: "alert" });
  const button = h("button", { type: "button", id: "daily-play" }, "Play today's deal");
  button.addEventListener("click", () => whileBusy(button, error, () => playDaily(game)));
  return [h("p", {}, message), button, error];
}

function explained(deal) {
  const mission = deal.mission ? h("p", { class: "daily-mission" }, "Team mission: " + deal.mission.text) : null;
  const ranked = deal.mission
    ? "Ranked by the mission, then the win, then the team's points."
    : "Ranked by the win, then the points over the bot.";
  const about = h("p", { class: "muted" },
    `${deal.finished} finished. Everyone had the same cards and met the same bot. ${ranked} `
    + "The percentile is the share of the other players you did better than, a tie counting half.");
  return mission ? [mission, about] : [about];
}

async function start() {
  const main = h("main", { id: "main", tabindex: "-1" });
  replace(app, siteHeader(), main);
  const title = h("h1", { id: "daily-results-title" }, "Daily deal");
  const panel = h("section", { class: "panel", "aria-labelledby": "daily-results-title" },
    h("p", {}, h("a", { href: "/#daily" }, "< Today's deals")), title);
  main.append(panel);
  let today = "";
  try {
    const deals = await api("/daily");
    today = deals.day;
    const mine = deals.deals.find((d) => d.game === game)?.yours;
    if (day === today && (!mine || mine.status === "playing")) {
      panel.append(...notYet(NOT_PLAYED), dayLinks(today));
      panel.dataset.loaded = "true";
      return;
    }
    const deal = await api(`/daily/${encodeURIComponent(game)}/${encodeURIComponent(day)}`);
    replace(title, `${deal.title}: the deal of ${dayWords(deal.day)}`);
    panel.append(...explained(deal), resultsTable(deal), dayLinks(today));
  } catch (failure) {
    if (failure.code === "daily/not_played") panel.append(...notYet(failure.message));
    else panel.append(h("p", { class: "form-error", role: "alert" }, failure.message));
    if (today) panel.append(dayLinks(today));
  }
  panel.dataset.loaded = "true"; // tests wait on it
}

start();
