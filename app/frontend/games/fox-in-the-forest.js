// The Fox in the Forest (with the Deluxe modules): the table for two.
// Opponent at the top (backs, tricks, score), the decree, deck, trick and last trick in the
// centre with the house goals beside them, your hand at the bottom. Every decision the rules
// ask for is drawn as clickable cards or left to the prompt line's buttons (promptActions).

import { h } from "../js/dom.js";
import {
  backsRow, handRow, cardBack, cardBox, cardFace, cardName, findAction, makeTarget,
  playedIds, scrollToTarget, seatName, slideFrom, suitIcon, suitName,
} from "./cards.js";
import { afterDraw } from "./kit/after-draw.js";
import { explain } from "./kit/help.js";
import { gatherTrick, heldTrick, heldTrickPrompt, steadyPromptHeight } from "./kit/trick-hold.js";
import { ensureStyles } from "./kit/styles.js";
import { showTargets } from "./kit/targets-in-view.js";
import { counted } from "./kit/words.js";

const ID = "fox-in-the-forest";

const ABILITY = {
  swan: "Swan", fox: "Fox", woodcutter: "Woodcutter", treasure: "Treasure", witch: "Witch",
  monarch: "Monarch", poison: "Poison",
};

// The rulebook's chart: tricks won in a round -> points and its name.
const CHART = [[3, 6, "Humble"], [4, 1, "Defeated"], [5, 2, "Defeated"], [6, 3, "Defeated"],
  [9, 6, "Victorious"], [13, 0, "Greedy"]];

// Actions that are not a place on the table: they become buttons on the prompt line.
const PROMPT_TYPES = ["keep_decree", "take_nothing", "name_suit", "dig", "keep_shovel", "next_round"];

// What clicking a card in your hand does, per decision.
const HAND_ACTIONS = { play: "play", fox: "exchange", discard: "discard", potion: "discard", fairy_give: "give" };

function chartLabel(tricks) {
  const row = CHART.find(([most]) => tricks <= most) || CHART[CHART.length - 1];
  return row[2];
}

function abilityLabel(card) {
  if (card.special) return card.name;
  return card.ability ? ABILITY[card.ability] || card.ability : null;
}

function face(card) {
  return cardFace(card, abilityLabel(card));
}

/** A card on the table: drawn, and explained on hover, focus or a long press if it has an ability. */
function box(card, attrs) {
  return explain(cardBox(face(card), attrs), ID, card.special ? card.id : card.ability);
}

function seats(envelope) {
  const me = envelope.seat === null || envelope.seat === undefined ? 0 : envelope.seat;
  return { me, them: 1 - me };
}

// --------------------------------------------------------------------------- labels

function label(action, envelope) {
  const view = (envelope && envelope.view) || {};
  const card = action.card ? cardName(action.card) : "";
  switch (action.type) {
    case "play": return `Play the ${card}`;
    case "play_crowned": return `Play the ${card} with the Crown`;
    case "exchange": return `Exchange the ${card} for the decree card`;
    case "keep_decree": return "Keep the decree card";
    case "discard": return `Put the ${card} under the deck`;
    case "take": return `Take the ${card}`;
    case "take_nothing": return "Take nothing";
    case "give": return `Give the ${card}`;
    case "name_suit": return `Name ${suitName(action.suit)}`;
    case "dig": return "Dig with the Shovel";
    case "keep_shovel": return "Keep the Shovel";
    case "next_round": return "Deal the next round";
    case "claim": return `Claim the goal: ${goalText(view, action.goal)}`;
    default: return action.type;
  }
}

function goalText(view, id) {
  const goal = ((view.goals && view.goals.open) || []).find((g) => g.id === id);
  return goal ? goal.text : id;
}

/**
 * Who the table waits for: a seat that may only claim a goal is in to_act but need not act.
 * The viewer knows from its own legal actions; the other seat must act when the viewer may
 * only claim. A spectator cannot tell, and sees every seat in to_act.
 */
