"""Golden replays: seeded games recorded once (by regenerate.py) must still play out the same.

Each record must verify through the rules, fold to the end written in expected.json,
and be exactly what the bot plays again from the same seeds. A change to the rules,
the deal, the codec or the legal-move lists that alters an old game fails here; if
the change is meant, run `python tests/golden/regenerate.py` and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.penang.events import GameEnded
from domain.penang.fold import fold
from domain.record_proofs import verify_record
from domain.records import dump_record, load_record, make_record

from .regenerate import EXPECTED, GAMES, RECORDS, GoldenGame, expected_end, play

NAMES = [game.name for game in GAMES]


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return data


def record_path(name: str) -> Path:
    return RECORDS / f"{name}.json"


def test_the_golden_files_are_exactly_the_games_listed(
    expected: dict[str, dict[str, Any]],
) -> None:
    assert sorted(expected) == sorted(NAMES)
    assert sorted(path.stem for path in RECORDS.glob("*.json")) == sorted(NAMES)
    assert len(NAMES) == len(set(NAMES))


def test_the_games_cover_the_table_sizes_and_options() -> None:
    assert {game.players for game in GAMES} == {2, 3, 4, 5}
    assert {game.rules.jokers for game in GAMES} == {6, 8}
    assert not all(game.rules.auto_dead for game in GAMES)
    assert not all(game.seat_seeds for game in GAMES)


def test_the_records_reach_every_kind_of_end(expected: dict[str, dict[str, Any]]) -> None:
    assert {end["reason"] for end in expected.values()} == {"game", "all_dead"}


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
def test_a_golden_record_verifies_and_folds_to_its_expected_end(
    game: GoldenGame, expected: dict[str, dict[str, Any]]
) -> None:
    record = load_record(record_path(game.name).read_bytes())
    verdict = verify_record(record)
    assert verdict.valid, verdict.summary()
    assert (verdict.finished, verdict.deal) == (True, "verified")
    state = fold(record.events)
    assert isinstance(state.ended, GameEnded)
    end = expected[game.name]
    assert len(record.events) == end["events"]
    assert state.ended.reason == end["reason"]
    assert list(state.ended.winners) == end["winners"]
    assert list(state.ended.points) == end["points"]
    assert state.revealed_seed == game.server_seed.hex()
    assert expected_end(record.events) == end


@pytest.mark.parametrize("game", GAMES, ids=NAMES)
def test_the_bot_plays_the_same_game_again_from_the_same_seeds(game: GoldenGame) -> None:
    recorded = load_record(record_path(game.name).read_bytes())
    events = play(game)
    assert len(events) == len(recorded.events)
    for index, (again, before) in enumerate(zip(events, recorded.events, strict=True)):
        assert again == before, f"event {index} plays out differently"
    # And the file is byte for byte what the script would write.
    record = make_record(events, game_id=f"golden/{game.name}")
    assert dump_record(record) == record_path(game.name).read_bytes()
