"""A push service on 127.0.0.1 for the tests: the receiving end of the Web Push protocol.

It plays a browser's push service (RFC 8030) for subscriptions whose keys the test made as a
browser does (an ECDH P-256 pair and a 16-byte auth secret): for each message it checks the
VAPID authorization (RFC 8292: the JWT's ES256 signature by the server's public key, `aud`
its own origin, `exp` within a day, `sub` the configured contact), that the body is aes128gcm
(RFC 8188), decrypts it with the subscription's private key (RFC 8291, http_ece) and keeps
the payload per subscription. A test may make a subscription answer a status instead (410:
the browser dropped it; 503 a few times: a push service's hiccup).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from app.notifications.vapid import b64url, b64url_decode

DAY = 24 * 3600
WAIT_SECONDS = 30.0  # a bound on a wait for a state, not a pause


@dataclass
class Inbox:
    """One subscription, as its browser holds it."""

    name: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    messages: list[dict[str, Any]] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)  # statuses to answer first, in order
    requests: int = 0


class PushService:
    def __init__(self, vapid_public_key: str, subject: str) -> None:
        self.vapid_public_key = vapid_public_key
        self.subject = subject
        self.inboxes: dict[str, Inbox] = {}
        self.problems: list[str] = []  # every protocol check that failed
        self._changed = threading.Condition()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> PushService:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def subscription(self, name: str) -> dict[str, Any]:
        """A new browser subscription (PushSubscription.toJSON()) delivered to `name`."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        self.inboxes[name] = Inbox(name, key, auth)
        point = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": f"{self.origin}/push/{name}",
            "expirationTime": None,
            "keys": {"p256dh": b64url(point), "auth": b64url(auth)},
        }

    def messages(self, name: str) -> list[dict[str, Any]]:
        with self._changed:
            return list(self.inboxes[name].messages)

    def wait_for(self, seen: Callable[[], bool], what: str) -> None:
        """Wait until `seen()` holds (checked each time a message arrives), within a bound."""
        deadline = time.monotonic() + WAIT_SECONDS
        with self._changed:
            while not seen():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the push service never saw {what}")
                self._changed.wait(left)

    def wait_requests(self, name: str, count: int) -> None:
        self.wait_for(lambda: self.inboxes[name].requests >= count, f"{count} requests to {name}")

    def received(self, name: str, body: bytes, headers: dict[str, str]) -> int:
        with self._changed:
            inbox = self.inboxes.get(name)
            if inbox is None:
                return 404
            try:
                status = self._receive(inbox, body, headers)
            finally:
                inbox.requests += 1
                self._changed.notify_all()
            return status

    def _receive(self, inbox: Inbox, body: bytes, headers: dict[str, str]) -> int:
        if inbox.answers:
            return inbox.answers.pop(0)
        problems = self._vapid_problems(headers.get("authorization", ""))
        if headers.get("content-encoding") != "aes128gcm":
            problems.append(f"content-encoding {headers.get('content-encoding')}")
        if not headers.get("ttl", "").isdigit():
            problems.append("no TTL")
        if problems:
            self.problems += problems
            return 401
        plain = http_ece.decrypt(
            body, private_key=inbox.private_key, auth_secret=inbox.auth, version="aes128gcm"
        )
        inbox.messages.append(json.loads(plain))
        return 201

    def _vapid_problems(self, authorization: str) -> list[str]:
        scheme, _, params = authorization.partition(" ")
        parts = dict(part.split("=", 1) for part in params.split(",") if "=" in part)
        if scheme.lower() != "vapid" or parts.get("k") != self.vapid_public_key:
            return [f"authorization {authorization[:40]!r} is not vapid with the server's key"]
        header, claims, signature = parts.get("t", "..").split(".")
        public = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), b64url_decode(self.vapid_public_key)
        )
        raw = b64url_decode(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
        try:
            public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return ["the VAPID JWT's signature is not the server key's"]
        return self._claim_problems(
            json.loads(b64url_decode(header)), json.loads(b64url_decode(claims))
        )

    def _claim_problems(self, header: dict[str, Any], claims: dict[str, Any]) -> list[str]:
        problems = []
        if header.get("alg") != "ES256":
            problems.append(f"alg {header.get('alg')}")
        if claims.get("aud") != self.origin:
            problems.append(f"aud {claims.get('aud')} is not {self.origin}")
        if not time.time() < claims.get("exp", 0) <= time.time() + DAY:
            problems.append(f"exp {claims.get('exp')} is not within a day")
        if claims.get("sub") != self.subject:
            problems.append(f"sub {claims.get('sub')}")
        return problems


def _handler(service: PushService) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # the name http.server calls
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            headers = {key.lower(): value for key, value in self.headers.items()}
            status = service.received(self.path.removeprefix("/push/"), body, headers)
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_args: Any) -> None:
            """Quiet: the test reads the inboxes."""

    return Handler
