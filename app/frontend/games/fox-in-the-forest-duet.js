// The Fox in the Forest Duet: a cooperative table for two.
// Your partner at the top, the 11-space forest path across the middle (your end nearest you),
// the decree, draw pile and tricks beside it, your hand at the bottom with paw prints on every
// card. The team's decisions (#1 way, #3 exchanger, #5 paws, #7 pass, forest tokens) are drawn
// on the path and the cards, or offered as prompt buttons.

import { h, svg } from "../js/dom.js";
import {
  backsRow, handRow, cardBox, cardFace, cardName, findAction, makeTarget, playedIds,
  scrollToTarget, seatName, slideFrom, suitIcon, suitName,
} from "./cards.js";
import { afterDraw } from "./kit/after-draw.js";
import { showTargets } from "./kit/targets-in-view.js";
import { explain } from "./kit/help.js";
import { teamResultTable } from "./kit/team-result.js";
import { gatherTrick, heldTrick, heldTrickPrompt, steadyPromptHeight } from "./kit/trick-hold.js";
import { ensureStyles } from "./kit/styles.js";
import { counted } from "./kit/words.js";

const ID = "fox-in-the-forest-duet";

// Short names printed on the cards (the view carries the long ones for titles).
const SHORT = { 1: "Way", 3: "Decree", 5: "Paws", 7: "Swap", 9: "Free" };

// Two drawings of the path, both starting at your end, on the left. Wide: one gently winding
// line across the table to your partner's end, low enough that the whole path spans the width
// of the table and still fits above the docked hand. Compact (phones): a U, five spaces along
// the bottom, the centre at the bend, five back along the top, so the spaces stay big enough
// to read. The end badges (the targets for a direction or a forest token) hang below the ends.
const WIDE = {
  width: 600, height: 158, r: 22,
  point: (t) => ({ x: 50 + t * 50, y: 80 + Math.sin(t * 0.9) * 6 }),
};
const COMPACT = {
  width: 345, height: 285, r: 24,
  point: (t) => {
    if (t < 5) return { x: 40 + t * 58, y: 215 };
    if (t === 5) return { x: 305, y: 140 };
    return { x: 272 - (t - 6) * 58, y: 65 };
  },
};
const COMPACT_BELOW = 560; // px of table width

// The geometry of the drawing in progress: chosen from the table's width at each render.
let BOARD = WIDE;

const PROMPT_TYPES = ["choose_exchanger", "keep_decree", "count_paws", "next_round"];
const HAND_ACTIONS = { play: "play", exchange_decree: "exchange_decree", pass_cards: "pass_card" };

function seats(envelope) {
  const me = envelope.seat === null || envelope.seat === undefined ? 0 : envelope.seat;
  return { me, partner: 1 - me };
}

function face(card) {
  return cardFace(card, card.ability ? `#${card.rank} ${SHORT[card.rank] || ""}`.trim() : null);
}

/** A card on the table: drawn, and explained on hover, focus or a long press if it has an ability. */
function box(card, attrs) {
  return explain(cardBox(face(card), attrs), ID, card.ability ? String(card.rank) : null);
}

// --------------------------------------------------------------------------- labels

function endName(envelope, end, ctx) {
  return envelope.seat === end ? "your end" : `${seatName(envelope, ctx, end)}'s end`;
}

function pawWord(n) {
  return counted(n, "space");
}

function label(action, envelope, ctx) {
  const view = (envelope && envelope.view) || {};
  const card = action.card ? cardName(action.card) : "";
  switch (action.type) {
    case "play": return `Play the ${card}`;
    case "choose_exchanger": return action.seat === envelope.seat
      ? "I may exchange the decree card" : `${seatName(envelope, ctx, action.seat)} may exchange the decree card`;
    case "exchange_decree": return `Exchange the ${card} for the decree card`;
    case "keep_decree": return "Keep the decree card";
    case "pass_card": return `Pass the ${card}`;
    case "count_paws": return pawLabel(view, action.use);
    case "choose_direction": return `Move ${pawWord(view.decision ? view.decision.paws : 0)} toward ${endName(envelope, action.toward, ctx)}`;
    case "place_forest_token": return `Place a forest token at ${endName(envelope, action.end, ctx)}`;
    case "next_round": return `Start round ${(view.round || 0) + 1}`;
    default: return action.type;
  }
}

