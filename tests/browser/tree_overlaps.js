// Everything on the Fox on the Tree board that overlaps or is cut (an empty list: nothing).
// Read by test_fox_on_the_tree_ui.py and evaluated in the page.
() => {
  const boxes = (root, selector) => [...root.querySelectorAll(selector)].map((el) => [el, el.getBoundingClientRect()]);
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const name = (el) => el.className.baseVal ?? el.className;
  const bad = [];
  const tiles = boxes(document, ".tree-board .tree-tile");
  tiles.forEach(([tile, box], i) => {
    tiles.slice(i + 1).forEach(([other, box2]) => { if (meet(box, box2)) bad.push(`tile ${tile.dataset.tile} overlaps tile ${other.dataset.tile}`); });
    const parts = boxes(tile, ".tree-tile-head, .tree-token, .tree-animal");
    parts.forEach(([el, b], j) => {
      if (!inside(b, box)) bad.push(`${name(el)} spills out of tile ${tile.dataset.tile}`);
      parts.slice(j + 1).forEach(([el2, b2]) => { if (meet(b, b2)) bad.push(`${name(el)} overlaps ${name(el2)} on tile ${tile.dataset.tile}`); });
    });
  });
  const board = document.querySelector(".tree-board").getBoundingClientRect();
  const title = document.querySelector(".tree-track h3");
  if (title && meet(board, title.getBoundingClientRect())) bad.push("the board covers the scoring track title");
  for (const label of document.querySelectorAll(".tree-animal-name")) {
    if (label.scrollWidth > label.clientWidth + 1) bad.push(`the name ${label.textContent} is cut`);
  }
  // A tile's head box may hold its text without overlapping anything, while the text itself
  // spills out of it onto the first animal ("Farm" under the Cow at 390 px).
  for (const head of document.querySelectorAll(".tree-board .tree-tile-head")) {
    if (head.scrollWidth > head.clientWidth + 1) bad.push(`the label ${head.textContent} spills out of its box`);
  }
  return bad;
}
