// The one stylesheet loader for every renderer: a game's games/<game-id>.css is linked once,
// whether or not the page linked it already. The match and replay pages await it before
// their first drawing: a table drawn before its stylesheet arrives has unsized cards
// and boards, and whatever measures it then (a test, the player's eye) sees a broken layout.

import { h } from "../../js/dom.js";

const ready = new Map(); // href -> Promise that settles once the sheet (and its @imports) loaded

function linkFor(href) {
  /** @type {NodeListOf<HTMLLinkElement>} */
  const links = document.querySelectorAll('link[rel="stylesheet"]');
  return [...links].find((link) => link.href === href) || null;
}

/** Link games/<gameId>.css unless the page has it; the promise settles once it is applied. */
export function ensureStyles(gameId) {
  const href = new URL(`../${gameId}.css`, import.meta.url).href;
  if (ready.has(href)) return ready.get(href);
  let link = linkFor(href);
  /** @type {Promise<void>} */
  const loaded = link && link.sheet ? Promise.resolve() : new Promise((resolve) => {
    if (!link) {
      link = h("link", { rel: "stylesheet", href });
      document.head.append(link);
    }
    // A game without its stylesheet still draws (plainly): an error settles the wait too.
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
  ready.set(href, loaded);
  return loaded;
}
