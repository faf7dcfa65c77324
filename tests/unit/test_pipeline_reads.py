"""One pipeline per command: a turn loads the game's state and secrets once, looks its
game's spec up once, and enters the store for them and its one write only; the same
steps serve the worker thread and the event loop.

A turn is loaded by `submitTurn`'s guard, which checks the seat's token on what it
loaded and hands it to the pipeline (`service.api.guards.seat_command`): the counts
are of the guard and the pipeline together, as a request takes them."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import pytest
from litestar.testing import TestClient

from domain.penang.commands import Action
from domain.penang.moves import legal_moves
from domain.penang.state import PenangState
from service.api import guards
from service.app import create_app
from service.settings import Settings
from service.store import GameStore
from service.usecases import creation, game_kinds, games, loop_commands, pipeline, pipeline_steps
from service.usecases.messages import CreatedGame, CreateGame

#: What a turn may ask the store (each counted), besides remembering what it wrote.
_STORE_CALLS = ("secrets", "state", "known_state", "answer", "turn_began", "append")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[GameStore, CreatedGame]]:
    settings = Settings(sqlite_path=str(tmp_path / "events.sqlite"))
    opened = GameStore(settings)
    request = CreateGame(players=("Ann", "Bo", "Cy"), seed="one-pipeline")
    created = creation.create_game(opened, settings, request).value
    yield opened, created
    opened.close()


@pytest.fixture
def elsewhere(
    tmp_path: Path, store: tuple[GameStore, CreatedGame]
) -> Iterator[tuple[GameStore, CreatedGame]]:
    """The same game in a process that holds none of it (another process dealt it): its
    turns are loaded in a worker thread and decided there."""
    opened = GameStore(Settings(sqlite_path=str(tmp_path / "events.sqlite")))
    yield opened, store[1]
    opened.close()


def _guarded(store: GameStore, game_id: UUID, seat: int, token: str) -> pipeline_steps.Loaded:
    """What `submitTurn`'s guard loads for the bearer of `token` and hands on."""
    return asyncio.run(guards.seat_command(store, game_id, seat, f"Bearer {token}"))


def _a_turn(store: GameStore, game_id: UUID) -> tuple[int, list[Action]]:
    state = store.state(game_id)
    assert isinstance(state, PenangState) and state.turn is not None
    moves = legal_moves(state, state.turn)
    return state.turn, [(moves.melds or moves.lay_offs)[0]]


def _counted(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    for name in _STORE_CALLS:
        real = getattr(store, name)

        def counting(*args: Any, _name: str = name, _real: Any = real, **kwargs: Any) -> Any:
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, name, counting)
    real_spec_of = game_kinds.spec_of

    def spec_of(state: Any) -> Any:
        calls["spec_of"] += 1
        return real_spec_of(state)

    monkeypatch.setattr(game_kinds, "spec_of", spec_of)
    return calls


def test_a_turn_on_the_thread_path_reads_its_secrets_and_state_once(
    store: tuple[GameStore, CreatedGame],
    elsewhere: tuple[GameStore, CreatedGame],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_store, created = elsewhere
    seat, actions = _a_turn(store[0], created.game_id)
    calls = _counted(game_store, monkeypatch)
    answer = games.submit_turn(
        store=game_store,
        game_id=created.game_id,
        seat=seat,
        loaded=_guarded(game_store, created.game_id, seat, created.tokens[seat]),
        if_match=None,
        key=None,
        actions=actions,
    )
    assert +calls == Counter(secrets=1, known_state=1, spec_of=1, append=1)
    assert answer.result.version == game_store.state(created.game_id).version


def test_a_keyed_turn_adds_only_the_read_of_its_stored_answer(
    store: tuple[GameStore, CreatedGame],
    elsewhere: tuple[GameStore, CreatedGame],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_store, created = elsewhere
    seat, actions = _a_turn(store[0], created.game_id)
    calls = _counted(game_store, monkeypatch)
    games.submit_turn(
        store=game_store,
        game_id=created.game_id,
        seat=seat,
        loaded=_guarded(game_store, created.game_id, seat, created.tokens[seat]),
        if_match=None,
        key="a-key",
        actions=actions,
    )
    assert +calls == Counter(secrets=1, known_state=1, spec_of=1, answer=1, append=1)


def test_a_turn_on_the_loop_reads_nothing_and_looks_its_spec_up_once(
    store: tuple[GameStore, CreatedGame], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_store, created = store
    seat, actions = _a_turn(game_store, created.game_id)
    calls = _counted(game_store, monkeypatch)
    answer = asyncio.run(
        loop_commands.submit_turn_on_loop(
            store=game_store,
            game_id=created.game_id,
            seat=seat,
            loaded=_guarded(game_store, created.game_id, seat, created.tokens[seat]),
            if_match=None,
            key=None,
            actions=actions,
        )
    )
    assert answer.result.view.version == answer.result.version
    assert +calls == Counter(spec_of=1)


def test_the_loop_and_the_thread_answer_a_turn_alike(tmp_path: Path) -> None:
    answers = []
    for where in ("loop", "thread"):
        settings = Settings(sqlite_path=str(tmp_path / f"{where}.sqlite"))
        opened = GameStore(settings)
        try:
            request = CreateGame(players=("Ann", "Bo", "Cy"), seed="alike")
            created = creation.create_game(opened, settings, request).value
            seat, actions = _a_turn(opened, created.game_id)
            command = games.turn(created.game_id, seat, actions)
            loaded = _guarded(opened, created.game_id, seat, created.tokens[seat])
            if where == "loop":
                answer = asyncio.run(pipeline.run_on_loop(opened, command, loaded))
            else:
                answer = pipeline.run(opened, command, loaded)
            answers.append((answer.result.version, answer.result.events, answer.result.view))
        finally:
            opened.close()
    assert answers[0] == answers[1]


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({}, Counter(spec_of=1)),
        ({"Idempotency-Key": "a-key"}, Counter(spec_of=1, answer=1, append=1)),
    ],
    ids=["on-the-loop", "keyed-in-a-thread"],
)
def test_a_turn_over_http_reads_no_more_than_its_guard_and_pipeline_do(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    headers: dict[str, str],
    expected: Counter[str],
) -> None:
    """The guard's load is the pipeline's: a request adds no read of its own (a game this
    process dealt is held in memory)."""
    settings = Settings(sqlite_path=str(tmp_path / "events.sqlite"))
    with TestClient(create_app(settings)) as client:
        body = {"players": ["Ann", "Bo", "Cy"], "seed": "one-pipeline"}
        created = client.post("/games", json=body).json()
        game_store = client.app.state.store
        assert isinstance(game_store, GameStore)
        seat, actions = _a_turn(game_store, UUID(created["game_id"]))
        calls = _counted(game_store, monkeypatch)
        response = client.post(
            f"/games/{created['game_id']}/seats/{seat}/turns",
            json={"actions": msgspec.to_builtins(actions)},
            headers={"Authorization": f"Bearer {created['tokens'][seat]}", **headers},
        )
    assert response.status_code == 200, response.text
    assert +calls == expected
