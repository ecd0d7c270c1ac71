// The Fox in the Forest Duet: a cooperative table for two.
// Your partner at the top, the 11-space forest path across the middle (your end nearest you),
// the decree, draw pile and tricks beside it, your hand at the bottom with paw prints on every
// card. The team's decisions (#1 way, #3 exchanger, #5 paws, #7 pass, forest tokens) are drawn
// on the path and the cards, or offered as prompt buttons. The parts live in
// fox-in-the-forest-duet/, one a file.

import { h } from "../js/dom.js";
import { scrollToTarget } from "./cards.js";
import { afterDraw } from "./kit/after-draw.js";
import { showTargets } from "./kit/targets-in-view.js";
import { steadyPromptHeight } from "./kit/trick-hold.js";
import { ensureStyles } from "./kit/styles.js";
import { ID } from "./fox-in-the-forest-duet/cards.js";
import { animate } from "./fox-in-the-forest-duet/motion.js";
import { headline, outcome, teamOutcome } from "./fox-in-the-forest-duet/outcome.js";
import { fitBoard, pathBoard } from "./fox-in-the-forest-duet/path.js";
import { eitherHandBlock, handBlock, partnerBlock } from "./fox-in-the-forest-duet/players.js";
import { houseRulesNote, statusStrip } from "./fox-in-the-forest-duet/status.js";
import {
  decisionNote, decreeBlock, heldPrompt, lastTrickBlock, trickBlock,
} from "./fox-in-the-forest-duet/trick.js";
import { label, promptActions } from "./fox-in-the-forest-duet/words.js";

function render(root, envelope, ctx = {}) {
  ensureStyles(ID);
  fitBoard(ctx.width || root.clientWidth || window.innerWidth);
  const view = envelope.view;
  root.append(h("div", { class: "fx-table duet" },
    // Your partner and the cards in play share the top row, so the path below them can take
    // the whole width: it is the board of this game and the largest thing on the table.
    h("div", { class: "duet-top" }, partnerBlock(envelope, ctx),
      h("div", { class: "duet-cards" }, decreeBlock(view), trickBlock(envelope, ctx), lastTrickBlock(envelope, ctx))),
    decisionNote(envelope),
    h("section", { class: "duet-centre" },
      pathBoard(envelope, ctx),
      statusStrip(view),
      houseRulesNote(view),
      eitherHandBlock(view)),
    handBlock(envelope, ctx)));
  afterDraw(ctx, root, (live) => {
    scrollToTarget(live.querySelector(".duet-you .fx-hand"));
    steadyPromptHeight();
    // A direction or a forest token is chosen on the path: its targets come clear of the dock.
    showTargets(live.querySelector(".duet-board"));
    animate(live, envelope, ctx);
  });
}

export default { id: ID, render, label, promptActions, heldPrompt, outcome, teamOutcome, headline };
