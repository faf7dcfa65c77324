"""`penang-rummy verify RECORD [--key FILE | --keys FILE] [--require-signature] [--json]`.

Reads a record (`domain.records`: a JSON document or NDJSON; `-` reads standard input),
replays every event through the rules, recomputes the record's hash chain (format
`/2`) and, given the signer's public key, checks its signature; then prints the
verdict: one line, or with `--json` the verdict as a JSON object
(`domain.provenance.RecordVerdict`: the rules verdict with `chain`, `altered_event`,
`signature` and `key_id`). The key is a PEM file (`--key`), or the service's key
document as `GET /.well-known/penang-rummy-keys.json` publishes it (`--keys`). Without
a key the chain is still checked and the signature is reported `unchecked`; a record of
format `/1` is checked by the rules alone and reported unsigned. Needs no running
service: it loads the rules engine and the signing module (`service.signing`), never
the web framework or the store.

A match record (`domain.match.records`, as `GET /matches/{id}/record` gives it) is
checked as a whole (`domain.match.audit`): its events re-decided, every game's dealer
as the match's rules choose it (P6–P8), the totals and the end, and each game's record
as above, signature included.

Exit codes: 0 the record is valid (a finished game, or an unfinished one valid so far),
1 the record breaks a rule, its chain is broken or its signature does not match (the
verdict names the first bad or altered event and the rule), or `--require-signature`
was given and the signature is not valid; 2 the record or the key file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

import msgspec

from domain.errors import MalformedInput
from domain.match.audit import verify_match_record
from domain.match.records import (
    MATCH_RECORD_FORMAT,
    MatchRecord,
    is_match_record,
    load_match_record,
)
from domain.provenance import RecordVerdict
from domain.records import RECORD_FORMATS, GameRecord, NotARecord, load_record
from service.cli.arguments import parse_command_line
from service.keyfiles import KeyFileError, load_public_key
from service.signing import PublicKey, keys_by_id, read_key_document, verify_signed

EXIT_VALID: Final = 0
EXIT_INVALID: Final = 1
EXIT_UNREADABLE: Final = 2


def add_verify_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Add `verify` to a CLI's subcommands; its `run` default returns the exit code."""
    verify = subparsers.add_parser(
        "verify",
        help="check a game record against the rules, its chain and its signature, offline",
        description="Replay a game record through the rules, recompute its hash chain and "
        "check its signature; report the first event that breaks a rule or was altered. "
        "Needs no running service.",
        epilog="exit codes: 0 valid (or valid so far), 1 breaks a rule, a broken chain or "
        "signature, 2 not a readable record or key",
    )
    verify.add_argument(
        "record", metavar="RECORD", help="a record file, JSON or NDJSON; - for standard input"
    )
    key = verify.add_mutually_exclusive_group()
    key.add_argument(
        "--key", metavar="FILE", help="the signer's public key (PEM; a private key file works too)"
    )
    key.add_argument(
        "--keys",
        metavar="FILE",
        help="the service's key document (GET /.well-known/penang-rummy-keys.json)",
    )
    verify.add_argument(
        "--require-signature",
        action="store_true",
        help="exit 1 unless the record is signed by the key given (or one of the keys)",
    )
    verify.add_argument("--json", action="store_true", help="print the verdict as JSON")
    verify.set_defaults(run=run_verify)
    return verify


def run_verify(args: argparse.Namespace) -> int:
    """Verify `args.record`; print the verdict; return the exit code."""
    as_json: bool = args.json
    try:
        keys = _keys(args.key, args.keys)
    except (OSError, ValueError, KeyFileError) as error:
        _unreadable(args.key or args.keys, str(error), as_json, "unreadable-key")
        return EXIT_UNREADABLE
    try:
        data = _read(args.record)
        document = _json_document(data)
        if is_match_record(document):
            return _verify_match(load_match_record(data), keys, args)
        record = load_record(data)
    except (OSError, MalformedInput) as error:
        _unreadable(args.record, _reason(error), as_json, "unreadable-record")
        return EXIT_UNREADABLE
    verdict = _check(record, keys, args.require_signature)
    if as_json:
        sys.stdout.write(msgspec.json.encode(verdict).decode("utf-8") + "\n")
    else:
        print(verdict.summary())
    return EXIT_VALID if verdict.valid else EXIT_INVALID


Keys = Mapping[str, PublicKey] | PublicKey | None


def _check(record: GameRecord, keys: Keys, required: bool) -> RecordVerdict:
    verdict = verify_signed(record, keys)
    return verdict.signature_required() if required else verdict


def _verify_match(record: MatchRecord, keys: Keys, args: argparse.Namespace) -> int:
    verdict = verify_match_record(record, lambda game: _check(game, keys, args.require_signature))
    if args.json:
        sys.stdout.write(msgspec.json.encode(verdict).decode("utf-8") + "\n")
    else:
        print(verdict.summary())
    return EXIT_VALID if verdict.valid else EXIT_INVALID


def _reason(error: OSError | MalformedInput) -> str:
    """Why the file is not read; a file of another format is named as neither kind of record."""
    if isinstance(error, NotARecord):
        formats = ", ".join([*RECORD_FORMATS, MATCH_RECORD_FORMAT])
        return f"not a game or match record (verify reads the formats {formats}): {error.what}"
    return error.message if isinstance(error, MalformedInput) else str(error)


def _json_document(data: bytes) -> object:
    """The record as one JSON document, or None (NDJSON, or not JSON: `load_record` says)."""
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError:
        return None


def _keys(key: str | None, keys: str | None) -> Keys:
    if key is not None:
        return PublicKey(load_public_key(Path(key)))
    if keys is not None:
        return keys_by_id(read_key_document(_read(keys)))
    return None


def _read(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    return Path(source).read_bytes()


def _unreadable(source: str, reason: str, as_json: bool, code: str) -> None:
    if as_json:
        problem = {"readable": False, "code": code, "message": reason}
        sys.stdout.write(msgspec.json.encode(problem).decode("utf-8") + "\n")
    print(f"penang-rummy verify: cannot read {source}: {reason}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """`verify` on its own: `python -m service.cli.verify RECORD [options]`."""
    parser = argparse.ArgumentParser(prog="penang-rummy")
    add_verify_command(parser.add_subparsers(dest="command", required=True))
    args = parse_command_line(parser, ["verify", *(sys.argv[1:] if argv is None else argv)])
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
