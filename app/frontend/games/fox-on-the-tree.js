// Fox on the Tree: the row Farm -> 8 Path tiles -> Lair, the two scoring rings, the tokens
// in front of every player and the viewer's secret card. Everything clickable comes from
// envelope.legal_actions; the view only says what to draw.

import { h, svg } from "../js/dom.js";
import { lastMove, movedFrom } from "./fox-on-the-tree-last-move.js";
import { speakAs } from "../js/spoken-name.js";
import { afterDraw } from "./kit/after-draw.js";
import { explain } from "./kit/help.js";
import { ensureStyles } from "./kit/styles.js";
import { showTargets } from "./kit/targets-in-view.js";
import { scrollingTable } from "./kit/wide-table.js";

const ID = "fox-on-the-tree";
const PICK = "tree.pick"; // two-part choices: "animal:cow" or "token:banana", then a target
const TOKENS = ["banana", "swamp", "escape"];
const TOKEN_WORDS = { banana: "Banana Peel", swamp: "Swamp", escape: "Escape" };
const CODES = { cow: "Co", pig: "Pi", chicken: "Ch", sheep: "Sh", wolf: "Wo", fox: "Fo", bear: "Be", lynx: "Ly" };
const STEP_MS = 110; // per tile walked; the whole walk is capped at 400 ms
let animated = ""; // "match:version" already animated, so a re-render for a selection stays still
let focusAfterDraw = false; // a keyboard pick re-draws the table: put focus on the next choice


// --------------------------------------------------------------------------- words

function animalName(view, animal) {
  return view.animals.find((a) => a.animal === animal)?.name || animal;
}

function tileName(view, index) {
  return view.tiles[index]?.name || `tile ${index}`;
}

function seatName(env, ctx, seat) {
  if (ctx?.seat === seat) return "You";
  return ctx?.names?.[seat] || env.seats?.[seat]?.name || `Player ${seat + 1}`;
}

function label(action, env) {
  const view = env.view;
  const animal = action.animal && animalName(view, action.animal);
  switch (action.type) {
    case "move": return `Move the ${animal} to ${tileName(view, action.to)}`;
    case "play_banana": return `Put your Banana Peel on ${tileName(view, action.tile)}`;
    case "play_swamp": return `Put your Swamp on ${tileName(view, action.tile)}`;
    case "play_escape": return `Send the ${animal} home with your Escape token`;
    case "rescue": return `Remove the Swamp from ${tileName(view, action.tile)}`;
    case "save": return `Save the ${animal} (use your Escape token)`;
    case "decline": return `Let the ${animal} go`;
    case "pass": return "Pass";
    default: return action.type;
  }
}

function promptActions(env) {
  return env.legal_actions.filter((a) => ["pass", "save", "decline"].includes(a.type));
}

// --------------------------------------------------------------------------- what is clickable

/** The legal actions sorted into what the drawing needs, given the current selection. */
function choices(env, ctx) {
  const legal = env.legal_actions || [];
  const movable = new Set(legal.filter((a) => a.type === "move").map((a) => a.animal));
  const playable = new Set(legal.filter((a) => a.type.startsWith("play_")).map((a) => a.type.slice(5)));
  const rescues = new Map(legal.filter((a) => a.type === "rescue").map((a) => [a.tile, a]));
  // A pick is tagged with the version it was made on: a new envelope starts a fresh choice.
  const [version, picked] = String(ctx.selected?.(PICK) || "").split("|");
  let [kind, name] = picked && Number(version) === env.version ? picked.split(":") : [""];
  if (!(kind === "animal" && movable.has(name)) && !(kind === "token" && playable.has(name))) kind = "";
  const tileTargets = new Map();
  const animalTargets = new Map();
  for (const a of legal) {
    if (kind === "animal" && a.type === "move" && a.animal === name) tileTargets.set(a.to, a);
    if (kind === "token" && a.type === `play_${name}` && "tile" in a) tileTargets.set(a.tile, a);
    if (kind === "token" && a.type === `play_${name}` && "animal" in a) animalTargets.set(a.animal, a);
  }
  return { movable, playable, rescues, tileTargets, animalTargets, pick: kind ? `${kind}:${name}` : "" };
}

// --------------------------------------------------------------------------- render

