"""The contract's additions to Litestar's responses: the extra success media types and headers.

Litestar documents one success media type per handler: `SUCCESS_EXTRAS` adds, by
operation id, the others an operation answers in (the NDJSON game record, its bytes)
and the headers Litestar drops when a handler documents its success response itself,
and describes the live-update streams (`text/event-stream`). Every read whose answer
carries an ETag takes `IF_NONE_MATCH` and may answer `NOT_MODIFIED`
(`service.api.conditional` answers it). `service.api.openapi` applies them.
"""

from __future__ import annotations

from typing import Any

from service.api.http import NDJSON_MEDIA_TYPE, OCTET_STREAM_MEDIA_TYPE
from service.usecases.stored_forms import COMPONENT_REF

_ETAG = {
    "deprecated": False,
    "description": (
        'The record\'s length and the id of the key that signed it (`"9.<kid>"`): send it '
        "back as If-None-Match."
    ),
    "required": False,
    "schema": {"type": "string"},
}


def _event_stream(record: str, event_id: str, until: str) -> dict[str, Any]:
    """The documented body of a live-update stream whose events' data are `record`s.

    Before OpenAPI 3.2's `itemSchema`, the `schema` of `text/event-stream` describes one
    event, its fields as an EventSource reads them (`data` holding JSON).
    """
    data = {
        "anyOf": [{"$ref": COMPONENT_REF.format(name=name)} for name in (record, "TurnMessage")]
    }
    return {
        "description": f"Server-sent events, until the {until} is over",
        "content": {
            "text/event-stream": {
                "schema": {
                    "type": "object",
                    "description": (
                        f"One server-sent event: `event: <event type>`, `id: <{event_id}>`, "
                        f"`data: <{record} JSON>`; after each batch `event: turn` with a "
                        "`TurnMessage` and no id; `: keep-alive` comments between events."
                    ),
                    "properties": {
                        "event": {"type": "string"},
                        "id": {"type": "string", "pattern": "^[0-9]+$"},
                        "data": {
                            "type": "string",
                            "contentMediaType": "application/json",
                            "contentSchema": data,
                        },
                    },
                    "required": ["event", "data"],
                },
                "x-event-data": {
                    "events": {"$ref": COMPONENT_REF.format(name=record)},
                    "turn": {"$ref": COMPONENT_REF.format(name="TurnMessage")},
                },
            }
        },
    }


#: Every read with an ETag takes If-None-Match (`service.api.conditional`).
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "deprecated": False,
    "allowEmptyValue": False,
    "allowReserved": False,
    "description": (
        'ETags of answers the client holds (`"7"`, `W/"7"`, a list, or `*`): when the '
        "answer would carry one of them, it is 304 Not Modified, with no body."
    ),
    "schema": {"type": "string"},
}
NOT_MODIFIED = {
    "description": "Not modified: the answer would carry an ETag If-None-Match names (no body)",
    "headers": {
        "ETag": {
            "description": "The answer's ETag.",
            "required": False,
            "deprecated": False,
            "schema": {"type": "string"},
        }
    },
}
#: By operation id: media types and headers to add to the documented success response.
SUCCESS_EXTRAS: dict[str, dict[str, Any]] = {
    "exportRecord": {
        "content": {
            NDJSON_MEDIA_TYPE: {
                "schema": {
                    "type": "string",
                    "description": (
                        "NDJSON (`format=ndjson`): the record's header object "
                        "(`format`, `rules_version`, `game_id`) on the first line, then "
                        "one event per line, in the stored form of `GameRecordDocument`, "
                        "then (format `/2`) a trailer line holding `chain` and `signature`."
                    ),
                }
            }
        },
        "headers": {"ETag": _ETAG},
    },
    "streamGame": _event_stream("EventRecord", "the game's version after the event", "game"),
    "streamMatch": _event_stream("MatchStreamRecord", "its position in the match stream", "match"),
    "exportRecordNdjson": {
        "content": {
            OCTET_STREAM_MEDIA_TYPE: {
                "schema": {
                    "type": "string",
                    "format": "binary",
                    "description": "The NDJSON record's bytes, to a client that asks for them.",
                }
            }
        },
        "headers": {"ETag": _ETAG},
    },
}
