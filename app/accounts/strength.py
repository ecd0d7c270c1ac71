"""Whether a new password is too easy to guess, judged by zxcvbn (Dropbox's estimator).

zxcvbn estimates how many guesses an attacker's cracking tools would need, knowing common
passwords, words, names, keyboard walks, dates, repeats and l33t spellings, plus the words we
give it: the player's username and display name and the site's own name.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from zxcvbn import zxcvbn

from app.accounts.credentials import PASSWORD_MIN
from app.accounts.passwords import lowest_priority
from app.core.errors import ApiError

# zxcvbn's scores: 2 is "protection from unthrottled online attacks" (under 10^8 guesses:
# "Winter2024!", "Tr0ub4dour&3"); 3 is "moderate protection from an offline slow-hash attack".
# Our hashes are slow (Argon2), so 3 keeps accounts safe even if the database leaks, while
# passphrases of three or four ordinary words ("purple monkey dishwasher") score 4.
MIN_SCORE = 3
# Words everyone here would try first.
SITE_WORDS = ("foxden", "fox", "den", "forest")
# zxcvbn's cost grows steeply with length (~0.1 s at 64 characters, ~0.4 s at 128): only the
# start is judged. A password whose first 64 characters are hard to guess is hard to guess.
JUDGED_LENGTH = 64
# Judging waits in this queue beyond one at a time; more is a flood, refused until it drains.
QUEUE_MAX = 16
SHORT = f"Use at least {PASSWORD_MIN} characters."
TOO_EASY = "This password is too easy to guess."
PERSONAL = "It contains your username or name."
SITE = "It is built on this site's name."
BUSY = "Too many password checks at once: try again in a second."


@dataclass(frozen=True)
class Verdict:
    """What zxcvbn thinks of a password, and why we refuse it (`message`), if we do."""

    score: int  # 0 (guessed at once) to 4 (very hard to guess)
    message: str | None
    suggestions: tuple[str, ...]

    @property
    def acceptable(self) -> bool:
        return self.message is None


def judge(password: str, user_inputs: Sequence[str]) -> Verdict:
    """The verdict on `password` for the player known by `user_inputs` (names they go by)."""
    if len(password) < PASSWORD_MIN:  # zxcvbn cannot judge an empty one
        return Verdict(0, SHORT, ())
    result = zxcvbn(password[:JUDGED_LENGTH], user_inputs=list(_guessable_words(user_inputs)))
    score = int(result["score"])
    suggestions = tuple(str(s) for s in result["feedback"]["suggestions"])
    if score < MIN_SCORE:
        return Verdict(score, _refusal(result, suggestions), suggestions)
    return Verdict(score, None, suggestions)


def _guessable_words(user_inputs: Sequence[str]) -> Iterator[str]:
    """The names as given, their parts and their parts run together ("Ada Lovelace" ->
    "adalovelace"): an attacker tries them all. Parts under 3 letters match too much."""
    yield from SITE_WORDS
    for text in user_inputs:
        parts = [part for part in re.split(r"[\W_]+", text) if part]
        yield from (word for word in (text, "".join(parts), *parts) if len(word) >= 3)


def _refusal(result: dict[str, Any], suggestions: tuple[str, ...]) -> str:
    reason = _names_used(result["sequence"]) or str(result["feedback"]["warning"])
    return " ".join(part for part in (TOO_EASY, reason, *suggestions[:1]) if part)


def _names_used(sequence: list[dict[str, Any]]) -> str:
    """A reason naming what the attacker would try: the player's names, or the site's."""
    words = [m["matched_word"] for m in sequence if m.get("dictionary_name") == "user_inputs"]
    if any(word not in SITE_WORDS for word in words):
        return PERSONAL
    return SITE if words else ""


class _Judge:
    """Judges one password at a time on its own thread, off the event loop.

    One at a time because zxcvbn keeps each call's user inputs in a module-level dict (two
    calls at once could judge one player's password against another's names), and because one
    thread bounds the CPU judging can take from a process."""

    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="password-judge", initializer=lowest_priority
        )
        self._waiting = 0

    async def verdict(self, password: str, user_inputs: Sequence[str]) -> Verdict:
        if self._waiting >= QUEUE_MAX:
            raise ApiError("rate/limited", BUSY, headers={"Retry-After": "1"})
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread, judge, password, user_inputs)
        finally:
            self._waiting -= 1


_JUDGE = _Judge()


async def verdict(password: str, user_inputs: Sequence[str]) -> Verdict:
    """`judge`, without holding up other requests; `rate/limited` when flooded."""
    return await _JUDGE.verdict(password, user_inputs)


async def refuse_weak(password: str, user_inputs: Sequence[str]) -> None:
    """Refuse (`account/weak_password`) a new password that is too easy to guess."""
    found = await verdict(password, user_inputs)
    if found.message is not None:
        raise ApiError("account/weak_password", found.message)
