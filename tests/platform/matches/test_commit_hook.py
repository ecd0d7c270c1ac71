"""The commit hook: a listener that fails or stalls cannot lose a committed move, fail the
request that made it, or keep the other listeners (the sockets) from hearing of it."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from app.core.clock import ManualClock
from app.matches import commits
from app.matches.commits import Change, Commit, CommitHook, changes_seats, finishes
from tests.platform.helpers import act, envelope, new_player, start_match

# Generous bounds: the test waits on events, these only keep a broken hook from hanging it.
SETTLED = 30.0


def _commit(version: int, match_id: str = "m1", status: str = "active") -> Commit:
    class Match:  # the hook reads only the id and version of the match it announces
        id = match_id

    match: Any = Match()
    match.version, match.status = version, status
    return Commit(match, Change.MOVE, seat=0)


async def test_a_failing_listener_is_counted_and_the_others_still_hear() -> None:
    hook = CommitHook()
    heard: list[str] = []

    def broken_now(_commit: Commit) -> None:
        raise RuntimeError("at once, broken")

    async def broken_after(_commit: Commit) -> None:
        raise RuntimeError("after, broken")

    async def after(commit: Commit) -> None:
        heard.append(f"after v{commit.match.version}")

    hook.at_once(broken_now)
    hook.at_once(lambda commit: heard.append(f"now v{commit.match.version}"))
    hook.after(broken_after)
    hook.after(after)
    await hook.announce(_commit(1))  # never raises for a listener
    await hook.drain()
    assert heard == ["now v1", "after v1"]
    assert hook.failures == 2


async def test_a_move_is_answered_at_once_and_an_ending_once_its_listeners_are_done() -> None:
    """A rated table's final move is settled before its answer goes out (the end screen asks
    for the rating changes at once); an ordinary move does not wait for its push."""
    hook = CommitHook()
    heard: list[str] = []

    async def listener(commit: Commit) -> None:
        await asyncio.sleep(0)
        heard.append(commit.change)

    hook.after(listener)
    await hook.announce(_commit(1))
    assert heard == []
    ending = _commit(2, status="finished")
    await hook.announce(ending)
    assert heard == ["move", "move"]
    await hook.announce(Commit(ending.match, Change.END))
    assert heard == ["move", "move", "end"]


async def test_one_matchs_commits_reach_a_listener_in_the_order_they_were_committed() -> None:
    hook = CommitHook()
    heard: list[int] = []
    first_may_finish = asyncio.Event()

    async def slow_on_the_first(commit: Commit) -> None:
        if commit.match.version == 1:
            await first_may_finish.wait()
        heard.append(commit.match.version)

    hook.after(slow_on_the_first)
    one = asyncio.create_task(hook.announce(_commit(1)))
    two = asyncio.create_task(hook.announce(_commit(2)))
    await asyncio.sleep(0)
    first_may_finish.set()
    async with asyncio.timeout(SETTLED):
        await asyncio.gather(one, two)
    assert heard == [1, 2]


async def test_a_stalled_listener_is_left_behind_and_then_cancelled() -> None:
    """An ending waits WAIT_SECONDS at most for its listeners, and a listener still at work
    after LISTENER_SECONDS is cancelled: both counted on the process's clock."""
    clock = ManualClock()
    hook = CommitHook(clock)
    stalled_on = asyncio.Event()
    cancelled = asyncio.Event()
    heard = asyncio.Event()

    async def stalled(_commit: Commit) -> None:
        stalled_on.set()
        try:
            await asyncio.Event().wait()  # never set
        except asyncio.CancelledError:
            cancelled.set()
            raise

    async def next_listener(_commit: Commit) -> None:
        heard.set()

    hook.after(stalled)
    hook.after(next_listener)
    async with asyncio.timeout(SETTLED):
        answered = asyncio.create_task(hook.announce(_commit(1, status="finished")))
        await stalled_on.wait()
        assert not answered.done()  # an ending waits for its listeners...
        await clock.advance(commits.WAIT_SECONDS)
        await answered  # ...for WAIT_SECONDS at most
        assert not heard.is_set() and not cancelled.is_set()
        await clock.advance(2 * commits.LISTENER_SECONDS)
        await cancelled.wait()
        await heard.wait()  # the listener after it still hears of the commit
        await hook.drain()
    assert hook.failures == 1


