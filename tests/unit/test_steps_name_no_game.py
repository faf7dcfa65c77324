"""The rules spec's code names no game: its steps and drivers ask the registry (issue 30).

An AST scan of `tests/spec/` for a string that is a game's name, title or package
(`"rummy"`, `"Gin Rummy"`, `"three13"`); docstrings are prose and are not read. A game's
own steps (`tests/spec/steps/<package>.py`, for the phrases of its own features) are
its home, as its package and its unit tests are. The features name games; the code
that runs them reads the game from the scenario and asks the registry what differs.
What is still found is listed in `ALLOWED` with the reason, and kept exact.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from domain.games import GAMES

from .test_core_names_no_game import _docstrings

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "tests" / "spec"
_PACKAGES = {type(game).__module__.split(".")[1] for game in GAMES.values()}
WORDS = frozenset(set(GAMES) | {game.title.lower() for game in GAMES.values()} | _PACKAGES)
#: A game's own steps.
HOMES = frozenset(SPEC / "steps" / f"{package}.py" for package in _PACKAGES)
#: By file and word: how often it may appear, and why.
ALLOWED: dict[tuple[str, str], tuple[int, str]] = {
    ("tests/spec/steps/draw.py", "rummy"): (
        1,
        "B9's phrase 'went rummy' (going out in one turn), the rules' word, not the game",
    ),
}


def named_games(source: str) -> Counter[str]:
    """The games `source` names by a string of its code (its docstrings left out)."""
    tree = ast.parse(source)
    prose = _docstrings(tree)
    return Counter(
        node.value.lower()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in prose
        and node.value.lower() in WORDS
    )


def _found() -> dict[tuple[str, str], int]:
    found: dict[tuple[str, str], int] = {}
    for path in sorted(SPEC.rglob("*.py")):
        if path in HOMES:
            continue
        for word, count in named_games(path.read_text(encoding="utf-8")).items():
            found[(str(path.relative_to(ROOT)), word)] = count
    return found


def test_the_rules_specs_code_names_no_game_but_in_a_games_own_steps() -> None:
    assert _found() == {key: count for key, (count, _) in ALLOWED.items()}


def test_a_step_that_names_a_game_is_found() -> None:
    name = next(iter(GAMES))
    source = f'"""Steps."""\n\ndef step(scene):\n    if scene.game == "{name}":\n        pass\n'
    assert named_games(source) == Counter({name: 1})
    assert named_games(f'"""{name}"""\n') == Counter()
