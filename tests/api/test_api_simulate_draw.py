"""`penang-rummy simulate --game rummy|three-thirteen`: matches of the draw games between
their bots in process (R31), the summary, the records `penang-rummy verify` replays, and
the options refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.match.records import load_match_record
from service.cli.main import main

from .support import serve
from .test_api_simulate import _check_consistent, _simulate


def test_rummy_matches_sum_up_and_every_record_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    args = ("--game", "rummy", "--games", "4", "--players", "3", "--seed", "5")
    summary = _simulate(capsys, *args, "--target", "60", "--records", str(records))
    assert (summary["game"], summary["games"], summary["interrupted"]) == ("rummy", 4, False)
    assert set(summary["endings"]) == {"target", "games"} and summary["endings"]["target"] == 4
    _check_consistent(summary)
    names = sorted(path.name for path in records.iterdir())
    assert names == [f"match-00000{n}.json" for n in range(1, 5)]
    for name in names:
        assert main(["verify", str(records / name)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("valid: ") and "recomputed from the revealed match seed" in out
    again = _simulate(capsys, *args, "--target", "60")
    assert {**again, "seconds": 0, "games_per_second": 0} == {
        **summary,
        "seconds": 0,
        "games_per_second": 0,
    }


def test_a_three_thirteen_match_is_eleven_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    summary = _simulate(
        capsys, "--game", "three-thirteen", "--games", "1", "--players", "2",
        "--bots", "greedy", "--records", str(records),
    )  # fmt: skip
    assert summary["endings"] == {"games": 1}
    _check_consistent(summary)
    assert main(["verify", str(records / "match-000001.json")]) == 0
    assert "valid: 11 hands follow the rules" in capsys.readouterr().out


def test_rummy_matches_print_a_summary_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "rummy", "--games", "2", "--hands", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 matches of basic Rummy, 4 players, bots greedy,random, seed 0:")
    for words in ("matches/s", "by bot", "totals: mean", "matches ended at the target: 0"):
        assert words in out, words
    assert "after the hands: 2 (100.0%)" in out and "turns per match: mean" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "rummy", "--bots", "patient"], "no bot is called 'patient'"),
        (["--game", "rummy", "--players", "7"], "basic Rummy takes 2 to 6 players, not 7"),
        (["--game", "rummy", "--target", "50", "--hands", "3"], "not both"),
        (["--game", "three-thirteen", "--cards", "5"], "no --cards"),
        (["--game", "three-thirteen", "--hands", "5"], "is its 11 hands (T1)"),
        (["--target", "50"], "end a match of basic Rummy"),
    ],
)
def test_bad_draw_game_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    assert main(["simulate", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("penang-rummy simulate: ") and named in line, line


@pytest.mark.parametrize("game", ["rummy", "three-thirteen"])
def test_draw_matches_over_http_are_the_matches_played_in_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    options = ["--game", game, "--games", "2", "--players", "2", "--seed", "http"]
    if game == "rummy":
        options += ["--target", "40"]
    else:
        options += ["--bots", "greedy"]
    remote, local = tmp_path / "remote", tmp_path / "local"
    with serve(tmp_path, "--sqlite-synchronous", "normal") as url:
        over_http = _simulate(
            capsys, *options, "--url", url, "--clients", "2", "--records", str(remote)
        )
    in_process = _simulate(capsys, *options, "--records", str(local))
    _check_consistent(over_http)
    timing = {"seconds": 0, "games_per_second": 0}
    assert {**over_http, **timing} == {**in_process, **timing}
    for name in sorted(path.name for path in local.iterdir()):
        served = load_match_record((remote / name).read_bytes())
        here = load_match_record((local / name).read_bytes())
        # The same hands, dealt alike and played alike; the service names them by its ids.
        assert [g.events for g in served.games] == [g.events for g in here.games]
        assert all(g.signature is not None for g in served.games), "the service signs"
        assert main(["verify", str(remote / name)]) == 0
        assert capsys.readouterr().out.startswith("valid: ")