function render(root, env, ctx) {
  ensureStyles("fox-on-the-tree");
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
  const s = { env, view, ctx, redraw, c: choices(env, ctx), last: lastMove(env) };
  root.append(h("div", { class: "tree", dataset: { version: env.version, pick: s.c.pick } },
    seatsStrip(s),
    directions(s),
    question(s),
    // Above the board, so its Cancel is in view with the targets (below, it sat under the dock).
    hint(s),
    h("div", { class: "tree-board", role: "group", "aria-label": "The path from the Farm to the Lair" },
      view.tiles.map((tile) => tileBox(s, tile))),
    track(s),
    mine(s)));
  afterDraw(ctx, root, (live) => {
    walk(live, env, ctx);
    showTargets(live.querySelector(".tree"));
    if (focusAfterDraw) keepFocus(live);
  });
  root.onkeydown = (event) => { if (event.key === "Escape" && s.c.pick) redraw(null); };
}

function seatsStrip(s) {
  const { env, view, ctx } = s;
  return h("ul", { class: "tree-seats", "aria-label": "Players" }, view.seats.map((seat) => {
    const acting = view.to_act.includes(seat.seat);
    return h("li", { class: ["tree-seat", acting && "is-acting", seat.seat === ctx.seat && "is-you"] },
      h("span", { class: "tree-seat-name" }, seatName(env, ctx, seat.seat)),
      acting ? h("span", { class: "tree-badge" }, view.stage === "escape_question" ? "asked" : "to play") : null,
      h("span", { class: "tree-seat-tokens", "aria-label": `Tokens left: ${tokenList(seat.tokens)}` },
        TOKENS.map((t) => explain(tokenIcon(t, !seat.tokens.includes(t)), ID, t))),
      seat.seat === ctx.seat ? null : explain(cardBack(), ID, "card"));
  }));
}

function tokenList(tokens) {
  return tokens.length ? tokens.map((t) => TOKEN_WORDS[t]).join(", ") : "none";
}

function directions(s) {
  const { view } = s;
  const row = (phase) => {
    const flip = phase === 2;
    return h("div", { class: ["tree-dir-row", phase === view.phase ? "is-now" : "is-later"] },
      h("span", { class: "tree-dir-phase" }, `Phase ${phase}${phase === view.phase ? " (now)" : ""}`),
      teamWay("farm", flip ? "the Farm" : "the Lair", flip ? -1 : 1),
      teamWay("predator", flip ? "the Lair" : "the Farm", flip ? 1 : -1));
  };
  return h("div", { class: "tree-dirs" }, row(1), row(2));
}

function teamWay(team, goal, direction) {
  const words = team === "farm" ? "Farm animals" : "Predators";
  return h("span", { class: "tree-dir" }, teamShape(team), `${words} to ${goal} `,
    h("span", { class: ["tree-arrow", direction > 0 ? "is-forward" : "is-back"], "aria-hidden": "true" },
      svg("svg", { viewBox: "0 0 24 12", width: 24, height: 12 },
        svg("path", { d: "M1 6 H19 M14 1 L21 6 L14 11", fill: "none", stroke: "currentColor", "stroke-width": 2 }))));
}

function question(s) {
  const q = s.view.escape_question;
  if (!q) return null;
  const asked = seatName(s.env, s.ctx, q.asking);
  const who = asked === "You" ? "you are" : `${asked} is`;
  return h("p", { class: "tree-question", role: "status" },
    `The ${animalName(s.view, q.animal)} is about to be eliminated: ${who} asked whether to save it with an Escape token.`);
}

function tileBox(s, tile) {
  const target = s.c.tileTargets.get(tile.index);
  const head = tile.kind === "path" ? String(tile.index) : tile.kind === "farm" ? "Farm" : "Lair";
  return h("div", { class: ["tree-tile", `kind-${tile.kind}`, target && "is-target"], "data-tile": tile.index },
    target ? h("button", { class: "tree-target", "aria-label": label(target, s.env), title: label(target, s.env),
      onclick: () => s.ctx.act(target) }) : null,
    h("div", { class: "tree-tile-head" }, tile.kind === "path" ? null : placeIcon(tile.kind), h("span", {}, head)),
    tile.token ? tileToken(s, tile) : null,
    h("div", { class: "tree-animals" }, tile.animals.map((animal) => animalChip(s, animal))));
}

