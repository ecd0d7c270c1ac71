"""State transitions of a character's turn: the first step, being carried along arrows,
revealing, Napoleon's pushes, abilities, the end of a turn and the end of the match.

Every function returns the new state with the log entries it produced. Chance plays no part
after setup: revealing a tile shows what the deal put there.
"""

from __future__ import annotations

from app.games.fox_on_the_run import data, rules_movement
from app.games.fox_on_the_run.data import Pos, cell_words
from app.games.fox_on_the_run.rules_abilities import ability_actions, rotated, swapped
from app.games.fox_on_the_run.state import (
    PHASE_ABILITY,
    PHASE_FOLLOW,
    PHASE_OVER,
    PHASE_PUSH,
    PHASE_STEP,
    Character,
    State,
    hidden_tile_count,
    moved,
    mover,
    step_from,
    tile_at,
    with_tile,
)
from app.games.frozen import evolve
from app.games.protocol import JSON, Log, LogEntry

Result = tuple[State, Log]


def _actor(who: Character) -> str:
    """'{seat2} (Zev)': the player's name filled in by the platform, then the character."""
    return f"{{seat{who.seat}}} ({data.CHARACTER_WORDS[who.name]})"


def _entry(text: str, **fields: object) -> LogEntry:
    return LogEntry(text, None, dict(fields))


def _word(name: str) -> str:
    return data.CHARACTER_WORDS[name]


# --------------------------------------------------------------------------- moving


def first_step(state: State, direction: str) -> Result:
    who = mover(state)
    target = step_from(who.pos, direction)
    text = (
        f"{_actor(who)} steps {data.DIRECTION_WORDS[direction]} "
        f"from {cell_words(who.pos)} to {cell_words(target)}."
    )
    log = (_entry(text, event="step", character=who.name, to=list(target), direction=direction),)
    return _then(enter(state, target), log)


def follow(state: State, direction: str) -> Result:
    """The mover picks one arrow of its tile; an ignored arrow ends the move right there."""
    who = mover(state)
    target = dict(rules_movement.arrow_options(state))[direction]
    if target is None:
        text = f"{_actor(who)} takes the blocked {data.DIRECTION_WORDS[direction]} arrow and stops."
        entry = _entry(text, event="stop", character=who.name, at=list(who.pos))
        return _then(finish_move(state), (entry,))
    return _carried(state, direction, target)


def _carried(state: State, direction: str, target: Pos) -> Result:
    who = mover(state)
    text = (
        f"The {data.DIRECTION_WORDS[direction]} arrow carries {_word(who.name)} "
        f"to {cell_words(target)}."
    )
    entry = _entry(text, event="carried", character=who.name, to=list(target), direction=direction)
    return _then(enter(state, target), (entry,))


def enter(state: State, target: Pos) -> Result:
    """The mover arrives on `target` and the tile there decides what happens next."""
    who = mover(state)
    state = evolve(moved(state, who.name, target), path=(*state.path, target))
    reason = rules_movement.win_on_entry(state, who.name, target)
    if reason is not None:
        return finish_match(state, reason)
    tile = tile_at(state, target)
    log: Log = ()
    if not tile.revealed:
        state, log = reveal(state, target, who)
        if state.phase == PHASE_OVER:
            return state, log
    if who.name == data.BIG and rules_movement.to_be_pushed(state, target):
        return _then(_start_push(state, target), log)
    if not tile.revealed or tile.is_start or tile.id in state.used:
        # A face-down tile, a start tile or a tile already used this turn ends the move.
        return _then(finish_move(state), log)
    state = evolve(state, used=(*state.used, tile.id))
    return _then(_resolve_arrows(state), log)


def _resolve_arrows(state: State) -> Result:
    options = rules_movement.arrow_options(state)
    open_options = [(arrow, target) for arrow, target in options if target is not None]
    if not open_options:
        who = mover(state)
        text = f"No arrow can carry {_word(who.name)} on: the move ends on {cell_words(who.pos)}."
        entry = _entry(text, event="stop", character=who.name, at=list(who.pos))
        return _then(finish_move(state), (entry,))
    if len(options) == 1:
        arrow, target = open_options[0]
        return _carried(state, arrow, target)
    # Two arrows and at least one usable: the player chooses (a blocked one means stopping).
    return evolve(state, phase=PHASE_FOLLOW), ()


def reveal(state: State, pos: Pos, by: Character) -> Result:
    """Turn a face-down tile up where it lies, keeping its orientation."""
    tile = evolve(tile_at(state, pos), face_up=True)
    state = with_tile(state, pos, tile)
    arrows = " and ".join(data.DIRECTION_WORDS[arrow] for arrow in tile.arrows)
    text = f"{_word(by.name)} reveals the tile on {cell_words(pos)}: arrows {arrows}."
    entry = _entry(text, event="reveal", at=list(pos), tile=tile.id, arrows=list(tile.arrows))
    if hidden_tile_count(state) == 0:
        return _then(finish_match(state, data.ALL_TILES_REVEALED), (entry,))
    return state, (entry,)


