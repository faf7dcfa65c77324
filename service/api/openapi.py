"""The OpenAPI contract: the schema Litestar generates, patched, served and written out.

Litestar derives paths, parameters and responses from the typed handlers. Its
component schemas are replaced by msgspec's own (`msgspec.json.schema_components`),
the exact description of what the service's decoder accepts and its encoder emits:
Litestar 2.25 writes variadic tuples as `oneOf [item, {}]` (losing every card
pattern), drops falsy bounds (`minimum: 0`), omits `additionalProperties: false` for
`forbid_unknown_fields` and adds no discriminators; msgspec gets all four right. Where
a rule of the game bounds one field (2–5 players, P2; 6 or 8 jokers, P1; 2 or 3 packs),
the field's type states the bound for the contract (`extra_json_schema`) and the rules
refuse the rest, naming the rule; a record event's `v` is bounded per type by the
codec's `SCHEMA_VERSIONS`. The component names must match (checked). Besides:
Litestar's automatic `400` responses are dropped (validation errors are answered 422),
optional header parameters are plain strings (a header is never null), documented
response headers get a schema, every read (GET) whose answer carries an ETag takes
`If-None-Match` and may answer 304 (`service.api.conditional` answers it), and every
operation but the probes may answer 429, with the RateLimit fields on its every answer
(`service.api.limits_contract`).
Litestar documents one success media type per handler: `SUCCESS_EXTRAS`
(`service.api.contract_responses`) adds the others an operation answers in (the NDJSON
game record, its bytes) and the headers Litestar drops when a handler documents its
success response itself, and describes the live-update streams (`text/event-stream`),
whose messages' data are `STREAM_TYPES`.
For client generators (`service.api.contract_types`, over the whole document): every
enum states its type, every union of tagged objects has a discriminator, and
`Problem.code` is the enum of every code (`problem_table.problem_codes`). Where one field of a
body asks something of another, the component says so (`service.api.contract_relations`:
players or seats; a record's chain by its format). The events of a
record are typed through schema-only components (`Stored<type>`,
`service.usecases.stored_forms`), which only msgspec generates.

The served `/schema/openapi.json` and `penang-rummy openapi` use the same patched
document, so the committed `openapi/openapi.json` is exactly what the app serves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from litestar import Litestar
from litestar.openapi.spec import Reference, Schema
from litestar.plugins import OpenAPISchemaPlugin
from litestar.typing import FieldDefinition

from domain.games import ALL_GAME_EVENTS, CONTRACT_NAMES, GAMES, LISTED, contract_name
from domain.match.codec import MATCH_EVENTS
from domain.match.views import MatchView
from domain.players.state import PlayerKey
from service.api.contract_relations import state_relations
from service.api.contract_responses import IF_NONE_MATCH, NOT_MODIFIED, SUCCESS_EXTRAS
from service.api.contract_types import add_discriminators, enumerate_problem_codes, type_enums
from service.api.limits_contract import document_limits
from service.api.problem_table import problem_codes
from service.api.schemas import Health, Index, Problem
from service.signing import SigningKeys
from service.usecases.match_messages import (
    ClaimedSeat,
    ClaimSeat,
    CreatedMatch,
    CreateMatch,
    LeftSeat,
    MatchEventsPage,
    MatchRecordDocument,
)
from service.usecases.match_view_forms import MATCH_VIEW_SHAPES
from service.usecases.messages import (
    ComposedTurn,
    CreatedGame,
    CreateGame,
    EventRecord,
    EventsPage,
    GameRecordDocument,
    ImportedGame,
    MovesView,
    SubmitTurn,
    TurnResult,
)
from service.usecases.open_types import schema_hook
from service.usecases.players import (
    CreatedPlayer,
    CreatePlayer,
    IssuedKey,
    IssueKey,
    KeyList,
    PlayerView,
)
from service.usecases.rating_views import Leaderboard, PlayerRatings, PublishedRatings
from service.usecases.record_views import RecordFile, RecordViews
from service.usecases.stored_forms import COMPONENT_REF, stored_types
from service.usecases.stream_messages import MatchStreamRecord, TurnMessage
from service.usecases.tickets import StreamTicket

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator

#: The schema-only structs of the events' stored form, which record documents refer to.
STORED_TYPES: tuple[type[Any], ...] = (
    *stored_types(ALL_GAME_EVENTS),
    *stored_types(MATCH_EVENTS),
)
#: The legal moves of each game, reached only through `MovesView.moves`, which states their
#: union itself (untagged, so that Penang's answers stay as they were: `messages.Moves`).
MOVES_TYPES: tuple[type[Any], ...] = tuple(
    dict.fromkeys(spec.moves_type for spec in GAMES.values())
)
#: Every game's views, as the registered specs declare them.
VIEW_TYPES: tuple[type[Any], ...] = tuple(
    dict.fromkeys(view for spec in GAMES.values() for view in spec.view_types)
)
#: Every struct a handler takes or returns; the rest are reached from these.
#: The players' bodies (`service.usecases.players`) and their ratings'
#: (`service.usecases.rating_views`).
PLAYER_TYPES: tuple[type[Any], ...] = (
    CreatePlayer,
    CreatedPlayer,
    IssueKey,
    IssuedKey,
    KeyList,
    PlayerKey,
    PlayerView,
    Leaderboard,
    PlayerRatings,
    PublishedRatings,
)
WIRE_TYPES: tuple[type[Any], ...] = (
    CreateGame,
    SubmitTurn,
    CreatedGame,
    *VIEW_TYPES,
    TurnResult,
    EventsPage,
    MovesView,
    ComposedTurn,
    GameRecordDocument,
    ImportedGame,
    Health,
    Index,
    Problem,
    SigningKeys,
    CreateMatch,
    CreatedMatch,
    *MATCH_VIEW_SHAPES,
    MatchEventsPage,
    ClaimSeat,
    ClaimedSeat,
    LeftSeat,
    MatchRecordDocument,
    StreamTicket,
    RecordFile,
    RecordViews,
    *PLAYER_TYPES,
    *MOVES_TYPES,
    *STORED_TYPES,
)
#: The data of the live-update streams' messages: components no handler names.
STREAM_TYPES: tuple[type[Any], ...] = (EventRecord, MatchStreamRecord, TurnMessage)

#: The contract's names of the match view's shapes (`service.usecases.match_view_forms`).
MATCH_VIEW_NAMES: tuple[str, ...] = tuple(shape.__name__ for shape in MATCH_VIEW_SHAPES)


class MatchViewSchema(OpenAPISchemaPlugin):
    """Litestar's schema of an answer that is the match's one view struct: the union of
    its two shapes, as `MatchViewField` states it in a body. (Litestar would read the
    struct through msgspec, which describes no union of two untagged options structs.)"""

    @staticmethod
    def is_plugin_supported_type(value: Any) -> bool:
        return value is MatchView

    def to_openapi_schema(
        self, field_definition: FieldDefinition, schema_creator: SchemaCreator
    ) -> Schema:
        return Schema(
            one_of=[Reference(ref=COMPONENT_REF.format(name=name)) for name in MATCH_VIEW_NAMES]
        )


def served_schema(app: Litestar) -> dict[str, Any]:
    """The document the app serves at /schema/openapi.json, patched in place.

    Litestar caches the document it serves; patching that very dict (the patches are
    idempotent) makes the served and the written contract one and the same.
    """
    schema: dict[str, Any] = app.plugins.get("OpenAPIPlugin").provide_openapi_schema()
    patch_schema(schema)
    return schema


def patch_schema(schema: dict[str, Any]) -> None:
    """Apply the patches described in the module docstring to `schema`."""
    _, components = _components(WIRE_TYPES)
    _, every = _components(WIRE_TYPES + STREAM_TYPES)
    _, moves = _components(MOVES_TYPES)
    _, match_views = _components(MATCH_VIEW_SHAPES)
    schema_only = {cls.__name__ for cls in STORED_TYPES} | set(moves) | set(match_views)
    # Patched already (the served document is patched again): the stream types are in.
    # Patched already, the components a game renamed have their contract's names back.
    kept = {name: kind.__name__ for kind, name in _contract_names()}
    found = {
        kept.get(name, name) for name in schema.setdefault("components", {}).get("schemas", {})
    }
    generated = found - set(every)
    generated |= found & set(components)
    if generated - schema_only != set(components) - schema_only:
        raise RuntimeError(
            "component names differ between Litestar and msgspec: "
            f"{sorted((generated ^ set(components)) - schema_only)}"
        )
    schema["components"]["schemas"] = every
    keep_contract_names(schema)
    for path_item in schema.get("paths", {}).values():
        for method, operation in path_item.items():
            if isinstance(operation, dict):
                _patch_operation(operation)
                if method == "get":
                    _conditional(operation)
    document_limits(schema)
    state_relations(schema)
    tag_games(schema)
    type_enums(schema)
    add_discriminators(schema)
    enumerate_problem_codes(schema, problem_codes())


def keep_contract_names(schema: dict[str, Any]) -> None:
    """Name each component a game renamed by the name the contract gave it before
    (`Game.contract_names`): its key, and every reference to it."""
    names = {kind.__name__: name for kind, name in _contract_names()}
    components = schema["components"]["schemas"]
    for old, new in names.items():
        if old in components:
            components[new] = components.pop(old)
            components[new]["title"] = new
    refs = {
        COMPONENT_REF.format(name=old): COMPONENT_REF.format(name=new) for old, new in names.items()
    }

    def renamed(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: renamed(value) for key, value in node.items()}
        if isinstance(node, list):
            return [renamed(value) for value in node]
        return refs.get(node, node) if isinstance(node, str) else node

    schema.update(renamed(schema))


def tag_games(schema: dict[str, Any]) -> None:
    """State the names of the games whose view or legal moves each component is: the
    `game` of a view or moves (a plain string to msgspec, a view shared by games) takes
    them as its `enum`, which tags the unions of every game's views and moves."""
    components = schema["components"]["schemas"]
    for game in LISTED:
        for kind in (*game.view_types, game.moves_type):
            field = components[contract_name(kind)]["properties"]["game"]
            field["enum"] = list(dict.fromkeys([*field.get("enum", ()), game.name]))


