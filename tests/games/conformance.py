"""The conformance suite: generic checks that every engine must pass unchanged.

Each check takes an engine and works only through the contract in app/games/protocol.py, so a
new game gets the whole suite for free (one vocabulary, one suite, as in OpenSpiel).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from app.games.protocol import (
    ILLEGAL,
    MALFORMED,
    NOT_YOUR_TURN,
    Action,
    Choice,
    Engine,
    Flag,
    IllegalAction,
    Integer,
    LogEntry,
    Seat,
    Subset,
)
from app.games.rng import pick

MAX_STEPS = 20_000
JUNK_VALUES: tuple[Any, ...] = (None, -1, 10**6, "", "zz-not-a-thing", [], {}, True, 1.5)


@dataclass
class Step:
    seat: Seat
    action: Action
    log: tuple[LogEntry, ...]
    state: Any


@dataclass
class Playout:
    players: int
    options: dict[str, Any]
    seed: int
    initial: Any
    steps: list[Step] = field(default_factory=list)

    @property
    def states(self) -> list[Any]:
        return [self.initial, *(step.state for step in self.steps)]

    @property
    def final(self) -> Any:
        return self.steps[-1].state if self.steps else self.initial


def canonical(value: Any) -> str:
    """Byte-exact JSON; fails on NaN, sets and other non-JSON values."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def fingerprint(value: Any) -> str:
    """A key for telling two JSON values apart, about ten times faster than `canonical` (the
    per-choice checks compare hundreds of thousands of views); `canonical` stays the strict
    check that a value is JSON at all."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def option_sets(engine: Engine[Any]) -> list[tuple[int, dict[str, Any]]]:
    """Player counts x option combinations: defaults, each value of each option, all on.

    Combinations the engine refuses (BadOptions) are left out: they can never start.
    """
    candidates: list[tuple[int, dict[str, Any]]] = []
    for players in engine.seats:
        candidates.append((players, {}))
        candidates.append((players, _everything_on(engine)))
        for spec in engine.options:
            for value in _values(spec):
                candidates.append((players, {spec.key: value}))
    result: list[tuple[int, dict[str, Any]]] = []
    seen: set[str] = set()
    for players, raw in candidates:
        try:
            normalized = engine.check_options(raw, players)
        except Exception as refusal:
            if type(refusal).__name__ != "BadOptions":
                raise
            continue
        key = canonical([players, normalized])
        if key not in seen:
            seen.add(key)
            result.append((players, normalized))
    return result


def _values(spec: Any) -> list[Any]:
    if isinstance(spec, Choice):
        return list(spec.values)
    if isinstance(spec, Flag):
        return [True, False]
    if isinstance(spec, Integer):
        return sorted({spec.minimum, spec.default, spec.maximum})
    if isinstance(spec, Subset):
        return [[], list(spec.values), [spec.values[0]]]
    raise TypeError(f"unknown option spec {spec!r}")


def _everything_on(engine: Engine[Any]) -> dict[str, Any]:
    everything: dict[str, Any] = {}
    for spec in engine.options:
        if isinstance(spec, Flag):
            everything[spec.key] = True
        elif isinstance(spec, Subset):
            everything[spec.key] = list(spec.values)
    return everything


def random_playout(
    engine: Engine[Any], players: int, options: Mapping[str, Any], seed: int
) -> Playout:
    """A whole match with uniformly random legal actions (and random order among actors)."""
    chooser = random.Random(seed ^ 0x5EED)
    state = engine.setup(players, options, seed)
    playout = Playout(players, dict(options), seed, state)
    for _ in range(MAX_STEPS):
        actors = engine.to_act(state)
        if not actors:
            return playout
        seat = pick(chooser, actors)
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        action = pick(chooser, legal)
        transition = engine.apply(state, seat, action)
        playout.steps.append(Step(seat, action, transition.log, transition.state))
        state = transition.state
    raise AssertionError(f"{engine.id}: no end after {MAX_STEPS} random steps (seed {seed})")


def replay(engine: Engine[Any], playout: Playout) -> Any:
    state = engine.setup(playout.players, playout.options, playout.seed)
    for step in playout.steps:
        state = engine.apply(state, step.seat, step.action).state
    return state


# --------------------------------------------------------------------------- per-state checks


def check_turn_structure(engine: Engine[Any], state: Any, players: int) -> None:
    actors = engine.to_act(state)
    outcome = engine.outcome(state)
    assert all(0 <= seat < players for seat in actors), actors
    assert len(set(actors)) == len(actors), f"to_act repeats a seat: {actors}"
    if outcome is None:
        assert actors, "the match is not over but nobody may act"
    else:
        assert not actors, "the match is over but seats may still act"
        assert len(outcome.scores) == players
        assert all(0 <= seat < players for seat in outcome.winners)
        assert re.fullmatch(r"[a-z0-9_]+", outcome.reason), outcome.reason
        canonical(dict(outcome.detail))
    for seat in range(players):
        legal = list(engine.legal_actions(state, seat))
        canonical(legal)
        if seat in actors:
            assert legal, f"seat {seat} is to act but has no legal action"
            assert all(isinstance(a.get("type"), str) for a in legal), legal
            assert len({canonical(a) for a in legal}) == len(legal), "duplicate legal action"
        else:
            assert not legal, f"seat {seat} is not to act but has legal actions"


def check_invalid_viewers(engine: Engine[Any], state: Any, players: int) -> None:
    """Only seats of the match and spectators have a view; other "seats" get nothing at all
    (seat -1 must not be the last seat by Python's indexing)."""
    for viewer in (-1, players, players + 3, True):
        try:
            engine.view(state, viewer)
        except IllegalAction as refusal:
            assert refusal.code in (MALFORMED, ILLEGAL), refusal.code
        else:
            raise AssertionError(f"viewer {viewer!r} of a {players}-seat match got a view")
        assert list(engine.legal_actions(state, viewer)) == [] or viewer is True
        for seat in engine.to_act(state):
            action = engine.legal_actions(state, seat)[0]
            if viewer is not True:
                _expect_refusal(engine, state, viewer, action)


def check_encoding(engine: Engine[Any], state: Any, players: int) -> None:
    encoded = canonical(engine.encode(state))
    decoded = engine.decode(json.loads(encoded))
    assert canonical(engine.encode(decoded)) == encoded, "decode(encode(state)) differs"
    for viewer in [*range(players), None]:
        assert canonical(engine.view(decoded, viewer)) == canonical(engine.view(state, viewer))
    for seat in engine.to_act(state):
        assert canonical(list(engine.legal_actions(decoded, seat))) == canonical(
            list(engine.legal_actions(state, seat))
        )


def check_every_legal_action_applies(engine: Engine[Any], state: Any) -> None:
    before = canonical(engine.encode(state))
    for seat in engine.to_act(state):
        for action in engine.legal_actions(state, seat):
            transition = engine.apply(state, seat, action)
            canonical(engine.encode(transition.state))
            for entry in transition.log:
                canonical({"text": entry.text, "data": dict(entry.data)})
    assert canonical(engine.encode(state)) == before, "apply mutated its input state"


def check_refusals(engine: Engine[Any], state: Any, players: int, rng: random.Random) -> None:
    """Anything not listed is refused with IllegalAction (never another exception), and the
    refusal's message tells the player nothing hidden from them."""
    actors = engine.to_act(state)
    secrets = list(engine.secrets(state))
    for seat in range(players):
        legal = list(engine.legal_actions(state, seat))
        listed = {canonical(a) for a in legal}
        hidden = [s.value for s in secrets if seat not in s.known_to]
        for candidate in _mutations(legal, rng):
            if _is_json_object(candidate) and canonical(candidate) in listed:
                continue
            refusal = _expect_refusal(engine, state, seat, candidate)
            for token in hidden:
                if _contains_token(refusal.message, token) and not _contains_token(
                    canonical(candidate), token
                ):
                    raise AssertionError(f"refusal to seat {seat} reveals {token!r}: {refusal}")
        if seat not in actors:
            for other in actors:
                for action in list(engine.legal_actions(state, other))[:3]:
                    refusal = _expect_refusal(engine, state, seat, action)
                    assert refusal.code == NOT_YOUR_TURN, refusal.code


def _expect_refusal(engine: Engine[Any], state: Any, seat: Seat, candidate: Any) -> IllegalAction:
    try:
        engine.apply(state, seat, candidate)
    except IllegalAction as refusal:
        assert refusal.message.strip(), "a refusal needs a message for the player"
        return refusal
    raise AssertionError(f"seat {seat}: unlisted action accepted: {candidate!r}")


def _is_json_object(value: Any) -> bool:
    return isinstance(value, Mapping)


def _mutations(legal: Sequence[Action], rng: random.Random) -> Iterator[Any]:
    yield {}
    yield {"type": "zz-no-such-action"}
    yield {"type": None}
    yield from (None, [], "play", 7)
    samples = list(legal) if len(legal) <= 4 else [pick(rng, legal) for _ in range(4)]
    values_by_key: dict[str, list[Any]] = {}
    for action in legal:
        for key, value in action.items():
            values_by_key.setdefault(key, []).append(value)
    for action in samples:
        yield {**action, "zz_unknown_field": 1}
        for key in action:
            yield {k: v for k, v in action.items() if k != key}
            for junk in JUNK_VALUES:
                yield {**action, key: junk}
            others = values_by_key.get(key, [])
            if others:
                yield {**action, key: pick(rng, others)}


# --------------------------------------------------------------------------- the leak check


def visible_log(entries: Sequence[LogEntry], viewer: Seat | None) -> list[dict[str, Any]]:
    return [
        {"text": e.text, "data": dict(e.data)}
        for e in entries
        if e.audience is None or e.audience == viewer
    ]


def check_no_leak(
    engine: Engine[Any],
    state: Any,
    log: Sequence[LogEntry],
    players: int,
    seed: int,
    rng: random.Random,
) -> None:
    """Nothing hidden from a viewer reaches it, in any form.

    Two independent checks: (1) every declared secret token is absent from the view, legal
    actions and visible log of every viewer it is hidden from, and so is the seed; (2) the view
    and legal actions are identical for a determinized twin of the state, i.e. they depend only
    on what the viewer knows, even for secrets that are not tokens (a face-down tile's arrows).
    """
    secrets = list(engine.secrets(state))
    for viewer in [*range(players), None]:
        sent = canonical(
            {
                "view": engine.view(state, viewer),
                "legal": list(engine.legal_actions(state, viewer)) if viewer is not None else [],
                "log": visible_log(log, viewer),
            }
        )
        assert not _contains_token(sent, str(seed)), f"the seed reached viewer {viewer}"
        for secret in secrets:
            if viewer in secret.known_to:
                continue
            assert not _contains_token(sent, secret.value), (
                f"secret {secret.value!r} (known to {secret.known_to}) reached viewer {viewer}"
            )
        twin = engine.determinize(state, viewer, rng)
        assert fingerprint(engine.view(twin, viewer)) == fingerprint(engine.view(state, viewer)), (
            f"viewer {viewer}'s view changes when hidden information is re-dealt"
        )
        assert engine.to_act(twin) == engine.to_act(state)
        if viewer is not None:
            assert fingerprint(list(engine.legal_actions(twin, viewer))) == fingerprint(
                list(engine.legal_actions(state, viewer))
            ), f"viewer {viewer}'s legal actions change when hidden information is re-dealt"


def check_indistinguishable_choices(engine: Engine[Any], state: Any, players: int) -> None:
    """Knowledge follows sight: choices that tell a viewer the same thing leave it the same view.

    For every acting seat, its legal actions are grouped by what each other viewer reads of
    the result (the log entries that viewer may see). Within a group the viewer must get an
    identical view and identical legal actions after every choice; otherwise the view names a
    face-down choice (the kept card still "known" only when it was kept, say).
    """
    for seat in engine.to_act(state):
        legal = list(engine.legal_actions(state, seat))
        if len(legal) < 2:
            continue
        results = [engine.apply(state, seat, action) for action in legal]
        legal, results = _still_running(engine, results, legal)
        for viewer in [*range(players), None]:
            if viewer != seat:
                _same_reading_same_view(engine, viewer, legal, results)


def _still_running(
    engine: Engine[Any], results: list[Any], legal: list[Action]
) -> tuple[list[Action], list[Any]]:
    """Choices that end the match are left out: the final view reveals everything anyway."""
    kept = [(a, r) for a, r in zip(legal, results, strict=True) if engine.outcome(r.state) is None]
    return [a for a, _ in kept], [r for _, r in kept]


def _same_reading_same_view(
    engine: Engine[Any], viewer: Seat | None, legal: list[Action], results: list[Any]
) -> None:
    # Only choices that read the same as another have a view to compare: a choice that reads
    # unlike any other tells the viewer what it was anyway (most public plays).
    readings: dict[str, list[tuple[Action, Any]]] = {}
    for action, result in zip(legal, results, strict=True):
        told = fingerprint(visible_log(result.log, viewer))
        readings.setdefault(told, []).append((action, result))
    for alike in readings.values():
        if len(alike) > 1:
            _same_view(engine, viewer, alike)


def _same_view(engine: Engine[Any], viewer: Seat | None, alike: list[tuple[Action, Any]]) -> None:
    first: tuple[str, Action] | None = None
    for action, result in alike:
        after = fingerprint(
            {
                "view": engine.view(result.state, viewer),
                "to_act": list(engine.to_act(result.state)),
                "legal": [] if viewer is None else list(engine.legal_actions(result.state, viewer)),
            }
        )
        first = first or (after, action)
        assert after == first[0], (
            f"choices {first[1]!r} and {action!r} read the same to viewer {viewer} but leave "
            f"it different views: {_first_difference(first[0], after)}"
        )


def _first_difference(left: str, right: str) -> str:
    at = next((i for i, pair in enumerate(zip(left, right, strict=False)) if len(set(pair)) > 1), 0)
    return f"...{left[max(0, at - 80) : at + 80]}... vs ...{right[max(0, at - 80) : at + 80]}..."


def check_fading(engine: Engine[Any], playout: Playout) -> None:
    """Memory rules: an entry's faded form (empty: it is left out) names nothing secret, the
    forgotten horizon only moves forward, and it never passes an episode still being played."""
    horizon = 0
    for step in playout.steps:
        now = engine.forgotten_before(step.state)
        assert isinstance(now, int) and now >= horizon, f"forgotten_before went back to {now}"
        horizon = now
        for entry in step.log:
            if entry.episode is None:
                continue
            assert entry.episode >= now, f"{entry.text!r} is forgotten as soon as it is written"
            hidden = [s.value for s in engine.secrets(step.state)]
            assert not any(_contains_token(entry.faded, token) for token in hidden), entry.faded


SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)


