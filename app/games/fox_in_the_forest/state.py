"""The match state: frozen dataclasses of ints, strs, bools and tuples (see app.games.codec)."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.games.codec import stored_as

DEAL = "deal"  # the round is scored: the next dealer deals
OVER = "over"  # the match is over: everything is revealed


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
    """The decision the game waits for: its phase, whose it is, and what it carries.

    phase: "play" (lead or follow), "fox" (exchange the decree?), "discard" (Woodcutter or Axe),
    "potion" (the Potion's second card), "fairy_take", "fairy_give", "hammer" (name a suit),
    "shovel" (dig or not), or "over".
    """

    phase: str = field(metadata=stored_as("kind"))
    """Stored as "kind", its name in matches saved before the engines shared one vocabulary."""
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

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def phase(self) -> str:
        """The kind of decision the match waits for (`Step.phase`): "play", "fox", ..., "over"."""
        return self.step.phase


def is_over(state: State) -> bool:
    """The one test that the match is over."""
    return state.phase == OVER
