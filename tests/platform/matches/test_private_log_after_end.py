"""After the end everyone reads every log entry, each seat's private lines included: the owner
still reads "You drew the 7 of Moons", anyone else (spectator or another seat) reads the same
event in the third person ("Ada drew the 7 of Moons"), never in the second person."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.platform.helpers import Player, start_match
from tests.platform.playout import play_out, players

SECOND_PERSON = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)
# Every game that writes private lines, with options that keep its match short.
PRIVATE_LINES = [
    ("fox-in-the-forest", {"target_score": 16}),
    ("fox-in-the-forest-duet", {}),
    ("fox-on-the-tree", {}),
    ("oh-fox", {}),
]


async def _private_lines(
    client: httpx.AsyncClient, match_id: str, viewer: Player | None
) -> list[tuple[int, str]]:
    headers = viewer.auth if viewer else {}
    log = (await client.get(f"/api/v1/matches/{match_id}/log", headers=headers)).json()
    assert log["replay"] is not None, "the match is over"
    return [(e["seq"], e["text"]) for e in log["entries"] if e["private"]]


def _second_person(lines: list[tuple[int, str]]) -> set[tuple[int, str]]:
    return {line for line in lines if SECOND_PERSON.search(line[1])}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("game", "options"), PRIVATE_LINES, ids=[g for g, _ in PRIVATE_LINES])
async def test_after_the_end_nobody_reads_another_seats_line_as_you(
    client: httpx.AsyncClient, game: str, options: dict[str, Any]
) -> None:
    ada, bob = await players(client, "Ada", "Bob")
    match_id = await start_match(client, ada, [bob], game, options)
    await play_out(client, match_id, [ada, bob], seed=game)
    watching = await _private_lines(client, match_id, None)
    assert watching, "the seats' private lines are told to the spectator"
    assert not _second_person(watching), _second_person(watching)
    ada_reads, bob_reads = [await _private_lines(client, match_id, p) for p in (ada, bob)]
    # A line in the second person is its owner's own: the other seat never reads it so.
    assert not _second_person(ada_reads) & set(bob_reads)
    assert not _second_person(bob_reads) & set(ada_reads)
    assert _second_person(ada_reads) | _second_person(bob_reads), "owners still read 'You ...'"
    assert any(re.search(r"\b(Ada|Bob)\b", text) for _, text in watching)
