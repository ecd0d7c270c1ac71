"""The memory rule as a viewer reads it: the conformance check over the platform's own log view.

"No player may look at the cards of previously won tricks" holds for the log too. A playout's
steps are stored as the server stores them (`log_json`) and read back through
`app.matches.log_view` for every viewer, each time the engine's `forgotten_before` grows. The
engine is judged by what is read, not by what it declares: every line an action wrote while an
older trick was played counts, whether or not the engine gave it an episode.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from app.games.protocol import Engine
from app.matches.log_view import readable_entries
from app.matches.models import MatchAction
from app.matches.schemas import LogEntryPublic
from app.matches.service import log_json
from tests.games.conformance import Playout

STARTED = datetime(2024, 1, 1, tzinfo=UTC)
NAMES = [f"Player{seat}" for seat in range(8)]


def stored_rows(playout: Playout) -> list[MatchAction]:
    """The playout's steps as `match_actions` rows: seq = the version each step produced, one
    second apart, so a time or a seq that tells the steps apart is seen."""
    return [
        MatchAction(
            seq=index + 1,
            seat=step.seat,
            action=dict(step.action),
            log=[log_json(entry) for entry in step.log],
            actor="player",
            created_at=STARTED + timedelta(seconds=index),
        )
        for index, step in enumerate(playout.steps)
    ]


def card_tokens(engine: Engine[Any], playout: Playout) -> set[str]:
    """Every card id and spelled name: each card is hidden from someone at some point."""
    return {secret.value for state in playout.states for secret in engine.secrets(state)}


def check_forgotten_log(engine: Engine[Any], playout: Playout) -> None:
    """Each time the horizon grows, what every viewer reads of the lines written during tricks
    older than the last completed one: they form one block at the start of the log, every
    entry of which is faded, names no card, and carries the same seq, seat, actor and time (so
    no gap or step tells what was left out)."""
    rows = stored_rows(playout)
    horizons = [engine.forgotten_before(step.state) for step in playout.steps]
    cards = card_tokens(engine, playout)
    for now, horizon in enumerate(horizons):
        grew = horizon > (horizons[now - 1] if now else 0)
        if not grew or engine.outcome(playout.steps[now].state) is not None:
            continue
        # A step that left `h` tricks completed wrote lines of trick h or h + 1 at the latest:
        # both are forgotten once h + 2 tricks are.
        older = [i for i in range(now + 1) if horizons[i] <= horizon - 2]
        if not older:
            continue
        for viewer in [*range(playout.players), None]:
            read = readable_entries(rows[: now + 1], NAMES, viewer, False, horizon)
            _check_block(read, max(older) + 1, cards, f"viewer {viewer}, step {now}")


def _check_block(read: list[LogEntryPublic], last_older: int, cards: set[str], where: str) -> None:
    faded = [i for i, entry in enumerate(read) if entry.faded]
    block = read[: faded[-1] + 1] if faded else []
    for entry in block:
        assert entry.faded, f"{where}: {entry.text!r} stays readable among forgotten lines"
        named = [card for card in cards if _names(entry.text, card)]
        assert not named, f"{where}: the forgotten line {entry.text!r} names {named}"
    stamps = {(e.seq, e.seat, e.actor, e.at) for e in block}
    assert len(stamps) <= 1, f"{where}: forgotten lines tell their steps apart: {sorted(stamps)}"
    later = read[len(block) :]
    early = [e.text for e in later if e.seq <= last_older]
    assert not early, f"{where}: lines of forgotten tricks read outside the faded block: {early}"


def _names(text: str, token: str) -> bool:
    if token not in text:
        return False
    return re.search(r"(?<![\w-])" + re.escape(token) + r"(?![\w-])", text) is not None
