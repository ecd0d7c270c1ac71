"""What one viewer may see, built field by field (a whitelist), with the prompt line."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet import rules_board, rules_flow
from app.games.fox_in_the_forest_duet.data import (
    ABILITIES,
    CENTRE,
    DECK,
    END_SPACE,
    GAME_ID,
    LEVELS,
    PATH_LENGTH,
    REACTIONS,
    ROUNDS,
    SUIT_NAMES,
    TRICKS_PER_ROUND,
    card_name,
    paws_of,
    rank_of,
    suit_of,
)
from app.games.fox_in_the_forest_duet.rules_tricks import sorted_cards, suit_to_follow, trump
from app.games.fox_in_the_forest_duet.scoring import outcome
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    CHOOSE_EXCHANGER,
    COUNT_PAWS,
    EXCHANGE_DECREE,
    FOREST_SETUP,
    PASS_CARDS,
    ROUND_END,
    Play,
    State,
    TrickResult,
)
from app.games.fox_in_the_forest_duet.view_prompts import prompt
from app.games.fox_in_the_forest_duet.view_types import (
    BoardPart,
    CardsPart,
    CardView,
    Decision,
    DuetView,
    Ending,
    LastTrick,
    PathSpace,
    PawChoice,
    PlayView,
    Progress,
)


def card_json(card: str) -> CardView:
    return CardView(**_CARD_JSON[card])  # a copy: the caller owns what it is given


def _describe(card: str) -> CardView:
    rank = rank_of(card)
    ability = ABILITIES.get(rank)
    return {
        "id": card,
        "suit": suit_of(card),
        "rank": rank,
        "paws": paws_of(card),
        "name": card_name(card),
        "ability": ability[0] if ability else None,
        "ability_text": ability[1] if ability else None,
    }


_CARD_JSON: dict[str, CardView] = {card: _describe(card) for card in DECK}
"""Built once per card: every view describes a dozen cards or more."""


def view(state: State, viewer: int | None) -> DuetView:
    result: DuetView = {
        "game": GAME_ID,
        "viewer": viewer,
        "phase": state.phase,
        "to_act": list(rules_flow.to_act(state)),
        "prompt": prompt(state, viewer),
        "free_chat": False,
        "reactions": list(REACTIONS),
        "house_rules": house_rules(state),
        **_progress(state),
        **_board(state),
        **_cards(state, viewer),
        "decision": _decision(state, viewer),
        **_ending(state),
    }
    return result


def _ending(state: State) -> Ending:
    if not state.over:
        return {}
    found = outcome(state)
    return {
        "reveal": {
            "hands": [[card_json(c) for c in hand] for hand in state.hands],
            "draw_pile": [card_json(c) for c in state.deck],
        },
        "outcome": None if found is None else dict(found.detail),
    }


def house_rules(state: State) -> list[str]:
    """The house rules in play, for the table to show (the rulebook's rules are not listed)."""
    return ["Earlier tricks stay readable"] if state.open_tricks else []


def _progress(state: State) -> Progress:
    return {
        "level": state.level,
        "side": LEVELS[state.level].side.name,
        "round": state.round,
        "rounds": ROUNDS,
        "trick": state.trick_no,
        "tricks_per_round": TRICKS_PER_ROUND,
        "dealer": state.dealer,
        "leader": state.leader,
        "tricks_won": list(state.tricks_won),
    }


def _board(state: State) -> BoardPart:
    plus = LEVELS[state.level].side.plus
    path: list[PathSpace] = [
        {
            "space": space,
            "gems": state.gems[space],
            "plus": space in plus,
            "covered": rules_board.is_covered(state, space),
            "centre": space == CENTRE,
        }
        for space in range(PATH_LENGTH)
    ]
    return {
        "path": path,
        "tracker": state.tracker,
        "end_spaces": list(END_SPACE),
        "forest_tokens_left": state.forest_left,
        "forest_tokens_at_end": list(state.covered),
        "gems_on_board": state.gems_on_board,
        "gems_collected": state.collected,
        "gem_supply": state.supply,
    }


def _cards(state: State, viewer: int | None) -> CardsPart:
    own = state.hands[viewer] if viewer is not None else ()
    return {
        "hand": [card_json(card) for card in sorted_cards(own)],
        "hand_counts": [len(hand) for hand in state.hands],
        "known_in_hands": [
            [card_json(card) for card in known_cards(state, seat, viewer)] for seat in (0, 1)
        ],
        "known_in_either_hand": [card_json(card) for card in known_in_either_hand(state, viewer)],
        "voids": [list(suits) for suits in state.voids],
        "decree": card_json(state.decree),
        "trump": trump(state),
        "trump_name": SUIT_NAMES[trump(state)],
        "draw_pile_count": len(state.deck),
        "current_trick": [_play_json(play) for play in state.trick],
        "lead_suit": suit_of(state.trick[0].card) if state.trick else None,
        "must_follow": _must_follow(state, viewer),
        "last_trick": _last_trick(state.last_trick),
    }


def known_cards(state: State, seat: int, viewer: int | None) -> tuple[str, ...]:
    """Cards in `seat`'s hand that `viewer` knows of without seeing that hand."""
    if viewer == seat:
        return ()
    known = state.public_in_hand[seat]
    if viewer is not None:
        known = (*known, *state.partner_knows[seat])
    return sorted_cards(known)


def known_in_either_hand(state: State, viewer: int | None) -> tuple[str, ...]:
    """Cards `viewer` knows are in one of the two hands, but not in which.

    Only onlookers are ever unsure: a player sees the card it receives in a #7 swap, so it
    knows where each of these cards is (in its hand, or listed in `known_in_hands`).
    """
    return state.in_either_hand if viewer is None else ()


def _play_json(play: Play) -> PlayView:
    return {"seat": play.seat, "card": card_json(play.card)}


def _must_follow(state: State, viewer: int | None) -> str | None:
    if viewer is None or viewer not in rules_flow.to_act(state) or len(state.trick) != 1:
        return None
    return suit_to_follow(state, viewer)


def _last_trick(result: TrickResult | None) -> LastTrick | None:
    if result is None:
        return None
    return {
        "plays": [_play_json(play) for play in result.plays],
        "winner": result.winner,
        "paws": result.paws,
        "toward": result.toward,
        "from": result.start,
        "to": result.stop,
        "reset": result.reset,
        "gem": result.gem,
    }


def _decision(state: State, viewer: int | None) -> Decision | None:
    """The pending odd-card or team decision, with what a renderer needs to draw it."""
    if state.phase == CHOOSE_EXCHANGER:
        return {
            "kind": "3",
            "by": state.trick[-1].seat,
            "candidates": list(rules_flow.exchange_candidates(state)),
        }
    if state.phase == EXCHANGE_DECREE:
        return {"kind": "3", "exchanger": rules_flow.exchanger_of(state)}
    if state.phase == PASS_CARDS:
        mine = state.picks[viewer] if viewer is not None else None
        return {
            "kind": "7",
            "picked": [pick is not None for pick in state.picks],
            "my_pick": None if mine is None else card_json(mine),
        }
    if state.phase == COUNT_PAWS:
        choices: list[PawChoice] = [
            {"use": use, "paws": sum(paws_of(p.card) for p in rules_flow.counted_plays(state, use))}
            for use in rules_flow.paw_choices(state)
        ]
        return {"kind": "5", "choices": choices}
    if state.phase == CHOOSE_DIRECTION:
        return {"kind": "1", "paws": state.paws}
    if state.phase in (FOREST_SETUP, ROUND_END):
        ends = (0, 1) if state.phase == FOREST_SETUP else rules_board.round_end_ends(state)
        return {"kind": "forest_token", "ends": list(ends)}
    return None
