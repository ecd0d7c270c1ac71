"""VAPID (RFC 8292): the key pair that signs every push, so push services know the sender.

`foxden vapid-keys` prints a new pair as the three settings to set; the private key is the raw
32-byte P-256 scalar and the public key the uncompressed point, both base64url without padding:
the forms py-vapid reads and a browser's `applicationServerKey` takes.
"""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_key_pair() -> tuple[str, str]:
    """(private, public), each base64url."""
    vapid = Vapid02()
    vapid.generate_keys()
    private = vapid.private_key.private_numbers().private_value.to_bytes(32, "big")
    public = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(private), b64url(public)


def env_lines(subject: str = "mailto:admin@example.org") -> list[str]:
    private, public = new_key_pair()
    return [
        f"FOXDEN_VAPID_PRIVATE_KEY={private}",
        f"FOXDEN_VAPID_PUBLIC_KEY={public}",
        f"FOXDEN_VAPID_SUBJECT={subject}",
    ]


def signer(private_key: str) -> Vapid02:
    """The key that signs the pushes, read once at start (a bad key stops the start)."""
    return Vapid02.from_raw(private_key.encode())
