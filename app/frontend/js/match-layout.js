// The match page's frame: header strip, prompt line, table, action list, outcome slot and the
// side panels (collapsible on desktop, tabs on phones).

import { h } from "./dom.js";
import { MatchCues } from "./match-cues.js";
import { installKeys, keysHelp } from "./match-keys.js";

const PANES = [["table", "Table"], ["log", "Log"], ["chat", "Chat"], ["players", "Players"]];

/** A side panel whose body can be collapsed by its heading button. */
function sidePanel(pane, title, body) {
  const bodyId = `panel-${pane}-body`;
  const toggle = h("button", { class: "panel-toggle", "aria-expanded": "true", "aria-controls": bodyId }, title);
  const wrap = h("div", { class: "panel-body", id: bodyId }, body);
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    wrap.hidden = !open;
  });
  return h("section", { class: "panel side-panel", id: `panel-${pane}`, dataset: { pane } },
    h("h2", { class: "panel-title" }, toggle), wrap);
}

/** Phone tabs: one pane at a time (CSS shows all panes from 701 px up). */
function tabBar(main) {
  const buttons = PANES.map(([pane, title]) => h("button", {
    role: "tab", id: `tab-${pane}`, "aria-selected": pane === "table" ? "true" : "false",
    "aria-controls": pane === "table" ? "table-pane" : `panel-${pane}`, tabindex: pane === "table" ? "0" : "-1",
    dataset: { for: pane },
  }, title));
  const select = (pane) => {
    main.dataset.tab = pane;
    for (const button of buttons) {
      const chosen = button.dataset.for === pane;
      button.setAttribute("aria-selected", String(chosen));
      button.tabIndex = chosen ? 0 : -1;
      if (chosen) button.focus();
    }
  };
  const bar = h("div", { class: "tabs", role: "tablist", "aria-label": "Match panels" }, buttons);
  bar.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const button = /** @type {HTMLButtonElement | null} */ (target.closest("button[data-for]"));
    if (button) select(button.dataset.for);
  });
  bar.addEventListener("keydown", (event) => {
    // Arrow keys move between tabs, as in any tab list.
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const index = PANES.findIndex(([pane]) => pane === main.dataset.tab);
    select(PANES[(index + step + PANES.length) % PANES.length][0]);
    event.preventDefault();
  });
  return bar;
}

/**
 * "Your moves": every legal action as a plain button, for keyboards and screen readers. The
 * table itself is the way to play, so the list is folded behind this disclosure button.
 */
function movesToggle(list) {
  const toggle = h("button", { class: "moves-toggle", id: "moves-toggle", type: "button",
    "aria-expanded": "false", "aria-controls": "actions" }, h("span", { class: "moves-title" }, "Your moves"),
  h("span", { class: "moves-count", id: "moves-count" }));
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    list.hidden = !open;
  });
  return toggle;
}

export function buildLayout({ title, rulesUrl, log, chat, reference }) {
  const parts = {
    players: h("div", { class: "players-slot", id: "players-strip" }),
    turn: h("span", { class: "turn-line", id: "turn-line" }),
    deadline: h("span", { class: "deadline", id: "deadline" }),
    seatControl: h("span", { class: "seat-control", id: "seat-control" }),
    spectating: h("span", { class: "badge badge-watch", id: "spectating", hidden: true }, "watching"),
    // Not a live region: the cues' one region speaks its changes (match-cues.js).
    prompt: h("div", { class: "prompt-line", id: "prompt", tabindex: "-1" }),
    table: h("div", { class: "table-area", id: "table" }),
    outcome: h("div", { class: "outcome-slot" }),
    actions: h("ul", { class: "action-list", id: "actions", hidden: true }),
    playersPanel: h("div", {}),
    log,
    chat,
  };
  parts.movesToggle = movesToggle(parts.actions);
  parts.actionsSection = h("section", { class: "actions-section", "aria-labelledby": "actions-title" },
    h("h2", { id: "actions-title", class: "small-title" }, parts.movesToggle), parts.actions);
  parts.actionButtons = () => parts.actions.querySelectorAll("button");
  const main = h("main", { id: "main", class: "match-page", tabindex: "-1", dataset: { tab: "table" } });
  main.append(
    h("div", { class: "match-head" },
      h("h1", { class: "match-title" }, title),
      rulesUrl ? h("a", { class: "rules-link", href: rulesUrl, target: "_blank", rel: "noopener" }, "Rules") : null,
      parts.spectating, parts.turn, parts.deadline, parts.seatControl),
    parts.players,
    // The status bar stays at the top of the screen while the table scrolls under it.
    parts.status = h("div", { class: "match-status", id: "match-status" }, parts.prompt, tabBar(main)),
    h("div", { class: "match-body" },
      h("div", { class: "table-col", id: "table-pane", dataset: { pane: "table" }, role: "region", "aria-label": "Table" },
        parts.outcome, parts.table, parts.actionsSection, reference, keysHelp()),
      h("aside", { class: "side" },
        sidePanel("log", "Log", log.node),
        sidePanel("chat", "Chat", chat.node),
        sidePanel("players", "Players", parts.playersPanel))));
  parts.main = main;
  parts.cues = new MatchCues(parts); // the live region and focus on the prompt
  installKeys(parts); // digits, arrows and Enter play the table
  return parts;
}
