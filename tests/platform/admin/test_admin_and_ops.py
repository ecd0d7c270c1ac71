"""Admin powers (audited) and the operator endpoints."""

from __future__ import annotations

import httpx
from sqlalchemy import select

from app.admin.models import AuditEvent
from tests.platform.helpers import envelope, new_player, start_match

ADMIN = {"Authorization": "Bearer test-admin-token-0123456789abcdef"}


async def test_admin_lists_closes_and_kicks(client: httpx.AsyncClient) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    lobby = (
        await client.post(
            "/api/v1/lobbies",
            headers=ada.auth,
            json={"game": "high-card", "seats": 2, "private": True},
        )
    ).json()
    await client.post(
        f"/api/v1/lobbies/{lobby['id']}/join",
        headers=bob.auth,
        json={"invite_code": lobby["invite_code"]},
    )
    listed = (await client.get("/api/v1/admin/lobbies?status=open", headers=ADMIN)).json()
    assert [entry["id"] for entry in listed] == [lobby["id"]]  # private ones too
    kicked = await client.delete(
        f"/api/v1/admin/lobbies/{lobby['id']}/players/{bob.id}", headers=ADMIN
    )
    assert kicked.json()["seats"][1]["player"] is None
    missing = await client.delete(
        f"/api/v1/admin/lobbies/{lobby['id']}/players/{bob.id}", headers=ADMIN
    )
    assert missing.status_code == 404
    closed = await client.post(f"/api/v1/admin/lobbies/{lobby['id']}/close", headers=ADMIN)
    assert closed.json()["status"] == "closed"


async def test_admin_aborts_a_match_and_reads_raw_state_with_an_audit(
    client: httpx.AsyncClient,
) -> None:
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    stats = (await client.get("/api/v1/admin/stats", headers=ADMIN)).json()
    assert stats["active_matches"] == 1
    raw = (await client.get(f"/api/v1/admin/matches/{match_id}/state?seat=1", headers=ADMIN)).json()
    assert raw["state"]["hands"][0] and raw["view"]["hand"] == raw["state"]["hands"][1]
    normal = await client.get(f"/api/v1/admin/matches/{match_id}/state", headers=ada.auth)
    assert normal.status_code == 403
    aborted = (await client.post(f"/api/v1/admin/matches/{match_id}/abort", headers=ADMIN)).json()
    assert aborted["status"] == "aborted" and aborted["version"] == 1
    seen = await envelope(client, match_id, ada)
    assert seen["status"] == "aborted" and seen["legal_actions"] == [] and seen["to_act"] == []
    listed = (await client.get("/api/v1/admin/matches?status=aborted", headers=ADMIN)).json()
    assert [entry["id"] for entry in listed] == [match_id]
    async with client.app.state.context.db.sessions() as session:  # type: ignore[attr-defined]
        actions = (await session.scalars(select(AuditEvent.action))).all()
    assert sorted(actions) == ["match.abort", "match.raw_state"]


async def test_health_readiness_and_metrics(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).json() == {"status": "ok"}
    ready = await client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["database"] is True
    ada, bob = await new_player(client, "Ada"), await new_player(client, "Bob")
    match_id = await start_match(client, ada, [bob])
    hand = (await envelope(client, match_id, ada))["view"]["hand"]
    await client.post(
        f"/api/v1/matches/{match_id}/actions",
        headers=ada.auth,
        json={"action": {"type": "play", "card": hand[0]}},
    )
    metrics = (await client.get("/metrics")).text
    assert "foxden_actions_total 1" in metrics
    assert 'foxden_action_seconds_bucket{le="+Inf"} 1' in metrics


async def test_openapi_describes_routes_and_errors(client: httpx.AsyncClient) -> None:
    spec = (await client.get("/openapi.json")).json()
    paths = spec["paths"]
    for path in [
        "/api/v1/players",
        "/api/v1/games",
        "/api/v1/lobbies/{lobby_id}/start",
        "/api/v1/matches/{match_id}/actions",
        "/api/v1/matches/{match_id}/log",
        "/api/v1/matches/{match_id}/stream",
        "/api/v1/admin/stats",
        "/readyz",
    ]:
        assert path in paths, path
    action_errors = paths["/api/v1/matches/{match_id}/actions"]["post"]["responses"]
    assert {"400", "403", "404", "409", "413", "422", "429"} <= set(action_errors)
