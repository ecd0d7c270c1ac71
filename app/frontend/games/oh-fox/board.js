// The 4x4 torus board as inline SVG: food on every space, homes, the healing space, tunnel
// pairs and the wrap-around rim. Overlays (pawns, your track, clickable targets) are layers
// the callers fill, so the table and the reckoning share one drawing.

import { activatable, capitalize, s } from "./dom.js";
import { foodIcon, pawn } from "./art.js";

export const CELL = 100;
const RIM = 28; // room around the board for the wrap-around markers

export function parseSpace(id) {
  const match = /^r(\d)c(\d)$/.exec(id || "");
  return match ? { row: Number(match[1]), col: Number(match[2]) } : null;
}

/** The row and column of a board space ("r1c2"): anything else is a broken view, said loudly. */
export function spaceAt(id) {
  const at = parseSpace(id);
  if (!at) throw new Error(`Not a space of the board: ${id}`);
  return at;
}

export function spaceLabel(board, id) {
  const space = board.spaces.find((sp) => sp.id === id);
  if (!space) return id;
  const extras = [space.home && `${space.home} home`, space.healing && "healing space",
    space.tunnel && `${space.tunnel} tunnel`].filter(Boolean);
  return `row ${space.row + 1}, column ${space.col + 1} (${[space.food, ...extras].join(", ")})`;
}

/** The centre of the n-th of `count` pawns on a space, in board units. */
export function pawnPoint(id, index = 0, count = 1) {
  const { row, col } = spaceAt(id);
  const x0 = col * CELL;
  const y0 = row * CELL;
  if (count <= 1) return { x: x0 + 50, y: y0 + 62 };
  const slots = [[28, 58], [72, 58], [28, 80], [72, 80]];
  const [dx, dy] = slots[index % slots.length];
  return { x: x0 + dx, y: y0 + dy };
}

/** The space id under a point given in screen (client) coordinates, or null off the board. */
export function spaceAtClientPoint(svg, clientX, clientY, board) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const col = Math.floor(point.x / CELL);
  const row = Math.floor(point.y / CELL);
  if (row < 0 || col < 0 || row >= board.rows || col >= board.cols) return null;
  return `r${row}c${col}`;
}

/** A tag along the bottom of a space; long ones are squeezed to fit the space's width. */
function spaceTag(text) {
  return s("text", { x: 5, y: 95, class: "of-space-tag", text,
    textLength: text.length > 11 ? 88 : null, lengthAdjust: text.length > 11 ? "spacingAndGlyphs" : null });
}

function spaceMarks(space) {
  const marks = [];
  if (space.home) {
    marks.push(s("rect", { x: 5, y: 5, width: CELL - 10, height: CELL - 10, rx: 6,
      class: `of-home-ring of-colour-${space.home}` }));
    marks.push(s("path", { d: "M72 44 L82 34 L92 44 L92 55 L72 55 Z",
      class: `of-home-house of-colour-${space.home}` }));
    marks.push(spaceTag(`${capitalize(space.home)} home`));
  }
  if (space.healing) {
    marks.push(s("path", { d: "M78 33 h8 v8 h8 v8 h-8 v8 h-8 v-8 h-8 v-8 h8 Z", class: "of-healing-cross" }));
    marks.push(spaceTag("Healing"));
  }
  if (space.tunnel) {
    marks.push(s("circle", { cx: 82, cy: 45, r: 11, class: `of-tunnel of-tunnel-${space.tunnel}` }));
    marks.push(s("path", { d: "M75 49 A7 7 0 0 1 89 49 Z", class: "of-tunnel-mouth" }));
    marks.push(spaceTag(`${capitalize(space.tunnel)} tunnel`));
  }
  return marks;
}

function drawSpace(board, space) {
  return s("g", { class: `of-space of-food-${space.food}`, "data-space": space.id,
    transform: `translate(${space.col * CELL} ${space.row * CELL})` },
    s("title", { text: spaceLabel(board, space.id) }),
    s("rect", { width: CELL, height: CELL, class: "of-space-bg" }),
    s("g", { transform: "translate(17 23)" }, foodIcon(space.food)),
    s("text", { x: 32, y: 28, class: "of-food-label", text: space.food }),
    ...spaceMarks(space));
}

