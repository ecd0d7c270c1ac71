// Shared SVG cards for The Fox in the Forest and its Duet: faces, backs, suit shapes, paw
// prints, clickable targets and the "slide into place" motion. Everything is drawn inline, with
// text labels, so a suit is told apart by its shape and its name, never by colour alone.

import { h, listen, svg } from "../js/dom.js";
import { speakAs } from "../js/spoken-name.js";

// Suit colour (a second cue only) and the shape drawn for it, in a 24x24 box.
const SUITS = {
  bells: { name: "Bells", colour: "#9a5b00" },
  keys: { name: "Keys", colour: "#1f5f99" },
  moons: { name: "Moons", colour: "#5b3a9e" },
  doves: { name: "Doves", colour: "#1e6b6b" },
  roses: { name: "Roses", colour: "#b02a37" },
  stars: { name: "Stars", colour: "#8a6100" },
};

const STAR_POINTS = "12,2 14.7,8.8 22,9.2 16.3,13.8 18.2,21 12,17 5.8,21 7.7,13.8 2,9.2 9.3,8.8";

function suitShape(suit, colour) {
  switch (suit) {
    case "bells":
      return [
        svg("path", { d: "M12 2.5c-3.6 0-5.6 3-5.6 7v4L3.5 18h17l-2.9-4.5v-4c0-4-2-7-5.6-7z", fill: colour }),
        svg("circle", { cx: 12, cy: 20.3, r: 2.1, fill: colour }),
      ];
    case "keys":
      return [
        svg("circle", { cx: 7, cy: 12, r: 4, fill: "none", stroke: colour, "stroke-width": 2.8 }),
        svg("path", { d: "M11 12h11M18.5 12v4.5M21.5 12v3.5", stroke: colour, "stroke-width": 2.6, fill: "none" }),
      ];
    case "moons":
      return [svg("path", { d: "M15.5 2.8a9.5 9.5 0 1 0 0 18.4 7.4 7.4 0 1 1 0-18.4z", fill: colour })];
    case "doves":
      return [svg("path", {
        d: "M2 12.5c3 1 6 .4 8-2.2 1-3.2 3.6-5 6.2-4.2L21.5 5l-2.7 3.2c.7 5.6-3.4 10.4-10.3 10.3l3-2.8C7.5 16.8 3.8 15.4 2 12.5z",
        fill: colour,
      })];
    case "roses":
      return [
        ...[0, 72, 144, 216, 288].map((angle) => {
          const rad = (angle - 90) * Math.PI / 180;
          return svg("circle", { cx: 12 + 5 * Math.cos(rad), cy: 12 + 5 * Math.sin(rad), r: 4.3, fill: colour });
        }),
        svg("circle", { cx: 12, cy: 12, r: 2.6, fill: "#fff6e8" }),
      ];
    case "stars":
      return [svg("polygon", { points: STAR_POINTS, fill: colour })];
    default:
      return [svg("circle", { cx: 12, cy: 12, r: 6, fill: colour })];
  }
}

export function suitName(suit) {
  return SUITS[suit] ? SUITS[suit].name : "";
}

/** A suit's shape as a small inline SVG (for labels such as "Trump: Keys"). */
export function suitIcon(suit, size = 18) {
  const colour = SUITS[suit] ? SUITS[suit].colour : "#444";
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "fx-suit-icon", "aria-hidden": "true" },
    ...suitShape(suit, colour));
}

/** The same shape placed inside another SVG at (x, y) with a side of `size`. */
function suitAt(suit, x, y, size) {
  const colour = SUITS[suit] ? SUITS[suit].colour : "#444";
  return svg("g", { transform: `translate(${x} ${y}) scale(${size / 24})` }, ...suitShape(suit, colour));
}

// One paw print (a pad and three toes) in a 10x10 box.
function pawAt(x, y, colour) {
  return svg("g", { transform: `translate(${x} ${y}) scale(0.8)`, fill: colour },
    svg("ellipse", { cx: 5, cy: 7, rx: 3, ry: 2.4 }),
    svg("circle", { cx: 1.8, cy: 3.4, r: 1.3 }),
    svg("circle", { cx: 5, cy: 2, r: 1.3 }),
    svg("circle", { cx: 8.2, cy: 3.4, r: 1.3 }));
}

