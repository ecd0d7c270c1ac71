"""The match state: frozen dataclasses of ints, strs, bools and tuples, and their JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from app.games.protocol import JSON


@dataclass(frozen=True, slots=True)
class Options:
    target_score: int = 21
    special_count: int = 0
    """How many special cards are shuffled in at random (ignored when a list is given)."""
    special_list: tuple[str, ...] = ()
    """Exactly these special cards (known to both players)."""
    poison: bool = False
    goals: bool = False
    open_tricks: bool = False
    """House rule: earlier tricks stay readable in the log (the memory rule is lifted)."""


@dataclass(frozen=True, slots=True)
class Play:
    """A card put into a trick; `crown` means the Crown was added to it (one play, two cards)."""

    seat: int
    card: str
    crown: bool = False

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.card, "crown") if self.crown else (self.card,)


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: what was played, who won it, and the pile it became.

    `pile` starts as the played cards; the Shovel may later swap one of them for itself.
    """

    leader: int
    winner: int
    plays: tuple[Play, ...]
    pile: tuple[str, ...]
    decree: str
    """The decree card when the trick was decided (the Mirror copied it)."""


@dataclass(frozen=True, slots=True)
class Step:
    """The decision the game waits for.

    kind: "play" (lead or follow), "fox" (exchange the decree?), "discard" (Woodcutter or Axe),
    "potion" (the Potion's second card), "fairy_take", "fairy_give", "hammer" (name a suit),
    "shovel" (dig or not), or "over".
    """

    kind: str
    seat: int
    cards: tuple[str, ...] = ()
    """The Fairy: the cards it showed (secret to the other player)."""
    suit: str = ""
    """The Hammer: the suit its victim must play if possible."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """Public summary of a finished round, for the score table."""

    round_no: int
    dealer: int
    tricks: tuple[int, ...]
    trick_points: tuple[int, ...]
    gained: tuple[int, ...]
    """Net change of each score over the round (the tie-break looks at the last one)."""


# Not slotted: `evolve` copies the state (several times per action) through its __dict__.
@dataclass(frozen=True)
class State:
    seed: int
    options: Options
    specials: tuple[str, ...]
    """Special cards in this match (secret from both when drawn at random)."""
    box: tuple[str, ...]
    """Special cards left out of this match."""
    scores: tuple[int, ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    """Draw deck, top card first."""
    decree: str
    leader: int
    lead: Play | None
    follow: Play | None
    tricks: tuple[Trick, ...]
    """This round's completed tricks, in order (their faces are not shown to players)."""
    step: Step
    known: tuple[tuple[str, ...], ...]
    """Per seat: hidden cards (in the deck or the other hand) whose place that seat knows."""
    round_start: tuple[int, ...]
    """Scores when this round began."""
    history: tuple[RoundRecord, ...]
    chance: int
    """Counter that names each random event inside a round."""
    goal_deck: tuple[str, ...] = ()
    goal_discard: tuple[str, ...] = ()
    goals_open: tuple[str, ...] = ()
    """Revealed goals this round that are still available (ongoing ones stay all round)."""
    goal_claims: tuple[tuple[str, int, int], ...] = ()
    """This round's claims and triggers: (goal, seat, points actually scored)."""
    goal_shuffles: int = 0
    decree_changes: tuple[int, ...] = (0, 0)


# --------------------------------------------------------------------------- JSON


# Spelled out field by field, in declaration order (the inverse of `decode` below): a generic
# walk over the dataclasses cost more than the rest of a move, and the server encodes every one.


