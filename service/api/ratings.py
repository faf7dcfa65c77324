"""The ratings' endpoints (R70-R74): a game's leaderboard, a player's ratings and their
history, and the whole table as published for an offline check.

A leaderboard and the published table are anyone's to read; a player's history takes
its key with the scope `read` (U7), or the operator's (U9), as its keys' list does.
Each read first applies the games finished since the last (`service.usecases.ratings`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from litestar import Request, get
from litestar.di import NamedDependency
from litestar.params import PathParameter, QueryParameter

from domain.games import GameName
from domain.players.state import require
from service.api import guards
from service.api.http import PlayerId, problems
from service.api.players import PLAYER_SECURITY, PlayerGrant, guard_player
from service.store import GameStore
from service.usecases import rating_views
from service.usecases.rating_views import Leaderboard, PlayerRatings, PublishedRatings

RatedGameName = Annotated[GameName, PathParameter(description="The game, by its name.")]
Offset = Annotated[
    int,
    QueryParameter(
        ge=0, le=1_000_000, schema_extra={"minimum": 0}, description="Places to skip (0: the top)."
    ),
]
Limit = Annotated[
    int, QueryParameter(ge=1, le=100, description="How many places a page shows (1-100).")
]
ActiveDays = Annotated[
    int,
    QueryParameter(
        name="active_days",
        ge=1,
        le=3650,
        description="Only players whose last rated game of it ended within this many days (R74).",
    ),
]


@get(
    "/ratings/{game:str}",
    operation_id="getLeaderboard",
    summary="A game's leaderboard (R72, R74): active players, best first, a page at a time.",
    description=(
        "The players of a game rated (R70, R71), best shown figure first: openskill's "
        "ordinal, mu - 3 sigma, of its Plackett-Luce model (R72). A rating is "
        "`provisional` until it rests on `provisional_games` rated games (R74); only "
        "players whose last rated game ended within `active_days` are listed."
    ),
    sync_to_thread=True,
    responses=problems(422),
)
def get_leaderboard(
    game: RatedGameName,
    store: NamedDependency[GameStore],
    offset: Offset = 0,
    limit: Limit = 50,
    active_days: ActiveDays = rating_views.ACTIVE_DAYS,
) -> Leaderboard:
    now = datetime.now(UTC)
    return rating_views.leaderboard(
        store, game, offset=offset, limit=limit, active_days=active_days, now=now
    )


@get(
    "/ratings",
    operation_id="getPublishedRatings",
    summary="Every rating and the order of the rated games: what an offline check compares.",
    description=(
        "The whole table as stored (each player's mu, sigma and games, by game) and the "
        "rated games in the order they were applied. `penang-rummy ratings verify` "
        "recomputes it from the games' signed records and names what differs."
    ),
    sync_to_thread=True,
)
def get_published_ratings(store: NamedDependency[GameStore]) -> PublishedRatings:
    return rating_views.published(store)


@guards.get(
    "/players/{player_id:str}/ratings",
    operation_id="getPlayerRatings",
    summary="The player's ratings by game, and each rated game's change (scope `read`).",
    sync_to_thread=True,
    security=PLAYER_SECURITY,
    guards=[guard_player],
    responses=problems(401, 403, 404, 422),
)
def get_player_ratings(
    player_id: PlayerId, request: Request[Any, Any, Any], store: NamedDependency[GameStore]
) -> PlayerRatings:
    grant = guards.granted(request, PlayerGrant)
    require(grant.who.scopes, "read")
    return rating_views.player_ratings(store, player_id, grant.state.handle, grant.state.kind)


ROUTES = (get_leaderboard, get_published_ratings, get_player_ratings)
