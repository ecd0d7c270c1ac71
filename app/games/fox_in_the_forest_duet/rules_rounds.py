"""Rounds: the deal, the end of a round ("+" gems, the team's forest token) and the last round."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet import rules_board
from app.games.fox_in_the_forest_duet.data import (
    LEVELS,
    ROUNDS,
    SUIT_NAMES,
    TRICKS_PER_ROUND,
    card_name,
    suit_of,
)
from app.games.fox_in_the_forest_duet.rules_tricks import deal
from app.games.fox_in_the_forest_duet.state import (
    FOREST_SETUP,
    LOST_TIME,
    OVER,
    PLAY,
    ROUND_END,
    State,
    Step,
    initial_supply,
)
from app.games.frozen import evolve
from app.games.protocol import IllegalAction, LogEntry


def setup(level: int, seed: int, *, open_tricks: bool) -> State:
    """Round 1: seat 1 deals, so seat 0 leads (and makes the level-3 token choice)."""
    hands, decree, deck = deal(seed, 1)
    config = LEVELS[level]
    return State(
        seed=seed,
        level=level,
        round=1,
        trick_no=1,
        dealer=1,
        leader=0,
        phase=FOREST_SETUP if config.forest_token_at_setup else PLAY,
        hands=hands,
        deck=deck,
        decree=decree,
        gems=config.side.gems,
        supply=initial_supply(level),
        open_tricks=open_tricks,
    )


def end_round(state: State) -> Step:
    if state.round == ROUNDS:
        entry = LogEntry(
            f"The third round is over with {state.gems_on_board} gems left: the team loses.",
            data={"event": "lost"},
        )
        return evolve(state, phase=OVER, result=LOST_TIME), [entry]
    state = rules_board.add_plus_gems(state)
    # The next round's leader (this round's dealer) makes the team's forest token choice.
    state = evolve(state, phase=ROUND_END, leader=state.dealer, trick_no=TRICKS_PER_ROUND)
    entry = LogEntry(
        f"Round {state.round} is over: a gem is added on each + space.",
        data={"event": "round_end", "round": state.round},
    )
    return state, [entry]


def place_forest_token(state: State, seat: int, end: int) -> Step:
    if state.phase == FOREST_SETUP:
        covered = rules_board.cover(state, end)
        entry = rules_board.cover_log(covered, end, seat)
        return evolve(covered, phase=PLAY), [entry]
    if end not in rules_board.round_end_ends(state):
        raise IllegalAction(_why_not(state, end))
    covered = rules_board.cover(state, end)
    entry = rules_board.cover_log(covered, end, seat)
    after, log = start_next_round(covered)
    return after, [entry, *log]


def next_round(state: State) -> Step:
    if rules_board.round_end_ends(state):
        raise IllegalAction("Place the end-of-round forest token first.")
    return start_next_round(state)


def start_next_round(state: State) -> Step:
    """The other player deals; the tracker stays where it is."""
    round_no = state.round + 1
    hands, decree, deck = deal(state.seed, round_no)
    dealer = 1 - state.dealer
    state = evolve(
        state,
        round=round_no,
        trick_no=1,
        dealer=dealer,
        leader=1 - dealer,
        phase=PLAY,
        hands=hands,
        deck=deck,
        decree=decree,
        tricks_won=(0, 0),
        public_in_hand=((), ()),
        partner_knows=((), ()),
        in_either_hand=(),
        voids=((), ()),
        last_trick=None,
    )
    entry = LogEntry(
        f"Round {round_no}: {{seat{dealer}}} deals; the decree is the {card_name(decree)}, "
        f"so {SUIT_NAMES[suit_of(decree)]} are trump.",
        data={"event": "deal", "round": round_no, "dealer": dealer, "decree": decree},
    )
    return state, [entry]


def _why_not(state: State, end: int) -> str:
    if rules_board.first_open(state, end) == state.tracker:
        return "The tracker stands on that end: place the token at the other end."
    return "That end has no space left for a forest token."
