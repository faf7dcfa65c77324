"""`penang-rummy simulate`: in process and against a `serve` process, its summary, its
records (each one `penang-rummy verify` accepts), its refusals and Ctrl-C."""

from __future__ import annotations

import http.server
import io
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec
import pytest
from patience import PATIENCE
from rich.console import Console

from domain.records import load_record
from service.cli.main import main
from service.cli.simulate_words import print_summary
from service.simulation.summary import Summary

from .support import ROOT, free_port, serve


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["simulate", *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert "games/s" not in captured.err, "--json shows no progress bar"
    summary: dict[str, Any] = json.loads(captured.out)
    return summary


def _check_consistent(summary: dict[str, Any]) -> None:
    games, players = summary["games"], summary["players"]
    assert sum(summary["endings"].values()) == games
    assert sum(row["seats_played"] for row in summary["by_bot"]) == games * players
    for table in ("by_bot", "by_seat", "by_turn_order"):
        assert sum(row["wins"] for row in summary[table]) == pytest.approx(games, abs=0.01)
    for row in summary["by_bot"]:
        assert row["win_rate"] == pytest.approx(row["wins"] / row["seats_played"], abs=1e-4)
        assert 0 <= row["points"]["median"] <= row["points"]["p90"] <= row["points"]["max"]
    assert summary["turns"]["max"] >= summary["turns"]["p90"] >= summary["turns"]["median"] >= 1


def _verified(records: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    verdicts = []
    for record in sorted(records.iterdir()):
        assert main(["verify", str(record)]) == 0, capsys.readouterr()
        verdicts.append(capsys.readouterr().out)
    return verdicts


def test_simulate_in_process_sums_up_and_every_record_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records"
    summary = _simulate(
        capsys, "--games", "12", "--players", "3", "--seed", "9", "--records", str(records)
    )
    assert (summary["games"], summary["planned"], summary["interrupted"]) == (12, 12, False)
    assert [row["bot"] for row in summary["by_bot"]] == ["greedy", "random"]
    _check_consistent(summary)
    verdicts = _verified(records, capsys)
    assert len(verdicts) == 12
    assert all("the deal was recomputed from the revealed seed" in line for line in verdicts)
    again = _simulate(capsys, "--games", "12", "--players", "3", "--seed", "9")
    assert {**again, "seconds": 0, "games_per_second": 0} == {
        **summary,
        "seconds": 0,
        "games_per_second": 0,
    }


def test_simulate_prints_a_summary_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "2", "--cards", "8"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 games, 2 players, 8 cards each, bots greedy,random, seed 0:")
    for words in ("games/s", "by bot", "greedy", "random", "by seat", "ended by Game:"):
        assert words in out, words
    assert "turns per game: mean" in out


def _summary_lines(summary: Summary, width: int) -> list[str]:
    """The summary in words at `width` columns, but its tables' lines."""
    written = io.StringIO()
    print_summary(summary, Console(file=written, width=width, color_system=None))
    return [line for line in written.getvalue().splitlines() if not _BOX.search(line)]


_BOX = re.compile("[┏┃┡│└]")


def _sentences(lines: list[str]) -> list[str]:
    """The lines with each continuation (indented) joined to the line it continues."""
    joined: list[str] = []
    for line in lines:
        if line.startswith("  ") and joined:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


@pytest.mark.parametrize("game", ["penang", "gin"])
def test_the_summary_in_words_breaks_its_lines_between_phrases_only(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    summary = msgspec.json.decode(
        json.dumps(_simulate(capsys, "--game", game, "--games", "3", "--seed", "2")),
        type=Summary,
    )
    wide = _summary_lines(summary, 1000)
    assert wide[0].endswith(" decisions/s") and len(wide) == 5, wide
    for width in (40, 50, 60, 72, 80, 100):
        lines = _summary_lines(summary, width)
        assert all(len(line) <= width and line == line.rstrip() for line in lines), lines
        for before, line in itertools.pairwise(lines):
            if line.startswith("  "):  # a break: after a phrase's comma or colon, or a word
                assert before.endswith((",", ":")) or line.lstrip().startswith("("), lines
        assert _sentences(lines) == wide, width


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--players", "6"], "Penang Rummy takes 2 to 5 players, not 6"),
        (["--bots", "greedy,clever"], "no bot is called 'clever'"),
        (["--games", "0"], "play at least one game"),
        (["--clients", "2"], "give --url too"),
        (["--cards", "40", "--players", "5"], "more than the"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    assert main(["simulate", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("penang-rummy simulate: ") and named in line, line


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A `penang-rummy serve` process over an SQLite file of its own."""
    with serve(tmp_path, "--sqlite-synchronous", "normal") as base:
        yield base


def test_simulate_over_http_plays_the_same_games_as_in_process(
    server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ["--games", "6", "--players", "3", "--cards", "10", "--seed", "http"]
    remote, local = tmp_path / "remote", tmp_path / "local"
    over_http = _simulate(
        capsys, *options, "--url", server, "--clients", "2", "--records", str(remote)
    )
    in_process = _simulate(capsys, *options, "--records", str(local))
    _check_consistent(over_http)
    timing = {"seconds": 0, "games_per_second": 0}
    assert {**over_http, **timing} == {**in_process, **timing}
    # Each seat's bot saw the same view either way, so every game is the same game.
    for name in sorted(path.name for path in local.iterdir()):
        served = load_record((remote / name).read_bytes())
        assert served.events == load_record((local / name).read_bytes()).events
        assert served.signature is not None, "the service signs its export"
    assert all("chain intact" in line for line in _verified(remote, capsys))


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "words"])
def test_simulate_refuses_a_service_that_is_not_there_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, as_json: bool
) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    records = tmp_path / "records"
    args = ["simulate", "--games", "2", "--url", url, "--records", str(records)]
    assert main([*args, *(["--json"] if as_json else [])]) == 1
    captured = capsys.readouterr()
    assert captured.out == "", "no summary of no games"
    (line,) = captured.err.strip().splitlines()
    assert line.startswith(f"penang-rummy simulate: no service answers at {url}: "), line
    assert "penang-rummy serve" in line
    assert not records.exists()


class _NotFound(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_error(404, "Not Found")

    def log_message(self, format: str, *args: object) -> None:
        pass  # the test reads the command's standard error only


@pytest.fixture
def not_the_service() -> Iterator[str]:
    """An HTTP server that answers 404 to everything: some other program on the port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NotFound)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_simulate_refuses_a_url_that_is_not_the_service(
    capsys: pytest.CaptureFixture[str], not_the_service: str
) -> None:
    assert main(["simulate", "--games", "2", "--url", not_the_service]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    expected = f"{not_the_service} is not a Penang Rummy service ready to play: GET /ready 404"
    assert line.startswith(f"penang-rummy simulate: {expected}"), line


@contextmanager
def _interruptible() -> Iterator[None]:
    """Children started here take Ctrl-C, whatever this process does with it.

    A command started in the background of a non-interactive shell inherits SIGINT
    ignored (as the shell means for background jobs), and so does every child it
    starts: the test must not depend on how pytest itself was started. A handler (not
    an ignore) is reset to the default in the child, which Python turns into
    KeyboardInterrupt.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("where", ["in process", "over http"])
def test_ctrl_c_stops_with_the_summary_of_the_games_played(
    tmp_path: Path, request: pytest.FixtureRequest, where: str
) -> None:
    records = tmp_path / "records"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "service.cli", "simulate", "--games", "100000"]
    command += ["--players", "2", "--json", "--records", str(records)]
    if where == "over http":
        command += ["--url", request.getfixturevalue("server"), "--clients", "2"]
    with _interruptible():
        process = subprocess.Popen(
            command,
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    try:
        deadline = time.monotonic() + PATIENCE
        while not records.exists() or len(list(records.iterdir())) < 3:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no game was played"
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err
    summary = json.loads(out)
    assert summary["interrupted"] is True
    assert 3 <= summary["games"] < summary["planned"] == 100000
    _check_consistent(summary)
    assert len(list(records.iterdir())) >= summary["games"]
