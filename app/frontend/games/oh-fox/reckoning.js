// The final reckoning as an animation: pawns start on their homes and the eight turns play out
// step by step, with play / pause / step, while hearts and broken hearts add up beside the
// board until they reach the final scores from the view.

import { capitalize, h, s } from "./dom.js";
import { heartIcon, pawn } from "./art.js";
import { drawBoard, pawnPoint, spaceAt, spaceLabel } from "./board.js";

const STEP_MS = 900;
const players = new Map(); // match id -> {index, playing, timer, draw, revealed}: survives re-renders
let renders = 0;

/**
 * One picture of the reckoning: where everyone stands, the hearts so far, and what happened.
 * @typedef {object} Frame
 * @property {number} turn
 * @property {number | "end" | "bonus" | "final"} step
 * @property {string[]} positions  space ids, by seat
 * @property {number[]} hearts
 * @property {number[]} broken
 * @property {Array<{ seat: number, from: string, to: string, mode: string }>} moved
 * @property {Array<{ kind: "attack" | "eat", space: string }>} marks
 * @property {string} text
 * @property {boolean} [final]
 * @property {number[]} [totals]
 */

/**
 * Turn the view's reckoning records into a list of frames, each a complete picture.
 * @returns {Frame[]}
 */
export function buildFrames(view, names) {
  const seats = view.seats;
  const who = (seat) => `${names[seat]} (${seats[seat].animal})`;
  const place = (id) => spaceLabel(view.board, id);
  let positions = seats.map((seat) => seat.home);
  let hearts = seats.map(() => 0);
  let broken = seats.map(() => 0);
  /** @type {Frame[]} */
  const frames = [{ turn: 0, step: 0, positions, hearts, broken, moved: [], marks: [],
    text: "Everyone starts on their home." }];
  const push = (frame) => frames.push({ positions, hearts, broken, moved: [], marks: [], ...frame });
  for (const record of view.reckoning) {
    record.steps.forEach((step, index) => {
      positions = positions.slice();
      for (const move of step.moves) positions[move.seat] = move.to;
      hearts = hearts.slice();
      broken = broken.slice();
      const events = step.attacks.map((attack) => {
        hearts[attack.predator] += 1;
        broken[attack.prey] += 1;
        const where = attack.halfway ? `halfway between ${place(attack.from)} and ${place(attack.to)}` : `on ${place(attack.to)}`;
        return `${who(attack.predator)} attacks ${who(attack.prey)} ${where}`;
      });
      const immune = index === 0 && record.immune.length
        ? record.immune.map((seat) => `${who(seat)} cannot be attacked this turn`) : [];
      push({ turn: record.turn, step: index + 1, moved: step.moves,
        marks: step.attacks.map((a) => ({ kind: "attack", space: a.to })),
        text: `Turn ${record.turn}, step ${index + 1}: ` +
          ([...immune, ...events].join("; ") || "nobody meets the predator") + "." });
    });
    if (record.eats.length || record.heals.length) {
      hearts = hearts.slice();
      broken = broken.slice();
      const events = record.eats.map((eat) => {
        hearts[eat.seat] += 1;
        return `${who(eat.seat)} eats the ${eat.food} on ${place(eat.space)}`;
      });
      for (const seat of record.heals) {
        broken[seat] = Math.max(0, broken[seat] - 1);
        events.push(`${who(seat)} heals a broken heart`);
      }
      push({ turn: record.turn, step: "end", marks: record.eats.map((e) => ({ kind: "eat", space: e.space })),
        text: `End of turn ${record.turn}: ${events.join("; ")}.` });
    }
  }
  return frames.concat(finalFrames(view, names, positions, hearts, broken));
}

/**
 * The bonuses (home, full hunger, guesses, every prey attacked, objectives), then the totals.
 * @returns {Frame[]}
 */