function pawLabel(view, use) {
  const choice = ((view.decision && view.decision.choices) || []).find((c) => c.use === use);
  const paws = choice ? ` (${counted(choice.paws, "paw")})` : "";
  const plays = view.current_trick || [];
  const named = (i) => (plays[i] ? `the ${plays[i].card.name}` : i === 0 ? "the lead card" : "the second card");
  if (use === "both") return `Count both cards${paws}`;
  if (use === "lead") return `Count only ${named(0)}${paws}`;
  if (use === "follow") return `Count only ${named(1)}${paws}`;
  return `Count neither card${paws}`;
}

function promptActions(envelope) {
  return (envelope.legal_actions || []).filter((a) => PROMPT_TYPES.includes(a.type));
}

// --------------------------------------------------------------------------- players

function playerBar(envelope, seat, who) {
  const view = envelope.view;
  const turn = (envelope.to_act || []).includes(seat);
  return h("div", { class: ["duet-bar", turn && "duet-turn"] },
    h("span", { class: "duet-name" }, who),
    turn ? h("span", { class: "duet-badge" }, "to act") : null,
    view.leader === seat && view.phase === "play" ? h("span", { class: "duet-badge duet-lead" }, "leads") : null,
    h("span", { class: "duet-tricks", "data-tricks": view.tricks_won[seat] }, `Tricks: ${view.tricks_won[seat]}`));
}

// Cards the viewer knows of without seeing them; nothing is drawn when there are none.
function knownRow(caption, cards) {
  if (!cards || !cards.length) return null;
  return h("div", { class: "duet-known" }, h("span", { class: "duet-caption" }, caption),
    h("div", { class: "fx-row fx-small" }, cards.map((c) => box(c, { "data-card": c.id }))));
}

function partnerBlock(envelope, ctx) {
  const view = envelope.view;
  const { partner } = seats(envelope);
  const voids = view.voids[partner] || [];
  const count = view.hand_counts[partner];
  return h("section", { class: "duet-partner", "aria-label": "Partner" },
    playerBar(envelope, partner, seatName(envelope, ctx, partner)),
    backsRow(count, count === 1 ? "card in hand" : "cards in hand"),
    knownRow("Known in their hand", view.known_in_hands[partner]),
    voids.length ? h("span", { class: "duet-note" }, `Has no ${voids.map(suitName).join(", no ")}`) : null);
}

// Onlookers after a 7: cards everyone saw go into a hand, now in one of the two, not known which.
function eitherHandBlock(view) {
  return knownRow("In one of the two hands", view.known_in_either_hand);
}

// House rules in play (the rulebook's own rules are not listed), so nobody is surprised.
function houseRulesNote(view) {
  const rules = view.house_rules || [];
  if (!rules.length) return null;
  return h("p", { class: "duet-house", "data-house-rules": rules.length }, `House rule: ${rules.join("; ")}.`);
}

// --------------------------------------------------------------------------- the path

// Where space `space` is drawn: your end (seat's end) first, at the bottom left.
function spacePoint(space, me) {
  return BOARD.point(me === 0 ? space : 10 - space);
}

// A small stack of gem diamonds inside the space, with the count written beside it.
function gemStack(gems, x, y) {
  const group = svg("g", { class: "duet-gems" });
  for (let i = Math.min(gems, 3) - 1; i >= 0; i -= 1) {
    const cy = y + 2 - i * 4;
    group.append(svg("polygon", { points: `${x - 7},${cy - 8} ${x - 1},${cy} ${x - 7},${cy + 8} ${x - 13},${cy}`,
      fill: "#3aa6c9", stroke: "#0c4a5e", "stroke-width": 1.2 }));
  }
  group.append(svg("text", { x: x + 7, y: y + 7, "text-anchor": "middle", "font-size": 18, "font-weight": "bold", fill: "#0c4a5e" }, `${gems}`));
  return group;
}

function forestToken(x, y) {
  return svg("g", { class: "duet-forest" },
    svg("circle", { cx: x, cy: y, r: BOARD.r, fill: "#24452f", stroke: "#0f2417", "stroke-width": 2 }),
    svg("polygon", { points: `${x},${y - 16} ${x + 11},${y + 4} ${x - 11},${y + 4}`, fill: "#7fb77e" }),
    svg("text", { x, y: y + 15, "text-anchor": "middle", "font-size": 9, fill: "#e6f2e0", "font-weight": "bold" }, "Forest"));
}

