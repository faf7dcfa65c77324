"""No page of the service names a game: what differs by game comes from the service (issue 17).

The browser's pages (`service/static/**/*.js`: the play page, the replay viewer) are
clients of the API; the games they offer, where a game's options go in a match's body,
how its events end a game and which event types a stream sends come from
`GET /play/games.json` (`service.api.play`, from the registry), and its views and events
are drawn from the fields they carry. A scan of every module's string literals (quoted
strings and the text of template literals; comments are prose and are not read) for one
that is a game's name in the registry (`domain.games.GAMES`), compared without case, keeps
them so: a fifth game joins the scan by its registration alone. The storage keys'
product prefix (`penang-rummy-tables`) is not a game's name, and is not one of them.

What is still found is listed in `ALLOWED` with the reason it is left; a test keeps the
list exact (an entry nothing matches any more must go).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from domain.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "service" / "static"
#: Each game's name, as the registry has it.
NAMES = frozenset(name.lower() for name in GAMES)
#: What a page still names, by module: each finding, how many times, and why.
ALLOWED: dict[str, dict[str, tuple[int, str]]] = {}


def string_literals(source: str) -> list[str]:
    """The string literals of a JavaScript module: each quoted string's text, and each
    template literal's text between its `${...}` parts (which are read as code).

    A small reader, enough for the service's own pages: comments are skipped, escapes
    are kept as written; a regular expression literal is read as code, so the pages keep
    quotes out of theirs.
    """
    found: list[str] = []
    _read_code(source, 0, found, closing=None)
    return found


def _read_code(source: str, at: int, found: list[str], closing: str | None) -> int:
    """Read code from `at` until `closing` (the `}` of a template's `${`) or the end."""
    depth = 0
    while at < len(source):
        char = source[at]
        if source.startswith("//", at):
            at = source.find("\n", at)
            at = len(source) if at < 0 else at
        elif source.startswith("/*", at):
            end = source.find("*/", at + 2)
            at = len(source) if end < 0 else end + 2
        elif char in "'\"":
            at = _read_quoted(source, at, found)
        elif char == "`":
            at = _read_template(source, at + 1, found)
        elif char == "{":
            depth += 1
            at += 1
        elif char == "}":
            if depth == 0 and closing == "}":
                return at + 1
            depth -= 1
            at += 1
        else:
            at += 1
    return at


def _read_quoted(source: str, at: int, found: list[str]) -> int:
    quote, at, text = source[at], at + 1, []
    while at < len(source) and source[at] != quote:
        if source[at] == "\\":
            text.append(source[at : at + 2])
            at += 2
            continue
        text.append(source[at])
        at += 1
    found.append("".join(text))
    return at + 1


def _read_template(source: str, at: int, found: list[str]) -> int:
    text: list[str] = []
    while at < len(source) and source[at] != "`":
        if source[at] == "\\":
            text.append(source[at : at + 2])
            at += 2
        elif source.startswith("${", at):
            found.append("".join(text))
            text = []
            at = _read_code(source, at + 2, found, closing="}")
        else:
            text.append(source[at])
            at += 1
    found.append("".join(text))
    return at + 1


def findings(path: Path) -> Counter[str]:
    """The string literals of `path` that are a game's name, counted."""
    literals = string_literals(path.read_text(encoding="utf-8"))
    return Counter(f"literal {text!r}" for text in literals if text.lower() in NAMES)


def _pages() -> list[Path]:
    return sorted(STATIC.rglob("*.js"))


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", _pages(), ids=_relative)
def test_no_page_names_a_game_but_those_listed(path: Path) -> None:
    allowed = {finding: count for finding, (count, _) in ALLOWED.get(_relative(path), {}).items()}
    assert dict(findings(path)) == allowed


def test_every_listed_module_is_a_page() -> None:
    assert set(ALLOWED) <= {_relative(path) for path in _pages()}


def test_the_scan_reads_the_pages_and_knows_every_game() -> None:
    pages = {_relative(path) for path in _pages()}
    assert {"service/static/play/play.js", "service/static/viewer/table.js"} <= pages
    assert {"penang", "three-thirteen"} <= NAMES


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.js"
    sample.write_text(
        "/** A comment may say penang, and 'rummy' in quotes. */\n"
        'const STORE = "penang-rummy-tables"; // "gin" in a comment\n'
        "if (game === \"penang\" || game === 'Rummy') go();\n"
        "const t = `${game === `three-thirteen` ? { a: 'gin' }.a : \"x\"} plays gin`;\n"
        "const escaped = 'it\\'s \"penang\"';\n",
        encoding="utf-8",
    )
    assert findings(sample) == {
        "literal 'penang'": 1,
        "literal 'Rummy'": 1,
        "literal 'three-thirteen'": 1,
        "literal 'gin'": 1,
    }
    assert "penang-rummy-tables" in string_literals(sample.read_text(encoding="utf-8"))
