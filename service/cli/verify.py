"""`penang-rummy verify RECORD [--json]`: check a game record offline.

Reads a record (`domain.records`: a JSON document or NDJSON; `-` reads standard input),
replays every event through the rules and prints the verdict: one line, or with
`--json` the verdict as a JSON object (`domain.audit.Verdict`). Needs no running
service and imports only the rules engine.

Exit codes: 0 the record is valid (a finished game, or an unfinished one valid so far),
1 the record breaks a rule (the verdict names the first bad event and the rule),
2 the file cannot be read or is not a record.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import msgspec

from domain.errors import MalformedInput
from domain.records import load_record, verify_record

EXIT_VALID: Final = 0
EXIT_INVALID: Final = 1
EXIT_UNREADABLE: Final = 2


def add_verify_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Add `verify` to a CLI's subcommands; its `run` default returns the exit code."""
    verify = subparsers.add_parser(
        "verify",
        help="check a game record against the rules, offline",
        description="Replay a game record through the rules and report the first event "
        "that breaks one. Needs no running service.",
        epilog="exit codes: 0 valid (or valid so far), 1 breaks a rule, 2 not a readable record",
    )
    verify.add_argument(
        "record", metavar="RECORD", help="a record file, JSON or NDJSON; - for standard input"
    )
    verify.add_argument("--json", action="store_true", help="print the verdict as JSON")
    verify.set_defaults(run=run_verify)
    return verify


def run_verify(args: argparse.Namespace) -> int:
    """Verify `args.record`; print the verdict; return the exit code."""
    as_json: bool = args.json
    try:
        data = _read(args.record)
        record = load_record(data)
    except (OSError, MalformedInput) as error:
        reason = error.message if isinstance(error, MalformedInput) else str(error)
        _unreadable(args.record, reason, as_json)
        return EXIT_UNREADABLE
    verdict = verify_record(record)
    if as_json:
        sys.stdout.write(msgspec.json.encode(verdict).decode("utf-8") + "\n")
    else:
        print(verdict.summary())
    return EXIT_VALID if verdict.valid else EXIT_INVALID


def _read(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    return Path(source).read_bytes()


def _unreadable(source: str, reason: str, as_json: bool) -> None:
    if as_json:
        problem = {"readable": False, "code": "unreadable-record", "message": reason}
        sys.stdout.write(msgspec.json.encode(problem).decode("utf-8") + "\n")
    print(f"penang-rummy verify: cannot read {source}: {reason}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """`verify` on its own: `python -m service.cli.verify RECORD [--json]`."""
    parser = argparse.ArgumentParser(prog="penang-rummy")
    add_verify_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["verify", *(sys.argv[1:] if argv is None else argv)])
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
