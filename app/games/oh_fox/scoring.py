"""The end of the match: identities revealed, the reckoning replayed, hearts counted."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from app.games.frozen import evolve
from app.games.oh_fox.data import ANIMAL_NAMES
from app.games.oh_fox.data_board import food_at, space_id, space_name
from app.games.oh_fox.scoring_hearts import SeatScore, seat_scores, winners
from app.games.oh_fox.scoring_reckoning import Reckoning, TurnRecord, reckon
from app.games.oh_fox.state import OVER, OhFoxState, Play, predator_seat
from app.games.oh_fox.view_types import SeatScoreView, TurnRecordView
from app.games.protocol import LogEntry, Outcome, Transition


@functools.lru_cache(maxsize=256)
def _cached_reckoning(identities: tuple[str, ...], rows: tuple[tuple[Play, ...], ...]) -> Reckoning:
    # Views and outcomes of a finished match ask for the same reckoning many times.
    return reckon(identities, rows)


def reckoning_of(state: OhFoxState) -> Reckoning:
    return _cached_reckoning(state.identities, state.rows)


def scores_of(state: OhFoxState) -> tuple[SeatScore, ...]:
    return seat_scores(
        state.identities, state.rows, state.guesses, state.objectives, reckoning_of(state)
    )


def outcome(state: OhFoxState) -> Outcome | None:
    if state.phase != OVER:
        return None
    scores = scores_of(state)
    seats, reason = winners(scores)
    return Outcome(
        winners=seats,
        scores=tuple(float(s.total) for s in scores),
        reason=reason,
        detail={
            "scores": [score_json(s) for s in scores],
            "guesses": list(state.guesses),
            "predator": predator_seat(state),
        },
    )


# ----------------------------------------------------------------------------- JSON records


def score_json(score: SeatScore) -> SeatScoreView:
    return {
        "seat": score.seat,
        "animal": score.animal,
        "role": score.role,
        "food": score.food,
        "full_hunger": score.full_hunger,
        "home": score.home,
        "guessed_all": score.guessed_all,
        "attacks": score.attacks,
        "dominance": score.dominance,
        "objectives": list(score.objectives),
        "hearts": score.hearts,
        "attacked": score.attacked,
        "healed": score.healed,
        "broken_hearts": score.broken_hearts,
        "total": score.total,
        "first_trigger_turn": score.first_trigger_turn,
    }


def turn_json(record: TurnRecord, predator: int) -> TurnRecordView:
    """One executed turn, step by step, for a client to replay as an animation."""
    return {
        "turn": record.turn,
        "steps": [
            {
                "moves": [
                    {
                        "seat": m.seat,
                        "from": space_id(m.start),
                        "to": space_id(m.end),
                        "mode": m.mode,
                    }
                    for m in moves
                ],
                "attacks": [
                    {
                        "predator": predator,
                        "prey": a.prey,
                        "from": space_id(a.start),
                        "to": space_id(a.end),
                        "halfway": a.halfway,
                    }
                    for a in attacks
                ],
            }
            for moves, attacks in zip(record.steps, record.attacks, strict=True)
        ],
        "eats": [{"seat": s, "space": space_id(sp), "food": food_at(sp)} for s, sp in record.eats],
        "heals": list(record.heals),
        "immune": list(record.immune),
        "ends": [space_id(s) for s in record.ends],
    }


def reckoning_json(state: OhFoxState) -> list[TurnRecordView]:
    predator = predator_seat(state)
    return [turn_json(record, predator) for record in reckoning_of(state).turns]


# ----------------------------------------------------------------------------- log text


def _turn_sentences(record: TurnRecord, predator: int) -> list[str]:
    events: list[str] = []
    for attacks in record.attacks:
        for a in attacks:
            where = (
                f"halfway between {space_name(a.start)} and {space_name(a.end)}"
                if a.halfway
                else f"at {space_name(a.end)}"
            )
            events.append(f"{{seat{predator}}} attacks {{seat{a.prey}}} {where}")
    events += [f"{{seat{s}}} eats the {food_at(sp)} at {space_name(sp)}" for s, sp in record.eats]
    events += [f"{{seat{s}}} heals a broken heart" for s in record.heals]
    return events


def _score_sentence(score: SeatScore) -> str:
    return (
        f"{{seat{score.seat}}} ({ANIMAL_NAMES[score.animal]}): {_count(score.hearts, 'heart')} "
        f"minus {_count(score.broken_hearts, 'broken heart')} = {score.total}"
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _winner_sentence(seats: Sequence[int], reason: str) -> str:
    names = " and ".join(f"{{seat{s}}}" for s in seats)
    if reason == "shared_tie":
        return f"{names} are still tied after every tie-break and share the win."
    because = {
        "most_hearts": "with the most hearts",
        "tie_break_last_trigger": "on the tie-break: last to play a first trigger card",
        "tie_break_predator": "on the tie-break: the predator wins a tie",
        "tie_break_fewest_attacks": "on the tie-break: attacked the fewest times",
    }[reason]
    return f"{names} wins {because}."


def finish(state: OhFoxState) -> Transition[OhFoxState]:
    """All guesses are in: reveal identities, execute the eight turns, count the hearts."""
    state = evolve(state, phase=OVER)
    predator = predator_seat(state)
    log = [
        LogEntry(
            f"{{seat{s}}} is the {animal}.",
            data={"event": "identity", "seat": s, "animal": animal},
        )
        for s, animal in enumerate(state.identities)
    ]
    for record in reckoning_of(state).turns:
        events = _turn_sentences(record, predator)
        text = f"Turn {record.turn}: " + ("; ".join(events) if events else "nothing happens") + "."
        log.append(LogEntry(text, data={"event": "executed", **turn_json(record, predator)}))
    scores = scores_of(state)
    seats, reason = winners(scores)
    log.append(
        LogEntry(
            "Scores: " + "; ".join(_score_sentence(s) for s in scores) + ".",
            data={"event": "scores", "scores": [score_json(s) for s in scores]},
        )
    )
    log.append(
        LogEntry(
            _winner_sentence(seats, reason),
            data={"event": "winner", "winners": list(seats), "reason": reason},
        )
    )
    return Transition(state, tuple(log))
