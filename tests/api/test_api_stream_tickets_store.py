"""Stream tickets in the store: made by one process, used exactly once by any process over
the same database (two `GameStore`s over one SQLite file or one PostgreSQL database
are two processes' stores), and forgotten a while after they expire."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID, uuid4

import pytest

from service.errors import TicketUsed
from service.settings import Settings
from service.store import GameStore
from service.store.tickets import KEEP_SECONDS, TicketRow
from service.usecases import auth, creation, tickets
from service.usecases.messages import CreateGame

from .conftest import STORES

NOW = 1_800_000_000.0


@pytest.fixture(params=STORES)
def two_stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[GameStore]]:
    """Two stores over one database, as two processes of the service would open it."""
    if request.param == "postgres":
        settings: Settings = request.getfixturevalue("postgres_settings")
    else:
        settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"))
    stores = [GameStore(settings), GameStore(settings)]
    yield stores
    for store in stores:
        store.close()


def _game(store: GameStore) -> tuple[UUID, list[str]]:
    created = creation.create_game(
        store, Settings(), CreateGame(players=("Aminah", "Ben"), seed=str(uuid4()))
    ).value
    return created.game_id, list(created.tokens)


def test_a_ticket_made_in_one_process_is_used_once_in_another(
    two_stores: list[GameStore],
) -> None:
    here, there = two_stores
    game_id, tokens = _game(here)
    made = tickets.game_ticket(here, game_id, 1, auth.token_hash(tokens[1]), NOW)
    hashes = there.secrets(game_id).token_sha256
    row = tickets.use(there, made.ticket, ("game", game_id), hashes, NOW + 1)
    assert (row.seat, row.kind) == (1, "game")
    with pytest.raises(TicketUsed):
        tickets.use(here, made.ticket, ("game", game_id), hashes, NOW + 2)


def test_of_racing_uses_in_two_processes_exactly_one_wins(two_stores: list[GameStore]) -> None:
    rows = TicketRow("game", uuid4(), 0, "f" * 64, NOW + 60)
    two_stores[0].tickets.add("a" * 64, rows, NOW)
    barrier = threading.Barrier(8)
    won: list[bool] = []

    def race(store: GameStore) -> None:
        barrier.wait()
        won.append(store.tickets.use("a" * 64, NOW + 1))

    racers = [threading.Thread(target=race, args=(two_stores[i % 2],)) for i in range(8)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(won) == [False] * 7 + [True]


def test_a_ticket_is_used_only_before_it_expires(two_stores: list[GameStore]) -> None:
    table = two_stores[0].tickets
    table.add("b" * 64, TicketRow("match", uuid4(), 2, "e" * 64, NOW + 60), NOW)
    assert not table.use("b" * 64, NOW + 60)
    found = table.find("b" * 64)
    assert found is not None and found.used is None and found.seat == 2


def test_tickets_long_expired_are_forgotten_when_a_ticket_is_made(
    two_stores: list[GameStore],
) -> None:
    table = two_stores[0].tickets
    table.add("c" * 64, TicketRow("game", uuid4(), 0, "e" * 64, NOW + 60), NOW)
    table.add("d" * 64, TicketRow("game", uuid4(), 0, "e" * 64, NOW + 61), NOW + 60 + KEEP_SECONDS)
    assert table.find("c" * 64) is not None, "expired, but kept to say so"
    table.add("e" * 64, TicketRow("game", uuid4(), 0, "e" * 64, NOW + 62), NOW + 61 + KEEP_SECONDS)
    assert table.find("c" * 64) is None
    assert table.find("d" * 64) is not None
