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
 * A target can be tapped where it is once the page is scrolled by `shift`: its centre is in the
 * clear room, or off the screen (the player scrolls to it, and the page's scroll padding stops
 * it clear of both bars). A centre on screen but under the dock or the status bar is covered.
 */
function reachable(box, shift, room) {
  const y = (box.top + box.bottom) / 2 - shift;
  return (y >= room.top && y <= room.bottom) || y < 0 || y > window.innerHeight;
}

/** `shift` cut to what the page can scroll (scrollBy stops at the ends). */
function scrollable(shift) {
  const most = document.documentElement.scrollHeight - window.innerHeight;
  return Math.min(Math.max(shift, -window.scrollY), Math.max(0, most - window.scrollY));
}

/**
 * When the targets do not all fit in the room, the scroll that brings the first of them to its
 * top (`first`) may leave a later one peeping out under the dock (Oh, Fox!'s pawn tray below
 * the board on a phone): of the scrolls that put some target at an edge of the room or just off
 * the screen, the one nearest `first` that leaves every target reachable; `first` if none does.
 */
function partScroll(boxes, room, first) {
  const edges = boxes.flatMap((b) => {
    const centre = (b.top + b.bottom) / 2;
    return [b.top - room.top, b.bottom - room.bottom, centre - window.innerHeight - 1, centre + 1];
  });
  const fine = [first, ...edges].map(scrollable)
    .filter((shift) => boxes.every((b) => reachable(b, shift, room)));
  if (!fine.length) return first;
  return fine.reduce((best, shift) => (Math.abs(shift - first) < Math.abs(best - first) ? shift : best));
}

/**
 * Scroll the page so that every target inside `board` (an element of the live table) lies in
 * the clear room, centred on them; when they do not all fit, the first of them comes first,
 * and none is left on screen under the dock or the status bar.
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
    : partScroll(boxes, room, top - room.top);
  window.scrollBy({ top: shift, behavior: "instant" });
}
