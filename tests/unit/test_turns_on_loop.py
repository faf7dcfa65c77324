"""A turn decided on the event loop: only its write awaited, no worker thread, unless it
needs a read (then it is taken whole in a thread, as before)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import anyio.to_thread
import pytest

from domain.errors import RummyError
from domain.penang.commands import Action
from domain.penang.game import play_turn
from domain.penang.moves import legal_moves
from domain.penang.state import PenangState
from service.api import guards
from service.errors import UnknownToken
from service.settings import Settings
from service.store import GameStore
from service.usecases import creation, loop_commands
from service.usecases.messages import CreatedGame, CreateGame


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[GameStore, CreatedGame]]:
    settings = Settings(sqlite_path=str(tmp_path / "events.sqlite"))
    store = GameStore(settings)
    request = CreateGame(players=("Ann", "Bo", "Cy"), seed="on-loop")
    created = creation.create_game(store, settings, request).value
    yield store, created
    store.close()


def _a_turn(store: GameStore, game_id: UUID) -> tuple[int, list[Action]]:
    state = store.state(game_id)
    assert isinstance(state, PenangState) and state.turn is not None
    moves = legal_moves(state, state.turn)
    return state.turn, [(moves.melds or moves.lay_offs)[0]]


def _threads_counted(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    taken: list[Any] = []
    real = anyio.to_thread.run_sync

    async def counted(function: Any, *args: Any, **kwargs: Any) -> Any:
        taken.append(function)
        return await real(function, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    return taken


async def _submit(store: GameStore, game_id: UUID, seat: int, token: str, **options: Any) -> Any:
    """A turn as `submitTurn` takes it: its guard's load and check, then the loop's command."""
    seat_actions = options.pop("actions")
    loaded = await guards.seat_command(store, game_id, seat, f"Bearer {token}")
    return await loop_commands.submit_turn_on_loop(
        store=store,
        game_id=game_id,
        seat=seat,
        loaded=loaded,
        if_match=options.get("if_match"),
        key=options.get("key"),
        actions=seat_actions,
    )


def test_a_turn_on_a_cached_game_takes_no_thread_and_is_stored(
    store: tuple[GameStore, CreatedGame], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = str(tmp_path / "events.sqlite")
    game_store, created = store
    game_id = created.game_id
    seat, actions = _a_turn(game_store, game_id)
    before = game_store.state(game_id).version
    threads = _threads_counted(monkeypatch)
    answer = asyncio.run(_submit(game_store, game_id, seat, created.tokens[seat], actions=actions))
    assert threads == []
    assert answer.result.version > before
    # What was answered is what is stored: a fresh store reads the same game.
    fresh = GameStore(Settings(sqlite_path=path))
    try:
        assert fresh.state(game_id).version == answer.result.version
    finally:
        fresh.close()


def test_a_turn_with_an_idempotency_key_is_taken_in_a_thread(
    store: tuple[GameStore, CreatedGame], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_store, created = store
    seat, actions = _a_turn(game_store, created.game_id)
    threads = _threads_counted(monkeypatch)
    key = "k" * 20
    answer = asyncio.run(
        _submit(game_store, created.game_id, seat, created.tokens[seat], actions=actions, key=key)
    )
    assert len(threads) == 1 and not answer.replayed
    again = asyncio.run(
        _submit(game_store, created.game_id, seat, created.tokens[seat], actions=actions, key=key)
    )
    assert again.replayed and again.result == answer.result


def test_a_refused_decision_on_the_cached_state_is_taken_again_in_a_thread(
    store: tuple[GameStore, CreatedGame], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cached state may be behind: its refusal is judged once more on the stored game."""
    game_store, created = store
    seat, actions = _a_turn(game_store, created.game_id)
    wrong_seat = (seat + 1) % 3
    threads = _threads_counted(monkeypatch)
    before = game_store.state(created.game_id).version
    with pytest.raises(RummyError):
        asyncio.run(
            _submit(
                game_store, created.game_id, wrong_seat, created.tokens[wrong_seat], actions=actions
            )
        )
    assert len(threads) == 1
    assert game_store.state(created.game_id).version == before


def test_a_wrong_token_is_refused_on_the_loop(
    store: tuple[GameStore, CreatedGame], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_store, created = store
    seat, actions = _a_turn(game_store, created.game_id)
    threads = _threads_counted(monkeypatch)
    with pytest.raises(UnknownToken):
        asyncio.run(_submit(game_store, created.game_id, seat, "not-a-token", actions=actions))
    assert threads == []


def test_a_write_whose_waiter_is_cancelled_is_still_stored_and_told(
    store: tuple[GameStore, CreatedGame], tmp_path: Path
) -> None:
    """A request cancelled (its client gone) while its write commits leaves the write
    whole, and the streams still hear of it."""
    game_store, created = store
    game_id = created.game_id
    seat, actions = _a_turn(game_store, game_id)
    state = game_store.state(game_id)
    assert isinstance(state, PenangState)
    events = play_turn(state, seat, actions)
    told: list[Any] = []
    game_store.listeners.add(told.append)

    async def cancelled_then_committed() -> None:
        writing = asyncio.ensure_future(game_store.append_async(game_id, state.version, events))
        await asyncio.sleep(0)  # the write is handed over; its waiter now waits
        writing.cancel()
        with pytest.raises(asyncio.CancelledError):
            await writing
        for _ in range(500):
            if told:
                return
            await asyncio.sleep(0.01)

    asyncio.run(cancelled_then_committed())
    assert told and told[0][0].stream == game_id
    reread = GameStore(Settings(sqlite_path=str(tmp_path / "events.sqlite")))
    try:
        assert reread.state(game_id).version == state.version + len(events)
    finally:
        reread.close()
