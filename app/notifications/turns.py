""" "Your turn" and "match over" pushes, heard on the commit hook (app/matches/commits.py).

The listener runs after the commit, in the process that committed it: no other process hears
of the commit on the hook (they replay it for their sockets only), so no other process can
send its notice. It finds the seated players the commit concerns (those to act now; everyone
at the end) and keeps those who may have a device to push to, as the process knows without
asking the database (app/notifications/push_players.py): for a table where nobody allowed
notifications (a guest never can) it stops there, with nothing queued and nothing read. Else
it only offers a job to the sender's queue; the job, off the move's path:

1. reads those players' devices, and stops there for those without one;
2. claims each one's notice in the database, (match, seat, turn) where a turn is named by the
   seat's last move before it: a second commit during the same turn (another seat's choice in
   a simultaneous phase, a retried request) finds the claim taken and sends nothing;
3. sends it unless the player turned the kind off or it is their quiet hours.

The mover is at the table: its own continued turn (a multi-step decision) is claimed and not
sent, and the end of a match it finished is not sent to it, nor to a player who resigned it.
"""

from __future__ import annotations

from functools import partial

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.statuses import MatchStatus
from app.matches.commits import Change, Commit
from app.matches.loaded import LoadedMatch
from app.matches.models import MatchAction
from app.notifications import payloads
from app.notifications.audience import Device, subscribed_devices, wanting
from app.notifications.context import NotificationsContext
from app.notifications.models import PushNotice

FINISHED = -1  # the "turn" of a match-over notice: one per seat per match


def may_notify(commit: Commit) -> bool:
    """The commits that can start someone's turn or end the match (not seat changes)."""
    if commit.repeated:
        return False
    if commit.match.status == MatchStatus.FINISHED:
        return True
    active = commit.match.status == MatchStatus.ACTIVE
    return active and commit.change in (Change.MOVE, Change.START)


class TurnNotices:
    def __init__(self, context: NotificationsContext) -> None:
        self.context = context

    async def committed(self, commit: Commit) -> None:
        """The hook's after listener: queue the work if anyone may be told, return at once."""
        seats = self._reachable(commit.match)
        if not seats:
            return
        # The seat whose own doing the commit is: a move's, or a resignation's that ended it.
        mover = commit.seat if commit.change in (Change.MOVE, Change.END) else None
        self.context.push.offer(partial(self.tell, commit.match, seats, mover))

    def _reachable(self, loaded: LoadedMatch) -> dict[int, str]:
        """seat -> player id of the people the commit concerns who may have a device."""
        concerned = _concerned(loaded, loaded.status == MatchStatus.FINISHED)
        players = self.context.push.players
        return {seat: player for seat, player in concerned.items() if players.may_push(player)}

    async def tell(self, loaded: LoadedMatch, seats: dict[int, str], mover: int | None) -> None:
        finished = loaded.status == MatchStatus.FINISHED
        now = self.context.clock.now()
        async with self.context.db.sessions() as session:
            devices = await subscribed_devices(session, seats.values(), now)
            claimed = [
                seat
                for seat, player_id in seats.items()
                if player_id in devices and await _claim(session, loaded, seat, finished)
            ]
            told = [seat for seat in claimed if seat != mover]
            if not told:  # the mover's own turn going on: claimed, and nobody else to tell
                return
            kind = payloads.MATCH_FINISHED if finished else payloads.YOUR_TURN
            willing = await wanting(session, (seats[seat] for seat in told), kind, now)
        for seat in told:
            if seats[seat] in willing:
                await self._send(loaded, seat, finished, devices[seats[seat]])

    async def _send(
        self, loaded: LoadedMatch, seat: int, finished: bool, devices: list[Device]
    ) -> None:
        base = self.context.push.base_url
        if finished:
            payload = payloads.match_finished(loaded, seat, base)
        else:
            payload = payloads.your_turn(loaded, seat, base)
        await self.context.push.deliver(devices, payload)


def _concerned(loaded: LoadedMatch, finished: bool) -> dict[int, str]:
    """seat -> player id of the people the commit concerns."""
    people = {info.seat: info.player_id for info in loaded.seats if info.player_id is not None}
    seats = people.keys() if finished else loaded.humans_to_act()
    return {seat: people[seat] for seat in seats if seat in people}


async def _claim(session: AsyncSession, loaded: LoadedMatch, seat: int, finished: bool) -> bool:
    """Whether this call claimed the seat's notice of this turn (False: already claimed)."""
    turn = FINISHED if finished else await _turn_began(session, loaded, seat)
    session.add(PushNotice(match_id=loaded.id, seat=seat, turn=turn))
    try:
        await session.commit()
    except IntegrityError:
        await session.rollback()
        return False
    return True


async def _turn_began(session: AsyncSession, loaded: LoadedMatch, seat: int) -> int:
    """The version of the seat's last move up to this commit (0: it has not moved yet)."""
    last = await session.scalar(
        select(func.max(MatchAction.seq)).where(
            MatchAction.match_id == loaded.id,
            MatchAction.seat == seat,
            MatchAction.seq <= loaded.version,
        )
    )
    return int(last or 0)