/** Paired chevrons on the rim: what leaves one edge comes back on the opposite one. */
function wrapRim(board) {
  const group = s("g", { class: "of-wrap", "aria-hidden": "true" });
  const width = board.cols * CELL;
  const height = board.rows * CELL;
  const chevron = (x, y, angle) => s("path", { d: "M-6 -7 L4 0 L-6 7",
    transform: `translate(${x} ${y}) rotate(${angle})` });
  for (let row = 0; row < board.rows; row += 1) {
    const y = row * CELL + CELL / 2;
    group.append(chevron(-RIM / 2, y, 180), chevron(width + RIM / 2, y, 0));
  }
  for (let col = 0; col < board.cols; col += 1) {
    const x = col * CELL + CELL / 2;
    group.append(chevron(x, -RIM / 2, 270), chevron(x, height + RIM / 2, 90));
  }
  group.append(s("rect", { x: -3, y: -3, width: width + 6, height: height + 6, class: "of-wrap-edge" }));
  return group;
}

/**
 * Draw the board. `targets` maps a space id to {label, onActivate} (clickable, outlined);
 * `highlight` is a set of space ids outlined as a preview; `track` is [{space, turn}] for the
 * viewer's own planned positions. Returns {svg, pawnLayer}.
 * @param {any} board
 * @param {{ targets?: Record<string, { label: string, onActivate: (event: Event) => void }>,
 *   highlight?: string[], track?: Array<{ space: string, turn: number }>, label?: string }} [layers]
 */
export function drawBoard(board, { targets = {}, highlight = [], track = [], label = "The board" } = {}) {
  const width = board.cols * CELL;
  const height = board.rows * CELL;
  const svg = s("svg", { class: "of-board", viewBox: `${-RIM} ${-RIM} ${width + 2 * RIM} ${height + 2 * RIM}`,
    role: "group", "aria-label": `${label}: 4 by 4 spaces; the edges wrap around` });
  svg.append(wrapRim(board));
  for (const space of board.spaces) svg.append(drawSpace(board, space));
  svg.append(drawTrack(track));
  for (const id of highlight) svg.append(outline(id, "of-preview"));
  for (const [id, target] of Object.entries(targets)) svg.append(targetSpace(id, target));
  const pawnLayer = s("g", { class: "of-pawn-layer" });
  svg.append(pawnLayer);
  return { svg, pawnLayer };
}

function outline(id, cls) {
  const { row, col } = spaceAt(id);
  return s("rect", { x: col * CELL + 3, y: row * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 8,
    class: cls });
}

function targetSpace(id, target) {
  const { row, col } = spaceAt(id);
  const node = s("g", { class: "of-target", "data-target": id },
    s("rect", { x: col * CELL + 3, y: row * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 8 }));
  return activatable(node, target.label, target.onActivate);
}

/** Your own planned route: the turn numbers at the spaces you will stand on. */
function drawTrack(track) {
  const layer = s("g", { class: "of-track" });
  const bySpace = new Map();
  for (const step of track) {
    if (!bySpace.has(step.space)) bySpace.set(step.space, []);
    bySpace.get(step.space).push(step.turn);
  }
  for (const [id, turns] of bySpace) {
    const { row, col } = spaceAt(id);
    const text = turns.length > 2 ? `${turns.slice(0, 2).join(",")}+${turns.length - 2}` : turns.join(",");
    const width = 14 + 7 * text.length;
    layer.append(s("g", { transform: `translate(${col * CELL + 4} ${row * CELL + 38})` },
      s("rect", { width, height: 14, rx: 7, class: "of-track-tag" }),
      s("text", { x: width / 2, y: 11, class: "of-track-text", text: `T${text}` })));
  }
  return layer;
}

/** Place static pawns: [{colour, space, label, guess}] grouped by space. */
export function placePawns(layer, pawns) {
  const bySpace = new Map();
  for (const item of pawns) {
    if (!bySpace.has(item.space)) bySpace.set(item.space, []);
    bySpace.get(item.space).push(item);
  }
  const nodes = [];
  for (const [id, items] of bySpace) {
    items.forEach((item, index) => {
      const point = pawnPoint(id, index, items.length);
      const node = pawn(item.colour, { guess: item.guess });
      node.setAttribute("transform", `translate(${point.x} ${point.y})`);
      node.append(s("title", { text: item.label }));
      node.setAttribute("aria-label", item.label);
      if (item.seat !== undefined) node.dataset.seat = String(item.seat);
      layer.append(node);
      nodes.push({ node, item });
    });
  }
  return nodes;
}
