// Motion that explains a change: a card played slides to the trick from its player's hand, and
// the tracker walks along the path to its new space. Skipped under reduced motion.

import { playedIds, slideFrom } from "../cards.js";
import { spacePoint } from "./path.js";
import { seats } from "./players.js";

export function animate(root, envelope, ctx) {
  const before = ctx.previous && ctx.previous.view;
  if (!before || ctx.reducedMotion) return;
  const { me } = seats(envelope);
  const old = new Set([...playedIds(before.current_trick), ...playedIds(before.last_trick && before.last_trick.plays)]);
  for (const el of root.querySelectorAll(".duet-trick [data-card], .duet-last [data-card]")) {
    if (old.has(el.dataset.card)) continue;
    const from = root.querySelector(Number(el.dataset.seat) === me ? ".duet-you .fx-hand" : ".duet-partner .fx-backs");
    slideFrom(el, from, ctx.reducedMotion);
  }
  moveTracker(root, before.tracker, envelope.view.tracker, me);
}

// The tracker walks from its old space to the new one (space by space, 120 ms a step).
function moveTracker(root, from, to, me) {
  const pawn = root.querySelector(".duet-tracker");
  if (!pawn || from === to || from === undefined || typeof pawn.animate !== "function") return;
  const step = from < to ? 1 : -1;
  const spaces = [];
  for (let s = from; s !== to + step; s += step) spaces.push(s);
  const frames = spaces.map((s) => {
    const p = spacePoint(s, me);
    return { transform: `translate(${p.x}px, ${p.y}px)` };
  });
  pawn.animate(frames, { duration: Math.min(400, 120 * spaces.length), easing: "ease-in-out" });
}
