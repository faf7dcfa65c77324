"""One simulated match of a draw game against a running service, over HTTP (httpx).

The match is created with `POST /matches` (the plan's players, `game`, `draw_rules`,
`options` and seed: the same match seed, so the same first dealer and hands as in
process, `service.simulation.draw_local`), then each command is sent by the seat whose
turn it is, through that seat's own token: its bot reads the seat's view (`GET
/games/{id}/seats/{seat}`, a `HandView`) and sends one command (`POST .../turns`),
naming the version it saw (`If-Match`). The turn that ends a hand names the next one
(`next_game`). When the match is over, its record is the service's own export (`GET
/matches/{id}/record`: every hand's record signed). A run asked to stop leaves the match
between two requests.
"""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

import httpx
import msgspec

from domain.drawgame.views import HandView
from domain.match.records import load_match_record
from service.simulation.draw_local import DrawMatchPlan, PlayedMatch
from service.simulation.remote import ApiCalls


class _Created(msgspec.Struct, frozen=True):
    match_id: UUID
    tokens: tuple[str, ...]
    game_id: UUID | None


class _Seen(msgspec.Struct, frozen=True):
    turn: int | None
    number: int


class _Answered(msgspec.Struct, frozen=True):
    view: _Seen
    next_game: UUID | None = None


class RemoteDrawMatch(ApiCalls):
    """The plan's match, played through a service's API by one client."""

    def __init__(self, client: httpx.Client, plan: DrawMatchPlan, stop: threading.Event) -> None:
        super().__init__(client, stop, f"match {plan.number}")
        self.plan = plan

    def play(self) -> PlayedMatch:
        """The finished match, with its record as the service exported it."""
        options = self.plan.options
        body: dict[str, Any] = {
            "players": list(self.plan.players),
            "game": options.game,
            "draw_rules": msgspec.to_builtins(options.rules),
            "seed": self.plan.seed,
        }
        ending = {"games": options.games, "target": options.target}
        if any(value is not None for value in ending.values()):
            body["options"] = {k: v for k, v in ending.items() if v is not None}
        created = self._call("POST", "/matches", _Created, 201, json=body)
        game = created.game_id
        while game is not None:
            game = self._play_hand(game, created.tokens)
        record = self._send("GET", f"/matches/{created.match_id}/record", 200).content
        return PlayedMatch(self.plan, load_match_record(record), record)

    def _play_hand(self, game: UUID, tokens: tuple[str, ...]) -> UUID | None:
        """Every command of the hand; the next hand dealt after it, if any."""
        seen = self._call("GET", f"/games/{game}", _Seen, 200)
        bots = self.plan.seat_bots(seen.number)
        turn = seen.turn
        while turn is not None:
            auth = {"Authorization": f"Bearer {tokens[turn]}"}
            seat = f"/games/{game}/seats/{turn}"
            view = self._call("GET", seat, HandView, 200, headers=auth)
            content = msgspec.json.encode({"actions": bots[turn].command(view)})
            headers = {**auth, "If-Match": f'"{view.version}"', "Content-Type": "application/json"}
            answer: _Answered = self._call(
                "POST", f"{seat}/turns", _Answered, 200, headers=headers, content=content
            )
            turn = answer.view.turn
            if turn is None:
                return answer.next_game
        return None