function mustAct(envelope) {
  const toAct = envelope.to_act || [];
  const me = envelope.seat;
  if (toAct.length < 2 || me === null || me === undefined || !toAct.includes(me)) return toAct;
  const decides = (envelope.legal_actions || []).some((a) => a.type !== "claim");
  return decides ? [me] : toAct.filter((seat) => seat !== me);
}

function promptActions(envelope) {
  return (envelope.legal_actions || []).filter((a) => PROMPT_TYPES.includes(a.type));
}

// --------------------------------------------------------------------------- the players

function scoreLine(view, seat) {
  return h("span", { class: "fitf-score" },
    h("strong", {}, String(view.scores[seat])), ` / ${view.target_score} points`);
}

function playerBar(envelope, seat, who) {
  const view = envelope.view;
  const turn = mustAct(envelope).includes(seat);
  return h("div", { class: ["fitf-bar", turn && "fitf-turn"] },
    h("span", { class: "fitf-name" }, who),
    turn ? h("span", { class: "fitf-badge" }, "to act") : null,
    view.leader === seat && view.phase !== "over" ? h("span", { class: "fitf-badge fitf-lead" }, "leads") : null,
    h("span", { class: "fitf-tricks", "data-tricks": view.tricks_won[seat], "data-band": chartLabel(view.tricks_won[seat]) },
      `Tricks: ${view.tricks_won[seat]}`, h("span", { class: "fitf-band" }, ` (${chartLabel(view.tricks_won[seat])})`)),
    scoreLine(view, seat));
}

function opponent(envelope, ctx) {
  const view = envelope.view;
  const { them } = seats(envelope);
  const known = (view.known && view.known.hands && view.known.hands[them]) || [];
  return h("section", { class: "fitf-opponent", "aria-label": "Opponent" },
    playerBar(envelope, them, seatName(envelope, ctx, them)),
    backsRow(view.hand_counts[them], view.hand_counts[them] === 1 ? "card in hand" : "cards in hand"),
    known.length ? knownCards(known, "You know they hold") : null);
}

function knownCards(cards, title) {
  return h("div", { class: "fitf-known" }, h("span", { class: "fitf-caption" }, title),
    h("div", { class: "fx-row fx-small" }, cards.map((c) => box(c))));
}

// --------------------------------------------------------------------------- the centre

// House rules the table plays with (e.g. earlier tricks stay readable in the log), so both
// players and spectators see at a glance that the rulebook was changed.
function houseRulesNote(view) {
  const rules = view.house_rules || [];
  if (!rules.length) return null;
  return h("p", { class: "fitf-house-rules", "aria-label": "House rules" },
    rules.map((rule) => h("span", { class: "fitf-badge fitf-house", title: "House rule: not in the rulebook" }, `House rule: ${rule}`)));
}

function decreeBlock(view) {
  const trump = view.trump
    ? h("span", { class: "fitf-trump", "data-trump": view.trump }, suitIcon(view.trump), `Trump: ${suitName(view.trump)}`)
    : h("span", { class: "fitf-trump", "data-trump": "none" }, "No trump suit");
  return h("div", { class: "fitf-slot fitf-decree" },
    h("span", { class: "fitf-caption" }, "Decree"),
    view.decree ? box(view.decree, { "data-card": view.decree.id }) : cardBox(cardBack()),
    trump);
}

function deckBlock(view) {
  const known = (view.known && view.known.deck) || [];
  return h("div", { class: "fitf-slot fitf-deck" },
    h("span", { class: "fitf-caption" }, "Deck"),
    cardBox(cardBack(), { class: "fx-back" }),
    h("span", { class: "fx-count", "data-count": view.deck_count }, counted(view.deck_count, "card")),
    known.length ? h("span", { class: "fitf-note" },
      known.map((k) => `${k.card.name}: ${k.from_bottom === 0 ? "bottom" : `${k.from_bottom + 1} from bottom`}`).join("; ")) : null);
}

