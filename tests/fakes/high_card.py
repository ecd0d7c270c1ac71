"""A tiny conforming engine for platform tests: hidden hands, tricks, a private log.

It exists so the platform and the conformance suite can be tested without any real game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from typing_extensions import TypedDict

from app.games import options as option_tools
from app.games.protocol import (
    MALFORMED,
    NOT_YOUR_TURN,
    Action,
    BadOptions,
    Choice,
    Flag,
    IllegalAction,
    LogEntry,
    Outcome,
    Secret,
    Transition,
)
from app.games.rng import generator, shuffled

CARDS = tuple(f"c-{rank}" for rank in range(1, 13))
HAND = 3


def rank(card: str) -> int:
    return int(card.split("-")[1])


@dataclass(frozen=True, slots=True)
class HighCardState:
    seed: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    trick: tuple[str | None, ...]
    leader: int
    turn: int
    scores: tuple[int, ...]
    tricks_left: int
    forget: bool = False  # the memory rule: entries of tricks before the last one fade


class HighCardView(TypedDict):
    hand: list[str]
    hand_counts: list[int]
    hands: list[list[str]] | None
    trick: list[str | None]
    scores: list[int]
    deck_count: int
    prompt: str


class HighCard:
    id = "high-card"
    title = "High Card (test game)"
    pitch = "Play your highest card; most tricks wins."
    version = 1
    seats = range(2, 4)
    options = (
        Choice("tricks", "Tricks", (1, 2, 3), 3),
        Flag("reverse", "Lowest wins", False),
        Flag("forget", "Earlier tricks fade from the log", False),
    )
    free_chat = True
    cooperative = False
    level_option = None
    view_type = HighCardView
    action_types = ()

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        normalized = option_tools.normalize(self.options, options)
        if players == 3 and normalized["reverse"] and normalized["tricks"] == 1:
            raise BadOptions("Lowest wins needs more than one trick with three players.")
        return normalized

    def setup(self, players: int, options: Mapping[str, Any], seed: int) -> HighCardState:
        deck = shuffled(generator(seed, "deal"), CARDS)
        hands = tuple(
            tuple(sorted(deck[i * HAND : (i + 1) * HAND], key=rank)) for i in range(players)
        )
        return HighCardState(
            seed,
            hands,
            deck[players * HAND :],
            (None,) * players,
            0,
            0,
            (0,) * players,
            int(options.get("tricks", 3)) if not options.get("reverse") else int(options["tricks"]),
            bool(options.get("forget", False)),
        )

    def to_act(self, state: HighCardState) -> tuple[int, ...]:
        return () if state.tricks_left == 0 else (state.turn,)

    def legal_actions(self, state: HighCardState, seat: int) -> Sequence[Action]:
        if seat not in self.to_act(state):
            return ()
        return tuple({"type": "play", "card": card} for card in state.hands[seat])

    def apply(self, state: HighCardState, seat: int, action: Action) -> Transition[HighCardState]:
        if (
            not isinstance(action, Mapping)
            or action.get("type") != "play"
            or set(action) != {"type", "card"}
        ):
            raise IllegalAction('Send {"type": "play", "card": ...}.', MALFORMED)
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.", NOT_YOUR_TURN)
        card = action["card"]
        if not isinstance(card, str) or card not in state.hands[seat]:
            raise IllegalAction("You do not hold that card.")
        hands = tuple(
            tuple(c for c in h if c != card) if i == seat else h for i, h in enumerate(state.hands)
        )
        trick = tuple(card if i == seat else c for i, c in enumerate(state.trick))
        episode = sum(state.scores) + 1  # every finished trick scored exactly one point
        log = [
            LogEntry(
                f"{{seat{seat}}} played the {card}.",
                None,
                {"seat": seat, "card": card},
                episode=episode,
                faded=f"{{seat{seat}}} played a card.",
            ),
            LogEntry(
                f"You keep {', '.join(hands[seat]) or 'nothing'}.",
                seat,
                {"kept": hands[seat]},
                others=f"{{seat{seat}}} keeps {', '.join(hands[seat]) or 'nothing'}.",
            ),
        ]
        players = len(state.hands)
        after = replace(state, hands=hands, trick=trick, turn=(seat + 1) % players)
        if all(c is not None for c in trick):
            winner = max(range(players), key=lambda i: rank(trick[i] or "c-0"))
            scores = tuple(s + (i == winner) for i, s in enumerate(state.scores))
            after = replace(
                after,
                trick=(None,) * players,
                scores=scores,
                turn=winner,
                leader=winner,
                tricks_left=state.tricks_left - 1,
            )
            # Left out once forgotten (empty faded text), as a game leaves out abilities' details.
            won = f"{{seat{winner}}} wins the trick."
            log.append(LogEntry(won, None, {"winner": winner}, episode=episode, faded=""))
        return Transition(after, tuple(log))

    def outcome(self, state: HighCardState) -> Outcome | None:
        if state.tricks_left:
            return None
        best = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == best)
        return Outcome(winners, tuple(float(s) for s in state.scores), "most_tricks")

    def view(self, state: HighCardState, viewer: int | None) -> dict[str, Any]:
        over = state.tricks_left == 0
        return {
            "hand": list(state.hands[viewer]) if viewer is not None else [],
            "hand_counts": [len(h) for h in state.hands],
            "hands": [list(h) for h in state.hands] if over else None,
            "trick": list(state.trick),
            "scores": list(state.scores),
            "deck_count": len(state.deck),
            "prompt": "The match is over."
            if over
            else ("Play a card." if viewer == state.turn else f"Waiting for {{seat{state.turn}}}."),
        }

    def forgotten_before(self, state: HighCardState) -> int:
        return sum(state.scores) if state.forget else 0

    def secrets(self, state: HighCardState) -> Sequence[Secret]:
        if state.tricks_left == 0:
            return [Secret(card) for card in state.deck]
        held = [Secret(card, (seat,)) for seat, hand in enumerate(state.hands) for card in hand]
        return held + [Secret(card) for card in state.deck]

    def determinize(
        self, state: HighCardState, viewer: int | None, rng: random.Random
    ) -> HighCardState:
        hidden = [c for i, h in enumerate(state.hands) if i != viewer for c in h] + list(state.deck)
        if state.tricks_left == 0:
            hidden = list(state.deck)
        pool = list(shuffled(rng, hidden))
        hands = []
        for i, hand in enumerate(state.hands):
            if i == viewer or state.tricks_left == 0:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[: len(hand)], key=rank)))
                pool = pool[len(hand) :]
        return replace(state, hands=tuple(hands), deck=tuple(pool), seed=rng.getrandbits(63))

    def encode(self, state: HighCardState) -> dict[str, Any]:
        return {
            "seed": state.seed,
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "trick": list(state.trick),
            "leader": state.leader,
            "turn": state.turn,
            "scores": list(state.scores),
            "tricks_left": state.tricks_left,
            "forget": state.forget,
        }

    def decode(self, data: Mapping[str, Any]) -> HighCardState:
        return HighCardState(
            data["seed"],
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["deck"]),
            tuple(data["trick"]),
            data["leader"],
            data["turn"],
            tuple(data["scores"]),
            data["tricks_left"],
            data.get("forget", False),
        )


ENGINE = HighCard()
