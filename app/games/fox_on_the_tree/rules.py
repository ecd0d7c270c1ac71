"""Who acts, the legal actions, the "over" test and what each action does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.fox_on_the_tree import rules_actions as a
from app.games.fox_on_the_tree import rules_resolve
from app.games.fox_on_the_tree.data import (
    ANIMAL_NAMES,
    ANIMALS,
    BANANA,
    ESCAPE,
    PATH_TILES,
    SWAMP,
    TILE_NAMES,
    TOKEN_NAMES,
)
from app.games.fox_on_the_tree.rules_actions import Command
from app.games.fox_on_the_tree.rules_last_move import recorded
from app.games.fox_on_the_tree.rules_moves import destinations, rescuable, slide
from app.games.fox_on_the_tree.rules_refusals import explain
from app.games.fox_on_the_tree.state import (
    AFTER_TOKEN,
    ESCAPE_QUESTION,
    TURN,
    State,
    is_occupied,
    is_over,
    on_board,
    position,
    start_of,
    with_position,
    with_tile_token,
    without_held,
)
from app.games.frozen import evolve
from app.games.protocol import NOT_YOUR_TURN, Action, IllegalAction, Log, LogEntry, Transition

__all__ = ["apply", "is_over", "legal_actions", "to_act"]

Result = tuple[State, Log]


def to_act(state: State) -> tuple[int, ...]:
    if is_over(state):
        return ()
    if state.phase == ESCAPE_QUESTION and state.pending is not None:
        return state.pending.asking[:1]
    return (state.active,)


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    return [command.as_action() for command in legal_commands(state, seat)]


def legal_commands(state: State, seat: int) -> tuple[Command, ...]:
    if seat not in to_act(state):
        return ()
    if state.phase == ESCAPE_QUESTION and state.pending is not None:
        animal = state.pending.animal
        return (Command(a.SAVE, animal), Command(a.DECLINE, animal))
    tokens = _token_plays(state, seat) if state.phase == TURN else ()
    main = _rescues(state) + _moves(state)
    return tokens + (main or (Command(a.PASS),))


def _token_plays(state: State, seat: int) -> tuple[Command, ...]:
    held = state.held[seat]
    plays: list[Command] = []
    if BANANA in held:
        plays += [Command(a.PLAY_BANANA, tile=t) for t in PATH_TILES if _banana_fits(state, t)]
    if SWAMP in held:
        plays += [Command(a.PLAY_SWAMP, tile=t) for t in PATH_TILES if not state.tile_tokens[t]]
    if ESCAPE in held:
        on_path = [x for x in ANIMALS if position(state, x) in PATH_TILES]
        plays += [Command(a.PLAY_ESCAPE, animal) for animal in on_path]
    return tuple(plays)


def _banana_fits(state: State, tile: int) -> bool:
    return not state.tile_tokens[tile] and not is_occupied(state, tile)


def _rescues(state: State) -> tuple[Command, ...]:
    return tuple(Command(a.RESCUE, tile=tile) for tile in rescuable(state))


def _moves(state: State) -> tuple[Command, ...]:
    return tuple(
        Command(a.MOVE, animal, tile)
        for animal in on_board(state)
        for tile in destinations(state, animal)
    )


# --------------------------------------------------------------------------- apply


def is_legal(state: State, seat: int, command: Command) -> bool:
    """Whether `command` is in `legal_commands(state, seat)`, asking only the part of the list
    it could be in: checking a move needs one animal's destinations, not every animal's."""
    if seat not in to_act(state):
        return False
    if state.phase == ESCAPE_QUESTION and state.pending is not None:
        animal = state.pending.animal
        return command in (Command(a.SAVE, animal), Command(a.DECLINE, animal))
    if command.type in (a.PLAY_BANANA, a.PLAY_SWAMP, a.PLAY_ESCAPE):
        return state.phase == TURN and command in _token_plays(state, seat)
    if command.type == a.RESCUE:
        return command.tile in rescuable(state)
    if command.type == a.MOVE:
        on_the_board = command.animal in on_board(state)
        return on_the_board and command.tile in destinations(state, command.animal)
    return command == Command(a.PASS) and not (_rescues(state) or _moves(state))


def apply(state: State, seat: int, action: Action) -> Transition[State]:
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn.", NOT_YOUR_TURN)
    command = a.parse(action)
    if not is_legal(state, seat, command):
        raise IllegalAction(explain(state, seat, command))
    return perform(state, seat, command)


def perform(state: State, seat: int, command: Command) -> Transition[State]:
    """Carry out a command already known to be legal (apply checks; bots' lookahead trusts)."""
    new_state, log = HANDLERS[command.type](state, seat, command)
    return Transition(recorded(state, new_state), log)


def _play_banana(state: State, seat: int, command: Command) -> Result:
    return _placed(state, seat, BANANA, command.tile)


def _play_swamp(state: State, seat: int, command: Command) -> Result:
    return _placed(state, seat, SWAMP, command.tile)


def _placed(state: State, seat: int, token: str, tile: int) -> Result:
    placed = with_tile_token(without_held(state, seat, token), tile, token)
    text = f"{{seat{seat}}} places a {TOKEN_NAMES[token]} on {TILE_NAMES[tile]}."
    data = {"event": "token_placed", "seat": seat, "token": token, "tile": tile}
    return evolve(placed, phase=AFTER_TOKEN), (LogEntry(text, data=data),)


def _play_escape(state: State, seat: int, command: Command) -> Result:
    animal = command.animal
    home = start_of(state, animal)
    text = (
        f"{{seat{seat}}} uses an Escape token: the {ANIMAL_NAMES[animal]} goes back from "
        f"{TILE_NAMES[position(state, animal)]} to {TILE_NAMES[home]}."
    )
    data = {"event": "escape", "seat": seat, "animal": animal, "from": position(state, animal)}
    sent_home = with_position(without_held(state, seat, ESCAPE), animal, home)
    # The starting tile never holds the other team (it is their final tile), so no conflict.
    return evolve(sent_home, phase=AFTER_TOKEN), (LogEntry(text, data=data),)


def _rescue(state: State, seat: int, command: Command) -> Result:
    freed = with_tile_token(state, command.tile, "")
    text = f"{{seat{seat}}} removes the Swamp from {TILE_NAMES[command.tile]}."
    data = {"event": "rescue", "seat": seat, "tile": command.tile}
    return rules_resolve.end_turn(freed, (LogEntry(text, data=data),))


def _pass(state: State, seat: int, command: Command) -> Result:
    text = f"{{seat{seat}}} can neither rescue nor move and passes."
    return rules_resolve.end_turn(state, (LogEntry(text, data={"event": "pass", "seat": seat}),))


def _move(state: State, seat: int, command: Command) -> Result:
    animal, landing = command.animal, command.tile
    origin = position(state, animal)
    tile, peels = slide(state, animal, landing)
    moved = with_position(state, animal, tile)
    for peel in peels:
        moved = with_tile_token(moved, peel, "")
    entry = LogEntry(
        _move_text(seat, animal, origin, landing, peels, tile),
        data={
            "event": "move",
            "seat": seat,
            "animal": animal,
            "from": origin,
            "landing": landing,
            "peels": list(peels),
            "to": tile,
        },
    )
    return rules_resolve.after_move(moved, tile, (entry,))


def _move_text(
    seat: int, animal: str, origin: int, landing: int, peels: tuple[int, ...], tile: int
) -> str:
    name = ANIMAL_NAMES[animal]
    text = f"{{seat{seat}}} moves the {name} from {TILE_NAMES[origin]} to {TILE_NAMES[landing]}"
    if peels:
        count = "a Banana Peel" if len(peels) == 1 else f"{len(peels)} Banana Peels"
        text += f"; it slips on {count} to {TILE_NAMES[tile]}"
    return text + "."


def _save(state: State, seat: int, command: Command) -> Result:
    return rules_resolve.saved(state, seat)


def _decline(state: State, seat: int, command: Command) -> Result:
    return rules_resolve.declined(state, seat)


HANDLERS: dict[str, Callable[[State, int, Command], Result]] = {
    a.PLAY_BANANA: _play_banana,
    a.PLAY_SWAMP: _play_swamp,
    a.PLAY_ESCAPE: _play_escape,
    a.RESCUE: _rescue,
    a.MOVE: _move,
    a.PASS: _pass,
    a.SAVE: _save,
    a.DECLINE: _decline,
}