function playBox(play, envelope, ctx, role) {
  const card = box(play.card, { class: "fitf-played", "data-card": play.card.id, "data-seat": play.seat });
  const counts = play.counts_as;
  const changed = counts && play.card.special && counts.suit;
  return h("div", { class: "fitf-play" },
    card,
    play.crowned ? h("span", { class: "fitf-note" }, "Crowned: counts as a Monarch") : null,
    changed ? h("span", { class: "fitf-note" }, `Counts as the ${counts.rank} of ${suitName(counts.suit)}`) : null,
    h("span", { class: "fitf-who" }, `${role} · ${seatName(envelope, ctx, play.seat)}`));
}

function roundOver(view) {
  return view.phase === "deal" || view.phase === "over";
}

function trickBlock(envelope, ctx) {
  const trick = envelope.view.trick || {};
  const plays = [trick.lead, trick.follow].filter(Boolean);
  const finished = heldTrick(envelope, ctx, plays);
  if (finished) return finishedTrickBlock(envelope, ctx, finished);
  const area = h("div", { class: "fitf-trick-cards" },
    plays.length ? plays.map((p, i) => playBox(p, envelope, ctx, i === 0 ? "Lead" : "Follow"))
      : h("span", { class: "fitf-empty" }, "No card yet"));
  return h("div", { class: "fitf-slot fitf-trick", "aria-label": "Current trick" },
    h("span", { class: "fitf-caption" }, roundOver(envelope.view) ? "Trick" : `Trick ${envelope.view.trick_number}`), area);
}

// The trick just won, still on the table for a moment: both cards, the winner's marked.
function finishedTrickBlock(envelope, ctx, last) {
  const winner = seatName(envelope, ctx, last.winner);
  const number = roundOver(envelope.view) ? "" : ` ${envelope.view.trick_number - 1}`;
  return h("div", {
    class: "fitf-slot fitf-trick fitf-finished", "aria-label": `Trick${number}: ${winner} won`, dataset: { finished: "true" },
    title: "Click to gather the trick", onclick: () => gatherTrick(ctx),
  },
  h("span", { class: "fitf-caption" }, `Trick${number}: ${winner} won`),
  h("div", { class: "fitf-trick-cards" }, last.plays.map((p, i) => {
    const box = playBox(p, envelope, ctx, i === 0 ? "Lead" : "Follow");
    if (p.seat === last.winner) {
      box.classList.add("fx-winner");
      box.prepend(h("span", { class: "fx-winner-mark" }, "Wins the trick"));
    }
    return box;
  })));
}

function lastTrickBlock(envelope, ctx) {
  const last = envelope.view.last_trick;
  if (!last) return null;
  return h("details", { class: "fitf-slot fitf-last", open: true },
    h("summary", {}, `Last trick: ${seatName(envelope, ctx, last.winner)} won`),
    h("div", { class: "fx-row fx-small" },
      last.plays.map((p) => box(p.card, { "data-card": p.card.id, title: `${seatName(envelope, ctx, p.seat)}: ${p.card.name}` }))));
}

function goalsBlock(envelope, ctx) {
  const goals = envelope.view.goals;
  if (!goals) return null;
  const rows = goals.open.map((goal) => {
    const claim = findAction(envelope, "claim", "goal", goal.id);
    const button = claim ? makeTarget(h("button", { class: "fitf-claim", type: "button" }, "Claim"), claim, ctx, label(claim, envelope)) : null;
    return h("li", { class: ["fitf-goal", claim && "fitf-claimable"] },
      h("span", { class: "fitf-points" }, `${goal.points > 0 ? "+" : ""}${goal.points}`),
      h("span", {}, goal.text), button);
  });
  const claims = goals.claims.map((c) =>
    h("li", { class: "fitf-claimed" }, `${seatName(envelope, ctx, c.seat)}: ${c.goal.text} (${c.points > 0 ? "+" : ""}${c.points})`));
  return h("section", { class: "fitf-goals", "aria-label": "Goals" },
    h("span", { class: "fitf-caption" }, `Goals (${goals.deck_count} in the goal deck)`),
    h("ul", {}, rows.length ? rows : h("li", {}, "No open goal")),
    claims.length ? h("ul", { class: "fitf-claims" }, claims) : null);
}

