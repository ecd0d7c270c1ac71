"""What a seat or a spectator sees, built field by field.

A face-down tile is sent as a bare back: no id and no arrows, the same for every face-down
tile, so nothing in a view can tell two deals apart. Once the match is over every tile is shown.
"""

from __future__ import annotations

from collections import Counter

from app.games.fox_on_the_run import data, rules_movement
from app.games.fox_on_the_run.data import Pos, cell_name, cell_words
from app.games.fox_on_the_run.rules_turns import seats_of
from app.games.fox_on_the_run.state import (
    PHASE_ABILITY,
    PHASE_FOLLOW,
    PHASE_OVER,
    PHASE_PUSH,
    Character,
    State,
    Tile,
    hidden_tile_count,
    mover,
)
from app.games.fox_on_the_run.view_types import (
    CellView,
    CharacterView,
    CurrentTurn,
    FactionView,
    HiddenArrows,
    RunView,
    YouView,
)
from app.games.protocol import Seat


def view(state: State, viewer: Seat | None) -> RunView:
    over = state.phase == PHASE_OVER
    standing = _names_by_cell(state)
    return {
        "phase": state.phase,
        "turn": state.turn,
        "grid": [
            [_cell(state, (row, col), standing, over) for col in range(data.SIZE)]
            for row in range(data.SIZE)
        ],
        "characters": [_character(c) for c in state.characters],
        "turn_order": [c.name for c in state.characters],
        "factions": {faction: _faction(state, faction) for faction in data.FACTIONS},
        "current": _current(state),
        "hidden_tiles": hidden_tile_count(state),
        "hidden_arrows": _hidden_arrows(state),
        "you": _you(state, viewer),
        "winner": state.winner or None,
        "reason": state.reason or None,
        "prompt": prompt(state, viewer),
    }


def _names_by_cell(state: State) -> dict[Pos, list[str]]:
    """Who stands on each occupied cell, in turn order: one pass instead of one per cell."""
    standing: dict[Pos, list[str]] = {}
    for character in state.characters:
        standing.setdefault(character.pos, []).append(character.name)
    return standing


def _cell(state: State, pos: Pos, standing: dict[Pos, list[str]], over: bool) -> CellView:
    tile = state.board[pos[0] * data.SIZE + pos[1]]
    revealed = tile.revealed
    cell: CellView = {
        "at": [pos[0], pos[1]],
        "name": cell_name(pos),
        "face_up": revealed,
        "start": tile.is_start,
        "characters": list(standing.get(pos, ())),
    }
    if revealed or over:
        _show_face(cell, state, tile)
    return cell


def _show_face(cell: CellView, state: State, tile: Tile) -> None:
    """The side of a tile that only a revealed tile (or the final reveal) shows."""
    cell["tile"] = tile.id
    cell["arrows"] = list(tile.arrows)
    cell["turns"] = tile.turns
    cell["used_this_turn"] = tile.id in state.used


def _character(c: Character) -> CharacterView:
    return {
        "name": c.name,
        "label": data.CHARACTER_WORDS[c.name],
        "faction": c.faction,
        "seat": c.seat,
        "at": [c.row, c.col],
        "ability": data.ABILITY_WORDS[c.name],
    }


def _faction(state: State, faction: str) -> FactionView:
    return {
        "characters": [c.name for c in state.characters if c.faction == faction],
        "seats": list(seats_of(state, faction)),
        "goal": data.GOAL_WORDS[faction],
    }


def _current(state: State) -> CurrentTurn | None:
    if state.phase == PHASE_OVER:
        return None
    who = mover(state)
    current: CurrentTurn = {
        "character": who.name,
        "seat": who.seat,
        "path": [list(pos) for pos in state.path],
    }
    if state.phase == PHASE_FOLLOW:
        current["arrows"] = [
            {"direction": arrow, "to": list(target) if target else None, "stops": target is None}
            for arrow, target in rules_movement.arrow_options(state)
        ]
    if state.phase == PHASE_PUSH:
        current["to_push"] = list(state.to_push)
    return current


def _hidden_arrows(state: State) -> list[HiddenArrows]:
    """How many face-down tiles of each printed kind remain: public by elimination, since
    everyone saw every tile turn up. Helps a player (or bot) weigh a step into the forest."""
    counts = Counter("+".join(data.PRINTED_ARROWS[t.id]) for t in state.board if not t.revealed)
    kinds = dict.fromkeys("+".join(arrows) for _, arrows in data.DIRECTIONAL_TILES)
    return [{"arrows": kind.split("+"), "count": counts[kind]} for kind in kinds if counts[kind]]


def _you(state: State, viewer: Seat | None) -> YouView | None:
    if viewer is None:
        return None
    mine = [c for c in state.characters if c.seat == viewer]
    return {
        "seat": viewer,
        "characters": [c.name for c in mine],
        "faction": mine[0].faction if mine else None,
    }


# --------------------------------------------------------------------------- prompts


def prompt(state: State, viewer: Seat | None) -> str:
    if state.phase == PHASE_OVER:
        faction = data.FACTION_TITLES[state.winner]
        return f"{faction} win: {data.REASON_WORDS[state.reason]}."
    who = mover(state)
    name = data.CHARACTER_WORDS[who.name]
    if viewer != who.seat:
        return f"Waiting for {{seat{who.seat}}} to play {name}."
    return _your_prompt(state, who, name)


def _your_prompt(state: State, who: Character, name: str) -> str:
    if state.phase == PHASE_FOLLOW:
        return f"Choose an arrow for {name} to follow; a blocked arrow ends the move here."
    if state.phase == PHASE_PUSH:
        pushed = data.CHARACTER_WORDS[state.to_push[0]]
        return f"Push {pushed} to a revealed tile next to Napoleon."
    if state.phase == PHASE_ABILITY:
        return {
            data.PUFFER: "Rotate a revealed empty tile next to Puffer, or skip.",
            data.SCARLETT: "Swap two revealed empty tiles next to Scarlett, or skip.",
            data.ZEV: "Reveal a face-down tile next to Zev, or skip.",
            data.RAFFLES: "Swap Raffles' tile with a revealed empty tile next to him, or skip.",
        }[who.name]
    diagonal = " (diagonally too)" if who.name in data.MOVES_DIAGONALLY else ""
    return f"Move {name} one tile from {cell_words(who.pos)}{diagonal}."
