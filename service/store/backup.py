"""Backing up and restoring an SQLite store, with SQLite's online backup API.

- `backup(store, dest)` copies a live store consistently: the copy is one read
  transaction of the store, one backup step (in WAL mode its writers go on meanwhile;
  a copy in several steps would start again at every write of another process), so it
  holds every write committed before it began and none half. It is written beside
  `dest` under another name, checked, synced, and only then renamed to `dest`: a copy
  cut short never passes for a backup. The copy is one self-contained file (rollback
  journal, not WAL), and a file it would overwrite is refused unless `force`.
- `restore(source, store)` brings a copy back. The source is checked first (an SQLite
  file that passes `PRAGMA integrity_check` and holds the events table), so a wrong
  file never replaces a store. A store that exists is replaced only with `force`, and
  never while a process has it open (a running `serve` would go on serving and
  writing its old games from memory): the restore takes the store's exclusive lock
  first, and holds it until the copy is in. What it replaces is kept, as a copy
  beside it (`<store>.before-restore`), so that a mistaken `--force` loses nothing.
  The copy goes in through the backup API as one transaction: the store is the old
  one or the new one, never a mix, even if the restore is killed.

The signing key is not in the store, and so in no backup: it is a secret, kept apart.
PostgreSQL stores are backed up with `pg_dump` (docs/operators.md says how).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from service.store.envelopes import EVENT_TOPIC_PREFIX

#: The table of every stored event (eventsourcing's SQLite recorder's).
EVENTS_TABLE: Final = "stored_events"
#: The suffix of the copy a restore keeps of the store it replaced.
REPLACED_SUFFIX: Final = ".before-restore"
#: The topics of a game's first event (Penang's deal, a draw game's).
_OPENINGS: Final = tuple(EVENT_TOPIC_PREFIX + kind for kind in ("Dealt", "HandDealt"))


class BackupRefused(Exception):
    """A backup or a restore that cannot be done; nothing was written. One line says why."""


@dataclass(frozen=True)
class Copied:
    """What a backup or a restore copied: its games, its records (of any kind), its bytes."""

    games: int
    records: int
    size: int
    #: Where a restore kept the store it replaced (None: there was none).
    replaced: Path | None = None


def backup(store: Path, dest: Path, *, force: bool = False) -> Copied:
    """Copy the live store `store` to `dest` (module doc)."""
    if not store.is_file():
        raise BackupRefused(f"there is no store at {store.resolve()}")
    if dest.resolve() == store.resolve():
        raise BackupRefused(f"{dest} is the store itself: name another file")
    if dest.exists() and not force:
        raise BackupRefused(f"{dest} exists: give --force to overwrite it")
    if not dest.parent.is_dir():
        raise BackupRefused(f"the folder {dest.parent} does not exist")
    partial = dest.with_name(f".{dest.name}.partial")
    try:
        with _open(store, "rw") as source:
            _check_store(source, store)
            with _open(partial, "rwc") as copy:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode = DELETE")
                copied = _checked_copy(copy, partial)
        _sync(partial)
        partial.replace(dest)
        _sync(dest.parent)
    finally:
        partial.unlink(missing_ok=True)
    return copied


def restore(source: Path, store: Path, *, force: bool = False) -> Copied:
    """Replace `store` (or create it) with the copy `source` (module doc)."""
    if not source.is_file():
        raise BackupRefused(f"there is no file {source}")
    if source.resolve() == store.resolve():
        raise BackupRefused(f"{source} is the store itself")
    if not store.parent.is_dir():
        raise BackupRefused(f"the folder {store.parent} does not exist")
    with _open(source, "ro") as copy:
        _check_store(copy, source)
        _check_integrity(copy, source)
        if store.exists() and not force:
            raise BackupRefused(
                f"the store {store.resolve()} exists ({_describe(store)}): give --force to "
                f"replace it (it is kept as {store.name}{REPLACED_SUFFIX})"
            )
        existed = store.exists()
        try:
            return _install(copy, store)
        except BaseException:
            if not existed:
                store.unlink(missing_ok=True)
            raise


def _install(copy: sqlite3.Connection, store: Path) -> Copied:
    """The copy in `store`, in one transaction, what it replaces kept beside it.

    A store that is no SQLite file at all (what a restore is often for) is moved aside
    as it is: no process can have it open as a store.
    """
    aside = store.with_name(store.name + REPLACED_SUFFIX)
    try:
        with _locked(store) as target:
            replaced = _keep(target, aside) if _holds_anything(target) else None
            return _copy_into(copy, target, store, replaced)
    except _NotADatabase:
        for suffix in ("", "-wal", "-shm"):
            moved = Path(f"{store}{suffix}")
            if moved.exists():
                moved.replace(f"{aside}{suffix}")
    with _locked(store) as target:
        return _copy_into(copy, target, store, aside)


def _copy_into(
    copy: sqlite3.Connection, target: sqlite3.Connection, store: Path, replaced: Path | None
) -> Copied:
    copy.backup(target)
    target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copied = _checked_copy(target, store)
    return Copied(copied.games, copied.records, copied.size, replaced)


def _describe(store: Path) -> str:
    try:
        with _open(store, "ro") as found:
            games, records = _counts(found)
        return f"{games} games, {records} records"
    except (sqlite3.Error, BackupRefused):
        return "not a store this service reads"


@contextlib.contextmanager
def _open(path: Path, mode: str) -> Iterator[sqlite3.Connection]:
    """A connection to `path` (`ro`, `rw` or `rwc`: read-only, existing, or created)."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)
    except sqlite3.Error as failure:
        raise BackupRefused(f"cannot open {path}: {failure}") from None
    try:
        yield connection
    finally:
        connection.close()


