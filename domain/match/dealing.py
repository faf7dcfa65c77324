"""Dealing a match's games: which game comes next, who deals it, from which seed (P6–P8).

The service calls `advance` when a match starts and `after_game` when one of its games
ends; both deal every game that is due, in one go: a game can end at its deal (every
seat dead at once, D6), and then the next is due at once too. Each game's deck is
drawn from its own seed, `domain.fair.game_seed(match_seed, number)`, mixed with the
match's seat seeds (`domain.fair.fair_deal_of`); its dealer is the one the match's rules
choose (P6, P7, P8, R5), so its proof says the dealer was not drawn from its seed.
Without a match seed (explicit decks, for tests and replays) each game takes its deck
from `decks`, by number. A match of a draw game deals its hands the same way through its
game's spec (`domain.games`), hand n as the game's hand n (R31); a stock rebuilt in a hand
takes its order from that hand's seed (R20).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import msgspec

from domain.cards import Card
from domain.deal import Scored
from domain.errors import InvalidRules
from domain.events import Event
from domain.fair import fair_deal_of, game_seed
from domain.games import GAMES
from domain.match.commands import game_scored, game_started, next_game, reveal_match_seed
from domain.match.events import AnyMatchEvent
from domain.match.state import MatchState, fold


@dataclass(frozen=True, slots=True)
class MatchDeal:
    """One game dealt for a match: its number, id, events, and the seed it was drawn from.

    `events` are the game's first events: `Dealt`, the dead declarations the engine
    records at once (D6), and, where the game ended at its deal, its end and the reveal
    of its seed.
    """

    number: int
    game_id: str
    events: tuple[Event, ...]
    server_seed: bytes | None


def advance(
    state: MatchState,
    match_seed: bytes | None,
    game_ids: Iterator[str],
    decks: Mapping[int, Sequence[Card]] | None = None,
) -> tuple[list[AnyMatchEvent], list[MatchDeal]]:
    """Deal every game that is due: the match's events, and the games dealt."""
    events: list[AnyMatchEvent] = []
    deals: list[MatchDeal] = []
    while (upcoming := next_game(state)) is not None:
        number, dealer = upcoming
        game_events, seed = _deal(state, number, dealer, match_seed, decks)
        game_id = next(game_ids)
        started = game_started(state, game_id)
        state = fold(started, state)
        events += started
        ended = GAMES[state.game].fold(game_events, None).ended
        if ended is not None:
            scored = game_scored(state, ended)
            state = fold(scored, state)
            events += scored
        deals.append(MatchDeal(number, game_id, tuple(game_events), seed))
    if state.over and match_seed is not None and state.revealed_seed is None:
        events += reveal_match_seed(state, match_seed)
    return events, deals


def after_game(
    state: MatchState,
    ended: Scored,
    match_seed: bytes | None,
    game_ids: Iterator[str],
    decks: Mapping[int, Sequence[Card]] | None = None,
) -> tuple[list[AnyMatchEvent], list[MatchDeal]]:
    """The game being played ended: score it, then deal what is due (or end the match)."""
    scored = game_scored(state, ended)
    events, deals = advance(fold(scored, state), match_seed, game_ids, decks)
    return [*scored, *events], deals


def _deal(
    state: MatchState,
    number: int,
    dealer: int,
    match_seed: bytes | None,
    decks: Mapping[int, Sequence[Card]] | None,
) -> tuple[list[Event], bytes | None]:
    started = state.started
    if started is None:
        raise AssertionError("games are dealt once the match started")
    spec = GAMES[state.game]
    rules = state.options.rules
    players = started.players
    if match_seed is None:
        deck = (decks or {}).get(number)
        if deck is None:
            raise InvalidRules("R16", f"no deck was given for game {number}", "decks")
        return spec.deal(players, deck, rules, dealer, proof=None, number=number), None
    seed = game_seed(match_seed, number)
    packs = spec.deck(rules, state.seats)
    drawn = fair_deal_of(packs, state.seats, seed, started.seat_seeds)
    proof = msgspec.structs.replace(drawn.proof, dealer_drawn=False)
    events = spec.deal(players, drawn.deck, rules, dealer, proof=proof, number=number)
    game = spec.fold(events, None)
    if game.over:
        events += spec.reveal_seed(game, seed)
    return events, seed
