"""No hidden list of games: a list of the games outside the registry is one a new game
is silently left out of (issue 30).

An AST scan of `domain/`, `service/` and `tests/`, outside the registered games'
packages and their own test folders (`tests/unit/<package>/`), for a list, tuple, set
or dict that names two or more games, by name (`"rummy"`) or title (`"basic Rummy"`),
and for a pattern that offers two or more as alternatives (`basic Rummy|Three
Thirteen`). Such a list reads the registry instead (`domain.games.GAMES`, each game's
`title`). What is still found is listed in `ALLOWED`, by file, with how many and why:
a test keeps the record exact (an entry nothing matches any more must go).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from domain.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
#: Each game's name, its title and its package's last part, as they are written.
_PACKAGES = {type(game).__module__.split(".")[1] for game in GAMES.values()}
WORDS = frozenset(set(GAMES) | {game.title.lower() for game in GAMES.values()} | _PACKAGES)
#: Where a game is at home: its package and its own tests.
HOMES = tuple(ROOT / "domain" / package for package in _PACKAGES) + tuple(
    ROOT / "tests" / "unit" / package for package in _PACKAGES
)


def _named(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        word = node.value.lower()
        return word if word in WORDS else None
    return None


def hidden_lists(source: str) -> list[int]:
    """The lines of `source` where a list or a pattern names two or more games."""
    found = []
    for node in ast.walk(ast.parse(source)):
        items: list[ast.expr] | None = None
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [*(key for key in node.keys if key is not None), *node.values]
        if items is not None and len({_named(item) for item in items} - {None}) >= 2:
            found.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "|" in node.value:
            options = {part.lower() for part in re.split(r"[|()]", node.value)}
            if len(options & WORDS) >= 2:
                found.append(node.lineno)
    return found


def _scanned() -> list[Path]:
    return sorted(
        path
        for top in ("domain", "service", "tests")
        for path in (ROOT / top).rglob("*.py")
        if not any(path.is_relative_to(home) for home in HOMES)
    )


#: What is still found, by file: how many lists, and why each file keeps them.
ALLOWED: dict[str, tuple[int, str]] = {
    "tests/api/test_api_bot_records.py": (1, "the games whose bots' records it checks"),
    "tests/api/test_api_draw_clock.py": (3, "the draw games' clocks, each hand's end event"),
    "tests/api/test_api_draw_games.py": (1, "the games on the draw core it deals decks for"),
    "tests/api/test_api_match_views.py": (2, "each game's match view, by its shape"),
    "tests/api/test_api_simulate.py": (1, "a game with and one without a stock"),
    "tests/api/test_api_simulate_draw.py": (1, "the games on the draw core"),
    "tests/api/test_api_simulate_signing.py": (1, "a game with and one without a stock"),
    "tests/audit/test_audit_draw_timeouts.py": (7, "the games on the draw core's clock"),
    "tests/bench/bench_bot_seats.py": (1, "a table per game, its deck and options"),
    "tests/browser/test_browser_access.py": (1, "a game with and one without a stock"),
    "tests/browser/test_browser_viewer_draw.py": (1, "the viewer's table per shape"),
    "tests/browser/test_browser_vs_bots.py": (2, "the lobby's words per game it plays"),
    "tests/clients/test_clients_python.py": (1, "the generated client's draw rules types"),
    "tests/property/games_played.py": (1, "OWN_PLAYS: the plays a game adds of its own"),
    "tests/property/test_draw_bots.py": (2, "each draw game's bots and their deals"),
    "tests/unit/test_core_names_no_game.py": (1, "checks the scan knows the names"),
    "tests/unit/test_pages_name_no_game.py": (1, "checks the scan knows the names"),
}


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", _scanned(), ids=_relative)
def test_no_file_keeps_a_list_of_games_but_those_listed(path: Path) -> None:
    found = len(hidden_lists(path.read_text(encoding="utf-8")))
    assert found == ALLOWED.get(_relative(path), (0, ""))[0], hidden_lists(path.read_text())


def test_every_allowed_entry_is_a_scanned_file() -> None:
    assert set(ALLOWED) <= {_relative(path) for path in _scanned()}


def test_the_scan_finds_a_list_and_a_pattern_of_games() -> None:
    first, second = sorted(GAMES)[:2]
    titles = "|".join(game.title for game in GAMES.values())
    source = f'x = ({first!r}, {second!r})\ny = {{{first!r}: 1}}\nz = r"(?P<g>{titles})"\n'
    assert hidden_lists(source) == [1, 3]