/** A row of `count` paw prints (or a "0" marker), as printed on every Duet card. */
function pawRow(count) {
  const group = svg("g", { class: "fx-paws" });
  if (count === 0) {
    group.append(svg("text", { x: 52, y: 13, "text-anchor": "end", "font-size": 8, fill: "#6b5b45" }, "0 paws"));
    return group;
  }
  for (let i = 0; i < count; i += 1) group.append(pawAt(47 - i * 8.5, 4, "#5b4632"));
  return group;
}

// The frame every card shares (60 x 90 units).
function frame(fill, stroke) {
  return svg("rect", { x: 1, y: 1, width: 58, height: 88, rx: 6, fill, stroke, "stroke-width": 1.6 });
}

/** Text that shrinks to fit the card's width when long ("Exchange the decree"). */
function fitText(text, y, size, colour, weight = "normal") {
  const attrs = { x: 30, y, "text-anchor": "middle", "font-size": size, fill: colour, "font-weight": weight };
  if (text.length * size * 0.55 > 52) Object.assign(attrs, { textLength: 52, lengthAdjust: "spacingAndGlyphs" });
  return svg("text", attrs, text);
}

function suitFace(card, ability) {
  const colour = SUITS[card.suit].colour;
  const parts = [
    frame("#fffaf0", colour),
    svg("text", { x: 6, y: 19, "font-size": 17, "font-weight": "bold", fill: colour }, String(card.rank)),
    suitAt(card.suit, 5, 22, 11),
    suitAt(card.suit, 17, 28, 26),
    fitText(suitName(card.suit), 66, 8, colour, "bold"),
  ];
  if (ability) {
    parts.push(svg("rect", { x: 4, y: 72, width: 52, height: 13, rx: 3, fill: colour }));
    parts.push(fitText(ability, 81.5, 8, "#ffffff", "bold"));
  }
  if (card.paws !== undefined) parts.push(pawRow(card.paws));
  return parts;
}

// Deluxe special cards: dark green with a gold double border and a star emblem, so they never
// look like a suit card.
function specialFace(card, title) {
  const gold = "#e8c35a";
  return [
    frame("#1f3b2d", gold),
    svg("rect", { x: 4.5, y: 4.5, width: 51, height: 81, rx: 4, fill: "none", stroke: gold, "stroke-width": 0.8 }),
    svg("text", { x: 7, y: 18, "font-size": 14, "font-weight": "bold", fill: gold }, card.rank === null ? "?" : String(card.rank)),
    svg("polygon", { points: STAR_POINTS, fill: gold, transform: "translate(19 24) scale(0.9)" }),
    fitText(title, 62, 10, "#ffffff", "bold"),
    fitText("Special", 78, 7, gold),
  ];
}

/**
 * A face-up card as an SVG. `card` is a view's card ({id, suit, rank, ability, special, name,
 * paws?}); `ability` is the short ability name to print (or null).
 */
export function cardFace(card, ability) {
  const parts = card.special || !card.suit ? specialFace(card, ability || card.name) : suitFace(card, ability);
  return svg("svg", { viewBox: "0 0 60 90", class: "fx-card-art", role: "img", "aria-label": card.name },
    svg("title", {}, card.name), ...parts);
}

/** A card back: the same for every hidden card. */
export function cardBack() {
  return svg("svg", { viewBox: "0 0 60 90", class: "fx-card-art", "aria-hidden": "true" },
    frame("#2f5d4e", "#173429"),
    svg("rect", { x: 6, y: 6, width: 48, height: 78, rx: 4, fill: "none", stroke: "#a9c9a4", "stroke-width": 1 }),
    svg("path", { d: "M30 22c10 8 12 22 0 46-12-24-10-38 0-46z", fill: "#a9c9a4" }),
    svg("path", { d: "M30 28v38", stroke: "#2f5d4e", "stroke-width": 1.4 }));
}