function tileToken(s, tile) {
  const rescue = tile.token === "swamp" && !s.c.pick ? s.c.rescues.get(tile.index) : null;
  const inner = [tokenIcon(tile.token), h("span", {}, TOKEN_WORDS[tile.token])];
  const help = `${tile.token}-effect`; // what a token on the path does
  const fresh = s.last?.laid.has(tile.index) ? "is-last-move" : null; // laid by the last move
  if (fresh) inner.push(h("span", { class: "tree-note" }, "just laid"));
  if (!rescue) return explain(h("span", { class: ["tree-token", `token-${tile.token}`, fresh] }, inner), ID, help);
  return explain(speakAs(h("button", { class: ["tree-token", `token-${tile.token}`, "is-rescue"], title: label(rescue, s.env),
    onclick: () => s.ctx.act(rescue) }, inner, h("span", { class: "tree-note" }, "remove")), label(rescue, s.env)), ID, "rescue");
}

function animalChip(s, animal) {
  const info = s.view.animals.find((a) => a.animal === animal);
  const escape = s.c.animalTargets.get(animal);
  const picked = s.c.pick === `animal:${animal}`;
  // While a choice is half made, only its second part (and the picked animal, to undo) reacts.
  const movable = s.c.movable.has(animal) && (!s.c.pick || picked);
  const danger = s.view.escape_question?.animal === animal;
  const moved = movedFrom(s.last, animal, s.view.tiles);
  const cls = ["tree-animal", `team-${info.team}`, picked && "is-picked", (escape || movable) && "is-legal",
    info.stuck && "is-stuck", danger && "is-danger", moved && "is-last-move"];
  const body = [animalIcon(info), h("span", { class: "tree-animal-name" }, info.name),
    info.stuck ? h("span", { class: "tree-note" }, "stuck") : null,
    moved ? h("span", { class: "tree-note tree-moved" }, moved) : null];
  const move = info.team === "farm" ? "dodge" : "jump"; // the help: how this team moves
  if (escape) {
    return explain(speakAs(h("button", { class: cls, "data-animal": animal,
      onclick: () => s.ctx.act(escape) }, body), label(escape, s.env)), ID, move);
  }
  if (movable) {
    return explain(speakAs(h("button", { class: cls, "data-animal": animal, "aria-pressed": String(picked),
      onclick: () => s.redraw(picked ? null : `animal:${animal}`) }, body),
    picked ? `${info.name} selected: now choose where it goes` : `Choose the ${info.name} to move`), ID, move);
  }
  return explain(h("span", { class: cls, "data-animal": animal }, body), ID, move);
}

function hint(s) {
  const [kind, name] = s.c.pick.split(":");
  if (!kind) return null;
  const what = kind === "animal" ? `Where does the ${animalName(s.view, name)} go? Choose a highlighted tile.`
    : name === "escape" ? "Choose the animal to send home with your Escape token."
    : `Choose a highlighted Path tile for your ${TOKEN_WORDS[name]}.`;
  return h("p", { class: "tree-hint", role: "status" }, what, " ",
    h("button", { class: "tree-cancel", onclick: () => s.redraw(null) }, "Cancel"));
}

function track(s) {
  const card = s.view.your_card;
  const mark = (animal) => !card || !animal ? null
    : animal === card.disliked ? "-" : [card.farm, card.predator].includes(animal) ? "+" : null;
  const ring = (slots, phase) => h("div", { class: ["tree-ring", phase === s.view.phase && "is-now"] },
    h("span", { class: "tree-ring-title" }, `Phase ${phase}`),
    h("ol", { class: "tree-ring-slots" }, slots.map((slot) => h("li", { class: ["tree-slot", slot.fate && `fate-${slot.fate}`] },
      h("span", { class: "tree-slot-number" }, String(slot.number)),
      slot.animal ? [animalIcon(s.view.animals.find((a) => a.animal === slot.animal)),
        h("span", { class: "tree-slot-name" }, animalName(s.view, slot.animal), mark(slot.animal) ? ` (${mark(slot.animal)})` : ""),
        h("span", { class: "tree-note" }, slot.fate === "eliminated" ? "out" : "arrived")] : null))));
  return h("section", { class: "tree-track", "aria-label": "Scoring track" },
    h("h3", {}, "Scoring track", s.view.your_points === null ? "" : ` - your points so far: ${s.view.your_points}`),
    s.view.track.map((slots, i) => ring(slots, i + 1)));
}

