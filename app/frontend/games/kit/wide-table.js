// A results table with more columns than a phone is wide (Fox on the Tree's seven, Fox on the
// Run's lists of characters): it scrolls sideways inside its own box, so the page never gets
// wider than the screen. The box is a named tab stop, so the keyboard can scroll it too.

import { h } from "../../js/dom.js";

/** `table` inside a box that scrolls sideways when the table is wider than the screen. */
export function scrollingTable(table, label) {
  return h("div", { class: "table-scroll", role: "region", "aria-label": label, tabindex: "0" }, table);
}
