"""The game record endpoints: export a finished game's record, import a record.

Registered by `service.app.create_app` beside the game endpoints, and like them thin:
parse, one use case of `service.usecases.records` in a worker thread, answer. The record
is written by `domain.records` (`dump_record`), byte for byte what
`penang-rummy verify` reads.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.openapi import ResponseSpec
from litestar.params import JSONBody

from domain.records import GameRecord, dump_record
from service.api.http import (
    DEFAULT_BODY_BYTES,
    ETAG,
    JSON_MEDIA_TYPE,
    NDJSON_MEDIA_TYPE,
    OCTET_STREAM_MEDIA_TYPE,
    GameId,
    RecordFormat,
    body_problems,
    problems,
    tagged,
)
from service.signing import KeyRing
from service.store import GameStore
from service.usecases import records as game_records
from service.usecases.messages import GameRecordDocument, ImportedGame


@get(
    "/games/{game_id:str}/record",
    operation_id="exportRecord",
    summary="The record of a finished game: rule options, rules version and every event.",
    description=(
        "The game record, format `penang-rummy-record/2` (domain.records): a JSON "
        "document by default, or NDJSON with `format=ndjson` (the header object, one "
        "event per line, then a trailer line with `chain` and `signature`). Each event is "
        "in its stored form: `type`, schema version `v`, fields. `chain` holds the SHA-256 "
        "hash chain over the header and the events (domain.chain), `signature` the "
        "service's Ed25519 signature over its head, by the key `kid` of "
        "`getSigningKeys`. The record shows every hand, so it is refused (409 "
        "`game-not-over`) while the game runs. `penang-rummy verify RECORD --keys "
        "KEYS.json` checks it offline. Clients generated from this contract read the "
        "NDJSON form through `exportRecordNdjson`, which answers nothing else."
    ),
    sync_to_thread=True,
    response_headers=[ETAG],
    responses={
        200: ResponseSpec(
            GameRecordDocument,
            description="The record (JSON, or NDJSON with `format=ndjson`)",
            media_type=JSON_MEDIA_TYPE,
            generate_examples=False,
        ),
        **problems(404, 409, 422),
    },
)
def export_record(
    game_id: GameId,
    store: NamedDependency[GameStore],
    keyring: NamedDependency[KeyRing],
    record_format: RecordFormat = "json",
) -> Response[bytes]:
    record = game_records.export_record(store, game_id, keyring)
    ndjson = record_format == "ndjson"
    return Response(
        dump_record(record, ndjson=ndjson),
        media_type=NDJSON_MEDIA_TYPE if ndjson else JSON_MEDIA_TYPE,
        headers={"ETag": _record_tag(record)},
    )


def _record_tag(record: GameRecord) -> str:
    """The record's ETag: its length, and the key that signed it (a new key, a new body)."""
    kid = record.signature.kid if record.signature is not None else "unsigned"
    return f'"{len(record.events)}.{kid}"'


@get(
    "/games/{game_id:str}/record.ndjson",
    operation_id="exportRecordNdjson",
    summary="The record of a finished game as NDJSON: the header, one event per line, the seal.",
    description=(
        "The same record as `exportRecord` with `format=ndjson`, byte for byte: the "
        "header object (`format`, `rules_version`, `game_id`) on the first line, one "
        "event per line in its stored form, then the trailer line holding `chain` and "
        "`signature`. Answered as `application/x-ndjson`, or as `application/octet-stream` "
        "(the same bytes) to a client whose `Accept` header asks for that rather than "
        "NDJSON. Refused (409 `game-not-over`) while the game runs."
    ),
    sync_to_thread=True,
    response_headers=[ETAG],
    responses={
        200: ResponseSpec(
            str,
            description="The record, one JSON value per line",
            media_type=NDJSON_MEDIA_TYPE,
            generate_examples=False,
        ),
        **problems(404, 409, 422),
    },
)
def export_record_ndjson(
    request: Request[Any, Any, Any],
    game_id: GameId,
    store: NamedDependency[GameStore],
    keyring: NamedDependency[KeyRing],
) -> Response[bytes]:
    record = game_records.export_record(store, game_id, keyring)
    offered = [NDJSON_MEDIA_TYPE, OCTET_STREAM_MEDIA_TYPE]
    media_type = request.accept.best_match(offered, default=NDJSON_MEDIA_TYPE)
    return Response(
        dump_record(record, ndjson=True),
        media_type=media_type,
        headers={"ETag": _record_tag(record)},
    )


@post(
    "/games/import",
    operation_id="importRecord",
    summary="Import a finished game's record, replaying every event through the rules.",
    description=(
        "The body is a game record (format `penang-rummy-record/2` as `exportRecord` "
        "gives it, or `/1`, unsigned; JSON). Every event is replayed through the rules; the "
        "first one that breaks a rule refuses the record: 422 `invalid-record`, with the "
        "event's index (`event_index`, from 0), the rule id (`rule`) and the rule's "
        "`code`. A `/2` record's hash chain is recomputed: the first event it shows "
        "altered is refused as `chain-broken` (with its `event_index`; none when the "
        "header was altered), unless that event also breaks a rule, which is then named. "
        "A signature by one of this service's keys must match (`signature-invalid`); one "
        "by another key is not checked, and the verdict says `unknown-key`. A record "
        "that stops before the game is over is refused as `record-not-finished`. A valid "
        "record becomes a new, finished game with a new id; no seat gets a token. Its "
        "export is signed by this service. A match record (`exportMatchRecord`) is refused "
        "naming `format`: each of its `games` is a game record to import here. "
        "A body over the service's limit (`PENANG_RUMMY_MAX_BODY_BYTES`, by default "
        f"{DEFAULT_BODY_BYTES} bytes) is refused (413)."
    ),
    sync_to_thread=True,
    response_headers=[ETAG],
    responses=body_problems(),
)
def import_record(
    data: JSONBody[GameRecordDocument],
    store: NamedDependency[GameStore],
    keyring: NamedDependency[KeyRing],
) -> Response[ImportedGame]:
    imported = game_records.import_record(store, data, keyring)
    return tagged(imported, imported.version, status=201)
