"""The rating players are shown: openskill's ordinal on a scale they know from chess.

openskill's ordinal (mu - 3 sigma) starts at 0 and goes below 0 after a first loss, which
reads like a penalty for playing. Players know an Elo-like number: everyone starts at 1500
and a strong player is some hundreds above. One ordinal point is 10 display points, so the
first match of a newcomer moves them by some 20 points and a settled player by a few; the
floor at 0 keeps a shown rating from ever being negative (an ordinal below -150 would take a
long run of losses against far stronger players). docs/ratings.md tells players the same.
"""

from __future__ import annotations

START = 1500
POINTS_PER_ORDINAL = 10


def display_rating(ordinal: float) -> int:
    """The number shown for an openskill ordinal: 1500 at the start, never below 0."""
    return max(0, round(START + POINTS_PER_ORDINAL * ordinal))


def display_change(ordinal_before: float, ordinal_after: float) -> int:
    """The change shown: the difference of the two shown numbers, so "+12 -> 1512" adds up."""
    return display_rating(ordinal_after) - display_rating(ordinal_before)
