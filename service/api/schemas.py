"""The API's own wire structs: the index, health answers and RFC 9457 problems.

The use cases' requests and answers (`service.usecases.messages`) are served as they
are; these are what only HTTP needs.
"""

from __future__ import annotations

from typing import Literal

import msgspec


class Health(msgspec.Struct, frozen=True, kw_only=True):
    """The service's state."""

    status: Literal["ok"]


class FieldError(msgspec.Struct, frozen=True, kw_only=True):
    """One invalid input: where it is and what is wrong."""

    field: str
    message: str


class Problem(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An RFC 9457 problem: what went wrong, with a stable machine-readable `code`."""

    type: str
    title: str
    status: int
    detail: str
    #: Stable machine-readable code, e.g. `not-your-turn` (the domain error's code).
    code: str
    #: The RULES.md (or READINGS.md) rule id a rule violation breaks.
    rule: str | None = None
    #: The 0-based index of the offending action within the turn.
    action_index: int | None = None
    #: The 0-based index of the first event of an imported record that breaks a rule, or
    #: that its hash chain shows altered.
    event_index: int | None = None
    #: The offending input field.
    field: str | None = None
    #: The game's current version (conflicts and stale versions).
    version: int | None = None
    errors: tuple[FieldError, ...] | None = None
    #: The bots of the game, where a bot seat named none of them (`unknown-bot`, R33).
    bots: tuple[str, ...] | None = None


class Operation(msgspec.Struct, frozen=True, kw_only=True):
    """One operation of the contract."""

    operation_id: str
    method: str
    path: str
    summary: str


class Index(msgspec.Struct, frozen=True, kw_only=True):
    """The service's name and version, its pages, its contract and its operations."""

    service: str
    version: str
    #: The browsable API documentation.
    docs: str
    #: The same documentation (Swagger UI) at its own name.
    swagger: str
    #: The replay viewer page: a game as a table, version by version (`?game=<id>`).
    viewer: str
    #: The table in the browser: open a table, sit at a seat, play (`/play`).
    play: str
    #: The OpenAPI contract (the committed openapi/openapi.json).
    openapi: str
    operations: tuple[Operation, ...]
