"""Why a well-formed action is refused, in a sentence the player understands.

Only called once the action is known not to be legal, so each check just finds the first rule
it breaks. Nothing here is secret in this game except the cards, which no message mentions.
"""

from __future__ import annotations

from app.games.fox_on_the_tree import rules_actions as a
from app.games.fox_on_the_tree.data import (
    ANIMAL_NAMES,
    BANANA,
    ESCAPE,
    OFF_BOARD,
    PATH_TILES,
    SWAMP,
    TILE_NAMES,
    TOKEN_NAMES,
)
from app.games.fox_on_the_tree.rules_actions import Command
from app.games.fox_on_the_tree.rules_moves import is_stuck
from app.games.fox_on_the_tree.state import (
    AFTER_TOKEN,
    ESCAPE_QUESTION,
    State,
    final_of,
    position,
    step_of,
)

TOKEN_OF = {a.PLAY_BANANA: BANANA, a.PLAY_SWAMP: SWAMP, a.PLAY_ESCAPE: ESCAPE}


def explain(state: State, seat: int, command: Command) -> str:
    if state.phase == ESCAPE_QUESTION and state.pending is not None:
        name = ANIMAL_NAMES[state.pending.animal]
        return f"First answer the Escape question: save the {name} or let it go."
    if command.type in (a.SAVE, a.DECLINE):
        return "No animal is about to be eliminated."
    if command.type in TOKEN_OF:
        return _token_refusal(state, seat, command)
    if command.type == a.RESCUE:
        return _rescue_refusal(state, command.tile)
    if command.type == a.MOVE:
        return _move_refusal(state, command)
    return "You can still rescue an animal or move one, so you cannot pass."


def _token_refusal(state: State, seat: int, command: Command) -> str:
    token = TOKEN_OF[command.type]
    if state.phase == AFTER_TOKEN:
        return "You may play only one action token, at the start of your turn."
    if token not in state.held[seat]:
        return f"You no longer hold a {TOKEN_NAMES[token]} token."
    if token == ESCAPE:
        return "Escape sends home an animal that stands on a Path tile."
    if command.tile not in PATH_TILES:
        return "Action tokens go on Path tiles (1 to 8)."
    if state.tile_tokens[command.tile]:
        return "That tile already holds a token."
    return "A Banana Peel goes on a tile without animals."


def _rescue_refusal(state: State, tile: int) -> str:
    if state.tile_tokens[tile] != SWAMP:
        return f"There is no Swamp on {TILE_NAMES[tile]}."
    return "A Swamp can only be removed from a tile with an animal on it."


def _move_refusal(state: State, command: Command) -> str:
    name = ANIMAL_NAMES[command.animal]
    if position(state, command.animal) == OFF_BOARD:
        return f"The {name} is done for this phase."
    if is_stuck(state, command.animal):
        return f"The {name} is stuck in a Swamp until someone rescues it."
    if (command.tile - position(state, command.animal)) * step_of(state, command.animal) <= 0:
        goal = TILE_NAMES[final_of(state, command.animal)]
        return f"Animals only move forward: the {name} is heading for {goal}."
    return f"The {name} cannot end a move on {TILE_NAMES[command.tile]}."
