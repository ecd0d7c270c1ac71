// The one stylesheet loader for every renderer: a game's games/<game-id>.css is linked once,
// whether or not the page linked it already.

import { h } from "../../js/dom.js";

/** Link games/<gameId>.css unless the page has it. */
export function ensureStyles(gameId) {
  const href = new URL(`../${gameId}.css`, import.meta.url).href;
  const linked = [...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.href === href);
  if (!linked) document.head.append(h("link", { rel: "stylesheet", href }));
}
