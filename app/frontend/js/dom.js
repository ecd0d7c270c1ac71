// Tiny DOM helpers: build elements from plain data so pages never assemble HTML strings
// (every text from the server goes in as a text node, so names cannot inject markup), and
// morph a freshly built tree into the live one so a push updates only what changed.

import morphdom from "../vendor/morphdom-2.7.8.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const FORM_CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * What h() and svg() take as children: nodes, text, and lists of them (nested as deep as the
 * callers like); null, undefined and false are left out, so a child can be a condition.
 * (A JSDoc type cannot name itself: the list is spelled in types/frontend.d.ts.)
 * @typedef {DomChild} Child
 */

/**
 * An element's attributes as h() and svg() read them: `class` (a string or a list), `dataset`,
 * `style` (an object), `text`, handlers (`onclick`: a function) and plain attributes.
 * @typedef {Record<string, any>} Attrs
 */

/**
 * @template {ParentNode} N
 * @param {N} node
 * @param {Child[]} children
 * @returns {N}
 */
function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child); // a list of children, nested or not
    else node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * Listen for `type` on `node` through a handler table kept on the node. A morph copies the
 * table from the freshly built node onto the live one, so the live element (the one under the
 * pointer, or with focus) runs the new envelope's handlers without being replaced.
 */
export function listen(node, type, handler) {
  node.__handlers ??= {};
  ensureDispatcher(node, type);
  (node.__handlers[type] ??= []).push(handler);
  return node;
}

function ensureDispatcher(node, type) {
  node.__dispatching ??= new Set();
  if (node.__dispatching.has(type)) return;
  node.__dispatching.add(type);
  node.addEventListener(type, (event) => {
    for (const handler of (node.__handlers && node.__handlers[type]) || []) handler.call(node, event);
  });
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      listen(node, key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(node.style, value);
    } else if (key === "text") {
      node.textContent = value;
    } else if (key === "value" || key === "checked" || key === "disabled" || key === "selected") {
      // The attribute too: a morph reads attributes (a <select>'s chosen option, say).
      node[key] = value;
      node.setAttribute(key, value === true ? "" : String(value));
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

/**
 * h("button", {class: "primary", onclick}, "Start") -> <button class="primary">Start</button>
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  return append(node, children);
}

/**
 * The same for SVG elements (inline art).
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      listen(node, key.slice(2).toLowerCase(), value);
    } else if (key === "text") {
      node.textContent = value;
    } else {
      node.setAttribute(key, String(value));
    }
  }
  return append(node, children);
}

/**
 * The element with this id in the page's HTML (a page's #app, say): missing, the page is
 * broken, and this says so at once instead of failing later on null.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`The page has no #${id}`);
  return node;
}

/** Remove every child of `node` and return it. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Replace the children of `node` with `children`. */
export function replace(node, ...children) {
  return append(clear(node), children);
}

// A control the player has typed into or changed keeps its value through pushes.
/** @param {Event} event */
function touch(event) {
  if (event.target) event.target.__touched = true;
}
document.addEventListener("input", touch, true);
document.addEventListener("change", touch, true);

function adoptHandlers(live, fresh) {
  const handlers = fresh.__handlers || {};
  for (const type of Object.keys(handlers)) ensureDispatcher(live, type);
  live.__handlers = handlers;
}

const MORPH_OPTIONS = {
  childrenOnly: true,
  // Elements are matched by id, or by a data-key a renderer gives to things that move
  // (the cards of a hand), so a card keeps its element when its neighbours change.
  getNodeKey: (node) => (node.nodeType === 1 ? node.id || node.getAttribute("data-key") || undefined : undefined),
  onBeforeElUpdated(live, fresh) {
    adoptHandlers(live, fresh);
    if (FORM_CONTROLS.has(live.nodeName) && live.__touched && live.name === fresh.name) {
      live.disabled = fresh.disabled;
      return false; // keep what the player typed or picked
    }
    return true;
  },
};

/**
 * Make the children of `live` look like `children`, reusing the live elements where they
 * match: focus, hover, a pressed button and scroll positions survive. Returns `live`.
 */
export function morphChildren(live, ...children) {
  const fresh = live.cloneNode(false);
  append(fresh, children);
  morphdom(live, fresh, MORPH_OPTIONS);
  return live;
}

/** The id in a page URL: /lobby/{id} or /match/{id}; `?id=` works for the static file too. */
export function pageId(kind) {
  const match = location.pathname.match(new RegExp(`/${kind}/([^/?#]+)`));
  if (match) return decodeURIComponent(match[1]);
  return new URLSearchParams(location.search).get("id");
}
