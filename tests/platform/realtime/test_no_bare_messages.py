"""No channel is built by hand and no message is spelled outside app/realtime/messages.py: a
message spelled in two places is read two ways, and one day differently."""

from __future__ import annotations

import re
from pathlib import Path

import app

APP = Path(app.__file__).parent
MESSAGES = APP / "realtime" / "messages.py"
CHANNEL = r'"(match|lobby|token|player):"'
FORBIDDEN = {
    "a channel built by hand (use match_topic, lobby_topic, token_topic, player_topic)": (
        CHANNEL + r"\s*\+|f" + CHANNEL[:-1] + r"\{"
    ),
    "a channel read by hand (use match_of, token_of)": (
        r"(startswith|removeprefix|partition|split)\(\s*" + CHANNEL
    ),
    "a channel spelled outside messages.py": r'"(match|token):"',
    "a message spelled in a publish or a delivery (use a message's encode())": (
        r'\.(publish|deliver)\([^)]*,\s*(f?"|str\()|\.notify\(\s*(f?"|str\()'
    ),
    "a message read by hand (use decode, or Listener.messages)": (
        r'(==|!=|\bin)\s*"(presence|signout|resync|seats|changed|viewer|chat:seat)"'
        r'|startswith\(\s*f?"(chat|move|ev)'
        r"|\.isdigit\(\)"
    ),
    "a name of the old spellings": (
        r'\b(PRESENCE|SIGNOUT|NEWS)\s*=|\bMOVE\s*=\s*"move:"|\bTOPIC\s*=\s*"'
    ),
}
# Keys that share a channel's spelling but name no channel: a rate limit's and a socket cap's
# caller, a lobby's lock (nothing is published or listened to under them).
NOT_CHANNELS = ('limit(context, "player:"', 'caller = "player:"', 'locks.hold("lobby:"')
# Reading a body's declared length is not reading a message.
NOT_MESSAGES = ("app/web/bodylimit.py",)


def _offences() -> list[str]:
    found = []
    for path in sorted(APP.rglob("*.py")):
        if path == MESSAGES or "frontend" in path.parts:
            continue
        where = str(path.relative_to(APP.parent))
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for what, pattern in FORBIDDEN.items():
                if not re.search(pattern, line) or any(k in line for k in NOT_CHANNELS):
                    continue
                if what.startswith("a message read") and where in NOT_MESSAGES:
                    continue
                found.append(f"{where}:{number}: {what}: {line.strip()}")
    return found


def test_every_channel_and_message_goes_through_the_messages_module() -> None:
    assert _offences() == []


def test_the_check_finds_the_old_spellings(tmp_path: Path) -> None:
    """The patterns catch what the code said before messages.py (so the check cannot rot)."""
    old = [
        'await context.broker.publish("lobby:" + lobby.id, "changed")',
        'topic = "match:" + match.id',
        'self.tokens.drop(topic.removeprefix("token:"))',
        "await self.broker.publish(topic, str(match.version))",
        'elif message.startswith("chat:"):',
        "if message.isdigit():",
        'self.listener.notify("viewer")',
        'PRESENCE = "presence"',
        'NEWS = "ev"',
    ]
    for line in old:
        assert any(re.search(p, line) for p in FORBIDDEN.values()), line
