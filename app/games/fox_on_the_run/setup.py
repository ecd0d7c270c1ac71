"""Lobby options and the first state: the dealt forest, the characters and their seats."""

from __future__ import annotations

from collections.abc import Mapping

from app.games import options as option_tools
from app.games.fox_on_the_run import data
from app.games.fox_on_the_run.data import Pos
from app.games.fox_on_the_run.state import PHASE_STEP, Character, State, Tile
from app.games.frozen import evolve
from app.games.protocol import JSON, BadOptions, Choice
from app.games.rng import generator, pick, shuffled

OPTIONS = (
    Choice(
        key="neutrals",
        label="The Giant and the Rascal (Raffles and Napoleon)",
        values=data.NEUTRAL_CHOICES,
        default=data.NEUTRALS_OFF,
        help=(
            "Add the expansion's neutral characters and choose their sides: at random, or "
            "Raffles with the Foxes or with the Guardians (Napoleon takes the other side). "
            "Needed for 5 or 6 players, where it is switched on at random sides by default."
        ),
        words={
            "off": "Not in play",
            "random": "In play, sides at random",
            "raffles-with-foxes": "Raffles with the Foxes, Napoleon with the Guardians",
            "raffles-with-guardians": "Raffles with the Guardians, Napoleon with the Foxes",
        },
    ),
)


def check_options(options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
    if players not in range(2, 7):
        raise BadOptions("Fox on the Run is for 2 to 6 players.")
    normalized = option_tools.normalize(OPTIONS, options)
    if players >= data.EXPANSION_PLAYERS:
        # 5 and 6 players need the neutrals; an unset option means "yes, sides at random".
        if "neutrals" not in options:
            normalized["neutrals"] = data.NEUTRALS_RANDOM
        elif normalized["neutrals"] == data.NEUTRALS_OFF:
            raise BadOptions(
                "The Giant and the Rascal is needed for 5 or 6 players: choose the sides "
                "of Raffles and Napoleon."
            )
    return normalized


def setup(players: int, options: Mapping[str, JSON], seed: int) -> State:
    normalized = check_options(options, players)
    return first_state(players, str(normalized["neutrals"]), seed)


def first_state(players: int, neutrals: str, seed: int) -> State:
    board = _deal_board(seed)
    fox_neutral, guardian_neutral = _side_neutrals(neutrals, seed)
    order = data.turn_order(fox_neutral, guardian_neutral)
    factions = dict(data.BASE_FACTION)
    if fox_neutral is not None and guardian_neutral is not None:
        factions |= {fox_neutral: data.FOXES, guardian_neutral: data.GUARDIANS}
    seats = _distribute(players, order, factions, seed)
    characters = tuple(
        Character(name, factions[name], seats[name], *_start(name, factions[name]))
        for name in order
    )
    first = State(players, seed, neutrals, board, characters, current=0, phase=PHASE_STEP)
    return evolve(first, path=(characters[0].pos,))


def _deal_board(seed: int) -> tuple[Tile, ...]:
    """Start tiles where RULINGS.md puts them; the 22 directional tiles face down at random."""
    deck = iter(
        shuffled(generator(seed, "tiles"), [tile_id for tile_id, _ in data.DIRECTIONAL_TILES])
    )
    starts = {pos: tile_id for tile_id, pos in data.START_TILES}
    board = []
    for index in range(data.SIZE * data.SIZE):
        pos = divmod(index, data.SIZE)
        board.append(Tile(starts[pos], True) if pos in starts else Tile(next(deck), False))
    return tuple(board)


def _side_neutrals(neutrals: str, seed: int) -> tuple[str | None, str | None]:
    """(The neutral playing with the Foxes, the one with the Guardians), or (None, None)."""
    if neutrals == data.NEUTRALS_OFF:
        return None, None
    raffles_with_foxes = {
        data.RAFFLES_WITH_FOXES: True,
        data.RAFFLES_WITH_GUARDIANS: False,
    }.get(neutrals)
    if raffles_with_foxes is None:
        raffles_with_foxes = pick(generator(seed, "neutrals"), (True, False))
    if raffles_with_foxes:
        return data.RAFFLES, data.NAPOLEON
    return data.NAPOLEON, data.RAFFLES


def _distribute(
    players: int, order: tuple[str, ...], factions: Mapping[str, str], seed: int
) -> dict[str, int]:
    """The golden rule: every player manages characters of one faction only, and every
    character has a player. Seats go to factions at random (the split comes from the player
    count); each seat of a faction draws one of its characters, the rest go to random
    teammates."""
    rng = generator(seed, "characters")
    fox_players, _ = pick(rng, data.PLAYERS_PER_FACTION[players])
    seat_order = shuffled(rng, range(players))
    team_seats = {data.FOXES: seat_order[:fox_players], data.GUARDIANS: seat_order[fox_players:]}
    seats: dict[str, int] = {}
    for faction, team in team_seats.items():
        members = shuffled(rng, [name for name in order if factions[name] == faction])
        for index, name in enumerate(members):
            seats[name] = team[index] if index < len(team) else pick(rng, team)
    return seats


def _start(name: str, faction: str) -> Pos:
    if name in data.START_POSITIONS:
        return data.START_POSITIONS[name]
    return data.NEUTRAL_START[faction]
