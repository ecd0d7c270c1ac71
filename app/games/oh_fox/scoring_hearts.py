"""Objectives, hearts for prey and predator, and the four tie-breaks."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from app.games.oh_fox.data import CARD_COUNTS, DIRECTIONS, FULL_HUNGER, HEALING, UNDIRECTED
from app.games.oh_fox.scoring_reckoning import Reckoning
from app.games.oh_fox.state import Play, first_trigger_turn, is_predator_animal

# ----------------------------------------------------------------------------- objectives


def _fickler(row: Sequence[Play], stops: Sequence[bool]) -> bool:
    return all(a.card != b.card for a, b in itertools.pairwise(row))


def _navigator(row: Sequence[Play], stops: Sequence[bool]) -> bool:
    pointed = {p.direction for p in row if p.card not in UNDIRECTED}
    return all(direction in pointed for direction in DIRECTIONS)


def _slowpoke(row: Sequence[Play], stops: Sequence[bool]) -> bool:
    return all(p.card != "double" for p in row)


def _straggler(row: Sequence[Play], stops: Sequence[bool]) -> bool:
    return sum(p.card == "stop" for p in row) == CARD_COUNTS["stop"]


def _stroller(row: Sequence[Play], stops: Sequence[bool]) -> bool:
    return sum(p.card == "single" for p in row) == CARD_COUNTS["single"]


def _swimmer(row: Sequence[Play], stops: Sequence[bool]) -> bool:
    return any(stops)


_CHECKS = {
    "fickler": _fickler,
    "navigator": _navigator,
    "slowpoke": _slowpoke,
    "straggler": _straggler,
    "stroller": _stroller,
    "swimmer": _swimmer,
}


def stops_on_healing(seat: int, row: Sequence[Play], reckoning: Reckoning) -> list[bool]:
    """For each turn, whether `seat` played a stop card while on the healing space."""
    return [
        play.card == "stop" and record.ends[seat] == HEALING
        for play, record in zip(row, reckoning.turns, strict=False)
    ]


def completed_objectives(
    objectives: Sequence[str], seat: int, row: Sequence[Play], reckoning: Reckoning
) -> tuple[str, ...]:
    stops = stops_on_healing(seat, row, reckoning)
    return tuple(o for o in objectives if _CHECKS[o](row, stops))


# ----------------------------------------------------------------------------- hearts


@dataclass(frozen=True, slots=True)
class SeatScore:
    seat: int
    animal: str
    role: str
    food: int
    full_hunger: int
    home: int
    guessed_all: int
    attacks: int
    dominance: int
    objectives: tuple[str, ...]
    attacked: int
    healed: int
    broken_hearts: int
    first_trigger_turn: int

    @property
    def hearts(self) -> int:
        return (
            self.food
            + self.full_hunger
            + self.home
            + self.guessed_all
            + self.attacks
            + self.dominance
            + len(self.objectives)
        )

    @property
    def total(self) -> int:
        # Each broken heart makes you discard a heart token; you cannot discard more than
        # you have, so a score never goes below 0.
        return max(0, self.hearts - self.broken_hearts)


def seat_scores(
    identities: Sequence[str],
    rows: Sequence[Sequence[Play]],
    guesses: Sequence[str | None],
    objectives: Sequence[str],
    reckoning: Reckoning,
) -> tuple[SeatScore, ...]:
    prey = [s for s, a in enumerate(identities) if not is_predator_animal(a)]
    guessed_all = all(guesses[s] == identities[s] for s in prey)
    dominance = all(reckoning.attacked[s] > 0 for s in prey)
    scores = []
    for seat, animal in enumerate(identities):
        predator = is_predator_animal(animal)
        food = reckoning.food[seat]
        scores.append(
            SeatScore(
                seat=seat,
                animal=animal,
                role="predator" if predator else "prey",
                food=food,
                full_hunger=int(food >= FULL_HUNGER),
                home=int(reckoning.home[seat]),
                guessed_all=int(predator and guessed_all),
                attacks=reckoning.attacks_made if predator else 0,
                dominance=int(predator and dominance),
                objectives=completed_objectives(objectives, seat, rows[seat], reckoning),
                attacked=reckoning.attacked[seat],
                healed=reckoning.heals[seat],
                broken_hearts=reckoning.broken[seat],
                first_trigger_turn=first_trigger_turn(tuple(rows[seat])),
            )
        )
    return tuple(scores)


# ----------------------------------------------------------------------------- the winner


def winners(scores: Sequence[SeatScore]) -> tuple[tuple[int, ...], str]:
    """The winning seats and the reason: most hearts, then the four tie-breaks in order."""
    best = max(s.total for s in scores)
    tied = [s for s in scores if s.total == best]
    if len(tied) == 1:
        return (tied[0].seat,), "most_hearts"
    # 1. The tied player who was last to play a first trigger card (never counts as last).
    latest = max(s.first_trigger_turn for s in tied)
    tied = [s for s in tied if s.first_trigger_turn == latest]
    if len(tied) == 1:
        return (tied[0].seat,), "tie_break_last_trigger"
    # 2. A tie that still includes the predator goes to the predator.
    for score in tied:
        if score.role == "predator":
            return (score.seat,), "tie_break_predator"
    # 3. Among prey only: the one attacked the fewest times.
    fewest = min(s.attacked for s in tied)
    tied = [s for s in tied if s.attacked == fewest]
    if len(tied) == 1:
        return (tied[0].seat,), "tie_break_fewest_attacks"
    # 4. "You should play again": the tied players share the win.
    return tuple(s.seat for s in tied), "shared_tie"
