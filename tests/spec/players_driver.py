"""The players' drivers (features/players/): the rules engine's `domain.players`, and
the service over HTTP. Both speak of keys by name (`Alice's first key`, `the key
"reader"`, `the operator key`) and answer a value or a `Refusal` (its code and rule).

The engine decides a player's commands; what only the store says (a handle taken, U3),
which player a key is and whether it is revoked (U8) the domain driver reads from the
events it folded, as the service reads them from its streams.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple, Protocol
from uuid import UUID, uuid4

from litestar.testing import TestClient

from domain.errors import RuleViolation
from domain.games import GAMES
from domain.players import state as rules
from domain.players.events import ALL_SCOPES, PlayerEvent, PlayerKind, PlayerRegistered, Scope
from domain.players.handles import skeleton
from service.usecases.bot_players import service_bot_handles

#: The operator key both drivers' services hold (U9).
OPERATOR_KEY = "operator-key-of-the-spec"
OPERATOR = "the operator key"


class Refusal(NamedTuple):
    """A refused request: the problem's code and the rule it names."""

    code: str
    rule: str | None


class Registered(NamedTuple):
    handle: str
    by: str
    kind: str = "person"


class KeyShown(NamedTuple):
    """A key as its list shows it."""

    label: str
    scopes: tuple[str, ...]
    revoked: bool


class PlayersDriver(Protocol):
    #: Each key's text, by its name in the scenario.
    keys: dict[str, str]

    def register(
        self, handle: str, *, operator: bool = False, kind: PlayerKind = "person"
    ) -> Registered | Refusal: ...
    def issue(
        self, handle: str, key: str, name: str, scopes: tuple[Scope, ...]
    ) -> tuple[str, ...] | Refusal: ...
    def list_keys(self, handle: str, key: str) -> tuple[list[KeyShown], str] | Refusal: ...
    def revoke(self, handle: str, key: str, name: str) -> Refusal | None: ...


def first_key(handle: str) -> str:
    return f"{handle}'s first key"


@dataclass
class DomainPlayers:
    """The rules engine's players, their streams held here."""

    keys: dict[str, str] = field(default_factory=dict)
    streams: dict[str, list[tuple[PlayerEvent, datetime]]] = field(default_factory=dict)
    skeletons: dict[str, str] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    key_ids: dict[str, str] = field(default_factory=dict)

    def register(
        self, handle: str, *, operator: bool = False, kind: PlayerKind = "person"
    ) -> Registered | Refusal:
        text = "prk_" + secrets.token_urlsafe(32)
        bots = {name for spec in GAMES.values() for name in spec.bots}
        try:
            events = rules.register(
                handle,
                bots,
                uuid4().hex[:16],
                _hash(text),
                by_operator=operator,
                kind=kind,
                service_bots=service_bot_handles(),
            )
        except RuleViolation as error:
            return Refusal(error.code, error.rule)
        if skeleton(handle) in self.skeletons:
            return Refusal("handle-taken", "U3")
        first = events[0]
        assert isinstance(first, PlayerRegistered)
        self.skeletons[skeleton(handle)] = first.handle
        self._append(first.handle, events)
        self.keys[first_key(first.handle)] = text
        self.owners[_hash(text)] = first.handle
        return Registered(first.handle, first.by, first.kind)

    def issue(
        self, handle: str, key: str, name: str, scopes: tuple[Scope, ...]
    ) -> tuple[str, ...] | Refusal:
        held = self._acting(handle, key)
        if isinstance(held, Refusal):
            return held
        text = "prk_" + secrets.token_urlsafe(32)
        try:
            events = rules.issue_key(held, uuid4().hex[:16], _hash(text), scopes, name)
        except RuleViolation as error:
            return Refusal(error.code, error.rule)
        self._append(handle, events)
        self.keys[name] = text
        self.owners[_hash(text)] = handle
        issued = events[0]
        assert isinstance(issued, rules.KeyIssued)
        self.key_ids[name] = issued.key_id
        return issued.scopes

    def list_keys(self, handle: str, key: str) -> tuple[list[KeyShown], str] | Refusal:
        held = self._acting(handle, key)
        if isinstance(held, Refusal):
            return held
        try:
            rules.require(held, "read")
        except RuleViolation as error:
            return Refusal(error.code, error.rule)
        state = self._state(handle)
        shown = [KeyShown(k.label, k.scopes, k.revoked_at is not None) for k in state.keys.values()]
        return shown, repr(state.keys)

    def revoke(self, handle: str, key: str, name: str) -> Refusal | None:
        held = self._acting(handle, key)
        if isinstance(held, Refusal):
            return held
        try:
            events = rules.revoke_key(self._state(handle), held, self.key_ids[name])
        except RuleViolation as error:
            return Refusal(error.code, error.rule)
        self._append(handle, events)
        return None

    def _acting(self, handle: str, key: str) -> tuple[Scope, ...] | Refusal:
        if key == OPERATOR:
            return ALL_SCOPES
        digest = _hash(self.keys[key])
        owner = self.owners.get(digest)
        if owner is None:
            return Refusal("invalid-token", "U6")
        found = self._state(owner).key_of(digest)
        if found is None:
            return Refusal("revoked-key", "U8")
        if owner != handle:
            return Refusal("another-players-key", "U7")
        return found.scopes

    def _state(self, handle: str) -> rules.PlayerState:
        return rules.fold(self.streams[handle])

    def _append(self, handle: str, events: list[rules.AnyPlayerEvent]) -> None:
        now = datetime.now(UTC)
        self.streams.setdefault(handle, []).extend((event, now) for event in events)


