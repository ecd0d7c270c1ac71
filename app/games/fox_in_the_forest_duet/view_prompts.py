"""The one prompt line of each view: what the viewer should do now, or whom it waits for."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet import rules_board, rules_flow
from app.games.fox_in_the_forest_duet.data import FREE_LEAD_RANK, SUIT_NAMES, card_name, rank_of
from app.games.fox_in_the_forest_duet.data import suit_of as suit
from app.games.fox_in_the_forest_duet.rules_tricks import suit_to_follow
from app.games.fox_in_the_forest_duet.scoring import outcome
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    CHOOSE_EXCHANGER,
    COUNT_PAWS,
    EXCHANGE_DECREE,
    FOREST_SETUP,
    LOST_TIME,
    PASS_CARDS,
    PLAY,
    WON,
    State,
)

WAITING_FOR: dict[str, str] = {
    PLAY: "to play a card",
    CHOOSE_EXCHANGER: "to choose who may exchange the decree card",
    EXCHANGE_DECREE: "to keep or exchange the decree card",
    PASS_CARDS: "to pick a card to pass",
    COUNT_PAWS: "to choose which paw prints count",
    CHOOSE_DIRECTION: "to choose the way the tracker moves",
    FOREST_SETUP: "to place the first forest token",
}


def prompt(state: State, viewer: int | None) -> str:
    if state.over:
        return _final(state)
    actors = rules_flow.to_act(state)
    if viewer is None or viewer not in actors:
        return _waiting(state, actors, viewer)
    return _your_move(state, viewer)


def _final(state: State) -> str:
    found = outcome(state)
    if state.result == WON and found is not None:
        return f"The team took every gem and wins with {int(found.scores[0])} points!"
    if state.result == LOST_TIME:
        return f"Three rounds are over with {state.gems_on_board} gems left: the team loses."
    return "A forest token was needed and none could be placed: the team loses."


def _waiting(state: State, actors: tuple[int, ...], viewer: int | None) -> str:
    names = " and ".join(f"{{seat{seat}}}" for seat in actors)
    what = WAITING_FOR.get(state.phase) or _round_end_waiting(state)
    if state.phase == PASS_CARDS and viewer is not None:
        mine = state.picks[viewer]
        if mine is not None:
            return f"You pass the {card_name(mine)}; waiting for {names} {what}."
    return f"Waiting for {names} {what}."


def _round_end_waiting(state: State) -> str:
    if rules_board.round_end_ends(state):
        return "to place the forest token for the team"
    return f"to start round {state.round + 1}"


def _your_move(state: State, seat: int) -> str:
    partner = f"{{seat{1 - seat}}}"
    if state.phase == PLAY:
        return _play_prompt(state, seat)
    if state.phase == CHOOSE_EXCHANGER:
        return f"Your 3: choose who may exchange the decree card, you or {partner}."
    if state.phase == EXCHANGE_DECREE:
        return f"Keep the decree ({card_name(state.decree)}) or exchange it for a card in hand."
    if state.phase == PASS_CARDS:
        return f"A 7 was played: pick a card to pass to {partner}."
    if state.phase == COUNT_PAWS:
        return "You won the trick with a 5 in it: choose which paw prints count."
    if state.phase == CHOOSE_DIRECTION:
        return f"You won the trick with a 1 in it: choose the way the tracker moves {state.paws}."
    if state.phase == FOREST_SETUP:
        return "Level 3: choose the end of the path that gets the first forest token."
    return _round_end_prompt(state)


def _play_prompt(state: State, seat: int) -> str:
    if not state.trick:
        return f"Lead a card to trick {state.trick_no}."
    lead = state.trick[0].card
    lead_suit = SUIT_NAMES[suit(lead)]
    if suit_to_follow(state, seat) is not None:
        return f"Play a card: you must follow {lead_suit}."
    if rank_of(lead) == FREE_LEAD_RANK:
        return f"Play any card: a 9 was led, so you need not follow {lead_suit}."
    return f"Play any card: you have no {lead_suit}."


def _round_end_prompt(state: State) -> str:
    ends = rules_board.round_end_ends(state)
    done = f"Round {state.round} is over"
    if not ends:
        return f"{done} and no forest token can be placed: start round {state.round + 1}."
    if len(ends) == 1:
        return f"{done}: the forest token goes to {rules_board.end_name(ends[0])}; place it."
    return f"{done}: choose the end of the path for a forest token."
