// The 11-space forest path across the middle of the table: gem stacks, "+" spaces, forest tokens
// covering the ends, the tracker, and a badge at each end that becomes the target for a
// direction or a forest token. Your end is drawn first, on the left.

import { h, svg } from "../../js/dom.js";
import { findAction, makeTarget, seatName } from "../cards.js";
import { counted } from "../kit/words.js";
import { seats } from "./players.js";
import { label } from "./words.js";

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

/** Choose the drawing of the path for a table `width` px wide (at each render). */
export function fitBoard(width) {
  BOARD = width < COMPACT_BELOW ? COMPACT : WIDE;
}

// Where space `space` is drawn: your end (seat's end) first, at the bottom left.
export function spacePoint(space, me) {
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
    // One text of two lines, with a space between them: two texts read as "Your endMove this
    // way", words the name did not contain (axe's label-content-name-mismatch on a phone).
    svg("text", { x: bx + width / 2, "text-anchor": "middle", "font-size": 13, fill: "#3b2f22" },
      svg("tspan", { x: bx + width / 2, y: by + 15, "font-weight": "bold" }, text),
      verb ? " " : null,
      verb ? svg("tspan", { x: bx + width / 2, y: by + 31, "font-size": 12, fill: "#8a3b00" }, verb) : null));
  // The name starts with the words on the badge, so a voice-control user can say what they
  // see ("Your end, Move this way"), then says the move in full.
  return action ? makeTarget(group, action, ctx, `${text}, ${verb}: ${label(action, envelope, ctx)}`) : group;
}

export function pathBoard(envelope, ctx) {
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
