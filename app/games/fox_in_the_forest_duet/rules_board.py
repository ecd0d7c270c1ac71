"""The Forest Board: the path, the Team Tracker, gems and forest tokens."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.data import CENTRE, LEVELS, PATH_LENGTH
from app.games.fox_in_the_forest_duet.state import LOST_NO_TOKEN, OVER, WON, State, TrickResult
from app.games.frozen import evolve
from app.games.protocol import LogEntry

LAST = PATH_LENGTH - 1


def end_name(end: int) -> str:
    return f"{{seat{end}}}'s end"


def first_open(state: State, end: int) -> int:
    """The last uncovered space at `end`: the one the next forest token there would cover."""
    return state.covered[0] if end == 0 else LAST - state.covered[1]


def coverable(state: State, end: int) -> bool:
    """Ruling: the centre space is never covered, so an end whose next token would reach it
    counts as having no token to place. With 4 tokens it cannot happen; the check keeps the
    rule right if the token count in data.py changes."""
    return first_open(state, end) != CENTRE


def is_covered(state: State, space: int) -> bool:
    return space < first_open(state, 0) or space > first_open(state, 1)


def toward_centre(space: int) -> int:
    return space + 1 if space < CENTRE else space - 1


def cover(state: State, end: int) -> State:
    """Place a forest token at `end`; the gems under it slide one space toward the centre."""
    space = first_open(state, end)
    gems = list(state.gems)
    gems[toward_centre(space)] += gems[space]
    gems[space] = 0
    covered = list(state.covered)
    covered[end] += 1
    return evolve(
        state,
        gems=tuple(gems),
        covered=(covered[0], covered[1]),
        forest_left=state.forest_left - 1,
    )


def cover_log(state: State, end: int, placer: int | None = None) -> LogEntry:
    """Log a token just placed at `end` (state is the one after `cover`)."""
    where = f"the last open space at {end_name(end)}"
    text = (
        f"A forest token now covers {where}"
        if placer is None
        else f"{{seat{placer}}} covers {where} with a forest token"
    )
    return LogEntry(
        f"{text} ({state.forest_left} left).",
        data={"event": "forest_token", "end": end, "forest_left": state.forest_left},
    )


# --------------------------------------------------------------------------- moving


def move(
    state: State, winner: int, toward: int, paws: int
) -> tuple[State, TrickResult, list[LogEntry]]:
    """Move the tracker `paws` spaces toward `toward`'s end, then take a gem or reset."""
    start = state.tracker
    target = start + (paws if toward == 1 else -paws)
    plays = state.trick
    if first_open(state, 0) <= target <= first_open(state, 1):
        moved, gem, log = _land(state, target, toward, paws)
        return moved, TrickResult(plays, winner, paws, toward, start, target, False, gem), log
    reset, log = _go_too_far(state, toward, paws)
    result = TrickResult(plays, winner, paws, toward, start, reset.tracker, True, False)
    return reset, result, log


def _land(state: State, target: int, toward: int, paws: int) -> tuple[State, bool, list[LogEntry]]:
    """Land on `target`; one gem there is taken, even after a move of 0."""
    moved = evolve(state, tracker=target)
    text = (
        f"The tracker moves {_spaces(paws)} toward {end_name(toward)}"
        if paws
        else "The tracker stays where it is"
    )
    if moved.gems[target] == 0:
        data = {"event": "move", "toward": toward, "paws": paws, "to": target, "gem": False}
        return moved, False, [LogEntry(text + ".", data=data)]
    gems = list(moved.gems)
    gems[target] -= 1
    moved = evolve(moved, gems=tuple(gems), collected=moved.collected + 1)
    text += f" and the team takes a gem ({moved.gems_on_board} left on the board)."
    log = [
        LogEntry(
            text, data={"event": "move", "toward": toward, "paws": paws, "to": target, "gem": True}
        )
    ]
    if moved.gems_on_board == 0:
        moved = evolve(moved, phase=OVER, result=WON, won_round=moved.round)
        log.append(LogEntry("The last gem is taken: the team wins!", data={"event": "won"}))
    return moved, True, log


def _go_too_far(state: State, toward: int, paws: int) -> tuple[State, list[LogEntry]]:
    """Past the end or onto a forest token: back to the centre, and a token is placed."""
    text = (
        f"The tracker would move {_spaces(paws)} toward {end_name(toward)}, past the path: "
        "it goes back to the centre."
    )
    log = [LogEntry(text, data={"event": "reset", "toward": toward, "paws": paws})]
    if state.forest_left == 0 or not coverable(state, toward):
        lost = evolve(state, tracker=CENTRE, phase=OVER, result=LOST_NO_TOKEN)
        log.append(
            LogEntry("No forest token can be placed: the team loses.", data={"event": "lost"})
        )
        return lost, log
    reset = cover(evolve(state, tracker=CENTRE), toward)
    log.append(cover_log(reset, toward))
    return reset, log


def _spaces(count: int) -> str:
    return "1 space" if count == 1 else f"{count} spaces"


# --------------------------------------------------------------------------- round end


def add_plus_gems(state: State) -> State:
    """One gem from the supply on each "+" space.

    Ruling: a gem due on a covered "+" space slides toward the centre to the first open space,
    as the gems under a forest token do.
    """
    gems = list(state.gems)
    plus = LEVELS[state.level].side.plus[: state.supply]
    for space in plus:
        gems[_open_space_for(state, space)] += 1
    return evolve(state, gems=tuple(gems), supply=state.supply - len(plus))


def _open_space_for(state: State, space: int) -> int:
    if space < first_open(state, 0):
        return first_open(state, 0)
    if space > first_open(state, 1):
        return first_open(state, 1)
    return space


def round_end_ends(state: State) -> tuple[int, ...]:
    """Ends that may take the end-of-round forest token: not the one the tracker stands on."""
    if state.forest_left == 0:
        return ()
    return tuple(
        end for end in (0, 1) if coverable(state, end) and first_open(state, end) != state.tracker
    )
