"""The `penang-rummy` command.

    penang-rummy serve [--host 127.0.0.1] [--port 8000]
    penang-rummy openapi [--output openapi/openapi.json]
    penang-rummy verify RECORD [--key FILE | --keys FILE] [--require-signature] [--json]

`serve` runs the API with uvicorn over the store the environment names (by default
an SQLite file in the working directory: no set-up needed). `openapi` writes the
contract the app serves. `verify` checks a game record (`GET /games/{id}/record`)
against the rules, its hash chain and its signature offline, with no service running
(`service.cli.verify`: exit 0 valid, 1 a rule, the chain or the signature broken, 2
not a readable record). Settings: see `service.settings`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec
import uvicorn

from service.api.openapi import render, write
from service.app import create_app
from service.cli.verify import add_verify_command
from service.settings import Settings


def _serve(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    host = args.host or settings.host
    port = settings.port if args.port is None else args.port
    settings = msgspec.structs.replace(settings, host=host, port=port)
    uvicorn.run(create_app(settings), host=host, port=port, log_level=args.log_level)
    return 0


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
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the HTTP API")
    serve.add_argument("--host", default=None, help="bind address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default 8000)")
    serve.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    serve.set_defaults(run=_serve)

    openapi = commands.add_parser("openapi", help="write the OpenAPI contract")
    openapi.add_argument(
        "--output",
        type=Path,
        default=Path("openapi/openapi.json"),
        help="where to write it; - for standard output (default openapi/openapi.json)",
    )
    openapi.set_defaults(run=_openapi)

    add_verify_command(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
