"""What one viewer may see, built field by field (a whitelist, never the state minus secrets)."""

from __future__ import annotations

from app.games.fox_in_the_forest.data import GOALS, SEATS, SPECTATOR, SUIT_NAMES
from app.games.fox_in_the_forest.data_cards import Face, card_view, sort_key, trump_suit
from app.games.fox_in_the_forest.rules import to_act
from app.games.fox_in_the_forest.rules_flow import match_winners, tricks_won
from app.games.fox_in_the_forest.rules_goals import claimable
from app.games.fox_in_the_forest.rules_play import is_leading, legal_cards, monarch_led
from app.games.fox_in_the_forest.rules_trick import play_face
from app.games.fox_in_the_forest.state import DEAL, OVER, Play, State, Trick, is_over
from app.games.fox_in_the_forest.view_types import (
    CardView,
    CurrentTrick,
    DecisionView,
    FaceView,
    FinalView,
    ForestView,
    GoalsView,
    GoalView,
    KnownCards,
    KnownInDeck,
    OptionsView,
    PlayView,
    RoundRecordView,
    TrickView,
)


def view(state: State, viewer: int | None) -> ForestView:
    over = is_over(state)
    result: ForestView = {
        "phase": state.phase,
        "you": viewer,
        "to_act": list(to_act(state)),
        "round": state.round_no,
        "dealer": state.dealer,
        "leader": state.leader,
        "trick_number": len(state.tricks) + (0 if over else 1),
        "scores": list(state.scores),
        "round_points": [a - b for a, b in zip(state.scores, state.round_start, strict=True)],
        "target_score": state.options.target_score,
        "tricks_won": [tricks_won(state, seat) for seat in range(SEATS)],
        "hand_counts": [len(hand) for hand in state.hands],
        "deck_count": len(state.deck),
        "decree": _card(state, state.decree) if state.decree else None,
        "trump": trump_suit(state.decree) if state.decree else None,
        "trick": _current_trick(state),
        "last_trick": _trick(state, state.tricks[-1]) if state.tricks else None,
        "history": [_record(state, i) for i in range(len(state.history))],
        "options": _options(state),
        "house_rules": _house_rules(state),
        "prompt": prompt(state, viewer),
        "known": _known(state, viewer),
        "decision": _decision(state, viewer),
    }
    if viewer is not None:
        result["hand"] = [_card(state, c) for c in sorted(state.hands[viewer], key=sort_key)]
        result["playable"] = _playable(state, viewer)
    if state.options.goals:
        result["goals"] = _goals(state, viewer)
    if over:
        result["final"] = _final(state)
    return result


def _card(state: State, card: str) -> CardView:
    return card_view(card, state.options.poison)


def _face(card: Face) -> FaceView:
    return {"suit": card.suit, "rank": card.rank, "ability": card.ability or None}


def _play(state: State, play: Play) -> PlayView:
    """A card in the current trick, with how it counts (the Mirror and a crowned card change)."""
    return {
        "seat": play.seat,
        "card": _card(state, play.card),
        "crowned": play.crown,
        "counts_as": _face(play_face(state, play)),
    }


def _current_trick(state: State) -> CurrentTrick:
    plays = [p for p in (state.lead, state.follow) if p is not None]
    return {
        "leader": state.leader,
        "lead": _play(state, state.lead) if state.lead else None,
        "follow": _play(state, state.follow) if state.follow else None,
        "cards": [card for p in plays for card in p.cards],
    }


def _trick(state: State, trick: Trick) -> TrickView:
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "plays": [
            {"seat": p.seat, "card": _card(state, p.card), "crowned": p.crown} for p in trick.plays
        ],
        "decree": _card(state, trick.decree),
    }


def _record(state: State, index: int) -> RoundRecordView:
    record = state.history[index]
    return {
        "round": record.round_no,
        "dealer": record.dealer,
        "tricks": list(record.tricks),
        "trick_points": list(record.trick_points),
        "gained": list(record.gained),
    }


def _options(state: State) -> OptionsView:
    options = state.options
    return {
        "target_score": options.target_score,
        "special_cards": len(state.specials),
        "poison": options.poison,
        "goals": options.goals,
        "open_tricks": options.open_tricks,
    }


def _house_rules(state: State) -> list[str]:
    """House rules in play, for the table to show (the log's memory rule is lifted)."""
    return ["Earlier tricks stay readable"] if state.options.open_tricks else []


def _playable(state: State, viewer: int) -> list[str]:
    if state.phase != "play" or state.step.seat != viewer:
        return []
    return sorted(legal_cards(state, viewer), key=sort_key)