function spaceNode(cell, me, tracker) {
  const { x, y } = spacePoint(cell.space, me);
  const parts = [];
  const words = [`Space ${cell.space + 1}`];
  if (cell.covered) {
    parts.push(forestToken(x, y));
    words.push("covered by a forest token");
  } else {
    parts.push(svg("circle", { cx: x, cy: y, r: BOARD.r, fill: cell.centre ? "#fff3c4" : "#f6efdc",
      stroke: "#6b5b45", "stroke-width": cell.centre ? 4 : 2 }));
    if (cell.centre) parts.push(svg("text", { x, y: y + 36, "text-anchor": "middle", "font-size": 12, fill: "#4a3f30" }, "centre"));
  }
  if (cell.plus) {
    parts.push(svg("circle", { cx: x + 18, cy: y - 17, r: 8, fill: "#ffffff", stroke: "#6b5b45" }),
      svg("text", { x: x + 18, y: y - 12, "text-anchor": "middle", "font-size": 15, "font-weight": "bold", fill: "#4a3f30" }, "+"));
    words.push("plus space");
  }
  if (cell.gems > 0) {
    parts.push(gemStack(cell.gems, x, y));
    words.push(counted(cell.gems, "gem"));
  }
  if (tracker === cell.space) words.push("the tracker is here");
  return svg("g", { class: "duet-space", "data-space": cell.space, "data-gems": cell.gems, role: "img", "aria-label": words.join(", ") },
    svg("title", {}, words.join(", ")), ...parts);
}

// The tracker: a fox-orange marker standing on its space, pointing down at it.
function trackerNode(space, me) {
  const { x, y } = spacePoint(space, me);
  return svg("g", { class: "duet-tracker", "data-space": space, transform: `translate(${x} ${y})`, "aria-hidden": "true" },
    svg("path", { d: "M0 -19 L-10 -33 A12 12 0 1 1 10 -33 Z", fill: "#d35400", stroke: "#5a2400", "stroke-width": 1.5 }),
    svg("text", { x: 0, y: -35, "text-anchor": "middle", "font-size": 11, "font-weight": "bold", fill: "#fff" }, "T"));
}

// A badge at each end of the path; it becomes the target for "move toward" or "forest token".
function endBadge(envelope, ctx, end, me) {
  const { x, y } = spacePoint(end === 0 ? 0 : 10, me);
  const seated = envelope.seat !== null && envelope.seat !== undefined;
  const text = seated && end === me ? "Your end" : `${seatName(envelope, ctx, end)}'s end`;
  const action = findAction(envelope, "choose_direction", "toward", end) || findAction(envelope, "place_forest_token", "end", end);
  const verb = action ? (action.type === "choose_direction" ? "Move this way" : "Forest token here") : null;
  const width = Math.max(110, Math.min(text.length * 7.5 + 16, 200));
  const bx = Math.max(2, Math.min(x - width / 2, BOARD.width - width - 2));
  const height = verb ? 36 : 21;
  const by = y + 27;
  const group = svg("g", { class: "duet-end", "data-end": end },
    svg("rect", { x: bx, y: by, width, height, rx: 6, fill: action ? "#fff3d6" : "#ffffff", stroke: "#6b5b45" }),
    svg("text", { x: bx + width / 2, y: by + 15, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: "#3b2f22" }, text),
    verb ? svg("text", { x: bx + width / 2, y: by + 31, "text-anchor": "middle", "font-size": 12, fill: "#8a3b00" }, verb) : null);
  return action ? makeTarget(group, action, ctx, label(action, envelope, ctx)) : group;
}

function pathBoard(envelope, ctx) {
  const view = envelope.view;
  const { me } = seats(envelope);
  const points = view.path.map((c) => spacePoint(c.space, me));
  const line = points.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
  const board = svg("svg", { viewBox: `0 0 ${BOARD.width} ${BOARD.height}`, class: "duet-board", role: "group",
    "aria-label": `Forest path: tracker on space ${view.tracker + 1} of 11, ${counted(view.gems_on_board, "gem")} on the board` },
  svg("path", { d: line, fill: "none", stroke: "#b59c72", "stroke-width": 10, "stroke-linecap": "round", "stroke-dasharray": "2 10" }),
  ...view.path.map((cell) => spaceNode(cell, me, view.tracker)),
  trackerNode(view.tracker, me),
  endBadge(envelope, ctx, 0, me), endBadge(envelope, ctx, 1, me));
  return h("div", { class: "duet-board-wrap" }, board);
}

