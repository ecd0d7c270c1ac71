"""A seated player resigns a running match.

Two seats: the other one wins. The Duet (cooperative): the team loses. Three or more: the
platform's bot plays the seat to the end and it ranks last (app/matches/resignations.py),
and once a single seat is left standing it wins. An ending is the match's last step, written
by the same writer as an admin's abort (app/matches/last_step.py); a hand-over is a seat
change like leaving (app/matches/seats.py), except that the seat cannot be taken back.
Resigning again answers the same and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.core.errors import ApiError
from app.core.statuses import ActorKind, MatchStatus
from app.matches.commits import Change, Commit, SeatChange
from app.matches.history import write_seats_in
from app.matches.last_step import LastStep, end_match
from app.matches.loaded import LoadedMatch, SeatInfo
from app.matches.pipeline_context import PipelineContext
from app.matches.resignations import RESIGNED, ending_outcome
from app.matches.service import timed
from app.matches.slow_clocks import write_clocks
from app.matches.stand_in import stand_in_strategy
from app.matches.store import change_seat

NOT_SEATED = "You do not have a seat in this match."
OVER = "This match is over: there is nothing to resign."


async def resign(
    context: PipelineContext, session: AsyncSession, match_id: str, player: Identity
) -> LoadedMatch:
    handed_over: list[Commit] = []

    async def decide(session: AsyncSession, loaded: LoadedMatch) -> LastStep | None:
        seat = _seat_of(loaded, player)
        if loaded.status != MatchStatus.ACTIVE or loaded.seats[seat].resigned:
            return None  # resigned before (a retry): the same answer, no change
        marked = replace(loaded, seats=_marked(loaded, seat))
        outcome = ending_outcome(loaded.game, marked.seats, seat)
        if outcome is None:
            updated = await _hand_over(context, session, loaded, seat)
            commit = Commit(
                updated,
                Change.SEATS,
                seat=seat,
                seat_change=SeatChange.HANDED_OVER,
                player_id=player.id,
            )
            await context.commits.within_transaction(session, commit)
            handed_over.append(commit)
            return None
        changed = await change_seat(session, loaded, seat, resigned=True)
        # The seats changed: every process reloads them with the new version.
        await write_seats_in(session, replace(changed, seat_epoch=loaded.seat_epoch + 1))
        return LastStep(
            status=MatchStatus.FINISHED,
            outcome=outcome,
            action={"type": "resign", "seat": seat},
            text=f"{{seat{seat}}} resigned.",
            actor=ActorKind.PLAYER,
            data={"seat": seat},
            seat=seat,
        )

    ended = await end_match(context, session, match_id, decide)
    if handed_over:  # as a player leaving is announced (app/matches/seats.py)
        await context.commits.announce(replace(handed_over[0], match=ended))
    return ended


def _seat_of(loaded: LoadedMatch, player: Identity) -> int:
    seat = loaded.seat_of(player.id)
    if seat is None:
        raise ApiError("action/not_seated", NOT_SEATED)
    if loaded.status != MatchStatus.ACTIVE and seat not in _resigned_in(loaded):
        raise ApiError("match/finished", OVER)
    return seat


def _resigned_in(loaded: LoadedMatch) -> list[int]:
    detail = (loaded.outcome or {}).get("detail") or {}
    return list(detail.get(RESIGNED, []))


def _marked(loaded: LoadedMatch, seat: int) -> tuple[SeatInfo, ...]:
    return tuple(replace(s, resigned=True) if s.seat == seat else s for s in loaded.seats)


async def _hand_over(
    context: PipelineContext, session: AsyncSession, loaded: LoadedMatch, seat: int
) -> LoadedMatch:
    """The platform's bot takes the seat for good; the match goes on."""
    bot = stand_in_strategy(loaded.game)
    updated = await change_seat(
        session, loaded, seat, bot=bot, away=True, missed_turns=0, resigned=True
    )
    timed_now = timed(replace(updated, seat_epoch=loaded.seat_epoch + 1), context.clock.now())
    await write_clocks(session, updated, timed_now)
    await write_seats_in(session, timed_now)
    return timed_now
