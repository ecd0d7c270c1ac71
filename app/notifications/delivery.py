"""Sending pushes off the move's path: a bounded queue in the process and a few workers.

A listener or a route only offers a job (`offer`, never waits); a full queue drops the job
with a log line rather than holding anything up (the digest still lists what waits). Each
push is encrypted and signed by pywebpush (aes128gcm, VAPID) and posted with aiohttp; a push
service that answers 5xx or 429, or does not answer, is tried again after a growing pause
(counted on the app's clock), ATTEMPTS times at most. A subscription the push service calls
gone (404, 410) is deleted: the browser dropped it, and it will never work again.

The sender also holds the process's knowledge of who has a device to push to
(app/notifications/push_players.py), started and stopped with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from enum import StrEnum

import aiohttp
import orjson
from pywebpush import WebPushException, webpush_async
from sqlalchemy import delete

from app.core.clock import Clock
from app.core.config import Settings
from app.core.db import Database
from app.notifications.audience import Device
from app.notifications.models import PushSubscription
from app.notifications.payloads import Payload
from app.notifications.push_players import PushPlayers
from app.notifications.vapid import signer

QUEUE_MAX = 1_000  # jobs waiting at most; past it a job is dropped, not the move held up
WORKERS = 4
ATTEMPTS = 4
FIRST_PAUSE_SECONDS = 1.0  # then 2, 4: a push service's hiccup, not an outage, is waited out
LONGEST_PAUSE_SECONDS = 60.0  # the most a Retry-After is believed
REQUEST_SECONDS = 10.0
STOP_SECONDS = 5.0
TTL_SECONDS = 24 * 3600  # a device offline for a day gets the notice when it wakes up
GONE = (404, 410)

Job = Callable[[], Awaitable[None]]
log = logging.getLogger(__name__)


class Sent(StrEnum):
    DELIVERED = "delivered"
    GONE = "gone"
    FAILED = "failed"


class PushSender:
    """One per process (`context.push`); started and stopped with the app."""

    def __init__(
        self, settings: Settings, db: Database, clock: Clock, players: PushPlayers
    ) -> None:
        self.enabled = settings.push_enabled
        self.players = players
        self.base_url = settings.public_url.rstrip("/")
        self._claims: dict[str, str | int] = {"sub": settings.vapid_subject}
        self._vapid = signer(settings.vapid_private_key) if self.enabled else None
        self._db = db
        self._clock = clock
        self._queue: asyncio.Queue[Job] = asyncio.Queue(QUEUE_MAX)
        self._workers: list[asyncio.Task[None]] = []
        self._http: aiohttp.ClientSession | None = None
        self._unfinished = 0
        self.dropped = 0  # jobs refused by a full queue
        self.outcomes: dict[Sent, int] = dict.fromkeys(Sent, 0)

    async def start(self) -> None:
        if not self.enabled:
            return
        self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=REQUEST_SECONDS))
        self._workers = [asyncio.create_task(self._work()) for _ in range(WORKERS)]
        self.players.start()

    async def stop(self) -> None:
        """What is queued is sent first (a stopping process finishes its notices), within
        STOP_SECONDS: a push service that keeps failing does not hold up a restart."""
        if self._workers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._queue.join(), STOP_SECONDS)
            for worker in self._workers:
                worker.cancel()
            await asyncio.gather(*self._workers, return_exceptions=True)
            self._workers = []
        await self.players.stop()
        if self._http is not None:
            await self._http.close()
            self._http = None

    def offer(self, job: Job) -> bool:
        """Queue a job for a worker; never waits. False: push is off, or the queue is full."""
        if not self._workers:
            return False
        try:
            self._queue.put_nowait(job)
            self._unfinished += 1
        except asyncio.QueueFull:
            self.dropped += 1
            log.warning("push queue full: a notification was dropped")
            return False
        return True

    async def idle(self) -> None:
        """Wait until every queued job is done (tests, and a process stopping)."""
        await self._queue.join()

    @property
    def workers(self) -> tuple[asyncio.Task[None], ...]:
        return tuple(self._workers)

    @property
    def unfinished(self) -> int:
        """Jobs queued or at work."""
        return self._unfinished

    async def _work(self) -> None:
        while True:
            job = await self._queue.get()
            try:
                await job()
            except Exception:  # one bad job must not end the worker
                log.exception("a push job failed")
            finally:
                self._unfinished -= 1
                self._queue.task_done()

    async def deliver(self, devices: list[Device], payload: Payload) -> None:
        """Send one payload to each device (a player has a few: one after the other, in the
        worker's own task); forget the devices that are gone."""
        data = orjson.dumps(payload).decode()
        results = [await self._send(device, data, payload) for device in devices]
        for result in results:
            self.outcomes[result] += 1
        pairs = zip(devices, results, strict=True)
        gone = [device for device, result in pairs if result is Sent.GONE]
        if gone:
            endpoints = [device.endpoint for device in gone]
            async with self._db.sessions() as session:
                await session.execute(
                    delete(PushSubscription).where(PushSubscription.endpoint.in_(endpoints))
                )
                await session.commit()
            await self.players.changed({device.player_id for device in gone})

    async def _send(self, device: Device, data: str, payload: Payload) -> Sent:
        pause = FIRST_PAUSE_SECONDS
        for attempt in range(1, ATTEMPTS + 1):
            status, retry_after = await self._post(device, data, payload)
            if status is not None and status < 300:
                return Sent.DELIVERED
            if status in GONE:
                return Sent.GONE
            if not _worth_retrying(status) or attempt == ATTEMPTS:
                break
            await self._clock.sleep(min(retry_after or pause, LONGEST_PAUSE_SECONDS))
            pause *= 2
        log.warning("push to a device of %s failed (%s)", device.player_id, status or "no answer")
        return Sent.FAILED

    async def _post(self, device: Device, data: str, payload: Payload) -> tuple[int | None, float]:
        """The push service's status (None: no answer in time) and its Retry-After."""
        try:
            await webpush_async(
                device.subscription_info(),
                data=data,
                vapid_private_key=self._vapid,
                vapid_claims=dict(self._claims),  # it writes aud and exp into the dict it gets
                ttl=TTL_SECONDS,
                timeout=REQUEST_SECONDS,
                headers={"Urgency": "high", "Topic": _topic(payload["tag"])},
                aiohttp_session=self._http,
            )
        except WebPushException as refused:
            return refused.status_code, _seconds(refused.retry_after)
        except (aiohttp.ClientError, TimeoutError):
            return None, 0.0
        return 201, 0.0


def _worth_retrying(status: int | None) -> bool:
    return status is None or status == 429 or status >= 500


def _seconds(retry_after: str | None) -> float:
    try:
        return max(0.0, float(retry_after or 0))
    except ValueError:  # an HTTP date: the usual pause will do
        return 0.0


def _topic(tag: str) -> str:
    """A push service keeps only the newest undelivered message of a topic (RFC 8030 5.4):
    at most 32 base64url characters (the end of a tag: its id)."""
    return "".join(char for char in tag if char.isalnum() or char in "-_")[-32:]
