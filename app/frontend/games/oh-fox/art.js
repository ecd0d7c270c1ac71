// Inline SVG art for Oh, Fox!: food, hearts, action cards, arrows, pawns, card backs.
// Every drawing carries a text label or a distinct shape, never colour alone.

import { s } from "./dom.js";

export const CARD_NAMES = {
  single: "single move",
  double: "double move",
  stop: "stop",
  move_stop: "move-stop",
  trigger: "trigger",
};
export const CARD_ORDER = ["single", "double", "stop", "move_stop", "trigger"];
export const DIRECTIONS = ["north", "east", "south", "west"];
const ROTATION = { north: 0, east: 90, south: 180, west: 270 };

/** A food symbol centred on (0, 0), about 24 units across. */
export function foodIcon(food) {
  const cls = `of-food-icon of-food-${food}`;
  if (food === "nuts") {
    return s("g", { class: cls },
      s("ellipse", { cx: 0, cy: 3, rx: 7, ry: 8 }),
      s("path", { d: "M-9 -2 Q0 -12 9 -2 Z", class: "of-ink" }),
      s("line", { x1: 0, y1: -8, x2: 0, y2: -12, class: "of-stroke" }));
  }
  if (food === "berries") {
    return s("g", { class: cls },
      s("circle", { cx: -5, cy: 3, r: 5 }), s("circle", { cx: 5, cy: 3, r: 5 }),
      s("circle", { cx: 0, cy: -5, r: 5 }));
  }
  if (food === "clover") {
    return s("g", { class: cls },
      s("circle", { cx: -5, cy: -3, r: 5 }), s("circle", { cx: 5, cy: -3, r: 5 }),
      s("circle", { cx: 0, cy: -10, r: 5 }),
      s("path", { d: "M0 -3 Q2 6 -2 11", class: "of-stroke" }));
  }
  // bugs: a beetle with legs
  return s("g", { class: cls },
    s("path", { d: "M-8 -6 L-12 -9 M8 -6 L12 -9 M-8 1 L-13 1 M8 1 L13 1 M-8 7 L-12 10 M8 7 L12 10",
      class: "of-stroke" }),
    s("ellipse", { cx: 0, cy: 1, rx: 7, ry: 9 }),
    s("line", { x1: 0, y1: -7, x2: 0, y2: 10, class: "of-stroke of-light" }));
}

const HEART_PATH = "M0 7 C-9 0 -10 -6 -5 -8 C-2 -9 0 -6 0 -5 C0 -6 2 -9 5 -8 C10 -6 9 0 0 7 Z";

/** A heart (scored) or a broken heart (a crack through it), centred on (0, 0). */
export function heartIcon(broken = false, size = 18) {
  return s("svg", { class: broken ? "of-heart of-broken" : "of-heart", width: size, height: size,
    viewBox: "-10 -10 20 20", "aria-hidden": "true" },
    s("path", { d: HEART_PATH }),
    broken ? s("path", { d: "M0 -5 L-2 -1 L2 1 L-1 6", class: "of-crack" }) : null);
}

/** The symbol on an action card, pointing north; the caller rotates it. */
function cardGlyph(card) {
  if (card === "single") {
    return s("path", { d: "M0 -12 L8 -2 L3 -2 L3 12 L-3 12 L-3 -2 L-8 -2 Z", class: "of-glyph" });
  }
  if (card === "double") {
    return s("g", { class: "of-glyph" },
      s("path", { d: "M0 -14 L8 -6 L-8 -6 Z" }), s("path", { d: "M0 -4 L8 4 L-8 4 Z" }),
      s("rect", { x: -2.5, y: 4, width: 5, height: 9 }));
  }
  if (card === "stop") {
    return s("path", { d: "M-5 -12 L5 -12 L12 -5 L12 5 L5 12 L-5 12 L-12 5 L-12 -5 Z",
      class: "of-glyph of-stop-glyph" });
  }
  if (card === "move_stop") {
    return s("g", { class: "of-glyph" },
      s("rect", { x: -9, y: -14, width: 18, height: 4 }),
      s("path", { d: "M0 -8 L7 0 L3 0 L3 12 L-3 12 L-3 0 L-7 0 Z" }));
  }
  // trigger: a burst (the animal's ability); its arrow is drawn as a small pointer.
  return s("g", { class: "of-glyph" },
    s("path", { d: "M0 -10 L3 -3 L10 -3 L4 1 L7 9 L0 4 L-7 9 L-4 1 L-10 -3 L-3 -3 Z" }),
    s("path", { d: "M0 -16 L4 -11 L-4 -11 Z" }));
}

