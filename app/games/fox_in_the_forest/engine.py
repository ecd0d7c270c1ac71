"""The engine object: metadata, options and the contract's functions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_in_the_forest import hidden, memory, rules
from app.games.fox_in_the_forest import state as state_json
from app.games.fox_in_the_forest.data import (
    DEFAULT_TARGET,
    GAME_ID,
    SEATS,
    SPECIAL_IDS,
    TARGET_SCORES,
)
from app.games.fox_in_the_forest.deal import new_match
from app.games.fox_in_the_forest.flow import match_winners
from app.games.fox_in_the_forest.state import Options, State
from app.games.fox_in_the_forest.view import view
from app.games.options import normalize
from app.games.protocol import (
    JSON,
    Action,
    BadOptions,
    Choice,
    Flag,
    Integer,
    LogEntry,
    OptionSpec,
    Outcome,
    Secret,
    Subset,
    Transition,
    check_viewer,
)

OPTIONS: tuple[OptionSpec, ...] = (
    Choice(
        "target_score",
        "Points to win",
        TARGET_SCORES,
        DEFAULT_TARGET,
        "The match ends after the round in which someone reaches this score.",
    ),
    Integer(
        "special_cards",
        "Special cards (random)",
        0,
        len(SPECIAL_IDS),
        0,
        "How many of the nine Deluxe special cards are shuffled in at random, unseen "
        "(the rulebook suggests 2).",
    ),
    Subset(
        "special_list",
        "Special cards (chosen)",
        SPECIAL_IDS,
        (),
        "Play with exactly these special cards instead of a random pick.",
    ),
    Flag("poison", "Poison 8s", False, "The three Poison 8s replace the 8s: taking one costs 1."),
    Flag("goals", "Goal cards", False, "Two house goals per round, worth points when met."),
    Flag(
        "open_tricks",
        "Earlier tricks stay readable (house rule)",
        False,
        "The rulebook forbids looking at earlier tricks, so the log stops naming their cards "
        "once a newer trick is done. With this house rule the whole log stays readable.",
    ),
)


class FoxInTheForest:
    id = GAME_ID
    title = "The Fox in the Forest"
    pitch = "A duel of tricks where Foxes, Witches and Swans bend the rules: win, but not too much."
    version = 2
    seats = range(SEATS, SEATS + 1)
    options = OPTIONS
    free_chat = True

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
        if players != SEATS:
            raise BadOptions("The Fox in the Forest is for exactly two players.")
        chosen = normalize(self.options, options)
        listed = chosen["special_list"]
        if listed and chosen["special_cards"] not in (0, len(listed)):
            raise BadOptions(
                "Special cards: give either a number to draw at random or a list, not both."
            )
        return chosen

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        chosen = self.check_options(options, players)
        listed = tuple(card for card in SPECIAL_IDS if card in chosen["special_list"])
        settings = Options(
            target_score=chosen["target_score"],
            special_count=len(listed) or chosen["special_cards"],
            special_list=listed,
            poison=chosen["poison"],
            goals=chosen["goals"],
            open_tricks=chosen["open_tricks"],
        )
        return new_match(settings, seed)

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> Transition[State]:
        new_state, log = rules.apply_action(state, seat, action)
        return Transition(new_state, log)

    def outcome(self, state: State) -> Outcome | None:
        if state.step.kind != "over":
            return None
        winners, reason = match_winners(state)
        return Outcome(winners, tuple(float(s) for s in state.scores), reason, _detail(state))

    def view(self, state: State, viewer: int | None) -> dict[str, JSON]:
        check_viewer(viewer, len(state.hands))
        return view(state, viewer)

    def forgotten_before(self, state: State) -> int:
        return memory.forgotten_before(state)

    def secrets(self, state: State) -> Sequence[Secret]:
        return hidden.secrets(state)

    def determinize(self, state: State, viewer: int | None, rng: random.Random) -> State:
        return hidden.determinize(state, viewer, rng)

    def encode(self, state: State) -> dict[str, JSON]:
        return state_json.encode(state)

    def decode(self, data: Mapping[str, JSON]) -> State:
        return state_json.decode(data)


def _detail(state: State) -> dict[str, Any]:
    """The public score table: every round's tricks and points."""
    return {
        "scores": list(state.scores),
        "target_score": state.options.target_score,
        "rounds": [
            {
                "round": record.round_no,
                "dealer": record.dealer,
                "tricks": list(record.tricks),
                "trick_points": list(record.trick_points),
                "gained": list(record.gained),
            }
            for record in state.history
        ],
    }


ENGINE = FoxInTheForest()

__all__ = ["ENGINE", "FoxInTheForest", "LogEntry"]