def encode(state: State) -> dict[str, JSON]:
    return {
        "seed": state.seed,
        "options": _plain_options(state.options),
        "specials": list(state.specials),
        "box": list(state.box),
        "scores": list(state.scores),
        "round_no": state.round_no,
        "dealer": state.dealer,
        "hands": [list(hand) for hand in state.hands],
        "deck": list(state.deck),
        "decree": state.decree,
        "leader": state.leader,
        "lead": _plain_play(state.lead) if state.lead is not None else None,
        "follow": _plain_play(state.follow) if state.follow is not None else None,
        "tricks": [_plain_trick(trick) for trick in state.tricks],
        "step": _plain_step(state.step),
        "known": [list(cards) for cards in state.known],
        "round_start": list(state.round_start),
        "history": [_plain_record(record) for record in state.history],
        "chance": state.chance,
        "goal_deck": list(state.goal_deck),
        "goal_discard": list(state.goal_discard),
        "goals_open": list(state.goals_open),
        "goal_claims": [list(claim) for claim in state.goal_claims],
        "goal_shuffles": state.goal_shuffles,
        "decree_changes": list(state.decree_changes),
    }


def _plain_options(options: Options) -> dict[str, JSON]:
    return {
        "target_score": options.target_score,
        "special_count": options.special_count,
        "special_list": list(options.special_list),
        "poison": options.poison,
        "goals": options.goals,
        "open_tricks": options.open_tricks,
    }


def _plain_play(play: Play) -> dict[str, JSON]:
    return {"seat": play.seat, "card": play.card, "crown": play.crown}


def _plain_trick(trick: Trick) -> dict[str, JSON]:
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "plays": [_plain_play(play) for play in trick.plays],
        "pile": list(trick.pile),
        "decree": trick.decree,
    }


def _plain_step(step: Step) -> dict[str, JSON]:
    return {"kind": step.kind, "seat": step.seat, "cards": list(step.cards), "suit": step.suit}


def _plain_record(record: RoundRecord) -> dict[str, JSON]:
    return {
        "round_no": record.round_no,
        "dealer": record.dealer,
        "tricks": list(record.tricks),
        "trick_points": list(record.trick_points),
        "gained": list(record.gained),
    }


def decode(data: Mapping[str, JSON]) -> State:
    return State(
        seed=data["seed"],
        options=_options(data["options"]),
        specials=tuple(data["specials"]),
        box=tuple(data["box"]),
        scores=tuple(data["scores"]),
        round_no=data["round_no"],
        dealer=data["dealer"],
        hands=tuple(tuple(hand) for hand in data["hands"]),
        deck=tuple(data["deck"]),
        decree=data["decree"],
        leader=data["leader"],
        lead=_play(data["lead"]) if data["lead"] is not None else None,
        follow=_play(data["follow"]) if data["follow"] is not None else None,
        tricks=tuple(_trick(trick) for trick in data["tricks"]),
        step=Step(
            data["step"]["kind"],
            data["step"]["seat"],
            tuple(data["step"]["cards"]),
            data["step"]["suit"],
        ),
        known=tuple(tuple(cards) for cards in data["known"]),
        round_start=tuple(data["round_start"]),
        history=tuple(_record(record) for record in data["history"]),
        chance=data["chance"],
        goal_deck=tuple(data["goal_deck"]),
        goal_discard=tuple(data["goal_discard"]),
        goals_open=tuple(data["goals_open"]),
        goal_claims=tuple((g, s, p) for g, s, p in data["goal_claims"]),
        goal_shuffles=data["goal_shuffles"],
        decree_changes=tuple(data["decree_changes"]),
    )


def _options(data: Mapping[str, JSON]) -> Options:
    return Options(
        target_score=data["target_score"],
        special_count=data["special_count"],
        special_list=tuple(data["special_list"]),
        poison=data["poison"],
        goals=data["goals"],
        open_tricks=data.get("open_tricks", False),  # absent from states saved by version 1
    )


def _play(data: Mapping[str, JSON]) -> Play:
    return Play(data["seat"], data["card"], data["crown"])


def _trick(data: Mapping[str, JSON]) -> Trick:
    return Trick(
        data["leader"],
        data["winner"],
        tuple(_play(play) for play in data["plays"]),
        tuple(data["pile"]),
        data["decree"],
    )


def _record(data: Mapping[str, JSON]) -> RoundRecord:
    return RoundRecord(
        data["round_no"],
        data["dealer"],
        tuple(data["tricks"]),
        tuple(data["trick_points"]),
        tuple(data["gained"]),
    )
