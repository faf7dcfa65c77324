"""Service settings, read from environment variables.

| variable | default | meaning |
|---|---|---|
| `PENANG_RUMMY_STORE` | `sqlite` | event store: `sqlite` or `postgres` |
| `PENANG_RUMMY_SQLITE_PATH` | `penang-rummy.sqlite` | SQLite file (in the working directory) |
| `PENANG_RUMMY_SQLITE_SYNCHRONOUS` | `full` | `full`: every commit synced to disk; `normal` |
|   |   | (WAL) may lose the last commits on power loss, never on a process crash |
| `PENANG_RUMMY_POSTGRES_HOST` | `127.0.0.1` | PostgreSQL host |
| `PENANG_RUMMY_POSTGRES_PORT` | `5432` | PostgreSQL port |
| `PENANG_RUMMY_POSTGRES_DB` | `penang_rummy` | PostgreSQL database (must exist) |
| `PENANG_RUMMY_POSTGRES_USER` | `postgres` | PostgreSQL user |
| `PENANG_RUMMY_POSTGRES_PASSWORD` | empty | PostgreSQL password |
| `PENANG_RUMMY_POSTGRES_POOL_SIZE` | `10` | connections per process |
| `PENANG_RUMMY_ALLOW_DECK` | off | accept explicit deck orders in `POST /games` (tests, replays) |
| `PENANG_RUMMY_HOST` | `127.0.0.1` | `penang-rummy serve` host |
| `PENANG_RUMMY_PORT` | `8000` | `penang-rummy serve` port |
| `PENANG_RUMMY_SIGNING_KEY` | beside the SQLite file | the Ed25519 private key (PEM) that |
|   |   | signs records; unset: `penang-rummy-signing-key.pem` in the SQLite file's folder, |
|   |   | created (mode 0600) if missing; set: the file must exist (`service.keyfiles`) |
| `PENANG_RUMMY_RETIRED_KEYS` | none | PEM public keys that signed older records, still |
|   |   | published; several are separated by `:` (`os.pathsep`) |
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final, Literal

import msgspec

#: The signing key's file name when `PENANG_RUMMY_SIGNING_KEY` is unset.
DEFAULT_KEY_FILE: Final = "penang-rummy-signing-key.pem"
_TRUE = frozenset({"1", "true", "yes", "on", "y"})
_FALSE = frozenset({"", "0", "false", "no", "off", "n"})


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

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from `environ` (default: the process environment)."""
        env = os.environ if environ is None else environ
        store = env.get("PENANG_RUMMY_STORE", "sqlite").strip().lower()
        if store not in ("sqlite", "postgres"):
            raise ValueError(f"PENANG_RUMMY_STORE must be sqlite or postgres, not {store!r}")
        default = cls()
        return cls(
            store="postgres" if store == "postgres" else "sqlite",
            sqlite_path=env.get("PENANG_RUMMY_SQLITE_PATH", default.sqlite_path),
            sqlite_synchronous=_synchronous(env),
            postgres_host=env.get("PENANG_RUMMY_POSTGRES_HOST", default.postgres_host),
            postgres_port=_int(env, "PENANG_RUMMY_POSTGRES_PORT", default.postgres_port),
            postgres_db=env.get("PENANG_RUMMY_POSTGRES_DB", default.postgres_db),
            postgres_user=env.get("PENANG_RUMMY_POSTGRES_USER", default.postgres_user),
            postgres_password=env.get("PENANG_RUMMY_POSTGRES_PASSWORD", ""),
            postgres_pool_size=_int(
                env, "PENANG_RUMMY_POSTGRES_POOL_SIZE", default.postgres_pool_size
            ),
            allow_deck=_flag(env, "PENANG_RUMMY_ALLOW_DECK"),
            host=env.get("PENANG_RUMMY_HOST", default.host),
            port=_int(env, "PENANG_RUMMY_PORT", default.port),
            signing_key=env.get("PENANG_RUMMY_SIGNING_KEY", "").strip() or None,
            retired_keys=_paths(env, "PENANG_RUMMY_RETIRED_KEYS"),
        )

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


def _synchronous(env: Mapping[str, str]) -> Literal["full", "normal"]:
    text = env.get("PENANG_RUMMY_SQLITE_SYNCHRONOUS", "full").strip().lower()
    if text == "full":
        return "full"
    if text == "normal":
        return "normal"
    raise ValueError(f"PENANG_RUMMY_SQLITE_SYNCHRONOUS must be full or normal, not {text!r}")


def _paths(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in env.get(name, "").split(os.pathsep) if part.strip())


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be an integer, not {text!r}") from None


def _flag(env: Mapping[str, str], name: str) -> bool:
    text = env.get(name, "").strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"{name} must be 1/0, true/false, yes/no or on/off, not {text!r}")
