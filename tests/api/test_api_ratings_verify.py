"""`penang-rummy ratings verify` (R70-R74): the ratings recomputed offline from the
games' signed records agree with what the service publishes, and a record tampered
with, a record missing, or a published rating altered is named."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from pathlib import Path

import pytest
from rated_games import rated_games, store_games

from service.cli.main import main
from service.settings import Settings

from .support import Api

#: Rated games the service plays out and the check recomputes.
GAMES = 50


@pytest.fixture
def published(tmp_path: Path, make_api: Callable[[Settings], Api]) -> tuple[Path, Path, Path]:
    """A folder of the service's records of `GAMES` rated games, its key document and its
    published ratings, saved as files."""
    api = make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite")))
    tag = "".join(secrets.choice("cdfghjkpqvwxyz") for _ in range(6))
    ids = []
    for n in range(6):
        created = api.client.post("/players", json={"handle": f"V{tag}{n}"})
        assert created.status_code == 201, created.text
        ids.append(created.json()["player_id"])
    games = rated_games(ids, GAMES // 2, "verify-penang", seats=3)
    games += rated_games(ids, GAMES - GAMES // 2, "verify-gin", game="gin")
    folder = tmp_path / "records"
    folder.mkdir()
    for game_id in store_games(api.store, games):
        record = api.client.get(f"/games/{game_id}/record")
        assert record.status_code == 200, record.text
        (folder / f"{game_id}.json").write_bytes(record.content)
    keys = tmp_path / "keys.json"
    keys.write_bytes(api.client.get("/.well-known/penang-rummy-keys.json").content)
    ratings = tmp_path / "ratings.json"
    ratings.write_bytes(api.client.get("/ratings").content)
    assert len(json.loads(ratings.read_bytes())["games"]) == GAMES
    return folder, keys, ratings


def _verify(
    folder: Path, keys: Path, ratings: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    code = main(
        ["ratings", "verify", str(folder), "--keys", str(keys), "--published", str(ratings)]
    )
    return code, capsys.readouterr().out


def test_the_records_give_every_published_rating(
    published: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _verify(*published, capsys)
    assert code == 0, out
    assert out.startswith(f"agrees: {GAMES} records read, {GAMES} rated games applied"), out


def test_a_record_tampered_with_is_named(
    published: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, keys, ratings = published
    victim = sorted(folder.iterdir())[7]
    record = json.loads(victim.read_bytes())
    ended = record["events"][-2]
    ended["winners"] = [seat for seat in range(3) if seat not in ended["winners"]][:1]
    victim.write_text(json.dumps(record))
    code, out = _verify(folder, keys, ratings, capsys)
    assert code == 1, out
    assert f"tampered: {victim.name} (game {victim.stem})" in out, out


def test_a_record_missing_is_named(
    published: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, keys, ratings = published
    gone = sorted(folder.iterdir())[3]
    gone.unlink()
    code, out = _verify(folder, keys, ratings, capsys)
    assert code == 1, out
    assert f"missing: game {gone.stem}:" in out, out


def test_a_published_rating_altered_is_named(
    published: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, keys, ratings = published
    table = json.loads(ratings.read_bytes())
    table["ratings"][0]["mu"] += 0.5
    ratings.write_text(json.dumps(table))
    code, out = _verify(folder, keys, ratings, capsys)
    assert code == 1, out
    assert (
        f"rating: {table['ratings'][0]['game']}: player {table['ratings'][0]['player_id']}" in out
    )
