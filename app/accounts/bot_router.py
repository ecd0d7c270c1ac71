"""POST /api/v1/players/me/bot: my account becomes a bot account, for good."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app.accounts.bot_accounts import make_bot
from app.core.errors import responses
from app.lobby.activity import idle_cutoff
from app.web.deps import ContextDep, CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/players", tags=["players"])
SIGNED_IN = ("auth/missing", "auth/invalid", "auth/expired", "rate/limited")


class BotAccountPublic(BaseModel):
    id: str = Field(description="The player id, unchanged")
    name: str
    username: str
    is_bot: bool = Field(description="Always true: the mark cannot be taken back")


@router.post(
    "/me/bot",
    response_model=BotAccountPublic,
    responses=responses(
        "account/not_found", "account/rated_history", "account/in_play", *SIGNED_IN
    ),
    operation_id="upgradeToBotAccount",
)
async def upgrade_to_bot(
    player: CurrentPlayer, session: SessionDep, context: ContextDep
) -> BotAccountPublic:
    """Mark my account as played by a program (irreversible, like Lichess's bot upgrade).

    It is then shown as a bot everywhere, may not sit at people's rated tables, and its rated
    matches (against other bot accounts) count in the bots' rating pool. Refused for a guest
    (`account/not_found`), for an account that played any rated match
    (`account/rated_history`), and while it sits at a table or plays (`account/in_play`).
    Asking again answers the same."""
    cutoff = idle_cutoff(context.settings, context.clock.now())
    account = await make_bot(session, player.id, cutoff)
    return BotAccountPublic(
        id=player.id, name=player.name, username=account.username, is_bot=account.is_bot
    )
