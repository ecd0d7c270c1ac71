// Learn to play: the home page's list of guided first matches, one per game, and the real match
// the coach offers at the end of one (a table filled with bots through the ordinary lobby flow).

import { api } from "./api.js";
import { h } from "./dom.js";
import { identity } from "./identity.js";

/** Start the guided match of `game` and open its table. */
export async function startTutorial(game) {
  const started = await api("/tutorials", { method: "POST", body: { game } });
  location.href = "/match/" + encodeURIComponent(started.match_id);
}

/**
 * A real table of `game` for its fewest players, the empty chairs filled with the standard bot:
 * the lobby page opens on it, where Start begins the match.
 */
export async function startRealMatch(game) {
  const lobby = await api("/lobbies", { method: "POST", body: { game, options: {} } });
  await api(`/lobbies/${encodeURIComponent(lobby.id)}/bots`, { method: "POST", body: { bot: "standard" } });
  location.href = "/lobby/" + encodeURIComponent(lobby.id);
}

/** Run `work` for a click of `button`: no second click meanwhile; a refusal said in `error`. */
export async function whileBusy(button, error, work) {
  button.disabled = true;
  try {
    await work();
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
  }
}

/** The home page's panel: a button per game; a name must be picked first. */
export function learnPanel(catalogue) {
  const error = h("p", { class: "form-error", role: "alert", id: "learn-error" });
  const choose = async (game, button) => {
    if (!identity()) {
      error.textContent = "Pick a name first (at the top of the page).";
      document.getElementById("name-input")?.focus();
      return;
    }
    await whileBusy(button, error, () => startTutorial(game.id));
  };
  const items = catalogue.map((game) => {
    const button = h("button", { class: "learn-pick", type: "button", dataset: { learn: game.id } },
      h("span", { class: "game-title" }, game.title),
      h("span", { class: "learn-what" }, "A guided first deal against a bot"));
    button.addEventListener("click", () => choose(game, button));
    return h("li", {}, button);
  });
  return h("section", { class: "panel learn", id: "learn", "aria-labelledby": "learn-title" },
    h("h2", { id: "learn-title" }, "Learn to play"),
    h("p", { class: "muted" }, "New to a game? A coach walks you through one short deal against a bot, "
      + "one rule at a time. It is never rated."),
    h("ul", { class: "learn-list" }, items), error);
}
