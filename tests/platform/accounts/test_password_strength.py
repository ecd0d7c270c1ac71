"""New passwords that are easy to guess are refused, and the page can ask before it sends one.

Common passwords, patterns and passwords built on the player's own names or the site's name
are refused (422 `account/weak_password`) when claiming and when changing the password;
POST /api/v1/players/me/account/password-check gives the same verdict without acting.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import httpx
import pytest

from app.accounts import strength
from app.accounts.strength import QUEUE_MAX, Verdict, judge
from app.core.errors import ApiError
from tests.platform.accounts.helpers import PASSWORD, claimed, code
from tests.platform.helpers import new_player

CLAIM = "/api/v1/players/me/account"
CHANGE = "/api/v1/players/me/account/password"
CHECK = "/api/v1/players/me/account/password-check"
# The username below is "ada_fox", the display name "Ada Lovelace". Few enough that the
# attempts stay within the limits on password tries.
GUESSABLE = ["12345678", "password", "aaaaaaaa", "ada_fox1", "adalovelace", "foxden123"]
ALSO_GUESSABLE = ["Ada_Fox2024", "lovelace99", "qwertyuiop", "Winter2024!", "p@ssw0rd1"]
STRONG = ["purple monkey dishwasher", "january-kettle-moss", "gR4!kz9Wm", "x7#Qm2!vLp9z&Tr4"]


async def test_claiming_refuses_guessable_passwords_and_creates_nothing(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada Lovelace")
    for weak in GUESSABLE:
        body = {"username": "ada_fox", "password": weak}
        refused = await client.post(CLAIM, headers=ada.auth, json=body)
        assert code(refused) == (422, "account/weak_password"), weak
        assert refused.json()["error"]["message"].startswith("This password is too easy")
        assert code(await client.get(CLAIM, headers=ada.auth)) == (404, "account/not_found")
    signin = await client.post("/api/v1/sessions", json=body)
    assert code(signin) == (401, "account/bad_credentials")
    strong = await client.post(
        CLAIM, headers=ada.auth, json={"username": "ada_fox", "password": STRONG[0]}
    )
    assert strong.status_code == 201, strong.text


async def test_a_refusal_says_why(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    body = {"username": "ada_fox", "password": "ada_fox1"}
    refused = (await client.post(CLAIM, headers=ada.auth, json=body)).json()["error"]
    assert "your username or name" in refused["message"]
    common = {"username": "ada_fox", "password": "12345678"}
    refused = (await client.post(CLAIM, headers=ada.auth, json=common)).json()["error"]
    assert "common password" in refused["message"]


async def test_changing_to_a_guessable_password_is_refused(client: httpx.AsyncClient) -> None:
    ada = await claimed(client, "Ada Lovelace", "ada_fox")
    for weak in GUESSABLE:
        body = {"old_password": PASSWORD, "new_password": weak}
        refused = await client.put(CHANGE, headers=ada.auth, json=body)
        assert code(refused) == (422, "account/weak_password"), weak
    # Nothing changed: the old password is still the current one.
    body = {"old_password": PASSWORD, "new_password": STRONG[1]}
    changed = await client.put(CHANGE, headers=ada.auth, json=body)
    assert changed.status_code == 200, changed.text


async def test_the_check_gives_the_verdict_before_submitting(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada Lovelace")
    for weak in GUESSABLE + ALSO_GUESSABLE:
        body = {"password": weak, "username": "ada_fox"}
        verdict = (await client.post(CHECK, headers=ada.auth, json=body)).json()
        assert verdict["acceptable"] is False, weak
        assert verdict["score"] < 3 and verdict["message"] and verdict["suggestions"], weak
    for good in STRONG:
        body = {"password": good, "username": "ada_fox"}
        verdict = (await client.post(CHECK, headers=ada.auth, json=body)).json()
        assert verdict == {
            "acceptable": True,
            "score": verdict["score"],
            "message": None,
            "suggestions": [],
        }, good
        assert verdict["score"] >= 3


async def test_the_check_knows_an_account_holders_username(client: httpx.AsyncClient) -> None:
    ada = await claimed(client, "Ada", "lovelace_fox")
    verdict = await client.post(CHECK, headers=ada.auth, json={"password": "lovelace_fox7"})
    assert verdict.json()["acceptable"] is False
    assert "your username or name" in verdict.json()["message"]


async def test_the_check_refuses_what_the_rules_refuse(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    short = (await client.post(CHECK, headers=ada.auth, json={"password": "k#9"})).json()
    assert short == {
        "acceptable": False,
        "score": 0,
        "message": "Use at least 8 characters.",
        "suggestions": [],
    }
    for bad in [{"password": ""}, {"password": "x" * 129}, {"password": 12345678}, {}]:
        assert code(await client.post(CHECK, headers=ada.auth, json=bad)) == (
            400,
            "request/malformed",
        ), bad
    anonymous = await client.post(CHECK, json={"password": STRONG[0]})
    assert code(anonymous) == (401, "auth/missing")


async def test_a_long_password_is_judged_by_its_start(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    for long in ["correct horse battery staple " * 4 + "x", "a" * 128]:
        body = {"password": long[:128]}
        verdict = (await client.post(CHECK, headers=ada.auth, json=body)).json()
        assert verdict["acceptable"] is (long[0] == "c"), verdict


async def test_the_password_is_not_logged(
    client: httpx.AsyncClient, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    ada = await new_player(client, "Ada")
    secret = "zebra-quantum-walnut-4417"
    checked = await client.post(CHECK, headers=ada.auth, json={"password": secret})
    assert checked.status_code == 200
    captured = capsys.readouterr()
    assert secret not in captured.out + captured.err + caplog.text


def test_judging_uses_the_names_given() -> None:
    assert not judge("vulpecula42", ["Vulpecula"]).acceptable
    assert judge("vulpecula42", []).acceptable is judge("vulpecula42", ["Ada"]).acceptable
    assert judge("correct horse battery staple", ["Ada"]) == Verdict(4, None, ())


async def test_a_flood_of_checks_is_refused_not_queued_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The judge's queue holds QUEUE_MAX checks; one more is refused until it drains."""
    release = threading.Event()

    def held(password: str, user_inputs: Sequence[str]) -> Verdict:
        release.wait()
        return Verdict(4, None, ())

    monkeypatch.setattr(strength, "judge", held)
    waiting = [asyncio.create_task(strength.verdict("x" * 8, [])) for _ in range(QUEUE_MAX)]
    await asyncio.sleep(0)  # each task enters the queue
    try:
        with pytest.raises(ApiError) as flooded:
            await strength.verdict("x" * 8, [])
    finally:
        release.set()  # never leave the judge's thread waiting
    assert (flooded.value.code, flooded.value.headers) == ("rate/limited", {"Retry-After": "1"})
    assert all(v.acceptable for v in await asyncio.gather(*waiting))
    assert (await strength.verdict("x" * 8, [])).acceptable
