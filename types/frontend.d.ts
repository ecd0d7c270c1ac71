// What the type check of app/frontend/ (tsconfig.frontend.json) needs to know beyond the DOM:
// names the pages read or set on window, and the fields js/dom.js keeps on elements. The
// browser never loads this file; it only describes what the JavaScript already does.

interface Window {
  /** Tests stretch the hold of a finished trick (games/kit/trick-hold.js). */
  __foxdenTrickHoldMs?: number | string;
  /** Tests and debugging reach the match socket (js/match.js). */
  __foxdenSocket?: unknown;
  /** The replay's autoplay pause; tests shorten it (js/replay.js). */
  FOXDEN_REPLAY_MS?: number | string;
  /** Swagger UI on the API docs page (js/docs.js). */
  ui?: unknown;
}

/** Swagger UI's standalone bundle, loaded by docs.html before js/docs.js. */
declare const SwaggerUIBundle: ((options: Record<string, unknown>) => unknown) & {
  presets: { apis: unknown };
};

interface Node {
  /** Event handlers by type: a morph moves them onto the live element (js/dom.js listen). */
  __handlers?: Record<string, Array<(this: Node, event: Event) => void>>;
  /** The event types this node already dispatches through __handlers. */
  __dispatching?: Set<string>;
}

interface EventTarget {
  /** A form control the player typed into or changed: a push keeps its value (js/dom.js). */
  __touched?: boolean;
}

/** A child of js/dom.js h() and svg(): a node, text, or a list of them; null/undefined/false are left out. */
type DomChild = Node | string | number | boolean | null | undefined | DomChild[];
