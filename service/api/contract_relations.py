"""What one field of a body asks of another, stated in the contract.

msgspec's schema of a struct states each field on its own. Where the service refuses a
body for how two of its fields go together, and a schema can say so, the component
states it too, so that a request the contract calls valid is never refused as malformed
(tests/api/test_schemathesis.py checks the service against the contract,
tests/api/test_api_contract_relations.py each relation against the service):

- `CreateMatch`: its players named, or its seats open (R18), exactly one of the two;
  seats that players claim bring their own seeds and players (`seat_seeds` and
  `seat_players` only with `players`);
- `GameRecordDocument`: format `/1` has no `chain` and no `signature`, and `/2` carries
  its `chain` (domain.records).

Each is an `if`/`then`/`else` beside the component's properties (JSON Schema 2020-12,
as OpenAPI 3.1 has it), not a `oneOf`: client generators read a `oneOf` beside
properties as a union of its members and refuse members that are no types
(openapi-python-client), while they leave `if` alone and validators apply it. The
relations a schema cannot state (one seat seed per player, a deck that holds the rules'
packs) stay with the service, which refuses them naming the field.
"""

from __future__ import annotations

from typing import Any, Final

from domain.records import CHAINED_RECORD_FORMAT, RECORD_FORMAT
from service.usecases.stored_forms import COMPONENT_REF

Json = dict[str, Any]

_NULL: Final = {"type": "null"}

#: By component: the condition on its fields, and what it asks when it holds or not.
RELATIONS: Final[dict[str, Json]] = {
    "CreateMatch": {
        "if": {"required": ["players"], "properties": {"players": {"type": "array"}}},
        "then": {
            "description": "The players named (every seat's token in the answer): no `seats`.",
            "properties": {"seats": _NULL},
        },
        "else": {
            "description": (
                "No players named: `seats` open to claim (R18), each claim bringing its "
                "own seat seed (no `seat_seeds`) and its player (no `seat_players`, U13)."
            ),
            "required": ["seats"],
            "properties": {
                "seats": {"type": "integer"},
                "seat_seeds": _NULL,
                "seat_players": _NULL,
            },
        },
    },
    "GameRecordDocument": {
        "if": {"properties": {"format": {"type": "string", "const": RECORD_FORMAT}}},
        "then": {
            "description": f"A `{RECORD_FORMAT}` record has no chain and no signature.",
            "properties": {"chain": _NULL, "signature": _NULL},
        },
        "else": {
            "description": f"A `{CHAINED_RECORD_FORMAT}` record carries its chain.",
            "required": ["chain"],
            "properties": {"chain": {"$ref": COMPONENT_REF.format(name="RecordChain")}},
        },
    },
}


def state_relations(document: Json) -> None:
    """Give each component of `RELATIONS` its condition (`if`, `then`, `else`)."""
    schemas: Json = document.get("components", {}).get("schemas", {})
    for name, relation in RELATIONS.items():
        if name not in schemas:
            raise RuntimeError(f"the contract has no component {name} to relate fields of")
        schemas[name].update(relation)
