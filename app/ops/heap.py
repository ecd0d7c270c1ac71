"""The garbage collector of a serving process: what startup built is never scanned again.

A full collection walks every object the collector tracks. A serving process holds about
190,000 of them once imports and startup are done, and a full collection during play took
100-260 ms (docs/performance.md, step 15), while every socket of the process waited.
`gc.freeze()` moves everything alive after startup into a permanent generation that the
collector skips; cycles made later are found as before. Only a serving process does this
(`app/server/asgi.py`): a test process builds many apps, and freezing each one's leftovers would
keep them forever.
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    gc.collect()  # the garbage of startup goes first, rather than being kept for good
    gc.freeze()
