// Oh, Fox! renderer: the torus board, the animal cards, your secret identity and hand, every
// player's public row, the predator's private pawns, the guesses, then the reckoning replayed.
// Everything comes from envelope.view and envelope.legal_actions (docs/frontend.md).

import { capitalize, h } from "./oh-fox/dom.js";
import { drawBoard, placePawns, spaceLabel } from "./oh-fox/board.js";
import { destination } from "./oh-fox/moves.js";
import { animalCards, guessList, identityCard, objectives, seatRows } from "./oh-fox/table.js";
import {
  currentPick, describePlay, guessForm, handPanel, makeDraggable, markTargets, markedPawns, pawnTray,
  selectedPlay,
} from "./oh-fox/choose.js";
import { reckoningPlayer, reckoningRevealed } from "./oh-fox/reckoning.js";
import { scoreTable } from "./oh-fox/outcome.js";
import { afterDraw } from "./kit/after-draw.js";
import { ensureStyles } from "./kit/styles.js";
import { showTargets } from "./kit/targets-in-view.js";

function namesOf(envelope, ctx) {
  const names = {};
  for (const seat of envelope.seats || []) names[seat.seat] = seat.name;
  for (const [seat, name] of Object.entries((ctx && ctx.names) || {})) if (name) names[seat] = name;
  for (const seat of envelope.view.seats) names[seat.seat] ??= `Seat ${seat.seat + 1}`;
  return names;
}

function statusLine(view, names) {
  const parts = [view.phase === "over" ? "All 8 turns executed" : `Turn ${view.turn} of ${view.turns}`];
  if (view.phase === "guess") parts.push("the predator is guessing");
  if (view.predator_seat !== null && view.predator_seat !== undefined) {
    parts.push(`${names[view.predator_seat]} holds the predator token`);
  } else if (view.masked_predator) {
    parts.push("Masked Predator: nobody knows who the predator is");
  }
  return h("p", { class: "of-status-line" }, parts.join(" - "));
}

/** Your own pawn, where your planned cards have taken you so far. */
function ownPawn(view, names) {
  const you = view.you;
  if (!you || !you.track.length) return [];
  const space = you.track[you.track.length - 1];
  return [{ seat: you.seat, colour: you.colour, space,
    label: `${names[you.seat]} (you): planned position after turn ${you.track.length - 1}` }];
}

function ownTrack(view) {
  if (!view.you) return [];
  return view.you.track.slice(1).map((space, index) => ({ space, turn: index + 1 }));
}

/** The board on the page now: an envelope may have redrawn it while a pawn was dragged. */
function liveBoard(view) {
  const svg = document.querySelector(".ohfox .of-centre .of-board");
  return svg ? { svg, data: view.board } : null;
}

/** The board during play: your planned route, your pawn, the predator's marks and targets. */
function tableBoard(view, envelope, ctx, names) {
  const picked = currentPick(view, ctx);
  const play = (view.you && view.you.choice) || selectedPlay(envelope, ctx) || (picked.card ? picked : null);
  const you = view.you;
  const start = you && you.track.length ? you.track[you.track.length - 1] : null;
  const preview = play && you ? destination(view.board, start, play.card, play.direction, you.animal) : null;
  const board = drawBoard(view.board, {
    targets: markTargets(view, envelope, ctx, names),
    highlight: preview ? [preview] : [],
    track: ownTrack(view),
  });
  placePawns(board.pawnLayer, ownPawn(view, names));
  const marks = placePawns(board.pawnLayer, markedPawns(view, names));
  const movable = new Set(envelope.legal_actions.filter((a) => a.type === "mark").map((a) => a.seat));
  for (const { node, item } of marks) {
    if (!movable.has(item.seat)) continue;
    node.classList.add("of-draggable");
    makeDraggable(node, item.seat, envelope, ctx, () => liveBoard(view));
  }
  return h("div", { class: "of-board-wrap" }, board.svg,
    h("p", { class: "of-legend" }, "The edges wrap around (chevrons on the rim): leaving one side brings you back on the opposite side. ",
      you ? "T-numbers mark where your cards take you after each turn." : ""));
}

const flipped = new Map(); // match id -> the version whose new cards already flipped in

