"""The key `simulate` signs the records it writes in process with, as `serve` signs its
export (`service.signing.KeyRing.seal`: the events chained, format `/2`, the chain's head
signed).

`--signing-key FILE` names the key (a PEM Ed25519 private key, as `serve` takes); else it
is the key `serve` signs with in the same environment: the file
`PENANG_RUMMY_SIGNING_KEY` names, or the default file beside the SQLite file where it
exists already (`simulate` never creates a key). With no key the records are chained but
unsigned. Over HTTP the records are the service's own export, signed by the service.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from domain.record_proofs import chain_record
from domain.records import GameRecord
from service.keyfiles import load_private_key, signing_key_file
from service.settings import Settings
from service.signing import KeyRing

#: What `simulate` says when the records it writes in process are unsigned.
UNSIGNED: Final = "the records are not signed: no signing key here (give --signing-key FILE)"


def record_keys(
    named: Path | None,
    *,
    records: bool = True,
    url: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> KeyRing | None:
    """The keys that sign the records written in process (`records`, no `url`), or None:
    chained, unsigned.

    ValueError for a key named where no record is written in process, or a setting that
    does not parse; KeyFileError for a key file that cannot be read."""
    if named is not None and (not records or url is not None):
        raise ValueError(
            "--signing-key signs the records written in process: give --records, not --url"
        )
    if not records or url is not None:
        return None
    if named is not None:
        return KeyRing(load_private_key(named))
    settings = Settings.from_env(environ)
    path = signing_key_file(settings)
    if settings.signing_key is None and not path.exists():
        return None
    return KeyRing(load_private_key(path))


def sealed(record: GameRecord, keys: KeyRing | None) -> GameRecord:
    """`record` chained (format `/2`) and, with `keys`, signed with the current key."""
    return chain_record(record) if keys is None else keys.seal(record)
