"""Keep secrets out of the server's logs.

Uvicorn logs every request's path with its query string, and every WebSocket's. Old invite
links (`/lobby/<id>?code=...`) and older lobby sockets (`?token=...`) carry secrets there, so
the values of those parameters are blanked before a line is written.
"""

from __future__ import annotations

import logging
import re

SECRET_PARAMETERS = re.compile(r"([?&](?:code|invite_code|token)=)[^&\s\"]*", re.IGNORECASE)
LOGGERS = ("uvicorn.access", "uvicorn.error")


def redact(text: str) -> str:
    return SECRET_PARAMETERS.sub(r"\1[redacted]", text)


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
