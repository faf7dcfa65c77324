"""The ratings (R70-R74, U11, U12) as features/players/ratings.feature reaches them: in
the rules engine (`domain.ratings`, the results of finished games folded in order) or
in the service over HTTP (games stored, their ratings read from `GET
/players/{id}/ratings`). Both play their games with `rated_games.game_won_by`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol
from uuid import UUID

from rated_games import game_won_by, store_games

from domain.events import Event
from domain.games import spec_starting
from domain.ratings.model import Rating
from domain.ratings.results import Result, result_of
from domain.ratings.table import Applied, derive

OPERATOR_KEY = "operator-key-of-the-ratings-spec"


class Change(NamedTuple):
    """A rated game of a player: its place (0 first), its rating before and after."""

    place: int
    before: Rating
    after: Rating


class RatingsDriver(Protocol):
    def register(self, handle: str) -> None: ...
    def finish(self, game: str, seated: Sequence[str | None], winner: int | None) -> None: ...
    def rating(self, handle: str, game: str) -> Rating | None: ...
    def history(self, handle: str, game: str) -> list[Change]: ...


def _played(game: str, seated: Sequence[str | None], winner: int | None, n: int) -> list[Event]:
    events, _ = game_won_by(game, seated, winner, f"ratings-spec/{n}")
    return events


@dataclass
class DomainRatings:
    """The rules engine's ratings: the games' results kept here, folded in order."""

    results: list[Result] = field(default_factory=list)
    played: int = 0

    def register(self, handle: str) -> None:
        pass  # the engine's player is its id: the handle itself

    def finish(self, game: str, seated: Sequence[str | None], winner: int | None) -> None:
        self.played += 1
        events = _played(game, seated, winner, self.played)
        spec = spec_starting(events[0])
        ended = next(e for e in events if isinstance(e, spec.end_type))
        result = result_of(f"game-{self.played}", events[0], ended, spec)
        if result is not None:
            self.results.append(result)

    def rating(self, handle: str, game: str) -> Rating | None:
        return derive(enumerate(self.results))[0].get((game, handle))

    def history(self, handle: str, game: str) -> list[Change]:
        return [
            _change(a, handle) for a in derive(enumerate(self.results))[1] if _of(a, handle, game)
        ]


def _of(applied: Applied, handle: str, game: str) -> bool:
    return applied.result.game == game and handle in applied.result.players


def _change(applied: Applied, handle: str) -> Change:
    seat = applied.result.players.index(handle)
    return Change(applied.result.ranks[seat], applied.before[seat], applied.after[seat])


class HttpRatings:
    """The service's ratings over HTTP: players registered, games stored as the service
    stores them, ratings read with the operator key."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.ids: dict[str, str] = {}
        self.played = 0

    def register(self, handle: str) -> None:
        response = self.client.post("/players", json={"handle": handle})
        assert response.status_code == 201, response.text
        self.ids[handle] = response.json()["player_id"]

    def finish(self, game: str, seated: Sequence[str | None], winner: int | None) -> None:
        self.played += 1
        ids = [None if h is None else self.ids[h] for h in seated]
        events, seed = game_won_by(game, ids, winner, f"ratings-spec/{self.played}")
        store_games(self.client.app.state.store, [(events, seed)])

    def rating(self, handle: str, game: str) -> Rating | None:
        shown = [r["rating"] for r in self._read(handle)["ratings"] if r["game"] == game]
        return _rating(shown[0]) if shown else None

    def history(self, handle: str, game: str) -> list[Change]:
        return [
            Change(h["place"], _rating(h["before"]), _rating(h["after"]))
            for h in self._read(handle)["history"]
            if h["game"] == game
        ]

    def _read(self, handle: str) -> Any:
        path = f"/players/{UUID(self.ids[handle])}/ratings"
        response = self.client.get(path, headers={"Authorization": f"Bearer {OPERATOR_KEY}"})
        assert response.status_code == 200, response.text
        body = response.json()
        for shown in [
            *(r["rating"] for r in body["ratings"]),
            *(h["after"] for h in body["history"]),
        ]:
            assert shown["rating"] == shown["mu"] - 3 * shown["sigma"], shown
        return body


def _rating(shown: Any) -> Rating:
    return Rating(mu=shown["mu"], sigma=shown["sigma"], games=shown["games"])
