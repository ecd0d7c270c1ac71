"""Build Fox on the Run states by hand, play actions on them and read the result.

Cells are named as players read them: column letter A-E, row 1-5 from the top ("C3" is the
centre). A tile spec is "N", "N+E" (face up, pointing that way), "?" (face down) or "?N+E"
(face down, hiding those arrows). Unlisted cells are face down; start tiles stay on A1, B2, E5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.games.fox_on_the_run import ENGINE, data
from app.games.fox_on_the_run.data import Pos
from app.games.fox_on_the_run.state import Character, State, Tile, rotate, tile_at
from app.games.protocol import Action, LogEntry

SEED = 1234


def cell(name: str) -> Pos:
    return (int(name[1]) - 1, "ABCDE".index(name[0]))


def at(name: str) -> list[int]:
    """A cell as actions spell it: [row, col]."""
    row, col = cell(name)
    return [row, col]


def _arrows(spec: str) -> tuple[str, ...]:
    return tuple(sorted(spec.split("+"), key=data.ORTHOGONAL.index))


def _tile_for(arrows: tuple[str, ...], free: list[str]) -> tuple[str, int]:
    """An unused tile id showing `arrows`, printed that way if possible, else turned."""
    for turns in range(4):
        for tile_id in free:
            printed = data.PRINTED_ARROWS[tile_id]
            turned = tuple(sorted((rotate(a, turns) for a in printed), key=data.ORTHOGONAL.index))
            if turned == arrows:
                return tile_id, turns
    raise ValueError(f"no tile left showing {arrows}")


def board(tiles: Mapping[str, str]) -> tuple[Tile, ...]:
    free = [tile_id for tile_id, _ in data.DIRECTIONAL_TILES]
    placed: dict[Pos, Tile] = {pos: Tile(tile_id, True) for tile_id, pos in data.START_TILES}
    for name, spec in tiles.items():
        face_up = not spec.startswith("?")
        arrow_spec = spec.lstrip("?")
        if not arrow_spec:
            continue
        tile_id, turns = _tile_for(_arrows(arrow_spec), free)
        if not face_up and turns:
            raise ValueError("a face-down tile lies as printed")
        free.remove(tile_id)
        placed[cell(name)] = Tile(tile_id, face_up, turns)
    rest = iter(free)
    return tuple(
        placed.get(divmod(index, data.SIZE)) or Tile(next(rest), False)
        for index in range(data.SIZE * data.SIZE)
    )


def make_state(
    tiles: Mapping[str, str] | None = None,
    where: Mapping[str, str] | None = None,
    *,
    current: str = data.INDIGO,
    fox_neutral: str | None = None,
    seats: Mapping[str, int] | None = None,
    phase: str = "step",
) -> State:
    """A state at the start of `current`'s turn (or another phase). `where` places characters
    (default: their start tiles); neutrals join when `fox_neutral` names the Foxes' one."""
    guardian_neutral = None
    if fox_neutral is not None:
        guardian_neutral = data.NAPOLEON if fox_neutral == data.RAFFLES else data.RAFFLES
    order = data.turn_order(fox_neutral, guardian_neutral)
    factions = dict(data.BASE_FACTION)
    if fox_neutral and guardian_neutral:
        factions |= {fox_neutral: data.FOXES, guardian_neutral: data.GUARDIANS}
    places = {**_default_places(fox_neutral, guardian_neutral), **(where or {})}
    seat_of = dict(seats) if seats else {name: index for index, name in enumerate(order)}
    characters = tuple(
        Character(name, factions[name], seat_of[name], *cell(places[name])) for name in order
    )
    neutrals = data.NEUTRALS_OFF
    if fox_neutral:
        raffles_side = fox_neutral == data.RAFFLES
        neutrals = data.RAFFLES_WITH_FOXES if raffles_side else data.RAFFLES_WITH_GUARDIANS
    index = order.index(current)
    state = State(
        players=len(set(seat_of.values())),
        seed=SEED,
        neutrals=neutrals,
        board=board(tiles or {}),
        characters=characters,
        current=index,
        phase=phase,
    )
    return replace(state, path=(characters[index].pos,))


def _default_places(fox_neutral: str | None, guardian_neutral: str | None) -> dict[str, str]:
    places = {data.SCARLETT: "A1", data.PUFFER: "B2", data.ZEV: "B2", data.INDIGO: "E5"}
    if fox_neutral and guardian_neutral:
        places |= {fox_neutral: "E1", guardian_neutral: "A5"}
    return places


def seat(state: State, name: str | None = None) -> int:
    """The seat that plays `name` (default: the character whose turn it is)."""
    who = state.characters[state.current] if name is None else _character(state, name)
    return who.seat


def _character(state: State, name: str) -> Character:
    return next(c for c in state.characters if c.name == name)


def play(state: State, *actions: Action) -> tuple[State, list[LogEntry]]:
    """Apply actions in order, each by the seat to act; return the state and the whole log."""
    log: list[LogEntry] = []
    for action in actions:
        transition = ENGINE.apply(state, seat(state), action)
        state = transition.state
        log.extend(transition.log)
    return state, log


def step(direction: str) -> dict[str, Any]:
    return {"type": "step", "direction": direction}


def follow(direction: str) -> dict[str, Any]:
    return {"type": "follow", "direction": direction}


def where(state: State, name: str) -> str:
    return data.cell_name(_character(state, name).pos)


def face_up(state: State, name: str) -> bool:
    return tile_at(state, cell(name)).face_up


def arrows_on(state: State, name: str) -> tuple[str, ...]:
    return tile_at(state, cell(name)).arrows


def legal(state: State, name: str | None = None) -> list[dict[str, Any]]:
    return [dict(a) for a in ENGINE.legal_actions(state, seat(state, name))]


def legal_types(state: State) -> set[str]:
    return {a["type"] for a in legal(state)}


def step_directions(state: State) -> set[str]:
    return {a["direction"] for a in legal(state) if a["type"] == "step"}


def current_name(state: State) -> str:
    return state.characters[state.current].name


def events(log: Sequence[LogEntry]) -> list[str]:
    return [str(entry.data.get("event")) for entry in log]
