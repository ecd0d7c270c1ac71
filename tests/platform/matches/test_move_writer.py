"""The move writer on both databases: a move commits with its history row or not at all.

Moves are decided on a process's copy of the match, so the writer is what keeps one writer
per match: a move decided on an old version (another process moved on) writes nothing, and a
seat's client action id is stored once. On SQLite many moves share one commit; each keeps its
own verdict.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

import asyncpg
import pytest
from sqlalchemy import func, select

from app.core.db import Database, utcnow
from app.matches.history import MoveWriter
from app.matches.models import Match, MatchAction
from app.matches.move import Move, Written
from app.matches.postgres_group_commit import PostgresGroupCommit
from tests.conftest import truncate_postgres


async def _new_match(db: Database, match_id: str) -> None:
    async with db.sessions() as session, session.begin():
        session.add(
            Match(
                id=match_id,
                game="high-card",
                engine_version=1,
                options={},
                seed=1,
                state="{}",
                version=0,
                status="active",
                outcome=None,
            )
        )


def _move(match_id: str, version: int, client_id: str | None = None) -> Move:
    return Move(
        match_id=match_id,
        guard_version=version - 1,
        guard_epoch=0,
        version=version,
        state=f'{{"v":{version}}}',
        status="active",
        outcome=None,
        deadline=None,
        seat_epoch=0,
        bot_due=False,
        seat=0,
        action={"type": "play", "card": f"c-{version}"},
        client_id=client_id,
        log=[{"text": "{seat0} played.", "audience": None, "data": {}}],
        actor="player",
        at=utcnow(),
    )


@asynccontextmanager
async def _writer(url: str) -> AsyncIterator[tuple[Database, MoveWriter]]:
    database = Database(url)
    writer = MoveWriter(database)
    try:
        yield database, writer
    finally:
        await writer.close()
        await database.dispose()


@pytest.fixture
async def db(database_url: str):  # type: ignore[no-untyped-def]
    async with _writer(database_url) as opened:
        yield opened


async def test_moves_of_many_matches_commit_together_each_with_its_verdict(db) -> None:  # type: ignore[no-untyped-def]
    database, writer = db
    for name in ("a", "b", "c"):
        await _new_match(database, name)
    verdicts = await asyncio.gather(
        writer.write(_move("a", 1, "x")),
        writer.write(_move("b", 1)),
        writer.write(replace(_move("b", 1), action={"type": "play", "card": "c-9"})),  # same guard
        writer.write(_move("c", 2)),  # decided on a version the match never had
    )
    assert verdicts[0] is Written.COMMITTED
    assert sorted(v.value for v in verdicts[1:3]) == ["committed", "stale"]
    assert verdicts[3] is Written.STALE
    again = await writer.write(replace(_move("a", 2, "x")))  # the same client id, next version
    assert again is Written.DUPLICATE
    async with database.sessions() as session:
        versions = dict((await session.execute(select(Match.id, Match.version))).all())
        rows = await session.scalar(select(func.count()).select_from(MatchAction))
        stored = await session.scalar(select(Match.state).where(Match.id == "a"))
    assert versions == {"a": 1, "b": 1, "c": 0}
    assert rows == 2  # one history row per committed move, none for the others
    assert stored == '{"v":1}'


async def test_times_read_back_as_written(db) -> None:  # type: ignore[no-untyped-def]
    database, writer = db
    await _new_match(database, "t")
    move = replace(_move("t", 1), deadline=utcnow())
    assert await writer.write(move) is Written.COMMITTED
    async with database.sessions() as session:
        deadline = await session.scalar(select(Match.deadline).where(Match.id == "t"))
        at = await session.scalar(select(MatchAction.created_at).where(MatchAction.match_id == "t"))
    assert deadline == move.deadline and at == move.at


async def test_a_finished_match_takes_no_more_moves(db) -> None:  # type: ignore[no-untyped-def]
    database, writer = db
    await _new_match(database, "m")
    final = replace(_move("m", 1), status="finished", outcome={"winners": [0]})
    assert await writer.write(final) is Written.COMMITTED
    assert await writer.write(_move("m", 2)) is Written.STALE
    async with database.sessions() as session:
        outcome = await session.scalar(select(Match.outcome).where(Match.id == "m"))
    assert outcome == {"winners": [0]}


async def test_a_move_without_a_state_keeps_the_checkpoint(db) -> None:  # type: ignore[no-untyped-def]
    database, writer = db
    await _new_match(database, "k")
    assert await writer.write(_move("k", 1)) is Written.COMMITTED  # a checkpoint at 1
    assert await writer.write(replace(_move("k", 2), state=None)) is Written.COMMITTED
    async with database.sessions() as session:
        row = (
            await session.execute(
                select(Match.state, Match.state_version, Match.version).where(Match.id == "k")
            )
        ).one()
        rows = await session.scalar(
            select(func.count()).select_from(MatchAction).where(MatchAction.match_id == "k")
        )
    assert tuple(row) == ('{"v":1}', 1, 2)  # the state of version 1, the head at 2
    assert rows == 2


@pytest.fixture
async def postgres_db(postgres_base_url: str):  # type: ignore[no-untyped-def]
    await truncate_postgres(postgres_base_url)
    async with _writer(postgres_base_url) as opened:
        yield opened


async def test_on_postgres_moves_that_arrive_together_share_a_commit(postgres_db) -> None:  # type: ignore[no-untyped-def]
    """The first move goes alone; the ones that arrive while it is on its way go together, and
    a duplicate among them is told apart without costing the others their commit."""
    database, writer = postgres_db
    names = [f"g{i}" for i in range(12)]
    for name in names:
        await _new_match(database, name)
    assert await writer.write(_move("g0", 1, "x")) is Written.COMMITTED
    verdicts = await asyncio.gather(
        *(writer.write(_move(name, 1)) for name in names[1:]),
        writer.write(_move("g0", 2, "x")),  # the same client id again: a retry, not a move
    )
    assert verdicts[:-1] == [Written.COMMITTED] * (len(names) - 1)
    assert verdicts[-1] is Written.DUPLICATE
    batches = writer.transactions
    assert batches < len(names) + 1, batches  # some moves shared a transaction
    async with database.sessions() as session:
        rows = await session.scalar(
            select(func.count()).select_from(MatchAction).where(MatchAction.match_id.in_(names))
        )
    assert rows == len(names)


async def test_a_lost_connection_reaches_every_mover_of_a_batch_as_its_own_error() -> None:
    """Every mover of a failed batch hears the failure (and so sends its move again), each
    with an error object of its own: one object raised in many tasks would pile up their
    tracebacks."""
    first_sent = asyncio.Event()
    lost = asyncio.Event()

    async def connections() -> asyncpg.Pool:
        first_sent.set()
        await lost.wait()
        raise asyncpg.ConnectionDoesNotExistError("the server went away")

    batches = PostgresGroupCommit(connections)
    alone = asyncio.ensure_future(batches.write(_move("a", 1)))
    await first_sent.wait()  # the first move is on its way; the next ones wait for a batch
    together = [asyncio.ensure_future(batches.write(_move(name, 1))) for name in ("b", "c")]
    lost.set()
    outcomes = await asyncio.gather(alone, *together, return_exceptions=True)
    assert all(isinstance(error, asyncpg.ConnectionDoesNotExistError) for error in outcomes)
    assert outcomes[1] is not outcomes[2]
    assert all(str(error) == "the server went away" for error in outcomes)
