// Every target a player can click on the table now, and which of them cannot be clicked where
// they are: covered by the docked hand or the pinned status bar, or off the screen even once the
// page is scrolled to them (the page's scroll padding keeps a scrolled-to element clear of both).
// Read by test_legal_targets.py and evaluated in the page; returns {labels, bad, clear}, the
// targets kept in window.__targetList (in the order of their labels, `clear` saying of each
// whether it can be tapped) for the test to tap one.
() => {
  const TARGETS = ".fx-legal, button:not([disabled]), [role=button][tabindex='0']";
  const dock = document.querySelector("#table .table-dock");
  const shown = (el) => {
    if (!el.getClientRects().length || el.closest("details:not([open]) > :not(summary)")) return false;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return style.visibility !== "hidden" && r.width > 0 && r.height > 0;
  };
  const name = (el) => {
    const cls = typeof el.className === "string" ? el.className : el.className.baseVal;
    const words = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}.${cls.trim().split(/\s+/).join(".")} "${words}"`;
  };
  // What the player's finger lands on at the centre of `el` (the element or a part of it is
  // right); the hand scrolls sideways inside the dock, so a card out of it is scrolled to.
  const hit = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return { off: true, r };
    const top = document.elementFromPoint(x, y);
    return { ok: Boolean(top) && (el === top || el.contains(top)), top, r };
  };
  const where = (r) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  const targets = [...document.querySelectorAll("#table")]
    .flatMap((table) => [...table.querySelectorAll(TARGETS)]).filter(shown)
    // A target inside another (a button in a clickable card) is reached through it.
    .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)));
  const bad = [];
  const clear = []; // per target: whether a tap at its centre reaches it
  const startX = scrollX, startY = scrollY;
  for (const el of targets) {
    let seen = hit(el);
    if (seen.off) {
      // The player scrolls to it: the page (and a hand sideways) stops it clear of the bars.
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
      seen = hit(el);
    }
    clear.push(Boolean(seen.ok));
    if (!seen.ok) {
      const cover = seen.top && (dock && dock.contains(seen.top) ? "the dock"
        : seen.top.closest("#match-status") ? "the status bar" : name(seen.top));
      bad.push(`${name(el)} at ${where(seen.r)} in ${innerWidth}x${innerHeight}, scroll ${Math.round(scrollY)}: `
        + (seen.off ? "off the screen" : `under ${cover}`));
    }
    window.scrollTo(startX, startY);
  }
  window.__targetList = targets;
  const labels = targets.map((el) => (el.getAttribute("aria-label") || el.textContent || "").toLowerCase());
  return { labels, bad, clear };
}
