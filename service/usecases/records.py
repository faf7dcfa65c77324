"""Game records in and out of the service: the use cases behind exportRecord and importRecord.

As in `service.usecases.games`, no rule is decided here: `domain.records` writes, reads and
verifies records, `domain.views` decides who may see the hands a record shows, and
`service.signing` signs records and checks their signatures.

An export is always a record of format `/2`, chained and signed with the service's
current key: the service vouches that it recorded these events. That holds for an
imported game too: its export is a new record (its own game id, so its own chain)
signed by this service, which recorded the import; the verdict of the import said
who had signed the record as it came, if anyone.
"""

from __future__ import annotations

from uuid import UUID, uuid4

import msgspec

from domain.games import dealt_players
from domain.records import GameRecord, load_record, make_record
from service.errors import GameNotOver, InvalidRecord, RecordNotFinished
from service.signing import KeyRing, verify_signed
from service.store import GameStore
from service.store.envelopes import GameSecrets
from service.store.game_folds import fold_game
from service.usecases import game_kinds
from service.usecases.messages import GameRecordDocument, ImportedGame
from service.usecases.names import refuse_unsafe_name

_encoder = msgspec.json.Encoder()


def export_record(store: GameStore, game_id: UUID, keys: KeyRing) -> GameRecord:
    """The record of a finished game: every event, every hand, chained and signed.

    A record shows every hand and the undealt cards, so only a viewer who may see all
    of them may have it: nobody while the game runs, anybody once it is over.
    """
    state = store.state(game_id)
    if not game_kinds.shows_everything(state, None):
        raise GameNotOver("a game's record is exported once the game is over: it shows every hand")
    return keys.seal(make_record(store.game_events(game_id), game_id=str(game_id)))


def import_record(store: GameStore, document: GameRecordDocument, keys: KeyRing) -> ImportedGame:
    """Replay a record through the rules and keep it as a new, finished, read-only game.

    The first event that breaks a rule refuses the whole record (InvalidRecord names
    it), and so does the first event its chain shows altered, or a signature by one of
    this service's keys that does not match; a signature by a key this service does not
    know is not checked, and the verdict says so (`unknown-key`). A record that stops
    before the game is over is refused too (RecordNotFinished), and so is one whose
    players' names break the name rule (`service.usecases.names`: they are kept as
    recorded, so they are checked, not trimmed). The game gets a new id and no seat
    tokens.
    """
    record = load_record(_encoder.encode(document))
    verdict = verify_signed(record, keys.public_keys())
    if not verdict.valid:
        raise InvalidRecord(
            verdict.summary(),
            event_index=verdict.first_bad_event,
            rule=verdict.rule,
            code=verdict.code,
        )
    if not verdict.finished:
        raise RecordNotFinished(
            f"{verdict.message}: only the record of a finished game is imported"
        )
    for seat, name in enumerate(dealt_players(record.events[0]) or ()):
        refuse_unsafe_name(name, f"events[0].players[{seat}]")
    state = fold_game(record.events)
    game_id = uuid4()
    store.create(game_id, record.events, GameSecrets(token_sha256=()), after=state)
    store.remember(game_id, state)
    return ImportedGame(
        game_id=game_id, version=state.version, verdict=verdict, view=game_kinds.view(state, None)
    )
