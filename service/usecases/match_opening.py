"""Opening a match: its game, options, seats, seed (or explicit decks) and first deal.

A match of Penang Rummy takes `options` (`MatchOptions`: the rules, P7/P8, how it ends);
a match of a draw game (`game`, R31) takes its hands' `draw_rules` (tagged with the game,
as `POST /games`) and, for basic Rummy, `options.games` or `options.target` (B12); Three
Thirteen's match is its eleven hands (T1); Gin Rummy's is played to `options.target`,
100 unless given (G17), in one column or, with `options.scoring` `hollywood`, in three
at once (G18); the game's spec says which scorings it takes. Another game's
option is refused naming the field and this game's rule. With its players named the
match starts and deals its first game at once (P6); open seats wait for their claims.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from functools import partial
from typing import Any
from uuid import uuid4

from domain import fair
from domain.bots.seats import bots_of
from domain.cards import parse_cards
from domain.games import DefaultRules
from domain.match import commands
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import AnyMatchEvent, MatchProof
from domain.match.options import MatchOptions
from domain.match.state import MatchState
from domain.match.views import view_match
from service.errors import InvalidRequest, NotThisGamesOption
from service.settings import Settings
from service.store import GameStore
from service.store.envelopes import Envelope, MatchSecrets, secrets_id
from service.usecases import auth, bot_players, game_kinds, idempotency, openings, player_seats
from service.usecases.idempotency import Keyed, Replayed
from service.usecases.match_messages import CreatedMatch, CreateMatch
from service.usecases.match_writes import MatchWrite, deal_due
from service.usecases.names import any_bots, seated


def create_match(
    store: GameStore,
    settings: Settings,
    request: CreateMatch,
    key: str | None = None,
    authorization: str | None = None,
) -> Replayed[CreatedMatch]:
    """Open a match: with its players named it starts (and deals) at once (P6); the
    players it seats (U13) are checked against the bearer, `authorization`.

    With an Idempotency-Key, a retry gets the first answer (`service.usecases.idempotency`).
    """
    keyed = idempotency.creation("createMatch", key, request)
    create = partial(_create_match, store, settings, request, keyed, authorization)
    return idempotency.once(store, keyed, CreatedMatch, create)


def _create_match(
    store: GameStore,
    settings: Settings,
    request: CreateMatch,
    keyed: Keyed | None,
    authorization: str | None,
) -> CreatedMatch:
    spec = game_kinds.spec_named(request.game)
    if request.turn_seconds is not None and not spec.ends_when_abandoned:
        why = (
            f"a match of {spec.title} takes no turn clock: its default turns mark no "
            "abandoned table, so a table everyone left would deal hands for ever"
        )
        raise NotThisGamesOption(why, "turn_seconds", "R47")
    seats, players, seat_bots = _seats(request, bots_of(spec), spec.title)
    held = None
    if request.seat_players is not None:
        if not players:
            why = "open seats are claimed by their players (`claimSeat` with `player`)"
            raise InvalidRequest(why, "seat_players")
        held = player_seats.seat_players(
            store, settings, request.seat_players, seat_bots, authorization
        )
        players = player_seats.named(players, held)
    options = match_options(request, seats)
    match_seed, proof, decks = _seed_or_decks(settings, request, options)
    host = auth.new_token()
    tokens, named = openings.seat_tokens(seat_bots[: len(players)])
    # A bot's seat holds no token ("": none matches) and counts as taken (R34); an open
    # seat holds none until it is claimed (None).
    hashes: tuple[str | None, ...] = named or tuple(
        None if bot is None else "" for bot in seat_bots
    )
    match_secrets = MatchSecrets(
        server_seed=None if match_seed is None else match_seed.hex(),
        host_sha256=auth.token_hash(host),
        seat_sha256=hashes,
        decks=decks,
        turn_seconds=request.turn_seconds,
        bots=any_bots(seat_bots),
        seated=bot_players.seated_with_bots(
            store, spec.name, seat_bots, None if held is None else held.ids
        ),
    )
    match_id = uuid4()
    write = MatchWrite()
    state = write.match_events(
        match_id,
        _EMPTY,
        _open(seats, options, players, proof),
    )
    if not players:
        # Open seats: each bot's is claimed at once, so the last person's claim deals (R34).
        for seat, bot in enumerate(seat_bots):
            if bot is not None:
                state = write.match_events(match_id, state, commands.claim_seat(state, seat, bot))
    write.envelopes.append(Envelope(secrets_id(match_id), 1, match_secrets))
    if players:
        seat_seeds = openings.check_seat_seeds(request.seat_seeds, seats)
        dealer = first_dealer(request.dealer, match_seed, seat_seeds, seats)
        state = write.match_events(match_id, state, commands.start_match(state, dealer, seat_seeds))
        deal_due(write, match_id, state, match_secrets)
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


def _seats(
    request: CreateMatch, bots: Collection[str], game: str
) -> tuple[int, tuple[str, ...], tuple[str | None, ...]]:
    """The number of seats, the players named (none for open seats) and each seat's bot."""
    if (request.players is None) == (request.seats is None):
        raise InvalidRequest("give the players' names, or a number of open seats", "players")
    if request.players is not None:
        if request.bots is not None:
            raise InvalidRequest("bots stand in `players` when the players are named", "bots")
        players, seat_bots = seated(request.players, bots, game)
        return len(players), players, seat_bots
    if request.seat_seeds is not None:
        raise InvalidRequest("seats that players claim bring their own seeds", "seat_seeds")
    seats = request.seats or 0
    entries = request.bots or (None,) * seats
    if len(entries) != seats:
        raise InvalidRequest(f"give one entry per seat ({seats}) in `bots`", "bots")
    if all(entry is not None for entry in entries):
        raise InvalidRequest("an open-seat match needs a seat for a person", "bots")
    seat_bots = tuple(
        None if entry is None else seated([entry], bots, game, "bots", seat)[1][0]
        for seat, entry in enumerate(entries)
    )
    return seats, (), seat_bots


