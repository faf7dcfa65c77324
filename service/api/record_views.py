"""`POST /records/views`: a record file's views, version by version, for a page that replays it.

Thin like the other endpoints: the body is JSON like every other body, holding the
file's text as it is (JSON or NDJSON, so a page sends what was dropped unread); one use
case (`service.usecases.record_views`) in a worker thread; the answer. Nothing is
stored; the answer is the same for the same record, so a page may keep it.
"""

from __future__ import annotations

from litestar import post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from service.api.http import DEFAULT_BODY_BYTES, body_problems
from service.signing import KeyRing
from service.usecases import record_views
from service.usecases.record_views import RecordFile, RecordViews


@post(
    "/records/views",
    operation_id="viewRecord",
    summary="Verify a record file (game or match, /1 or /2, JSON or NDJSON) and answer its views.",
    description=(
        "The body's `record` is a record file's text as the file holds it: a game record "
        "(`penang-rummy-record/1` "
        "or `/2`, JSON or NDJSON, as `exportRecord` or `exportRecordNdjson` give it) or a "
        "match record (`exportMatchRecord`). It is verified as `penang-rummy verify` "
        "verifies it (rules, chain, a signature by one of this service's keys); a record "
        "that fails is refused, 422 `invalid-record`, in the verifier's words, with the "
        "rule id and code. A valid record is answered with its spectator view at every "
        "version (`views[0]` is version 1) and its events, as a spectator of a game of "
        "this service would see them: every hand once the game is over (R3, R28), none "
        "while a record stops short. Nothing is stored. A body over the service's limit "
        f"(`PENANG_RUMMY_MAX_BODY_BYTES`, by default {DEFAULT_BODY_BYTES} bytes) is refused (413)."
    ),
    sync_to_thread=True,
    status_code=200,
    responses=body_problems(),
)
def view_record(data: JSONBody[RecordFile], keyring: NamedDependency[KeyRing]) -> RecordViews:
    return record_views.record_views(data.record.encode("utf-8"), keyring)


ROUTES = (view_record,)