function statusStrip(view) {
  const item = (name, value, key) => h("span", { class: "duet-stat", "data-stat": key }, h("span", {}, name), h("strong", {}, String(value)));
  return h("div", { class: "duet-status" },
    item("Level", `${view.level} (side ${view.side})`, "level"),
    item("Round", `${view.round} / ${view.rounds}`, "round"),
    item("Trick", `${Math.min(view.trick, view.tricks_per_round)} / ${view.tricks_per_round}`, "trick"),
    item("Gems left", view.gems_on_board, "gems"),
    item("Gems taken", view.gems_collected, "collected"),
    item("Gem supply", view.gem_supply, "supply"),
    item("Forest tokens left", view.forest_tokens_left, "tokens"));
}

// --------------------------------------------------------------------------- cards in the centre

function decreeBlock(view) {
  return h("div", { class: "duet-slot duet-decree" },
    h("span", { class: "duet-caption" }, "Decree"),
    box(view.decree, { "data-card": view.decree.id }),
    h("span", { class: "duet-trump", "data-trump": view.trump }, suitIcon(view.trump), `Trump: ${view.trump_name}`),
    h("span", { class: "duet-note" }, `Draw pile: ${view.draw_pile_count}`));
}

function trickBlock(envelope, ctx) {
  const plays = envelope.view.current_trick || [];
  const finished = heldTrick(envelope, ctx, plays);
  if (finished) return finishedTrickBlock(envelope, ctx, finished);
  return h("div", { class: "duet-slot duet-trick", "aria-label": "Current trick" },
    h("span", { class: "duet-caption" }, "Trick"),
    h("div", { class: "duet-trick-cards" }, plays.length
      ? plays.map((p, i) => playBox(envelope, ctx, p, i))
      : h("span", { class: "duet-empty" }, "No card yet")));
}

function playBox(envelope, ctx, play, index) {
  return h("div", { class: "duet-play" },
    box(play.card, { "data-card": play.card.id, "data-seat": play.seat }),
    h("span", { class: "duet-note" }, `${index ? "Follow" : "Lead"} · ${seatName(envelope, ctx, play.seat)}`));
}

// The trick just won, still on the table for a moment: both cards, the winner's marked.
function finishedTrickBlock(envelope, ctx, last) {
  const caption = `${seatName(envelope, ctx, last.winner)} won the trick`;
  return h("div", {
    class: "duet-slot duet-trick duet-finished", "aria-label": caption, dataset: { finished: "true" },
    title: "Click to gather the trick", onclick: () => gatherTrick(ctx),
  },
  h("span", { class: "duet-caption" }, caption),
  h("div", { class: "duet-trick-cards" }, last.plays.map((p, i) => {
    const box = playBox(envelope, ctx, p, i);
    if (p.seat === last.winner) {
      box.classList.add("fx-winner");
      box.prepend(h("span", { class: "fx-winner-mark" }, "Wins the trick"));
    }
    return box;
  })));
}

function lastTrickBlock(envelope, ctx) {
  const last = envelope.view.last_trick;
  if (!last) return null;
  const moved = last.reset
    ? `the tracker went too far and is back in the centre`
    : `the tracker moved ${pawWord(last.paws)} toward ${endName(envelope, last.toward, ctx)}${last.gem ? " and took a gem" : ""}`;
  return h("details", { class: "duet-slot duet-last", open: true },
    h("summary", {}, `Last trick: ${seatName(envelope, ctx, last.winner)} won`),
    h("div", { class: "duet-last-body" },
      h("div", { class: "fx-row fx-small" }, last.plays.map((p) => box(p.card, { "data-card": p.card.id, "data-seat": p.seat }))),
      h("span", { class: "duet-note" }, `${counted(last.paws, "paw")}: ${moved}.`)));
}

function decisionNote(envelope) {
  const d = envelope.view.decision;
  if (!d || d.kind !== "7") return null;
  const mine = d.my_pick ? `You pass the ${d.my_pick.name}.` : null;
  const waiting = d.picked.map((done, seat) => (done ? null : seat)).filter((s) => s !== null);
  return h("div", { class: "duet-decision" }, "Swap: each of you passes one card at the same time. ",
    mine, waiting.length ? ` Still choosing: ${waiting.length}.` : null);
}

// --------------------------------------------------------------------------- your hand

