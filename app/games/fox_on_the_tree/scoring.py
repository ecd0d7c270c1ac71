"""Scores and the end of the match: favourites minus the disliked animal, both phases."""

from __future__ import annotations

from typing import Any

from app.games.fox_on_the_tree.data import ANIMALS
from app.games.fox_on_the_tree.state import State, card_of, is_over, points
from app.games.protocol import Outcome

HIGHEST_SCORE = "highest_score"
TOKENS_TIE_BREAK = "tie_break_tokens"
SHARED_VICTORY = "shared_victory"


def score_of(state: State, seat: int) -> int:
    """Track numbers of both favourites over both phases, minus the disliked animal's."""
    card = card_of(state, seat)
    return (
        sum(points(state, card.farm))
        + sum(points(state, card.predator))
        - sum(points(state, card.disliked))
    )


def final_scores(state: State) -> tuple[int, ...]:
    return tuple(score_of(state, seat) for seat in range(state.players))


def tokens_left(state: State) -> tuple[int, ...]:
    """Action tokens still in front of each player: the first tie-break."""
    return tuple(len(held) for held in state.held)


def winners(state: State) -> tuple[tuple[int, ...], str]:
    """Most points; then more tokens left; a tie that remains is a shared victory."""
    scores, tokens = final_scores(state), tokens_left(state)
    best = [seat for seat in range(state.players) if scores[seat] == max(scores)]
    if len(best) == 1:
        return tuple(best), HIGHEST_SCORE
    most = max(tokens[seat] for seat in best)
    kept = [seat for seat in best if tokens[seat] == most]
    return tuple(kept), TOKENS_TIE_BREAK if len(kept) == 1 else SHARED_VICTORY


def outcome(state: State) -> Outcome | None:
    if not is_over(state):
        return None
    seats, reason = winners(state)
    scores = final_scores(state)
    return Outcome(seats, tuple(float(s) for s in scores), reason, score_table(state))


def score_table(state: State) -> dict[str, Any]:
    """The public breakdown shown at the end: cards, animal points per phase, totals."""
    animal_points = {animal: list(points(state, animal)) for animal in ANIMALS}
    seats = []
    for seat, (score, left) in enumerate(zip(final_scores(state), tokens_left(state), strict=True)):
        card = card_of(state, seat)
        seats.append(
            {
                "seat": seat,
                "card": card.id,
                "favourites": [card.farm, card.predator],
                "disliked": card.disliked,
                "plus": sum(animal_points[card.farm]) + sum(animal_points[card.predator]),
                "minus": sum(animal_points[card.disliked]),
                "score": score,
                "tokens_left": left,
            }
        )
    return {"points": animal_points, "seats": seats}