/**
 * An action card face: the card symbol turned to its direction, its name and a direction
 * letter, so that the arrow is readable without relying on the rotation alone.
 * @param {string} card
 * @param {string | null} [direction]
 * @param {{ width?: number, title?: boolean }} [look]
 */
export function actionCard(card, direction = null, { width = 44, title = true } = {}) {
  const height = Math.round(width * 1.4);
  const rotate = direction ? ROTATION[direction] : 0;
  const name = CARD_NAMES[card] || card;
  const label = direction ? `${name} ${direction}` : name;
  return s("svg", { class: `of-card of-card-${card}`, width, height, viewBox: "0 0 44 62",
    role: "img", "aria-label": label },
    title ? s("title", { text: label }) : null,
    s("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, class: "of-card-face" }),
    s("g", { transform: `translate(22 25) rotate(${rotate})` }, cardGlyph(card)),
    s("text", { x: 22, y: 55, class: "of-card-label", text: shortName(card) }),
    direction ? s("text", { x: 38, y: 11, class: "of-card-dir", text: direction[0].toUpperCase() })
      : null);
}

function shortName(card) {
  return { single: "move", double: "double", stop: "stop", move_stop: "mv-stop",
    trigger: "trigger" }[card] || card;
}

/** A face-down card: the hidden identity or a hidden choice. */
export function cardBack(label, width = 44) {
  const height = Math.round(width * 1.4);
  return s("svg", { class: "of-card of-back", width, height, viewBox: "0 0 44 62", role: "img",
    "aria-label": label },
    s("title", { text: label }),
    s("rect", { x: 1, y: 1, width: 42, height: 60, rx: 5, class: "of-back-face" }),
    s("path", { d: "M8 10 L36 10 L36 52 L8 52 Z M14 18 L30 44 M30 18 L14 44",
      class: "of-back-pattern" }),
    s("path", { d: "M15 31 L19 22 L22 27 L25 22 L29 31 L22 38 Z", class: "of-back-fox" }));
}

/** A tick in a circle: "has chosen this turn". */
export function tickIcon(label = "has chosen") {
  return s("svg", { class: "of-tick", width: 20, height: 20, viewBox: "-10 -10 20 20", role: "img",
    "aria-label": label },
    s("title", { text: label }),
    s("circle", { r: 9 }), s("path", { d: "M-5 0 L-1 4 L5 -4" }));
}

/** An arrow pointing in a direction, for the direction pad. */
export function arrowIcon(direction, size = 28) {
  return s("svg", { width: size, height: size, viewBox: "-10 -10 20 20", "aria-hidden": "true",
    class: "of-arrow" },
    s("path", { d: "M0 -8 L7 0 L2.5 0 L2.5 8 L-2.5 8 L-2.5 0 L-7 0 Z",
      transform: `rotate(${ROTATION[direction]})` }));
}

/** A pawn: a coloured disc with its colour's letter (so it never relies on colour alone). */
export function pawn(colour, { r = 14, guess = false } = {}) {
  return s("g", { class: `of-pawn of-colour-${colour}${guess ? " of-pawn-guess" : ""}` },
    s("circle", { r, class: "of-pawn-disc" }),
    s("text", { y: r * 0.36, class: "of-pawn-letter", "font-size": r * 1.05,
      text: guess ? `${colour[0].toUpperCase()}?` : colour[0].toUpperCase() }));
}

/** A small standalone pawn swatch for HTML rows and legends. */
export function pawnSwatch(colour, label) {
  return s("svg", { class: "of-swatch", width: 22, height: 22, viewBox: "-11 -11 22 22", role: "img",
    "aria-label": label }, s("title", { text: label }), pawn(colour, { r: 10 }));
}
