"""Two app processes on one Postgres and Redis: a subscription made through one is honoured by
a move committed on the other, and an unsubscription too. Each process knows who has a device
to push to without reading the database per move (app/notifications/push_players.py), so the
other process hears of the change through the broker; without that word it would never push
to the new device."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack

import httpx
import pytest

from app.core.clock import ManualClock
from app.server.main import create_app
from tests.platform.accounts.helpers import claimed
from tests.platform.helpers import act, envelope, start_match
from tests.platform.notifications.conftest import push_settings
from tests.platform.notifications.push_service import PushService
from tests.platform.notifications.test_push_players import PUSH, known, settled, until


@pytest.fixture
async def two_processes(
    postgres_base_url: str,
    redis_url: str,
    with_high_card: None,
    clock: ManualClock,
    vapid_keys: tuple[str, str],
) -> AsyncIterator[tuple[httpx.AsyncClient, httpx.AsyncClient]]:
    settings = push_settings(postgres_base_url, vapid_keys, redis_url=redis_url)
    async with AsyncExitStack() as stack:
        clients = []
        for _ in range(2):
            app = create_app(settings, clock)
            await stack.enter_async_context(app.router.lifespan_context(app))
            transport = httpx.ASGITransport(app=app)
            http = httpx.AsyncClient(transport=transport, base_url="http://test")
            http.app = app  # type: ignore[attr-defined]
            clients.append(await stack.enter_async_context(http))
        for http in clients:
            await known(http)
        yield clients[0], clients[1]


async def test_a_subscription_on_one_process_is_honoured_by_a_move_on_the_other(
    two_processes: tuple[httpx.AsyncClient, httpx.AsyncClient], push_service: PushService
) -> None:
    first, second = two_processes
    suffix = uuid.uuid4().hex[:8]  # the session's database is shared with other files
    ada = await claimed(first, "Ada", f"ada-{suffix}")
    bob = await claimed(first, "Bob", f"bob-{suffix}")
    elsewhere = second.app.state.context.push.players  # type: ignore[attr-defined]
    assert not elsewhere.may_push(bob.id)
    subscribed = await first.put(PUSH, headers=bob.auth, json=push_service.subscription("bob"))
    assert subscribed.status_code == 204, subscribed.text
    await until(lambda: elsewhere.may_push(bob.id))  # the broker's word reached the other

    match_id = await start_match(second, ada, [bob], options={"tricks": 1})
    mine = await envelope(second, match_id, ada)
    moved = await act(second, match_id, ada, mine["legal_actions"][0])  # Bob's turn, there
    assert moved.status_code == 200, moved.text
    await settled(second)
    [told] = push_service.messages("bob")
    assert (told["kind"], told["tag"]) == ("your_turn", match_id)

    gone = await first.delete(PUSH, headers=bob.auth)
    assert gone.status_code == 204
    await until(lambda: not elsewhere.may_push(bob.id))
    again = await start_match(second, ada, [bob], options={"tricks": 1})
    mine = await envelope(second, again, ada)
    assert (await act(second, again, ada, mine["legal_actions"][0])).status_code == 200
    await settled(second)
    assert push_service.messages("bob") == [told]
    assert push_service.problems == []
