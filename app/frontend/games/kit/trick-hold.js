// A finished trick stays on the table for about 1.5 s with its winner marked before it is
// gathered, in both Fox in the Forest games: without it the second card of a trick is gone
// from the trick area the moment it lands. Playing your next card (or clicking the trick) ends
// the wait at once; under prefers-reduced-motion the trick is gathered at once (the "Last
// trick" peek still shows it).

const HOLD_MS = 1500;
let held = null; // {key, until, timer}

function trickKey(envelope, last) {
  return `${envelope.match_id}:${envelope.view.round ?? ""}:${last.plays.map((p) => p.card.id).join(",")}`;
}

function holdMs() {
  // Tests on a busy machine hold the trick until they act, instead of racing a timer.
  const override = Number(window.__foxdenTrickHoldMs);
  return Number.isFinite(override) && override > 0 ? override : HOLD_MS;
}

/** Gather the held trick now (the player clicked it or acted). */
export function gatherTrick(ctx) {
  if (!held) return;
  clearTimeout(held.timer);
  held = { ...held, until: 0, timer: null };
  if (ctx && ctx.redraw) ctx.redraw();
}

/**
 * The finished trick to show in the trick area now, or null for the current trick.
 * `current` is the list of plays in the trick being played now.
 */
export function heldTrick(envelope, ctx, current) {
  const last = envelope.view.last_trick;
  if (!last || !last.plays || !ctx) return null;
  const key = trickKey(envelope, last);
  const before = ctx.previous && ctx.previous.view && ctx.previous.view.last_trick;
  const justFinished = Boolean(ctx.previous) && (!before || trickKey(ctx.previous, before) !== key);
  if (justFinished && (!held || held.key !== key) && !ctx.reducedMotion && ctx.redraw) {
    const ms = holdMs();
    held = { key, until: Date.now() + ms, timer: setTimeout(() => ctx.redraw(), ms + 20) };
  }
  if (!held || held.key !== key || Date.now() >= held.until) return null;
  // You acted in the new trick: the old one is gathered.
  if ((current || []).some((play) => play.seat === envelope.seat)) {
    gatherTrick(null);
    return null;
  }
  return last;
}

/**
 * While a finished trick is held on the table, the prompt speaks of it: "Alice won the trick
 * with the 7 of Bells." (the prompt asked for the next card while the table still showed the
 * old trick). `current` as for heldTrick; `name(seat)` names a seat. Null when nothing is held.
 */
export function heldTrickPrompt(envelope, ctx, current, name) {
  const last = heldTrick(envelope, ctx, current);
  if (!last) return null;
  const winning = last.plays.find((play) => play.seat === last.winner);
  const who = envelope.seat === last.winner ? "You" : name(last.winner);
  return winning ? `${who} won the trick with the ${winning.card.name}.` : `${who} won the trick.`;
}

let tallest = { width: 0, height: 0 };

/**
 * The prompt keeps the tallest height it had at this screen width, so that a shorter sentence
 * (a held trick's, then the next prompt's) does not pull the whole table up and push it down
 * again twice per trick. Run after each drawing of a trick game's table.
 */
export function steadyPromptHeight() {
  const prompt = document.getElementById("prompt");
  if (!prompt) return;
  if (tallest.width !== window.innerWidth) {
    tallest = { width: window.innerWidth, height: 0 };
    prompt.style.minHeight = "";
  }
  const height = Math.ceil(prompt.getBoundingClientRect().height);
  if (height > tallest.height) tallest = { ...tallest, height };
  prompt.style.minHeight = `${tallest.height}px`;
}
