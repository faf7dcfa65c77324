"""Creating a game of any game of the engine: the use case behind createGame.

`CreateGame.game` names the game (`penang` by default, or a draw game as the registry
names it: `rummy`, `three-thirteen`); its options are `rules` for Penang Rummy and
`draw_rules` for a draw game (tagged with the game: basic Rummy's B7 and B10 options,
Three Thirteen's packs), and `hand` is a draw game's hand number (Three Thirteen's T1,
T3). The deck comes from seeds by the fair-deal recipe (`domain.fair`: the game's own
packs shuffled, the dealer drawn, the seed committed to and revealed at the end) or,
where the service allows it, as an explicit order. An option of another game is
refused naming the rule of this game's deal (`NotThisGamesOption`).
"""

from __future__ import annotations

import secrets
from functools import partial
from typing import cast
from uuid import uuid4

import msgspec

from domain.bots.seats import bots_of
from domain.cards import Card, parse_cards
from domain.events import DealProof, Event
from domain.fair import fair_deal_of
from domain.game import Game
from service.errors import NotThisGamesOption
from service.settings import Settings
from service.store import GameStore
from service.store.envelopes import GameSecrets
from service.store.game_folds import fold_game
from service.usecases import (
    bot_players,
    clock,
    game_kinds,
    idempotency,
    openings,
    player_seats,
)
from service.usecases.bot_seats import with_bots
from service.usecases.idempotency import Keyed, Replayed
from service.usecases.messages import CreatedGame, CreateGame
from service.usecases.names import any_bots, seated


def create_game(
    store: GameStore,
    settings: Settings,
    request: CreateGame,
    key: str | None = None,
    authorization: str | None = None,
) -> Replayed[CreatedGame]:
    """Deal a new game from seeds (or an allowed explicit deck) and record it; the
    players it seats (U10) are checked against the bearer, `authorization`.

    With an Idempotency-Key, a retry gets the first answer (`service.usecases.idempotency`).
    """
    keyed = idempotency.creation("createGame", key, request)
    create = partial(_create_game, store, settings, request, keyed, authorization)
    return idempotency.once(store, keyed, CreatedGame, create)


def _create_game(
    store: GameStore,
    settings: Settings,
    request: CreateGame,
    keyed: Keyed | None,
    authorization: str | None,
) -> CreatedGame:
    spec = game_kinds.spec_named(request.game)
    rules = spec.validate(_options(spec, request), len(request.players))
    players, seat_bots = seated(request.players, bots_of(spec), spec.title)
    held = None
    if request.seat_players is not None:
        held = player_seats.seat_players(
            store, settings, request.seat_players, seat_bots, authorization
        )
        players = player_seats.named(players, held)
    bots = any_bots(seat_bots)
    seats = len(players)
    seed = openings.server_seed(
        settings, request.deck, request.seed, request.seat_seeds, request.dealer, field="deck"
    )
    proof: DealProof | None = None
    if seed is None:
        deck: list[Card] = list(parse_cards(request.deck or ()))
        dealer = request.dealer
        if dealer is None:
            dealer = secrets.randbelow(seats)  # P6: the first dealer is chosen at random
    else:
        seat_seeds = openings.check_seat_seeds(request.seat_seeds, seats)
        deck, dealer, proof = fair_deal_of(spec.deck(rules, seats), seats, seed, seat_seeds)
    events: list[Event] = with_bots(
        spec.deal(players, deck, rules, dealer, proof=proof, number=request.hand or 1), bots
    )
    held_ids = None if held is None else held.ids
    seated_ids = bot_players.seated_with_bots(store, spec.name, seat_bots, held_ids)
    events = player_seats.with_seated(events, seated_ids)
    state = fold_game(events)
    revealed = game_kinds.reveal(spec, state, seed)
    events += revealed
    state = fold_game(revealed, state)
    tokens, hashes = openings.seat_tokens(seat_bots)
    game_secrets = GameSecrets(
        token_sha256=hashes,
        server_seed=None if seed is None else seed.hex(),
        turn_seconds=request.turn_seconds,
        bots=bots,
    )
    game_id = uuid4()
    at = clock.now()
    view = clock.timed(game_kinds.view(state, None), clock.turn_deadline(game_secrets, state, at))
    created = CreatedGame(game_id=game_id, version=state.version, tokens=tokens, view=view)
    answer = [] if keyed is None else [keyed.record(created, 201, state.version)]
    store.create(game_id, events, game_secrets, answer, at=at, after=state)
    store.remember(game_id, state)
    return created


def _options(spec: Game, request: CreateGame) -> msgspec.Struct:
    """The game's rule options from the request; another game's options are refused."""
    rule = spec.deal_rule
    if not spec.has_stock:
        for name in ("draw_rules", "hand"):
            if getattr(request, name) is not None:
                why = f"{spec.title} has no {name}: its deal (P3) leaves no stock (P12)"
                raise NotThisGamesOption(why, name, rule)
        rules: msgspec.Struct = request.rules or spec.rules_type()
        return rules
    if request.rules is not None:
        why = f"{spec.title}'s options are `draw_rules` (tagged `game`), not Penang's `rules`"
        raise NotThisGamesOption(why, "rules", rule)
    options = request.draw_rules
    if options is None:
        default: msgspec.Struct = spec.rules_type()
        return default
    if type(options) is not spec.rules_type:
        tag = cast(type[msgspec.Struct], type(options)).__struct_config__.tag
        why = f"`draw_rules` are tagged {tag!r}, not {spec.name!r}: they are another game's"
        raise NotThisGamesOption(why, "draw_rules.game", rule)
    chosen: msgspec.Struct = cast(msgspec.Struct, options)
    return chosen
