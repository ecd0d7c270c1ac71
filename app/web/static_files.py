"""The frontend's files under /static, revalidated at each use.

There is no build step to put a content hash in each file's name, so a file keeps its URL from
one release to the next. Served with `Last-Modified` alone, a browser would count an old copy
fresh for a while by its own reckoning (a tenth of the file's age) and pair a new release's
page with an old stylesheet or module. `no-cache` makes it ask each time; an unchanged file
costs a `304`. An installed app's service worker answers from its own cache of the release
instead (js/service-worker.js), so it pays nothing for this.
"""

from __future__ import annotations

import os

from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope


class ReleaseFiles(StaticFiles):
    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        return response
