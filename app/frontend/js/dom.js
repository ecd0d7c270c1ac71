// Tiny DOM helpers: build elements from plain data so pages never assemble HTML strings
// (every text from the server goes in as a text node, so names cannot inject markup).

const SVG_NS = "http://www.w3.org/2000/svg";

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(node.style, value);
    } else if (key === "value" || key === "checked" || key === "disabled" || key === "selected") {
      node[key] = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

/** h("button", {class: "primary", onclick}, "Start") -> <button class="primary">Start</button> */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  return append(node, children);
}

/** The same for SVG elements (inline art). */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else {
      node.setAttribute(key, String(value));
    }
  }
  return append(node, children);
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

/** The id in a page URL: /lobby/{id} or /match/{id}; `?id=` works for the static file too. */
export function pageId(kind) {
  const match = location.pathname.match(new RegExp(`/${kind}/([^/?#]+)`));
  if (match) return decodeURIComponent(match[1]);
  return new URLSearchParams(location.search).get("id");
}
