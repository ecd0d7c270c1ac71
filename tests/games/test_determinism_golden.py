"""Golden playouts: every engine behaves exactly as it did when these hashes were recorded.

Each case plays one seeded random match and hashes everything a player, the server or a bot
can observe along the way: every state's `encode`, every viewer's view (spectator included),
the legal actions, the log entries, the secrets, periodic determinizations, and the outcome.
Optimising an engine must leave all of it byte for byte the same; a deliberate rule or state
change re-records the table with `python -m tests.games.test_determinism_golden`.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import asdict
from typing import Any, NamedTuple

import pytest

from app.games import REGISTRY
from app.games.protocol import Engine
from app.games.rng import pick
from tests.games.conformance import MAX_STEPS, canonical

DETERMINIZE_EVERY = 7
"""Bots search determinized states; sampling some keeps their draws covered too."""


class Case(NamedTuple):
    engine_id: str
    players: int
    options: dict[str, Any]
    seed: int


class Recorded(NamedTuple):
    actions: int
    final: str
    trace: str


_ALL_SPECIALS = ["axe", "tree", "fairy", "crown", "mirror", "bow", "hammer", "potion", "shovel"]

CASES: dict[str, Case] = {
    "fitf-default": Case("fox-in-the-forest", 2, {}, 11),
    "fitf-everything": Case(
        "fox-in-the-forest",
        2,
        {"special_list": _ALL_SPECIALS, "poison": True, "goals": True, "open_tricks": True},
        12,
    ),
    "fitf-random-specials": Case("fox-in-the-forest", 2, {"special_cards": 9}, 13),
    "fitf-short-poison": Case("fox-in-the-forest", 2, {"target_score": 16, "poison": True}, 14),
    "duet-level-1": Case("fox-in-the-forest-duet", 2, {"level": 1}, 21),
    "duet-level-2-open": Case("fox-in-the-forest-duet", 2, {"level": 2, "open_tricks": True}, 22),
    "duet-level-3": Case("fox-in-the-forest-duet", 2, {"level": 3}, 23),
    "tree-2": Case("fox-on-the-tree", 2, {}, 31),
    "tree-3": Case("fox-on-the-tree", 3, {}, 32),
    "tree-5": Case("fox-on-the-tree", 5, {}, 33),
    "run-2-off": Case("fox-on-the-run", 2, {"neutrals": "off"}, 41),
    "run-3-random": Case("fox-on-the-run", 3, {"neutrals": "random"}, 42),
    "run-4-foxes": Case("fox-on-the-run", 4, {"neutrals": "raffles-with-foxes"}, 43),
    "run-6-guardians": Case("fox-on-the-run", 6, {"neutrals": "raffles-with-guardians"}, 44),
    "oh-fox-2": Case("oh-fox", 2, {}, 51),
    "oh-fox-3-nuts-masked": Case(
        "oh-fox", 3, {"animal_cards": "completely_nuts", "masked_predator": True}, 52
    ),
    "oh-fox-4-picked": Case(
        "oh-fox",
        4,
        {"picked_animals": ["badger"], "picked_objectives": ["fickler"], "predator": "fourth"},
        53,
    ),
    "oh-fox-4-tough-none": Case(
        "oh-fox", 4, {"animal_cards": "tough_nut", "objectives": "none", "predator": "second"}, 54
    ),
}

GOLDEN: dict[str, Recorded] = {
    "duet-level-1": Recorded(
        actions=61,
        final="6a629765f1a9b1bf45fea568dcee67b6c3c79c51528484de60e77a52dfe58d06",
        trace="46175b6123d35fd8b545ab741f280023d3e7c318eda31b87d1bb218e81f30c88",
    ),
    "duet-level-2-open": Recorded(
        actions=54,
        final="c58d4302fc26b0ff475d03a3dc1e71fbdb394f56a4ce15be475dfdb2abec4bec",
        trace="6311db664850aca3e2afffd1dd368fff4466329e57d87090e1d0330c39aa2b8c",
    ),
    "duet-level-3": Recorded(
        actions=40,
        final="b52d20cbcddabe4ff9442ed48e32d6f8c14130e4396d168d7919d8273a7a9567",
        trace="b8e01fbd9acbd7bc4c26ba6b6f6fffa0a9f825b9903c7b2e2487dbc3b9cbd85c",
    ),
    "fitf-default": Recorded(
        actions=129,
        final="82299a6a449966f6711ff73428b170b6a28a4655fac0533e5ef4e38157cb8fb8",
        trace="9ff001f7cdd5e2ffd482b8f041e4481d208325caa0217a85a6daa221e2b289ab",
    ),
    "fitf-everything": Recorded(
        actions=171,
        final="df8ffd542fdf6294c6ad46eb80d469a01cbfb652885bc4057eccedc3e611ad91",
        trace="6ad1c77a500d3d1b457feb41a2be7375daed0108fd932287c18e9836ddafcb1e",
    ),
    "fitf-random-specials": Recorded(
        actions=139,
        final="666e77824a1e93864677979daa7584dfc406a9b78315825599a70dda65abc096",
        trace="07918e1583263118df6a0024d8ef21c5b9294f8a18828d690ef90f058dd547bc",
    ),
    "fitf-short-poison": Recorded(
        actions=123,
        final="9f3b28359b5c698ea737dfbe933ae58be742292570349e915cf59d8947ab639a",
        trace="c86f5811e5917c34a8bec547f72059209592bfade52cf36b99791a44208909a8",
    ),
    "oh-fox-2": Recorded(
        actions=45,
        final="350d1dab1b2f0e89a46605656b7b12d48bfd5229ab1233dad6cda457032c4a0e",
        trace="8c1267d2b9ca285ce5b37cad02b8b06a14b560c7c826f6610186e9102250ffda",
    ),
    "oh-fox-3-nuts-masked": Recorded(
        actions=26,
        final="a1eb38556d28ed68cb52466f662a23715e83e2c918f6d24bb3705abea2d15264",
        trace="5e8fb5b25e03eaf5fbb0b66b805823755711f1d7eda721a05ead9ee890016608",
    ),
    "oh-fox-4-picked": Recorded(
        actions=206,
        final="ed153a8926cb1915fa0b3b2556dd97d3c5b897c759f027ac3e01ab0c29a2a5cc",
        trace="7150ebf2a23010c610054e6c73c19076d9da7a9cd2d6fd0686a793db96e5044c",
    ),
    "oh-fox-4-tough-none": Recorded(
        actions=105,
        final="3f3d319a29de40fe6802f073766fe7606e0ca8b1fc2561e213acaabdeb49bc8c",
        trace="50f623bcb9dc51ade49a1950f0334399a313db43e89e83c85c79b8f854dab3b9",
    ),
    "run-2-off": Recorded(
        actions=36,
        final="6945b6cb382622970ca8777b1e015a8675522b9966664c9a8f0df0b748709de9",
        trace="4c6b63701bfb2ed841058eef700979c4a44471db2189b757ef787d785d7038b6",
    ),
    "run-3-random": Recorded(
        actions=152,
        final="bf474555a911ac104c604209e1196a00da34cab6c489da6e1e4984b97d9d7938",
        trace="bc3e237894bcdf3480770520139325e9dad747a33979550911ea785c0889d535",
    ),
    "run-4-foxes": Recorded(
        actions=125,
        final="687b628854a2b0b57d40d090d2f03a7f3ea13cf7fbd3d5e600abaac983102e68",
        trace="ef2563a38b5080ff07bb17d9665ac9653f950fbb0e4d52d8a33d4775dde8b9f7",
    ),
    "run-6-guardians": Recorded(
        actions=74,
        final="076baf280faa72c4aada465add0ffb28d3b2cc8817286962994dc7a3e4ebfb4f",
        trace="5ba8e8b069a947c4bdf98fba4a4a57d460264073c3d376f27a3ac57d17572d77",
    ),
    "tree-2": Recorded(
        actions=81,
        final="c09b48b4a1ad0a5a3ac0b8b029e67e2a9833256de8399178a4af6b4005831af4",
        trace="0c84dc48cdc398324de4502811996f35a7e7c0fd3ca672f4c83a0a4903e13d3b",
    ),
    "tree-3": Recorded(
        actions=81,
        final="6c7eb0bfd79e7b1d21252025b14fc9eb0623dd201eb089f676e9bab679fb02bc",
        trace="30efd71ac2f6548d9bf31eb1edc8c2cc4a02ccb0a642d69ebfa2cb16c48aa9e4",
    ),
    "tree-5": Recorded(
        actions=104,
        final="6460c3e4beb912697e284aa9ace9cf57ec2757e33655b66255bce18b2d1eed05",
        trace="a55e707555c89cb4380cd666e92821f0b130b4918bd5f61e32623214e2256053",
    ),
}


def _observe(engine: Engine[Any], state: Any, players: int, step: int) -> list[Any]:
    """Everything anyone can learn from `state`, in a fixed order."""
    viewers: list[int | None] = [*range(players), None]
    observed: list[Any] = [
        engine.encode(state),
        [engine.view(state, viewer) for viewer in viewers],
        list(engine.to_act(state)),
        engine.forgotten_before(state),
        [[secret.value, list(secret.known_to)] for secret in engine.secrets(state)],
    ]
    if step % DETERMINIZE_EVERY == 0 and engine.to_act(state):
        viewer = step % players
        shadow = engine.determinize(state, viewer, random.Random(step))
        observed.append(engine.encode(shadow))
    return observed


def play(case: Case) -> Recorded:
    """One seeded random match, chosen and hashed exactly the same way on every run."""
    engine = REGISTRY[case.engine_id]
    options = engine.check_options(case.options, case.players)
    state = engine.setup(case.players, options, case.seed)
    chooser = random.Random(case.seed)
    trace = hashlib.sha256()
    for step in range(MAX_STEPS):
        trace.update(canonical(_observe(engine, state, case.players, step)).encode())
        actors = engine.to_act(state)
        if not actors:
            outcome = engine.outcome(state)
            assert outcome is not None, "a match nobody is to act in has an outcome"
            trace.update(canonical(asdict(outcome)).encode())
            final = hashlib.sha256(canonical(engine.encode(state)).encode()).hexdigest()
            return Recorded(step, final, trace.hexdigest())
        seat = pick(chooser, actors)
        legal = list(engine.legal_actions(state, seat))
        action = pick(chooser, legal)
        transition = engine.apply(state, seat, action)
        log = [asdict(entry) for entry in transition.log]
        trace.update(canonical([seat, legal, action, log]).encode())
        state = transition.state
    raise AssertionError(f"{case}: no end after {MAX_STEPS} steps")


@pytest.mark.parametrize("name", sorted(CASES))
def test_playout_matches_the_recorded_golden(name: str) -> None:
    assert play(CASES[name]) == GOLDEN[name]


if __name__ == "__main__":
    for name in sorted(CASES):
        print(f"    {name!r}: {play(CASES[name])!r},")
