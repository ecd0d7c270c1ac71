"""How fast anyone may try passwords: per account and per address, on the app's clock.

Separate from the general request limit (1200 a minute), which would allow far too many
guesses. An account takes `ACCOUNT_BURST` tries, then one a minute: enough for a player who
mistypes, far too few to guess a password. An address takes more (players behind one router
share it) but still stops one machine from trying many accounts. Every try counts, right or
wrong: each costs an Argon2 hash, which is the expensive part.
"""

from __future__ import annotations

from app.clock import Clock
from app.errors import ApiError
from app.ratelimit import RateLimiter

ACCOUNT_PER_MINUTE, ACCOUNT_BURST = 1, 10
ADDRESS_PER_MINUTE, ADDRESS_BURST = 10, 30


class SignInLimits:
    def __init__(self, clock: Clock) -> None:
        self.accounts = RateLimiter(ACCOUNT_PER_MINUTE, ACCOUNT_BURST, clock=clock.monotonic)
        self.addresses = RateLimiter(ADDRESS_PER_MINUTE, ADDRESS_BURST, clock=clock.monotonic)

    def check(self, username_key: str, address: str) -> None:
        """Charge one try to both; refuse with rate/limited when either is spent."""
        wait = max(self.addresses.retry_after(address), self.accounts.retry_after(username_key))
        if wait:
            raise ApiError(
                "rate/limited",
                f"Too many sign-in attempts: try again in {wait} s.",
                headers={"Retry-After": str(wait)},
            )
