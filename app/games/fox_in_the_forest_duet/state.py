"""The immutable match state and its exact JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.games.fox_in_the_forest_duet.data import CENTRE, FOREST_TOKENS, LEVELS, TOTAL_GEMS
from app.games.frozen import field_names
from app.games.protocol import LogEntry

Hands = tuple[tuple[str, ...], tuple[str, ...]]

# Phases, one per kind of decision (the rulebook's odd cards each get their own step).
FOREST_SETUP = "forest_setup"  # level 3: the team places its first forest token
PLAY = "play"
CHOOSE_EXCHANGER = "choose_exchanger"  # #3: who may exchange the decree
EXCHANGE_DECREE = "exchange_decree"  # #3: that player keeps or exchanges
PASS_CARDS = "pass_cards"  # #7: both pick a card at the same time
COUNT_PAWS = "count_paws"  # #5: the winner picks which paws count
CHOOSE_DIRECTION = "choose_direction"  # #1: the winner picks the way
ROUND_END = "round_end"  # the team places a forest token, then the next deal
OVER = "over"

WON = "all_gems_collected"
LOST_NO_TOKEN = "no_forest_token_left"
LOST_TIME = "rounds_over"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class TrickResult:
    """The last completed trick, kept for the table and for animations."""

    plays: tuple[Play, ...]
    winner: int
    paws: int
    toward: int  # the seat whose end the tracker moved toward
    start: int
    stop: int  # where the tracker ended (the centre after a reset)
    reset: bool
    gem: bool


# Not slotted: `evolve` copies the state (several times per action) through its __dict__.
@dataclass(frozen=True)
class State:
    seed: int
    level: int
    round: int
    trick_no: int
    dealer: int
    leader: int  # leads the current trick; in forest phases, the player who chooses
    phase: str
    hands: Hands
    deck: tuple[str, ...]
    decree: str
    trick: tuple[Play, ...] = ()
    tricks_won: tuple[int, int] = (0, 0)
    exchanger: int | None = None
    picks: tuple[str | None, str | None] = (None, None)
    paws: int | None = None
    gems: tuple[int, ...] = ()
    covered: tuple[int, int] = (0, 0)  # spaces covered by forest tokens at each seat's end
    tracker: int = CENTRE
    forest_left: int = FOREST_TOKENS
    supply: int = 0
    collected: int = 0
    # Cards in a hand that others know about, kept so that views, secrets and determinize
    # agree on who knows what. Knowledge follows sight (RULINGS.md): everyone saw the decree
    # taken into a hand (public) until a #7 swap moves cards out of sight; after that the
    # partner still knows where it is (it saw what it got), onlookers only that it is in one of
    # the two hands. The partner also knows the card it passed with a #7.
    public_in_hand: Hands = ((), ())
    partner_knows: Hands = ((), ())
    in_either_hand: tuple[str, ...] = ()
    # Suits a player showed out of (did not follow without a #9 excuse); public inference.
    voids: Hands = ((), ())
    last_trick: TrickResult | None = None
    result: str = ""
    won_round: int = 0
    # House rule: earlier tricks stay readable in the log (no memory rule).
    open_tricks: bool = False

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def gems_on_board(self) -> int:
        return sum(self.gems)


Step = tuple[State, list[LogEntry]]
"""What each rule returns: the new state and the log entries it produced."""


def initial_supply(level: int) -> int:
    return TOTAL_GEMS - sum(LEVELS[level].side.gems)


# --------------------------------------------------------------------------- JSON


def encode(state: State) -> dict[str, Any]:
    return {name: _to_json(getattr(state, name)) for name in field_names(State)}


def _to_json(value: Any) -> Any:
    if isinstance(value, Play):
        return [value.seat, value.card]
    if isinstance(value, TrickResult):
        return {name: _to_json(getattr(value, name)) for name in field_names(TrickResult)}
    if isinstance(value, tuple):
        return [_to_json(item) for item in value]
    return value


def decode(data: Mapping[str, Any]) -> State:
    last = data["last_trick"]
    return State(
        seed=data["seed"],
        level=data["level"],
        round=data["round"],
        trick_no=data["trick_no"],
        dealer=data["dealer"],
        leader=data["leader"],
        phase=data["phase"],
        hands=_hands(data["hands"]),
        deck=tuple(data["deck"]),
        decree=data["decree"],
        trick=_plays(data["trick"]),
        tricks_won=(data["tricks_won"][0], data["tricks_won"][1]),
        exchanger=data["exchanger"],
        picks=(data["picks"][0], data["picks"][1]),
        paws=data["paws"],
        gems=tuple(data["gems"]),
        covered=(data["covered"][0], data["covered"][1]),
        tracker=data["tracker"],
        forest_left=data["forest_left"],
        supply=data["supply"],
        collected=data["collected"],
        public_in_hand=_hands(data["public_in_hand"]),
        partner_knows=_hands(data["partner_knows"]),
        voids=_hands(data["voids"]),
        last_trick=None if last is None else _trick_result(last),
        result=data["result"],
        won_round=data["won_round"],
        # Absent from states encoded by engine version 1: no card lost from sight, no house rule.
        in_either_hand=tuple(data.get("in_either_hand", ())),
        open_tricks=bool(data.get("open_tricks", False)),
    )


def _hands(value: Any) -> Hands:
    return tuple(value[0]), tuple(value[1])


def _plays(value: Any) -> tuple[Play, ...]:
    return tuple(Play(seat, card) for seat, card in value)


def _trick_result(value: Mapping[str, Any]) -> TrickResult:
    return TrickResult(
        plays=_plays(value["plays"]),
        winner=value["winner"],
        paws=value["paws"],
        toward=value["toward"],
        start=value["start"],
        stop=value["stop"],
        reset=value["reset"],
        gem=value["gem"],
    )
