"""The audit trail: every admin action that changes something, or reads a secret, is written."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import Identity
from app.admin.models import AuditEvent


async def audit(
    session: AsyncSession,
    admin: Identity,
    action: str,
    target: str,
    detail: dict[str, Any] | None = None,
) -> None:
    """Add the event to the caller's transaction: it is kept exactly when the action is."""
    session.add(AuditEvent(admin_id=admin.id, action=action, target=target, detail=detail or {}))
