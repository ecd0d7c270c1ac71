"""Who has a device to push to is known to the process (app/notifications/push_players.py): a
commit at a table where nobody allowed notifications queues no notice and reads nothing for
it, and a subscription, an unsubscription or a device turned off counts from the next move.
Before, every move opened a session and read the push subscriptions of the players to act.
A resigner is not told of the end they made."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import httpx
from sqlalchemy import delete

from app.matches.commits import Change, Commit
from app.matches.store import load_match
from app.notifications.models import PushSubscription
from app.notifications.turns import TurnNotices
from app.realtime.messages import RESYNC, PushChanged, Resync, decode, kind_of
from tests.platform.accounts.helpers import claimed
from tests.platform.helpers import Player, act, counting_statements, envelope, start_match
from tests.platform.notifications.push_service import PushService
from tests.timing import HANG

PUSH = "/api/v1/notifications/devices/current/push"
PUSH_TABLES = ("push_subscriptions", "push_notices", "notification_prefs")


async def settled(http: httpx.AsyncClient) -> None:
    """Every after-commit listener done, and every push it queued sent."""
    context = http.app.state.context  # type: ignore[attr-defined]
    await context.commits.drain()
    await context.push.idle()


async def until(seen: Callable[[], bool]) -> None:
    """Wait until the process's state says so (it reads announcements off the loop)."""

    async def poll() -> None:
        while not seen():
            await asyncio.sleep(0.002)  # polling the process's state, within the bound

    await asyncio.wait_for(poll(), HANG)


async def known(http: httpx.AsyncClient) -> None:
    """The process has read who has a device to push to (its start reads it off the loop)."""
    players = http.app.state.context.push.players  # type: ignore[attr-defined]
    await until(lambda: players.known)


async def _subscribe(http: httpx.AsyncClient, device: Player, service: PushService) -> None:
    response = await http.put(PUSH, headers=device.auth, json=service.subscription(device.name))
    assert response.status_code == 204, response.text


async def _play_out(http: httpx.AsyncClient, match_id: str, players: list[Player]) -> None:
    """Whoever is to act plays their first legal action until the match is over."""
    while (state := await envelope(http, match_id, None))["status"] == "active":
        mover = players[state["to_act"][0]]
        mine = await envelope(http, match_id, mover)
        moved = await act(http, match_id, mover, mine["legal_actions"][0])
        assert moved.status_code == 200, moved.text
        await settled(http)


def _push_reads(statements: list[str]) -> list[str]:
    return [s for s in statements if any(table in s for table in PUSH_TABLES)]


async def _notice_statements(http: httpx.AsyncClient, match_id: str) -> list[str]:
    """The statements the turn notices run for a move of this match, queued work included."""
    context = http.app.state.context  # type: ignore[attr-defined]
    async with context.db.sessions() as session:
        loaded = await load_match(context, session, match_id)
    notices = TurnNotices(context)
    with counting_statements(http.app) as statements:  # type: ignore[attr-defined]
        await notices.committed(Commit(loaded, Change.MOVE, seat=1))
        await context.push.idle()
    return statements


