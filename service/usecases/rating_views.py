"""What the ratings' endpoints answer (R72, R74): a game's leaderboard, a player's
ratings and their history, and the whole table as the service publishes it.

Every read first applies the games finished since the last (`ratings.catch_up`), so a
finished game's ratings are read by the next request. The leaderboard shows the players
of a game whose last rated game ended within `active_days` of now, best shown figure
first, a page at a time, each rating marked `provisional` until it rests on
`PROVISIONAL_GAMES` games (R74).
"""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

import msgspec

from domain.players.events import PlayerKind
from domain.ratings.model import MODEL_NAME, PROVISIONAL_GAMES, Rating
from service.store import GameStore
from service.store import players as stored
from service.usecases import ratings

#: How many days a player stays on a leaderboard after its last rated game (R74).
ACTIVE_DAYS = 90
_DAY = 86_400.0


class RatingShown(msgspec.Struct, frozen=True, kw_only=True):
    """A rating as shown: the figure (openskill's ordinal, mu - 3 sigma: R72), the
    model's mean and uncertainty, its games, and whether it is provisional (R74)."""

    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool


class LeaderboardEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A place on a game's leaderboard: the player, its rating, its last rated game."""

    place: int
    player_id: str
    handle: str
    #: A person, or a bot (U14): bots are rated beside people (R70).
    kind: PlayerKind
    rating: RatingShown
    last_played: datetime


class Leaderboard(msgspec.Struct, frozen=True, kw_only=True):
    """A page of a game's leaderboard (R74)."""

    game: str
    model: str
    provisional_games: int
    active_days: int
    offset: int
    limit: int
    entries: list[LeaderboardEntry]


class RatingChange(msgspec.Struct, frozen=True, kw_only=True):
    """One rated game of a player: its place (0 first) and its rating before and after."""

    game: str
    game_id: str
    seat: int
    place: int
    before: RatingShown
    after: RatingShown
    ended_at: datetime


class GameRating(msgspec.Struct, frozen=True, kw_only=True):
    """A player's current rating of one game."""

    game: str
    rating: RatingShown


class PlayerRatings(msgspec.Struct, frozen=True, kw_only=True):
    """A player's ratings, by game, and every rated game of it, oldest first."""

    player_id: str
    handle: str
    #: A person, or a bot (U14).
    kind: PlayerKind
    model: str
    ratings: list[GameRating]
    history: list[RatingChange]


class PublishedRating(msgspec.Struct, frozen=True, kw_only=True):
    """One stored rating, as the figures are stored (floats as openskill answers them)."""

    game: str
    player_id: str
    mu: float
    sigma: float
    games: int


class RatedGame(msgspec.Struct, frozen=True, kw_only=True):
    """A rated game and its place in the order the ratings applied them."""

    position: int
    game_id: str


class PublishedRatings(msgspec.Struct, frozen=True, kw_only=True):
    """Every rating and the order of the games that made them: what
    `penang-rummy ratings verify` checks against the games' signed records."""

    model: str
    games: list[RatedGame]
    ratings: list[PublishedRating]


def shown(rating: Rating) -> RatingShown:
    """A rating as shown (R72, R74)."""
    return RatingShown(
        rating=rating.ordinal,
        mu=rating.mu,
        sigma=rating.sigma,
        games=rating.games,
        provisional=rating.provisional,
    )


def leaderboard(
    store: GameStore, game: str, *, offset: int, limit: int, active_days: int, now: datetime
) -> Leaderboard:
    """A page of the game's leaderboard of players active within `active_days` (R74)."""
    ratings.catch_up(store)
    since = now.timestamp() - active_days * _DAY
    standings = store.ratings.standings(game, offset, limit, since)
    players = [stored.player(store, UUID(s.player_id)) for s in standings]
    entries = [
        LeaderboardEntry(
            place=offset + n,
            player_id=s.player_id,
            handle=player.handle,
            kind=player.kind,
            rating=shown(s.rating),
            last_played=_time(s.last_played),
        )
        for n, (s, player) in enumerate(zip(standings, players, strict=True), start=1)
    ]
    return Leaderboard(
        game=game,
        model=MODEL_NAME,
        provisional_games=PROVISIONAL_GAMES,
        active_days=active_days,
        offset=offset,
        limit=limit,
        entries=entries,
    )


def player_ratings(
    store: GameStore, player_id: UUID, handle: str, kind: PlayerKind = "person"
) -> PlayerRatings:
    """The player's current rating of each game it has played rated, and its history."""
    ratings.catch_up(store)
    rows = store.ratings.history(str(player_id))
    current: dict[str, Rating] = {}
    for row in rows:
        current[row.game] = row.after
    return PlayerRatings(
        player_id=str(player_id),
        handle=handle,
        kind=kind,
        model=MODEL_NAME,
        ratings=[GameRating(game=g, rating=shown(r)) for g, r in sorted(current.items())],
        history=[
            RatingChange(
                game=row.game,
                game_id=row.game_id,
                seat=row.seat,
                place=row.rank,
                before=shown(row.before),
                after=shown(row.after),
                ended_at=_time(row.ended_at),
            )
            for row in rows
        ],
    )


def published(store: GameStore) -> PublishedRatings:
    """Every rating and the order of the rated games (what an offline check compares)."""
    ratings.catch_up(store)
    return PublishedRatings(
        model=MODEL_NAME,
        games=[RatedGame(position=p, game_id=g) for p, g in store.ratings.order()],
        ratings=[
            PublishedRating(
                game=game,
                player_id=s.player_id,
                mu=s.rating.mu,
                sigma=s.rating.sigma,
                games=s.rating.games,
            )
            for game, s in store.ratings.everything()
        ],
    )


def _time(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)
