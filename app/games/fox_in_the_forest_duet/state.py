"""The immutable match state (stored by app.games.codec)."""

from __future__ import annotations

from dataclasses import dataclass

from app.games.codec import json_array
from app.games.fox_in_the_forest_duet.data import CENTRE, FOREST_TOKENS, LEVELS, TOTAL_GEMS
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


@json_array
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
    def players(self) -> int:
        return len(self.hands)

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
