"""The rate limits in the contract: every operation but the probes may answer 429, and
every answer of one may carry the RateLimit fields (`service.api.limits`).

The two fields are declared once, as components (`#/components/headers/…`), and each
limited response refers to them; they are not required, since a service may run with
its limits off (`PENANG_RUMMY_RATE_LIMIT`).
"""

from __future__ import annotations

from typing import Any, Final

from service.api.limits import EXEMPT_PATHS
from service.api.problems import PROBLEM_MEDIA_TYPE
from service.usecases.stored_forms import COMPONENT_REF

_FIELD: Final = {"required": False, "deprecated": False, "schema": {"type": "string"}}
RATE_LIMIT_HEADERS: Final[dict[str, dict[str, Any]]] = {
    "RateLimit-Policy": {
        **_FIELD,
        "description": (
            "The rate limits this request counted against (draft-ietf-httpapi-ratelimit-"
            'headers-11): `"address"` and, with a bearer token, `"token"` (a seat\'s own '
            'requests on its game: `"token"` only), each with its quota `q` (requests at '
            'once) and window `w` (seconds to refill them): `"address";q=100;w=10`.'
        ),
    },
    "RateLimit": {
        **_FIELD,
        "description": (
            "Where the client stands under each policy of RateLimit-Policy: `r` whole "
            "requests available now, `t` whole seconds until one more is (on a 429, "
            '`Retry-After`): `"address";r=99;t=1`.'
        ),
    },
}
_REFS: Final = {name: {"$ref": f"#/components/headers/{name}"} for name in RATE_LIMIT_HEADERS}
TOO_MANY_REQUESTS: Final[dict[str, Any]] = {
    "description": (
        "Too many requests from this address or with this token (the service's rate "
        "limits): retry after `Retry-After` seconds"
    ),
    "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": COMPONENT_REF.format(name="Problem")}}},
    "headers": {
        "Retry-After": {
            "description": "Whole seconds until the next request is taken.",
            "required": True,
            "deprecated": False,
            "schema": {"type": "string", "pattern": "^[0-9]+$"},
        }
    },
}


def document_limits(schema: dict[str, Any]) -> None:
    """Add the 429 answer and the RateLimit fields to every limited operation (idempotent)."""
    schema.setdefault("components", {}).setdefault("headers", {}).update(RATE_LIMIT_HEADERS)
    for path, path_item in schema.get("paths", {}).items():
        if path in EXEMPT_PATHS:
            continue
        for operation in path_item.values():
            if not isinstance(operation, dict):
                continue
            responses = operation.setdefault("responses", {})
            # The rate limits (and, for streams, their own count) answer 429 anywhere.
            responses["429"] = {**TOO_MANY_REQUESTS, **responses.get("429", {})}
            responses["429"]["headers"] = dict(TOO_MANY_REQUESTS["headers"])
            for status, response in responses.items():
                responses[status] = {
                    **response,
                    # Copies: a reference shared by every answer would share its edits.
                    "headers": {
                        **response.get("headers", {}),
                        **{name: dict(ref) for name, ref in _REFS.items()},
                    },
                }
