"""Finished games whose deals seat registered players (U10), played by bots in process,
for the ratings' tests and benchmarks (R70-R74).

Each game is dealt and played as `simulate` plays it in process (`service.simulation`),
its deal then naming the players at its seats (`seated`), and is stored as `POST /games`
and its turns would have stored it (`service.store.seeding`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from datetime import datetime
from uuid import UUID, uuid4

import msgspec

from domain.events import Event
from domain.games import GAMES
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, secrets_id
from service.store.game_folds import fold_game


def rated_games(
    players: Sequence[str], count: int, seed: str, game: str = "penang", seats: int = 3
) -> list[tuple[list[Event], bytes]]:
    """`count` finished games of `game` at `seats` seats (2 where the game takes no
    more), each seating players drawn from `players` by `seed`; with each its server seed."""
    seats = min(seats, max(GAMES[game].players))
    options = SimulationOptions(
        games=count, players=seats, bots=("greedy", "random"), seed=seed, game=game
    )
    draw = random.Random(seed)
    played = []
    for number in range(1, count + 1):
        plan = plan_game(options, number)
        events = play_game(plan)
        seated = tuple(draw.sample(list(players), seats))
        played.append(
            ([msgspec.structs.replace(events[0], seated=seated), *events[1:]], plan.server_seed)
        )
    return played


def store_games(
    store: GameStore, games: Sequence[tuple[list[Event], bytes]], at: datetime | None = None
) -> list[UUID]:
    """Store finished games, each in a transaction of its own (its events stored at `at`,
    default now); their new ids."""
    ids = []
    for events, seed in games:
        game_id = uuid4()
        hashes = tuple(hashlib.sha256(game_id.bytes + bytes([n])).hexdigest() for n in range(8))
        secrets = GameSecrets(token_sha256=hashes[: _seats(events)], server_seed=seed.hex())
        envelopes = [Envelope(game_id, n, e, at) for n, e in enumerate(events, start=1)]
        store.write(
            [*envelopes, Envelope(secrets_id(game_id), 1, secrets)], {game_id: fold_game(events)}
        )
        ids.append(game_id)
    return ids


def _seats(events: Sequence[Event]) -> int:
    seated = getattr(events[0], "seated", None)
    assert seated is not None
    return len(seated)


def game_won_by(
    game: str, seated: Sequence[str | None], winner: int | None, seed: str = "won-by"
) -> tuple[list[Event], bytes]:
    """A finished game of `game` seating `seated` (by seat; None: a seat no player holds)
    that the player at `seated[winner]` wins alone, played by bots: the first of the
    games `seed` deals with one winner, its seating turned so that the player wins. With
    `winner` None, the hand is ended `abandoned` instead (R45: a draw game's end)."""
    seats = len(seated)
    options = SimulationOptions(games=1, players=seats, bots=("greedy",), seed=seed, game=game)
    for number in range(1, 50):
        plan = plan_game(options, number)
        events = play_game(plan)
        ended = next(e for e in events if isinstance(e, GAMES[game].end_type))
        winners: tuple[int, ...] = getattr(ended, "winners", ())
        if len(winners) != 1:
            continue
        order = list(seated)
        if winner is None:
            abandoned = msgspec.structs.replace(ended, reason="abandoned", winners=())
            events = [abandoned if e is ended else e for e in events]
        else:
            order[winners[0]], order[winner] = order[winner], order[winners[0]]
        deal = msgspec.structs.replace(events[0], seated=tuple(order))
        return [deal, *events[1:]], plan.server_seed
    raise AssertionError(f"no game of {game} with one winner among 50 dealt from {seed!r}")
