// The "BOT" mark beside the name of a bot account (a program plays it: POST
// /api/v1/players/me/bot), wherever a player's name is drawn. Any player reference of the API
// carries `is_bot`; the platform's own seat bots keep their "Bot" badge instead.

import { h } from "./dom.js";

const MEANING = "A bot account: a program plays it";

/** The mark for `ref` (a player reference, a seat or a profile), or null for a person. */
export function botMark(ref) {
  if (!ref || !ref.is_bot) return null;
  return h("abbr", { class: "bot-mark", title: MEANING, "aria-label": "bot account" }, "BOT");
}

/** A name as plain text, marked when it is a bot account's (for lists joined into one line). */
export function markedName(ref, name = ref && ref.name) {
  return ref && ref.is_bot ? `${name} (BOT)` : name;
}