function handBlock(envelope, ctx) {
  const view = envelope.view;
  const { me } = seats(envelope);
  const seated = envelope.seat !== null && envelope.seat !== undefined;
  const type = HAND_ACTIONS[view.phase];
  const cards = view.hand.map((card) => {
    const el = box(card, { "data-card": card.id, title: card.name });
    const action = type ? findAction(envelope, type, "card", card.id) : null;
    if (action) return makeTarget(el, action, ctx, label(action, envelope, ctx));
    if ((envelope.legal_actions || []).length) el.classList.add("fx-dim");
    return el;
  });
  return h("section", { class: "duet-you table-dock", "aria-label": "Your hand" },
    playerBar(envelope, me, seated ? `You (${seatName(envelope, ctx, me)})` : seatName(envelope, ctx, me)),
    seated ? handRow(cards) : backsRow(view.hand_counts[me], "cards in hand"),
    seated ? null : knownRow("Known in their hand", view.known_in_hands[me]));
}

// --------------------------------------------------------------------------- motion

function animate(root, envelope, ctx) {
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

// --------------------------------------------------------------------------- render

function render(root, envelope, ctx = {}) {
  ensureStyles(ID);
  BOARD = (ctx.width || root.clientWidth || window.innerWidth) < COMPACT_BELOW ? COMPACT : WIDE;
  const view = envelope.view;
  root.append(h("div", { class: "fx-table duet" },
    // Your partner and the cards in play share the top row, so the path below them can take
    // the whole width: it is the board of this game and the largest thing on the table.
    h("div", { class: "duet-top" }, partnerBlock(envelope, ctx),
      h("div", { class: "duet-cards" }, decreeBlock(view), trickBlock(envelope, ctx), lastTrickBlock(envelope, ctx))),
    decisionNote(envelope),
    h("section", { class: "duet-centre" },
      pathBoard(envelope, ctx),
      statusStrip(view),
      houseRulesNote(view),
      eitherHandBlock(view)),
    handBlock(envelope, ctx)));
  afterDraw(ctx, root, (live) => {
    scrollToTarget(live.querySelector(".duet-you .fx-hand"));
    steadyPromptHeight();
    // A direction or a forest token is chosen on the path: its targets come clear of the dock.
    showTargets(live.querySelector(".duet-board"));
    animate(live, envelope, ctx);
  });
}

function outcome(envelope, ctx = {}) {
  ensureStyles(ID);
  const view = envelope.view;
  const detail = ending(envelope);
  const rows = detail.result === "won"
    ? [["Level points", detail.level_points], ["Cards left in hand", detail.card_points],
      ["Won in round 2", detail.round_two_bonus], ["Unused forest tokens", detail.forest_token_points]]
    : [["Gems collected", detail.gems_collected], ["Gems left on the board", detail.gems_left]];
  const reveal = view.reveal || { hands: [], draw_pile: [] };
  const pile = (title, cards) => (cards && cards.length
    ? h("div", { class: "duet-reveal" }, h("span", { class: "duet-caption" }, title),
      h("div", { class: "fx-row fx-small" }, cards.map((c) => box(c)))) : null);
  return h("div", { class: "fx-table duet duet-outcome" },
    h("table", { class: "duet-score" },
      h("tbody", {}, rows.map(([name, value]) => h("tr", {}, h("th", {}, name), h("td", {}, String(value ?? 0)))),
        h("tr", {}, h("th", {}, "Total"), h("td", {}, String(detail.total ?? 0))))),
    reveal.hands.map((hand, seat) => pile(`${seatName(envelope, ctx, seat)} held`, hand)),
    pile("The draw pile", reveal.draw_pile));
}

function ending(envelope) {
  return envelope.view.outcome || (envelope.outcome && envelope.outcome.detail) || {};
}

/** The outcome screen's title: the partners win or lose together, and score as one. */
function headline(envelope) {
  const detail = ending(envelope);
  const points = counted(detail.total ?? 0, "point");
  return detail.result === "won" ? `The team wins! ${points}.` : `The team loses: ${points}.`;
}

/** One team, one result: the partners win or lose together. */
function teamOutcome(envelope, ctx = {}) {
  const detail = ending(envelope);
  const members = (envelope.seats || []).map((seat) => seatName(envelope, ctx, seat.seat)).join(" and ");
  return teamResultTable([{ team: "The team", members, score: detail.total ?? 0, won: detail.result === "won" }]);
}

/** The prompt while a finished trick is held on the table: who won it, and with which card. */
function heldPrompt(envelope, ctx) {
  return heldTrickPrompt(envelope, ctx, currentPlays(envelope), (seat) => seatName(envelope, ctx, seat));
}

function currentPlays(envelope) {
  return envelope.view.current_trick || [];
}

export default { id: ID, render, label, promptActions, heldPrompt, outcome, teamOutcome, headline };
