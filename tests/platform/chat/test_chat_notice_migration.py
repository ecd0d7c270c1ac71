"""Upgrading a database with chat in it: the table's old notices become notices, talk stays talk."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from alembic import command

from app.server.migrate import alembic_config


def _migrate(url: str, revision: str) -> None:
    # Alembic's async env runs its own event loop: give it a thread, as app.server.migrate does.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            command.upgrade(alembic_config(url), revision)
        except BaseException as exc:
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if errors:
        raise errors[0]


def test_old_notices_are_marked_as_notices(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    url = f"sqlite+aiosqlite:///{path}"
    _migrate(url, "0006")
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO chat_messages (match_id, seat, player_id, text, created_at)"
            " VALUES ('m', 1, 'p', ?, '2026-12-01 10:00:00')",
            [("good luck!",), ("left the table: a bot plays on for them.",), ("is back.",)],
        )
    _migrate(url, "head")
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT text, kind FROM chat_messages ORDER BY seq").fetchall()
    assert rows == [
        ("good luck!", "player"),
        ("left the table: a bot plays on for them.", "notice"),
        ("is back.", "notice"),
    ]