function finalFrames(view, names, positions, hearts, broken) {
  const scores = view.scores || [];
  const bonusText = scores.map((score) => {
    const parts = [];
    if (score.home) parts.push("home after turn 8");
    if (score.full_hunger) parts.push("3 or more food");
    if (score.guessed_all) parts.push("guessed every identity");
    if (score.dominance) parts.push("attacked every prey");
    for (const objective of score.objectives) parts.push(capitalize(objective));
    return parts.length ? `${names[score.seat]}: ${parts.join(", ")}` : null;
  }).filter(Boolean);
  const finalHearts = hearts.map((value, seat) => scores[seat]?.hearts ?? value);
  const finalBroken = broken.map((value, seat) => scores[seat]?.broken_hearts ?? value);
  const winners = (view.winners || []).map((seat) => names[seat]).join(" and ");
  return [
    { turn: 8, step: "bonus", positions, hearts: finalHearts, broken: finalBroken, moved: [], marks: [],
      text: `Bonus hearts: ${bonusText.join("; ") || "none"}.` },
    { turn: 8, step: "final", positions, hearts: finalHearts, broken: finalBroken, moved: [], marks: [],
      final: true, totals: scores.map((score) => score.total),
      text: `Final scores. ${winners ? `${winners} ${view.winners.length > 1 ? "share the win" : "wins"}.` : ""}` },
  ];
}

function stateFor(matchId, frames, autoplay) {
  if (!players.has(matchId)) {
    // A match that ends while you watch plays its reckoning before the results are shown;
    // one opened after its end (or under reduced motion) shows them at once.
    players.set(matchId, { index: 0, playing: false, timer: null, draw: null, revealed: !autoplay, onReveal: null });
    if (autoplay) setPlaying(players.get(matchId), true, frames);
  }
  return players.get(matchId);
}

/** Whether the results may be shown: the reckoning has reached its final scores (or never played). */
export function reckoningRevealed(matchId) {
  const state = players.get(matchId);
  return !state || state.revealed;
}

function reveal(state) {
  if (state.revealed) return;
  state.revealed = true;
  // After the current drawing is done: the page then draws the results.
  if (state.onReveal) setTimeout(state.onReveal, 0);
}

function setPlaying(state, playing, frames) {
  state.playing = playing;
  clearInterval(state.timer);
  state.timer = null;
  if (!playing) return;
  if (state.index >= frames.length - 1) state.index = 0;
  state.timer = setInterval(() => {
    if (!state.draw || !state.draw.connected()) {
      clearInterval(state.timer); // the drawing left the page; a later render resumes it
      state.timer = null;
      return;
    }
    state.index = Math.min(state.index + 1, frames.length - 1);
    if (state.index >= frames.length - 1) setPlaying(state, false, frames);
    state.draw.update(true);
  }, STEP_MS);
}

function isWrap(move) {
  const from = spaceAt(move.from);
  const to = spaceAt(move.to);
  return Math.abs(from.row - to.row) > 1 || Math.abs(from.col - to.col) > 1 || move.mode === "jump";
}

/** Place every pawn for this frame; moves that wrap or jump snap instead of sliding. */
function placeFrame(pawns, frame, animate) {
  const bySpace = new Map();
  frame.positions.forEach((space, seat) => {
    if (!bySpace.has(space)) bySpace.set(space, []);
    bySpace.get(space).push(seat);
  });
  const snaps = new Set(frame.moved.filter(isWrap).map((m) => m.seat));
  for (const [space, seats] of bySpace) {
    seats.forEach((seat, index) => {
      const point = pawnPoint(space, index, seats.length);
      const node = pawns[seat];
      node.classList.toggle("of-slide", animate && !snaps.has(seat));
      node.style.transform = `translate(${point.x}px, ${point.y}px)`;
    });
  }
}

function drawMarks(layer, frame) {
  layer.replaceChildren(...frame.marks.map((mark) => {
    const { row, col } = spaceAt(mark.space);
    const text = mark.kind === "attack" ? "Attack!" : "Eats";
    return s("g", { class: `of-event of-event-${mark.kind}`, transform: `translate(${col * 100 + 50} ${row * 100 + 40})` },
      s("rect", { x: -30, y: -11, width: 60, height: 18, rx: 9 }), s("text", { y: 3, text }));
  }));
}

function tallyRow(names, seat) {
  return h("tr", { "data-seat": seat.seat },
    h("th", { scope: "row" }, `${names[seat.seat]} `, h("span", { class: "of-kind" }, capitalize(seat.animal || ""))),
    h("td", { class: "of-hearts" }, heartIcon(false), h("span", { class: "of-num" }, "0")),
    h("td", { class: "of-broken" }, heartIcon(true), h("span", { class: "of-num" }, "0")),
    h("td", { class: "of-total" }, "-"));
}

