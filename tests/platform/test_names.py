"""Names and chat others read must show something: invisible ones are refused on every path.

A name made only of combining marks, or of marks on a character that draws as nothing (a
Hangul filler, the combining grapheme joiner, a blank braille cell, a null notehead, spaces),
would show as an empty seat. Usernames are documented as they are checked.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from app.server.main import create_app
from tests.platform.accounts.helpers import code
from tests.platform.helpers import new_player, start_match
from tests.servers import ROOT, sqlite_env

MARKS = "\u0301\u0308\u0323"  # acute, diaeresis, dot below
INVISIBLE = [
    MARKS,
    "\u20dd\u20de",  # enclosing circle and square, with nothing inside
    "\u034f" + MARKS,  # combining grapheme joiner
    "\u115f" + MARKS,  # Hangul choseong filler
    "\u3164\u3164" + MARKS,  # Hangul filler
    " " + MARKS + " " + MARKS,
    "\u2800" + MARKS,  # braille pattern blank
    "\U0001d159",  # musical symbol null notehead: a symbol that draws nothing
    "\U0001d159" + MARKS,
    "\U0001d159 \u2800\u3164",
]


async def test_invisible_display_names_are_refused(client: httpx.AsyncClient) -> None:
    for name in INVISIBLE:
        refused = await client.post("/api/v1/players", json={"name": name})
        assert code(refused) == (400, "request/malformed"), ascii(name)
        assert "visible character" in refused.json()["error"]["message"]


async def test_names_with_marks_on_letters_are_welcome(client: httpx.AsyncClient) -> None:
    for name in ["Zoe\u0308", "Ng\u0303o\u0323c", "\U0001d159Ada", "\u2800 Ada"]:
        created = await client.post("/api/v1/players", json={"name": name})
        assert created.status_code == 201, ascii(name)
        assert created.json()["name"] == name


async def test_invisible_chat_is_refused(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    chat = f"/api/v1/matches/{await start_match(client, ada, [bob])}/chat"
    for text in INVISIBLE:
        refused = await client.post(chat, headers=ada.auth, json={"text": text})
        assert code(refused) == (400, "request/malformed"), ascii(text)
    assert (await client.get(chat)).json()["messages"] == []


def test_the_admin_command_refuses_an_invisible_name(tmp_path: Path) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FOXDEN_")}
    created = subprocess.run(
        [sys.executable, "-m", "app.server.cli", "admin", "create", "\U0001d159" + MARKS],
        cwd=ROOT,
        env={**clean, **sqlite_env(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert created.returncode != 0
    assert "Token" not in created.stdout
    assert not (tmp_path / "foxden.db").exists(), "refused before anything was stored"


def test_the_document_gives_the_username_rules_the_server_checks() -> None:
    claim = create_app().openapi()["components"]["schemas"]["Claim"]["properties"]
    username = claim["username"]
    assert (username["minLength"], username["maxLength"]) == (3, 24)
    assert username["pattern"] == "^[A-Za-z0-9][A-Za-z0-9._-]*$"


async def test_a_username_off_the_pattern_is_refused_in_words(client: httpx.AsyncClient) -> None:
    ada = await new_player(client, "Ada")
    for username in ["-ada", "ada fox", "ada\n", "ad\u0430"]:
        body = {"username": username, "password": "purple monkey dishwasher"}
        refused = await client.post("/api/v1/players/me/account", headers=ada.auth, json=body)
        assert code(refused) == (400, "request/malformed"), ascii(username)
        message = refused.json()["error"]["message"]
        assert "use letters, digits, '.', '_' or '-'" in message
        assert "[A-Za-z" not in message
