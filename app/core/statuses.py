"""The closed vocabularies of the platform's records: a match's and a table's status, and who
took an action.

`StrEnum`s, so a member *is* its string: the database columns stay `String(16)` holding
exactly these values, a row read back compares equal to its member, and the API's JSON is
unchanged. Migrations keep their own literals: they describe the schema as it was.
"""

from __future__ import annotations

import enum


class MatchStatus(enum.StrEnum):
    """`matches.status`: a match is played, then ended by the rules or by an admin."""

    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class LobbyStatus(enum.StrEnum):
    """`lobbies.status`: a table takes seats, then starts its match or is closed unplayed.

    An open table idle for long reads as closed (app/lobby/activity.py) before it is stored so.
    """

    OPEN = "open"
    STARTED = "started"
    CLOSED = "closed"


class ActorKind(enum.StrEnum):
    """`match_actions.actor`: who took a step; only a player acts by token, the server acts
    for bot seats and expired timers, and an admin aborts."""

    PLAYER = "player"
    BOT = "bot"
    TIMEOUT = "timeout"
    ADMIN = "admin"