function updateTally(table, frame) {
  table.querySelectorAll("tbody tr").forEach((row, seat) => {
    const set = (cls, value) => {
      const cell = row.querySelector(`.${cls} .of-num`) || row.querySelector(`.${cls}`);
      if (cell.textContent !== String(value)) {
        cell.textContent = String(value);
        cell.classList.remove("of-bump");
        void cell.getBoundingClientRect(); // restart the bump animation
        cell.classList.add("of-bump");
      }
    };
    set("of-hearts", frame.hearts[seat]);
    set("of-broken", frame.broken[seat]);
    set("of-total", frame.final ? frame.totals[seat] : "-");
  });
}

function frameLabel(frame) {
  if (frame.step === "final") return "Final scores";
  if (frame.step === "bonus") return "Bonus hearts";
  if (frame.turn === 0) return "Start";
  return frame.step === "end" ? `Turn ${frame.turn}, end of turn` : `Turn ${frame.turn}, step ${frame.step}`;
}

/** The reckoning player: board with every pawn, controls, caption and the adding-up tally. */
export function reckoningPlayer(view, envelope, ctx, names) {
  const frames = buildFrames(view, names);
  const liveEnd = ctx.previous && ctx.previous.view && ctx.previous.view.phase !== "over";
  const state = stateFor(envelope.match_id, frames, liveEnd && !ctx.reducedMotion);
  state.onReveal = ctx.redraw || null;
  renders += 1;
  const { svg, pawnLayer } = drawBoard(view.board, { label: "The reckoning" });
  const markLayer = s("g", { class: "of-event-layer" });
  svg.append(markLayer);
  const pawns = view.seats.map((seat) => {
    const node = pawn(seat.colour);
    node.append(s("title", { text: `${names[seat.seat]} (${seat.animal})` }));
    pawnLayer.append(node);
    return node;
  });
  const caption = h("p", { class: "of-caption", "aria-live": "polite" });
  const progress = h("span", { class: "of-progress" });
  const tally = h("table", { class: "of-tally" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Hearts"),
      h("th", { scope: "col" }, "Broken"), h("th", { scope: "col" }, "Score"))),
    h("tbody", {}, view.seats.map((seat) => tallyRow(names, seat))));
  const button = (text, key, onClick) => h("button", { type: "button", "data-focus": key, "data-control": key, onClick }, text);
  const playButton = button("Play", "play", () => { setPlaying(state, !state.playing, frames); draw.update(false); });
  const go = (index) => { setPlaying(state, false, frames); state.index = index; draw.update(true); };
  const controls = h("div", { class: "of-controls", role: "group", "aria-label": "Reckoning controls" },
    button("Restart", "restart", () => go(0)), playButton,
    button("Step", "step", () => go(Math.min(state.index + 1, frames.length - 1))),
    button("End", "end", () => go(frames.length - 1)), progress);
  // A key of its own per drawing: the page puts this very element on screen instead of
  // morphing an older one into its shape, so the timer below updates what is shown.
  const root = h("section", { class: "of-reckoning", "aria-label": "The reckoning", "data-key": `reckoning-${renders}` },
    h("h3", {}, "The reckoning"), controls, caption,
    h("div", { class: "of-reckoning-body" }, h("div", { class: "of-board-wrap" }, svg), tally));
  const draw = {
    connected: () => root.isConnected,
    update(animate) {
      const frame = frames[state.index];
      placeFrame(pawns, frame, animate && !ctx.reducedMotion);
      drawMarks(markLayer, frame);
      updateTally(tally, frame);
      caption.textContent = frame.text;
      progress.textContent = `${frameLabel(frame)} (${state.index + 1} / ${frames.length})`;
      root.dataset.frame = String(state.index);
      root.dataset.final = frame.final ? "true" : "false";
      if (state.index === frames.length - 1) reveal(state);
      playButton.textContent = state.playing ? "Pause" : "Play";
      playButton.setAttribute("aria-pressed", state.playing ? "true" : "false");
    },
  };
  state.draw = draw;
  draw.update(false);
  if (state.playing && !state.timer) setPlaying(state, true, frames);
  return root;
}