/** A card wrapped in a focusable-capable box: the unit every hand, trick and pile is built of. */
export function cardBox(content, attrs = {}) {
  return h("div", { ...attrs, class: ["fx-card", attrs.class].filter(Boolean).join(" ") }, content);
}

/** A row of `count` backs with the count written beside them. */
export function backsRow(count, label) {
  const backs = h("div", { class: "fx-backs", "aria-hidden": "true" });
  for (let i = 0; i < count; i += 1) backs.append(cardBox(cardBack(), { class: "fx-back" }));
  return h("div", { class: "fx-backs-wrap", role: "img", "aria-label": `${count} ${label}` },
    backs, h("span", { class: "fx-count" }, `${count} ${label}`));
}

/**
 * Make `el` a legal target: outlined, focusable, and sending `action` on click, Enter or Space.
 * After one activation the whole table is marked busy so a double click cannot send twice.
 */
export function makeTarget(el, action, ctx, label) {
  el.classList.add("fx-legal");
  el.setAttribute("data-action", JSON.stringify(action)); // which move it sends (the coach marks it)
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  // A drawn card says its action from its content (spoken-name.js); a path badge or a button
  // whose words are part of its label keeps an aria-label.
  if (el instanceof HTMLElement && el.querySelector(".fx-card-art")) speakAs(el, label);
  else el.setAttribute("aria-label", label);
  if (!el.querySelector("title")) el.setAttribute("title", label);
  const fire = (event) => {
    event.preventDefault();
    const table = el.closest(".fx-table");
    if (table && table.classList.contains("fx-busy")) return;
    if (table) table.classList.add("fx-busy");
    ctx.act(action);
  };
  listen(el, "click", fire);
  listen(el, "keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") fire(event);
  });
  return el;
}

/**
 * A hand's row of cards (it scrolls sideways on a phone). With no card to choose it takes
 * keyboard focus itself, so a keyboard can still scroll it to read every card.
 */
export function handRow(cards) {
  const choosable = cards.some((card) => card.classList.contains("fx-legal"));
  return h("div", { class: "fx-hand", tabindex: choosable ? null : "0" }, cards);
}

/** Find the legal action of `type` whose `field` equals `value`, if any. */
export function findAction(envelope, type, field, value) {
  return (envelope.legal_actions || []).find(
    (a) => a.type === type && (field === undefined || a[field] === value)) || null;
}

/** "bells-7" -> "7 of Bells"; a special card id -> its capitalised name. */
export function cardName(id) {
  const [suit, rank] = id.split("-");
  if (rank !== undefined && SUITS[suit]) return `${rank} of ${SUITS[suit].name}`;
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/**
 * Slide `el` from where `from` is on screen to its own place (150-400 ms), so a card visibly
 * travels from a hand into the trick. Skipped under reduced motion or when either is missing.
 */
export function slideFrom(el, from, reducedMotion, duration = 320) {
  if (!el || !from || reducedMotion || typeof el.animate !== "function") return;
  requestAnimationFrame(() => {
    const a = from.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    if (!b.width || !a.width) return;
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.8)` }, { transform: "none" }],
      { duration, easing: "cubic-bezier(.2,.7,.2,1)" });
  });
}

/** The ids of every card in a list of plays ({card: {id}}), to see what is new in a trick. */
export function playedIds(plays) {
  return new Set((plays || []).filter(Boolean).map((p) => p.card.id));
}

/** The display name of a seat: the page's names first, then the envelope's seats. */
export function seatName(envelope, ctx, seat) {
  if (ctx && ctx.names && ctx.names[seat]) return ctx.names[seat];
  const info = (envelope.seats || []).find((s) => s.seat === seat);
  return info ? info.name : `Seat ${seat + 1}`;
}

/** Scroll a hand sideways so its first legal card is in view (phones show part of a hand). */
export function scrollToTarget(hand) {
  const target = hand && hand.querySelector(".fx-legal");
  if (!target) return;
  requestAnimationFrame(() => {
    const left = target.offsetLeft;
    const visible = left >= hand.scrollLeft && left + target.offsetWidth <= hand.scrollLeft + hand.clientWidth;
    if (!visible) hand.scrollLeft = Math.max(0, left - 8);
  });
}
