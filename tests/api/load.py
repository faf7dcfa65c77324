"""Clients playing turns against a served process, for the tests that stop or copy it
under load: each `Player` plays every seat of one game, turn after turn, each turn sent
with an Idempotency-Key and If-Match, and notes the answers it got and the turn it
lost (sent, never answered), to be sent again unchanged."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field

import httpx

from .served import PATIENCE
from .support import Json


@dataclass(frozen=True)
class Turn:
    """One turn request as its client sends it, and sends it again when retried."""

    path: str
    body: bytes
    headers: dict[str, str]

    def send(self, http: httpx.Client) -> httpx.Response:
        return http.post(self.path, content=self.body, headers=self.headers)

    def raw(self) -> bytes:
        """The request as bytes on the wire."""
        head = [f"POST {self.path} HTTP/1.1", "Host: 127.0.0.1"]
        head += [f"{name}: {value}" for name, value in self.headers.items()]
        head.append(f"Content-Length: {len(self.body)}")
        return ("\r\n".join(head) + "\r\n\r\n").encode() + self.body


@dataclass
class Player:
    """A client playing every seat of one game: the answers it got, the turn it lost."""

    game: Json
    answered: list[Json] = field(default_factory=list)
    lost: Turn | None = None


def create_game(base: str, seed: str) -> Json:
    body = {"players": ["Aminah", "Ben", "Chen"], "seed": seed}
    response = httpx.post(base + "/games", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def candidates(http: httpx.Client, game: Json) -> Iterator[Turn]:
    """The turns to try, in order, for the seat whose turn it is: a meld or a lay-off,
    else a joker swap with a lay-off of the joker, else a dead declaration."""
    view = http.get(f"/games/{game['game_id']}").raise_for_status().json()
    if view["over"]:
        return
    seat, version = view["turn"], view["version"]
    path = f"/games/{game['game_id']}/seats/{seat}"
    auth = {"Authorization": f"Bearer {game['tokens'][seat]}"}
    moves = http.get(path + "/moves", headers=auth).raise_for_status().json()["moves"]
    options = [[move] for move in (moves["melds"] + moves["lay_offs"])[:1]]
    for swap in moves["swaps"]:
        for meld in view["table"]:
            options.append([swap, {"type": "lay_off", "meld": meld["id"], "card": "JK"}])

    def headers() -> dict[str, str]:
        key = {"Idempotency-Key": str(uuid.uuid4()), "If-Match": f'"{version}"'}
        return {**auth, **key, "Content-Type": "application/json"}

    for actions in options:
        body = httpx.Request("POST", path, json={"actions": actions}).read()
        yield Turn(path + "/turns", body, headers())
    yield Turn(path + "/dead", b"", headers())


def play(base: str, player: Player, stop: threading.Event) -> None:
    """Play turns until the game ends, the test stops, or the server goes away."""
    with httpx.Client(base_url=base, timeout=PATIENCE) as http:
        while not stop.is_set():
            try:
                turns = list(candidates(http, player.game))
            except httpx.TransportError:
                return  # nothing was sent
            if not turns:
                return
            for turn in turns:
                try:
                    response = turn.send(http)
                except httpx.TransportError:
                    player.lost = turn
                    return
                if response.status_code != 422:
                    assert response.status_code == 200, response.text
                    player.answered.append(response.json())
                    break


def events_after_deal(base: str, game: Json) -> list[Json]:
    page = httpx.get(f"{base}/games/{game['game_id']}/events", params={"since": 1})
    return list(page.raise_for_status().json()["events"])


def assert_each_answer_stored_once(base: str, player: Player) -> None:
    """The game's events after the deal are exactly those of the turns answered, in order."""
    answered = sorted(player.answered, key=lambda answer: answer["version"])
    expected = [record for answer in answered for record in answer["events"]]
    assert events_after_deal(base, player.game) == expected


def retry(base: str, player: Player) -> None:
    """Send the lost turn again, unchanged; its answer joins the others."""
    if player.lost is None:
        return
    with httpx.Client(base_url=base, timeout=PATIENCE) as http:
        response = player.lost.send(http)
    assert response.status_code == 200, response.text
    player.answered.append(response.json())


def wait_for_answers(players: list[Player], running: list[Future[None]], answers: int) -> None:
    """Wait until the players got `answers` answers between them."""
    answered = threading.Event()
    for _ in range(int(PATIENCE / 0.05)):
        if sum(len(player.answered) for player in players) >= answers:
            return
        assert all(not future.done() for future in running), [f.result() for f in running]
        answered.wait(0.05)
    raise AssertionError("the clients got too few answers")
