"""`penang-rummy simulate --game gin`: matches of Gin Rummy between its bots, played to a
target (G17, R47), in process and against a `serve` process, each record verified."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.match.events import MatchEnded
from domain.match.records import load_match_record
from service.cli.main import main

from .support import serve
from .test_api_simulate import _check_consistent, _simulate

#: Gin's matches are short at a low target: a hand or two each.
GIN = ("--game", "gin", "--players", "2", "--target", "40")


def test_gin_matches_in_process_sum_up_and_every_record_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    args = (*GIN, "--games", "4", "--seed", "gin")
    summary = _simulate(capsys, *args, "--records", str(records))
    assert (summary["game"], summary["matches"], summary["games"]) == ("gin", True, 4)
    assert summary["endings"] == {"target": 4}, "a Gin match is played to its target (G17)"
    _check_consistent(summary)
    assert summary["decisions"] > summary["turns"]["max"], "a Gin turn is several commands"
    names = sorted(path.name for path in records.iterdir())
    assert names == [f"match-00000{n}.json" for n in range(1, 5)]
    for name in names:
        match = load_match_record((records / name).read_bytes())
        ended = next(e for e in reversed(match.events) if isinstance(e, MatchEnded))
        assert max(ended.totals) >= 40 and ended.winners, "won at the target"
        assert main(["verify", str(records / name)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("valid: ") and "the match ended (target)" in out, out
        assert "recomputed from the revealed match seed" in out
    again = _simulate(capsys, *args)
    timing = {"seconds": 0, "games_per_second": 0}
    assert {**again, **timing} == {**summary, **timing}


def test_gin_matches_print_a_summary_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "gin", "--games", "2"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("2 matches of Gin Rummy, 2 players, bots greedy,random, seed 0:"), out
    for words in ("matches/s", "decisions/s", "totals: mean", "matches ended at the target: 2"):
        assert words in out, words
    assert "turns per match: mean" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "gin", "--players", "3"], "Gin Rummy takes 2"),
        (["--game", "gin", "--hands", "3"], "played to a target"),
        (["--game", "gin", "--cards", "7"], "no --cards"),
        (["--game", "gin", "--bots", "patient"], "no bot is called 'patient'"),
    ],
)
def test_bad_gin_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    assert main(["simulate", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("penang-rummy simulate: ") and named in line, line


def test_gin_matches_over_http_are_the_matches_played_in_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = [*GIN, "--games", "3", "--seed", "http"]
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
