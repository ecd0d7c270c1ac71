"""How fast anyone may try passwords, on the app's clock, without letting anyone lock an owner out.

Separate from the general request limit (1200 a minute), which would allow far too many
guesses. Three limits, all checked before any hashing (the expensive part):

- per address, every attempt (sign-ins, claims, password changes): 30, then ten a minute. One
  machine can neither guess at many accounts nor probe which usernames exist by claiming them.
  Players behind one router share it, hence more than one person needs.
- per (account, address), wrong passwords only: 10, then one a minute. The guesser is held,
  not the account: the owner elsewhere is not affected. A right password forgives that
  address's failures on that account.
- per account, wrong passwords from every address: 100, then ten a minute. It holds only
  addresses that have failed on this account themselves, so a distributed attack is slowed and
  the owner's right password from an address that has not failed is never refused (as the big
  identity providers do it: a familiar place is not held by strangers' failures).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

from cachetools import TTLCache

from app.core.clock import Clock
from app.core.errors import ApiError
from app.web.ratelimit import RateLimiter

ADDRESS_PER_MINUTE, ADDRESS_BURST = 10, 30
PAIR_FAILURES, PAIR_PER_MINUTE = 10, 1
ACCOUNT_FAILURES, ACCOUNT_PER_MINUTE = 100, 10
# Keys remembered at once per limit; under a flood of distinct keys the oldest are forgotten
# first (an address forgotten is only treated as one that never failed: its own limit of
# attempts still holds).
REMEMBERED = 100_000
WRONG_PASSWORD = {"account/bad_credentials", "account/wrong_password"}


class Failures:
    """Recent failures per key, each forgotten at `per_minute` (a leaky bucket on the clock)."""

    def __init__(self, allowed: int, per_minute: int, clock: Clock) -> None:
        self.allowed = allowed
        self.drain = per_minute / 60.0
        self._clock = clock
        # An entry is dropped once it has fully drained: it would say nothing any more.
        self._levels: TTLCache[Hashable, tuple[float, float]] = TTLCache(
            REMEMBERED, ttl=allowed / self.drain, timer=clock.monotonic
        )

    def level(self, key: Hashable) -> float:
        level, at = self._levels.get(key, (0.0, 0.0))
        # Rounded so that exactly a minute later a failure has exactly drained.
        return max(0.0, round(level - (self._clock.monotonic() - at) * self.drain, 9))

    def wait(self, key: Hashable) -> int:
        """Seconds until `key` may fail once more (0: now)."""
        excess = self.level(key) - (self.allowed - 1)
        return 0 if excess <= 0 else max(1, math.ceil(excess / self.drain))

    def add(self, key: Hashable) -> None:
        self._levels[key] = (min(self.allowed, self.level(key) + 1), self._clock.monotonic())

    def forget(self, key: Hashable) -> None:
        self._levels.pop(key, None)


class SignInLimits:
    def __init__(self, clock: Clock) -> None:
        self.addresses = RateLimiter(ADDRESS_PER_MINUTE, ADDRESS_BURST, clock=clock.monotonic)
        self.pairs = Failures(PAIR_FAILURES, PAIR_PER_MINUTE, clock)
        self.accounts = Failures(ACCOUNT_FAILURES, ACCOUNT_PER_MINUTE, clock)

    def charge(self, address: str) -> None:
        """One attempt from `address` (a claim, a sign-in, a password change)."""
        _refuse(
            self.addresses.retry_after(address),
            "Too many sign-in or account attempts from your address",
        )

    @contextmanager
    def attempt(self, account_key: str, address: str) -> Iterator[None]:
        """A password tried on one account: refused before any hashing if a limit is spent;
        a wrong password raised inside the block is counted, a right one forgives."""
        # Failures count once answered: guesses sent at once are held by the address limit and
        # the hashing pool's bound instead.
        pair = (account_key, address)
        wait = self.pairs.wait(pair)
        if not wait and self.pairs.level(pair) > 0:
            wait = self.accounts.wait(account_key)
        _refuse(wait, "Too many wrong passwords for this account")
        self.charge(address)
        try:
            yield
        except ApiError as refusal:
            if refusal.code in WRONG_PASSWORD:
                self.pairs.add(pair)
                self.accounts.add(account_key)
            raise
        self.pairs.forget(pair)


def _refuse(wait: int, why: str) -> None:
    if wait:
        raise ApiError(
            "rate/limited", f"{why}: try again in {wait} s.", headers={"Retry-After": str(wait)}
        )
