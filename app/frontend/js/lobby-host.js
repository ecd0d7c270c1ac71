// The host's controls in a lobby: table settings (PATCH), bots in empty chairs (PUT seat),
// removing a bot or kicking a player (DELETE seat).

import { api } from "./api.js";
import { timerField } from "./timer.js";
import { h } from "./dom.js";
import { optionsForm } from "./options-form.js";
import { toast } from "./ui.js";

async function call(lobby, path, method, body) {
  try {
    return await api(`/lobbies/${encodeURIComponent(lobby.id)}${path}`, { method, body });
  } catch (failure) {
    toast(failure.message, "error");
    return null;
  }
}

// The strategy picked per empty chair, kept across redraws (a lobby push must not reset it).
const chosenBot = new Map();

/** Buttons inside one chair: add a bot to an empty chair, or empty an occupied one. */
export function chairHostControls(seat, lobby, game, onUpdated) {
  if (!seat.player && !seat.bot) {
    const strategies = (game && game.bots) || ["random"];
    const selectId = `bot-strategy-${seat.seat}`;
    const picked = chosenBot.get(seat.seat) || (strategies.includes("standard") ? "standard" : strategies[0]);
    const select = h("select", { id: selectId, "aria-label": `Bot strategy for seat ${seat.seat + 1}`,
      onchange: () => chosenBot.set(seat.seat, select.value) },
    strategies.map((name) => h("option", { value: name, selected: name === picked }, name)));
    return h("div", { class: "row" }, select,
      h("button", { class: "small", id: `add-bot-${seat.seat}`,
        onclick: async () => onUpdated(await call(lobby, `/seats/${seat.seat}`, "PUT", { bot: select.value })) },
      "Add bot"));
  }
  if (seat.player && seat.player.id === lobby.host_id) return null;
  const label = seat.bot ? "Remove bot" : "Remove player";
  return h("button", { class: "small danger", id: `remove-seat-${seat.seat}`,
    "aria-label": `${label} from seat ${seat.seat + 1}`,
    onclick: async () => onUpdated(await call(lobby, `/seats/${seat.seat}`, "DELETE")) }, label);
}

// The settings form is rebuilt only when the settings themselves change, so a lobby push
// (someone got ready) does not wipe what the host is typing.
let cached = { key: null, node: null };

/** Seat count, private toggle and the game's options, saved together with PATCH. */
export function hostSettings(lobby, game, onUpdated) {
  const key = JSON.stringify([lobby.options, lobby.seats.length, lobby.private, lobby.turn_seconds]);
  if (cached.key === key && cached.node) return cached.node;
  const min = game ? game.min_players : lobby.seats.length;
  const max = game ? game.max_players : lobby.seats.length;
  const seats = h("select", { id: "host-seats" });
  for (let n = min; n <= max; n += 1) {
    seats.append(h("option", { value: String(n), selected: n === lobby.seats.length }, `${n} seats`));
  }
  const privateBox = h("input", { type: "checkbox", id: "host-private", checked: lobby.private });
  const options = optionsForm(game ? game.options_schema : {}, lobby.options, { prefix: "host" });
  const timer = timerField("host-timer", lobby.turn_seconds);
  const form = h("form", { class: "stack" },
    h("div", { class: "row" },
      h("div", { class: "field" }, h("label", { for: "host-seats" }, "Seats"), seats),
      h("div", { class: "field field-check" }, privateBox, h("label", { for: "host-private" }, "Private table"))),
    timer.node,
    options.node,
    h("button", { class: "primary", type: "submit", id: "save-settings" }, "Save settings"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const updated = await call(lobby, "", "PATCH", {
      seats: Number(seats.value), private: privateBox.checked, options: options.value(),
      turn_seconds: timer.value(),
    });
    if (updated) toast("Settings saved.");
    onUpdated(updated);
  });
  const node = h("section", { class: "panel", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, "Table settings (host)"), form);
  cached = { key, node };
  return node;
}
