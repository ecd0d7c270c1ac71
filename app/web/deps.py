"""FastAPI dependencies: the app context, a session, and who is calling."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.accounts import GUEST
from app.accounts.device_sessions import DeviceSessionExpired
from app.accounts.service import Identity, lookup_token
from app.context import AppContext
from app.core.errors import ApiError
from app.web.ratelimit_headers import remember


def get_context(request: Request) -> AppContext:
    context: AppContext = request.app.state.context
    return context


ContextDep = Annotated[AppContext, Depends(get_context)]


async def get_session(context: ContextDep) -> AsyncIterator[AsyncSession]:
    async with context.db.sessions() as session:
        yield session


SessionDep = Annotated[AsyncSession, Depends(get_session)]


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        return None
    if scheme.lower() != "bearer" or not token.strip():
        limit(get_context(request), address_key(request))
        raise ApiError("auth/invalid", "Use the header 'Authorization: Bearer <token>'.")
    return token.strip()


def address_key(request: Request) -> str:
    return "ip:" + (request.client.host if request.client else "?")


async def optional_player(
    request: Request, context: ContextDep, session: SessionDep
) -> Identity | None:
    token = bearer_token(request)
    if token is None:
        limit(context, address_key(request), request)
        return None
    try:
        identity = await lookup_token(session, token, context.tokens)
    except DeviceSessionExpired:
        limit(context, address_key(request), request)
        raise ApiError(
            "auth/expired", "This device's session expired (unused for 30 days): sign in again."
        ) from None
    if identity is None:
        # Guessing tokens costs the address, like any request without a valid token.
        limit(context, address_key(request), request)
        raise ApiError("auth/invalid", "This token is not valid. Create a player to get one.")
    limit(context, "player:" + identity.id, request)
    return identity


async def limit_address(request: Request, context: ContextDep) -> None:
    """For routes that take no token: every request counts against its address."""
    limit(context, address_key(request), request)


def limit(context: AppContext, key: str, request: Request | None = None) -> None:
    """Charge `key` one request; with `request`, its response tells the client what is left
    (RateLimit headers, app/web/ratelimit_headers.py)."""
    charge = context.limiter.charge(key)
    if request is not None:
        remember(request, context.limiter, charge)
    if wait := charge.retry_after:
        context.metrics.rate_limited.inc()
        raise ApiError(
            "rate/limited",
            f"Too many requests: try again in {wait} s.",
            headers={"Retry-After": str(wait)},
        )


OptionalPlayer = Annotated[Identity | None, Depends(optional_player)]


async def current_player(player: OptionalPlayer) -> Identity:
    if player is None:
        raise ApiError("auth/missing", "Sign in first: send 'Authorization: Bearer <token>'.")
    return player


CurrentPlayer = Annotated[Identity, Depends(current_player)]


async def device_session_player(player: CurrentPlayer) -> Identity:
    """A caller signed in with an account's device token (guest tokens have no session)."""
    if player.session_id is None:
        raise ApiError("account/not_found", GUEST)
    return player


DeviceSessionPlayer = Annotated[Identity, Depends(device_session_player)]


async def admin_player(player: CurrentPlayer) -> Identity:
    if not player.is_admin:
        raise ApiError("auth/forbidden", "Only an admin may do this.")
    return player


AdminPlayer = Annotated[Identity, Depends(admin_player)]
