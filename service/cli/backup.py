"""`penang-rummy backup DEST` and `penang-rummy restore SRC`: an SQLite store's copies.

    penang-rummy backup DEST [--sqlite-path FILE] [--force]
    penang-rummy restore SRC [--sqlite-path FILE] [--force]

The store is the one `serve` would open: PENANG_RUMMY_SQLITE_PATH, or `--sqlite-path`.
`backup` copies it while it serves (`service.store.backup`: one consistent snapshot);
`restore` puts a copy back, once no process has the store open, keeping the store it
replaces beside it. Either refuses to overwrite a file without `--force`. A PostgreSQL
store is refused with the way to back it up (`pg_dump -Fc`, `pg_restore`), and a store
in memory (`:memory:`) as nothing another process could copy.

Exit codes: 0 copied; 1 the copy failed on the way (nothing was replaced); 2 refused
before anything was written (a bad setting, no store, a file in the way, a source that
is not a sound store, a store in use).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from service.settings import IN_MEMORY, Settings
from service.store.backup import BackupRefused, Copied, backup, restore

EXIT_FAILED: Final = 1
EXIT_REFUSED: Final = 2
_POSTGRES: Final = (
    "the store is PostgreSQL (PENANG_RUMMY_STORE=postgres): {what} with {tool} "
    "(docs/operators.md); this command copies an SQLite store"
)
_IN_MEMORY: Final = (
    f"the store is in memory ({IN_MEMORY}): it lives inside its serving process alone, so "
    "there is nothing to copy; export the games' records (GET /games/{id}/record), or serve "
    "an SQLite file or PostgreSQL for a store that lasts"
)


def add_backup_commands(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """Add `backup` and `restore` to a CLI's subcommands; each `run` returns the exit code."""
    epilog = (
        "exit codes: 0 copied, 1 the copy failed on the way (nothing replaced), 2 refused "
        "before anything was written"
    )
    make = subparsers.add_parser(
        "backup",
        help="copy the SQLite store consistently, while it serves",
        description="Copy the SQLite store to DEST with SQLite's online backup API: one "
        "consistent snapshot, taken while the service runs. The signing key is not in it.",
        epilog=epilog,
    )
    make.add_argument("dest", metavar="DEST", type=Path, help="the file to write")
    make.set_defaults(run=run_backup)
    bring = subparsers.add_parser(
        "restore",
        help="put a backup back as the SQLite store (the service stopped)",
        description="Replace the SQLite store with the backup SRC, checked first. The "
        "service must be stopped; the store replaced is kept beside it, as "
        "FILE.before-restore.",
        epilog=epilog,
    )
    bring.add_argument("source", metavar="SRC", type=Path, help="a file `backup` wrote")
    bring.set_defaults(run=run_restore)
    for command, verb in ((make, "overwrite DEST"), (bring, "replace a store that exists")):
        command.add_argument(
            "--sqlite-path",
            metavar="FILE",
            help="the store (default PENANG_RUMMY_SQLITE_PATH, else penang-rummy.sqlite)",
        )
        command.add_argument("--force", action="store_true", help=f"{verb}")


def run_backup(args: argparse.Namespace) -> int:
    dest: Path = args.dest
    return _run(
        args,
        "back it up",
        "pg_dump -Fc",
        lambda store: backup(store, dest, force=args.force),
        lambda store, copied: (
            f"copied {store} to {dest.resolve()}: {_counted(copied)}; "
            f"the signing key {_key_file()} is not in it: keep it apart, as a secret"
        ),
    )


def _key_file() -> Path:
    settings = Settings.from_env()
    return Path(settings.signing_key or settings.default_key_file()).resolve()


def run_restore(args: argparse.Namespace) -> int:
    source: Path = args.source
    return _run(
        args,
        "restore it",
        "pg_restore",
        lambda store: restore(source, store, force=args.force),
        lambda store, copied: (
            f"restored {source} as the store {store}: {_counted(copied)}"
            + (f"; the store it replaced is kept as {copied.replaced}" if copied.replaced else "")
        ),
    )


def _run(
    args: argparse.Namespace,
    what: str,
    tool: str,
    copy: Callable[[Path], Copied],
    said: Callable[[Path, Copied], str],
) -> int:
    """Run `copy` on the configured store; one line of what it did, or why not."""
    settings = Settings.from_env()
    if settings.store == "postgres":
        return _say(args, _POSTGRES.format(what=what, tool=tool), EXIT_REFUSED)
    if (args.sqlite_path or settings.sqlite_path) == IN_MEMORY:
        return _say(args, _IN_MEMORY, EXIT_REFUSED)
    store = Path(args.sqlite_path or settings.sqlite_path).resolve()
    started = time.monotonic()
    try:
        copied = copy(store)
    except BackupRefused as refusal:
        return _say(args, str(refusal), EXIT_REFUSED)
    except (sqlite3.Error, OSError) as failure:
        return _say(args, f"the copy failed, nothing was replaced: {failure}", EXIT_FAILED)
    seconds = time.monotonic() - started
    print(f"penang-rummy {args.command}: {said(store, copied)} ({seconds:.2f} s)")
    return 0


def _counted(copied: Copied) -> str:
    return f"{copied.games} games, {copied.records} records, {copied.size:,} bytes"


def _say(args: argparse.Namespace, line: str, code: int) -> int:
    print(f"penang-rummy {args.command}: {line}", file=sys.stderr)
    return code
