"""Ranks and percentiles of a deal's results, as duplicate bridge counts a board: the share of
the other finished players beaten, a tie counting half; a resignation below every result."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from app.daily.results import GAVE_UP, PLAYING, Result, ranked


def _result(name: str, standing: tuple[float, ...] | None) -> Result:
    status = PLAYING if standing is None else "finished"
    return Result(player_id=name, name=name, match_id=name, status=status, standing=standing)


def test_ties_share_a_rank_and_split_the_difference() -> None:
    board = ranked(
        [
            _result("low", (0.0, 0.0, -5.0)),
            _result("still playing", None),
            _result("top", (1.0, 1.0, 7.0)),
            _result("mid a", (1.0, 1.0, 2.0)),
            _result("mid b", (1.0, 1.0, 2.0)),
            _result("resigned", GAVE_UP),
        ]
    )
    by = {r.name: (r.rank, r.percentile) for r in board}
    assert board[0].name == "top" and board[-1].name == "still playing"
    assert by["top"] == (1, 100.0)
    assert by["mid a"] == by["mid b"] == (2, 62.5)  # beat 2 of 4 others, tied 1: (2 + 0.5) / 4
    assert by["low"] == (4, 25.0)
    assert by["resigned"] == (5, 0.0)
    assert by["still playing"] == (None, None)


def test_alone_there_is_no_percentile_yet() -> None:
    (only,) = ranked([_result("first", (1.0, 1.0, 3.0))])
    assert (only.rank, only.percentile) == (1, None)


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(-20, 20)), min_size=2, max_size=40))
def test_percentiles_average_fifty_and_follow_the_order(scores: list[tuple[int, int]]) -> None:
    board = ranked([_result(str(i), (float(w), float(m))) for i, (w, m) in enumerate(scores)])
    shares = [r.percentile if r.percentile is not None else -1.0 for r in board]
    assert min(shares) >= 0  # everyone finished, and nobody alone: everyone has one
    # Every pair of players shares out one win: the percentiles average 50 (rounding aside).
    assert abs(sum(shares) / len(shares) - 50) <= 0.05
    assert shares == sorted(shares, reverse=True)  # best first, the percentile never rises