def _seed_or_decks(
    settings: Settings, request: CreateMatch, options: MatchOptions | DrawMatchOptions
) -> tuple[bytes | None, MatchProof | None, tuple[tuple[str, ...], ...] | None]:
    """The match seed and its commitment, or (where allowed) the explicit decks."""
    seed = openings.server_seed(
        settings, request.decks, request.seed, request.seat_seeds, request.dealer, field="decks"
    )
    if seed is not None:
        proof = MatchProof(algorithm=fair.ALGORITHM, server_seed_sha256=fair.commitment(seed))
        return seed, proof, None
    decks = request.decks or ()
    # A number of games asked for needs its decks; an open-ended match, or Three
    # Thirteen's eleven hands closed early, refuses the deal its decks run out before.
    if options.games is not None and options.games > len(decks):
        raise InvalidRequest(
            f"with {len(decks)} decks the match ends after at most as many games",
            "options.games",
        )
    for deck in decks:
        parse_cards(deck)
    return None, None, decks


def first_dealer(
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


def match_options(request: CreateMatch, seats: int) -> MatchOptions | DrawMatchOptions:
    """The match's options for its game, checked for `seats` seats."""
    spec = game_kinds.spec_named(request.game)
    if not spec.has_stock:
        if request.draw_rules is not None:
            why = "Penang Rummy's options are `options.rules`, not `draw_rules`"
            raise NotThisGamesOption(why, "draw_rules", "P1")
        return (request.options or MatchOptions()).validate(seats)
    rule = spec.deal_rule
    given = request.options or MatchOptions()
    if given.rules != DefaultRules() or not given.points_recorded:
        field = "options.rules" if given.rules != DefaultRules() else "options.points_recorded"
        why = (
            f"{spec.title}'s match takes `draw_rules`, `options.games`, `options.target` "
            "and `options.scoring` only"
        )
        raise NotThisGamesOption(why, field, "R31")
    rules: Any = request.draw_rules or spec.rules_type()
    if type(rules) is not spec.rules_type:
        tag = type(rules).__struct_config__.tag
        why = f"`draw_rules` are tagged {tag!r}, not {spec.name!r}: they are another game's"
        raise NotThisGamesOption(why, "draw_rules.game", rule)
    # G17: a game played to a target (Gin's 100) takes it where the match names none.
    target = given.target if given.target is not None or given.games else rules.MATCH_TARGET
    return DrawMatchOptions(
        rules=rules, games=given.games, target=target, scoring=given.scoring
    ).validate(seats)


def _open(
    seats: int,
    options: MatchOptions | DrawMatchOptions,
    players: Sequence[str],
    proof: MatchProof | None,
) -> list[AnyMatchEvent]:
    return commands.open_match(seats, options, players=players, proof=proof)
