"""The order in which `make test` hands test files to its two workers: the longest first.

`--dist loadgroup` gives each worker a whole file at a time (tests/conftest.py names the
groups), in collection order with `--no-loadscope-reorder`. xdist's own order puts the files
with the most tests first, so the browser, ops and tool files, a few long tests each, started
last, and one core idled while the other finished one of them. Handed out longest first, the
files that come last are short, and both workers finish together.

Only the order depends on these figures: a wrong one costs some wall time, never a test.
"""

from __future__ import annotations

# Seconds a whole file took (--durations, both cores busy), for the files over ~30 s.
MEASURED = {
    # Whole matches of every case, and axe at both sizes: scaled from their --durations sums
    # before and after (84 s -> ~190 s, 107 s -> ~165 s, on this busy machine).
    "tests/browser/test_legal_targets.py": 400,
    "tests/browser/test_accessibility.py": 290,
    "tests/browser/test_page_width.py": 240,
    "tests/platform/matches/test_all_games_over_api.py": 150,
    "tests/games/test_conformance.py:oh-fox": 140,
    "tests/api_contract/test_bot_guides.py": 130,
    "tests/browser/test_table_in_view.py": 125,
    # Every game's guided match by keyboard on the desktop and by finger on the phone: 10
    # lessons, not 12 (alone on a busy machine: 61 s -> 57 s, 69 s -> 42 s).
    "tests/browser/test_learn_to_play.py": 100,
    "tests/api_contract/test_recorded_frames.py": 90,
    "tests/games/fox_in_the_forest/test_bots.py": 90,
    "tests/ops/test_refusals.py": 90,
    "tests/browser/test_fox_on_the_tree_ui.py": 85,
    "tests/games/fox_on_the_run/test_bots.py": 85,
    "tests/platform/test_schemathesis.py": 80,
    "tests/platform/matches/test_export.py": 80,
    "tests/platform/tutorials/test_tutorials.py": 55,
    # Finished matches reviewed on both databases, one serving four checks (a quiet machine:
    # 23 s; busy: 32-33 s -> 20-30 s).
    "tests/platform/review/test_review_api.py": 50,
    "tests/games/test_conformance.py:fox-in-the-forest": 80,
    "tests/platform/realtime/test_real_sockets.py": 65,
    "tests/browser/test_ratings_shown.py": 65,
    "tests/browser/test_match_page.py": 65,
    "tests/games/test_conformance.py:fox-on-the-tree": 60,
    "tests/browser/test_fox_in_the_forest_ui.py": 60,
    "tests/ops/test_wheel.py": 60,
    "tests/games/fox_on_the_tree/test_bots.py": 60,
    "tests/api_contract/test_generated_bot.py": 60,
    "tests/api_contract/test_generated_clients.py": 60,
    "tests/games/test_conformance.py:fox-on-the-run": 55,
    "tests/browser/test_replay.py": 55,
    "tests/browser/test_accounts.py": 55,
    "tests/games/oh_fox/test_bots.py": 55,
    "tests/games/fox_in_the_forest_duet/test_bots.py": 55,
    "tests/browser/test_fox_on_the_run_ui.py": 55,
    "tests/browser/test_keyboard.py": 50,
    "tests/platform/matches/test_fox_in_the_forest_e2e.py": 50,
    "tests/browser/test_oh_fox_ui.py": 50,
    "tests/platform/lobby/test_lobby_bots.py": 50,
    "tests/browser/test_home.py": 45,
    "tests/browser/test_app_release.py": 25,  # two server starts on a copy of the app
    "tests/platform/catalogue/test_rules_contents.py": 45,
    "tests/platform/lobby/test_lobby.py": 45,
    "tests/platform/realtime/test_websockets.py": 45,
    "tests/reliability/test_crash.py": 40,
    "tests/platform/notifications/test_push_two_processes.py": 40,
    "tests/browser/test_table_help.py": 40,
    "tests/browser/test_page_screens.py": 40,
    "tests/ops/test_browser_restart.py": 35,
    "tests/ops/test_rolling_restart.py": 35,
    # A short Fox in the Forest match played out and reviewed (29-72 s -> 23-29 s, busy).
    "tests/browser/test_review.py": 35,
    # Its own server dealing a known deal, played to the third held trick (31-42 s -> 20-30 s).
    "tests/browser/test_trick_hold.py": 30,
    # Every game's daily deal played out twice, on both databases (45 s, a busy machine).
    "tests/platform/daily/test_daily_deal.py": 55,
    # Two daily matches played out beside the pages (13-20 s).
    "tests/browser/test_daily_deal.py": 25,
}
# Any other file: seconds per test, by folder (the first prefix that matches).
PER_TEST = (
    ("tests/browser/", 5.0),
    ("tests/ops/", 3.0),
    ("tests/api_contract/", 2.0),
    ("tests/reliability/", 2.0),
    ("tests/games/", 0.2),
    ("tests/", 0.4),
)


def group_of(nodeid: str) -> str:
    """A test's xdist group: its file; the conformance suite's, its file and game."""
    path, _, name = nodeid.partition("::")
    if path.endswith("tests/games/test_conformance.py") and "[" in name:
        return f"{path}:{name.split('[', 1)[1].rstrip(']')}"
    return path


def expected_seconds(nodeids: list[str]) -> dict[str, float]:
    """Each group's expected duration."""
    counts: dict[str, int] = {}
    for nodeid in nodeids:
        group = group_of(nodeid)
        counts[group] = counts.get(group, 0) + 1
    return {group: _seconds(group, count) for group, count in counts.items()}


def _seconds(group: str, tests: int) -> float:
    for name, seconds in MEASURED.items():
        if group.endswith(name):
            return seconds
    path = group.split(":", 1)[0]
    return tests * next(each for prefix, each in PER_TEST if f"/{prefix}" in f"/{path}")
