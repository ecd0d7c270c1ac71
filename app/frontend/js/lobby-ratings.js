// The rating of each player seated at a rated table, for that game, on the display scale
// (docs/ratings.md): one request for all seats (GET /games/{id}/ratings?players=a,b), made
// again only when who sits there changes.

import { api } from "./api.js";
import { h } from "./dom.js";

const known = new Map(); // player id -> {display_rating, matches}
let askedFor = "";

function seatedIds(lobby) {
  return lobby.seats.filter((seat) => seat.player).map((seat) => seat.player.id);
}

/** Fetch the seated players' ratings if the seats changed; `onChange` redraws when they arrive. */
export function refreshRatings(lobby, onChange) {
  const ids = lobby.rated ? seatedIds(lobby) : [];
  const key = `${lobby.game}|${ids.join(",")}`;
  if (!ids.length || key === askedFor) return;
  askedFor = key;
  api(`/games/${encodeURIComponent(lobby.game)}/ratings?players=${ids.map(encodeURIComponent).join(",")}`, { token: null })
    .then((answer) => {
      for (const rating of answer.ratings) known.set(rating.player_id, rating);
      onChange();
    })
    .catch(() => { askedFor = ""; }); // a rating left out is better than an error in the lobby
}

/** What the chair's redraw depends on: the rating shown, once known. */
export function ratingKey(seat) {
  const rating = seat.player && known.get(seat.player.id);
  return rating ? `${rating.display_rating}/${rating.matches}` : "";
}

/** "Rating 1534" (or "Rating 1500 · new") under a seated player's name at a rated table. */
export function chairRating(lobby, seat) {
  const rating = lobby.rated && seat.player && known.get(seat.player.id);
  if (!rating) return null;
  return h("span", { class: "chair-rating", title: "Rating in this game (1500 to start)" },
    `Rating ${rating.display_rating}`, rating.matches ? null : " · new");
}
