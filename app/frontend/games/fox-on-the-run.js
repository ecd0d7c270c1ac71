// Fox on the Run: the 5x5 forest, the characters as pawns, the turn order and both factions'
// goals. A face-down tile is drawn only as a forest back: the view sends nothing else for it,
// and nothing here would draw its arrows if it did. Clickable cells come from legal_actions.

import { h, svg } from "../js/dom.js";
import { afterDraw } from "./kit/after-draw.js";
import { explain } from "./kit/help.js";
import { teamResultTable } from "./kit/team-result.js";
import { ensureStyles } from "./kit/styles.js";
import { showTargets } from "./kit/targets-in-view.js";
import { scrollingTable } from "./kit/wide-table.js";
import { counted } from "./kit/words.js";

const PICK = "run.pick"; // two-part abilities: the first tile ("r,c"), then the turn or partner
const SIZE = 5;
const STEPS = { N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1], S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1] };
const WORDS = { N: "north", NE: "north-east", E: "east", SE: "south-east", S: "south", SW: "south-west", W: "west", NW: "north-west" };
const TURN_WORDS = { 1: "a quarter turn clockwise", 2: "half a turn", 3: "a quarter turn anticlockwise" };
const PAWNS = {
  indigo: { letter: "I", colour: "#2456c9", ink: "#fff", colourName: "blue" },
  scarlett: { letter: "S", colour: "#c62828", ink: "#fff", colourName: "red" },
  zev: { letter: "Z", colour: "#9aa0a8", ink: "#111", colourName: "grey" },
  puffer: { letter: "P", colour: "#1b1b1b", ink: "#fff", colourName: "black" },
  raffles: { letter: "R", colour: "#f2c230", ink: "#111", colourName: "yellow" },
  napoleon: { letter: "N", colour: "#7b4a23", ink: "#fff", colourName: "brown" },
};
const FACTION_WORDS = { foxes: "The Foxes", guardians: "The Guardians" };
const START_WORDS = { "start-scarlett": "Scarlett's start", "start-guardians": "Guardians' start", "start-indigo": "Indigo's start" };
const STEP_MS = 120;
let animated = ""; // "match:version" already animated: a re-render for a selection stays still
let focusAfterDraw = false; // a keyboard pick re-draws the table: put focus on the next choice


// --------------------------------------------------------------------------- words

const cellName = ([row, col]) => `${"ABCDE"[col]}${row + 1}`; // the id in data-cell, not for reading
// A tile as players read it, as the engine's log says it and the grid's edges number it.
const cellWords = ([row, col]) => `row ${row + 1}, column ${col + 1}`;
const key = ([row, col]) => `${row},${col}`;
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function character(view, name) {
  return view.characters.find((c) => c.name === name);
}

function mover(view) {
  return view.current ? character(view, view.current.character) : null;
}

function seatName(env, ctx, seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (ctx?.seat === seat) return "you";
  return ctx?.names?.[seat] || env.seats?.[seat]?.name || `Player ${seat + 1}`;
}

/** @returns {[number, number]} the cell one step from the mover toward `direction` */
function stepTarget(view, direction) {
  const who = mover(view);
  const [dr, dc] = STEPS[direction];
  return [who.at[0] + dr, who.at[1] + dc];
}

function arrowOption(view, direction) {
  return view.current?.arrows?.find((a) => a.direction === direction) || null;
}

function label(action, env) {
  const view = env.view;
  const who = mover(view)?.label || "your character";
  switch (action.type) {
    case "step": return `Move ${who} ${WORDS[action.direction]} to ${cellWords(stepTarget(view, action.direction))}`;
    case "follow": {
      const option = arrowOption(view, action.direction);
      if (!option || option.stops || !option.to) return `Stop here (choose the blocked ${WORDS[action.direction]} arrow)`;
      return `Follow the ${WORDS[action.direction]} arrow to ${cellWords(option.to)}`;
    }
    case "push": return `Push ${character(view, view.current?.to_push?.[0])?.label || "them"} to ${cellWords(action.to)}`;
    case "rotate": return `Rotate the tile at ${cellWords(action.at)} ${TURN_WORDS[action.turns]}`;
    case "swap": return `Swap the tiles at ${cellWords(action.at)} and at ${cellWords(action.with)}`;
    case "reveal": return `Reveal the tile at ${cellWords(action.at)}`;
    case "switch": return `Swap Raffles' tile with the tile at ${cellWords(action.with)}`;
    case "skip": return "Skip the ability";
    default: return action.type;
  }
}

/** Skip, and a blocked arrow chosen on purpose to stop: no cell to click for those. */
function promptActions(env) {
  return env.legal_actions.filter((a) => a.type === "skip"
    || (a.type === "follow" && !arrowOption(env.view, a.direction)?.to));
}

