"""Web Push, the browser half, in real Chromium: a player turns notifications on from the
account page (permission, then a subscription sent to the server); when the opponent's move
makes it their turn, the server pushes to the push service, and the push reaches the page's
service worker (delivered through the DevTools protocol), which shows one notification per
match with the table's link. Before, nothing told a player it was their turn unless a page of
Foxden was open.

Headless Chromium cannot register with a real push service (pushManager.subscribe fails with
"Registration failed - permission denied"), so the page's PushManager is given a subscription
on the test's push service instead (tests/platform/notifications/push_service.py); everything
else is real: the server encrypts and signs the push for that subscription, the test's push
service checks and decrypts it, and Chromium's own push path hands it to the worker.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from app.notifications.vapid import new_key_pair
from tests.browser.accessibility import assert_accessible
from tests.browser.conftest import sign_in
from tests.platform.notifications.push_service import PushService
from tests.servers import Server, sqlite_env

SUBJECT = "mailto:ops@foxden.test"
PASSWORD = "correct horse battery"
# What pushManager.subscribe() answers in this test: the test's push service's subscription.
STAND_IN = """(subscription) => {
  let current = null;
  const made = () => ({ ...subscription, toJSON: () => subscription,
    unsubscribe: async () => { current = null; return true; } });
  PushManager.prototype.subscribe = async function () { current = made(); return current; };
  PushManager.prototype.getSubscription = async function () { return current; };
}"""
# getNotifications() answers a promise, which wait_for_function would take for a truthy value:
# the page keeps the shown tags where a plain predicate can read them.
WATCH_NOTIFICATIONS = """() => {
  window.shownTags = [];
  const look = async () => {
    const registration = await navigator.serviceWorker.ready;
    window.shownTags = (await registration.getNotifications()).map((n) => n.tag);
    requestAnimationFrame(look);
  };
  look();
}"""
NOTIFICATIONS = """() => navigator.serviceWorker.ready
  .then((registration) => registration.getNotifications())
  .then((shown) => shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag,
    icon: n.icon, data: n.data })))"""


@pytest.fixture(scope="module")
def keys() -> tuple[str, str]:
    return new_key_pair()


@pytest.fixture(scope="module")
def push_service(keys: tuple[str, str]) -> Iterator[PushService]:
    with PushService(keys[1], SUBJECT) as service:
        yield service


@pytest.fixture(scope="module")
def push_site(tmp_path_factory: pytest.TempPathFactory, keys: tuple[str, str]) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("push-site")
    server = Server(
        {
            **sqlite_env(folder),
            "FOXDEN_VAPID_PRIVATE_KEY": keys[0],
            "FOXDEN_VAPID_PUBLIC_KEY": keys[1],
            "FOXDEN_VAPID_SUBJECT": SUBJECT,
            "FOXDEN_PUSH_INSECURE_ENDPOINTS": "true",
            "FOXDEN_RATE_PER_MINUTE": "100000",
        }
    )
    server.start()
    yield server
    server.stop()


def _account(site: Server, name: str) -> dict[str, str]:
    player = httpx.post(site.url + "/api/v1/players", json={"name": name}).json()
    claimed = httpx.post(
        site.url + "/api/v1/players/me/account",
        headers={"Authorization": f"Bearer {player['token']}"},
        json={"username": name.lower(), "password": PASSWORD},
    )
    claimed.raise_for_status()
    return {"id": player["id"], "name": name, "token": player["token"], "username": name.lower()}


def _match_with_bobs_turn(site: Server, ada: dict[str, str], bob: dict[str, str]) -> str:
    def auth(player: dict[str, str]) -> dict[str, str]:
        return {"Authorization": f"Bearer {player['token']}"}

    lobby = httpx.post(
        site.url + "/api/v1/lobbies",
        headers=auth(ada),
        json={"game": "high-card", "seats": 2, "options": {"tricks": 2}},
    ).json()["id"]
    httpx.post(f"{site.url}/api/v1/lobbies/{lobby}/join", headers=auth(bob), json={})
    httpx.post(f"{site.url}/api/v1/lobbies/{lobby}/ready", headers=auth(bob), json={})
    match_id = httpx.post(f"{site.url}/api/v1/lobbies/{lobby}/start", headers=auth(ada)).json()[
        "match_id"
    ]
    state = httpx.get(f"{site.url}/api/v1/matches/{match_id}/state", headers=auth(ada)).json()
    moved = httpx.post(
        f"{site.url}/api/v1/matches/{match_id}/actions",
        headers=auth(ada),
        json={"action": state["legal_actions"][0]},
    )
    moved.raise_for_status()
    return str(match_id)


def _registration_id(cdp: Any, page: Any) -> str:
    """The page's service worker registration, as the DevTools protocol names it."""
    seen: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated", lambda event: seen.extend(event["registrations"])
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 30
    while not [r for r in seen if not r["isDeleted"]]:
        assert time.monotonic() < deadline, "no service worker registration"
        page.wait_for_timeout(50)  # lets Playwright dispatch the protocol's events (a poll)
    return str([r for r in seen if not r["isDeleted"]][-1]["registrationId"])


def test_the_account_page_subscribes_and_the_worker_shows_the_turn(
    push_site: Server, push_service: PushService, page_factory: Any
) -> None:
    ada, bob = _account(push_site, "Ada"), _account(push_site, "Bob")
    page = page_factory(service_worker=True)
    page.context.grant_permissions(["notifications"], origin=push_site.url)
    page.add_init_script(script=f"({STAND_IN})({json.dumps(push_service.subscription('bob'))})")
    sign_in(page, push_site, bob)
    page.goto(push_site.url + "/account")
    page.click("#push-toggle")
    expect(page.locator("#push-here")).to_have_text("This device gets notifications.")
    expect(page.locator("#push-devices input[type=checkbox]")).to_be_checked()
    assert_accessible(page, "the account page's notifications")

    match_id = _match_with_bobs_turn(push_site, ada, bob)
    push_service.wait_for(lambda: bool(push_service.inboxes["bob"].messages), "Bob's turn")
    [message] = push_service.messages("bob")  # decrypted: what the push service holds for him
    cdp = page.context.new_cdp_session(page)
    registration = _registration_id(cdp, page)
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": push_site.url,
            "registrationId": registration,
            "data": json.dumps(message),
        },
    )
    page.evaluate(WATCH_NOTIFICATIONS)
    page.wait_for_function("(tag) => window.shownTags.includes(tag)", arg=match_id)
    [shown] = page.evaluate(NOTIFICATIONS)
    assert shown == {
        "title": "Your turn: High Card (test game)",
        "body": "Against Ada. Waiting for you.",
        "tag": match_id,
        "icon": f"{push_site.url}/static/icons/foxden-192.png",
        "data": {"url": f"{push_site.url}/match/{match_id}#prompt"},
    }
    # A push that is not Foxden's JSON still shows a notification (browsers demand one for
    # every push), never its raw bytes.
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": push_site.url, "registrationId": registration, "data": "<b>not json</b>"},
    )
    page.wait_for_function("() => window.shownTags.includes('foxden')")
    odd = [n for n in page.evaluate(NOTIFICATIONS) if n["tag"] == "foxden"]
    assert odd[0]["body"] == "Something happened at your table."
    page.errors.check()