async def test_a_listener_hears_only_the_commits_it_is_for() -> None:
    hook = CommitHook()
    heard: list[str] = []

    async def settle(commit: Commit) -> None:
        heard.append(f"settle v{commit.match.version}")

    hook.after(settle, when=finishes)
    hook.at_once(lambda commit: heard.append(f"seats v{commit.match.version}"), when=changes_seats)
    await hook.announce(_commit(1))
    await hook.announce(_commit(2, status="finished"))
    ending = _commit(3, status="finished")
    await hook.announce(Commit(ending.match, Change.SEATS))
    await hook.drain()
    assert heard == ["settle v2", "seats v3", "settle v3"]


async def test_a_move_is_committed_and_pushed_whatever_a_listener_does(
    client: httpx.AsyncClient, clock: ManualClock
) -> None:
    """A listener that raises and one that never returns, both before the sockets' own: the
    move is answered at once, stored, and pushed to a socket of the match all the same."""
    context = client.app.state.context  # type: ignore[attr-defined]
    hook: CommitHook = context.commits
    stalled_on: list[int] = []

    def raises_at_once(_commit: Commit) -> None:
        raise RuntimeError("a listener's bug")

    async def raises_after(_commit: Commit) -> None:
        raise RuntimeError("a listener's bug")

    async def stalls(commit: Commit) -> None:
        if commit.change is Change.MOVE:
            stalled_on.append(commit.match.version)
            await asyncio.Event().wait()

    # The broken listeners go first; the sockets' listener (the fan-out) is put back after them.
    hook.remove(context.fanout.committed)
    hook.at_once(raises_at_once)
    hook.after(raises_after)
    hook.after(stalls)
    hook.after(context.fanout.committed)

    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    before = await envelope(client, match_id, ada)
    mover = ada if 0 in before["to_act"] else bob
    with context.hub.listen("match:" + match_id) as socket:
        answer = await act(client, match_id, mover, before["legal_actions"][0])
        assert answer.status_code == 200, answer.text
        async with asyncio.timeout(SETTLED):
            while not stalled_on:
                await asyncio.sleep(0)
            await clock.advance(2 * commits.LISTENER_SECONDS)
            pushed = await socket.next()  # once the stalled listener is cancelled
    assert str(before["version"] + 1) in pushed
    assert stalled_on == [before["version"] + 1]
    after = await envelope(client, match_id, ada)
    assert after["version"] == before["version"] + 1
    assert hook.failures >= 3


async def test_a_seat_change_and_its_chat_notice_are_committed_together(
    client: httpx.AsyncClient,
) -> None:
    """The notice is written in the seat change's own transaction: a failure there leaves
    neither the change nor the notice (a crash between two commits could keep one only)."""
    context = client.app.state.context  # type: ignore[attr-defined]
    hook: CommitHook = context.commits

    async def breaks_the_transaction(_session: Any, _commit: Commit) -> None:
        raise RuntimeError("the database went away mid-change")

    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    hook.within(breaks_the_transaction)
    with pytest.raises(RuntimeError):
        await client.post(f"/api/v1/matches/{match_id}/leave", headers=bob.auth)
    hook.remove(breaks_the_transaction)
    left = await client.post(f"/api/v1/matches/{match_id}/leave", headers=bob.auth)
    assert left.status_code == 200, left.text
    chat = (await client.get(f"/api/v1/matches/{match_id}/chat")).json()["messages"]
    # Had the first try kept its seat change, this leave would have changed nothing.
    assert [(m["kind"], m["text"]) for m in chat] == [
        ("notice", "Bob left the table: a bot plays on for them.")
    ]
