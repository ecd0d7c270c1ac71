// The coach's marks on a table (Learn to play, js/match-coach.js): an outline on the element a
// line is about, found by the selector the game's script gives (the renderer's own classes and
// data attributes: `.fitf-decree`, `[data-animal="fox"]`), and on every element that sends the
// move the coach asks for, found by the `data-action` the kit's makeTarget, the prompt's
// buttons and the list of moves carry. Outlines only: a mark never moves or covers a target.

export const POINTED = "coach-pointed";
export const ASKED = "coach-asked";

/** The same action whatever the order of its keys (the script's and the envelope's may differ). */
export function canonicalAction(action) {
  if (Array.isArray(action)) return `[${action.map(canonicalAction).join(",")}]`;
  if (action && typeof action === "object") {
    const keys = Object.keys(action).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalAction(action[key])}`).join(",")}}`;
  }
  return JSON.stringify(action);
}

/** Clear the marks under `page`, then mark `pointsAt` on `table` and `asked` anywhere under `page`. */
export function markCoach(page, table, pointsAt, asked) {
  for (const el of page.querySelectorAll(`.${POINTED}, .${ASKED}`)) el.classList.remove(POINTED, ASKED);
  if (pointsAt) table.querySelector(pointsAt)?.classList.add(POINTED);
  if (!asked) return;
  const wanted = canonicalAction(asked);
  for (const el of page.querySelectorAll("[data-action]")) {
    if (canonicalAction(JSON.parse(el.getAttribute("data-action"))) === wanted) el.classList.add(ASKED);
  }
}