// --------------------------------------------------------------------------- what is clickable

/** cell key -> {action} to act at once, or {pick} to select the cell for a second choice. */
function targets(env, ctx) {
  const view = env.view;
  const legal = env.legal_actions || [];
  // A pick is tagged with the version it was made on: a new envelope starts a fresh choice.
  const [version, cell] = String(ctx.selected?.(PICK) || "").split("|");
  const wanted = cell && Number(version) === env.version ? cell : "";
  const cells = new Map();
  for (const a of legal) {
    if (a.type === "step") cells.set(key(stepTarget(view, a.direction)), { action: a });
    if (a.type === "follow" && arrowOption(view, a.direction)?.to) cells.set(key(arrowOption(view, a.direction).to), { action: a });
    if (a.type === "push" || a.type === "reveal") cells.set(key(a.to || a.at), { action: a });
    if (a.type === "switch") cells.set(key(a.with), { action: a });
    if (a.type === "rotate") cells.set(key(a.at), { pick: key(a.at), words: `Choose the tile at ${cellWords(a.at)} to rotate` });
  }
  const turns = legal.filter((a) => a.type === "rotate" && key(a.at) === wanted);
  const swaps = legal.filter((a) => a.type === "swap");
  const swapPicked = swaps.some((a) => key(a.at) === wanted || key(a.with) === wanted);
  for (const a of swaps) {
    const [x, y] = [key(a.at), key(a.with)];
    if (swapPicked && wanted === x) cells.set(y, { action: a });
    else if (swapPicked && wanted === y) cells.set(x, { action: a });
    else if (!swapPicked) {
      cells.set(x, { pick: x, words: `Choose the tile at ${cellWords(a.at)} as the first tile to swap` });
      cells.set(y, { pick: y, words: `Choose the tile at ${cellWords(a.with)} as the first tile to swap` });
    }
  }
  const picked = turns.length || swapPicked ? wanted : "";
  if (picked) cells.set(picked, { pick: picked, words: "Selected: choose again to cancel" });
  return { cells, turns, picked };
}

// --------------------------------------------------------------------------- render

function render(root, env, ctx) {
  ensureStyles("fox-on-the-run");
  const view = env.view;
  const redraw = (value) => {
    focusAfterDraw = true;
    if (ctx.select) {
      ctx.select(PICK, value === null ? null : `${env.version}|${value}`); // the page draws again
      return;
    }
    root.replaceChildren();
    render(root, env, ctx);
  };
  const t = targets(env, ctx);
  const s = { env, view, ctx, t, redraw };
  root.append(h("div", { class: "run", dataset: { version: env.version, pick: t.picked } },
    turnOrder(s),
    h("div", { class: "run-middle" }, grid(s), h("div", { class: "run-side" }, chooser(s), factions(s), forestLeft(s)))));
  afterDraw(ctx, root, (live) => {
    pawnWalk(live, env, ctx);
    // The cells to step to and the choices beside them come clear of the status bar and dock
    // (on a phone the forest is taller than the room between them).
    showTargets(live.querySelector(".run-middle"));
    if (focusAfterDraw) keepFocus(live);
  });
  root.onkeydown = (event) => { if (event.key === "Escape" && t.picked) redraw(null); };
}

function turnOrder(s) {
  const { view, env, ctx } = s;
  const now = view.current?.character;
  return h("ol", { class: "run-order", "aria-label": "Turn order" }, view.turn_order.map((name) => {
    const c = character(view, name);
    return explain(h("li", { class: ["run-order-item", name === now && "is-now", c.seat === ctx.seat && "is-yours"] },
      pawn(c), h("span", { class: "run-order-text" }, h("strong", {}, c.label),
        h("span", { class: "run-small" }, `${FACTION_WORDS[c.faction]}, ${seatName(env, ctx, c.seat)}`)),
      name === now ? h("span", { class: "run-badge" }, "now") : null), "fox-on-the-run", String(name).toLowerCase());
  }));
}

function grid(s) {
  const rows = [h("div", { class: "run-corner" })];
  for (let col = 0; col < SIZE; col += 1) rows.push(h("div", { class: "run-axis" }, String(col + 1)));
  s.view.grid.forEach((row, r) => {
    rows.push(h("div", { class: "run-axis" }, String(r + 1)));
    for (const cell of row) rows.push(cellBox(s, cell));
  });
  return h("div", { class: "run-grid", role: "group", "aria-label": "The forest, 5 by 5 tiles: rows 1 to 5 from the top, columns 1 to 5 from the left" }, rows);
}

