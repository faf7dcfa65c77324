"""The match use cases: open a table, claim and leave seats, close, read, and deal on.

As for games, no rule is decided here: `domain.match` opens, claims, starts, scores and
ends a match, `domain.match.dealing` says which game is due and deals it, and
`domain.fair` draws the decks. This module checks tokens, draws the seeds, and records
what the domain returned, each command's events (the match's, its new games' and the
secrets) in one transaction: a claim that takes the last seat records the deal of the
first game with it, and a turn that ends a game records the match's score and the next
deal with it (`continue_after`), so no crash leaves a finished game without its
successor or a score counted twice.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from uuid import UUID, uuid4

import msgspec

from domain import fair
from domain.cards import Card, parse_cards
from domain.match import commands
from domain.match.dealing import MatchDeal, advance, after_game
from domain.match.errors import MatchNotOver
from domain.match.events import AnyMatchEvent, MatchProof
from domain.match.options import MatchOptions
from domain.match.records import MatchRecord, make_match_record
from domain.match.state import MatchState, fold
from domain.match.views import MatchView, view_match
from domain.state import GameState
from domain.state import fold as fold_game
from service.errors import DeckNotAllowed, InvalidRequest, StreamConflict
from service.settings import Settings
from service.signing import KeyRing
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, MatchSecrets, secrets_id
from service.store.game_folds import AnyGameState
from service.usecases import auth, idempotency, records
from service.usecases.idempotency import Keyed, Replayed
from service.usecases.match_messages import (
    ClaimedSeat,
    ClaimSeat,
    CreatedMatch,
    CreateMatch,
    MatchEventRecord,
    MatchEventsPage,
)
from service.usecases.names import player_name, player_names

#: A command is tried again on a fresh state this often when another request wins a race.
ATTEMPTS = 3


@dataclass
class _Write:
    """What one command records: envelopes of several streams, and states to cache."""

    envelopes: list[Envelope] = field(default_factory=list)
    games: list[tuple[UUID, GameState]] = field(default_factory=list)
    match: tuple[UUID, MatchState] | None = None
    first_game: UUID | None = None

    def match_events(
        self, match_id: UUID, state: MatchState, events: Sequence[AnyMatchEvent]
    ) -> MatchState:
        """Add `events` after `state`; the match's state after them."""
        self.envelopes += _envelopes(match_id, state.version, events)
        after = fold(events, state)
        self.match = (match_id, after)
        return after

    def dealt(self, match_id: UUID, deals: Sequence[MatchDeal], seats: MatchSecrets) -> None:
        """Add each game dealt for the match, with its secrets (the match's seat tokens)."""
        for deal in deals:
            game_id = UUID(deal.game_id)
            game_secrets = GameSecrets(
                token_sha256=tuple(digest or "" for digest in seats.seat_sha256),
                server_seed=None if deal.server_seed is None else deal.server_seed.hex(),
                match_id=match_id,
                number=deal.number,
                turn_seconds=seats.turn_seconds,
            )
            self.envelopes += _envelopes(game_id, 0, deal.events)
            self.envelopes.append(Envelope(secrets_id(game_id), 1, game_secrets))
            self.games.append((game_id, fold_game(deal.events)))
            self.first_game = self.first_game or game_id

    def commit(self, store: GameStore) -> None:
        store.write(self.envelopes)
        for game_id, state in self.games:
            store.remember(game_id, state)
        if self.match is not None:
            store.matches.remember(*self.match)


# --- opening a match -------------------------------------------------------------------


def create_match(
    store: GameStore, settings: Settings, request: CreateMatch, key: str | None = None
) -> Replayed[CreatedMatch]:
    """Open a match: with its players named it starts (and deals) at once (P6).

    With an Idempotency-Key, a retry gets the first answer (`service.usecases.idempotency`).
    """
    keyed = idempotency.creation("createMatch", key, request)
    return idempotency.once(
        store, keyed, CreatedMatch, partial(_create_match, store, settings, request, keyed)
    )


