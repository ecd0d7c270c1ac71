"""Who hears of a committed change to a match, and in which order: the one place that wires
the commit hook (app/matches/commits.py). The pipeline announces; it never calls these.

Within the change's own transaction: a seat change's notice is written to the chat.
At once, inline in the request that committed (each only counts or schedules):
  ops counts and logs the move, the bot and timer layer wakes a bot or sets the match's alarm,
  and the players' event streams are sent their news.
After, in order, each on its own guard (an error or a stall never reaches the commit):
  a finished rated match is settled, before its final envelope goes out (the end screen asks
  for the rating changes at once); then every socket on every process is pushed the change;
  then "your turn" and "match over" pushes are queued for the players' devices.
"""

from __future__ import annotations

from app.bots.automation import Automation
from app.chat.notices import write_notice
from app.context import AppContext
from app.matches.commits import changes_seats, finishes
from app.notifications.turns import TurnNotices, may_notify
from app.ops.actions import reporter
from app.player_events.publisher import PlayerNews
from app.ratings.settle import settler


def wire_listeners(context: AppContext, automation: Automation, news: PlayerNews) -> None:
    hook = context.commits
    hook.within(write_notice, when=changes_seats)
    count_move, count_refusal = reporter(context)
    hook.at_once(count_move)
    hook.on_refusal(count_refusal)
    hook.at_once(automation.committed)
    hook.at_once(news.committed)
    hook.after(settler(context), when=finishes)
    hook.after(context.fanout.committed)
    if context.push.enabled:
        hook.after(TurnNotices(context).committed, when=may_notify)
