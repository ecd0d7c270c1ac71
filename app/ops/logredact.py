"""Keep secrets out of the server's logs.

Uvicorn logs every request's path with its query string, and every WebSocket's. Old invite
links (`/lobby/<id>?code=...`) and older lobby sockets (`?token=...`) carry secrets there, so
the values of those parameters are blanked before a line is written.

Structured lines (app/ops/logs.py) pass through `scrub_event` last: a field named like a secret
is blanked whatever its value, every text has the parameters above blanked, and a database
error's bound parameters (which may hold a match's state, hidden cards included) are cut.
"""

from __future__ import annotations

import logging
import re
from collections.abc import MutableMapping
from typing import Any

SECRET_PARAMETERS = re.compile(r"([?&](?:code|invite_code|token)=)[^&\s\"]*", re.IGNORECASE)
# SQLAlchemy writes a failed statement's parameters into the error's text.
STATEMENT_PARAMETERS = re.compile(r"\[parameters: .*?\](?=\n|$)", re.DOTALL)
SECRET_FIELDS = frozenset(
    {"token", "invite_code", "code", "password", "authorization", "admin_token", "cookie"}
)
LOGGERS = ("uvicorn.access", "uvicorn.error")
REDACTED = "[redacted]"


def redact(text: str) -> str:
    # The substring tests first: most texts (ids, route templates) hold neither, and this runs
    # on every field of every line, one line per move.
    if "=" in text:
        text = SECRET_PARAMETERS.sub(r"\1[redacted]", text)
    if "[parameters: " in text:
        text = STATEMENT_PARAMETERS.sub("[parameters: redacted]", text)
    return text


def scrub_event(event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """One structured line, made safe to write. It runs on every line, one per move: the
    common case (a field name seen before, a text with no `=` or `[`) costs a dict lookup and
    two substring tests, no call."""
    seen = _FIELDS_SEEN
    for key, value in event.items():
        secret = seen.get(key)
        if secret is None:
            secret = _remember(key)
        if secret:
            event[key] = REDACTED
        elif isinstance(value, str) and ("=" in value or "[parameters: " in value):
            event[key] = redact(value)
    return event


def _remember(key: str) -> bool:
    secret = key.lower() in SECRET_FIELDS
    if len(_FIELDS_SEEN) < FIELDS_REMEMBERED:
        _FIELDS_SEEN[key] = secret
    return secret


# Field names come from the code's log calls, a few dozen; the bound keeps an odd caller that
# logs free-form keys from growing it.
FIELDS_REMEMBERED = 1024
_FIELDS_SEEN: dict[str, bool] = {}


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install() -> None:
    """Idempotent: every app built in this process shares the one filter per logger."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