def _create_match(
    store: GameStore, settings: Settings, request: CreateMatch, keyed: Keyed | None
) -> CreatedMatch:
    seats, players = _seats(request)
    options = (request.options or MatchOptions()).validate(seats)
    match_seed, proof, decks = _seed_or_decks(settings, request, options)
    host = auth.new_token()
    tokens = tuple(auth.new_token() for _ in players)
    match_secrets = MatchSecrets(
        server_seed=None if match_seed is None else match_seed.hex(),
        host_sha256=auth.token_hash(host),
        seat_sha256=tuple(auth.token_hash(token) for token in tokens) or (None,) * seats,
        decks=decks,
        turn_seconds=request.turn_seconds,
    )
    match_id = uuid4()
    write = _Write()
    state = write.match_events(
        match_id,
        _EMPTY,
        commands.open_match(seats, options, players=players, proof=proof),
    )
    write.envelopes.append(Envelope(secrets_id(match_id), 1, match_secrets))
    if players:
        seat_seeds = request.seat_seeds or ()
        if seat_seeds and len(seat_seeds) != seats:
            raise InvalidRequest(f"give one seat seed per seat ({seats})", "seat_seeds")
        dealer = _first_dealer(request.dealer, match_seed, seat_seeds, seats)
        state = write.match_events(match_id, state, commands.start_match(state, dealer, seat_seeds))
        _deal_due(write, match_id, state, match_secrets)
    match_state = write.match[1] if write.match else state
    created = CreatedMatch(
        match_id=match_id,
        version=match_state.version,
        host_token=host,
        tokens=tokens,
        game_id=write.first_game,
        view=view_match(match_state),
    )
    if keyed is not None:
        write.envelopes.append(keyed.record(created, 201, created.version))
    write.commit(store)
    return created


#: The state before `MatchOpened`: version 0, nothing else read.
_EMPTY = MatchState(
    seats=0, options=MatchOptions(), rules_version="", names=(), seat_seeds=(), proof=None
)


def _seats(request: CreateMatch) -> tuple[int, tuple[str, ...]]:
    if (request.players is None) == (request.seats is None):
        raise InvalidRequest("give the players' names, or a number of open seats", "players")
    if request.players is not None:
        players = player_names(request.players)
        return len(players), players
    if request.seat_seeds is not None:
        raise InvalidRequest("seats that players claim bring their own seeds", "seat_seeds")
    return request.seats or 0, ()


def _seed_or_decks(
    settings: Settings, request: CreateMatch, options: MatchOptions
) -> tuple[bytes | None, MatchProof | None, tuple[tuple[str, ...], ...] | None]:
    """The match seed and its commitment, or (where allowed) the explicit decks."""
    if request.decks is not None:
        if not settings.allow_deck:
            raise DeckNotAllowed("explicit deck orders are switched off on this service")
        if request.seed is not None or request.seat_seeds is not None:
            raise InvalidRequest("give either decks or seeds, not both", "decks")
        if options.games is not None and options.games > len(request.decks):
            raise InvalidRequest(
                f"with {len(request.decks)} decks the match ends after at most as many games",
                "options.games",
            )
        for deck in request.decks:
            parse_cards(deck)
        return None, None, request.decks
    if request.dealer is not None:
        raise InvalidRequest(
            "the match seed draws the first dealer (P6): name one only with explicit decks",
            "dealer",
        )
    seed = (
        secrets.token_bytes(32)
        if request.seed is None
        else hashlib.sha256(request.seed.encode("utf-8")).digest()
    )
    proof = MatchProof(algorithm=fair.ALGORITHM, server_seed_sha256=fair.commitment(seed))
    return seed, proof, None


def _first_dealer(
    named: int | None, match_seed: bytes | None, seat_seeds: Sequence[str], seats: int
) -> int:
    """The first dealer (P6): drawn from the match seed, else named, else at random."""
    if match_seed is not None:
        return fair.first_dealer(match_seed, seat_seeds, seats)
    if named is not None:
        if named >= seats:
            raise InvalidRequest(f"there is no seat {named} to deal", "dealer")
        return named
    return secrets.randbelow(seats)


