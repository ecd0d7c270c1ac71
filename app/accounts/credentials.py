"""What a player types to claim or sign in: a username and a password, checked at the door.

Usernames are 3-24 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit:
no look-alike characters from other scripts, so one name cannot pose as another. They are
unique without regard to case. Passwords are 8-128 characters of any kind (the upper bound keeps
one hash cheap enough; passphrases fit), and new ones must not be easy to guess (strength.py).
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

from app.accounts.models import USERNAME_MAX
from app.core.inputs import PlainText, RequestModel

USERNAME_MIN = 3
PASSWORD_MIN = 8
PASSWORD_MAX = 128
# Anchored, so the JSON Schema `pattern` (a search in ECMA-262 regex) means what fullmatch does.
USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _username(raw: str) -> str:
    if not USERNAME_PATTERN.fullmatch(raw):
        raise ValueError("use letters, digits, '.', '_' or '-', starting with a letter or a digit")
    return raw


def _password(raw: str) -> str:
    if not raw.strip():
        raise ValueError("a password cannot be only spaces")
    return raw


def username_key(username: str) -> str:
    """The form usernames are compared in: one account per name, whatever its case."""
    return username.lower()


Username = Annotated[
    str,
    Field(
        min_length=USERNAME_MIN,
        max_length=USERNAME_MAX,
        description="3-24 letters, digits, '.', '_' or '-', starting with a letter or digit; "
        "unique without regard to case",
        # In the document only: the check is `_username`, whose refusal a person can read
        # (pydantic's own would quote the regular expression).
        json_schema_extra={"pattern": USERNAME_PATTERN.pattern},
    ),
    AfterValidator(_username),
]
Password = Annotated[
    PlainText,
    Field(
        min_length=PASSWORD_MIN,
        max_length=PASSWORD_MAX,
        description="8-128 characters, not too easy to guess (`account/weak_password`; "
        "POST /api/v1/players/me/account/password-check tells before)",
    ),
    AfterValidator(_password),
]
# Signing in accepts what was once valid, so a change of the rules never locks anyone out;
# only the lengths are bounded, to keep requests (and the hashing) small.
AnyUsername = Annotated[PlainText, Field(min_length=1, max_length=USERNAME_MAX)]
AnyPassword = Annotated[PlainText, Field(min_length=1, max_length=PASSWORD_MAX)]


class Claim(RequestModel):
    username: Username
    password: Password


class SignIn(RequestModel):
    username: AnyUsername
    password: AnyPassword


class PasswordChange(RequestModel):
    old_password: AnyPassword
    new_password: Password