function cellBox(s, cell) {
  const k = key(cell.at);
  const target = s.t.cells.get(k);
  const onPath = (s.view.current?.path || []).findIndex((p) => same(p, cell.at));
  const moving = s.view.current?.character;
  const words = target ? (target.action ? label(target.action, s.env) : target.words) : null;
  // Only a revealed tile, or every tile once the match is over, comes with its arrows.
  const shown = cell.face_up || Array.isArray(cell.arrows);
  return h("div", {
    class: ["run-cell", shown ? "is-up" : "is-down", !cell.face_up && shown && "is-final-reveal", cell.start && "is-start",
      target && "is-target", s.t.picked === k && "is-picked", onPath >= 0 && "on-path"],
    "data-cell": cell.name, "data-face": shown ? "up" : "down",
  },
  shown ? face(cell) : forestBack(),
  onPath >= 0 && cell.characters.length === 0 ? h("span", { class: "run-trail", "aria-hidden": "true" }) : null,
  cell.face_up && cell.used_this_turn ? h("span", { class: "run-used" }, "used") : null,
  h("div", { class: "run-pawns" }, cell.characters.map((name) =>
    explain(h("span", { class: ["run-pawn", name === moving && "is-moving"], "data-character": name },
      pawn(character(s.view, name)), h("span", { class: "run-pawn-name" }, character(s.view, name).label)),
    "fox-on-the-run", String(name).toLowerCase()))),
  target ? h("button", { class: "run-target", "aria-label": words, title: words,
    onclick: () => (target.action ? s.ctx.act(target.action) : s.redraw(s.t.picked === target.pick ? null : target.pick)) }) : null);
}

/** The face of a revealed tile: its arrows, or the start marker. Never called for a back. */
function face(cell) {
  if (cell.start) {
    return h("span", { class: "run-start" }, starMark(),
      h("span", { class: "run-start-long" }, START_WORDS[cell.tile] || "Start"), h("span", { class: "run-start-short" }, "Start"));
  }
  const words = cell.arrows.map((a) => WORDS[a]).join(" and ");
  return svg("svg", { class: "run-arrows", viewBox: "0 0 60 60", role: "img", "aria-label": `Arrows: ${words}` },
    svg("title", {}, `Arrows: ${words}`),
    cell.arrows.map((a) => svg("path", { class: "run-arrow", d: "M30 30 V8 M22 16 L30 6 L38 16",
      transform: `rotate(${{ N: 0, E: 90, S: 180, W: 270 }[a] || 0} 30 30)` })));
}

function forestBack() {
  // The same three trees on every face-down tile, so a back says nothing about its face.
  return h("span", { class: "run-back" },
    svg("svg", { viewBox: "0 0 60 60", "aria-hidden": "true" },
      [[16, 34], [30, 24], [44, 34]].map(([x, y]) => svg("path", { d: `M${x} ${y - 14} L${x + 10} ${y + 8} H${x - 10} Z` })),
      svg("path", { d: "M8 52 H52", class: "run-back-ground" })),
    h("span", { class: "run-sr" }, "face-down tile"));
}

