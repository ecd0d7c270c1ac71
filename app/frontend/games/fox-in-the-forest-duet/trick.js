// The cards in play beside the path: the decree (with the trump suit and the draw pile), the
// current trick, a finished trick held a moment with its winner marked, the last trick with
// where the tracker went, and the 7's simultaneous swap.

import { h } from "../../js/dom.js";
import { seatName, suitIcon } from "../cards.js";
import { counted } from "../kit/words.js";
import { gatherTrick, heldTrick, heldTrickPrompt } from "../kit/trick-hold.js";
import { box } from "./cards.js";
import { endName, pawWord } from "./words.js";

export function decreeBlock(view) {
  return h("div", { class: "duet-slot duet-decree" },
    h("span", { class: "duet-caption" }, "Decree"),
    box(view.decree, { "data-card": view.decree.id }),
    h("span", { class: "duet-trump", "data-trump": view.trump }, suitIcon(view.trump), `Trump: ${view.trump_name}`),
    h("span", { class: "duet-note" }, `Draw pile: ${view.draw_pile_count}`));
}

export function trickBlock(envelope, ctx) {
  const plays = envelope.view.current_trick || [];
  const finished = heldTrick(envelope, ctx, plays);
  if (finished) return finishedTrickBlock(envelope, ctx, finished);
  return h("div", { class: "duet-slot duet-trick", "aria-label": "Current trick" },
    h("span", { class: "duet-caption" }, "Trick"),
    h("div", { class: "duet-trick-cards" }, plays.length
      ? plays.map((p, i) => playBox(envelope, ctx, p, i))
      : h("span", { class: "duet-empty" }, "No card yet")));
}

function playBox(envelope, ctx, play, index) {
  return h("div", { class: "duet-play" },
    box(play.card, { "data-card": play.card.id, "data-seat": play.seat }),
    h("span", { class: "duet-note" }, `${index ? "Follow" : "Lead"} · ${seatName(envelope, ctx, play.seat)}`));
}

// The trick just won, still on the table for a moment: both cards, the winner's marked.
function finishedTrickBlock(envelope, ctx, last) {
  const caption = `${seatName(envelope, ctx, last.winner)} won the trick`;
  return h("div", {
    class: "duet-slot duet-trick duet-finished", "aria-label": caption, dataset: { finished: "true" },
    title: "Click to gather the trick", onclick: () => gatherTrick(ctx),
  },
  h("span", { class: "duet-caption" }, caption),
  h("div", { class: "duet-trick-cards" }, last.plays.map((p, i) => {
    const played = playBox(envelope, ctx, p, i);
    if (p.seat === last.winner) {
      played.classList.add("fx-winner");
      played.prepend(h("span", { class: "fx-winner-mark" }, "Wins the trick"));
    }
    return played;
  })));
}

export function lastTrickBlock(envelope, ctx) {
  const last = envelope.view.last_trick;
  if (!last) return null;
  const moved = last.reset
    ? `the tracker went too far and is back in the centre`
    : `the tracker moved ${pawWord(last.paws)} toward ${endName(envelope, last.toward, ctx)}${last.gem ? " and took a gem" : ""}`;
  return h("details", { class: "duet-slot duet-last", open: true },
    h("summary", {}, `Last trick: ${seatName(envelope, ctx, last.winner)} won`),
    h("div", { class: "duet-last-body" },
      h("div", { class: "fx-row fx-small" }, last.plays.map((p) => box(p.card, { "data-card": p.card.id, "data-seat": p.seat }))),
      h("span", { class: "duet-note" }, `${counted(last.paws, "paw")}: ${moved}.`)));
}

export function decisionNote(envelope) {
  const d = envelope.view.decision;
  if (!d || d.kind !== "7") return null;
  const mine = d.my_pick ? `You pass the ${d.my_pick.name}.` : null;
  const waiting = d.picked.map((done, seat) => (done ? null : seat)).filter((s) => s !== null);
  return h("div", { class: "duet-decision" }, "Swap: each of you passes one card at the same time. ",
    mine, waiting.length ? ` Still choosing: ${waiting.length}.` : null);
}

/** The prompt while a finished trick is held on the table: who won it, and with which card. */
export function heldPrompt(envelope, ctx) {
  return heldTrickPrompt(envelope, ctx, currentPlays(envelope), (seat) => seatName(envelope, ctx, seat));
}

function currentPlays(envelope) {
  return envelope.view.current_trick || [];
}
