// Small shared pieces of the pages: the site header, toasts, the name form, copy to clipboard.

import { h, clear } from "./dom.js";
import { identity, createIdentity } from "./identity.js";

/** The top bar: the Foxden mark (home link) and whatever the page adds on the right. */
export function siteHeader(...right) {
  return h("header", { class: "site-header" },
    h("a", { class: "brand", href: "/" }, foxMark(), h("span", {}, "Foxden")),
    h("div", { class: "site-header-right" }, ...right));
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

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea, [tabindex='0']";

/**
 * A part of a page that live pushes redraw: `set(key, build)` rebuilds its content only when
 * `key` changed, so a push about something else never replaces the control under the pointer
 * or the one with focus. When a rebuild does remove the focused control, focus goes to the
 * control with the same id, else to the first control of the new content, else to
 * `fallback()` (an element), so it never drops to the page.
 */
export function slot(node, { fallback } = {}) {
  let currentKey;
  return {
    node,
    set(key, build) {
      if (key === currentKey) return;
      currentKey = key;
      const focused = document.activeElement;
      const hadFocus = focused && focused !== document.body && node.contains(focused);
      const focusedId = hadFocus ? focused.id : null;
      const built = build();
      node.replaceChildren(...[built].flat().filter((child) => child !== null && child !== undefined && child !== false));
      if (hadFocus) refocus(node, focusedId, fallback);
    },
  };
}

function refocus(node, focusedId, fallback) {
  const target = (focusedId && document.getElementById(focusedId))
    || node.querySelector(FOCUSABLE)
    || (fallback && fallback());
  if (target) target.focus();
}

/**
 * A confirmation dialog: resolves true for `confirm`, false for Cancel or Escape. Cancel has
 * the focus when it opens, so Enter on a hasty keyboard never confirms a destructive action.
 */
export function confirmDialog({ title, message, confirm, danger = true }) {
  return new Promise((resolve) => {
    const opener = document.activeElement;
    const cancelButton = h("button", { type: "button", id: "confirm-cancel", autofocus: true }, "Cancel");
    const confirmButton = h("button", { type: "button", id: "confirm-ok", class: danger ? "danger-solid" : "primary" }, confirm);
    const dialog = h("dialog", { class: "confirm-dialog", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-message" },
      h("h2", { id: "confirm-title" }, title),
      h("p", { id: "confirm-message" }, message),
      h("div", { class: "row dialog-buttons" }, cancelButton, confirmButton));
    let answer = false;
    cancelButton.addEventListener("click", () => dialog.close());
    confirmButton.addEventListener("click", () => {
      answer = true;
      dialog.close();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener && opener.isConnected) opener.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancelButton.focus();
  });
}