function mine(s) {
  const { view, ctx } = s;
  if (ctx.seat === null || ctx.seat === undefined || !view.your_card) return null;
  const held = view.seats[ctx.seat]?.tokens || [];
  return h("section", { class: "tree-mine table-dock", "aria-label": "Your card and tokens" },
    explain(h("div", { class: "tree-card", "data-card": view.your_card.id },
      h("h3", {}, "Your secret card"),
      cardLine("Favourites (+)", [view.your_card.farm, view.your_card.predator], view, false),
      cardLine("Disliked (-)", [view.your_card.disliked], view, true)), ID, "card-score"),
    h("div", { class: "tree-hand" }, h("h3", {}, "Your tokens"),
      held.length ? held.map((token) => handToken(s, token)) : h("p", { class: "tree-note" }, "All played.")));
}

function cardLine(title, animals, view, crossed) {
  return h("p", { class: ["tree-card-line", crossed && "is-disliked"] }, h("span", { class: "tree-card-title" }, title),
    animals.map((animal) => h("span", { class: "tree-card-animal" },
      animalIcon(view.animals.find((a) => a.animal === animal), crossed), animalName(view, animal))));
}

function handToken(s, token) {
  const usable = s.c.playable.has(token);
  const picked = s.c.pick === `token:${token}`;
  const body = [tokenIcon(token), h("span", {}, TOKEN_WORDS[token])];
  if (!usable) return explain(h("span", { class: ["tree-hand-token", `token-${token}`] }, body), ID, token);
  return explain(h("button", { class: ["tree-hand-token", `token-${token}`, "is-legal", picked && "is-picked"],
    "data-token": token, "aria-pressed": String(picked), "aria-label": `Play your ${TOKEN_WORDS[token]} token`,
    onclick: () => s.redraw(picked ? null : `token:${token}`) }, body), ID, token);
}

// --------------------------------------------------------------------------- outcome

