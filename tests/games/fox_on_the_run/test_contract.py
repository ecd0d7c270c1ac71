"""The contract for this game: hidden tiles stay hidden, strict parsing, views, whole matches."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.fox_on_the_run import ENGINE, data
from app.games.fox_on_the_run.state import State, occupants
from app.games.protocol import MALFORMED, NOT_YOUR_TURN, IllegalAction, LogEntry

from .helpers import at, make_state, play, seat, step

History = list[tuple[State, tuple[LogEntry, ...]]]


def random_match(players: int, neutrals: str, seed: int) -> History:
    """States and logs of a whole match played with uniformly random legal actions."""
    chooser = random.Random(seed)
    state = ENGINE.setup(players, {"neutrals": neutrals}, seed)
    history: History = [(state, ())]
    for _ in range(3000):
        if not ENGINE.to_act(state):
            return history
        actor = ENGINE.to_act(state)[0]
        action = chooser.choice(list(ENGINE.legal_actions(state, actor)))
        transition = ENGINE.apply(state, actor, action)
        state = transition.state
        history.append((state, transition.log))
    raise AssertionError("the match did not end")


# --------------------------------------------------------------------------- hidden tiles


def test_a_face_down_tile_is_a_bare_back_in_every_view() -> None:
    state = make_state({"C3": "?N+E", "C4": "?W"})
    for viewer in (None, 0, 1, 2, 3):
        grid = ENGINE.view(state, viewer)["grid"]
        c3, c4 = grid[2][2], grid[3][2]
        assert "arrows" not in c3 and "tile" not in c3
        assert {k: v for k, v in c3.items() if k not in ("at", "name")} == {
            k: v for k, v in c4.items() if k not in ("at", "name")
        }


def test_secrets_are_exactly_the_ids_of_face_down_tiles() -> None:
    state = ENGINE.setup(4, {}, 8)
    hidden = {t.id for t in state.board if not t.face_up and not t.is_start}
    assert {s.value for s in ENGINE.secrets(state)} == hidden
    assert all(s.known_to == () for s in ENGINE.secrets(state))
    after, _ = play(state, step("N"))
    revealed = next(t.id for t in after.board if t.face_up and not t.is_start)
    assert revealed not in {s.value for s in ENGINE.secrets(after)}
    text = json.dumps(ENGINE.view(after, None))
    assert revealed in text
    assert not any(secret.value in text for secret in ENGINE.secrets(after))


def test_determinize_redeals_only_face_down_tiles_and_no_viewer_can_tell() -> None:
    state, _ = play(ENGINE.setup(4, {}, 8), step("N"))
    for viewer in (None, 0, 1, 2, 3):
        twin = ENGINE.determinize(state, viewer, random.Random(viewer or 0))
        assert twin.seed != state.seed
        assert ENGINE.view(twin, viewer) == ENGINE.view(state, viewer)
        for mine, theirs in zip(state.board, twin.board, strict=True):
            if mine.face_up or mine.is_start:
                assert mine == theirs
            else:
                assert not theirs.face_up and theirs.turns == 0
        assert sorted(t.id for t in twin.board) == sorted(t.id for t in state.board)
    twins = {ENGINE.encode(ENGINE.determinize(state, 0, random.Random(n)))["board"].__repr__()
             for n in range(5)}  # fmt: skip
    assert len(twins) > 1


def test_refusals_read_the_same_whatever_the_face_down_tiles_hide() -> None:
    state = make_state(where={data.PUFFER: "A5", data.ZEV: "A5", data.INDIGO: "C3"})
    twin = ENGINE.determinize(state, 0, random.Random(5))
    attempts = [
        step("N"),
        {"type": "follow", "direction": "N"},
        {"type": "reveal", "at": at("C2")},
        {"type": "push", "to": at("C2")},
        {"type": "step", "direction": "up"},
    ]
    for attempt in attempts:
        messages = []
        for candidate in (state, twin):
            try:
                ENGINE.apply(candidate, 3, attempt)
                messages.append("accepted")
            except IllegalAction as refusal:
                messages.append(f"{refusal.code}: {refusal.message}")
        assert messages[0] == messages[1]


def test_the_final_view_shows_every_tile() -> None:
    state = make_state(where={data.ZEV: "C3", data.INDIGO: "C4"}, current=data.ZEV)
    over, _ = play(state, step("S"))
    assert ENGINE.secrets(over) == []
    for row in ENGINE.view(over, None)["grid"]:
        for cell in row:
            assert "arrows" in cell and "tile" in cell
    assert ENGINE.view(over, 2)["prompt"] == "The Guardians win: Zev caught Indigo."


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    "action",
    [
        None,
        [],
        "step",
        {},
        {"type": "dance"},
        {"type": "step"},
        {"type": "step", "direction": "N", "extra": 1},
        {"type": "step", "direction": "up"},
        {"type": "step", "direction": 3},
        {"type": "reveal", "at": [5, 0]},
        {"type": "reveal", "at": [True, 0]},
        {"type": "reveal", "at": "C3"},
        {"type": "rotate", "at": [1, 1], "turns": 4},
        {"type": "rotate", "at": [1, 1], "turns": True},
        {"type": "skip", "why": "no"},
    ],
)
def test_malformed_actions_are_refused_as_malformed(action: object) -> None:
    state = ENGINE.setup(4, {}, 1)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat(state), action)  # type: ignore[arg-type]
    assert refused.value.code == MALFORMED and refused.value.message


def test_a_seat_that_is_not_to_act_is_told_so() -> None:
    state = ENGINE.setup(4, {}, 1)
    other = next(s for s in range(4) if s != seat(state))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, other, ENGINE.legal_actions(state, seat(state))[0])
    assert refused.value.code == NOT_YOUR_TURN
    assert ENGINE.legal_actions(state, other) == []


def test_an_action_of_the_wrong_phase_says_what_is_due() -> None:
    with pytest.raises(IllegalAction) as refused:
        play(ENGINE.setup(4, {}, 1), {"type": "skip"})
    assert "must first take a step" in refused.value.message


# --------------------------------------------------------------------------- views


def test_every_view_has_a_prompt_naming_players_by_placeholder() -> None:
    state = ENGINE.setup(4, {}, 3)
    actor = seat(state)
    prompt = ENGINE.view(state, actor)["prompt"]
    assert prompt.startswith("Move Indigo one tile from row 5, column 5")
    waiting = ENGINE.view(state, (actor + 1) % 4)["prompt"]
    assert waiting == f"Waiting for {{seat{actor}}} to play Indigo."
    assert ENGINE.view(state, None)["prompt"] == waiting


def test_the_view_carries_what_a_renderer_and_a_bot_need() -> None:
    state = ENGINE.setup(4, {}, 3)
    view = ENGINE.view(state, 0)
    assert set(view) >= {
        "grid", "characters", "turn_order", "factions", "current", "hidden_tiles",
        "hidden_arrows", "you", "phase", "turn", "prompt", "winner",
    }  # fmt: skip
    assert view["hidden_tiles"] == 22
    assert sum(kind["count"] for kind in view["hidden_arrows"]) == 22
    assert view["you"]["seat"] == 0 and view["factions"]["foxes"]["goal"]
    assert ENGINE.view(state, None)["you"] is None


def test_log_entries_name_players_by_placeholder_and_are_public() -> None:
    state = ENGINE.setup(4, {}, 3)
    _, log = play(state, step("N"))
    assert log[0].text.startswith(f"{{seat{seat(state)}}} (Indigo) steps north")
    assert all(entry.audience is None for entry in log)


# --------------------------------------------------------------------------- whole matches


def _allowed_together(names: set[str]) -> bool:
    """Pairs that may share a tile during play (a win ends the match at once)."""
    if data.RAFFLES in names and data.NAPOLEON in names:
        return False
    rest = names - {data.RAFFLES}
    return len(rest) <= 1 or rest == {data.PUFFER, data.ZEV}


def check_invariants(state: State) -> None:
    face_down = [t for t in state.board if not t.revealed]
    assert all(t.turns == 0 for t in face_down)
    assert {s.value for s in ENGINE.secrets(state)} == (
        set() if state.phase == "over" else {t.id for t in face_down}
    )
    if state.phase != "over":
        for c in state.characters:
            names = {o.name for o in occupants(state, c.pos)}
            if state.phase == "push" and data.NAPOLEON in names:
                continue  # the characters still to push stand on Napoleon's tile
            assert _allowed_together(names), names
    text = json.dumps(ENGINE.view(state, None))
    for secret in ENGINE.secrets(state):
        assert f'"{secret.value}"' not in text


@pytest.mark.parametrize(
    ("players", "neutrals"),
    [(2, "off"), (3, "off"), (4, "off"), (4, "raffles-with-foxes"), (5, "random"), (6, "random")],
)
def test_a_seeded_match_plays_to_a_faction_win(players: int, neutrals: str) -> None:
    history = random_match(players, neutrals, seed=2024 + players)
    final = history[-1][0]
    outcome = ENGINE.outcome(final)
    assert outcome is not None
    assert outcome.reason in {"indigo_freed_scarlett", "zev_caught_indigo", "all_tiles_revealed"}
    assert set(outcome.winners) == set(outcome.detail["factions"][final.winner]["seats"])
    for state, _ in history:
        check_invariants(state)
    again = random_match(players, neutrals, seed=2024 + players)
    assert ENGINE.encode(again[-1][0]) == ENGINE.encode(final)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(2, 6),
    neutrals=st.sampled_from(["off", "random", "raffles-with-foxes", "raffles-with-guardians"]),
    seed=st.integers(0, 2**40),
)
def test_any_match_keeps_the_rules_invariants(players: int, neutrals: str, seed: int) -> None:
    if players >= 5 and neutrals == "off":
        neutrals = "random"
    for state, log in random_match(players, neutrals, seed):
        check_invariants(state)
        assert ENGINE.decode(json.loads(json.dumps(ENGINE.encode(state)))) == state
        for entry in log:
            assert all(secret.value not in entry.text for secret in ENGINE.secrets(state))


def test_an_unfinished_state_round_trips_through_json() -> None:
    state = replace(make_state({"E4": "N+W"}), phase="follow")
    assert ENGINE.decode(json.loads(json.dumps(ENGINE.encode(state)))) == state
