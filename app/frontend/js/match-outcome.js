// The outcome screen: who won, the scores as a table, the renderer's own reveal, Rematch.

import { api } from "./api.js";
import { h } from "./dom.js";
import { toast } from "./ui.js";
import { ratingChangesSection } from "./outcome-ratings.js";

function headline(envelope, names) {
  if (envelope.status === "aborted") return "This match was stopped before the end.";
  const winners = (envelope.outcome && envelope.outcome.winners) || [];
  if (!winners.length) return "The match is over: nobody wins.";
  if (envelope.seat !== null && winners.includes(envelope.seat)) {
    return winners.length > 1 ? "You win, together!" : "You win!";
  }
  const list = winners.map((seat) => names[seat] || `Seat ${seat + 1}`);
  const joined = list.length > 1 ? list.slice(0, -1).join(", ") + " and " + list[list.length - 1] : list[0];
  return `${joined} ${list.length > 1 ? "win" : "wins"}.`;
}

function scoreTable(envelope, names) {
  const outcome = envelope.outcome;
  if (!outcome || !Array.isArray(outcome.scores)) return null;
  const winners = outcome.winners || [];
  return h("table", { class: "data outcome-scores" },
    h("caption", { class: "sr-only" }, "Final scores"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Score"),
      h("th", { scope: "col" }, "Result"))),
    h("tbody", {}, outcome.scores.map((score, seat) =>
      h("tr", { class: winners.includes(seat) ? "winner" : "" },
        h("th", { scope: "row" }, names[seat] || `Seat ${seat + 1}`),
        h("td", {}, Number.isInteger(score) ? String(score) : String(Math.round(score * 100) / 100)),
        h("td", {}, winners.includes(seat) ? "Winner" : "")))));
}

async function rematch(matchId, button) {
  button.disabled = true;
  try {
    const lobby = await api(`/matches/${encodeURIComponent(matchId)}/rematch`, { method: "POST" });
    const code = lobby.invite_code ? "?code=" + encodeURIComponent(lobby.invite_code) : "";
    location.href = "/lobby/" + encodeURIComponent(lobby.id) + code;
  } catch (failure) {
    button.disabled = false;
    toast(failure.message, "error");
  }
}

/**
 * The whole outcome section; `extra` is the renderer's outcome() node (or null); `team` its
 * teamOutcome() node, shown instead of the per-player scores in team games (or null); `title`
 * its headline() (a team game's result in words), else who won.
 */
export function outcomeScreen(envelope, ctx, extra, team = null, title = null) {
  // How it ended, in the engine's words when it gives them (Fox on the Run: "Zev caught
  // Indigo"); a bare reason code ("indigo_freed_scarlett") is not shown: the headline and the
  // prompt line already tell the end in sentences.
  const summary = envelope.outcome && envelope.outcome.detail && envelope.outcome.detail.summary;
  const reason = typeof summary === "string" && summary ? summary.charAt(0).toUpperCase() + summary.slice(1) : null;
  const rematchButton = h("button", { class: "accent big", id: "rematch" }, "Rematch");
  rematchButton.addEventListener("click", () => rematch(envelope.match_id, rematchButton));
  return h("section", { class: "panel outcome", id: "outcome", "aria-labelledby": "outcome-title", tabindex: "-1" },
    h("h2", { id: "outcome-title" }, (envelope.status === "finished" && title) || headline(envelope, ctx.names)),
    reason ? h("p", { class: "muted outcome-reason" }, `How it ended: ${reason}.`) : null,
    team || scoreTable(envelope, ctx.names),
    ratingChangesSection(envelope, ctx.names),
    extra,
    h("div", { class: "row" },
      ctx.seat !== null && envelope.status === "finished" ? rematchButton : null,
      h("a", { class: "button", id: "replay-link", href: `/match/${encodeURIComponent(envelope.match_id)}/replay` },
        "Step through the replay"),
      h("a", { class: "button", href: "/" }, "Back to the tables")));
}
