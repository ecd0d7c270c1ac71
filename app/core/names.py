"""Text players type that others read: display names and chat messages.

One check for both, because both end up on other people's screens: no control, escape,
bidi-override or other invisible formatting characters (they can hide, reorder or fake what
others see), and at least one character a reader can actually see.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

NAME_MAX = 32
CHAT_MAX = 300

# Controls (NUL, ESC, newlines), format characters (bidi overrides, zero-width joiners),
# surrogates, private use, unassigned code points, and line/paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Characters Unicode files as letters or symbols that nonetheless draw as blank space: the
# Hangul fillers and Khmer inherent vowels (default-ignorable), the blank braille cell and the
# null notehead. Marks on them, or on nothing, show nothing either.
BLANK_LOOKALIKES = frozenset("\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0\U0001d159")
VISIBLE_CLASSES = frozenset("LNPS")  # letters, numbers, punctuation, symbols


def readable(text: str, max_length: int) -> str:
    """`text` as others will see it, or ValueError with a reason a person understands."""
    if not 1 <= len(text) <= max_length:
        raise ValueError(f"use 1 to {max_length} characters")
    if any(_hidden(char) for char in text):
        raise ValueError("use only printable characters (no control or formatting characters)")
    if not any(_visible(char) for char in text):
        raise ValueError("use at least one visible character")
    return text


def _hidden(char: str) -> bool:
    category = unicodedata.category(char)
    # Spaces other than the plain one (no-break, ideographic...) pass for it: refuse them too.
    return category in HIDDEN_CATEGORIES or (category == "Zs" and char != " ")


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] in VISIBLE_CLASSES and char not in BLANK_LOOKALIKES


def _name(raw: str) -> str:
    return readable(raw.strip(), NAME_MAX)


def _chat(raw: str) -> str:
    # Line breaks and runs of spaces fold into one space: a message is one line.
    return readable(" ".join(raw.split()), CHAT_MAX)


DisplayName = Annotated[
    str,
    Field(min_length=1, max_length=NAME_MAX, description="1-32 visible, printable characters"),
    AfterValidator(_name),
]
ChatText = Annotated[
    str,
    Field(min_length=1, max_length=CHAT_MAX, description="1-300 printable characters, one line"),
    AfterValidator(_chat),
]


def bot_name(strategy: str, seat: int) -> str:
    """The one name a bot has, in the lobby and at the table: "Standard bot 2".

    The seat number (from 1, as players count) tells two bots of one strategy apart.
    """
    return f"{strategy.capitalize()} bot {seat + 1}"
