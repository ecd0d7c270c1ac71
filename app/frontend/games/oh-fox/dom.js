// The Oh, Fox! renderer's DOM vocabulary: the page's one DOM helper (js/dom.js) under the
// names this renderer uses, plus the keyboard "button" behaviour for SVG groups.

import { h, listen, svg } from "../../js/dom.js";

export { h };

/** An SVG element, same call shape as h(). */
export const s = svg;

/**
 * Make a non-button element (an SVG group) behave like a button for keyboard users:
 * focusable, announced, activated by Enter and Space as well as a click.
 */
export function activatable(node, label, onActivate) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  listen(node, "click", onActivate);
  listen(node, "keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(event);
    }
  });
  return node;
}

/** Title-case a word for display ("move_stop" is handled by the callers' own names). */
export function capitalize(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : "";
}
