"""From a match's outcome to new ratings: places, then openskill's Plackett-Luce update.

Pure functions, no database. Plackett-Luce is openskill's model for free-for-all matches of
any size with ties: every seat is ranked against every other at once, so a three-player Fox
on the Tree match is one update, not three duels. Seats that win together (a shared victory,
the winning faction of Fox on the Run) share first place; the others follow by score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The displayed rating: openskill's cautious estimate, mu - 3 sigma (0 at the start)."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


def new_skill() -> Skill:
    start = MODEL.rating()
    return Skill(start.mu, start.sigma)


def places(outcome: Mapping[str, Any]) -> list[int]:
    """1 for every winner; then the other seats by score, equal scores sharing a place; seats
    whose player resigned (`detail.resigned`) last of all, whatever they scored."""
    winners = set(outcome["winners"])
    resigned = set((outcome.get("detail") or {}).get("resigned", []))
    scores = [float(score) for score in outcome["scores"]]
    keys = [
        (2 if seat in resigned else int(seat not in winners), -score)
        for seat, score in enumerate(scores)
    ]
    distinct = sorted(set(keys))
    return [distinct.index(key) + 1 for key in keys]


def rated(before: Sequence[Skill], finish: Sequence[int]) -> list[Skill]:
    """Every seat's skill after a match in which seat i finished at place `finish[i]`."""
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in before]
    after = MODEL.rate(teams, ranks=[float(place) for place in finish])
    return [Skill(float(team[0].mu), float(team[0].sigma)) for team in after]
