"""Imports every model so Base.metadata is complete (for Alembic and tests)."""

from app.accounts.models import Account, DeviceSession, Player
from app.admin.models import AuditEvent
from app.challenges.models import Challenge
from app.chat.models import ChatMessage
from app.daily.models import DailyDeal, DailyEntry
from app.lobby.models import Lobby, LobbySeat
from app.matches.models import Match, MatchAction, MatchSeat, MatchStart
from app.notifications.models import DigestSent, NotificationPrefs, PushNotice, PushSubscription
from app.ratings.models import PlayerRating, RatingChange, SettledMatch, TeamRecord
from app.review.models import ReviewJob
from app.slow_play.models import ClockSettings, Vacation

__all__ = [
    "Account",
    "AuditEvent",
    "Challenge",
    "ChatMessage",
    "ClockSettings",
    "DailyDeal",
    "DailyEntry",
    "DeviceSession",
    "DigestSent",
    "Lobby",
    "LobbySeat",
    "Match",
    "MatchAction",
    "MatchSeat",
    "MatchStart",
    "NotificationPrefs",
    "Player",
    "PlayerRating",
    "PushNotice",
    "PushSubscription",
    "RatingChange",
    "ReviewJob",
    "SettledMatch",
    "TeamRecord",
    "Vacation",
]