// --------------------------------------------------------------------------- decisions

// The Fairy shows you up to two cards from the other hand: click one to take it.
function fairyBlock(envelope, ctx) {
  const decision = envelope.view.decision;
  if (!decision || decision.kind !== "fairy_take") return null;
  const cards = decision.shown.map((card) => {
    const el = box(card, { "data-card": card.id });
    const take = findAction(envelope, "take", "card", card.id);
    return take ? makeTarget(el, take, ctx, label(take, envelope)) : el;
  });
  return h("section", { class: "fitf-decision" },
    h("span", { class: "fitf-caption" }, "The Fairy shows you"), h("div", { class: "fx-row" }, cards));
}

// The toggle remembers the version it was switched on for, so it is off again on the next turn.
function crownOn(envelope, ctx) {
  const chosen = ctx.selected ? ctx.selected("crown") : null;
  return chosen !== null && chosen !== undefined && chosen === envelope.version;
}

function crownToggle(envelope, ctx) {
  const crowned = (envelope.legal_actions || []).some((a) => a.type === "play_crowned");
  if (!crowned) return null;
  const on = crownOn(envelope, ctx);
  return h("button", {
    type: "button", class: ["fitf-crown-toggle", on && "fitf-on"], "aria-pressed": on ? "true" : "false",
    onclick: () => ctx.select && ctx.select("crown", on ? null : envelope.version),
  }, on ? "Crown on: pick the card to crown" : "Add the Crown to your card");
}

// Which action clicking this hand card sends now (the Crown toggle turns plays into crowned plays).
function handAction(envelope, ctx, card) {
  const kind = envelope.view.decision ? envelope.view.decision.kind : envelope.view.phase;
  if (kind === "play" && crownOn(envelope, ctx)) {
    return findAction(envelope, "play_crowned", "card", card.id);
  }
  const type = HAND_ACTIONS[kind];
  return type ? findAction(envelope, type, "card", card.id) : null;
}

function handBlock(envelope, ctx) {
  const view = envelope.view;
  const { me } = seats(envelope);
  const mine = envelope.seat !== null && envelope.seat !== undefined && Array.isArray(view.hand);
  const cards = mine
    ? view.hand.map((card) => {
      const el = box(card, { "data-card": card.id });
      const action = handAction(envelope, ctx, card);
      if (action) return makeTarget(el, action, ctx, label(action, envelope));
      if ((envelope.legal_actions || []).length) el.classList.add("fx-dim");
      return el;
    })
    : null;
  return h("section", { class: "fitf-you table-dock", "aria-label": "Your hand" },
    playerBar(envelope, me, mine ? `You (${seatName(envelope, ctx, me)})` : seatName(envelope, ctx, me)),
    crownToggle(envelope, ctx),
    mine ? handRow(cards) : backsRow(view.hand_counts[me], "cards in hand"));
}

// --------------------------------------------------------------------------- rounds

/** The score table: one row per finished round, tricks -> chart name -> points. */
function roundTable(rounds, envelope, ctx) {
  if (!rounds || !rounds.length) return null;
  const names = [0, 1].map((s) => seatName(envelope, ctx, s));
  const cell = (r, s) => h("td", {},
    `${counted(r.tricks[s], "trick")}, ${chartLabel(r.tricks[s])} (${r.trick_points[s]})`,
    // Treasure, Poison and goals make a round's gain differ from the chart's points.
    r.gained[s] !== r.trick_points[s] ? h("span", { class: "fitf-note" }, ` ${r.gained[s] >= 0 ? "+" : ""}${r.gained[s]} in all`) : null);
  return h("table", { class: "fitf-rounds" },
    h("caption", {}, "Points per round for tricks won: Humble (0-3 tricks) 6, Defeated (4-6) 1 to 3, Victorious (7-9) 6, Greedy (10-13) 0"),
    h("thead", {}, h("tr", {}, h("th", {}, "Round"), names.map((n) => h("th", {}, n)))),
    h("tbody", {}, rounds.map((r) => h("tr", {}, h("td", {}, String(r.round)), [0, 1].map((s) => cell(r, s))))));
}

