"""Who is on the other end of a request: the socket peer, or what a trusted proxy says.

`X-Forwarded-For` is believed only when the peer is one of FOXDEN_TRUSTED_PROXIES (default:
none), so a client cannot pick its own address to dodge the per-address rate limit.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(spec: str) -> tuple[Network, ...]:
    """`"10.0.0.1, 10.1.0.0/16"` -> networks; ValueError names the entry that is not one."""
    networks = []
    for entry in filter(None, (part.strip() for part in spec.split(","))):
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError as bad:
            raise ValueError(f"not an address or network: {entry!r}") from bad
    return tuple(networks)


def _trusted(address: str, proxies: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def client_address(peer: str, forwarded_for: str | None, proxies: tuple[Network, ...]) -> str:
    """The nearest address on the forwarding chain that no trusted proxy vouches for."""
    if forwarded_for is None or not _trusted(peer, proxies):
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, proxies):
            return hop
    return hops[0] if hops else peer


class ClientAddress:
    """Rewrites the scope's client to the real one, so logs and limits see the same address."""

    def __init__(self, app: ASGIApp, proxies: tuple[Network, ...]) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.proxies and scope["type"] in ("http", "websocket") and scope.get("client"):
            peer, port = scope["client"]
            header = dict(scope.get("headers", [])).get(b"x-forwarded-for")
            forwarded = header.decode("latin-1") if header is not None else None
            scope["client"] = (client_address(peer, forwarded, self.proxies), port)
        await self.app(scope, receive, send)
