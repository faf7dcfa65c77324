"""`POST /records/views`: a record file's spectator views per version, verified first."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.app import create_app
from service.settings import Settings

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "records"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with TestClient(create_app(Settings(sqlite_path=str(tmp_path / "g.sqlite")))) as made:
        yield made


def test_a_golden_record_answers_the_view_the_service_gives_at_every_version(
    client: TestClient,  # type: ignore[type-arg]
) -> None:
    record = (GOLDEN / "two-players-seven-cards-35.json").read_bytes()
    answer = client.post("/records/views", json={"record": record.decode()})
    assert answer.status_code == 200, answer.text
    views = answer.json()["game"]["views"]
    imported = client.post(
        "/games/import", content=record, headers={"content-type": "application/json"}
    ).json()
    assert len(views) == imported["version"]
    for version in (1, len(views) // 2, len(views)):
        served = client.get(f"/games/{imported['game_id']}", params={"version": version}).json()
        assert views[version - 1] == served


def test_a_draw_game_record_as_ndjson_of_format_2_replays(
    client: TestClient,  # type: ignore[type-arg]
) -> None:
    body = {
        "players": ["Aminah", "Ben"],
        "game": "rummy",
        "draw_rules": {"game": "rummy", "cards_per_player": 3},
        "seed": "table-255",
    }
    game = client.post("/games", json=body).json()
    auth = {"authorization": f"Bearer {game['tokens'][0]}"}
    turns = (
        [{"type": "draw", "source": "stock"}],
        [{"type": "meld", "cards": ["3S", "4S", "5S"]}, {"type": "discard", "card": "7D"}],
    )
    for actions in turns:
        played = client.post(
            f"/games/{game['game_id']}/seats/0/turns", json={"actions": actions}, headers=auth
        )
        assert played.status_code == 200, played.text
    ndjson = client.get(f"/games/{game['game_id']}/record.ndjson").content
    answer = client.post("/records/views", json={"record": ndjson.decode()}).json()
    assert answer["format"] == "penang-rummy-record/2"
    assert answer["game"]["verdict"]["signature"] == "valid"
    assert answer["game"]["views"][-1]["result"]["reason"] == "out"
    assert answer["game"]["events"][1]["event"] == {
        "type": "Drew",
        "seat": 0,
        "source": "stock",
        "card": "4S",
    }


def test_a_tampered_record_is_refused_in_the_verifiers_words(
    client: TestClient,  # type: ignore[type-arg]
) -> None:
    record = json.loads((GOLDEN / "two-players.json").read_text(encoding="utf-8"))
    record["events"][1]["cards"] = ["AS", "AS", "AS"]
    answer = client.post("/records/views", json={"record": json.dumps(record)})
    assert answer.status_code == 422
    problem = answer.json()
    assert (problem["code"], problem["rule"], problem["event_index"]) == (
        "card-not-in-hand",
        "P13",
        1,
    )
    assert problem["detail"].startswith("invalid: event 1: P13 card-not-in-hand")


def test_a_record_nested_without_end_is_malformed_not_a_crash(
    client: TestClient,  # type: ignore[type-arg]
) -> None:
    nested = "[" * 100_000 + "]" * 100_000
    answer = client.post("/records/views", json={"record": nested})
    assert answer.status_code == 422, answer.text
    assert (answer.json()["code"], answer.json()["field"]) == ("invalid-request", "record")
