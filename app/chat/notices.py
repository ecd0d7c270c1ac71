"""The table's own lines in the chat: "Ada left the table: a bot plays on for them."

A listener of the commit hook (app/server/commit_listeners.py): a seat change that carries a
notice is written to the match's chat as the table speaking, before the sockets are told of the
change, so a socket that reads the chat on "chat:seat" finds it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from app.chat.models import ChatMessage
from app.chat.schemas import NOTICE
from app.matches.commits import Commit

if TYPE_CHECKING:
    from app.context import AppContext


def notice_writer(context: AppContext) -> Callable[[Commit], Awaitable[None]]:
    async def write_notice(commit: Commit) -> None:
        if commit.notice is None or commit.seat is None or commit.player_id is None:
            return
        async with context.db.sessions() as session, session.begin():
            session.add(
                ChatMessage(
                    match_id=commit.match.id,
                    seat=commit.seat,
                    player_id=commit.player_id,
                    text=commit.notice,
                    kind=NOTICE,
                )
            )

    return write_notice
