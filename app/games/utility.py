"""What a finished match is worth to each seat, in [0, 1], for the search bots.

One formula serves every kind of game: half for being among the winners, half for the rank
(winners above everyone else, then scores; a tie counts half). Two players: a win is 1, a
loss 0, a shared win 0.75 each. A table of four: the winner 1, the runner-up about 0.33.
Cooperative games (Duet): the whole team wins (0.75 each) or loses (0.25 each), the same
number for both partners, so they search for the team.
"""

from __future__ import annotations

from app.games.protocol import Outcome, Seat

Utility = tuple[float, ...]


def outcome_utility(outcome: Outcome) -> Utility:
    return tuple(seat_utility(outcome, seat) for seat in range(len(outcome.scores)))


def seat_utility(outcome: Outcome, seat: Seat) -> float:
    players = len(outcome.scores)
    won = 1.0 if seat in outcome.winners else 0.0
    if players < 2:
        return won
    return 0.5 * won + 0.5 * rank_share(outcome, seat)


def rank_share(outcome: Outcome, seat: Seat) -> float:
    """The share of the other seats this seat finished above (ties count half)."""

    def key(s: Seat) -> tuple[bool, float]:
        return (s in outcome.winners, outcome.scores[s])

    mine = key(seat)
    others = [key(s) for s in range(len(outcome.scores)) if s != seat]
    beaten = sum(1.0 if other < mine else 0.5 if other == mine else 0.0 for other in others)
    return beaten / len(others)
