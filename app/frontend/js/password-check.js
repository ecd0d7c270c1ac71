// While a player types a new password, ask the server whether it would be accepted and say so
// under the field, so a guessable one is caught before the form is sent. The server still
// decides: without a verdict (not asked yet, or unreachable) the form goes through as usual.

import { api } from "./api.js";
import { h } from "./dom.js";

// Ask once typing pauses: a check per keystroke would spend the player's request budget.
const PAUSE_MS = 350;

/**
 * Wires the verdict line under `input` and the form's submit `button`; `username()` gives the
 * username being claimed, if any (a password built on it is refused). Returns the verdict line
 * to place after the field, and `refusal()`: why the current password would be refused, or null.
 */
export function passwordCheck(input, button, username = () => undefined) {
  const line = h("p", { id: input.id + "-verdict", class: "password-verdict", "aria-live": "polite" });
  input.setAttribute("aria-describedby", line.id);
  let verdict = null; // {password, acceptable, message} of the last answer for this text
  let timer = null;
  let asked = 0;

  async function ask() {
    if (!input.isConnected) return; // the form is gone (sent and replaced, or signed out)
    const password = input.value, mine = ++asked;
    let answer;
    try {
      answer = await api("/players/me/account/password-check", { method: "POST", body: { password, username: username() || undefined } });
    } catch {
      return; // no verdict: the server judges on submit
    }
    if (mine !== asked || password !== input.value) return; // the player typed on meanwhile
    verdict = { password, ...answer };
    show();
  }

  function show() {
    const refused = verdict && !verdict.acceptable;
    line.textContent = !verdict ? "" : refused ? verdict.message : "Hard enough to guess.";
    line.className = "password-verdict " + (refused ? "verdict-refused" : verdict ? "verdict-ok" : "");
    // aria-disabled, not disabled: the button stays focusable, and it says why it would refuse.
    button.setAttribute("aria-disabled", refused ? "true" : "false");
    if (refused) button.setAttribute("aria-describedby", line.id);
    else button.removeAttribute("aria-describedby");
  }

  function changed() {
    verdict = null;
    asked++; // an answer still on its way is for another text
    show();
    clearTimeout(timer);
    if (input.value) timer = setTimeout(ask, PAUSE_MS);
  }

  input.addEventListener("input", changed);
  const refusal = () => (verdict && !verdict.acceptable && verdict.password === input.value ? verdict.message : null);
  return { line, recheck: () => input.value && changed(), refusal };
}