def _deal_due(
    write: _Write, match_id: UUID, state: MatchState, match_secrets: MatchSecrets
) -> None:
    """Deal every game that is due (`domain.match.dealing.advance`) into `write`."""
    seed, decks = _dealing(match_secrets)
    events, deals = advance(state, seed, _new_ids(), decks)
    write.match_events(match_id, state, events)
    write.dealt(match_id, deals, match_secrets)


def _dealing(
    match_secrets: MatchSecrets,
) -> tuple[bytes | None, dict[int, tuple[Card, ...]] | None]:
    seed = match_secrets.server_seed
    decks = match_secrets.decks
    by_number = None
    if decks is not None:
        by_number = {number: parse_cards(deck) for number, deck in enumerate(decks, start=1)}
    return (None if seed is None else bytes.fromhex(seed)), by_number


def _new_ids() -> Iterator[str]:
    while True:
        yield str(uuid4())


# --- seats (R18) -------------------------------------------------------------------------


def claim_seat(
    store: GameStore, match_id: UUID, seat: int, request: ClaimSeat, key: str | None = None
) -> Replayed[ClaimedSeat]:
    """Take an open seat: its token, for this seat only; the last claim deals (R18, P6).

    With an Idempotency-Key, a retry gets the first answer, also when the retry raced
    the first request and lost (`service.usecases.idempotency`).
    """
    keyed = idempotency.claim(match_id, seat, key, request)
    return idempotency.once(
        store, keyed, ClaimedSeat, partial(_claim_seat, store, match_id, seat, request, keyed)
    )


def _claim_seat(
    store: GameStore, match_id: UUID, seat: int, request: ClaimSeat, keyed: Keyed | None
) -> ClaimedSeat:
    name = player_name(request.name, "name")
    token = auth.new_token()

    def claim(state: MatchState, version: int, match_secrets: MatchSecrets) -> _Write:
        write = _Write()
        after = write.match_events(
            match_id, state, commands.claim_seat(state, seat, name, request.seat_seed)
        )
        hashes = list(match_secrets.seat_sha256)
        hashes[seat] = auth.token_hash(token)
        claimed = msgspec.structs.replace(match_secrets, seat_sha256=tuple(hashes))
        write.envelopes.append(Envelope(secrets_id(match_id), version + 1, claimed))
        if not after.open_seats:
            seeds = tuple(seed or "" for seed in after.seat_seeds)
            seed, _ = _dealing(claimed)
            dealer = _first_dealer(None, seed, seeds, after.seats)
            started = write.match_events(match_id, after, commands.start_match(after, dealer))
            _deal_due(write, match_id, started, claimed)
        if keyed is not None:
            answer = _claimed(write)
            write.envelopes.append(keyed.record(answer, 201, answer.version))
        return write

    def _claimed(write: _Write) -> ClaimedSeat:
        state = _written(write)
        return ClaimedSeat(
            match_id=match_id,
            seat=seat,
            token=token,
            version=state.version,
            game_id=write.first_game,
            view=view_match(state),
        )

    return _claimed(_run(store, match_id, claim))


def leave_seat(store: GameStore, match_id: UUID, seat: int, authorization: str | None) -> MatchView:
    """The seat's player leaves it before the deal; their token is void (R18)."""

    def leave(state: MatchState, version: int, match_secrets: MatchSecrets) -> _Write:
        auth.check_seat_number(state.seats, seat)
        auth.authorize(match_secrets.seat_sha256, authorization, seat)
        write = _Write()
        write.match_events(match_id, state, commands.leave_seat(state, seat))
        hashes = list(match_secrets.seat_sha256)
        hashes[seat] = None
        left = msgspec.structs.replace(match_secrets, seat_sha256=tuple(hashes))
        write.envelopes.append(Envelope(secrets_id(match_id), version + 1, left))
        return write

    return view_match(_written(_run(store, match_id, leave)))