def _contract_names() -> list[tuple[type, str]]:
    """Every game's types the contract names otherwise (`Game.contract_names`)."""
    return list(CONTRACT_NAMES.items())


def _components(types: tuple[type[Any], ...]) -> tuple[Any, dict[str, Any]]:
    """msgspec's schemas of `types`, the domain's open types stated as the service reads
    them (`service.usecases.open_types`: a draw game's rules, any registered draw game's)."""
    return msgspec.json.schema_components(
        types, schema_hook=schema_hook, ref_template=COMPONENT_REF
    )


def _patch_operation(operation: dict[str, Any]) -> None:
    operation.get("responses", {}).pop("400", None)
    extras = SUCCESS_EXTRAS.get(operation.get("operationId", ""), {})
    success = operation.get("responses", {}).get("200", {})
    for key, values in extras.items():
        if isinstance(values, dict):
            success.setdefault(key, {}).update(values)
        else:
            success[key] = values
    for parameter in operation.get("parameters", []):
        parameter["schema"] = _not_null(parameter.get("schema", {}))
    for response in operation.get("responses", {}).values():
        for header in response.get("headers", {}).values():
            if "$ref" not in header:  # a reference's component has its own schema
                header.setdefault("schema", {"type": "string"})


def _conditional(operation: dict[str, Any]) -> None:
    """A read whose answer carries an ETag takes If-None-Match and may answer 304."""
    success = operation.get("responses", {}).get("200", {})
    if "ETag" not in success.get("headers", {}):
        return
    parameters = operation.setdefault("parameters", [])
    if not any(parameter.get("name") == "If-None-Match" for parameter in parameters):
        parameters.append(dict(IF_NONE_MATCH))
    operation["responses"].setdefault("304", NOT_MODIFIED)


def _not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """`oneOf [T, null]` with constraints beside it, as T with the constraints."""
    options = schema.get("oneOf")
    if not isinstance(options, list):
        return schema
    kept = [option for option in options if option != {"type": "null"}]
    if len(kept) != 1:
        return schema
    rest = {key: value for key, value in schema.items() if key != "oneOf"}
    return {**kept[0], **rest}


def render(app: Litestar) -> str:
    """The contract as committed: sorted keys, two-space indent, trailing newline."""
    return json.dumps(served_schema(app), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write(app: Litestar, output: Path) -> None:
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(render(app), encoding="utf-8")
