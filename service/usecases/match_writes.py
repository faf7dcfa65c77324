"""What one match command writes, and how it is written: every stream in one transaction.

A match command records the match's events, the games it dealt (each with its secrets:
the match's seat tokens, the game's seed) and the match's new secrets together
(`MatchWrite`), so a crash never leaves a claimed last seat without its deal, nor a
finished game without its score and successor. `run` decides on the match's current
state and writes, deciding again on a fresh state when another request won the race.
Each game dealt is folded by its own game's rules (`service.store.game_folds`): a match
of a draw game deals hands (R31).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple
from uuid import UUID, uuid4

import msgspec

from domain.cards import Card, parse_cards
from domain.match.dealing import MatchDeal, advance
from domain.match.events import AnyMatchEvent
from domain.match.state import MatchState, fold
from service.errors import StreamConflict
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, MatchSecrets, secrets_id
from service.store.game_folds import AnyGameState, fold_game
from service.usecases.bot_seats import with_bots
from service.usecases.player_seats import with_seated

#: A command is tried again on a fresh state this often when another request wins a race.
ATTEMPTS = 3


@dataclass
class MatchWrite:
    """What one command records: envelopes of several streams, and states to cache."""

    envelopes: list[Envelope] = field(default_factory=list)
    games: list[tuple[UUID, AnyGameState]] = field(default_factory=list)
    match: tuple[UUID, MatchState] | None = None
    first_game: UUID | None = None

    def match_events(
        self, match_id: UUID, state: MatchState, events: Sequence[AnyMatchEvent]
    ) -> MatchState:
        """Add `events` after `state`; the match's state after them."""
        self.envelopes += envelopes(match_id, state.version, events)
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
                bots=seats.bots,
            )
            # Bots play every game of the match (R33), and its players hold their seats
            # in every game (U13): each deal names them.
            events = with_bots(list(deal.events), seats.bots)
            if seats.seated is not None and any(seats.seated):
                events = with_seated(events, seats.seated)
            self.envelopes += envelopes(game_id, 0, events)
            self.envelopes.append(Envelope(secrets_id(game_id), 1, game_secrets))
            self.games.append((game_id, fold_game(events)))
            self.first_game = self.first_game or game_id

    def commit(self, store: GameStore) -> None:
        store.write(self.envelopes)
        for game_id, state in self.games:
            store.remember(game_id, state)
        if self.match is not None:
            store.matches.remember(*self.match)


def deal_due(
    write: MatchWrite, match_id: UUID, state: MatchState, match_secrets: MatchSecrets
) -> None:
    """Deal every game that is due (`domain.match.dealing.advance`) into `write`."""
    seed, decks = dealing(match_secrets)
    events, deals = advance(state, seed, new_ids(), decks)
    write.match_events(match_id, state, events)
    write.dealt(match_id, deals, match_secrets)


def dealing(
    match_secrets: MatchSecrets,
) -> tuple[bytes | None, dict[int, tuple[Card, ...]] | None]:
    """The match seed, or the explicit decks by game number, from the match's secrets."""
    seed = match_secrets.server_seed
    decks = match_secrets.decks
    by_number = None
    if decks is not None:
        by_number = {number: parse_cards(deck) for number, deck in enumerate(decks, start=1)}
    return (None if seed is None else bytes.fromhex(seed)), by_number


def new_ids() -> Iterator[str]:
    while True:
        yield str(uuid4())


Command = Callable[[MatchState, int, MatchSecrets], MatchWrite]


class MatchRead(NamedTuple):
    """A match as a command of it is decided on: its state, its secrets' version, them."""

    state: MatchState
    version: int
    secrets: MatchSecrets


def read(store: GameStore, match_id: UUID) -> MatchRead:
    """The match now, with its secrets."""
    state = store.matches.state(match_id)
    version, match_secrets = store.match_secrets(match_id)
    return MatchRead(state, version, match_secrets)


def run(
    store: GameStore, match_id: UUID, command: Command, first: MatchRead | None = None
) -> MatchWrite:
    """Decide on the match's current state (`first`, where the caller read it) and
    write; on a lost race, decide again on the match read anew."""
    for attempt in range(ATTEMPTS):
        state, version, match_secrets = read(store, match_id) if first is None else first
        first = None
        write = command(state, version, match_secrets)
        try:
            write.commit(store)
        except StreamConflict:
            if attempt == ATTEMPTS - 1:
                raise
            continue
        return write
    raise AssertionError("unreachable")


def written(write: MatchWrite) -> MatchState:
    if write.match is None:
        raise AssertionError("a match command records match events")
    return write.match[1]


def envelopes(stream: UUID, after: int, events: Sequence[msgspec.Struct]) -> list[Envelope]:
    return [Envelope(stream, after + i, event) for i, event in enumerate(events, start=1)]
