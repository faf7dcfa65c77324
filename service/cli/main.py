"""The `penang-rummy` command.

    penang-rummy serve [--store sqlite|postgres] [--sqlite-path FILE] [--port 8000] ...
    penang-rummy openapi [--output openapi/openapi.json]
    penang-rummy verify RECORD [--key FILE | --keys FILE] [--require-signature] [--json]
    penang-rummy conformance URL [--junitxml FILE] [PYTEST_ARG ...]
    penang-rummy simulate [--games N] [--players K] [--bots greedy,random] [--seed S] ...
    penang-rummy backup DEST [--sqlite-path FILE] [--force]
    penang-rummy restore SRC [--sqlite-path FILE] [--force]
    penang-rummy ratings rebuild [--store WHERE]
    penang-rummy ratings verify FOLDER (--key FILE | --keys FILE) --published FILE|URL
    penang-rummy --version

`serve` runs the API with uvicorn over the store the settings name (by default an
SQLite file in the working directory: no set-up needed; `service.cli.serve`).
`openapi` writes the contract the app serves. `verify` checks a game record
(`GET /games/{id}/record`) against the rules, its hash chain and its signature offline,
with no service running (`service.cli.verify`: exit 0 valid, 1 a rule, the chain or the
signature broken, 2 not a readable record). `conformance` runs the rules spec's `@http`
scenarios against a server at URL, from a checkout (`service.cli.conformance`).
`simulate` plays games between bots, in process or against a running service, and
summarises them (`service.cli.simulate`). `backup` copies the SQLite store while it
serves, and `restore` puts such a copy back (`service.cli.backup`). `ratings rebuild`
derives the ratings again from the stored games, and `ratings verify` recomputes them
offline from signed records and compares them with the published table
(`service.cli.ratings`).
Settings: see `service.settings`; a bad one is one line on standard error, exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from service import version
from service.api.openapi import render, write
from service.app import create_app
from service.cli.arguments import parse_command_line
from service.cli.backup import add_backup_commands
from service.cli.conformance import add_conformance_command
from service.cli.ratings import add_ratings_commands
from service.cli.serve import EXIT_CONFIGURATION, add_serve_command
from service.cli.simulate import add_simulate_command
from service.cli.verify import add_verify_command
from service.settings import Settings, SettingsError


def _openapi(args: argparse.Namespace) -> int:
    app = create_app(Settings.from_env())
    if str(args.output) == "-":
        sys.stdout.write(render(app))
    else:
        write(app, args.output)
        print(f"wrote {args.output}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="penang-rummy", description="The Penang Rummy rules service."
    )
    top.add_argument("--version", action="version", version=f"penang-rummy {version()}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    add_serve_command(commands)

    openapi = commands.add_parser("openapi", help="write the OpenAPI contract")
    openapi.add_argument(
        "--output",
        type=Path,
        default=Path("openapi/openapi.json"),
        help="where to write it; - for standard output (default openapi/openapi.json)",
    )
    openapi.set_defaults(run=_openapi)

    add_verify_command(commands)
    add_conformance_command(commands)
    add_simulate_command(commands)
    add_backup_commands(commands)
    add_ratings_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_command_line(parser(), argv)
    try:
        code: int = args.run(args)
    except SettingsError as failure:
        print(f"penang-rummy {args.command}: {failure}", file=sys.stderr)
        return EXIT_CONFIGURATION
    return code


if __name__ == "__main__":
    sys.exit(main())
