"""What a driver answers: a command's `Outcome` (its events, or its `Refusal`), as builtins."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.errors import MalformedInput, RummyError

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a command was refused: the engine's error code and rule id (RULES.md or an R id).

    `action_index` is the 0-based action of a turn that broke the rule, where the engine
    says; `message` is the text a player would read.
    """

    code: str
    rule: str | None
    action_index: int | None
    message: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a command: the events it recorded, or its refusal (then nothing was)."""

    events: tuple[Json, ...] = ()
    refusal: Refusal | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None

    @property
    def event_types(self) -> list[str]:
        return [str(event["type"]) for event in self.events]


def builtins(value: object) -> Json:
    """`value` exactly as a JSON client receives it (tuples become lists)."""
    result = msgspec.json.decode(msgspec.json.encode(value))
    if not isinstance(result, dict):
        raise TypeError(f"expected an object, got {type(result).__name__}")
    return result


def refused(error: RummyError) -> Outcome:
    index = getattr(error, "action_index", None)
    return Outcome(refusal=Refusal(error.code, error.rule, index, error.message))


def malformed(error: msgspec.ValidationError) -> Outcome:
    # msgspec names the offending path, e.g. "Invalid value 'draw' - at `$[1].type`".
    where = re.search(r"`\$\[(\d+)\]", str(error))
    index = int(where[1]) if where else None
    return Outcome(refusal=Refusal(MalformedInput.code, None, index, str(error)))
