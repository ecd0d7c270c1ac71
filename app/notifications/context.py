"""What notifications need of the process, and no more.

The listener, the challenge notice and the digest type their context as this protocol, not as
`app.context.AppContext`: they read the database on the app's clock, read matches through the
pipeline's store, and hand pushes to the process's sender; they cannot reach the sockets (the
sender's `players` alone hears and tells the other processes, through the broker, who has a
device to push to).
"""

from __future__ import annotations

from typing import Protocol

from app.matches.pipeline_context import PipelineContext
from app.notifications.delivery import PushSender


class NotificationsContext(PipelineContext, Protocol):
    """The pipeline's (the digest reads each waiting match through its store), and the
    process's push sender."""

    push: PushSender
