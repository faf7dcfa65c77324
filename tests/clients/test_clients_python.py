"""A Python client generated from the committed contract plays a whole game, typed.

openapi-python-client (a development dependency) generates the client from
openapi/openapi.json into a temporary folder, formatting it with the ruff of this
environment. Through it alone, four seats play a game to its end against a real
`penang-rummy serve` process, every turn sent with `If-Match` and an `Idempotency-Key`,
and the finished game's record is exported as JSON and as NDJSON. Everything the
client parses must be typed: no field of any answer (views, turn results, event pages,
record events, problems) may land in a model's `additional_properties` or stay an
untyped object, every event is a model of its own type, every problem's `code` is a
member of the contract's enum.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Any
from uuid import UUID

import attrs
import pytest
from api.support import ROOT, serve

PACKAGE = "penang_rummy_client"
PLAYERS = ["Aminah", "Ben", "Chen", "Devi"]
#: A game of four seats ends long before this many turns.
MAX_TURNS = 400


class Generated:
    """The generated package, its operations and models by name."""

    def __init__(self, package: ModuleType) -> None:
        self.client = importlib.import_module(f"{PACKAGE}.client")
        self.models = importlib.import_module(f"{PACKAGE}.models")
        self.types = importlib.import_module(f"{PACKAGE}.types")
        self.package = package

    def operation(self, name: str) -> Any:
        return importlib.import_module(f"{PACKAGE}.api.default.{name}")

    def model(self, name: str) -> Any:
        return getattr(self.models, name)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Generated]:
    folder = tmp_path_factory.mktemp("python-client")
    tools = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [str(tools / "openapi-python-client"), "generate", "--meta", "none"]
    command += ["--path", str(ROOT / "openapi" / "openapi.json"), "--output-path", PACKAGE]
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Warning" not in output and "omitted" not in output, output
    sys.path.insert(0, str(folder))
    try:
        yield Generated(importlib.import_module(PACKAGE))
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.split(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("python-client-server")) as url:
        yield url


def untyped(value: object, path: str = "answer") -> list[str]:
    """Where `value`, a parsed answer, holds something the client did not type."""
    if attrs.has(type(value)):
        extra = getattr(value, "additional_properties", {})
        found = [f"{path}: {sorted(extra)} not typed"] if extra else []
        for field in attrs.fields(type(value)):
            if field.name != "additional_properties":
                found += untyped(getattr(value, field.name), f"{path}.{field.name}")
        return found
    if isinstance(value, list | tuple):
        return [
            problem for i, item in enumerate(value) for problem in untyped(item, f"{path}[{i}]")
        ]
    if isinstance(value, dict):
        return [f"{path}: an untyped object"]
    return []


def assert_typed(value: object) -> None:
    assert not untyped(value), untyped(value)


class Table:
    """Four seats at one game, each with its own client of the generated package."""

    def __init__(self, generated: Generated, url: str) -> None:
        self.g = generated
        self.anyone = generated.client.Client(base_url=url, raise_on_unexpected_status=True)
        body = generated.model("CreateGame")(players=PLAYERS, seed="generated-python-client")
        created = generated.operation("create_game").sync(client=self.anyone, body=body)
        assert isinstance(created, generated.model("CreatedGame")), created
        assert_typed(created)
        self.game_id: UUID = created.game_id
        self.version: int = created.version
        self.seats = [
            generated.client.AuthenticatedClient(base_url=url, token=token)
            for token in created.tokens
        ]
        self.event_types = {
            model.__name__: model
            for model in vars(generated.models).values()
            if attrs.has(model) and "type_" in attrs.fields_dict(model)
        }

    def view(self) -> Any:
        view = self.g.operation("get_game").sync(self.game_id, client=self.anyone)
        assert isinstance(view, self.g.model("GameView")), view
        assert_typed(view)
        return view

    def submit(self, seat: int, body: Any, version: int | None, key: str) -> Any:
        """One turn, with If-Match (when `version` is given) and an Idempotency-Key."""
        return self.g.operation("submit_turn").sync_detailed(
            self.game_id,
            seat,
            client=self.seats[seat],
            body=body,
            if_match=self.g.types.UNSET if version is None else f'"{version}"',
            idempotency_key=key,
        )

    def play_one(self, key: str) -> tuple[int, Any, Any]:
        """The seat on turn sends its first legal turn (or declares dead): seat, body, answer."""
        seat = self.view().turn
        moves = self.g.operation("get_legal_moves").sync(
            self.game_id, seat, client=self.seats[seat]
        )
        assert isinstance(moves, self.g.model("MovesView")), moves
        assert_typed(moves)
        body = None
        if not moves.moves.turns:
            answer = self.g.operation("declare_dead").sync_detailed(
                self.game_id, seat, client=self.seats[seat], if_match=f'"{moves.version}"'
            )
        else:
            body = self.g.model("SubmitTurn").from_dict(moves.moves.turns[0].to_dict())
            answer = self.submit(seat, body, moves.version, key)
        assert answer.status_code == 200, answer.content
        result = answer.parsed
        assert isinstance(result, self.g.model("TurnResult")), result
        assert_typed(result)
        self.check_events(result.events)
        self.version = result.version
        return seat, body, answer

    def check_events(self, records: list[Any]) -> None:
        """Every event is the model of its own type, fully typed."""
        for record in records:
            assert_typed(record)
            event = record.event
            assert type(event).__name__ in self.event_types, event
            assert event.type_.value in (type(event).__name__, "Dealt"), event


def problem_of(generated: Generated, answer: Any, status: int, code: str) -> Any:
    problem = answer.parsed
    assert answer.status_code == status, answer.content
    assert isinstance(problem, generated.model("Problem")), problem
    assert_typed(problem)
    assert isinstance(problem.code, generated.model("ProblemCode"))
    assert isinstance(problem.code, Enum) and problem.code.value == code
    return problem


def test_a_generated_python_client_plays_a_four_seat_game_fully_typed(
    generated: Generated, server: str
) -> None:
    table = Table(generated, server)
    first = table.view()
    assert (int(first.rules.packs), first.rules.cards_per_player) == (2, 20)  # D2, in effect
    turn = generated.model("SubmitTurn")
    melds = turn.from_dict({"actions": [{"type": "meld", "cards": ["AS", "2S", "3S"]}]})
    waiting = (first.turn + 1) % len(PLAYERS)
    early = problem_of(generated, table.submit(waiting, melds, None, "early"), 409, "not-your-turn")
    assert early.rule == "P9"
    stale = table.submit(first.turn, melds, table.version - 1, "stale")
    assert problem_of(generated, stale, 409, "stale-version").version == table.version

    version = table.version
    seat, body, answer = table.play_one("turn-0")
    assert body is not None, "the first seat on turn has a legal turn"
    retry = table.submit(seat, body, version, "turn-0")  # the same request again
    assert retry.status_code == 200 and retry.headers["idempotent-replayed"] == "true"
    assert retry.content == answer.content and table.view().version == table.version
    reused = table.submit(seat, melds, version, "turn-0")  # the same key, another request
    problem_of(generated, reused, 422, "idempotency-key-reused")
    for number in range(1, MAX_TURNS):
        if table.view().over:
            break
        table.play_one(f"turn-{number}")
    final = table.view()
    assert final.over and final.result is not None
    assert len(final.result.points) == len(PLAYERS)

    page = generated.operation("get_events").sync(table.game_id, client=table.anyone)
    assert isinstance(page, generated.model("EventsPage")), page
    table.check_events(page.events)
    kinds = {type(record.event).__name__ for record in page.events}
    assert {"DealtView", "PassportMelded", "TurnEnded", "GameEnded", "SeedRevealed"} <= kinds
    check_the_record_exports(generated, table, [record.event.type_.value for record in page.events])


def check_the_record_exports(generated: Generated, table: Table, types: list[str]) -> None:
    """The record as a typed document, and as NDJSON bytes: the same events."""
    exported = generated.operation("export_record").sync_detailed(
        table.game_id, client=table.anyone
    )
    document = exported.parsed
    assert isinstance(document, generated.model("GameRecordDocument")), document
    assert_typed(document)
    assert [event.type_.value for event in document.events] == types
    for event in document.events:
        assert type(event).__name__ == f"Stored{event.type_.value}", event
    dealt = document.events[0]
    assert dealt.rules.packs is None and len(dealt.hands) == len(PLAYERS)  # as recorded
    ndjson = generated.operation("export_record_ndjson").sync(table.game_id, client=table.anyone)
    assert isinstance(ndjson, generated.types.File), ndjson
    lines = [json.loads(line) for line in ndjson.payload.read().splitlines()]
    raw = json.loads(exported.content)
    assert lines[0] == {key: raw[key] for key in ("format", "rules_version", "game_id")}
    assert lines[1:-1] == raw["events"]
    assert lines[-1] == {"chain": raw["chain"], "signature": raw["signature"]}


#: Each draw game with options that keep a hand short: a few cards each (B2's option;
#: Three Thirteen's first hand deals three, T1).
DRAW_GAMES = {
    "rummy": {"game": "rummy", "cards_per_player": 4},
    "three-thirteen": {"game": "three-thirteen"},
}


@pytest.mark.parametrize("game", list(DRAW_GAMES))
def test_a_generated_python_client_plays_a_draw_game_fully_typed(
    generated: Generated, server: str, game: str
) -> None:
    """Two seats play a hand of basic Rummy or Three Thirteen through the generated client:
    every view is a `HandView`, the moves the game's own, every event typed."""
    g = generated
    anyone = g.client.Client(base_url=server, raise_on_unexpected_status=True)
    body = g.model("CreateGame").from_dict(
        {"players": PLAYERS[:2], "game": game, "draw_rules": DRAW_GAMES[game], "seed": game}
    )
    created = g.operation("create_game").sync(client=anyone, body=body)
    assert isinstance(created.view, g.model("HandView")), created.view
    assert_typed(created)
    seats = [g.client.AuthenticatedClient(base_url=server, token=t) for t in created.tokens]
    moves_type = g.model("RummyMoves" if game == "rummy" else "ThirteenMoves")
    seen: set[str] = set()
    for _ in range(MAX_TURNS):
        view = g.operation("get_game").sync(created.game_id, client=anyone)
        assert isinstance(view, g.model("HandView")), view
        assert_typed(view)
        if view.over:
            break
        seat = view.turn
        moves = g.operation("get_legal_moves").sync(created.game_id, seat, client=seats[seat])
        assert isinstance(moves.moves, moves_type), moves.moves
        assert_typed(moves)
        command = _draw_game_choice([c.to_dict() for c in moves.moves.commands])
        answer = g.operation("submit_turn").sync(
            created.game_id, seat, client=seats[seat], body=g.model("SubmitTurn").from_dict(command)
        )
        assert isinstance(answer, g.model("TurnResult")), answer
        assert isinstance(answer.view, g.model("HandView")), answer.view
        assert_typed(answer)
        seen |= {type(record.event).__name__ for record in answer.events}
    assert view.over, "the hand did not end"
    assert {"DrewView", "Discarded", "HandEnded"} <= seen, seen
    document = g.operation("export_record").sync(created.game_id, client=anyone)
    assert_typed(document)
    assert [type(event).__name__ for event in document.events][:2] == [
        "StoredHandDealt",
        "StoredDrew",
    ]


