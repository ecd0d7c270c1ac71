// At a decision, the targets on the board (not those in the docked hand, which is always on
// screen) are brought into the room between the pinned status bar and the dock. Scrolling the
// whole board "nearest" is not enough on a phone, where a board is taller than that room and
// its ends stayed under the dock: the targets themselves are what the player must reach.

const TARGETS = ".fx-legal, button:not([disabled]), [role=button][tabindex='0']";

/** The room a target may take on screen: below the status bar, above the dock. */
export function clearRoom() {
  const css = getComputedStyle(document.documentElement);
  return {
    top: (parseFloat(css.getPropertyValue("--status-height")) || 0) + 8,
    bottom: window.innerHeight - (parseFloat(css.getPropertyValue("--dock-height")) || 0) - 8,
  };
}

/**
 * Scroll the page so that every target inside `board` (an element of the live table) lies in
 * the clear room, centred on them; when they do not all fit, the first of them comes first.
 */
export function showTargets(board) {
  if (!board) return;
  const boxes = [...board.querySelectorAll(TARGETS)]
    .filter((el) => !el.closest(".table-dock") && el.getClientRects().length)
    .map((el) => el.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const room = clearRoom();
  if (top >= room.top && bottom <= room.bottom) return;
  const shift = bottom - top <= room.bottom - room.top
    ? (top + bottom) / 2 - (room.top + room.bottom) / 2
    : top - room.top;
  window.scrollBy({ top: shift, behavior: "instant" });
}