def close_match(store: GameStore, match_id: UUID, authorization: str | None) -> MatchView:
    """The host closes the match: the game being played is its last (R16)."""

    def close(state: MatchState, version: int, match_secrets: MatchSecrets) -> _Write:
        auth.require(match_secrets.host_sha256, authorization, "host")
        write = _Write()
        closed = write.match_events(match_id, state, commands.close_match(state))
        seed, _ = _dealing(match_secrets)
        if closed.over and seed is not None:
            write.match_events(match_id, closed, commands.reveal_match_seed(closed, seed))
        return write

    return view_match(_written(_run(store, match_id, close)))


Command = Callable[[MatchState, int, MatchSecrets], _Write]


def _run(store: GameStore, match_id: UUID, command: Command) -> _Write:
    """Decide on the match's current state and write; on a lost race, decide again."""
    for attempt in range(ATTEMPTS):
        state = store.matches.state(match_id)
        version, match_secrets = store.match_secrets(match_id)
        write = command(state, version, match_secrets)
        try:
            write.commit(store)
        except StreamConflict:
            if attempt == ATTEMPTS - 1:
                raise
            continue
        return write
    raise AssertionError("unreachable")


def _written(write: _Write) -> MatchState:
    if write.match is None:
        raise AssertionError("a match command records match events")
    return write.match[1]


# --- a game of the match ended ---------------------------------------------------------


def continue_after(
    store: GameStore, game_secrets: GameSecrets, ended: AnyGameState
) -> tuple[list[Envelope], Callable[[], None]]:
    """The match's side of a turn that ended one of its games: the score, the next deal.

    Answers the envelopes to write with the turn, and what to cache once they are.
    """
    match_id = game_secrets.match_id
    if match_id is None or not isinstance(ended, GameState) or ended.ended is None:
        return [], lambda: None  # a match's games are Penang's (draw games: single hands)
    state = store.matches.state(match_id)
    _, match_secrets = store.match_secrets(match_id)
    seed, decks = _dealing(match_secrets)
    write = _Write()
    events, deals = after_game(state, ended.ended, seed, _new_ids(), decks)
    write.match_events(match_id, state, events)
    write.dealt(match_id, deals, match_secrets)

    def remember() -> None:
        for game_id, game_state in write.games:
            store.remember(game_id, game_state)
        if write.match is not None:
            store.matches.remember(*write.match)

    return write.envelopes, remember


# --- reading ---------------------------------------------------------------------------


def export_match_record(store: GameStore, match_id: UUID, keys: KeyRing) -> MatchRecord:
    """The record of a match that is over: its events, and each game's signed record.

    Its games' records show every hand, so it waits for the match's end, as a game's
    record waits for the game's (`service.usecases.records.export_record`).
    """
    state = store.matches.state(match_id)
    if not state.over:
        raise MatchNotOver("a match's record is exported once the match is over")
    games = [records.export_record(store, UUID(game.game_id), keys) for game in state.games]
    return make_match_record(store.matches.events(match_id), games, match_id=str(match_id))


def match_view(store: GameStore, match_id: UUID) -> MatchView:
    """The match as anyone may see it."""
    return view_match(store.matches.state(match_id))


def match_events(store: GameStore, match_id: UUID, since: int) -> MatchEventsPage:
    """The match's events after version `since`."""
    state = store.matches.state(match_id)
    events = store.matches.events(match_id, since)
    records = tuple(
        MatchEventRecord(version=since + i, event=event) for i, event in enumerate(events, 1)
    )
    version = max(state.version, records[-1].version) if records else state.version
    return MatchEventsPage(match_id=match_id, version=version, events=records)


def _envelopes(stream: UUID, after: int, events: Sequence[msgspec.Struct]) -> list[Envelope]:
    return [Envelope(stream, after + i, event) for i, event in enumerate(events, start=1)]
