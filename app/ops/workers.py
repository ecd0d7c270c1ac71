"""Metrics shared by several worker processes (prometheus-client's multiprocess mode).

`foxden serve --workers N` calls `share_metrics` before uvicorn starts the workers: each worker
then writes its values to files in one directory, and a scrape of any worker sums them all
(app/ops/scrape.py). The library picks its mode when a worker imports it, from the environment
variable set here, so this must run in the parent, before any worker exists.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from app.ops.metrics import MULTIPROCESS_DIR


def share_metrics(workers: int) -> Path | None:
    """The directory the workers share (None: one process keeps its metrics in memory).

    An operator's PROMETHEUS_MULTIPROC_DIR is used as it is; otherwise a temporary directory is
    made and removed at exit. Either way it is emptied first: a previous run's counts (of
    processes long gone) must not be added to this run's.
    """
    chosen = os.environ.get(MULTIPROCESS_DIR)
    if workers <= 1 and not chosen:
        return None
    folder = Path(chosen) if chosen else Path(tempfile.mkdtemp(prefix="foxden-metrics-"))
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()
    if not chosen:
        atexit.register(shutil.rmtree, folder, True)
    os.environ[MULTIPROCESS_DIR] = str(folder)
    return folder
