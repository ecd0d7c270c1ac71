// A daily deal's match (docs/daily.md): a badge beside the title says what the table is (with
// the Duet's team mission of the day), and once the match is over it leads to the deal's
// results, where the player's result is ranked against everyone who played the same cards.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { resultsUrl } from "./daily.js";

/** Whether a match is a daily deal's: its bot seats are the daily bot. */
export function isDaily(summary) {
  return summary.seats.some((seat) => seat.bot === "daily");
}

export class DailyNote {
  constructor(matchId, game) {
    this.matchId = matchId;
    this.game = game;
    this.ended = false;
    this.badge = h("span", { class: "badge badge-daily", id: "daily-badge",
      title: "The same deal for everyone today, played once; ranked when it is over" }, "Daily deal");
    this.mission = h("span", { class: "daily-mission", id: "daily-mission", hidden: true });
    this.node = h("span", { class: "daily-note" }, this.badge, this.mission);
    // The deal is today's unless it was begun before midnight UTC (then the home page leads
    // to both days' results).
    this.deal = api("/daily")
      .then((today) => today.deals.find((d) => d.yours && d.yours.match_id === this.matchId) || null)
      .catch(() => null);
    this.deal.then((deal) => {
      if (!deal || !deal.mission) return;
      replace(this.mission, "Team mission: " + deal.mission.text);
      this.mission.hidden = false;
    });
  }

  /** After each envelope: at the end, the badge becomes the way to the results. */
  async seen(envelope) {
    if (envelope.status !== "finished" || this.ended) return;
    this.ended = true;
    const deal = await this.deal;
    const href = deal ? resultsUrl(this.game, deal.day) : "/#daily";
    replace(this.badge, "Daily deal · ", h("a", { href, id: "daily-results-link" }, "See how everyone did"));
  }
}
