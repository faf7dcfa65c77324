"""Showing a recorded event that differs from the one the rules record there.

Every game's replay (`domain.penang.audit`, `domain.drawgame.audit`) compares each
recorded event with the one the rules give in its place; when they differ it says how,
in the game's notation: `show` writes an event in one line, and `difference` names the
fields that differ, or both events where they are of different types. Which rule the
difference breaks is each game's to name.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.events import Event


def show(event: Event) -> str:
    """The event in one line: its type and its fields."""
    fields = msgspec.to_builtins(event)
    del fields["type"]
    shown = ", ".join(f"{key}={_compact(value)}" for key, value in fields.items())
    return f"{type(event).__name__}({shown})"


def fields_differing(expected: Event, recorded: Event) -> list[str]:
    """The fields of two events of one type whose values differ, in field order."""
    ours, theirs = msgspec.to_builtins(expected), msgspec.to_builtins(recorded)
    return [key for key in ours if ours[key] != theirs[key]]


def difference(expected: Event, recorded: Event, shown: Callable[[Event], str] = show) -> str:
    """What the rules record here against what the record holds: the fields that differ,
    or both events (each as `shown` writes it) where their types differ."""
    if type(expected) is not type(recorded):
        return f"the rules record {shown(expected)}; the record holds {shown(recorded)}"
    ours, theirs = msgspec.to_builtins(expected), msgspec.to_builtins(recorded)
    return f"{type(expected).__name__}: " + "; ".join(
        f"the rules record {key}={_compact(ours[key])}, the record holds {_compact(theirs[key])}"
        for key in fields_differing(expected, recorded)
    )


def _compact(value: object) -> str:
    if isinstance(value, list | tuple):
        return "[" + " ".join(_compact(item) for item in value) + "]"
    return str(value)
