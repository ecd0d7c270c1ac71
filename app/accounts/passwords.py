"""Password hashing with Argon2id (argon2-cffi), off the event loop.

argon2-cffi is the maintained binding of the reference Argon2 implementation; its defaults are
RFC 9106's low-memory profile (64 MiB, 3 passes), which makes each guess costly for anyone
holding a leaked table. One hash takes ~50-150 ms of CPU, so it runs in a worker thread: a
sign-in never stalls the moves other players are making on the same process.
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher()
# Verified against when a username is unknown, so "no such user" takes as long as "wrong
# password" and the answer time does not tell which usernames exist.
_DECOY = HASHER.hash("decoy password: matches no account")


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(HASHER.hash, password)


async def password_matches(stored_hash: str | None, password: str) -> bool:
    return await asyncio.to_thread(_verify, stored_hash, password)


def _verify(stored_hash: str | None, password: str) -> bool:
    try:
        HASHER.verify(stored_hash or _DECOY, password)
    except (VerificationError, InvalidHashError):
        return False
    return stored_hash is not None


def needs_rehash(stored_hash: str) -> bool:
    """Whether the hash was made with weaker parameters than today's (rehash at sign-in)."""
    return HASHER.check_needs_rehash(stored_hash)
