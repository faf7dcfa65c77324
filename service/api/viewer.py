"""The replay viewer: a page of the service that shows a game as a table, version by version.

`GET /viewer` (and `/viewer?game=<id>`) serves `service/static/viewer/index.html`, its
stylesheet and its one ES module, `viewer.js`: plain files shipped as package data,
with no build step and nothing loaded from elsewhere. The page is a client of the API
like any other: it reads `GET /games/{id}?version=N` (the spectator view at a version)
and follows a running game with `GET /games/{id}/events?since=N`; a record file is
replayed in the browser from its events.

The route stays out of the contract (`include_in_schema=False`): it serves files for a
browser, not an operation of the API, and the contract stays what clients call.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from litestar.router import Router
from litestar.static_files import create_static_files_router

VIEWER_PATH: Final = "/viewer"
VIEWER_DIRECTORY: Final = Path(__file__).resolve().parent.parent / "static" / "viewer"


def viewer_router() -> Router:
    """`/viewer` (the page, `index.html`) and `/viewer/<file>` (its stylesheet and module)."""
    return create_static_files_router(
        path=VIEWER_PATH,
        directories=[VIEWER_DIRECTORY],
        html_mode=True,
        name="viewer",
        include_in_schema=False,
    )