async def test_a_table_where_nobody_allowed_notifications_reads_nothing_for_them(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await claimed(push_client, "Ada", "ada"), await claimed(push_client, "Bob", "bob")
    await known(push_client)
    with counting_statements(push_client.app) as statements:  # type: ignore[attr-defined]
        match_id = await start_match(push_client, ada, [bob], options={"tricks": 2})
        await settled(push_client)
        await _play_out(push_client, match_id, [ada, bob])
    assert _push_reads(statements) == []
    assert await _notice_statements(push_client, match_id) == []

    await _subscribe(push_client, bob, push_service)  # the control: now they are read
    with counting_statements(push_client.app) as statements:  # type: ignore[attr-defined]
        second = await start_match(push_client, ada, [bob], options={"tricks": 2})
        await settled(push_client)
        await _play_out(push_client, second, [ada, bob])
    assert _push_reads(statements)
    assert push_service.messages("Bob") and "Ada" not in push_service.inboxes
    assert await _notice_statements(push_client, second) != []


async def test_a_subscription_counts_from_the_next_move_and_an_unsubscription_too(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await claimed(push_client, "Ada", "ada"), await claimed(push_client, "Bob", "bob")
    await known(push_client)
    players = push_client.app.state.context.push.players  # type: ignore[attr-defined]
    await _play_out(
        push_client, await start_match(push_client, ada, [bob], options={"tricks": 1}), [ada, bob]
    )
    assert not players.may_push(bob.id) and push_service.inboxes.get("Bob") is None

    await _subscribe(push_client, bob, push_service)
    assert players.may_push(bob.id)  # at once, before the broker carries the word back
    first = await start_match(push_client, ada, [bob], options={"tricks": 1})
    await _play_out(push_client, first, [ada, bob])
    assert [m["tag"] for m in push_service.messages("Bob")] == [first]

    gone = await push_client.delete(PUSH, headers=bob.auth)
    assert gone.status_code == 204
    await until(lambda: not players.may_push(bob.id))  # read again: no device left
    await _play_out(
        push_client, await start_match(push_client, ada, [bob], options={"tricks": 1}), [ada, bob]
    )
    assert [m["tag"] for m in push_service.messages("Bob")] == [first]


async def test_a_device_turned_off_is_read_again_and_on_again_counts(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await claimed(push_client, "Ada", "ada"), await claimed(push_client, "Bob", "bob")
    await _subscribe(push_client, bob, push_service)
    await known(push_client)
    players = push_client.app.state.context.push.players  # type: ignore[attr-defined]
    [device] = (await push_client.get("/api/v1/notifications/devices", headers=bob.auth)).json()
    url = f"/api/v1/notifications/devices/{device['id']}"
    off = await push_client.patch(url, headers=bob.auth, json={"push": False})
    assert off.status_code == 200
    await until(lambda: not players.may_push(bob.id))
    on = await push_client.patch(url, headers=bob.auth, json={"push": True})
    assert on.status_code == 200 and players.may_push(bob.id)
    match_id = await start_match(push_client, ada, [bob], options={"tricks": 1})
    await _play_out(push_client, match_id, [ada, bob])
    assert [m["tag"] for m in push_service.messages("Bob")] == [match_id]


async def test_a_resigner_is_not_told_the_match_is_over(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    ada, bob = await claimed(push_client, "Ada", "ada"), await claimed(push_client, "Bob", "bob")
    await _subscribe(push_client, ada, push_service)
    await _subscribe(push_client, bob, push_service)
    match_id = await start_match(push_client, ada, [bob], options={"tricks": 3})
    await settled(push_client)
    before = push_service.messages("Ada")  # the start: her turn
    resigned = await push_client.post(f"/api/v1/matches/{match_id}/resign", headers=ada.auth)
    assert resigned.status_code == 200 and resigned.json()["status"] == "finished"
    await settled(push_client)
    [over] = push_service.messages("Bob")
    assert (over["kind"], over["tag"]) == ("match_finished", match_id)
    assert push_service.messages("Ada") == before
    assert push_service.problems == []


async def test_after_a_broker_outage_the_whole_set_is_read_again(
    push_client: httpx.AsyncClient, push_service: PushService
) -> None:
    """Announcements may be lost while the broker is away: the resync that follows its return
    reads every player again (here a row went without a word, as a lost message would)."""
    bob = await claimed(push_client, "Bob", "bob")
    await _subscribe(push_client, bob, push_service)
    await known(push_client)
    context = push_client.app.state.context  # type: ignore[attr-defined]
    async with context.db.sessions() as session:
        await session.execute(delete(PushSubscription))
        await session.commit()
    assert context.push.players.may_push(bob.id)  # nobody said
    context.fanout.receive(RESYNC, Resync().encode())  # the broker's subscription came back
    await until(lambda: not context.push.players.may_push(bob.id))


def test_a_push_change_names_its_player_in_its_kind() -> None:
    """Two players' changes in one wake-up both reach a listener (the hub keeps the newest
    message of each kind); two changes of one player arrive once."""
    wire = PushChanged("p1").encode()
    assert wire == "push-p1" and decode(wire) == PushChanged("p1")
    assert kind_of(wire) != kind_of(PushChanged("p2").encode())
    assert decode("push-") != PushChanged("") and decode("push-a:b") != PushChanged("a:b")