def _draw_game_choice(commands: list[dict[str, Any]]) -> dict[str, Any]:
    """Go out, meld or lay off where the service lists it; draw from the stock; else throw
    the highest card: a short hand ends within a few turns."""
    kinds = [command["actions"][0]["type"] for command in commands]
    for wanted in ("go_out", "meld", "lay_off", "draw"):
        if wanted in kinds:
            return commands[kinds.index(wanted)]
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return max(commands, key=lambda command: ranks.index(command["actions"][0]["card"][:-1]))


def test_a_generated_python_client_reads_every_seat_answer_of_a_match_in_one_shape(
    generated: Generated, server: str
) -> None:
    """Opening, claiming and leaving a seat each answer the match's view wrapped with its
    id and version (R18): the client types each, and the view inside it, alike."""
    g = generated
    anyone = g.client.Client(base_url=server, raise_on_unexpected_status=True)
    opened = g.operation("create_match").sync(client=anyone, body=g.model("CreateMatch")(seats=2))
    claimed = g.operation("claim_seat").sync(
        opened.match_id, 0, client=anyone, body=g.model("ClaimSeat")(name="Ann")
    )
    seat = g.client.AuthenticatedClient(base_url=server, token=claimed.token)
    left = g.operation("leave_seat").sync(opened.match_id, 0, client=seat)
    answers = (opened, claimed, left)
    for answer, model in zip(answers, ("CreatedMatch", "ClaimedSeat", "LeftSeat"), strict=True):
        assert isinstance(answer, g.model(model)), answer
        assert_typed(answer)
        assert isinstance(answer.view, g.model("MatchView")), answer.view
        assert (answer.match_id, answer.version, answer.game_id) == (
            opened.match_id,
            answer.view.version,
            None,
        )
    assert (left.seat, left.view.open_seats, left.version) == (0, [0, 1], claimed.version + 1)
