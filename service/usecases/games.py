"""The service layer: each use case is load, one domain call, append, the caller's view.

No rule is decided here. The domain deals, judges turns and dead declarations, and
decides what each viewer may see (`domain.views`); this module finds the game,
checks the caller's token, draws the deck order from seeds (`domain.fair`) and
records what the domain returned, atomically. Game records (export, import) are the
use cases of `service.usecases.records`.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from functools import partial
from uuid import UUID, uuid4

import msgspec

from domain.cards import parse_cards
from domain.commands import Action
from domain.errors import RummyError
from domain.events import DealProof, Event, GameEnded
from domain.fair import fair_deal
from domain.game import declare_dead, play_turn, reveal_seed, start_game, time_out
from domain.match.events import MatchGameStarted
from domain.moves import legal_moves
from domain.rules import Rules
from domain.state import GameState, fold
from domain.views import GameView, view_event, view_game
from service.errors import (
    DeckNotAllowed,
    IdempotencyKeyReused,
    InvalidRequest,
    StaleVersion,
    TurnTimedOut,
    VersionConflict,
)
from service.settings import Settings
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, StoredAnswer, answer_id
from service.usecases import auth, clock, idempotency, matches
from service.usecases.idempotency import Keyed, Replayed, fingerprint
from service.usecases.messages import (
    CreatedGame,
    CreateGame,
    EventRecord,
    EventsPage,
    MovesView,
    TurnResult,
)
from service.usecases.names import player_names

Command = Callable[[GameState], list[Event]]
_encoder = msgspec.json.Encoder()
_turn_decoder = msgspec.json.Decoder(TurnResult)


class Answer(msgspec.Struct, frozen=True):
    """A turn's answer, and whether it is a stored one replayed for an Idempotency-Key."""

    result: TurnResult
    replayed: bool = False


def create_game(
    store: GameStore, settings: Settings, request: CreateGame, key: str | None = None
) -> Replayed[CreatedGame]:
    """Deal a new game from seeds (or an allowed explicit deck) and record it.

    With an Idempotency-Key, a retry gets the first answer (`service.usecases.idempotency`).
    """
    keyed = idempotency.creation("createGame", key, request)
    return idempotency.once(
        store, keyed, CreatedGame, partial(_create_game, store, settings, request, keyed)
    )


def _create_game(
    store: GameStore, settings: Settings, request: CreateGame, keyed: Keyed | None
) -> CreatedGame:
    rules = (request.rules or Rules()).validate(len(request.players))
    players = player_names(request.players)
    seats = len(players)
    server_seed: bytes | None = None
    proof: DealProof | None = None
    if request.deck is not None:
        if not settings.allow_deck:
            raise DeckNotAllowed("explicit deck orders are switched off on this service")
        if request.seed is not None or request.seat_seeds is not None:
            raise InvalidRequest("give either a deck or seeds, not both", "deck")
        deck = list(parse_cards(request.deck))
        dealer = request.dealer
        if dealer is None:
            dealer = secrets.randbelow(seats)  # P6: the first dealer is chosen at random
    else:
        seat_seeds = request.seat_seeds or ()
        if seat_seeds and len(seat_seeds) != seats:
            raise InvalidRequest(f"give one seat seed per seat ({seats})", "seat_seeds")
        if request.dealer is not None:
            # The proof covers the dealer too: a record dealt by another seat fails its audit.
            raise InvalidRequest(
                "the seeds draw the dealer (P6): name a dealer only with an explicit deck",
                "dealer",
            )
        server_seed = (
            secrets.token_bytes(32)
            if request.seed is None
            else hashlib.sha256(request.seed.encode("utf-8")).digest()
        )
        deck, dealer, proof = fair_deal(rules, seats, server_seed, seat_seeds)
    events = start_game(players, deck, rules, dealer, proof)
    state = fold(events)
    revealed = _reveal(state, server_seed)
    events += revealed
    state = fold(revealed, state)
    tokens = tuple(auth.new_token() for _ in range(seats))
    game_secrets = GameSecrets(
        token_sha256=tuple(auth.token_hash(token) for token in tokens),
        server_seed=None if server_seed is None else server_seed.hex(),
        turn_seconds=request.turn_seconds,
    )
    game_id = uuid4()
    at = clock.now()
    view = clock.timed(view_game(state, None), clock.turn_deadline(game_secrets, state, at))
    created = CreatedGame(game_id=game_id, version=state.version, tokens=tokens, view=view)
    answer = [] if keyed is None else [keyed.record(created, 201, state.version)]
    store.create(game_id, events, game_secrets, answer, at=at)
    store.remember(game_id, state)
    return created


