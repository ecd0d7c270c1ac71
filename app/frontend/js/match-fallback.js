// The generic table, used while a game's renderer is missing or failed to load: the view as
// readable nested lists and every legal action as a button, so any game is playable.

import { h } from "./dom.js";
import { humanize } from "./options-form.js";

/**
 * A game's renderer: the default export of games/<game-id>.js (docs/frontend.md, "The renderer
 * contract"). Envelopes, views and actions are the server's JSON, untyped here.
 * @typedef {object} Renderer
 * @property {string} id
 * @property {(root: HTMLElement, envelope: any, ctx: any) => void} render
 * @property {(action: any, envelope: any, ctx?: any) => string} label
 * @property {(envelope: any) => any[]} [promptActions]
 * @property {(envelope: any) => number[]} [mustAct]
 * @property {(envelope: any, ctx?: any) => Node | null} [outcome]
 * @property {(envelope: any, ctx?: any) => Node | null} [teamOutcome]
 * @property {(envelope: any, ctx?: any) => string | null} [headline]
 * @property {(envelope: any, ctx?: any) => boolean} [outcomeReady]
 * @property {(envelope: any, ctx: any) => string | null} [heldPrompt]
 */

/** "play" + {card: "bells-7"} -> "Play: card bells-7". */
export function defaultLabel(action) {
  const details = Object.entries(action)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => `${humanize(key).toLowerCase()} ${formatValue(value)}`);
  return humanize(action.type || "act") + (details.length ? ": " + details.join(", ") : "");
}

function formatValue(value) {
  if (Array.isArray(value)) return value.map(formatValue).join(" + ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function dump(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "none");
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "none");
    if (value.every((item) => item === null || typeof item !== "object")) {
      return h("span", {}, value.map((item) => String(item)).join(", "));
    }
    return h("ol", { class: "dump-list" }, value.map((item) => h("li", {}, dump(item, depth + 1))));
  }
  if (typeof value === "object") {
    if (value.name && typeof value.name === "string" && depth > 0) return h("span", {}, value.name);
    return h("dl", { class: "dump" }, Object.entries(value).flatMap(([key, item]) => [
      h("dt", {}, humanize(key)), h("dd", {}, dump(item, depth + 1)),
    ]));
  }
  return h("span", {}, String(value));
}

/** @type {Renderer} */
export const fallbackRenderer = {
  id: "generic",
  render(root, envelope, ctx) {
    const view = { ...(envelope.view || {}) };
    delete view.prompt; // already on the prompt line
    const actions = ctx.seat === null ? [] : envelope.legal_actions;
    root.append(h("div", { class: "generic-table" },
      h("p", { class: "muted" }, "A plain table for this game (its drawing is not available)."),
      actions.length ? h("div", { class: "generic-actions row" }, actions.map((action) =>
        h("button", { class: "primary small", onclick: () => ctx.act(action) }, defaultLabel(action)))) : null,
      h("div", { class: "generic-view" }, dump(view))));
  },
  label: (action) => defaultLabel(action),
  promptActions: () => [],
  outcome: () => null,
};

/**
 * Load games/<id>.js; any failure (missing file, syntax error, bad export) gives the generic table.
 * @param {string} gameId
 * @returns {Promise<Renderer>}
 */
export async function loadRenderer(gameId) {
  try {
    const module = await import(`/static/games/${gameId}.js`);
    const renderer = module.default;
    if (renderer && typeof renderer.render === "function") return renderer;
    console.warn(`The renderer for ${gameId} has no render(); using the plain table.`);
  } catch (failure) {
    console.warn(`No renderer for ${gameId} (${failure.message}); using the plain table.`);
  }
  return fallbackRenderer;
}
