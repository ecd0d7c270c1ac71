"""The final reckoning: the eight turns executed simultaneously, one unit step at a time.

Every action becomes a list of unit steps (RULINGS.md): a single move is one step, a double
move two, the viper's out-and-back two, the owl's flight three, the sparrow's flight as many
as it takes to land on a home; a tunnel or the toad's jump is one step that meets nobody on the
way. Step k of every player happens at once; a player whose action is over (a stop has no step)
stays put. After each step the predator attacks every prey on its space or met halfway along
a route, at most once per prey per turn. Eating, healing and returning home are settled when
the turn's steps are done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from app.games.oh_fox.data import DIETS, HEALING, OPPOSITE, TURNS
from app.games.oh_fox.data_board import HOME_SPACES, Space, food_at, neighbour, tunnel_exit
from app.games.oh_fox.state import Play, home_space, is_predator_animal

# How a player spends one step. Only WALK meets others halfway along the route; FLY is above
# the board (meets nobody); JUMP (tunnel, toad) meets nobody on the way but is on its arrival
# space; LAND is the last space of a flight; STAY is standing still.
WALK = "walk"
JUMP = "jump"
FLY = "fly"
LAND = "land"
STAY = "stay"
ON_SPACE_MODES = frozenset({WALK, JUMP, LAND, STAY})

Step = tuple[str, Space]


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    start: Space
    end: Space
    mode: str


@dataclass(frozen=True, slots=True)
class Attack:
    prey: int
    start: Space
    end: Space
    """Where it happened: one space (start == end), or the route met halfway along."""
    halfway: bool


@dataclass(frozen=True, slots=True)
class TurnRecord:
    turn: int
    steps: tuple[tuple[Move, ...], ...]
    attacks: tuple[tuple[Attack, ...], ...]
    """The attacks made after each step, parallel to `steps`."""
    eats: tuple[tuple[int, Space], ...]
    heals: tuple[int, ...]
    immune: tuple[int, ...]
    """Prey that could not be attacked this turn (the hedgehog's trigger)."""
    ends: tuple[Space, ...]


@dataclass(frozen=True, slots=True)
class Reckoning:
    turns: tuple[TurnRecord, ...]
    food: tuple[int, ...]
    attacked: tuple[int, ...]
    """How many times each seat was attacked (0 for the predator)."""
    attacks_made: int
    heals: tuple[int, ...]
    broken: tuple[int, ...]
    """Broken hearts left after healing."""
    home: tuple[bool, ...]
    """Prey standing on their own home after turn 8."""


# ----------------------------------------------------------------------------- unit steps


def _walk(start: Space, direction: str, count: int) -> list[Step]:
    steps: list[Step] = []
    here = start
    for _ in range(count):
        here = neighbour(here, direction)
        steps.append((WALK, here))
    return steps


def _fly(spaces: Sequence[Space]) -> list[Step]:
    """Flying over every space but the last, where the flyer lands."""
    return [(FLY, s) for s in spaces[:-1]] + [(LAND, spaces[-1])]


def _sparrow_flight(start: Space, direction: str) -> list[Space]:
    # Every row and every column of the house board holds exactly one home, so the flight
    # always ends within 4 spaces (back on its own home when it starts on one).
    spaces = [neighbour(start, direction)]
    while spaces[-1] not in HOME_SPACES:
        spaces.append(neighbour(spaces[-1], direction))
    return spaces


def _owl_flight(start: Space, direction: str) -> list[Space]:
    return [step for _, step in _walk(start, direction, 3)]


def _tunnel_or_walk(start: Space, direction: str) -> list[Step]:
    exit_space = tunnel_exit(start)
    return [(JUMP, exit_space)] if exit_space is not None else _walk(start, direction, 1)


def _trigger_steps(animal: str, start: Space, direction: str) -> list[Step]:
    if animal in ("rabbit", "badger"):
        return _tunnel_or_walk(start, direction)
    if animal in ("rat", "fox"):
        return _walk(start, OPPOSITE[direction], 1)
    if animal == "sparrow":
        return _fly(_sparrow_flight(start, direction))
    if animal == "squirrel":
        return _walk(start, direction, 2)
    if animal == "toad":
        return [(JUMP, HEALING)]
    if animal == "owl":
        return _fly(_owl_flight(start, direction))
    if animal == "viper":
        out = neighbour(start, direction)
        return [(WALK, out), (WALK, start)]
    return _walk(start, direction, 1)  # the hedgehog: a single move (its immunity is apart)


def unit_steps(animal: str, play: Play, start: Space) -> list[Step]:
    """The steps one action card takes from `start`, by the animal that plays it."""
    if play.card == "stop" or play.direction is None:
        return []
    if play.card == "double":
        return _walk(start, play.direction, 2)
    if play.card == "trigger":
        return _trigger_steps(animal, start, play.direction)
    return _walk(start, play.direction, 1)  # single and move-stop


def track(animal: str, row: Sequence[Play], start: Space) -> list[Space]:
    """Where a player stands after each turn: its start, then one space per played card."""
    spaces = [start]
    for play in row:
        steps = unit_steps(animal, play, spaces[-1])
        spaces.append(steps[-1][1] if steps else spaces[-1])
    return spaces


# ----------------------------------------------------------------------------- attacks


def _meets(predator: Move, prey: Move) -> Attack | None:
    """An attack if the predator and this prey meet in this step, else None."""
    on_space = predator.mode in ON_SPACE_MODES and prey.mode in ON_SPACE_MODES
    if on_space and predator.end == prey.end:
        return Attack(prey.seat, prey.end, prey.end, halfway=False)
    crossed = predator.start == prey.end and prey.start == predator.end
    if predator.mode == WALK and prey.mode == WALK and crossed:
        return Attack(prey.seat, prey.start, prey.end, halfway=True)
    return None


def _moves_at(plans: Sequence[list[Step]], starts: Sequence[Space], k: int) -> list[Move]:
    moves: list[Move] = []
    for seat, plan in enumerate(plans):
        if k < len(plan):
            mode, end = plan[k]
            start = starts[seat] if k == 0 else plan[k - 1][1]
            moves.append(Move(seat, start, end, mode))
        else:
            here = plan[-1][1] if plan else starts[seat]
            moves.append(Move(seat, here, here, STAY))
    return moves


@dataclass
class _Tally:
    """Running counts while the turns are executed (local to `reckon`, never stored)."""

    players: int
    attacks_made: int = 0
    food: list[int] = field(default_factory=list)
    attacked: list[int] = field(default_factory=list)
    heals: list[int] = field(default_factory=list)
    broken: list[int] = field(default_factory=list)
    eaten: list[set[Space]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for counts in (self.food, self.attacked, self.heals, self.broken):
            counts.extend([0] * self.players)
        self.eaten.extend(set() for _ in range(self.players))


def _attacks_in_step(
    moves: Sequence[Move], predator: int, already: set[int], tally: _Tally
) -> tuple[Attack, ...]:
    """The predator's attacks in one step; `already` holds the prey it cannot attack again
    this turn (attacked earlier, or immune) and grows with every attack."""
    found: list[Attack] = []
    for prey in moves:
        if prey.seat == predator or prey.seat in already:
            continue
        attack = _meets(moves[predator], prey)
        if attack is not None:
            already.add(prey.seat)
            tally.attacked[prey.seat] += 1
            tally.attacks_made += 1
            tally.broken[prey.seat] += 1
            found.append(attack)
    return tuple(found)


# ----------------------------------------------------------------------------- the reckoning


def _execute_turn(
    turn: int,
    identities: Sequence[str],
    plays: Sequence[Play],
    starts: Sequence[Space],
    tally: _Tally,
) -> TurnRecord:
    predator = next(s for s, a in enumerate(identities) if is_predator_animal(a))
    plans = [unit_steps(identities[s], plays[s], starts[s]) for s in range(len(plays))]
    # Every turn has at least one step, so a prey standing with the predator is attacked even
    # when nobody moves (and whatever the other players do).
    step_count = max(1, *(len(plan) for plan in plans))
    immune = tuple(
        s for s, a in enumerate(identities) if a == "hedgehog" and plays[s].card == "trigger"
    )
    already: set[int] = set(immune)
    steps: list[tuple[Move, ...]] = []
    attacks: list[tuple[Attack, ...]] = []
    for k in range(step_count):
        moves = _moves_at(plans, starts, k)
        steps.append(tuple(moves))
        attacks.append(_attacks_in_step(moves, predator, already, tally))
    ends = tuple(move.end for move in steps[-1])
    eats = _eat(identities, plays, ends, tally)
    heals = _heal(identities, ends, tally)
    return TurnRecord(turn, tuple(steps), tuple(attacks), eats, heals, immune, ends)


def _eat(
    identities: Sequence[str], plays: Sequence[Play], ends: Sequence[Space], tally: _Tally
) -> tuple[tuple[int, Space], ...]:
    """A prey eats with a stop or move-stop on its own food, only once per space."""
    eats: list[tuple[int, Space]] = []
    for seat, animal in enumerate(identities):
        if plays[seat].card not in ("stop", "move_stop") or animal not in DIETS:
            continue
        space = ends[seat]
        if food_at(space) == DIETS[animal] and space not in tally.eaten[seat]:
            tally.eaten[seat].add(space)
            tally.food[seat] += 1
            eats.append((seat, space))
    return tuple(eats)


def _heal(identities: Sequence[str], ends: Sequence[Space], tally: _Tally) -> tuple[int, ...]:
    """Ending a turn on the healing space discards one broken heart, including one received
    during this very turn (the predator still scores that attack)."""
    healed: list[int] = []
    for seat, animal in enumerate(identities):
        if animal in DIETS and ends[seat] == HEALING and tally.broken[seat] > 0:
            tally.broken[seat] -= 1
            tally.heals[seat] += 1
            healed.append(seat)
    return tuple(healed)


def reckon(identities: Sequence[str], rows: Sequence[Sequence[Play]]) -> Reckoning:
    """Execute every played turn (all eight at the end of a match) from the homes."""
    players = len(identities)
    tally = _Tally(players)
    positions = tuple(home_space(s) for s in range(players))
    turns: list[TurnRecord] = []
    for index in range(min(len(row) for row in rows)):
        plays = [row[index] for row in rows]
        record = _execute_turn(index + 1, identities, plays, positions, tally)
        turns.append(record)
        positions = record.ends
    home = tuple(
        len(turns) == TURNS and identities[s] in DIETS and positions[s] == home_space(s)
        for s in range(players)
    )
    return Reckoning(
        turns=tuple(turns),
        food=tuple(tally.food),
        attacked=tuple(tally.attacked),
        attacks_made=tally.attacks_made,
        heals=tuple(tally.heals),
        broken=tuple(tally.broken),
        home=home,
    )
