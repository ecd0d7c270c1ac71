"""Each viewer's envelope, built and encoded once per version and shared by all its sockets.

A match with two seats and three spectators costs three projections per move, however many
sockets, streams and REST calls ask for them. An entry is keyed by everything an envelope
shows besides the state: version, seat epoch, status, deadline and which seats are connected.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from app.matches.envelope import encoded_envelope
from app.matches.loaded import LoadedMatch

Stamp = tuple[object, ...]


@dataclass
class _Entry:
    stamp: Stamp
    bodies: dict[int | None, bytes] = field(default_factory=dict)


class EnvelopeCache:
    def __init__(self, size: int = 4_000) -> None:
        self.size = size
        self._entries: OrderedDict[str, _Entry] = OrderedDict()

    def body(
        self,
        loaded: LoadedMatch,
        seat: int | None,
        presence: dict[int, int],
        stamp: Stamp | None = None,
    ) -> bytes:
        """The viewer's envelope as JSON bytes (REST responses send exactly these); `stamp`:
        `shown(loaded, presence)`, when the caller has it already."""
        if stamp is None:
            stamp = shown(loaded, presence)
        entry = self._entries.get(loaded.id)
        if entry is None or entry.stamp != stamp:
            if entry is not None and _older(stamp, entry.stamp):
                return _encode(loaded, seat, presence)  # a late push: never evict the newer one
            entry = _Entry(stamp)
            self._entries[loaded.id] = entry
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        self._entries.move_to_end(loaded.id)
        body = entry.bodies.get(seat)
        if body is None:
            body = entry.bodies[seat] = _encode(loaded, seat, presence)
        return body

    def frame(
        self,
        loaded: LoadedMatch,
        seat: int | None,
        presence: dict[int, int],
        stamp: Stamp | None = None,
    ) -> str:
        """The WebSocket frame `{"type": "envelope", ...Envelope}` as text."""
        return '{"type":"envelope",' + self.body(loaded, seat, presence, stamp)[1:].decode()


def shown(loaded: LoadedMatch, presence: dict[int, int]) -> Stamp:
    """Everything an envelope shows besides the state: equal stamps, equal envelopes."""
    connected = tuple(info.seat for info in loaded.seats if presence.get(info.seat, 0) > 0)
    return (
        loaded.version,
        loaded.seat_epoch,
        loaded.status,
        loaded.deadline,
        loaded.seats,
        connected,
    )


def _older(stamp: Stamp, than: Stamp) -> bool:
    return bool(stamp[0] < than[0])  # type: ignore[operator]


def _encode(loaded: LoadedMatch, seat: int | None, presence: dict[int, int]) -> bytes:
    return encoded_envelope(loaded, seat, presence)
