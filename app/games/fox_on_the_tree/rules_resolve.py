"""After a move: conflicts, the Escape reaction, arrivals, the end of a turn and of a phase."""

from __future__ import annotations

from app.games.fox_on_the_tree.data import (
    ANIMAL_NAMES,
    ANIMALS,
    ESCAPE,
    TILE_NAMES,
    course,
)
from app.games.fox_on_the_tree.rules_moves import conflict_loser
from app.games.fox_on_the_tree.scoring import final_scores
from app.games.fox_on_the_tree.state import (
    ESCAPE_QUESTION,
    OVER,
    TURN,
    Pending,
    State,
    card_of,
    final_of,
    on_board,
    on_track,
    pending_of,
    position,
    start_of,
    with_position,
    without_held,
)
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry

Result = tuple[State, Log]


def after_move(state: State, tile: int, log: Log) -> Result:
    """Resolve the conflict where the moved animal stopped, asking for Escapes if needed."""
    loser = conflict_loser(state, tile)
    if loser is None:
        return finish_move(state, log)
    log += (
        _entry(
            f"The {ANIMAL_NAMES[loser]} loses the conflict on {TILE_NAMES[tile]}.",
            event="conflict",
            animal=loser,
            tile=tile,
        ),
    )
    askers = escape_askers(state, loser)
    if not askers:
        return finish_move(_eliminated(state, loser), (*log, _elimination_entry(state, loser)))
    asking = evolve(state, phase=ESCAPE_QUESTION, pending=Pending(loser, askers))
    return asking, (*log, _question_entry(askers[0], loser))


def escape_askers(state: State, animal: str) -> tuple[int, ...]:
    """Seats to ask, in turn order after the active player: those still holding Escape.

    The player whose turn it is cannot react, and an animal still on its starting tile
    cannot be saved at all.
    """
    if position(state, animal) == start_of(state, animal):
        return ()
    order = ((state.active + k) % state.players for k in range(1, state.players))
    return tuple(seat for seat in order if ESCAPE in state.held[seat])


def saved(state: State, seat: int) -> Result:
    animal = pending_of(state).animal
    home = start_of(state, animal)
    rescued = with_position(without_held(state, seat, ESCAPE), animal, home)
    text = f"{{seat{seat}}} uses an Escape token: the {ANIMAL_NAMES[animal]} runs back to "
    entry = _entry(text + f"{TILE_NAMES[home]}.", event="escape", seat=seat, animal=animal)
    return finish_move(evolve(rescued, pending=None), (entry,))


def declined(state: State, seat: int) -> Result:
    pending = pending_of(state)
    animal, rest = pending.animal, pending.asking[1:]
    entry = _entry(f"{{seat{seat}}} does not use an Escape token.", event="decline", seat=seat)
    if rest:
        asking = evolve(state, pending=Pending(animal, rest))
        return asking, (entry, _question_entry(rest[0], animal))
    gone = _eliminated(evolve(state, pending=None), animal)
    return finish_move(gone, (entry, _elimination_entry(state, animal)))


def _eliminated(state: State, animal: str) -> State:
    return on_track(state, animal, lowest=True)


def _elimination_entry(state: State, animal: str) -> LogEntry:
    number = next(i + 1 for i, slot in enumerate(state.track[state.half - 1]) if not slot)
    text = f"The {ANIMAL_NAMES[animal]} is eliminated and takes number {number} on the track."
    return _entry(text, event="eliminated", animal=animal, number=number, phase=state.half)


def _question_entry(seat: int, animal: str) -> LogEntry:
    text = f"{{seat{seat}}} may save the {ANIMAL_NAMES[animal]} with an Escape token."
    return _entry(text, event="escape_question", seat=seat, animal=animal)


def finish_move(state: State, log: Log) -> Result:
    """An animal that stands on its final tile after the conflict has arrived."""
    for animal in ANIMALS:
        if position(state, animal) == final_of(state, animal):
            number = max(i + 1 for i, slot in enumerate(state.track[state.half - 1]) if not slot)
            text = f"The {ANIMAL_NAMES[animal]} arrives and takes number {number} on the track."
            log += (_entry(text, event="arrived", animal=animal, number=number, phase=state.half),)
            state = on_track(state, animal, lowest=False)
    return end_turn(state, log)


def end_turn(state: State, log: Log) -> Result:
    """Pass the turn to the left, or end the phase once every animal is done."""
    state = evolve(state, pending=None)
    if on_board(state):
        following = (state.active + 1) % state.players
        return evolve(state, active=following, phase=TURN, turn=state.turn + 1), log
    if state.half == 1:
        return _second_phase(state, log)
    return _game_over(state, log)


def _second_phase(state: State, log: Log) -> Result:
    """Standees swap ends and directions reverse; held tokens stay, used ones are gone,
    tokens lying on Path tiles stay, and the player who took the last turn starts."""
    second = evolve(
        state,
        half=2,
        positions=tuple(course(2, animal).start for animal in ANIMALS),
        phase=TURN,
        turn=state.turn + 1,
    )
    text = f"Phase 2 begins: the animals run the other way. {{seat{state.active}}} starts."
    log += (_entry(text, event="phase", phase=2, active=state.active),)
    return second, log + tuple(_card_reminder(second, seat) for seat in range(state.players))


def _card_reminder(state: State, seat: int) -> LogEntry:
    card = card_of(state, seat)
    farm, predator, disliked = (ANIMAL_NAMES[a] for a in (card.farm, card.predator, card.disliked))
    liked = f"the {farm} and the {predator}"
    data = {
        "event": "your_card",
        "card": card.id,
        "farm": card.farm,
        "predator": card.predator,
        "disliked": card.disliked,
    }
    return LogEntry(
        f"Your card: you favour {liked} and dislike the {disliked}.",
        audience=seat,
        data=data,
        others=f"{{seat{seat}}}'s card favours {liked} and dislikes the {disliked}.",
    )


def _game_over(state: State, log: Log) -> Result:
    over = evolve(state, phase=OVER)
    for seat, score in enumerate(final_scores(over)):
        card = card_of(over, seat)
        text = (
            f"{{seat{seat}}} favoured the {ANIMAL_NAMES[card.farm]} and the "
            f"{ANIMAL_NAMES[card.predator]}, disliked the {ANIMAL_NAMES[card.disliked]}, "
            f"and scores {score}."
        )
        log += (_entry(text, event="reveal", seat=seat, card=card.id, score=score),)
    return over, log


def _entry(text: str, **data: object) -> LogEntry:
    return LogEntry(text, data=dict(data))
