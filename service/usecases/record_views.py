"""A dropped record's views, version by version: the use case behind `viewRecord`.

Stateless: the record (a game's, `/1` or `/2`, JSON or NDJSON, or a match's) is checked
by the verifiers `penang-rummy verify` uses (`service.signing.verify_signed`,
`domain.match.audit.verify_match_record`), then folded by the service's own fold
(`service.store.game_folds.fold_game`) and shown as a spectator would see the game had
it been played here (`game_kinds.view`, `view_event`: the one `may_see`). Nothing is
stored. A page that replays a record asks here, so no fold lives in the browser.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.match.audit import verify_match_record
from domain.match.codec import MATCH_EVENTS
from domain.match.records import is_match_record, load_match_record
from domain.match.verdicts import MatchVerdict
from domain.provenance import RecordVerdict
from domain.records import GameRecord, load_record
from service.errors import InvalidRecord, InvalidRequest
from service.signing import KeyRing, verify_signed
from service.store.game_folds import fold_game
from service.usecases import game_kinds
from service.usecases.messages import EventRecord
from service.usecases.view_fields import View


class RecordFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A record file's text, as the file holds it: a game's (JSON or NDJSON) or a match's."""

    record: str


class GameRecordViews(msgspec.Struct, frozen=True, kw_only=True):
    """A game record's spectator views, one per version (index 0 is version 1)."""

    game_id: str | None
    verdict: RecordVerdict
    views: tuple[View, ...]
    events: tuple[EventRecord, ...]


class RecordViews(msgspec.Struct, frozen=True, kw_only=True):
    """A record's views: one game's, or each game's of a match with the match's events."""

    kind: Literal["game", "match"]
    format: str
    #: The game's views (a game record), or none (a match record: see `games`).
    game: GameRecordViews | None = None
    match_id: str | None = None
    match_verdict: MatchVerdict | None = None
    #: The match's own events (claims, deals, scores, the end), as recorded.
    match_events: tuple[dict[str, Any], ...] = ()
    games: tuple[GameRecordViews, ...] = ()


def record_views(data: bytes, keys: KeyRing) -> RecordViews:
    """Verify the record in `data`; its views, or InvalidRecord in the verifier's words.

    The record's text is read here, not by the app's input checks (they read the body,
    whose `record` is a string): msgspec stops a text nested past its own limit with a
    RecursionError, which is the client's malformed input, not a failure of the service.
    """
    try:
        return _record_views(data, keys)
    except RecursionError:
        raise InvalidRequest("the record nests deeper than its decoder reads", "record") from None


def _record_views(data: bytes, keys: KeyRing) -> RecordViews:
    if is_match_record(_document(data)):
        match = load_match_record(data)
        verdicts: dict[int, RecordVerdict] = {}

        def check(game: GameRecord) -> RecordVerdict:
            verdicts[id(game)] = verify_signed(game, keys.public_keys())
            return verdicts[id(game)]

        audit = verify_match_record(match, check)
        if not audit.valid:
            raise InvalidRecord(audit.summary(), event_index=None, rule=audit.rule, code=audit.code)
        return RecordViews(
            kind="match",
            format=match.format,
            match_id=match.match_id,
            match_verdict=audit,
            match_events=tuple(MATCH_EVENTS.encode(event) for event in match.events),
            games=tuple(_game(game, verdicts.get(id(game)) or check(game)) for game in match.games),
        )
    record = load_record(data)
    verdict = verify_signed(record, keys.public_keys())
    if not verdict.valid:
        raise InvalidRecord(
            verdict.summary(),
            event_index=verdict.first_bad_event,
            rule=verdict.rule,
            code=verdict.code,
        )
    return RecordViews(kind="game", format=record.format, game=_game(record, verdict))


def _game(record: GameRecord, verdict: RecordVerdict) -> GameRecordViews:
    """Every version's spectator view of a verified record, and its events as seen."""
    final = fold_game(record.events)
    states = []
    state = None
    for event in record.events:
        state = fold_game([event], state)
        states.append(state)
    return GameRecordViews(
        game_id=record.game_id,
        verdict=verdict,
        views=tuple(game_kinds.view(s, None, over=final.over) for s in states),
        events=tuple(
            EventRecord(version=i + 1, event=game_kinds.view_event(e, None, final.over))
            for i, e in enumerate(record.events)
        ),
    )


def _document(data: bytes) -> object:
    """The record as one JSON document, or None (NDJSON, or not JSON: `load_record` says)."""
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError:
        return None
