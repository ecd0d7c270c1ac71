// The host's controls in a lobby: table settings (PATCH), a bot in one empty chair (PUT seat)
// or in all of them (POST bots), removing a bot or kicking a player (DELETE seat).

import { api } from "./api.js";
import { timerField } from "./timer.js";
import { h } from "./dom.js";
import { optionsForm, humanize } from "./options-form.js";
import { toast } from "./ui.js";
import { confirmDialog } from "./confirm-dialog.js";

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

function strategiesOf(game) {
  return (game && game.bots) || ["random"];
}

function defaultStrategy(strategies) {
  return strategies.includes("standard") ? "standard" : strategies[0];
}

function strategySelect(id, label, strategies, picked, onPick) {
  const select = h("select", { id, "aria-label": label, onchange: () => onPick(select.value) },
    strategies.map((name) => h("option", { value: name, selected: name === picked }, humanize(name))));
  return select;
}

const emptySeats = (lobby) => lobby.seats.filter((s) => !s.player && !s.bot).length;

/** When the fill control must be redrawn: the number of empty chairs it would fill. */
export function fillKey(lobby) {
  return `${emptySeats(lobby)}|${lobby.rated}`;
}

let fillStrategy = null;

/** "Fill the 3 empty seats with [Standard] bots": one click, one request, one push. */
export function fillControl(lobby, game, onUpdated) {
  const count = emptySeats(lobby);
  if (!count || lobby.rated) return null; // a rated table is for people only
  const strategies = strategiesOf(game);
  const picked = strategies.includes(fillStrategy) ? fillStrategy : defaultStrategy(strategies);
  const select = strategySelect("fill-bots-strategy", "Strategy of the bots", strategies, picked,
    (value) => { fillStrategy = value; });
  const button = h("button", { class: "small", id: "fill-bots", type: "button" },
    count === 1 ? "Fill the empty seat with a bot" : `Fill the ${count} empty seats with bots`);
  let busy = false; // not `disabled`: a disabled button loses the keyboard focus
  button.addEventListener("click", async () => {
    if (busy) return;
    busy = true;
    button.setAttribute("aria-busy", "true");
    const updated = await call(lobby, "/bots", "POST", { bot: select.value });
    busy = false;
    button.removeAttribute("aria-busy");
    onUpdated(updated);
  });
  return h("div", { class: "fill-bots row" },
    h("label", { for: "fill-bots-strategy" }, "Bots play"), select, button);
}

/** Buttons inside one chair: add a bot to an empty chair, or empty an occupied one. */
export function chairHostControls(seat, lobby, game, onUpdated) {
  if (!seat.player && !seat.bot) {
    if (lobby.rated) return null; // a rated table is for people only: no "Add bot"
    const strategies = strategiesOf(game);
    const picked = chosenBot.get(seat.seat) || defaultStrategy(strategies);
    const select = strategySelect(`bot-strategy-${seat.seat}`, `Bot strategy for seat ${seat.seat + 1}`,
      strategies, picked, (value) => chosenBot.set(seat.seat, value));
    return h("div", { class: "row" }, select,
      h("button", { class: "small", id: `add-bot-${seat.seat}`,
        onclick: async () => onUpdated(await call(lobby, `/seats/${seat.seat}`, "PUT", { bot: select.value })) },
      "Add bot"));
  }
  if (seat.player && seat.player.id === lobby.host_id) return null;
  const label = seat.bot ? "Remove bot" : "Remove player";
  return h("button", { class: "small danger", id: `remove-seat-${seat.seat}`,
    "aria-label": `${label} from seat ${seat.seat + 1}`,
    onclick: async () => {
      // A bot comes back with one click; a person sent away does not: ask first.
      if (seat.player && !(await confirmDialog({
        title: `Remove ${seat.player.name}?`,
        message: `${seat.player.name} leaves seat ${seat.seat + 1}, and the invite link changes so the old one no longer works.`,
        confirm: `Remove ${seat.player.name}`,
      }))) return;
      onUpdated(await call(lobby, `/seats/${seat.seat}`, "DELETE"));
    } }, label);
}

/**
 * When the settings form must be rebuilt: only when the settings themselves change, so a lobby
 * push (someone got ready) does not wipe what the host is typing.
 */
export function settingsKey(lobby) {
  return JSON.stringify([lobby.options, lobby.seats.length, lobby.private, lobby.rated, lobby.turn_seconds]);
}

// Why a save was refused, in a player's words (the server's message says the rest).
const REFUSALS = {
  "lobby/rated_no_bots": "A rated table is for people only, and bots sit here: remove the bots, then make the table rated.",
};

/** Seat count, private and rated toggles, the timer and the game's options, saved together with PATCH. */
export function hostSettings(lobby, game, onUpdated) {
  const min = game ? game.min_players : lobby.seats.length;
  const max = game ? game.max_players : lobby.seats.length;
  const seats = h("select", { id: "host-seats" });
  for (let n = min; n <= max; n += 1) {
    seats.append(h("option", { value: String(n), selected: n === lobby.seats.length }, `${n} seats`));
  }
  const privateBox = h("input", { type: "checkbox", id: "host-private", checked: lobby.private });
  const ratedBox = h("input", { type: "checkbox", id: "host-rated", checked: lobby.rated });
  const refusal = h("p", { class: "form-error", id: "settings-error", role: "alert", hidden: true });
  const options = optionsForm(game ? game.options_schema : {}, lobby.options, { prefix: "host" });
  const timer = timerField("host-timer", lobby.turn_seconds, lobby.slow_clock);
  const form = h("form", { class: "stack" },
    h("div", { class: "row" },
      h("div", { class: "field" }, h("label", { for: "host-seats" }, "Seats"), seats),
      h("div", { class: "field field-check" }, privateBox, h("label", { for: "host-private" }, "Private table"))),
    h("div", { class: "field field-check" }, ratedBox,
      h("label", { for: "host-rated" }, "Rated (the result moves the players' ratings; people only, no bots)")),
    timer.node,
    options.node,
    refusal,
    h("button", { class: "primary", type: "submit", id: "save-settings" }, "Save settings"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    refusal.hidden = true;
    try {
      const updated = await api(`/lobbies/${encodeURIComponent(lobby.id)}`, { method: "PATCH", body: {
        seats: Number(seats.value), private: privateBox.checked, rated: ratedBox.checked,
        options: options.value(), ...timer.body(),
      } });
      toast("Settings saved.");
      onUpdated(updated);
    } catch (failure) {
      // Said next to the form, where the host looks: nothing of this save was kept.
      refusal.textContent = `${REFUSALS[failure.code] || failure.message} Your settings were not saved.`;
      refusal.hidden = false;
    }
  });
  return h("section", { class: "panel", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, "Table settings"),
    h("p", { class: "muted" }, "Only you, the host, can change these."), form);
}
