"""`penang-rummy ratings rebuild` and `penang-rummy ratings verify FOLDER` (R70-R74).

    penang-rummy ratings rebuild [--store WHERE]
    penang-rummy ratings verify FOLDER (--key FILE | --keys FILE) --published FILE|URL

`rebuild` derives every rating again from the stored games, in the log's order, and
replaces the ratings' tables in one transaction (`service.usecases.ratings.rebuild`):
the store is the one `serve` would open (its settings from the environment), or
`--store` (a PostgreSQL URL or an SQLite file, as `simulate --store` takes).

`verify` needs no service and no store: it checks every record in FOLDER (as exported
by `GET /games/{id}/record`) with the service's public key, recomputes every rating from
them in the published order and compares them with the published table (`GET /ratings`,
a file or a URL), naming each record tampered with, each game missing, each rating that
differs (`service.cli.rating_check`).

Exit codes: 0 rebuilt, or every rating agrees; 1 a record tampered with or missing, or
a rating that differs; 2 the folder, the key or the published table cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Final

import httpx
import msgspec

from service.cli.rating_check import check_folder, read_published
from service.keyfiles import KeyFileError, load_public_key
from service.settings import Settings, SettingsError
from service.signing import PublicKey, keys_by_id, read_key_document
from service.store import GameStore
from service.store.seeding import store_settings
from service.usecases import ratings

EXIT_AGREES: Final = 0
EXIT_DIFFERS: Final = 1
EXIT_UNREADABLE: Final = 2


def add_ratings_commands(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> None:
    """Add `ratings` (`rebuild`, `verify`) to a CLI's subcommands."""
    top = subparsers.add_parser(
        "ratings",
        help="rebuild the ratings from the stored games, or check them offline from records",
        description="The ratings per game (openskill's Plackett-Luce): rebuilt from the "
        "stored games, or re-derived offline from signed records and compared.",
    )
    commands = top.add_subparsers(dest="ratings_command", required=True, metavar="COMMAND")
    rebuild = commands.add_parser(
        "rebuild",
        help="derive every rating again from the stored games",
        description="Derive every rating again from the stored games, in the order of the "
        "store's log, replacing the ratings' tables in one transaction.",
    )
    rebuild.add_argument(
        "--store",
        metavar="WHERE",
        help="a PostgreSQL URL or an SQLite file (default: the store `serve` would open)",
    )
    rebuild.set_defaults(run=run_rebuild)
    verify = commands.add_parser(
        "verify",
        help="recompute every rating from signed records and compare with the published table",
        description="Check every game record in FOLDER with the service's public key, "
        "recompute every rating from them in the published order, and compare with the "
        "published table. Needs no running service.",
        epilog="exit codes: 0 every rating agrees, 1 a record tampered with or missing or "
        "a rating that differs, 2 a file or URL that cannot be read",
    )
    verify.add_argument("folder", metavar="FOLDER", type=Path, help="the games' records")
    key = verify.add_mutually_exclusive_group(required=True)
    key.add_argument("--key", metavar="FILE", help="the service's public key (PEM)")
    key.add_argument(
        "--keys",
        metavar="FILE",
        help="the service's key document (GET /.well-known/penang-rummy-keys.json)",
    )
    verify.add_argument(
        "--published",
        metavar="FILE|URL",
        required=True,
        help="the published ratings: GET /ratings's answer, saved or at its URL",
    )
    verify.add_argument("--json", action="store_true", help="print the findings as JSON")
    verify.set_defaults(run=run_verify)


def run_rebuild(args: argparse.Namespace) -> int:
    """Rebuild the ratings of the store named; print how many rated games there are."""
    try:
        settings = store_settings(args.store) if args.store else Settings.from_env()
    except SettingsError as failure:
        print(f"penang-rummy ratings rebuild: {failure}", file=sys.stderr)
        return EXIT_UNREADABLE
    store = GameStore(settings)
    try:
        count = ratings.rebuild(store)
        players = len(store.ratings.everything())
    finally:
        store.close()
    print(f"rebuilt: {count} rated games, {players} ratings")
    return EXIT_AGREES


def run_verify(args: argparse.Namespace) -> int:
    """Check the folder's records against the published ratings; print the findings."""
    try:
        keys = (
            PublicKey(load_public_key(Path(args.key)))
            if args.key
            else keys_by_id(read_key_document(Path(args.keys).read_bytes()))
        )
        published = read_published(_fetch(args.published))
        if not args.folder.is_dir():
            raise OSError(f"{args.folder} is not a folder")
    except (OSError, ValueError, KeyFileError, httpx.HTTPError, msgspec.DecodeError) as error:
        print(f"penang-rummy ratings verify: cannot read: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    found = check_folder(args.folder, keys, published)
    if args.json:
        body = {**msgspec.structs.asdict(found), "agrees": found.agrees}
        sys.stdout.write(msgspec.json.encode(body).decode("utf-8") + "\n")
    else:
        print(found.summary())
    return EXIT_AGREES if found.agrees else EXIT_DIFFERS


def _fetch(source: str) -> bytes:
    if source.startswith(("http://", "https://")):
        response = httpx.get(source, timeout=30.0)
        response.raise_for_status()
        return response.content
    return Path(source).read_bytes()
