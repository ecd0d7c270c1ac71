"""The peer's game (benchmarks/peer/game.js) plays by the rules `make bench-peer` relies on.

benchmarks/peer/check.js plays a seeded random playout through boardgame.io's own master (in
process) and fails on the first broken promise: a move the driver would pick from a seat's view
refused, an illegal move accepted, a hand seen by the other seat, a card lost, a match that does
not end at 21 points. Real Node and the pinned boardgame.io (package-lock.json, installed as the
contract checks install their npm tools): a missing node fails the test, it is never skipped.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.api_contract.tools import npm_bin, run
from tests.servers import ROOT

CHECK = ROOT / "benchmarks" / "peer" / "check.js"
MOVES = 600  # about six matches of 2-4 rounds: deals, ends of matches and refusals all occur


def test_a_seeded_playout_keeps_the_rules_and_the_secrets() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to run the peer's game (Node.js 20 or later)")
    modules = npm_bin().parent  # boardgame.io, for a checkout without node_modules
    result = run(["env", f"NODE_PATH={modules}", node, str(CHECK), "--moves", str(MOVES)])
    assert result.returncode == 0, result.stdout
    # boardgame.io logs each refusal on stderr (merged): the counts are the one JSON line.
    counts = json.loads(next(line for line in result.stdout.splitlines() if line.startswith("{")))
    assert counts["moves"] == MOVES
    assert counts["matches"] >= 3, counts  # matches ended at the target and new ones began
    assert counts["rounds"] >= counts["matches"] + 3, counts  # deals between rounds
    assert counts["refused"] >= MOVES // 10, counts