def _known(state: State, viewer: int | None) -> KnownCards:
    """Hidden cards whose place this viewer knows (e.g. the card it put under the deck)."""
    knower = SPECTATOR if viewer is None else viewer
    known = set(state.known[knower]) | set(state.known[SPECTATOR])
    if not known:
        return {"deck": [], "hands": [[] for _ in range(SEATS)]}  # the usual case, built fast
    deck: list[KnownInDeck] = [
        {"position": i, "from_bottom": len(state.deck) - 1 - i, "card": _card(state, card)}
        for i, card in enumerate(state.deck)
        if card in known
    ]
    hands = [
        [_card(state, c) for c in sorted(state.hands[seat], key=sort_key) if c in known]
        if seat != viewer
        else []
        for seat in range(SEATS)
    ]
    return {"deck": deck, "hands": hands}


def _decision(state: State, viewer: int | None) -> DecisionView | None:
    """Details of the pending decision, for the player who makes it only."""
    step = state.step
    if viewer != step.seat or step.phase in (OVER, DEAL):
        return None
    return {
        "kind": step.phase,
        "shown": [_card(state, card) for card in step.cards],
        "named_suit": step.suit or None,
    }


def _goals(state: State, viewer: int | None) -> GoalsView:
    """House goals: the revealed ones, this round's claims, and the goal deck's size."""
    return {
        "house_goals": True,
        "open": [_goal(goal) for goal in state.goals_open],
        "claims": [
            {"goal": _goal(goal), "seat": seat, "points": points}
            for goal, seat, points in state.goal_claims
        ],
        "claimable": claimable(state, viewer) if viewer is not None else [],
        "deck_count": len(state.goal_deck),
        "discard": list(state.goal_discard),
    }


def _goal(goal: str) -> GoalView:
    text, points, ongoing = GOALS[goal]
    return {"id": goal, "text": text, "points": points, "ongoing": ongoing}


def _final(state: State) -> FinalView:
    """Once the match is over, everything that was hidden is shown."""
    winners, reason = match_winners(state)
    return {
        "winners": list(winners),
        "reason": reason,
        "hands": [[_card(state, c) for c in hand] for hand in state.hands],
        "deck": [_card(state, c) for c in state.deck],
        "specials_in_match": list(state.specials),
        "specials_left_out": list(state.box),
    }


def prompt(state: State, viewer: int | None) -> str:
    step = state.step
    if is_over(state):
        winners, _ = match_winners(state)
        if len(winners) == 1:
            return f"The match is over: {{seat{winners[0]}}} wins."
        return "The match is over: a shared win."
    if viewer != step.seat:
        return f"Waiting for {{seat{step.seat}}} to {_waiting_for(state)}."
    return _your_prompt(state, viewer)


def _waiting_for(state: State) -> str:
    return {
        "play": "lead" if is_leading(state, state.step.seat) else "play",
        "fox": "answer the Fox",
        "discard": "put a card under the deck",
        "potion": "finish the Potion",
        "fairy_take": "answer the Fairy",
        "fairy_give": "give a card back",
        "hammer": "name a suit for the Hammer",
        "shovel": "decide whether to dig with the Shovel",
        "deal": "deal the next round",
    }.get(state.phase, "decide")


def _your_prompt(state: State, seat: int) -> str:
    phase = state.phase
    if phase == "fox":
        return "You played the Fox: swap a card from your hand with the decree card, or keep it."
    if phase == "discard":
        return "Put one card from your hand under the deck, face down."
    if phase == DEAL:
        return "The round is scored: deal the next round."
    if phase in SPECIAL_PROMPTS:
        return SPECIAL_PROMPTS[phase]
    if state.step.suit:
        return f"The Hammer named {SUIT_NAMES[state.step.suit]}: play one if you can."
    if is_leading(state, seat):
        return "Lead any card."
    return _follow_prompt(state, seat)


SPECIAL_PROMPTS = {
    "potion": "Put one card from your hand under the deck with the Potion; then you draw 2.",
    "fairy_take": "Take one of the cards the Fairy showed you, or take nothing.",
    "fairy_give": "Give your opponent one card from your hand.",
    "hammer": "Name a suit: your opponent's card goes under the deck and they must play that suit.",
    "shovel": "Dig up a random card from your last won trick and play it, or keep the Shovel.",
}


def _follow_prompt(state: State, seat: int) -> str:
    lead = state.lead
    if lead is None:
        return "Play a card."
    suit = play_face(state, lead).suit
    if suit is None or len(legal_cards(state, seat)) == len(state.hands[seat]):
        return "Play any card."
    if monarch_led(state, lead):
        return f"A Monarch was led: play your Swan or your highest card of {SUIT_NAMES[suit]}."
    return f"Play a card: you must follow {SUIT_NAMES[suit]}."
