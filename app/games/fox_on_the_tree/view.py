"""What one viewer may know, built field by field (a whitelist, never the state minus secrets).

Everything on the table is public: tiles, animals, tokens on tiles and in front of players,
the scoring track. Only the cards are secret: a seat sees its own; everyone sees all at the end.
"""

from __future__ import annotations

from app.games.fox_on_the_tree import rules_actions as a
from app.games.fox_on_the_tree.data import (
    ANIMAL_NAMES,
    ANIMALS,
    CARDS,
    COURSES,
    HALVES,
    LAIR_TILE,
    OFF_BOARD,
    TEAMS,
    TILE_COUNT,
    TILE_NAMES,
    Card,
    team_of,
)
from app.games.fox_on_the_tree.rules import legal_commands
from app.games.fox_on_the_tree.rules_moves import is_stuck
from app.games.fox_on_the_tree.scoring import final_scores, score_of, tokens_left, winners
from app.games.fox_on_the_tree.state import (
    ESCAPE_QUESTION,
    State,
    card_of,
    fate,
    is_over,
    points,
    position,
)
from app.games.fox_on_the_tree.view_types import (
    AnimalView,
    CardView,
    EscapeQuestion,
    LastMoveView,
    MovedView,
    SeatView,
    TeamCourse,
    TileView,
    TrackSlot,
    TreeView,
)


def view(state: State, viewer: int | None) -> TreeView:
    over = is_over(state)
    return {
        "game": "fox-on-the-tree",
        "viewer": viewer,
        "players": state.players,
        "phase": state.half,
        "stage": state.phase,
        "turn": state.turn,
        "active": state.active,
        "to_act": _to_act(state),
        "teams": _teams(state),
        "tiles": _tiles(state),
        "animals": [_animal(state, animal) for animal in ANIMALS],
        "track": [_ring(state, half) for half in HALVES],
        "seats": [_seat(state, seat) for seat in range(state.players)],
        "cards_undealt": len(CARDS) - state.players,
        "escape_question": _question(state),
        "last_move": _last_move(state),
        "your_card": _card(card_of(state, viewer)) if viewer is not None else None,
        "your_points": score_of(state, viewer) if viewer is not None else None,
        "cards": [_card(card_of(state, s)) for s in range(state.players)] if over else None,
        "scores": list(final_scores(state)) if over else None,
        "winners": list(winners(state)[0]) if over else None,
        "prompt": prompt(state, viewer),
    }


def _to_act(state: State) -> list[int]:
    if is_over(state):
        return []
    if state.phase == ESCAPE_QUESTION and state.pending is not None:
        return [state.pending.asking[0]]
    return [state.active]


def _teams(state: State) -> dict[str, TeamCourse]:
    """Where each team starts, where it heads and which way it walks in this half."""
    result: dict[str, TeamCourse] = {}
    for team in TEAMS:
        path = COURSES[(state.half, team)]
        result[team] = {"start": path.start, "final": path.final, "direction": path.step}
    return result


def _tiles(state: State) -> list[TileView]:
    standing: dict[int, list[str]] = {}  # one pass over the animals, not one per tile
    for animal, at in zip(ANIMALS, state.positions, strict=True):
        standing.setdefault(at, []).append(animal)
    return [
        {
            "index": tile,
            "name": TILE_NAMES[tile],
            "kind": "farm" if tile == 0 else "lair" if tile == LAIR_TILE else "path",
            "token": state.tile_tokens[tile] or None,
            "animals": standing.get(tile, []),
        }
        for tile in range(TILE_COUNT)
    ]


def _animal(state: State, animal: str) -> AnimalView:
    at = position(state, animal)
    fates = [fate(state, half, animal) for half in HALVES]
    return {
        "animal": animal,
        "name": ANIMAL_NAMES[animal],
        "team": team_of(animal),
        "status": fates[state.half - 1] or "on_board",
        "tile": at if at != OFF_BOARD else None,
        "stuck": at != OFF_BOARD and is_stuck(state, animal),
        "points": [n or None for n in points(state, animal)],
        "fates": [half_fate or None for half_fate in fates],
    }


def _ring(state: State, half: int) -> list[TrackSlot]:
    """Numbers 1-8 of one half's ring, with the animal by each and how it got there."""
    ring = state.track[half - 1]
    return [
        {"number": i + 1, "animal": slot or None, "fate": fate(state, half, slot) or None}
        for i, slot in enumerate(ring)
    ]


def _seat(state: State, seat: int) -> SeatView:
    return {
        "seat": seat,
        "tokens": list(state.held[seat]),
        "tokens_left": tokens_left(state)[seat],
    }


def _question(state: State) -> EscapeQuestion | None:
    if state.phase != ESCAPE_QUESTION or state.pending is None:
        return None
    pending = state.pending
    return {
        "animal": pending.animal,
        "tile": position(state, pending.animal),
        "asking": pending.asking[0],
        "then": list(pending.asking[1:]),
    }


def _last_move(state: State) -> LastMoveView | None:
    """The last turn's changes on the path, public: every player watched them happen."""
    last = state.last_move
    if last is None:
        return None
    moved: list[MovedView] = [{"animal": m.animal, "from": m.origin} for m in last.moved]
    return {"seat": last.seat, "moved": moved, "laid": last.laid}


def _card(card: Card) -> CardView:
    return {
        "id": card.id,
        "farm": card.farm,
        "predator": card.predator,
        "disliked": card.disliked,
    }


# --------------------------------------------------------------------------- the prompt


def prompt(state: State, viewer: int | None) -> str:
    """One sentence: what the viewer should do now, or whom everyone waits for."""
    if is_over(state):
        return _result_sentence(state)
    if state.phase == ESCAPE_QUESTION and state.pending is not None:
        name, asked = ANIMAL_NAMES[state.pending.animal], state.pending.asking[0]
        if viewer == asked:
            return f"Use your Escape token to save the {name}? If nobody does, it is eliminated."
        return f"Waiting for {{seat{asked}}}: will they save the {name} with an Escape token?"
    if viewer != state.active:
        return f"Waiting for {{seat{state.active}}} to play."
    return _turn_sentence(state, viewer)


def _turn_sentence(state: State, seat: int) -> str:
    kinds = {command.type for command in legal_commands(state, seat)}
    if a.PASS in kinds:
        main = "you can neither rescue nor move, so pass"
    elif a.MOVE not in kinds:
        main = "every animal is stuck, so rescue one from a Swamp"
    elif a.RESCUE not in kinds:
        main = "move an animal"
    else:
        main = "move an animal or rescue one from a Swamp"
    if kinds & {a.PLAY_BANANA, a.PLAY_SWAMP, a.PLAY_ESCAPE}:
        return f"Your turn: you may play an action token first, then {main}."
    return f"Your turn: {main}."


def _result_sentence(state: State) -> str:
    seats, _ = winners(state)
    best = final_scores(state)[seats[0]]
    names = " and ".join(f"{{seat{seat}}}" for seat in seats)
    if len(seats) == 1:
        return f"The match is over: {names} wins with {best} points."
    return f"The match is over: {names} share the victory with {best} points."