/** The turn whose cards were turned face up since the previous envelope (0 if none). */
function freshTurn(envelope, ctx) {
  const view = envelope.view;
  const before = ctx.previous && ctx.previous.view;
  if (!before || ctx.reducedMotion || before.turns_played >= view.turns_played) return 0;
  if (flipped.get(envelope.match_id) === envelope.version) return 0; // a redraw: once is enough
  flipped.set(envelope.match_id, envelope.version);
  return view.turns_played;
}

function draw(root, envelope, ctx, redraw) {
  const view = envelope.view;
  const fresh = freshTurn(envelope, ctx);
  const names = namesOf(envelope, ctx);
  const seat = view.you ? view.you.seat : null;
  const over = view.phase === "over";
  const centre = over ? reckoningPlayer(view, envelope, ctx, names)
    : tableBoard(view, envelope, ctx, names);
  root.append(h("div", { class: "ohfox", "data-phase": view.phase, "data-turn": view.turn },
    statusLine(view, names),
    seatRows(view, names, seat, seat === null ? "all" : "others", fresh),
    h("div", { class: "of-middle" }, h("div", { class: "of-centre" }, centre),
      // The pawn tray sits beside the board so that a pawn can be dragged straight onto it.
      h("div", { class: "of-side" }, over ? null : pawnTray(view, envelope, ctx, names, redraw, () => liveBoard(view)),
        identityCard(view), animalCards(view), objectives(view))),
    h("div", { class: "of-bottom" },
      view.phase !== "program" ? guessList(view, names) : null,
      seat === null ? null : seatRows(view, names, seat, "mine", fresh)),
    // Last, straight in the table: docked at the bottom of the screen while the board scrolls
    // (the hand while the turns run, the guess form after them).
    handPanel(view, envelope, ctx, redraw),
    guessForm(view, envelope, ctx, names)));
}

let generation = 0; // bumped on every render, so a stale redraw does nothing
let lastKey = null; // the control of ours that last had focus or was pressed

/** Remember our focused or pressed control, to give focus back after the page redraws. */
function trackFocus(node) {
  const remember = (event) => {
    lastKey = event.target.closest?.("[data-focus]")?.dataset.focus ?? null;
  };
  node.addEventListener("focusin", remember);
  node.addEventListener("click", remember, true);
}

function render(root, envelope, ctx) {
  ensureStyles("oh-fox");
  const active = document.activeElement;
  // Focus lost to the body means a redraw took our control away; elsewhere (the chat, say)
  // the player has moved on and keeps their focus.
  const lost = !active || active === document.body;
  const key = lost ? lastKey : null;
  generation += 1;
  const mine = generation;
  root.replaceChildren();
  // The match page draws again on ctx.redraw; without a page, redraw ourselves.
  const redraw = ctx && ctx.redraw ? ctx.redraw : () => {
    if (generation === mine) render(root, envelope, ctx);
  };
  draw(root, envelope, ctx, redraw);
  trackFocus(root.firstElementChild);
  afterDraw(ctx, root, (live) => {
    const target = key ? live.querySelector(`[data-focus="${key}"]`) : null;
    if (target && !target.disabled) target.focus({ preventScroll: true });
    // The pawns to place and, once one is picked, the spaces it may be put on.
    showTargets(live.querySelector(".ohfox"));
  });
}

function label(action, envelope) {
  const names = namesOf(envelope, {});
  if (action.type === "play") return `Play the ${describePlay(action)}`;
  if (action.type === "mark") return `Put ${names[action.seat]}'s pawn on ${spaceLabel(envelope.view.board, action.space)}`;
  if (action.type === "unmark") return `Take ${names[action.seat]}'s pawn off the board`;
  if (action.type === "guess") return `Guess that ${names[action.seat]} is the ${action.animal}`;
  return capitalize(action.type || "action");
}

export default {
  id: "oh-fox",
  render,
  label,
  // Every choice here is on the table (hand, arrows, pawns, guess form): nothing for the prompt line.
  promptActions() {
    return [];
  },
  // The results wait for the reckoning, so the winner is not known before it plays.
  outcomeReady(envelope) {
    return reckoningRevealed(envelope.match_id);
  },
  outcome(envelope, ctx) {
    if (envelope.view.phase !== "over") return null;
    return scoreTable(envelope.view, namesOf(envelope, ctx || {}));
  },
};
