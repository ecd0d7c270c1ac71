"""Password hashing is Argon2id at RFC 9106's cost, holds no database connection, and a full
hashing pool refuses at once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from argon2 import extract_parameters
from argon2.profiles import RFC_9106_LOW_MEMORY
from sqlalchemy import select

from app.accounts import passwords, strength
from app.accounts.models import Account
from app.accounts.passwords import HASH_QUEUE, HASH_THREADS
from tests.platform.accounts.helpers import PASSWORD, code, sign_in
from tests.platform.helpers import Player, new_player


@pytest.fixture
def quick_hashes() -> None:
    """This file's subject is the hashing itself: the production hasher, at its real cost (the
    other tests hash at Argon2's least cost, tests/conftest.py)."""


class Gate:
    """Stands in for the Argon2 hasher: each hash waits until the test opens the gate, so the
    test can look at the server while hashes are running."""

    def __init__(self) -> None:
        self.real = passwords.HASHER
        self.entered = threading.Event()
        self.open = threading.Event()

    def hash(self, password: str) -> str:
        self.entered.set()
        self.open.wait(timeout=10)  # bounded: a failing test must not leave a thread behind
        return self.real.hash(password)

    def verify(self, stored_hash: str, password: str) -> bool:
        self.entered.set()
        self.open.wait(timeout=10)
        return self.real.verify(stored_hash, password)

    def check_needs_rehash(self, stored_hash: str) -> bool:
        return self.real.check_needs_rehash(stored_hash)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    gate = Gate()
    monkeypatch.setattr(passwords, "HASHER", gate)
    yield gate
    gate.open.set()


async def _settles_to_none_out(pool: Any) -> bool:
    for _ in range(500):
        if pool.checkedout() == 0:
            return True
        await asyncio.sleep(0.01)
    return False


def _claim(http: httpx.AsyncClient, player: Player, username: str) -> Any:
    body = {"username": username, "password": PASSWORD}
    return http.post("/api/v1/players/me/account", headers=player.auth, json=body)


async def test_a_claimed_password_is_stored_as_argon2id_at_rfc_9106s_cost(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    assert (await _claim(client, ada, "ada")).status_code == 201
    async with client.app.state.context.db.sessions() as session:  # type: ignore[attr-defined]
        stored = await session.scalar(select(Account.password_hash))
    assert stored is not None and extract_parameters(stored) == RFC_9106_LOW_MEMORY
    assert (await sign_in(client, "ada")).id == ada.id


async def test_no_database_connection_is_held_while_a_password_hashes(
    client: httpx.AsyncClient, gate: Gate
) -> None:
    pool = client.app.state.context.db.engine.pool  # type: ignore[attr-defined]
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    claiming = asyncio.create_task(_claim(client, ada, "ada"))
    await asyncio.to_thread(gate.entered.wait, 10)
    # The claim is parked at the gate: a connection it held would stay out. Another task of the
    # app (a sweep) may hold one for a moment on a loaded machine, so wait for the pool to settle.
    assert await _settles_to_none_out(pool)
    # Another player's request is answered meanwhile.
    assert (await client.get("/api/v1/players/me/matches", headers=bob.auth)).status_code == 200
    gate.open.set()
    assert (await claiming).status_code == 201
    me = await client.get("/api/v1/players/me/account", headers=ada.auth)
    assert me.json()["username"] == "ada"


async def test_hashes_beyond_the_pool_are_refused_at_once_and_nothing_is_half_written(
    client: httpx.AsyncClient, gate: Gate
) -> None:
    admitted = HASH_THREADS + HASH_QUEUE
    guests = [await new_player(client, f"G{n}") for n in range(admitted + 1)]
    claims = [asyncio.create_task(_claim(client, g, f"user{n}")) for n, g in enumerate(guests)]
    done, waiting = await asyncio.wait(claims, return_when=asyncio.FIRST_COMPLETED)
    (refused,) = [task.result() for task in done]  # the others wait at the closed gate
    assert code(refused) == (429, "rate/limited")
    assert refused.headers["Retry-After"] == "1"
    assert "busy checking passwords" in refused.json()["error"]["message"]
    gate.open.set()
    assert {answer.status_code for answer in await asyncio.gather(*waiting)} == {201}
    latecomer = guests[claims.index(next(iter(done)))]
    # The refused guest is still a guest, whole: its token works and it may claim again.
    assert code(await client.get("/api/v1/players/me/account", headers=latecomer.auth)) == (
        404,
        "account/not_found",
    )
    assert (await _claim(client, latecomer, "latecomer")).status_code == 201
    metrics = (await client.get("/metrics")).text
    assert "foxden_hashing_refused_total 1.0" in metrics


async def test_a_flood_beyond_the_pool_is_refused_at_the_door(
    client: httpx.AsyncClient, gate: Gate, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Claims beyond the pool are refused before their strength check (pure Python, ~10-50 ms of
    a core each) and their queries: a flood of 200 once cost 200 checks for 7 hashes."""
    judged = []

    def counting_judge(password: str, user_inputs: Any) -> Any:
        judged.append(password)
        return real_judge(password, user_inputs)

    real_judge = strength.judge
    monkeypatch.setattr(strength, "judge", counting_judge)
    admitted = HASH_THREADS + HASH_QUEUE
    guests = [await new_player(client, f"G{n}") for n in range(admitted + 5)]
    claims = [asyncio.create_task(_claim(client, g, f"user{n}")) for n, g in enumerate(guests)]
    while sum(task.done() for task in claims) < 5:  # the admitted ones wait at the closed gate
        await asyncio.wait(claims, return_when=asyncio.FIRST_COMPLETED)
    refused = [task for task in claims if task.done()]
    assert len(refused) == 5
    assert all(code(task.result()) == (429, "rate/limited") for task in refused)
    gate.open.set()
    assert [answer.status_code for answer in await asyncio.gather(*claims)].count(201) == admitted
    assert len(judged) == admitted
