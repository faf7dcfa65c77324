"""Ratings re-derived offline (R70-R74): from a folder of signed game records and the
service's public key, every rating recomputed and checked against what the service
publishes (`GET /ratings`).

Each record is checked as `penang-rummy verify` checks it (the rules, its chain, its
signature by the key given); a record that fails is named as tampered and its game
left out. The published order of the rated games is the order applied; a game it names
with no record in the folder is named as missing, a record of a rated game it does not
name as unpublished. The results of the sound records, applied in that order from no
ratings (`domain.ratings.table.derive`), are compared with the published table, rating
by rating. Needs no running service and no store.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import msgspec

from domain.errors import MalformedInput
from domain.games import spec_starting
from domain.ratings.model import Rating
from domain.ratings.results import Result, result_of
from domain.ratings.table import Key, derive, differences
from domain.records import GameRecord, load_record
from service.signing import PublicKey, verify_signed
from service.usecases.rating_views import PublishedRatings

Keys = Mapping[str, PublicKey] | PublicKey


class RatingCheck(msgspec.Struct, frozen=True, kw_only=True):
    """What an offline check found: the records read, the rated games it applied, and
    each record tampered with, each game missing or unpublished, each rating differing
    (compared only where no record is tampered with or missing)."""

    records: int
    rated: int
    tampered: list[str]
    missing: list[str]
    unpublished: list[str]
    differences: list[str]

    @property
    def agrees(self) -> bool:
        return not (self.tampered or self.missing or self.unpublished or self.differences)

    def summary(self) -> str:
        head = (
            f"{self.records} records read, {self.rated} rated games applied in the published order"
        )
        if self.agrees:
            return f"agrees: {head}; every published rating is derived from them"
        lines = [f"differs: {head}"]
        lines += [f"tampered: {t}" for t in self.tampered]
        lines += [f"missing: {m}" for m in self.missing]
        lines += [f"unpublished: {u}" for u in self.unpublished]
        lines += [f"rating: {d}" for d in self.differences]
        return "\n".join(lines)


def read_published(data: bytes) -> PublishedRatings:
    """The published table (`GET /ratings`'s answer), or MalformedInput's kin: DecodeError."""
    return msgspec.json.decode(data, type=PublishedRatings)


def check_folder(folder: Path, keys: Keys, published: PublishedRatings) -> RatingCheck:
    """Every record of `folder` checked, the ratings derived and compared (module doc)."""
    tampered: list[str] = []
    unsound: set[str] = set()
    results: dict[str, Result] = {}
    files = sorted(p for p in folder.iterdir() if p.suffix in {".json", ".ndjson"})
    for path in files:
        problem, game_id, result = _read_record(path, keys)
        if problem is not None:
            named_game = "" if game_id is None else f" (game {game_id})"
            tampered.append(f"{path.name}{named_game}: {problem}")
            unsound |= {game_id} if game_id is not None else set()
        elif result is not None and game_id is not None:
            results[game_id] = result
    order = [g.game_id for g in sorted(published.games, key=lambda g: g.position)]
    named = set(order)
    missing = [
        f"game {g}: the published order names it, the folder holds no sound record of it"
        for g in order
        if g not in results and g not in unsound
    ]
    unpublished = [
        f"game {g}: its record is of a rated game the published order does not name"
        for g in sorted(results.keys() - named)
    ]
    applied = [(n, results[g]) for n, g in enumerate(order) if g in results]
    derived, _ = derive(applied)
    stored: dict[Key, Rating] = {
        (r.game, r.player_id): Rating(mu=r.mu, sigma=r.sigma, games=r.games)
        for r in published.ratings
    }
    return RatingCheck(
        records=len(files),
        rated=len(applied),
        tampered=tampered,
        missing=missing,
        unpublished=unpublished,
        differences=differences(derived, stored) if not (tampered or missing) else [],
    )


def _read_record(path: Path, keys: Keys) -> tuple[str | None, str | None, Result | None]:
    """What is wrong with the record (None: sound), its game id, and its result."""
    try:
        record = load_record(path.read_bytes())
    except (OSError, MalformedInput) as error:
        return (error.message if isinstance(error, MalformedInput) else str(error)), None, None
    game_id = record.game_id
    verdict = verify_signed(record, keys)
    if not verdict.valid:
        return verdict.summary(), game_id, None
    if verdict.signature != "valid":
        return f"its signature is {verdict.signature}, not valid by the key given", game_id, None
    if game_id is None:
        return "the record names no game id", None, None
    return None, game_id, _result(record, game_id)


def _result(record: GameRecord, game_id: str) -> Result | None:
    events = record.events
    spec = spec_starting(events[0])
    ended = next((e for e in events if isinstance(e, spec.end_type)), None)
    return None if ended is None else result_of(game_id, events[0], ended, spec)
