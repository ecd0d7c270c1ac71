"""The crash test: a real server SIGKILLed again and again while many matches are played.

Two-seat matches of The Fox in the Forest, one seat over REST and one over a WebSocket, play
random legal moves with idempotency ids; the server is killed after a seeded random number of
acknowledged moves (and a seeded pause, so the kill lands mid-request) and started again, and
the players carry on. At the end every acknowledged move must be in the history, at its
version, in order, and replaying the history must give the state the server holds.

`make test` runs a bounded version; `make crash` a bigger one with its figures printed
(FOXDEN_CRASH_MATCHES, FOXDEN_CRASH_KILLS, FOXDEN_CRASH_SEED).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import statistics

import httpx
import pytest

from tests.platform.client import ApiClient, open_table
from tests.reliability.history import check_history
from tests.reliability.players import (
    REQUEST_TIMEOUT,
    Move,
    RestSeat,
    Seat,
    SocketSeat,
    Table,
    play,
)
from tests.servers import Server

pytestmark = pytest.mark.slow

MATCHES = int(os.environ.get("FOXDEN_CRASH_MATCHES", "6"))
KILLS = int(os.environ.get("FOXDEN_CRASH_KILLS", "3"))
SEED = int(os.environ.get("FOXDEN_CRASH_SEED", "14"))
MOVES_PER_MATCH = 80  # a match to 16 points takes about 95 moves: kills land before the end
ADMIN_TOKEN = "crash-admin-token-of-at-least-32-characters"


class Crasher:
    """SIGKILLs the server after a seeded random number of acknowledged moves, then restarts it.

    Each kill is timed one of two ways (a seeded choice): inside a request, a seeded fraction
    of the recent answer time after a move is sent; or at once when one seat's socket shows a
    move the other seat sent over REST and has no answer for yet: committed, not acknowledged.
    There a lost answer makes the player send the move again, and only its id keeps it from
    being applied twice.
    """

    def __init__(self, server: Server, rng: random.Random, kills: int, spacing: int) -> None:
        self.server, self.rng, self.planned, self.spacing = server, rng, kills, spacing
        self.acks = self.kills = 0
        self.latencies: list[float] = [0.05]
        self.due = asyncio.Event()
        self._arm()

    def _arm(self) -> None:
        self.next_kill = self.acks + self.rng.randint(self.spacing // 2, self.spacing)
        self.after_commit = self.rng.random() < 0.5
        self.due.clear()

    def _armed(self) -> bool:
        return self.kills < self.planned and self.acks >= self.next_kill

    async def sending(self) -> None:
        if self._armed() and not self.after_commit:
            self.due.set()

    def acknowledged(self, move: Move, seconds: float) -> None:
        self.acks += 1
        if move.sends == 1:
            self.latencies = [*self.latencies[-49:], seconds]
        if self._armed() and self.after_commit and self.acks >= self.next_kill + self.spacing:
            # The committed-but-unanswered window needs a push to overtake a REST answer; when
            # a whole spacing of moves went by without one, kill inside a request instead, so
            # every planned kill lands before the matches end.
            self.after_commit = False

    def pushed(self, table: Table, watching_seat: int, version: int) -> None:
        move = table.moves.get(version - 1)
        unanswered = move is not None and move.seat != watching_seat and not move.acknowledged
        if self._armed() and self.after_commit and unanswered:
            self.due.set()

    async def run(self) -> None:
        while self.kills < self.planned:
            await self.due.wait()
            if not self.after_commit:
                typical = statistics.median(self.latencies)
                await asyncio.sleep(self.rng.uniform(0.3, 1.0) * typical)
            await asyncio.to_thread(self.server.kill)
            self.kills += 1
            self._arm()
            await asyncio.to_thread(self.server.start)


async def _tables(server: Server, count: int) -> list[Table]:
    tables = []
    for number in range(count):
        ada = await ApiClient.register(server.url, f"Ada {number}")
        bob = await ApiClient.register(server.url, f"Bob {number}")
        match_id = await open_table(ada, [bob], "fox-in-the-forest", {"target_score": 16})
        tables.append(Table(match_id, [ada.token, bob.token]))
    return tables


def _seats(
    http: httpx.AsyncClient, server: Server, crasher: Crasher, table: Table, number: int
) -> list[Seat]:
    """Half the matches have seat 0 on REST and seat 1 on a socket, half the other way round."""
    rest, socket = (0, 1) if number % 2 == 0 else (1, 0)
    seats: dict[int, Seat] = {
        rest: RestSeat(http, table.match_id, table.tokens[rest]),
        socket: SocketSeat(
            server.ws_url,
            table.match_id,
            table.tokens[socket],
            lambda version: crasher.pushed(table, socket, version),
        ),
    }
    return [seats[0], seats[1]]


async def test_every_acknowledged_move_survives_sigkills(database_url: str) -> None:
    engine = "postgres" if database_url.startswith("postgresql") else "sqlite"
    rng = random.Random(SEED)
    server = Server(
        {
            "FOXDEN_DATABASE_URL": database_url,
            "FOXDEN_ADMIN_TOKEN": ADMIN_TOKEN,
            "FOXDEN_RATE_PER_MINUTE": "1000000",
        }
    )
    await asyncio.to_thread(server.start)
    seats: list[list[Seat]] = []
    try:
        limits = httpx.Limits(max_connections=4 * MATCHES)
        async with httpx.AsyncClient(
            base_url=server.url, timeout=REQUEST_TIMEOUT, limits=limits
        ) as http:
            tables = await _tables(server, MATCHES)
            spacing = MATCHES * MOVES_PER_MATCH // (KILLS + 1)
            crasher = Crasher(server, random.Random(rng.random()), KILLS, spacing)
            seats = [_seats(http, server, crasher, table, n) for n, table in enumerate(tables)]
            killer = asyncio.create_task(crasher.run())
            await asyncio.gather(
                *(
                    play(table, table_seats, random.Random(rng.random()), crasher)
                    for table, table_seats in zip(tables, seats, strict=True)
                )
            )
            killer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await killer
            verified = sum([await check_history(http, table, ADMIN_TOKEN) for table in tables])
            resent = sum(move.sends > 1 for table in tables for move in table.moves.values())
    finally:
        for table_seats in seats:
            for seat in table_seats:
                await seat.close()
        server.stop()
    print(
        f"\ncrash test on {engine}: {MATCHES} matches, {crasher.kills} kills, "
        f"{verified} acknowledged moves verified in order and replayed ({resent} sent again "
        "after a kill, applied once), lost 0"
    )
    assert crasher.kills == KILLS
    assert verified == crasher.acks
