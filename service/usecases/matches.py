"""The match use cases: claim and leave seats, close, read, and deal on after a game.

As for games, no rule is decided here: `domain.match` opens, claims, starts, scores and
ends a match, `domain.match.dealing` says which game is due and deals it, and
`domain.fair` draws the decks. This module makes the seats' tokens (the HTTP layer's
guards check them: `service.api.guards`), draws the seeds, and records
what the domain returned, each command's events (the match's, its new games' and the
secrets) in one transaction: a claim that takes the last seat records the deal of the
first game with it, and a turn that ends a game records the match's score and the next
deal with it (`continue_after`), so no crash leaves a finished game without its
successor or a score counted twice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from uuid import UUID

import msgspec

from domain.match import commands
from domain.match.dealing import after_game
from domain.match.errors import MatchNotOver
from domain.match.records import MatchRecord, make_match_record
from domain.match.state import MatchState
from domain.match.views import MatchView, view_match
from service.errors import UnknownToken
from service.player_errors import PlayerSeatedTwice
from service.settings import Settings
from service.signing import KeyRing
from service.store import GameStore
from service.store import players as stored_players
from service.store.envelopes import Envelope, GameSecrets, MatchSecrets, secrets_id
from service.store.game_folds import AnyGameState
from service.usecases import auth, idempotency, player_seats, records
from service.usecases.idempotency import Keyed, Replayed
from service.usecases.match_messages import (
    ClaimedSeat,
    ClaimSeat,
    LeftSeat,
    MatchEventRecord,
    MatchEventsPage,
)
from service.usecases.match_opening import create_match, first_dealer
from service.usecases.match_writes import (
    ATTEMPTS,
    MatchRead,
    MatchWrite,
    deal_due,
    dealing,
    new_ids,
    run,
    written,
)
from service.usecases.names import player_name

__all__ = ["ATTEMPTS", "create_match"]


# --- seats (R18) -------------------------------------------------------------------------


def claim_seat(
    store: GameStore,
    settings: Settings,
    match_id: UUID,
    seat: int,
    request: ClaimSeat,
    *,
    key: str | None = None,
    authorization: str | None = None,
) -> Replayed[ClaimedSeat]:
    """Take an open seat: its token, for this seat only; the last claim deals (R18, P6).
    A claim for a player (`player`, U13) is checked against the bearer, `authorization`.

    With an Idempotency-Key, a retry gets the first answer, also when the retry raced
    the first request and lost (`service.usecases.idempotency`).
    """
    keyed = idempotency.claim(match_id, seat, key, request)
    claim = partial(
        _claim_seat,
        store,
        settings,
        match_id,
        seat,
        request,
        keyed=keyed,
        authorization=authorization,
    )
    return idempotency.once(store, keyed, ClaimedSeat, claim)


def _claim_seat(
    store: GameStore,
    settings: Settings,
    match_id: UUID,
    seat: int,
    request: ClaimSeat,
    *,
    keyed: Keyed | None,
    authorization: str | None,
) -> ClaimedSeat:
    name = player_name(request.name, "name")
    if request.player is not None:
        player_seats.check_bearer(store, settings, [request.player], authorization)
        name = stored_players.player(store, request.player).handle
    token = auth.new_token()

    def claim(state: MatchState, version: int, match_secrets: MatchSecrets) -> MatchWrite:
        write = MatchWrite()
        after = write.match_events(
            match_id, state, commands.claim_seat(state, seat, name, request.seat_seed)
        )
        hashes = list(match_secrets.seat_sha256)
        hashes[seat] = auth.token_hash(token)
        seated = match_seated(match_secrets, seat, request.player)
        claimed = msgspec.structs.replace(match_secrets, seat_sha256=tuple(hashes), seated=seated)
        write.envelopes.append(Envelope(secrets_id(match_id), version + 1, claimed))
        if not after.open_seats:
            seeds = tuple(seed or "" for seed in after.seat_seeds)
            seed, _ = dealing(claimed)
            dealer = first_dealer(None, seed, seeds, after.seats)
            started = write.match_events(match_id, after, commands.start_match(after, dealer))
            deal_due(write, match_id, started, claimed)
        if keyed is not None:
            answer = _claimed(write)
            write.envelopes.append(keyed.record(answer, 201, answer.version))
        return write

    def _claimed(write: MatchWrite) -> ClaimedSeat:
        state = written(write)
        return ClaimedSeat(
            match_id=match_id,
            seat=seat,
            token=token,
            version=state.version,
            game_id=write.first_game,
            view=view_match(state),
        )

    return _claimed(run(store, match_id, claim))


def match_seated(
    match_secrets: MatchSecrets, seat: int, player: UUID | None
) -> tuple[str | None, ...] | None:
    """The match's players by seat once `seat` is held by `player` (None: by nobody);
    a player holds one seat of a match (U13)."""
    seated = list(match_secrets.seated or (None,) * len(match_secrets.seat_sha256))
    if player is not None and str(player) in seated:
        raise PlayerSeatedTwice(
            f"player {player} holds seat {seated.index(str(player))} of this match: a "
            "player holds one seat of a table (U10)",
            "player",
        )
    seated[seat] = None if player is None else str(player)
    return tuple(seated) if any(seated) else None


def leave_seat(store: GameStore, match_id: UUID, seat: int, shown: MatchRead) -> LeftSeat:
    """The seat's player leaves it before the deal; their token is void (R18).

    `shown`: the match as it was when the seat's token was shown (`leaveSeat`'s guard
    checked it). Decided again after a lost race, the seat must still hold that token.
    """
    token_sha256 = shown.secrets.seat_sha256[seat]

    def leave(state: MatchState, version: int, match_secrets: MatchSecrets) -> MatchWrite:
        if match_secrets.seat_sha256[seat] != token_sha256:
            raise UnknownToken("the bearer token is not a token of this table")
        write = MatchWrite()
        write.match_events(match_id, state, commands.leave_seat(state, seat))
        hashes = list(match_secrets.seat_sha256)
        hashes[seat] = None
        seated = match_seated(match_secrets, seat, None)
        left = msgspec.structs.replace(match_secrets, seat_sha256=tuple(hashes), seated=seated)
        write.envelopes.append(Envelope(secrets_id(match_id), version + 1, left))
        return write

    state = written(run(store, match_id, leave, shown))
    view = view_match(state)
    return LeftSeat(match_id=match_id, seat=seat, version=state.version, game_id=None, view=view)


def close_match(store: GameStore, match_id: UUID, shown: MatchRead) -> MatchView:
    """The host closes the match: the game being played is its last (R16).

    `shown`: the match as it was when the host's token was shown (`closeMatch`'s guard
    checked it; the host's token never changes).
    """

    def close(state: MatchState, version: int, match_secrets: MatchSecrets) -> MatchWrite:
        write = MatchWrite()
        closed = write.match_events(match_id, state, commands.close_match(state))
        seed, _ = dealing(match_secrets)
        if closed.over and seed is not None:
            write.match_events(match_id, closed, commands.reveal_match_seed(closed, seed))
        return write

    return view_match(written(run(store, match_id, close, shown)))


# --- a game of the match ended ---------------------------------------------------------


def continue_after(
    store: GameStore, game_secrets: GameSecrets, ended: AnyGameState
) -> tuple[list[Envelope], Callable[[], None]]:
    """The match's side of a turn that ended one of its games: the score, the next deal.

    Answers the envelopes to write with the turn, and what to cache once they are.
    """
    match_id = game_secrets.match_id
    if match_id is None or ended.ended is None:
        return [], lambda: None
    state = store.matches.state(match_id)
    _, match_secrets = store.match_secrets(match_id)
    seed, decks = dealing(match_secrets)
    write = MatchWrite()
    events, deals = after_game(state, ended.ended, seed, new_ids(), decks)
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
