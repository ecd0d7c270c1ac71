"""Moves crossing processes: a copy one move behind replays it exactly; a gap forgets the copy."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.accounts.identity import TokenCache
from app.matches.loaded import LoadedMatch, MatchCache, SeatInfo, encode_state
from app.realtime.broker import MemoryBroker
from app.realtime.fanout import Fanout
from app.realtime.hub import Hub
from app.realtime.messages import RESYNC, Presence, Signout, token_topic
from tests.fakes.high_card import ENGINE

pytestmark = pytest.mark.usefixtures("with_high_card")


def _match() -> LoadedMatch:
    seats = (SeatInfo(0, "p0", None, "Ada"), SeatInfo(1, "p1", None, "Bob"))
    state = ENGINE.setup(2, ENGINE.check_options({}, 2), seed=7)
    return LoadedMatch("m1", "high-card", {}, "active", 0, state, seats, None, None)


def _committed(loaded: LoadedMatch, action: dict[str, Any]) -> LoadedMatch:
    seat = ENGINE.to_act(loaded.state)[0]
    state = ENGINE.apply(loaded.state, seat, action).state
    missed = tuple(replace(s, missed_turns=1) if s.seat == 1 else s for s in loaded.seats)
    return replace(loaded, state=state, version=loaded.version + 1, seats=missed)


def _fanout(broker: MemoryBroker, hub: Hub | None = None) -> Fanout:
    return Fanout(broker, hub or Hub(), MatchCache(), {}, TokenCache())


class _Wire(MemoryBroker):
    """Hands every published message to another process's fan-out, as Redis would."""

    def __init__(self) -> None:
        super().__init__()
        self.other: Fanout | None = None

    async def publish(self, topic: str, message: str) -> None:
        if self.other is not None:
            self.other.receive(topic, message)


async def test_a_copy_one_move_behind_replays_the_move_exactly() -> None:
    wire = _Wire()
    here, there = _fanout(wire), _fanout(MemoryBroker())
    wire.other = there
    start = _match()
    there.matches.put(start)
    action = dict(ENGINE.legal_actions(start.state, ENGINE.to_act(start.state)[0])[0])
    committed = _committed(start, action)
    with there.hub.listen("match:m1") as listener:
        await here.moved(committed, 0, action, "player")
        assert await listener.next() == ["1"]
    copy = there.matches.get("m1")
    assert copy is not None and copy.version == 1
    assert encode_state(ENGINE, copy.state) == encode_state(ENGINE, committed.state)
    assert copy.seats[1].missed_turns == 1  # seat changes travel with the move


async def test_a_copy_that_missed_a_move_is_forgotten_not_trusted() -> None:
    wire = _Wire()
    here, there = _fanout(wire), _fanout(MemoryBroker())
    wire.other = there
    start = _match()
    there.matches.put(start)
    first = dict(ENGINE.legal_actions(start.state, 0)[0])
    one = _committed(start, first)
    second = dict(ENGINE.legal_actions(one.state, ENGINE.to_act(one.state)[0])[0])
    two = _committed(one, second)
    await here.moved(two, 1, second, "player")  # move 1 never arrived
    assert there.matches.get("m1") is None


class _CountingHub(Hub):
    def __init__(self) -> None:
        super().__init__()
        self.delivered: list[tuple[str, str]] = []

    def deliver(self, topic: str, message: str) -> None:
        self.delivered.append((topic, message))
        super().deliver(topic, message)


async def test_a_process_ignores_its_own_moves_coming_back() -> None:
    hub = _CountingHub()
    fanout = _fanout(MemoryBroker(), hub)
    await fanout.start()  # the memory broker hands every publish back, as Redis does
    start = _match()
    action = dict(ENGINE.legal_actions(start.state, 0)[0])
    committed = _committed(start, action)
    fanout.matches.put(committed)
    await fanout.moved(committed, 0, action, "player")
    assert hub.delivered == [("match:m1", "1")]  # woken once, when committed, not again
    assert fanout.matches.get("m1") is committed


async def test_after_a_broker_outage_every_copy_is_forgotten_and_every_socket_told() -> None:
    hub = Hub()
    fanout = _fanout(MemoryBroker(), hub)
    fanout.matches.put(_match())
    with hub.listen("match:m1") as listener:
        fanout.receive(RESYNC, RESYNC)
        assert await listener.next() == [RESYNC]
    assert fanout.matches.get("m1") is None


async def test_a_presence_change_anywhere_drops_this_process_copy_of_that_match_counts() -> None:
    hub = Hub()
    fanout = _fanout(MemoryBroker(), hub)
    fanout.presence_counts.update({"m1": {0: 1}, "m2": {1: 1}})
    with hub.listen("match:m1") as listener:
        fanout.receive("match:m1", Presence().encode())  # a seat connected on another process
        assert await listener.next() == [Presence().encode()]
    assert "m1" not in fanout.presence_counts  # the next push asks Redis who is here
    assert fanout.presence_counts["m2"] == {1: 1}


async def test_a_revocation_from_another_process_drops_the_token_and_a_resync_drops_all() -> None:
    """A process that hears of a revoked token stops trusting its cached copy at once; after a
    resync (news may have been lost) it trusts none of them."""
    from app.accounts.identity import Identity

    broker = MemoryBroker()
    fanout = Fanout(broker, Hub(), MatchCache(), {}, tokens := TokenCache())
    await fanout.start()
    for token_hash in ("a" * 64, "b" * 64):
        tokens.put(token_hash, Identity("p", "Ada", False, token_hash=token_hash))
    await broker.publish(token_topic("a" * 64), Signout().encode())
    assert tokens.get("a" * 64) is None and tokens.get("b" * 64) is not None
    fanout.receive(RESYNC, RESYNC)
    assert tokens.get("b" * 64) is None