function outcome(env, ctx) {
  const view = env.view;
  if (!view.cards || !view.scores) return null;
  const name = (animal) => animalName(view, animal);
  const rows = view.cards.map((card, seat) => {
    const points = (animal) => view.animals.find((a) => a.animal === animal).points.reduce((t, n) => t + (n || 0), 0);
    return h("tr", { class: view.winners.includes(seat) ? "is-winner" : null },
      h("th", { scope: "row" }, seatName(env, ctx, seat), view.winners.includes(seat) ? " (wins)" : ""),
      h("td", {}, `${name(card.farm)}, ${name(card.predator)}`), h("td", {}, name(card.disliked)),
      h("td", {}, String(points(card.farm) + points(card.predator))), h("td", {}, String(points(card.disliked))),
      h("td", {}, String(view.scores[seat])), h("td", {}, String(view.seats[seat].tokens_left)));
  });
  const head = ["Player", "Favourites", "Disliked", "Plus", "Minus", "Score", "Tokens left"];
  return h("div", { class: "tree-outcome" },
    scrollingTable(h("table", { class: "tree-score-table" }, h("caption", {}, "Every secret card, revealed"),
      h("thead", {}, h("tr", {}, head.map((t) => h("th", { scope: "col" }, t)))), h("tbody", {}, rows)), "Secret cards and scores"),
    scrollingTable(h("table", { class: "tree-score-table" }, h("caption", {}, "Points of each animal"),
      h("thead", {}, h("tr", {}, ["Animal", "Phase 1", "Phase 2"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, view.animals.map((a) => h("tr", {}, h("th", { scope: "row" }, a.name),
        a.points.map((n, i) => h("td", {}, `${n ?? "-"} ${a.fates[i] === "eliminated" ? "(out)" : ""}`)))))), "Points of each animal"));
}

// --------------------------------------------------------------------------- art

function animalIcon(info, crossed = false) {
  const farm = info.team === "farm";
  const shape = farm
    ? svg("rect", { x: 2, y: 2, width: 24, height: 24, rx: 8, class: "tree-icon-shape" })
    : svg("path", { d: "M14 1 L27 14 L14 27 L1 14 Z", class: "tree-icon-shape" });
  return svg("svg", { class: ["tree-icon", `team-${info.team}`].join(" "), viewBox: "0 0 28 28", width: 24, height: 24, "aria-hidden": "true" },
    shape,
    svg("text", { x: 14, y: 18.5, "text-anchor": "middle", class: "tree-icon-text" }, CODES[info.animal] || "?"),
    crossed ? svg("path", { d: "M3 3 L25 25", class: "tree-icon-cross" }) : null);
}

function teamShape(team) {
  return animalIcon({ team, animal: team === "farm" ? "cow" : "wolf" });
}

function tokenIcon(token, used = false) {
  const shapes = {
    banana: svg("path", { d: "M4 7 Q12 24 22 8 Q13 17 4 7 Z", class: "tree-token-shape" }),
    swamp: svg("path", { d: "M3 15 Q6 8 13 9 Q21 7 23 14 Q22 21 13 20 Q4 21 3 15 Z", class: "tree-token-shape" }),
    escape: svg("path", { d: "M20 18 A8 8 0 1 0 7 10 M3 6 L7 11 L12 8", class: "tree-token-shape" }),
  };
  return svg("svg", { class: ["tree-token-icon", `token-${token}`, used ? "is-used" : ""].join(" "), viewBox: "0 0 26 26",
    width: 22, height: 22, role: "img", "aria-label": `${TOKEN_WORDS[token]}${used ? " (played)" : ""}` },
  svg("title", {}, `${TOKEN_WORDS[token]}${used ? " (played)" : ""}`), shapes[token]);
}

function placeIcon(kind) {
  // The Farm as a barn with a roof, the Lair as a cave mouth: told apart by shape, not colour.
  const d = kind === "farm" ? "M2 12 L12 3 L22 12 V22 H2 Z M9 22 V15 H15 V22" : "M1 22 Q4 4 12 3 Q20 4 23 22 Z M7 22 Q8 13 12 13 Q16 13 17 22";
  return svg("svg", { class: `tree-place place-${kind}`, viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" },
    svg("path", { d, "fill-rule": "evenodd" }));
}

function cardBack() {
  return h("span", { class: "tree-card-back", title: "Secret card (face down)" },
    svg("svg", { viewBox: "0 0 16 22", width: 16, height: 22, "aria-hidden": "true" },
      svg("rect", { class: "tree-back-card", x: 1, y: 1, width: 14, height: 20, rx: 2 }),
      svg("rect", { class: "tree-back-frame", x: 3, y: 3, width: 10, height: 16, rx: 1 }),
      svg("path", { class: "tree-back-tree", d: "M8 5 L12 12 H9.2 V16 H6.8 V12 H4 Z" })),
    h("span", { class: "tree-sr" }, "secret card"));
}

/** After a pick, focus the first target (or the picked thing) so the keyboard can go on. */
function keepFocus(root) {
  focusAfterDraw = false;
  const order = [".tree-target", "button.tree-animal.is-legal:not(.is-picked)", ".is-picked", ".tree-cancel"];
  const next = order.map((selector) => root.querySelector(selector)).find(Boolean);
  next?.focus({ preventScroll: true });
}

// --------------------------------------------------------------------------- motion

/** An animal that moved walks from its old tile to its new one, tile by tile. */
function walk(root, env, ctx) {
  const key = `${env.match_id}:${env.version}`;
  if (animated === key) return;
  animated = key;
  const before = ctx.previous?.view;
  if (!before || ctx.reducedMotion || before.phase !== env.view.phase) return;
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  for (const info of env.view.animals) {
    const from = before.animals.find((a) => a.animal === info.animal)?.tile;
    if (from === null || from === undefined || info.tile === null || from === info.tile) continue;
    const chip = root.querySelector(`.tree-tile[data-tile="${info.tile}"] [data-animal="${info.animal}"]`);
    if (chip) walkChip(root, chip, from, info.tile);
  }
}

function walkChip(root, chip, from, to) {
  const centre = (tile) => {
    const box = root.querySelector(`.tree-tile[data-tile="${tile}"]`).getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [endX, endY] = centre(to);
  const step = to > from ? 1 : -1;
  const frames = [];
  for (let tile = from; tile !== to + step; tile += step) {
    const [x, y] = centre(tile);
    frames.push({ transform: `translate(${x - endX}px, ${y - endY}px)` });
  }
  chip.animate(frames, { duration: Math.min(400, STEP_MS * frames.length), easing: "ease-in-out" });
}

export default { id: "fox-on-the-tree", render, label, promptActions, outcome };