def check_private_lines_told_to_others(playout: Playout) -> None:
    """After the end everyone reads every entry: a private line ("You drew the 7 of Moons")
    reads for anyone else in its third-person form (`others`), which names its owner and
    never says "you"; every step with private lines tells the others at least one of them
    (an empty form is for the other side of an event another line already tells)."""
    for step in playout.steps:
        private = [e for e in step.log if e.audience is not None]
        for entry in private:
            assert not SECOND_PERSON.search(entry.others), entry.others
            assert not entry.others or f"{{seat{entry.audience}}}" in entry.others, entry.others
        assert not private or any(e.others for e in private), [e.text for e in private]


def _contains_token(text: str, token: str) -> bool:
    """True if `token` occurs in `text` not as part of a longer word or id."""
    if token not in text:  # the usual case, and a plain substring test is fast
        return False
    pattern = r"(?<![\w-])" + re.escape(token) + r"(?![\w-])"
    return re.search(pattern, text) is not None


def check_determinized_plays_on(
    engine: Engine[Any], state: Any, players: int, rng: random.Random
) -> None:
    """A determinized state is a real state: its legal actions apply."""
    for viewer in [*range(players), None]:
        twin = engine.determinize(state, viewer, rng)
        check_turn_structure(engine, twin, players)
        for seat in engine.to_act(twin):
            engine.apply(twin, seat, pick(rng, engine.legal_actions(twin, seat)))


__all__ = [
    "Playout",
    "canonical",
    "check_determinized_plays_on",
    "check_encoding",
    "check_every_legal_action_applies",
    "check_fading",
    "check_indistinguishable_choices",
    "check_invalid_viewers",
    "check_no_leak",
    "check_refusals",
    "check_turn_structure",
    "option_sets",
    "random_playout",
    "replay",
]
