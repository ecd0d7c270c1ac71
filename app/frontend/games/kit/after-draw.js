// Work that needs the table on the page (motion, focus, scrolling a hand). The match page
// builds each envelope's table off-page and morphs it into the live one, so a renderer's
// `root` is not on the page yet while it renders: ctx.afterDraw runs `fn` with the live root.

/** Run `fn(liveRoot)` once the table is on the page (at once, on `root`, without a page). */
export function afterDraw(ctx, root, fn) {
  if (ctx && typeof ctx.afterDraw === "function") ctx.afterDraw(fn);
  else fn(root);
}
