"""The daily digest: at most one email a day per player, listing the matches waiting for them.

Off by default; a player turns it on with an address and a local hour (in their time zone,
which their slow-play settings keep), on the account page. Every process looks every
FOXDEN_DIGEST_CHECK_SECONDS, on the app's clock, for players whose hour has come today and
who have no digest for their local day yet. A digest is claimed before it is sent, by a row
(player, local day) that one process alone can write: a second process, or this one at its
next look, finds it and sends nothing. The claim is committed before the SMTP conversation (a
transaction held open for seconds would hold up every write on SQLite) and withdrawn when the
send fails, so the next look tries again. A player with nothing waiting gets no email, and no
claim: something may wait later that day.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import date, datetime

import aiosmtplib
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from app.core.statuses import MatchStatus
from app.matches.loaded import LoadedMatch
from app.matches.models import Match, MatchSeat
from app.matches.store import load_match
from app.notifications.context import NotificationsContext
from app.notifications.mailer import email_enabled, send_email
from app.notifications.models import DigestSent, NotificationPrefs
from app.notifications.payloads import table_url
from app.notifications.quiet_hours import local
from app.slow_play.models import ClockSettings

log = logging.getLogger(__name__)


class DailyDigest:
    """One per process; its loop sleeps on the app's clock between looks."""

    def __init__(self, context: NotificationsContext) -> None:
        self.context = context
        self.task: asyncio.Task[None] | None = None
        self.sent = 0  # digests this process sent

    def start(self) -> None:
        if email_enabled(self.context.settings):
            self.task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _loop(self) -> None:
        while True:
            await self.context.clock.sleep(self.context.settings.digest_check_seconds)
            try:
                await self.look()
            except Exception:  # a database or SMTP outage: the next look tries again
                log.exception("the daily digest's look failed")

    async def look(self) -> None:
        """Send each digest that is due now."""
        now = self.context.clock.now()
        for prefs, zone in await self._due(now):
            await self._send(prefs, local(now, zone).date(), now)

    async def _due(self, now: datetime) -> list[tuple[NotificationPrefs, str]]:
        """(choices, time zone) of each player whose digest hour came and who has none today."""
        async with self.context.db.sessions() as session:
            rows = await session.execute(
                select(NotificationPrefs, ClockSettings.time_zone)
                .outerjoin(ClockSettings, ClockSettings.player_id == NotificationPrefs.player_id)
                .where(NotificationPrefs.digest.is_(True), NotificationPrefs.email.is_not(None))
            )
            zoned = [(row, zone or "UTC") for row, zone in rows]
            due = [(row, zone) for row, zone in zoned if local(now, zone).hour >= row.digest_hour]
            if not due:
                return []
            days = {
                (claim.player_id, claim.day)
                for claim in await session.scalars(
                    select(DigestSent).where(
                        DigestSent.player_id.in_([p.player_id for p, _ in due])
                    )
                )
            }
        return [(p, zone) for p, zone in due if (p.player_id, local(now, zone).date()) not in days]

    async def _send(self, prefs: NotificationPrefs, day: date, now: datetime) -> None:
        waiting = await self._waiting(prefs.player_id)
        if not waiting:
            return
        if not await self._claim(prefs.player_id, day, now):
            return
        subject, text = self._email(waiting, prefs.player_id)
        try:
            await send_email(self.context.settings, prefs.email or "", subject, text)
        except (aiosmtplib.SMTPException, OSError):
            log.warning("the digest of %s was not sent; it is tried again", prefs.player_id)
            await self._withdraw(prefs.player_id, day)
            return
        self.sent += 1

    async def _claim(self, player_id: str, day: date, now: datetime) -> bool:
        async with self.context.db.sessions() as session:
            session.add(DigestSent(player_id=player_id, day=day, sent_at=now))
            try:
                await session.commit()
            except IntegrityError:
                return False
        return True

    async def _withdraw(self, player_id: str, day: date) -> None:
        async with self.context.db.sessions() as session:
            await session.execute(
                delete(DigestSent).where(DigestSent.player_id == player_id, DigestSent.day == day)
            )
            await session.commit()

    async def _waiting(self, player_id: str) -> list[LoadedMatch]:
        """The player's active matches where they must decide now."""
        async with self.context.db.sessions() as session:
            ids = await session.scalars(
                select(Match.id)
                .join(MatchSeat, MatchSeat.match_id == Match.id)
                .where(MatchSeat.player_id == player_id, Match.status == MatchStatus.ACTIVE)
                .order_by(Match.updated_at)
            )
            matches = [await load_match(self.context, session, match_id) for match_id in ids]
        return [
            loaded
            for loaded in matches
            if (seat := loaded.seat_of(player_id)) is not None and seat in loaded.humans_to_act()
        ]

    def _email(self, waiting: list[LoadedMatch], player_id: str) -> tuple[str, str]:
        settings = self.context.settings
        base = settings.public_url.rstrip("/") or f"http://{settings.host}:{settings.port}"
        count = len(waiting)
        subject = f"Foxden: {count} {'match waits' if count == 1 else 'matches wait'} for you"
        lines = [f"{'This match waits' if count == 1 else 'These matches wait'} for your move:"]
        for loaded in waiting:
            others = ", ".join(info.name for info in loaded.seats if info.player_id != player_id)
            lines.append(f"- {loaded.engine.title} with {others}: {table_url(base, loaded.id)}")
        lines += ["", "You get this email once a day; turn it off on your account page."]
        return subject, "\n".join(lines)
