"""Every game ships a guided first match: the conformance check of its script.

The script beside the engine (`app/games/<game>/tutorial.py`, shaped by app/games/tutorial.py)
is played through the engine from its seed: each step's move must be legal for its seat at that
point (so the learner is never asked for a move the table refuses, and the bot's written moves
always apply), every step must carry the coach's words and an element to point at, and every
rule the script claims to show must arise in the deal's log.
"""

from __future__ import annotations

from typing import Any

from app.games.protocol import Engine
from app.games.tutorial import Tutorial, Walked, walk
from tests.games.conformance import canonical


def walk_checked(engine: Engine[Any], tutorial: Tutorial) -> list[Walked]:
    """Every state of the script, each step checked legal for its seat where it stands."""
    points = []
    for point in walk(engine, tutorial):
        points.append(point)
        if point.index == len(tutorial.steps):
            break
        step = tutorial.steps[point.index]
        assert step.seat in engine.to_act(point.state), f"step {point.index}: not its turn"
        legal = {canonical(action) for action in engine.legal_actions(point.state, step.seat)}
        assert canonical(step.action) in legal, f"step {point.index}: {step.action} not legal"
    return points


def check_tutorial(engine: Engine[Any], tutorial: Tutorial) -> list[Walked]:
    """The script plays through: legal steps, words at each, the learner at the table, and
    every claimed rule seen. Returns the walk for a game's own checks."""
    assert engine.check_options(tutorial.options, tutorial.players) is not None
    assert tutorial.welcome and tutorial.farewell
    walked = walk_checked(engine, tutorial)
    assert len(walked) == len(tutorial.steps) + 1, "every step is reached"
    for index, step in enumerate(tutorial.steps):
        assert step.coach.strip(), f"step {index} has no coach line"
        assert step.points_at.strip(), f"step {index} points at nothing"
    assert any(step.seat == tutorial.learner for step in tutorial.steps), "the learner plays"
    log = walked[-1].log
    for claim in tutorial.claims:
        assert any(claim.met_by(entry) for entry in log), f"never seen: {claim.rule}"
    assert tutorial.claims, "a script names the rules it shows"
    return walked


def played(engine: Engine[Any], tutorial: Tutorial) -> list[dict[str, Any]]:
    """The data of every public log entry of the checked deal, for a game's own claims."""
    walked = check_tutorial(engine, tutorial)
    return [dict(entry.data) for entry in walked[-1].log if entry.audience is None]