function roundEnd(envelope, ctx) {
  const view = envelope.view;
  if (view.phase !== "deal") return null;
  return h("section", { class: "fitf-round-end" },
    h("h3", {}, `Round ${view.round} is over`), roundTable(view.history, envelope, ctx));
}

// --------------------------------------------------------------------------- motion

// A card that was not in the previous trick slides in from the hand that played it.
function animate(root, envelope, ctx) {
  const before = ctx.previous && ctx.previous.view;
  if (!before || ctx.reducedMotion) return;
  const old = new Set([...playedIds([before.trick && before.trick.lead, before.trick && before.trick.follow]),
    ...playedIds(before.last_trick ? before.last_trick.plays : [])]);
  const { me } = seats(envelope);
  for (const el of root.querySelectorAll(".fitf-trick [data-card], .fitf-last [data-card]")) {
    if (old.has(el.dataset.card)) continue;
    const seat = Number(el.dataset.seat ?? playedSeat(envelope.view, el.dataset.card));
    const from = root.querySelector(seat === me ? ".fitf-you .fx-hand, .fitf-you .fx-backs" : ".fitf-opponent .fx-backs");
    slideFrom(el, from, ctx.reducedMotion);
  }
}

function playedSeat(view, id) {
  const play = view.last_trick && view.last_trick.plays.find((p) => p.card.id === id);
  return play ? play.seat : -1;
}

// --------------------------------------------------------------------------- render

function render(root, envelope, ctx = {}) {
  ensureStyles(ID);
  const view = envelope.view;
  const table = h("div", { class: "fx-table fitf" },
    houseRulesNote(view),
    opponent(envelope, ctx),
    h("section", { class: "fitf-centre" },
      decreeBlock(view), deckBlock(view), trickBlock(envelope, ctx), lastTrickBlock(envelope, ctx), goalsBlock(envelope, ctx)),
    fairyBlock(envelope, ctx),
    roundEnd(envelope, ctx),
    handBlock(envelope, ctx));
  root.append(table);
  afterDraw(ctx, root, (live) => {
    scrollToTarget(live.querySelector(".fitf-you .fx-hand"));
    // The Fairy's cards lie between the centre and the docked hand: on a full table they were
    // drawn under the dock until the page was scrolled.
    showTargets(live.querySelector(".fitf-decision"));
    steadyPromptHeight();
    animate(live, envelope, ctx);
  });
}

function outcome(envelope, ctx = {}) {
  ensureStyles(ID);
  const view = envelope.view;
  const detail = (envelope.outcome && envelope.outcome.detail) || {};
  const final = view.final || {};
  const reveal = (final.hands || []).map((hand, seat) => hand.length
    ? h("div", { class: "fitf-reveal" }, h("span", { class: "fitf-caption" }, `${seatName(envelope, ctx, seat)} held`),
      h("div", { class: "fx-row fx-small" }, hand.map((c) => box(c))))
    : null);
  const deck = (final.deck || []).length
    ? h("div", { class: "fitf-reveal" }, h("span", { class: "fitf-caption" }, "The deck, top first"),
      h("div", { class: "fx-row fx-small" }, final.deck.map((c) => box(c))))
    : null;
  return h("div", { class: "fx-table fitf fitf-outcome" },
    roundTable(detail.rounds || view.history, envelope, ctx),
    h("p", {}, [0, 1].map((s) => `${seatName(envelope, ctx, s)}: ${view.scores[s]}`).join(" · "), ` (target ${view.target_score})`),
    reveal, deck);
}

/** The prompt while a finished trick is held on the table: who won it, and with which card. */
function heldPrompt(envelope, ctx) {
  return heldTrickPrompt(envelope, ctx, currentPlays(envelope), (seat) => seatName(envelope, ctx, seat));
}

function currentPlays(envelope) {
  const trick = envelope.view.trick || {};
  return [trick.lead, trick.follow].filter(Boolean);
}

export default { id: ID, render, label, promptActions, heldPrompt, mustAct, outcome };