def spectator_view(store: GameStore, game_id: UUID, version: int | None = None) -> GameView:
    """The game now, or at `version`, as a spectator may see it."""
    state, now = _at(store, game_id, version)
    return _timed(store, game_id, state, now, view_game(state, None, over=now.over))


def seat_view(
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    version: int | None = None,
) -> GameView:
    """The game now, or at `version`, as `seat` may see it."""
    _authorized(store, game_id, seat, authorization)
    state, now = _at(store, game_id, version)
    return _timed(store, game_id, state, now, view_game(state, seat, over=now.over))


def _timed(
    store: GameStore, game_id: UUID, state: GameState, now: GameState, view: GameView
) -> GameView:
    """The view with its turn's deadline, where `state` is the game `now` (R19)."""
    if state.version != now.version:
        return view
    return clock.timed(view, clock.deadline_of(store, game_id, now))


def _at(store: GameStore, game_id: UUID, version: int | None) -> tuple[GameState, GameState]:
    """The state at `version` (None: now), and the state now.

    A past version of a running game is as secret as its present; once the game is
    over every version of it may be shown in full (R3): the views decide, told both.
    """
    if version is None:
        state = store.state(game_id)
        return state, state
    return store.state_at(game_id, version)


def moves(store: GameStore, game_id: UUID, seat: int, authorization: str | None) -> MovesView:
    state = _authorized(store, game_id, seat, authorization)
    return MovesView(version=state.version, moves=legal_moves(state, seat))


def events_page(
    store: GameStore, game_id: UUID, authorization: str | None, since: int
) -> EventsPage:
    """The events after `since`, as the token's seat (or a spectator) may see them."""
    viewer = auth.viewer(store.secrets(game_id), authorization)
    state = store.state(game_id)
    events = store.game_events(game_id, since)
    over = state.over or any(isinstance(event, GameEnded) for event in events)
    records = _records(since, events, viewer, over)
    version = max(state.version, records[-1].version) if records else state.version
    return EventsPage(game_id=game_id, version=version, events=records)


def submit_turn(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    if_match: int | None,
    key: str | None,
    actions: Sequence[Action],
) -> Answer:
    """Play one whole turn (D8)."""
    return _act(
        store=store,
        game_id=game_id,
        seat=seat,
        authorization=authorization,
        request=(if_match, key, fingerprint("submitTurn", seat, _encoder.encode(tuple(actions)))),
        command=partial(play_turn, seat=seat, actions=actions),
    )


def dead(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    if_match: int | None,
    key: str | None,
) -> Answer:
    """Declare the seat dead (P29, D6)."""
    return _act(
        store=store,
        game_id=game_id,
        seat=seat,
        authorization=authorization,
        request=(if_match, key, fingerprint("declareDead", seat, b"")),
        command=partial(declare_dead, seat=seat),
    )


# --- the shared path of a command -----------------------------------------------------


def _act(
    *,
    store: GameStore,
    game_id: UUID,
    seat: int,
    authorization: str | None,
    request: tuple[int | None, str | None, str],
    command: Command,
) -> Answer:
    """Check the token, replay a stored answer or check If-Match, run `command`, append.

    `request` is the If-Match version, the Idempotency-Key and the request's fingerprint.
    The command is decided on the cached state, with no read before the write: the
    write names the version it was decided at, so a state that was behind (another
    process wrote) is refused by the store, as is the loser of a race. A refusal of a
    decision on the cached state is never final: the game is read again and the
    command decided once more on what is stored (`_again`).
    """
    game_secrets = store.secrets(game_id)
    state, cached = store.known_state(game_id)
    auth.check_seat(state, seat)  # the seats never change: the cached state knows them
    auth.authorize(game_secrets, authorization, seat)
    if_match, key, fingerprint = request
    stream = None if key is None else answer_id(game_id, seat, key)
    if stream is not None and (stored := store.answer(stream)) is not None:
        return _replay(stored, fingerprint)
    for attempt in range(matches.ATTEMPTS):
        try:
            if if_match is not None and if_match != state.version:
                raise StaleVersion(if_match, state.version)
            clock.check_in_time(store, game_id, state)
            return _decide_and_append(store, game_id, seat, state, command, stream, fingerprint)
        except (RummyError, StaleVersion, TurnTimedOut, VersionConflict) as refusal:
            if stream is not None and (stored := store.answer(stream)) is not None:
                return _replay(stored, fingerprint)
            again = _again(store, game_id, state, refusal, cached=cached)
            if again is None or attempt == matches.ATTEMPTS - 1:
                raise
            state, cached = again, False
    raise AssertionError("unreachable")


