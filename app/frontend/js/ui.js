// Small shared pieces of the pages: the site header, toasts, the name form, copy to clipboard.

import { h, clear } from "./dom.js";
import { identity, createIdentity } from "./identity.js";
import "./install.js"; // every page shows the site header: the app's service worker comes along

/** The top bar: the Foxden mark (home link) and whatever the page adds on the right. */
export function siteHeader(...right) {
  return h("header", { class: "site-header" },
    h("a", { class: "brand", href: "/" }, foxMark(), h("span", {}, "Foxden")),
    h("div", { class: "site-header-right" }, ...right,
      h("a", { href: "/account", id: "account-link" }, identity() ? "Account" : "Sign in")));
}

function foxMark() {
  // A simple geometric fox head, inline so no image is fetched.
  const wrap = document.createElement("span");
  wrap.className = "brand-mark";
  wrap.setAttribute("aria-hidden", "true");
  wrap.innerHTML = '<svg viewBox="0 0 32 32" width="28" height="28">' +
    '<path d="M3 4 L12 12 L20 12 L29 4 L27 18 L16 29 L5 18 Z" fill="#c2521c"/>' +
    '<path d="M9 19 L16 27 L23 19 L16 22 Z" fill="#fff6e8"/>' +
    '<circle cx="11.5" cy="16" r="1.6" fill="#1f2a24"/><circle cx="20.5" cy="16" r="1.6" fill="#1f2a24"/>' +
    '</svg>';
  return wrap;
}

let toastBox = null;

/** A non-blocking message in the corner; errors stay a little longer. */
export function toast(message, kind = "info") {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const item = h("div", { class: ["toast", "toast-" + kind] }, message);
  const close = h("button", { class: "toast-close", "aria-label": "Dismiss", onclick: () => item.remove() }, "x");
  item.append(close);
  toastBox.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3500);
  return item;
}

/**
 * "Pick a name" form. Calls onDone(identity) after POST /api/v1/players succeeded.
 * Used on the home page and by the lobby when a visitor arrives from an invite link.
 */
export function nameForm(onDone, { label = "Pick a name to play", button = "Play" } = {}) {
  const input = h("input", {
    id: "name-input", name: "name", maxlength: 32, required: true, autocomplete: "nickname",
    placeholder: "Your name", value: identity()?.name || "",
  });
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", { class: "name-form" },
    h("label", { for: "name-input" }, label),
    h("div", { class: "row" }, input, h("button", { class: "primary", type: "submit" }, button)),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) {
      error.textContent = "Type a name first.";
      return;
    }
    try {
      onDone(await createIdentity(name));
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  return form;
}

/** Copy text; falls back to selecting it when the clipboard API is unavailable. */
export async function copyText(text, fallbackInput) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied.");
  } catch {
    if (fallbackInput) {
      fallbackInput.focus();
      fallbackInput.select();
    }
    toast("Press Ctrl+C to copy the selected link.");
  }
}

/** A loading / failure line inside a container. */
export function status(container, text, kind = "muted") {
  clear(container).append(h("p", { class: kind }, text));
}

/** Players of a game as words: "2 players", "2-5 players". */
export function playerCount(game) {
  return game.min_players === game.max_players
    ? `${game.min_players} players`
    : `${game.min_players}-${game.max_players} players`;
}
