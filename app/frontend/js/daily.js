// The daily deal (docs/daily.md): the home page's panel of the day's five deals, and the words
// every daily page shares (a result, a day, the link to a deal's results).

import { api } from "./api.js";
import { h } from "./dom.js";
import { identity } from "./identity.js";
import { whileBusy } from "./learn.js";

/** "Saturday 5 December", read in UTC: a deal's day is the same everywhere. */
export function dayWords(day) {
  return new Date(day + "T00:00:00Z").toLocaleDateString("en-GB",
    { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}

export function resultsUrl(game, day) {
  return `/daily/${encodeURIComponent(game)}/${encodeURIComponent(day)}`;
}

/** A result in words: "Won 17 to 9", "Mission met · 23 points", "Resigned", "Playing". */
export function resultWords(result, deal) {
  if (result.status === "playing") return "Playing";
  if (result.status === "resigned") return "Resigned";
  if (result.status === "aborted") return "Stopped by an admin";
  const mine = result.scores[deal.seat];
  if (deal.mission) {
    const points = result.won ? ` · ${mine} points` : "";
    return (result.mission_met ? "Mission met" : result.won ? "Won, mission missed" : "Lost") + points;
  }
  const best = Math.max(...result.scores.filter((_, seat) => seat !== deal.seat));
  return `${result.won ? "Won" : "Lost"} ${mine} to ${best}`;
}

/** "Top 25%" style words for a percentile; null while nobody else has finished. */
export function percentileWords(result) {
  if (result.percentile === null) return result.rank === null ? "" : "The first to finish";
  return `${result.percentile}%`;
}

/** Play (or go back to) today's deal of `game`. */
export async function playDaily(game) {
  const started = await api(`/daily/${encodeURIComponent(game)}`, { method: "POST" });
  location.href = "/match/" + encodeURIComponent(started.match_id);
}

function hoursUntil(nextAt) {
  const hours = Math.max(0, Math.ceil((Date.parse(nextAt) - Date.now()) / 3_600_000));
  return hours <= 1 ? "within the hour" : `in ${hours} hours`;
}

function dealRow(deal, error) {
  const yours = deal.yours;
  const mission = deal.mission ? h("span", { class: "daily-mission" }, "Team mission: " + deal.mission.text) : null;
  const others = deal.finished === 0 ? "Nobody has finished it yet"
    : deal.finished === 1 ? "1 player has finished it" : `${deal.finished} players have finished it`;
  let action;
  if (yours && yours.status !== "playing") {
    action = h("a", { class: "button small", href: resultsUrl(deal.game, deal.day), dataset: { dailyResults: deal.game } },
      "See the results");
  } else {
    const button = h("button", { class: "small", type: "button", dataset: { daily: deal.game } },
      yours ? "Go on playing" : "Play today's deal");
    button.addEventListener("click", () => {
      if (!identity()) {
        error.textContent = "Pick a name first (at the top of the page).";
        document.getElementById("name-input")?.focus();
        return;
      }
      whileBusy(button, error, () => playDaily(deal.game));
    });
    action = button;
  }
  const standing = yours && yours.status !== "playing"
    ? h("span", { class: "daily-yours" }, `You: ${resultWords(yours, deal)}`,
      yours.rank !== null ? ` · rank ${yours.rank} of ${deal.finished}` : "",
      yours.percentile !== null ? ` · ${yours.percentile}%` : "")
    : null;
  return h("li", { class: "daily-deal", dataset: { game: deal.game } },
    h("div", {}, h("strong", { class: "game-title" }, deal.title), mission,
      h("span", { class: "muted" }, others), standing),
    action);
}

/** The home page's panel; `today` is GET /api/v1/daily (null for a visitor without a name). */
export function dailyPanel(today, catalogue) {
  const error = h("p", { class: "form-error", role: "alert", id: "daily-error" });
  const head = h("p", { class: "muted" }, "One deal a day per game, the same cards for everyone, played once "
    + "against the bot. When you finish, see how everyone who played it did.");
  let list;
  if (today) {
    list = h("ul", { class: "daily-list" }, today.deals.map((deal) => dealRow(deal, error)));
    head.append(` New deals ${hoursUntil(today.next_at)} (midnight UTC).`);
  } else {
    list = h("ul", { class: "daily-list" }, catalogue.map((game) => dealRow(
      { game: game.id, title: game.title, day: "", finished: 0, yours: null, mission: null }, error)));
  }
  return h("section", { class: "panel daily", id: "daily", "aria-labelledby": "daily-title" },
    h("h2", { id: "daily-title" }, "Daily deal", today ? h("span", { class: "muted daily-day" }, " · " + dayWords(today.day)) : null),
    head, list, error);
}