@dataclass
class HttpPlayers:
    """The service's players, over HTTP."""

    client: TestClient[Any]
    keys: dict[str, str] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)
    key_ids: dict[str, str] = field(default_factory=dict)

    def register(
        self, handle: str, *, operator: bool = False, kind: PlayerKind = "person"
    ) -> Registered | Refusal:
        headers = _bearer(OPERATOR_KEY) if operator else {}
        body = {"handle": handle, "kind": kind}
        response = self.client.post("/players", json=body, headers=headers)
        if response.status_code != 201:
            return _refusal(response)
        body = response.json()
        self.ids[body["handle"]] = body["player_id"]
        self.keys[first_key(body["handle"])] = body["key"]["key"]
        return Registered(body["handle"], body["registered_by"], body["kind"])

    def issue(
        self, handle: str, key: str, name: str, scopes: tuple[Scope, ...]
    ) -> tuple[str, ...] | Refusal:
        response = self.client.post(
            f"/players/{self.ids[handle]}/keys/new",
            json={"scopes": list(scopes), "label": name},
            headers=self._auth(key),
        )
        if response.status_code != 201:
            return _refusal(response)
        self.keys[name] = response.json()["key"]
        self.key_ids[name] = response.json()["key_id"]
        return tuple(response.json()["scopes"])

    def list_keys(self, handle: str, key: str) -> tuple[list[KeyShown], str] | Refusal:
        response = self.client.get(f"/players/{self.ids[handle]}/keys", headers=self._auth(key))
        if response.status_code != 200:
            return _refusal(response)
        shown = [
            KeyShown(k["label"], tuple(k["scopes"]), k["revoked_at"] is not None)
            for k in response.json()["keys"]
        ]
        return shown, response.text

    def revoke(self, handle: str, key: str, name: str) -> Refusal | None:
        path = f"/players/{self.ids[handle]}/keys/{self.key_ids[name]}/revoke"
        response = self.client.post(path, headers=self._auth(key))
        return None if response.status_code == 200 else _refusal(response)

    def seat_game(self, key: str, handles: tuple[str, ...]) -> str | Refusal:
        """A game seating the players of `handles`, by seat, created with `key`; its id."""
        body = {
            "players": [f"Seat {seat}" for seat in range(len(handles))],
            "seat_players": [self.ids[handle] for handle in handles],
            "seed": "players-spec",
        }
        response = self.client.post("/games", json=body, headers=self._auth(key))
        if response.status_code != 201:
            return _refusal(response)
        self.game_id: str = response.json()["game_id"]
        return self.game_id

    def open_match(self, seats: int) -> None:
        """A match of `seats` open seats (R18), its players to claim them."""
        response = self.client.post("/matches", json={"seats": seats, "seed": "players-spec"})
        assert response.status_code == 201, response.text
        self.match_id: str = response.json()["match_id"]

    def claim(self, key: str, handle: str, seat: int) -> Refusal | None:
        """Claim `seat` of the match for the player of `handle` (U13), with `key`; the last
        claim deals the match's first game."""
        response = self.client.post(
            f"/matches/{self.match_id}/seats/{seat}/claim",
            json={"name": "Anon", "player": self.ids[handle]},
            headers=self._auth(key),
        )
        if response.status_code != 201:
            return _refusal(response)
        if response.json()["game_id"] is not None:
            self.game_id = response.json()["game_id"]
        return None

    def seated(self) -> tuple[str | None, ...]:
        """The handles of the players the game's deal seats (`seated`), by seat."""
        store = self.client.app.state.store
        dealt = store.game_events(UUID(self.game_id), 0, 1)[0]
        handles = {player_id: handle for handle, player_id in self.ids.items()}
        return tuple(None if p is None else handles[p] for p in dealt.seated)

    def read_seat(self, key: str, seat: int) -> Any:
        response = self.client.get(f"/games/{self.game_id}/seats/{seat}", headers=self._auth(key))
        return response.json() if response.status_code == 200 else _refusal(response)

    def _auth(self, key: str) -> dict[str, str]:
        return _bearer(OPERATOR_KEY if key == OPERATOR else self.keys[key])


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _refusal(response: Any) -> Refusal:
    assert response.headers["content-type"].startswith("application/problem+json"), response.text
    body = response.json()
    return Refusal(body["code"], body.get("rule"))


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