class _NotADatabase(Exception):
    """The store's file is not an SQLite database."""


@contextlib.contextmanager
def _locked(store: Path) -> Iterator[sqlite3.Connection]:
    """The store, opened (or created) with its exclusive lock held until closed.

    A process with the store open (every `serve` over it) holds a shared lock: then the
    lock is refused at once, and nothing is touched.
    """
    try:
        connection = sqlite3.connect(str(store), timeout=0, isolation_level=None)
    except sqlite3.Error as failure:
        raise BackupRefused(f"cannot open the store {store.resolve()}: {failure}") from None
    try:
        connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        connection.execute("BEGIN EXCLUSIVE")
        connection.execute("COMMIT")
    except sqlite3.DatabaseError as failure:
        connection.close()
        raise _refusal(store, failure) from None
    try:
        yield connection
    finally:
        connection.close()


def _refusal(store: Path, failure: sqlite3.DatabaseError) -> Exception:
    name = getattr(failure, "sqlite_errorname", "")
    if name == "SQLITE_NOTADB":
        return _NotADatabase()
    if name == "SQLITE_BUSY":
        return BackupRefused(
            f"the store {store.resolve()} is open in another process (a running serve?): "
            "stop it first"
        )
    return BackupRefused(f"the store {store.resolve()} cannot be replaced: {failure}")


def _holds_anything(connection: sqlite3.Connection) -> bool:
    return bool(connection.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall())


def _keep(target: sqlite3.Connection, aside: Path) -> Path:
    """A copy of the store about to be replaced, at `aside` (an older such copy goes)."""
    aside.unlink(missing_ok=True)
    with _open(aside, "rwc") as kept:
        target.backup(kept)
        kept.execute("PRAGMA journal_mode = DELETE")
    _sync(aside)
    return aside


def _check_store(connection: sqlite3.Connection, path: Path) -> None:
    """Refuse a file that is not an SQLite store of this service."""
    try:
        found = connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (EVENTS_TABLE,)
        ).fetchall()
    except sqlite3.DatabaseError as failure:
        raise BackupRefused(f"{path} is not an SQLite store: {failure}") from None
    if not found:
        raise BackupRefused(f"{path} is an SQLite file but not a store (no {EVENTS_TABLE} table)")


def _check_integrity(connection: sqlite3.Connection, path: Path, check: str = "integrity") -> None:
    """Refuse a file that fails SQLite's `integrity_check` (or the cheaper `quick_check`)."""
    try:
        verdict = [row[0] for row in connection.execute(f"PRAGMA {check}_check").fetchall()]
    except sqlite3.DatabaseError as failure:
        verdict = [str(failure)]
    if verdict != ["ok"]:
        raise BackupRefused(f"{path} fails SQLite's {check} check: {verdict[0]}")


def _checked_copy(connection: sqlite3.Connection, path: Path) -> Copied:
    """The copy's counts, once it passes SQLite's quick check: a copy's pages are its
    source's, and its indexes were checked with them (the full check, which also matches
    each index to its table, is for a file of unknown origin: a restore's source)."""
    _check_integrity(connection, path, "quick")
    games, records = _counts(connection)
    return Copied(games, records, path.stat().st_size)


def _counts(connection: sqlite3.Connection) -> tuple[int, int]:
    (games,) = connection.execute(
        f"SELECT COUNT(*) FROM {EVENTS_TABLE} WHERE originator_version = 1 AND topic IN (?, ?)",
        _OPENINGS,
    ).fetchone()
    (records,) = connection.execute(f"SELECT COUNT(*) FROM {EVENTS_TABLE}").fetchone()
    return int(games), int(records)


def _sync(path: Path) -> None:
    """Flush `path` (a file or a folder) to the disk."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
