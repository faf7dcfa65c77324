"""Service settings: one table (`SETTINGS`), read from environment variables and flags.

The table is the one list of settings: `Settings.from_env` reads it, `penang-rummy
serve --help` prints it, and a test checks that docs/operators.md's configuration table is
`markdown_table()` word for word. A bad value is a `SettingsError` naming the
variable (or flag) and what it accepts, which the CLI prints as one line.
"""

from __future__ import annotations

import os
import textwrap
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal, NamedTuple

import msgspec

#: The signing key's file name when `PENANG_RUMMY_SIGNING_KEY` is unset.
DEFAULT_KEY_FILE: Final = "penang-rummy-signing-key.pem"

_TRUE = frozenset({"1", "true", "yes", "on", "y"})
_FALSE = frozenset({"0", "false", "no", "off", "n"})
PREFIX = "PENANG_RUMMY_"


class SettingsError(ValueError):
    """A setting's value is not one it accepts; the message is one line naming it."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything `service.app.create_app` needs; tests build one directly."""

    store: Literal["sqlite", "postgres"] = "sqlite"
    sqlite_path: str = "penang-rummy.sqlite"
    sqlite_synchronous: Literal["full", "normal"] = "full"
    postgres_host: str = "127.0.0.1"
    postgres_port: int = 5432
    postgres_db: str = "penang_rummy"
    postgres_user: str = "postgres"
    postgres_password: str = ""
    postgres_pool_size: int = 10
    #: Explicit deck orders bypass the provably fair shuffle: tests and replays only.
    allow_deck: bool = False
    host: str = "127.0.0.1"
    port: int = 8000
    #: The private key that signs records; None: `DEFAULT_KEY_FILE` beside the SQLite file.
    signing_key: str | None = None
    #: Public keys of earlier signing keys, still published so that old records verify.
    retired_keys: tuple[str, ...] = ()
    #: Live updates (`service.usecases.hub`): a comment this often on a quiet stream.
    stream_keepalive_seconds: int = 15
    #: Streams one bearer token may hold open at once (429 beyond).
    streams_per_token: int = 8
    #: Streams opened without a token (spectators) from one address at once (429 beyond).
    streams_per_address: int = 32
    #: Each open stream's game or match is read again this often, notified or not.
    stream_recheck_seconds: int = 5
    #: Seconds between two looks of the turn clock at deadlines other processes wrote.
    clock_poll: int = 1
    #: Requests per minute and client (429 beyond): off here, on when read from the
    #: environment (`serve`), so that tests opt in (`SETTINGS` gives the serve default).
    rate_limit: bool = False
    rate_per_address: int = 600
    rate_per_token: int = 300
    rate_burst_seconds: int = 10
    #: The largest request body read, in bytes (413 beyond).
    max_body_bytes: int = 1_000_000
    #: Games (and matches) whose folded state and secrets a process keeps in memory.
    cache_games: int = 4096

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from `environ` (default: the process environment); an empty value is unset.

        An unset variable takes the row's `env_default` where it has one (the service's
        own default where that differs from the one code gets from `Settings()`).
        """
        env = os.environ if environ is None else environ
        values = {
            setting.field: parse(setting, text, setting.variable)
            for setting in SETTINGS
            if (text := env.get(setting.variable, "").strip() or setting.env_default)
        }
        return msgspec.convert(values, cls)

    def replace(self, values: Mapping[str, Value]) -> Settings:
        """These settings with some replaced (the `serve` flags, parsed with `parse`)."""
        return msgspec.convert({**msgspec.structs.asdict(self), **values}, Settings)

    def describe_store(self) -> str:
        """The store in use, for the start-up line."""
        if self.store == "postgres":
            where = f"{self.postgres_host}:{self.postgres_port}"
            return f"PostgreSQL database {self.postgres_db} at {where} as {self.postgres_user}"
        path = os.path.abspath(self.sqlite_path)
        return f"SQLite file {path} (synchronous={self.sqlite_synchronous})"

    def default_key_file(self) -> Path:
        """Where the signing key is created when `signing_key` is unset: beside the SQLite file."""
        return Path(self.sqlite_path).parent / DEFAULT_KEY_FILE

    def store_env(self) -> dict[str, str]:
        """The eventsourcing environment for this store (passed as `Application(env=...)`)."""
        if self.store == "postgres":
            return {
                "PERSISTENCE_MODULE": "eventsourcing.postgres",
                "POSTGRES_DBNAME": self.postgres_db,
                "POSTGRES_HOST": self.postgres_host,
                "POSTGRES_PORT": str(self.postgres_port),
                "POSTGRES_USER": self.postgres_user,
                "POSTGRES_PASSWORD": self.postgres_password,
                "POSTGRES_POOL_SIZE": str(self.postgres_pool_size),
                "POSTGRES_CONNECT_TIMEOUT": "5",
                "POSTGRES_LOCK_TIMEOUT": "5",
            }
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": self.sqlite_path,
            "SQLITE_LOCK_TIMEOUT": "5",
        }


class Setting(NamedTuple):
    """One row of the table: a field of `Settings`, read from `PENANG_RUMMY_<FIELD>`."""

    field: str
    meaning: str
    #: Also a `serve` option (`--sqlite-path` for `sqlite_path`).
    flag: bool = False
    #: The smallest and largest value of an integer setting.
    bounds: tuple[int, int] | None = None
    #: The default in words, where the value alone would not say it.
    default_text: str | None = None
    #: The value an unset variable means, where it differs from `Settings()`'s default.
    env_default: str | None = None

    @property
    def variable(self) -> str:
        return PREFIX + self.field.upper()

    @property
    def option(self) -> str:
        return "--" + self.field.replace("_", "-")

    @property
    def default(self) -> str:
        if self.default_text is not None:
            return self.default_text
        if self.env_default is not None:
            return self.env_default
        value = getattr(Settings(), self.field)
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value) if value != "" else "empty"


_PORT = (1, 65535)
SETTINGS: tuple[Setting, ...] = (
    Setting("store", "the event store: `sqlite` or `postgres`", flag=True),
    Setting("sqlite_path", "the SQLite file (created if missing)", flag=True),
    Setting(
        "sqlite_synchronous",
        "`full` syncs every commit to disk; `normal` (WAL) is faster and may lose the last "
        "commits on a power loss, never on a crash of the process",
        flag=True,
    ),
    Setting("postgres_host", "PostgreSQL host"),
    Setting("postgres_port", "PostgreSQL port", bounds=_PORT),
    Setting(
        "postgres_db",
        "PostgreSQL database; `penang_rummy` is created when missing, another must exist "
        "(the table is created)",
    ),
    Setting("postgres_user", "PostgreSQL user"),
    Setting("postgres_password", "PostgreSQL password"),
    Setting("postgres_pool_size", "PostgreSQL connections per process", bounds=(1, 1000)),
    Setting(
        "allow_deck", "accept explicit deck orders in `POST /games` (tests, replays)", flag=True
    ),
    Setting("host", "where `serve` listens", flag=True),
    Setting("port", "the port `serve` listens on", flag=True, bounds=_PORT),
    Setting(
        "signing_key",
        "the Ed25519 private key (PEM) that signs records; unset: "
        f"`{DEFAULT_KEY_FILE}` in the SQLite file's folder, created (mode 0600) if missing; "
        "set: the file must exist",
        default_text="beside the SQLite file",
    ),
    Setting(
        "retired_keys",
        "PEM public keys that signed older records, still published; several are separated "
        f"by `{os.pathsep}`",
        default_text="none",
    ),
    Setting(
        "stream_keepalive_seconds",
        "seconds between keep-alive comments on a quiet live-update stream",
        bounds=(1, 3600),
    ),
    Setting(
        "streams_per_token",
        "live-update streams one bearer token may hold open at once (429 beyond)",
        bounds=(1, 100_000),
    ),
    Setting(
        "streams_per_address",
        "live-update streams opened without a token (spectators) from one client address "
        "at once (429 beyond)",
        bounds=(1, 100_000),
    ),
    Setting(
        "stream_recheck_seconds",
        "seconds between reads of each game or match a stream is open on, notified or not "
        "(bounds the delay of a missed PostgreSQL notification)",
        bounds=(1, 3600),
    ),
    Setting(
        "clock_poll",
        "the turn clock (`turn_seconds`) times a seat out at its deadline; each process also "
        "looks for deadlines that other processes wrote at least every this many seconds",
        bounds=(1, 60),
    ),
    Setting(
        "rate_limit",
        "limit the requests of each client address and of each bearer token (429 with "
        "`Retry-After` beyond); `Settings()` built in code, as by the tests, has it off",
        env_default="on",
    ),
    Setting(
        "rate_per_address",
        "requests per minute from one client address (every client behind one proxy or "
        "NAT shares it)",
        bounds=(1, 1_000_000),
    ),
    Setting("rate_per_token", "requests per minute with one bearer token", bounds=(1, 1_000_000)),
    Setting(
        "rate_burst_seconds",
        "an address or a token may send at once what its rate allows in this many seconds "
        "(600 a minute and 10 s: 100 requests), then its rate per minute applies",
        bounds=(1, 3600),
    ),
    Setting(
        "max_body_bytes",
        "the largest request body the service reads, in bytes (413 beyond); a game record "
        "of the longest game is far less than the default",
        bounds=(1024, 100_000_000),
    ),
    Setting(
        "cache_games",
        "games, and matches, whose folded state, secrets and latest turn time each process "
        "keeps in memory (the least recently used go first; a game not kept is read again "
        "from the store); each game kept costs about 8 KiB, the default about 31 MiB "
        "(`tests/bench/bench_memory.py`)",
        bounds=(1, 10_000_000),
    ),
)
_TYPES = typing.get_type_hints(Settings)


def setting(field: str) -> Setting:
    """The row of `field`."""
    (row,) = [row for row in SETTINGS if row.field == field]
    return row


def choices(row: Setting) -> tuple[str, ...]:
    """The values a choice setting accepts (none for a free one)."""
    kind = _TYPES[row.field]
    return typing.get_args(kind) if typing.get_origin(kind) is Literal else ()


Value = str | int | bool | tuple[str, ...]


def parse(row: Setting, text: str, source: str) -> Value:
    """`text` as the value of `row`; `source` (a variable or a flag) names it in errors."""
    kind, allowed = _TYPES[row.field], choices(row)
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
        return tuple(path for path in text.split(os.pathsep) if path.strip())
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


def markdown_table() -> str:
    """The configuration table of docs/operators.md."""
    lines = ["| variable | default | meaning |", "|---|---|---|"]
    for row in SETTINGS:
        default = "empty" if row.default == "empty" else f"`{row.default}`"
        lines.append(f"| `{row.variable}` | {default} | {row.meaning} |")
    return "\n".join(lines) + "\n"


def environment_help(width: int = 100) -> str:
    """The environment variables, for `serve --help` (a flag, where there is one, wins)."""
    column = max(len(row.variable) for row in SETTINGS) + 4
    lines = ["environment (a flag, where there is one, wins over its variable):"]
    for row in SETTINGS:
        text = (
            f"  {row.variable:<{column - 4}}  {row.meaning.replace('`', '')}; default {row.default}"
        )
        lines.append(textwrap.fill(text, width, subsequent_indent=" " * column))
    return "\n".join(lines)
