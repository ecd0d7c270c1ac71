// The name a screen reader says for a control whose drawing is not its name: a card target
// ("Play the 7 of Bells", while the card shows "7" and "Bells"), an animal chip, a token.
//
// An aria-label would do, but the drawing's words ("7", "Bells", "x3") would then be visible
// text missing from the name (WCAG 2.5.3, Label in Name: axe's label-content-name-mismatch).
// So the name is the control's own text, in a visually hidden span, and the drawing is hidden
// from screen readers; sighted and voice-control players still see and say the drawing's words,
// which the name contains ("7 of Bells").

import { h } from "./dom.js";

/** Give `el` the spoken name `name` from its content; returns `el`. */
export function speakAs(el, name) {
  el.removeAttribute("aria-label");
  for (const child of [...el.childNodes]) {
    if (child.nodeType === Node.ELEMENT_NODE) {
      child.setAttribute("aria-hidden", "true");
    } else if (child.nodeType === Node.TEXT_NODE && child.textContent.trim()) {
      child.replaceWith(h("span", { "aria-hidden": "true" }, child.textContent));
    }
  }
  el.prepend(h("span", { class: "sr-only spoken-name" }, name));
  return el;
}