function starMark() {
  return svg("svg", { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" },
    svg("path", { d: "M12 2 L15 9 L22 9 L16.5 13.5 L18.5 21 L12 16.5 L5.5 21 L7.5 13.5 L2 9 L9 9 Z" }));
}

function pawn(c) {
  const look = PAWNS[c.name] || { letter: "?", colour: "#777", ink: "#fff", colourName: "" };
  // Foxes have ears, Guardians a shield: the faction shows in the shape, not only the colour.
  const body = c.faction === "foxes"
    ? svg("path", { d: "M4 3 L10 9 H18 L24 3 L25 17 A11 11 0 0 1 3 17 Z", fill: look.colour })
    : svg("path", { d: "M3 4 H25 V14 Q25 24 14 27 Q3 24 3 14 Z", fill: look.colour });
  return svg("svg", { class: "run-pawn-icon", viewBox: "0 0 28 28", width: 26, height: 26, role: "img",
    "aria-label": `${c.label} (${look.colourName}, ${FACTION_WORDS[c.faction]})` },
  body, svg("text", { x: 14, y: 20, "text-anchor": "middle", fill: look.ink, class: "run-pawn-letter" }, look.letter));
}

function chooser(s) {
  const { t } = s;
  if (!t.picked) return null;
  const [row, col] = t.picked.split(",").map(Number);
  const name = `the tile at ${cellWords([row, col])}`;
  const options = t.turns.map((a) => h("button", { class: "run-choice", onclick: () => s.ctx.act(a) }, label(a, s.env)));
  const question = t.turns.length ? `How should ${name} turn?` : `Swap ${name} with which highlighted tile?`;
  return h("div", { class: "run-chooser", role: "group", "aria-label": question },
    h("p", {}, question), options, h("button", { class: "run-choice run-cancel", onclick: () => s.redraw(null) }, "Cancel"));
}

function factions(s) {
  const { view, env, ctx } = s;
  return h("div", { class: "run-factions" }, Object.entries(view.factions).map(([faction, info]) =>
    h("section", { class: ["run-faction", `faction-${faction}`, view.you?.faction === faction && "is-yours"],
      "aria-label": FACTION_WORDS[faction] },
    h("h3", {}, FACTION_WORDS[faction], view.you?.faction === faction ? " (your side)" : "",
      view.winner === faction ? " - win" : ""),
    h("p", { class: "run-small" }, "Characters: ", info.characters.map((n) => character(view, n).label).join(", "),
      ". Players: ", info.seats.map((seat) => seatName(env, ctx, seat)).join(", "), "."),
    h("p", { class: "run-goal" }, "Goal: ", info.goal))));
}

function forestLeft(s) {
  const { view } = s;
  return h("section", { class: "run-left", "aria-label": "Face-down tiles left" },
    h("h3", {}, `Face-down tiles left: ${view.hidden_tiles} of 22`),
    h("ul", { class: "run-kinds" }, view.hidden_arrows.map((kind) => h("li", {},
      svg("svg", { viewBox: "0 0 60 60", width: 22, height: 22, "aria-hidden": "true", class: "run-arrows" },
        kind.arrows.map((a) => svg("path", { class: "run-arrow", d: "M30 30 V8 M22 16 L30 6 L38 16",
          transform: `rotate(${{ N: 0, E: 90, S: 180, W: 270 }[a]} 30 30)` }))),
      `${kind.arrows.join("+")}: ${kind.count}`))));
}

// --------------------------------------------------------------------------- outcome

function outcome(env, ctx) {
  const view = env.view;
  if (!view.winner) return null;
  const rows = Object.entries(view.factions).map(([faction, info]) => h("tr", { class: view.winner === faction ? "is-winner" : null },
    h("th", { scope: "row" }, FACTION_WORDS[faction], view.winner === faction ? " (win)" : ""),
    h("td", {}, info.characters.map((n) => character(view, n).label).join(", ")),
    h("td", {}, info.seats.map((seat) => seatName(env, ctx, seat)).join(", "))));
  return h("div", { class: "run-outcome" },
    h("p", {}, view.prompt),
    scrollingTable(h("table", { class: "run-table" }, h("caption", {}, `After ${counted(view.turn, "turn")}, ${counted(22 - view.hidden_tiles, "tile")} revealed`),
      h("thead", {}, h("tr", {}, ["Faction", "Characters", "Players"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows)), "The factions"));
}

/** After a pick, focus the first choice it opened so the keyboard can go on. */
function keepFocus(root) {
  focusAfterDraw = false;
  root.querySelector(".run-choice, .run-cell.is-target:not(.is-picked) .run-target")?.focus({ preventScroll: true });
}

// --------------------------------------------------------------------------- motion

/** A pawn that moved walks along this turn's path (or straight, if the path is gone). */
function pawnWalk(root, env, ctx) {
  const marker = `${env.match_id}:${env.version}`;
  if (animated === marker) return;
  animated = marker;
  const before = ctx.previous?.view;
  if (!before || ctx.reducedMotion || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  for (const c of env.view.characters) {
    const from = character(before, c.name)?.at;
    if (!from || same(from, c.at)) continue;
    const el = root.querySelector(`.run-cell[data-cell="${cellName(c.at)}"] [data-character="${c.name}"]`);
    if (el) walkAlong(root, el, route(env.view, c, from));
  }
}

function route(view, c, from) {
  const path = view.current?.character === c.name ? view.current.path : [];
  const start = path.findLastIndex((p) => same(p, from));
  return start >= 0 && same(path[path.length - 1], c.at) ? path.slice(start) : [from, c.at];
}

function walkAlong(root, el, cells) {
  const centre = (at) => {
    const box = root.querySelector(`.run-cell[data-cell="${cellName(at)}"]`).getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [endX, endY] = centre(cells[cells.length - 1]);
  const frames = cells.map((at) => {
    const [x, y] = centre(at);
    return { transform: `translate(${x - endX}px, ${y - endY}px)` };
  });
  el.animate(frames, { duration: Math.min(400, STEP_MS * frames.length), easing: "ease-in-out" });
}

/** Foxes against Guardians: the faction wins, not a player's score. */
function teamOutcome(env, ctx) {
  const view = env.view;
  if (!view.winner) return null;
  return teamResultTable(Object.entries(view.factions).map(([faction, info]) => ({
    team: FACTION_WORDS[faction],
    members: info.seats.map((seat) => seatName(env, ctx, seat)).join(", "),
    won: view.winner === faction,
  })));
}

export default { id: "fox-on-the-run", render, label, promptActions, outcome, teamOutcome };
