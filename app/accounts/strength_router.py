"""POST /api/v1/players/me/account/password-check: is a new password too easy to guess?

The account page asks while the player types, so the verdict comes before the form is sent;
claiming and changing the password still decide for themselves, with the same judge.
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app.accounts.credentials import PASSWORD_MAX
from app.accounts.models import USERNAME_MAX, Account
from app.accounts.strength import verdict
from app.core.errors import responses
from app.core.inputs import PlainText, RequestModel
from app.web.deps import CurrentPlayer, SessionDep

router = APIRouter(prefix="/api/v1/players/me/account", tags=["players"])
SIGNED_IN = ("auth/missing", "auth/invalid", "auth/expired", "rate/limited")


class PasswordCheck(RequestModel):
    password: PlainText = Field(min_length=1, max_length=PASSWORD_MAX)
    username: PlainText | None = Field(
        None,
        max_length=USERNAME_MAX,
        description="The username about to be claimed (a password built on it is refused); "
        "an account's own username counts without it",
    )


class PasswordVerdictPublic(BaseModel):
    acceptable: bool = Field(description="Whether claiming or changing would accept it")
    score: int = Field(ge=0, le=4, description="zxcvbn's score: 0 guessed at once, 4 very hard")
    message: str | None = Field(description="Why it is refused, for the player; null if not")
    suggestions: list[str] = Field(description="How to make it harder to guess")


@router.post(
    "/password-check",
    response_model=PasswordVerdictPublic,
    responses=responses("request/malformed", *SIGNED_IN),
    operation_id="checkPassword",
)
async def password_check(
    body: PasswordCheck, player: CurrentPlayer, session: SessionDep
) -> PasswordVerdictPublic:
    """Whether a new password would be accepted, and why not: easy to guess (common, a
    pattern, built on your username, display name or this site's name) or too short.
    Nothing is stored or logged."""
    names = [player.name, *await _usernames(session, player.id, body.username)]
    found = await verdict(body.password, names)
    return PasswordVerdictPublic(
        acceptable=found.acceptable,
        score=found.score,
        message=found.message,
        suggestions=list(found.suggestions),
    )


async def _usernames(session: SessionDep, player_id: str, claiming: str | None) -> list[str]:
    account = await session.get(Account, player_id)
    # Judging takes a while on the CPU: give the connection back to the pool first.
    await session.close()
    owned = [account.username] if account is not None else []
    return [claiming, *owned] if claiming else owned