# --------------------------------------------------------------------------- Napoleon


def _start_push(state: State, at: Pos) -> Result:
    pending = rules_movement.to_be_pushed(state, at)
    names = " and ".join(_word(name) for name in pending)
    text = f"Napoleon ends his move on {cell_words(at)} and must push {names} away."
    entry = _entry(text, event="push_start", at=list(at), characters=list(pending))
    return evolve(state, phase=PHASE_PUSH, to_push=pending), (entry,)


def push(state: State, target: Pos) -> Result:
    napoleon = mover(state)
    name, rest = state.to_push[0], state.to_push[1:]
    state = evolve(moved(state, name, target), to_push=rest)
    text = f"{_actor(napoleon)} pushes {_word(name)} to {cell_words(target)}."
    log = (_entry(text, event="push", character=name, to=list(target)),)
    reason = rules_movement.win_on_entry(state, name, target)
    if reason is not None:
        return _then(finish_match(state, reason), log)
    if rest:
        return state, log
    return _then(finish_move(state), log)


# --------------------------------------------------------------------------- abilities


def use_ability(state: State, action: dict[str, JSON]) -> Result:
    who = mover(state)
    kind = action["type"]
    if kind == "skip":
        text = f"{_actor(who)} does not use the ability."
        return _then(end_turn(state), (_entry(text, event="skip", character=who.name),))
    if kind == "reveal":
        state, log = reveal(state, _pos(action["at"]), who)
        if state.phase == PHASE_OVER:
            return state, log
        return _then(end_turn(state), log)
    state, entry = _reshape(state, who, action)
    return _then(end_turn(state), (entry,))


def _reshape(state: State, who: Character, action: dict[str, JSON]) -> tuple[State, LogEntry]:
    """Rotate, swap or switch tiles: nothing moves a character, so nobody wins by it."""
    kind = action["type"]
    if kind == "rotate":
        at, turns = _pos(action["at"]), int(action["turns"])
        state = rotated(state, at, turns)
        words = data.ROTATION_WORDS[turns]
        text = f"{_actor(who)} turns the tile on {cell_words(at)} {words}."
        return state, _entry(text, event="rotate", at=list(at), turns=turns)
    a = who.pos if kind == "switch" else _pos(action["at"])
    b = _pos(action["with"])
    text = f"{_actor(who)} swaps the tiles on {cell_words(a)} and {cell_words(b)}."
    return swapped(state, a, b), _entry(text, event="swap", at=list(a), to=list(b))


def _pos(raw: JSON) -> Pos:
    return (int(raw[0]), int(raw[1]))


# --------------------------------------------------------------------------- turn flow


def finish_move(state: State) -> Result:
    """The move is over: offer the ability if it has any use, else end the turn."""
    if ability_actions(state):
        return evolve(state, phase=PHASE_ABILITY), ()
    return end_turn(state)


def end_turn(state: State) -> Result:
    return start_turn(state, (state.current + 1) % len(state.characters), state.turn + 1)


def start_turn(state: State, index: int, turn: int) -> Result:
    """Hand the turn to the character at `index`; one with no free step stays still.

    This cannot loop for ever: for every character to be blocked, every cell next to an
    occupied cell would have to be occupied, and six characters cannot fill the grid.
    """
    who = state.characters[index]
    state = evolve(
        state, current=index, turn=turn, phase=PHASE_STEP, used=(), path=(who.pos,), to_push=()
    )
    if rules_movement.first_steps(state):
        return state, ()
    text = f"{_actor(who)} cannot move and stays on {cell_words(who.pos)}."
    entry = _entry(text, event="stay", character=who.name, at=list(who.pos))
    return _then(finish_move(state), (entry,))


def finish_match(state: State, reason: str) -> Result:
    winner = data.GUARDIANS if reason != data.INDIGO_FREED_SCARLETT else data.FOXES
    state = evolve(state, phase=PHASE_OVER, winner=winner, reason=reason, to_push=())
    text = f"{data.FACTION_TITLES[winner]} win: {data.REASON_WORDS[reason]}."
    return state, (_entry(text, event="win", faction=winner, reason=reason),)


def _then(result: Result, before: Log) -> Result:
    """Prefix the log of a later transition with what happened before it."""
    state, log = result
    return state, before + log


def seats_of(state: State, faction: str) -> tuple[int, ...]:
    return tuple(sorted({c.seat for c in state.characters if c.faction == faction}))