def _again(
    store: GameStore, game_id: UUID, decided: GameState, refusal: Exception, *, cached: bool
) -> GameState | None:
    """The state to decide a refused command on once more, or None: the refusal stands.

    A decision on the cached state is taken again on the stored one whenever the game
    moved since (the cache was behind, or a racing request won: then the command is
    judged on the game as it now is). A decision on the stored state is taken again
    only when its write lost to a move of the game's match, not of the game.
    """
    stored = store.state(game_id)
    if stored.version != decided.version:
        return stored if cached else None
    return stored if isinstance(refusal, VersionConflict) else None


def _decide_and_append(  # noqa: PLR0917 (one call site, in order)
    store: GameStore,
    game_id: UUID,
    seat: int,
    state: GameState,
    command: Command,
    stream: UUID | None,
    fingerprint: str,
) -> Answer:
    """Run `command` on `state` and record its events, with what they entail, at once.

    A game of a match that ends records the match's score and the next deal with it
    (`matches.continue_after`); an Idempotency-Key records the answer with it.
    """
    game_secrets = store.secrets(game_id)
    events = command(state)
    after = fold(events, state)
    revealed = _reveal(after, _seed(game_secrets))
    events += revealed
    after = fold(revealed, after)
    extra, remember_match = matches.continue_after(store, game_secrets, after)
    at = clock.now()
    result = TurnResult(
        version=after.version,
        events=_records(state.version, events, seat, after.over),
        view=clock.timed(view_game(after, seat), clock.turn_deadline(game_secrets, after, at)),
        next_game=_next_game(extra, game_secrets),
    )
    if stream is not None:
        answer = StoredAnswer(
            request_sha256=fingerprint,
            status=200,
            body=_encoder.encode(result).decode("utf-8"),
            version=after.version,
        )
        extra.append(Envelope(stream, 1, answer))
    store.append(game_id, state.version, events, extra, at=at)
    store.remember(game_id, after)
    remember_match()
    return Answer(result)


def time_out_turn(store: GameStore, game_id: UUID, state: GameState) -> TurnResult:
    """The turn clock's command (R19): the seat on turn in `state` is dead by timeout.

    Recorded as a turn is, with what it entails (the end, the match's score and next
    deal), at the version `state` is at: of two clocks, one write lands and the other
    gets VersionConflict (or StreamConflict). The caller has checked the deadline.
    """
    seat = state.turn
    if seat is None:
        raise AssertionError("a game that is over has no turn to time out")
    command = partial(time_out, seat=seat)
    return _decide_and_append(store, game_id, seat, state, command, None, "").result


def _next_game(written: Sequence[Envelope], game_secrets: GameSecrets) -> UUID | None:
    """The game of the match dealt by this write, if any: the one announced last."""
    dealt = [
        UUID(envelope.event.game_id)
        for envelope in written
        if isinstance(envelope.event, MatchGameStarted)
    ]
    return dealt[-1] if dealt and game_secrets.match_id is not None else None


def _authorized(store: GameStore, game_id: UUID, seat: int, authorization: str | None) -> GameState:
    game_secrets = store.secrets(game_id)
    state = store.state(game_id)
    auth.check_seat(state, seat)
    auth.authorize(game_secrets, authorization, seat)
    return state


def _replay(stored: StoredAnswer, fingerprint: str) -> Answer:
    if stored.request_sha256 != fingerprint:
        raise IdempotencyKeyReused("this Idempotency-Key was first sent with a different request")
    return Answer(_turn_decoder.decode(stored.body), replayed=True)


def _seed(game_secrets: GameSecrets) -> bytes | None:
    seed = game_secrets.server_seed
    return None if seed is None else bytes.fromhex(seed)


def _reveal(state: GameState, server_seed: bytes | None) -> list[Event]:
    """Once the game is over, publish the seed its deal committed to (domain.fair)."""
    if not state.over or server_seed is None or state.revealed_seed is not None:
        return []
    return reveal_seed(state, server_seed)


def _records(
    after: int, events: Sequence[Event], viewer: int | None, over: bool
) -> tuple[EventRecord, ...]:
    return tuple(
        EventRecord(version=after + i, event=view_event(event, viewer, over))
        for i, event in enumerate(events, start=1)
    )
