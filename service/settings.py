"""Service settings: one annotated struct (`Settings`), read from the environment and flags.

Each setting is declared once, as a field of `Settings` whose annotation (`described`)
gives its meaning, bounds and flag. `SETTINGS`, the table of rows, is read from those
annotations: `Settings.from_env` reads it, `penang-rummy serve --help` prints it, and a
test checks that docs/operators.md's configuration table is `markdown_table()` word for word.
A bad value is a `SettingsError` naming the variable (or flag) and what it accepts,
which the CLI prints as one line.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Final, Literal

import msgspec

from service import setting_rows
from service.setting_rows import (
    Setting,
    SettingsError,
    Value,
    check_network,
    choices,
    described,
    matching,
    parse,
    rows,
)

__all__ = [
    "DEFAULT_KEY_FILE",
    "IN_MEMORY",
    "PREFIX",
    "SETTINGS",
    "Setting",
    "Settings",
    "SettingsError",
    "Value",
    "choices",
    "environment_help",
    "markdown_table",
    "parse",
    "setting",
]

#: The signing key's file name when `PENANG_RUMMY_SIGNING_KEY` is unset.
DEFAULT_KEY_FILE: Final = "penang-rummy-signing-key.pem"
#: The `sqlite_path` of a store in memory (`Settings.in_memory`).
IN_MEMORY: Final = ":memory:"

PREFIX: Final = "PENANG_RUMMY_"
_PORT = (1, 65535)
_LOOPBACK = ("127.0.0.0/8", "::1")
#: An origin as a browser sends it: scheme, lowercase host (or bracketed IPv6), port.
ORIGIN_PATTERN: Final = (
    r"https?://(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*"
    r"|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?"
)


#: The log lines that may wait to be written by default (`Settings.log_queue_lines`): the
#: process stays in bounds while standard error is not read (`service.logs`).
LOG_QUEUE_LINES: Final = 4096


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything `service.app.create_app` needs; tests build one directly.

    Each field is declared once, here: its type, default, meaning and bounds. `SETTINGS`,
    the environment, `serve`'s flags and help, and the table of docs/operators.md are read
    from it.
    """

    store: Annotated[
        Literal["sqlite", "postgres"],
        described("the event store: `sqlite` or `postgres`", flag=True),
    ] = "sqlite"
    sqlite_path: Annotated[
        str,
        described(
            f"the SQLite file (created if missing); `{IN_MEMORY}`: a store in memory, this "
            "process's alone and lost when it stops (no backups; a signing key made for the "
            "process unless `PENANG_RUMMY_SIGNING_KEY` names one)",
            flag=True,
        ),
    ] = "penang-rummy.sqlite"
    sqlite_synchronous: Annotated[
        Literal["full", "normal"],
        described(
            "`full` syncs every commit to disk; `normal` (WAL) is faster and may lose the last "
            "commits on a power loss, never on a crash of the process",
            flag=True,
        ),
    ] = "full"
    postgres_host: Annotated[str, described("PostgreSQL host")] = "127.0.0.1"
    postgres_port: Annotated[int, described("PostgreSQL port", bounds=_PORT)] = 5432
    postgres_db: Annotated[
        str,
        described(
            "PostgreSQL database; `penang_rummy` is created when missing, another must exist "
            "(the table is created)"
        ),
    ] = "penang_rummy"
    postgres_user: Annotated[str, described("PostgreSQL user")] = "postgres"
    postgres_password: Annotated[str, described("PostgreSQL password")] = ""
    postgres_pool_size: Annotated[
        int, described("PostgreSQL connections per process", bounds=(1, 1000))
    ] = 10
    # Explicit deck orders bypass the provably fair shuffle: tests and replays only.
    allow_deck: Annotated[
        bool, described("accept explicit deck orders in `POST /games` (tests, replays)", flag=True)
    ] = False
    host: Annotated[str, described("where `serve` listens", flag=True)] = "127.0.0.1"
    port: Annotated[int, described("the port `serve` listens on", flag=True, bounds=_PORT)] = 8000
    # Behind reverse proxies (`service.api.forwarded`); none: no forwarded header believed.
    trusted_proxies: Annotated[
        tuple[str, ...],
        described(
            "addresses or networks (CIDR) of the reverse proxies in front, separated by `,`: "
            "a request from one of them is from the rightmost forwarded hop that is not one "
            "(for the rate limits and the logs); none: every forwarded header is ignored",
            default_text="none",
            separator=",",
            check=check_network,
        ),
    ] = ()
    forwarded_header: Annotated[
        Literal["x-forwarded-for", "forwarded"],
        described(
            "the header the trusted proxies write the client's address in: "
            "`x-forwarded-for` or `forwarded` (RFC 7239); the other is ignored"
        ),
    ] = "x-forwarded-for"
    log_level: Annotated[
        Literal["critical", "error", "warning", "info", "debug"],
        described("the least level logged (uvicorn's too); the access lines are `info`", flag=True),
    ] = "info"
    log_format: Annotated[
        Literal["auto", "json", "text"],
        described(
            "log lines as `json` (one object a line) or readable `text`; `auto`: text on a "
            "terminal, JSON otherwise"
        ),
    ] = "auto"
    access_log: Annotated[
        bool,
        described(
            "one line per request: its id, operation, status, duration, client address and "
            "game or match (never a token or a query string); uvicorn's own is always off"
        ),
    ] = True
    log_queue_lines: Annotated[
        int,
        described(
            "log lines that may wait to be written to standard error (about 1 KiB each); "
            "while that many wait (standard error is not read), further lines are dropped "
            "and counted (`penang_rummy_log_lines_dropped_total`)",
            bounds=(100, 1_000_000),
        ),
    ] = LOG_QUEUE_LINES
    metrics: Annotated[
        Literal["off", "open", "restricted"],
        described(
            "`GET /metrics` (Prometheus text): `off`, `open` to anyone, or `restricted` to "
            "the addresses of `PENANG_RUMMY_METRICS_ALLOW` and the bearer of "
            "`PENANG_RUMMY_METRICS_TOKEN`"
        ),
    ] = "restricted"
    metrics_allow: Annotated[
        tuple[str, ...],
        described(
            "addresses or networks (CIDR) that may read restricted metrics, separated by "
            "`,` (a request forwarded by a proxy that is not trusted never is)",
            default_text=",".join(_LOOPBACK),
            separator=",",
            check=check_network,
        ),
    ] = _LOOPBACK
    metrics_token: Annotated[
        str,
        described("a bearer token that may read restricted metrics from any address"),
    ] = ""
    operator_key: Annotated[
        str,
        described(
            "a bearer key with which a site registers players and manages their keys "
            "(U9); unset: no operator (there is no default)"
        ),
    ] = ""
    # None: `DEFAULT_KEY_FILE` beside the SQLite file (`default_key_file`).
    signing_key: Annotated[
        str | None,
        described(
            "the Ed25519 private key (PEM) that signs records; unset: "
            f"`{DEFAULT_KEY_FILE}` in the SQLite file's folder, created (mode 0600) if "
            "missing; set: the file must exist",
            default_text="beside the SQLite file",
        ),
    ] = None
    # Public keys of earlier signing keys, still published so that old records verify.
    retired_keys: Annotated[
        tuple[str, ...],
        described(
            "PEM public keys that signed older records, still published; several are "
            f"separated by `{os.pathsep}`",
            default_text="none",
        ),
    ] = ()
    # Live updates (`service.usecases.hub`).
    stream_keepalive_seconds: Annotated[
        int,
        described(
            "seconds between keep-alive comments on a quiet live-update stream",
            bounds=(1, 3600),
        ),
    ] = 15
    streams_per_token: Annotated[
        int,
        described(
            "live-update streams one bearer token may hold open at once on each process (429 "
            "beyond; over N processes up to N times this)",
            bounds=(1, 100_000),
        ),
    ] = 8
    streams_per_address: Annotated[
        int,
        described(
            "live-update streams opened without a token (spectators) from one client address "
            "at once on each process (429 beyond; over N processes up to N times this)",
            bounds=(1, 100_000),
        ),
    ] = 32
    stream_recheck_seconds: Annotated[
        int,
        described(
            "seconds between reads of each game or match a stream is open on, notified or "
            "not (bounds the delay of a missed PostgreSQL notification)",
            bounds=(1, 3600),
        ),
    ] = 5
    stream_retry_ms: Annotated[
        int,
        described(
            "milliseconds a client waits before it reconnects to a stream that a stopping "
            "`serve` ended (sent as the stream's `retry:` field, read by EventSource)",
            bounds=(0, 3_600_000),
        ),
    ] = 1000
    shutdown_seconds: Annotated[
        int,
        described(
            "on SIGTERM (or Ctrl-C) `serve` stops accepting, ends its streams and waits this "
            "many seconds at most for the requests under way, then cuts the rest and exits",
            bounds=(1, 3600),
        ),
    ] = 10
    clock_poll: Annotated[
        int,
        described(
            "the turn clock (`turn_seconds`) times a seat out at its deadline; each process "
            "also looks for deadlines that other processes wrote at least every this many "
            "seconds",
            bounds=(1, 60),
        ),
    ] = 1
    # 0 here (tests), a second when read from the environment (`serve`), so people follow.
    bot_think_ms: Annotated[
        int,
        described(
            "how long a bot seat (R33) waits, in milliseconds, from the write that made its "
            "turn come to the write of its own, so that a person can follow the table",
            bounds=(0, 60_000),
            env_default="1000",
        ),
    ] = 0
    bot_turns_per_second: Annotated[
        int,
        described(
            "the most bot turns (R33) one process plays in a second, over all its tables, so "
            "that tables of bots alone never starve people's requests",
            bounds=(1, 100_000),
        ),
    ] = 200
    # Off here, on when read from the environment (`serve`), so that tests opt in.
    rate_limit: Annotated[
        bool,
        described(
            "limit the requests of each client address and of each bearer token (429 with "
            "`Retry-After` beyond); `Settings()` built in code, as by the tests, has it off",
            env_default="on",
        ),
    ] = False
    rate_per_address: Annotated[
        int,
        described(
            "requests per minute from one client address to each process (every client behind "
            "one NAT, or one proxy not in `PENANG_RUMMY_TRUSTED_PROXIES`, shares it; over N "
            "processes up to N times this)",
            bounds=(1, 1_000_000),
        ),
    ] = 600
    rate_per_token: Annotated[
        int,
        described(
            "requests per minute with one bearer token to each process (over N processes up "
            "to N times this)",
            bounds=(1, 1_000_000),
        ),
    ] = 300
    rate_burst_seconds: Annotated[
        int,
        described(
            "an address or a token may send at once what its rate allows in this many "
            "seconds (600 a minute and 10 s: 100 requests), then its rate per minute applies",
            bounds=(1, 3600),
        ),
    ] = 10
    max_body_bytes: Annotated[
        int,
        described(
            "the largest request body the service reads, in bytes (413 beyond); a game "
            "record of the longest game is far less than the default",
            bounds=(1024, 100_000_000),
        ),
    ] = 1_000_000
    cache_games: Annotated[
        int,
        described(
            "games, and matches, whose folded state, secrets and latest turn time each "
            "process keeps in memory (the least recently used go first; a game not kept is "
            "read again from the store); each game kept costs about 8 KiB, the default about "
            "31 MiB (`tests/bench/bench_memory.py`)",
            bounds=(1, 10_000_000),
        ),
    ] = 4096
    # Cross-origin pages (`service.api.cors`): none by default.
    cors_origins: Annotated[
        tuple[str, ...],
        described(
            "origins whose web pages may call the API from a browser (CORS), each "
            "`scheme://host[:port]` as the browser sends it, separated by `,`; pages of "
            "any other origin get no CORS headers",
            default_text="none",
            separator=",",
            check=matching(
                ORIGIN_PATTERN,
                "an origin such as `https://table.example` or `http://localhost:8080` "
                "(scheme, lowercase host and port only)",
            ),
        ),
    ] = ()

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

    @property
    def in_memory(self) -> bool:
        """Whether the store is an SQLite database in this process's memory: every
        connection of the process shares it (`store.backends.memory_database`), no other
        process can, and it is lost when the process stops."""
        return self.store == "sqlite" and self.sqlite_path == IN_MEMORY

    def describe_store(self) -> str:
        """The store in use, for the start-up line."""
        if self.store == "postgres":
            where = f"{self.postgres_host}:{self.postgres_port}"
            return f"PostgreSQL database {self.postgres_db} at {where} as {self.postgres_user}"
        if self.in_memory:
            return (
                "SQLite in memory, this process's alone: not durable (every game is lost when "
                "it stops)"
            )
        path = os.path.abspath(self.sqlite_path)
        return f"SQLite file {path} (synchronous={self.sqlite_synchronous})"

    def default_key_file(self) -> Path:
        """Where the signing key is created when `signing_key` is unset: beside the SQLite file."""
        return Path(self.sqlite_path).parent / DEFAULT_KEY_FILE


SETTINGS: Final[tuple[Setting, ...]] = rows(Settings, PREFIX)


def setting(field: str) -> Setting:
    """The row of `field`."""
    (row,) = [row for row in SETTINGS if row.field == field]
    return row


def markdown_table() -> str:
    """The configuration table of docs/operators.md."""
    return setting_rows.markdown_table(SETTINGS)


def environment_help(width: int = 100) -> str:
    """The environment variables, for `serve --help` (a flag, where there is one, wins)."""
    return setting_rows.environment_help(SETTINGS, width)
