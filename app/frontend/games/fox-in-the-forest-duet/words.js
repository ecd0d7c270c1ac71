// The Duet in words: the label of every action (the prompt's buttons, the accessible list of
// moves, the targets' names) and which decisions are buttons on the prompt line.

import { cardName, seatName } from "../cards.js";
import { counted } from "../kit/words.js";

// The team's decisions that have nothing to point at on the table: buttons on the prompt line.
const PROMPT_TYPES = ["choose_exchanger", "keep_decree", "count_paws", "next_round"];

export function endName(envelope, end, ctx) {
  return envelope.seat === end ? "your end" : `${seatName(envelope, ctx, end)}'s end`;
}

export function pawWord(n) {
  return counted(n, "space");
}

export function label(action, envelope, ctx) {
  const view = (envelope && envelope.view) || {};
  const card = action.card ? cardName(action.card) : "";
  switch (action.type) {
    case "play": return `Play the ${card}`;
    case "choose_exchanger": return action.seat === envelope.seat
      ? "I may exchange the decree card" : `${seatName(envelope, ctx, action.seat)} may exchange the decree card`;
    case "exchange_decree": return `Exchange the ${card} for the decree card`;
    case "keep_decree": return "Keep the decree card";
    case "pass_card": return `Pass the ${card}`;
    case "count_paws": return pawLabel(view, action.use);
    case "choose_direction": return `Move ${pawWord(view.decision ? view.decision.paws : 0)} toward ${endName(envelope, action.toward, ctx)}`;
    case "place_forest_token": return `Place a forest token at ${endName(envelope, action.end, ctx)}`;
    case "next_round": return `Start round ${(view.round || 0) + 1}`;
    default: return action.type;
  }
}

function pawLabel(view, use) {
  const choice = ((view.decision && view.decision.choices) || []).find((c) => c.use === use);
  const paws = choice ? ` (${counted(choice.paws, "paw")})` : "";
  const plays = view.current_trick || [];
  const named = (i) => (plays[i] ? `the ${plays[i].card.name}` : i === 0 ? "the lead card" : "the second card");
  if (use === "both") return `Count both cards${paws}`;
  if (use === "lead") return `Count only ${named(0)}${paws}`;
  if (use === "follow") return `Count only ${named(1)}${paws}`;
  return `Count neither card${paws}`;
}

export function promptActions(envelope) {
  return (envelope.legal_actions || []).filter((a) => PROMPT_TYPES.includes(a.type));
}
