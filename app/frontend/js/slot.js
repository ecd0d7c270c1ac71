// Parts of a page that live pushes redraw, without taking the focus away from the player.

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea, [tabindex='0']";

/**
 * A part of a page that live pushes redraw: `set(key, build)` rebuilds its content only when
 * `key` changed, so a push about something else never replaces the control under the pointer
 * or the one with focus. When a rebuild does remove the focused control, focus goes to the
 * control with the same id, else to the first control of the new content, else to
 * `fallback()` (an element), so it never drops to the page.
 * @param {HTMLElement} node
 * @param {{ fallback?: () => HTMLElement | SVGElement | null }} [options]
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
