// The rules page's pictures: the game's own renderer draws a fresh match's table (the page's
// #rules-table data block, app/catalogue/rules_table.py) into every placeholder the rulebook
// names: <figure class="rules-picture" data-part="CSS selector"><figcaption>…</figcaption>.
// `data-part` keeps one part of the drawn table (the hand, the board); without it the whole
// table is shown. A picture is only looked at: it is inert (no focus, no clicks) and the
// figure's caption says what it shows. A picture that cannot be drawn stays hidden.

import { loadRenderer } from "./match-fallback.js";
import { ensureStyles } from "../games/kit/styles.js";

function sampleEnvelope() {
  const block = document.getElementById("rules-table");
  if (!block) return null;
  try {
    return JSON.parse(block.textContent);
  } catch {
    return null;
  }
}

/** The ctx a table renderer expects, for a table nobody plays. */
function pictureCtx(envelope, width, drawn) {
  const names = [];
  for (const seat of envelope.seats) names[seat.seat] = seat.name;
  return {
    act: () => {},
    afterDraw: (fn) => drawn.push(fn),
    width,
    redraw: () => {},
    seat: envelope.seat,
    names,
    previous: null,
    reducedMotion: true,
    select: () => {},
    selected: () => undefined,
  };
}

/** One drawing of the whole table, as wide as the figure it goes into. */
function drawTable(renderer, envelope, width) {
  const root = document.createElement("div");
  root.className = "rules-table";
  const drawn = [];
  renderer.render(root, envelope, pictureCtx(envelope, width, drawn));
  return { root, drawn };
}

function place(figure, renderer, envelope) {
  const { root, drawn } = drawTable(renderer, envelope, figure.clientWidth || 640);
  const part = figure.dataset.part ? root.querySelector(figure.dataset.part) : root;
  if (!part) return false;
  const frame = document.createElement("div");
  frame.className = "rules-picture-art";
  frame.inert = true; // a picture, not a table: nothing in it takes focus or a click
  frame.setAttribute("aria-hidden", "true"); // the caption says what it shows
  frame.append(part === root ? root : wrapped(part, root));
  figure.prepend(frame);
  for (const fn of drawn) {
    try { fn(root); } catch { /* a finishing touch that needs the live table: not here */ }
  }
  figure.classList.add("drawn");
  return true;
}

/**
 * A part inside shallow copies of its ancestors up to the table's root: the game's stylesheet
 * sizes cards and boards by where they sit (".fx-table .fx-hand .fx-card"), so the part keeps
 * the same classes around it, without its siblings.
 */
function wrapped(part, root) {
  let inner = part;
  for (let parent = part.parentElement; parent; parent = parent.parentElement) {
    const copy = parent.cloneNode(false);
    copy.removeAttribute("id");
    copy.append(inner);
    inner = copy;
    if (parent === root) break;
  }
  return inner;
}

async function drawPictures() {
  const figures = [...document.querySelectorAll("figure.rules-picture")];
  const envelope = sampleEnvelope();
  if (!figures.length || !envelope) return;
  const renderer = await loadRenderer(envelope.game);
  await ensureStyles(envelope.game);
  for (const figure of figures) {
    try {
      place(figure, renderer, envelope);
    } catch (failure) {
      console.warn("A rules picture could not be drawn:", failure);
    }
  }
  document.body.dataset.pictures = "ready"; // tests wait on this, not on time
}

drawPictures();
