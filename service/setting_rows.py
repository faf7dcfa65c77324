"""Settings as rows: a struct's annotated fields read as a table, parsed from text, printed.

A settings struct declares each field once, annotated with `described` (its meaning,
bounds and whether `serve` takes it as a flag). `rows` reads those annotations into
`Setting` rows; `parse` reads a row's value from the text of a variable or a flag, naming
the source in a one-line `SettingsError`; `markdown_table` and `environment_help` print
the rows. Nothing here knows which settings there are (`service.settings`).
"""

from __future__ import annotations

import ipaddress
import os
import re
import textwrap
import typing
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

import msgspec

_TRUE = frozenset({"1", "true", "yes", "on", "y"})
_FALSE = frozenset({"0", "false", "no", "off", "n"})


class SettingsError(ValueError):
    """A setting's value is not one it accepts; the message is one line naming it."""


#: Checks one item of a list setting: raises ValueError saying why it is not accepted.
Check = Callable[[str], None]


def described(
    meaning: str,
    *,
    flag: bool = False,
    bounds: tuple[int, int] | None = None,
    default_text: str | None = None,
    env_default: str | None = None,
    separator: str = os.pathsep,
    check: Check | None = None,
) -> msgspec.Meta:
    """A field's annotation: what it means, and how it is read and printed.

    `flag`: also a `serve` option (`--sqlite-path` for `sqlite_path`). `bounds`: the
    smallest and largest value of an integer setting (msgspec checks them too whenever
    settings are converted). `default_text`: the default in words, where the value alone
    would not say it. `env_default`: the value an unset variable means, where it differs
    from `Settings()`'s default. `separator`: what separates the items of a list setting
    (paths: `os.pathsep`; addresses, whose IPv6 forms hold colons: a comma). `check`:
    raises ValueError, saying why, for an item the setting does not accept.
    """
    low, high = bounds or (None, None)
    extra = {
        "flag": flag,
        "default_text": default_text,
        "env_default": env_default,
        "separator": separator,
        "check": check,
    }
    return msgspec.Meta(ge=low, le=high, description=meaning, extra=extra)


class Setting(NamedTuple):
    """One row of the table: a field of a settings struct, read from its variable."""

    field: str
    variable: str
    meaning: str
    #: The field's type, without its annotation (what `parse` reads the text as).
    kind: object
    #: The field's default (`Settings()`'s).
    value: object
    flag: bool = False
    bounds: tuple[int, int] | None = None
    default_text: str | None = None
    env_default: str | None = None
    separator: str = os.pathsep
    check: Check | None = None

    @property
    def option(self) -> str:
        return "--" + self.field.replace("_", "-")

    @property
    def default(self) -> str:
        if self.default_text is not None:
            return self.default_text
        if self.env_default is not None:
            return self.env_default
        if isinstance(self.value, bool):
            return "on" if self.value else "off"
        return str(self.value) if self.value != "" else "empty"


def rows(struct: type[msgspec.Struct], prefix: str) -> tuple[Setting, ...]:
    """The rows of `struct`'s fields, in their order, each read from `prefix` + FIELD."""
    annotated = typing.get_type_hints(struct, include_extras=True)
    plain = typing.get_type_hints(struct)
    return tuple(
        _row(field, annotated[field.name], plain[field.name], prefix)
        for field in msgspec.structs.fields(struct)
    )


def _row(
    field: msgspec.structs.FieldInfo, annotation: object, kind: object, prefix: str
) -> Setting:
    meta = next(arg for arg in typing.get_args(annotation) if isinstance(arg, msgspec.Meta))
    if meta.description is None:
        raise TypeError(f"setting {field.name} has no description")
    extra = meta.extra or {}
    bounds = None if meta.ge is None or meta.le is None else (int(meta.ge), int(meta.le))
    return Setting(
        field.name,
        prefix + field.name.upper(),
        meta.description,
        kind,
        field.default,
        flag=bool(extra.get("flag")),
        bounds=bounds,
        default_text=extra.get("default_text"),
        env_default=extra.get("env_default"),
        separator=extra.get("separator", os.pathsep),
        check=extra.get("check"),
    )


def matching(pattern: str, words: str) -> Check:
    """A check that an item matches `pattern` whole; `words` says what it must be."""

    def check(text: str) -> None:
        if re.fullmatch(pattern, text) is None:
            raise ValueError(f"not {words}")

    return check


def check_network(text: str) -> None:
    """An address or a network in CIDR notation (`10.0.0.0/8`, `::1`), or ValueError."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise ValueError("not an IP address or a network such as 10.0.0.0/8") from None


def choices(row: Setting) -> tuple[str, ...]:
    """The values a choice setting accepts (none for a free one)."""
    return typing.get_args(row.kind) if typing.get_origin(row.kind) is Literal else ()


Value = str | int | bool | tuple[str, ...]


def parse(row: Setting, text: str, source: str) -> Value:
    """`text` as the value of `row`; `source` (a variable or a flag) names it in errors."""
    kind, allowed = row.kind, choices(row)
    if allowed:
        value = text.strip().lower()
        if value not in allowed:
            raise SettingsError(f"{source} must be {' or '.join(allowed)}, not {text!r}")
        return value
    if kind is bool:
        flag = text.strip().lower()
        if flag not in _TRUE | _FALSE:
            raise SettingsError(f"{source} must be 1/0, true/false, yes/no or on/off, not {text!r}")
        return flag in _TRUE
    if typing.get_origin(kind) is tuple:
        return _items(row, text, source)
    if kind is int:
        low, high = row.bounds or (0, 2**31 - 1)
        try:
            number = int(text.strip())
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise SettingsError(f"{source} must be an integer from {low} to {high}, not {text!r}")
        return number
    return text


def _items(row: Setting, text: str, source: str) -> tuple[str, ...]:
    """The items of a list setting, each one checked."""
    items = tuple(item.strip() for item in text.split(row.separator) if item.strip())
    for item in items:
        try:
            if row.check is not None:
                row.check(item)
        except ValueError as why:
            raise SettingsError(f"{source}: {item!r} is not accepted: {why}") from None
    return items


def markdown_table(table: Sequence[Setting]) -> str:
    """A configuration table in Markdown (docs/operators.md prints the service's)."""
    lines = ["| variable | default | meaning |", "|---|---|---|"]
    for row in table:
        default = "empty" if row.default == "empty" else f"`{row.default}`"
        lines.append(f"| `{row.variable}` | {default} | {row.meaning} |")
    return "\n".join(lines) + "\n"


def environment_help(table: Sequence[Setting], width: int = 100) -> str:
    """The environment variables, for `serve --help` (a flag, where there is one, wins)."""
    column = max(len(row.variable) for row in table) + 4
    lines = ["environment (a flag, where there is one, wins over its variable):"]
    for row in table:
        text = (
            f"  {row.variable:<{column - 4}}  {row.meaning.replace('`', '')}; default {row.default}"
        )
        lines.append(textwrap.fill(text, width, subsequent_indent=" " * column))
    return "\n".join(lines)
