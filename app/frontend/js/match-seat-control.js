// The seat control of the match page: leave a running match (a bot plays on) and reclaim the
// seat, or resign (POST /api/v1/matches/{id}/resign), behind the confirm dialog: with two
// seats the other wins, in a team game the team loses, with more a bot plays the seat to the
// end and it ranks last. A resigned seat cannot be taken back, so it offers nothing more.

import { api } from "./api.js";
import { confirmDialog } from "./confirm-dialog.js";
import { h } from "./dom.js";
import { toast } from "./ui.js";

/** The children of the seat control for this envelope (none for a spectator or once over). */
export function seatControl(envelope, matchId) {
  const mine = envelope.seat !== null ? envelope.seats[envelope.seat] : null;
  if (!mine || envelope.status !== "active") return [];
  if (mine.resigned) return [h("span", { class: "away-note", id: "resigned-note" }, "You resigned: a bot plays your seat to the end.")];
  const stay = mine.away
    ? h("button", { class: "primary", id: "reclaim-seat", onclick: () => seatChange(matchId, "reclaim") }, "Reclaim my seat")
    : h("button", { class: "small", id: "leave-match", onclick: () => leaveMatch(matchId) }, "Leave table");
  const resign = h("button", { class: "small danger", id: "resign-match", onclick: () => resignMatch(envelope, matchId) }, "Resign");
  return [mine.away ? h("span", { class: "away-note" }, "A bot is playing for you. ") : null, stay, " ", resign];
}

function leaveMatch(matchId) {
  if (!window.confirm("Leave this match? A bot will play your seat; you can come back and reclaim it.")) return;
  seatChange(matchId, "leave");
}

async function seatChange(matchId, what) {
  try {
    await api(`/matches/${encodeURIComponent(matchId)}/${what}`, { method: "POST" });
    toast(what === "leave" ? "You left: a bot plays your seat." : "Welcome back: your seat is yours again.");
  } catch (failure) {
    toast(failure.message, "error");
  }
}

function consequence(envelope) {
  const standing = envelope.seats.filter((seat) => !seat.resigned).length;
  if (standing <= 2) return "The match ends now and you lose it (in a team game, your team loses).";
  return "A bot plays your seat to the end, and you finish last. You cannot take the seat back.";
}

async function resignMatch(envelope, matchId) {
  const sure = await confirmDialog({ title: "Resign this match?", message: consequence(envelope), confirm: "Resign" });
  if (!sure) return;
  try {
    await api(`/matches/${encodeURIComponent(matchId)}/resign`, { method: "POST" });
    toast("You resigned.");
  } catch (failure) {
    toast(failure.message, "error");
  }
}
