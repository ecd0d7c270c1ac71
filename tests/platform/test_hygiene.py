"""HTTP hygiene: security headers, strict input, the refusals of middleware, the docs page."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import httpx
import pytest

from app.core.packaged import FRONTEND
from tests.platform.helpers import new_player, start_match

HEADERS = ("content-security-policy", "x-content-type-options", "x-frame-options")


async def test_every_kind_of_response_carries_the_security_headers(
    client: httpx.AsyncClient,
) -> None:
    ada = await new_player(client, "Ada")
    answers = [
        await client.get("/"),
        await client.get("/lobby/anything"),
        await client.get("/docs"),
        await client.get("/api/v1/games"),
        await client.get("/static/js/home.js"),
        await client.get("/games/fox-in-the-forest/rules"),
        await client.get("/no/such/page"),
        await client.get("/api/v1/players/me"),
        await client.get("/api/v1/lobbies/%00"),
        await client.post("/api/v1/players", content=b"x" * 70_000),
        await client.get("/healthz", headers={"X-Padding": "x" * 9000}),
        await client.post("/api/v1/lobbies", headers=ada.auth, json={"game": "none"}),
    ]
    for response in answers:
        where = (response.request.method, response.request.url.path, response.status_code)
        for name in HEADERS:
            assert name in response.headers, (where, name)
        assert response.headers["x-content-type-options"] == "nosniff", where
        assert response.headers["x-frame-options"] == "DENY", where
        assert "referrer-policy" in response.headers, where
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, where
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, where


def test_no_page_has_an_inline_script_or_style() -> None:
    for page in sorted(FRONTEND.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert "<style" not in html and " style=" not in html, page.name
        assert not re.search(r"\son[a-z]+=", html), page.name  # no onclick= handlers either


async def test_the_rules_pages_use_no_inline_style(client: httpx.AsyncClient) -> None:
    html = (await client.get("/games/oh-fox/rules")).text
    assert "<style" not in html and " style=" not in html
    # Scripts come from files; the one inline block is data (the pictures' table), never run.
    scripts = re.findall(r"<script([^>]*)>", html)
    assert scripts and all(
        "src=" in attributes or 'type="application/json"' in attributes for attributes in scripts
    ), scripts
    assert (await client.get("/static/css/rules.css")).status_code == 200


async def test_the_api_docs_load_nothing_from_elsewhere(client: httpx.AsyncClient) -> None:
    page = await client.get("/docs")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    urls = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert urls and all(url.startswith("/") for url in urls), urls
    for url in urls:
        asset = await client.get(url)
        assert asset.status_code == 200, url
    assert "SwaggerUIBundle" in (await client.get("/static/js/docs.js")).text


async def test_a_wrong_method_says_which_methods_the_path_has(client: httpx.AsyncClient) -> None:
    response = await client.delete("/api/v1/lobbies/some-id")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "request/method_not_allowed"
    assert set(response.headers["allow"].replace(" ", "").split(",")) == {"GET", "PATCH"}


async def _chunks(size: int) -> AsyncIterator[bytes]:
    for _ in range(size // 1000):
        yield b"x" * 1000


async def test_a_chunked_body_over_the_limit_gets_413(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    response = await client.post(
        "/api/v1/lobbies",
        headers={**ada.auth, "content-type": "application/json"},
        content=_chunks(70_000),
    )
    assert response.status_code == 413, response.text
    assert response.json()["error"]["code"] == "request/too_large"


async def test_headers_over_the_limit_get_431(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/v1/games", headers={"X-Padding": "x" * 9000})
    assert response.status_code == 431
    assert response.json()["error"]["code"] == "request/headers_too_large"
    assert (await client.get("/api/v1/games", headers={"X-Padding": "x" * 4000})).status_code == 200


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("ready", {"ready": 0}),
        ("ready", {"ready": "true"}),
        ("join", {"seat": "1"}),
        ("join", {"seat": 1.0}),
        ("join", {"seat": True}),
    ],
)
async def test_booleans_and_integers_are_strict(
    client: httpx.AsyncClient, path: str, body: dict[str, object]
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = await client.post("/api/v1/lobbies", headers=ada.auth, json={"game": "high-card"})
    base = f"/api/v1/lobbies/{lobby.json()['id']}"
    if path == "ready":
        joined = await client.post(base + "/join", headers=bob.auth, json={})
        assert joined.status_code == 200, joined.text
    url = f"{base}/{path}"
    response = await client.post(url, headers=bob.auth, json=body)
    assert response.status_code == 400, (body, response.text)
    assert response.json()["error"]["code"] == "request/malformed"


async def test_lobby_numbers_are_strict_too(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    for body in [
        {"game": "high-card", "seats": "2"},
        {"game": "high-card", "private": 1},
        {"game": "high-card", "turn_seconds": 1.5},
    ]:
        response = await client.post("/api/v1/lobbies", headers=ada.auth, json=body)
        assert response.status_code == 400, (body, response.text)


UNREADABLE = [
    "\x1b[31mred",  # a terminal escape
    "bell\x07",
    "\u202eevil",  # right-to-left override
    "a\u200bb",  # zero-width space
    "\u2066isolate\u2069",  # bidi isolates
    "\u3164\u3164",  # Hangul filler: letters that draw as nothing
    "\u2800",  # braille blank
    "\u0301\u0301",  # combining marks with nothing to sit on
    "tab\there",
]


async def test_names_refuse_control_escape_bidi_and_invisible_text(
    client: httpx.AsyncClient,
) -> None:
    for name in UNREADABLE:
        response = await client.post("/api/v1/players", json={"name": name})
        assert response.status_code == 400, repr(name)
        assert response.json()["error"]["code"] == "request/malformed"
    assert (await client.post("/api/v1/players", json={"name": "Zoë 狐"})).status_code == 201


async def test_chat_refuses_the_same_text_as_names(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    url = f"/api/v1/matches/{await start_match(client, ada, [bob])}/chat"
    for text in UNREADABLE:
        if text == "tab\there":
            continue  # chat folds tabs and line breaks into spaces
        response = await client.post(url, headers=ada.auth, json={"text": text})
        assert response.status_code == 400, repr(text)
        assert response.json()["error"]["code"] == "request/malformed"
    folded = await client.post(url, headers=ada.auth, json={"text": "two\nlines\there"})
    assert folded.status_code == 201 and folded.json()["text"] == "two lines here"
