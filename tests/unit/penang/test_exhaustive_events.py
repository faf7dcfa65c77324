"""Every event type is handled where events are matched (DESIGN: `match` + `assert_never`).

The fold's `_apply` (`domain.penang.fold`) and `domain.penang.views.view_event` match
each event as one of `AnyEvent`'s members and end with `assert_never`. These tests
type-check a copy of `domain/` whose Penang `AnyEvent` gained one more event type: mypy
must then name both places, and pass on the copy untouched.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mypy import api as mypy_api

from domain.events import Event
from domain.penang.events import EVENT_TYPES, known_event

DOMAIN = Path(__file__).resolve().parents[3] / "domain"
NEW_EVENT = '''

class TablePaused(Event, frozen=True, tag="TablePaused"):
    """An event no fold or view handles yet."""

'''


def _type_check(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int]:
    config = root / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\npython_version = 3.11\n", encoding="utf-8")
    monkeypatch.chdir(root)
    out, err, status = mypy_api.run(
        ["--config-file", str(config), "--no-incremental", "-p", "domain"]
    )
    return out + err, status


def test_an_event_type_nothing_handles_fails_the_type_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(DOMAIN, tmp_path / "domain", ignore=shutil.ignore_patterns("__pycache__"))
    output, status = _type_check(tmp_path, monkeypatch)
    assert status == 0, output

    events = tmp_path / "domain" / "penang" / "events.py"
    text = events.read_text(encoding="utf-8")
    assert "\nAnyEvent = (\n" in text
    text = text.replace("\nAnyEvent = (\n", NEW_EVENT + "\nAnyEvent = (\n    TablePaused\n    | ")
    events.write_text(text, encoding="utf-8")
    output, status = _type_check(tmp_path, monkeypatch)
    assert status == 1, output
    unhandled = [line for line in output.splitlines() if "assert_never" in line]
    assert {line.split(":")[0] for line in unhandled} == {
        str(Path("domain") / "penang" / "fold.py"),
        str(Path("domain") / "penang" / "views.py"),
    }, output


def test_an_event_of_no_known_type_is_refused_at_run_time() -> None:
    class Stray(Event, frozen=True, tag="Stray"):
        """Not one of AnyEvent's members."""

    assert Stray not in EVENT_TYPES
    with pytest.raises(TypeError, match="Stray"):
        known_event(Stray())


def test_a_fold_refuses_an_event_of_no_known_type() -> None:
    """The fold takes each event as one of `AnyEvent`'s members unchecked, for speed: one
    of no known type is still refused, by name."""
    from domain.cards import build_deck
    from domain.penang.fold import fold
    from domain.penang.game import start_game
    from domain.penang.rules import PenangRules

    class Stray(Event, frozen=True, tag="Stray"):
        """Not one of AnyEvent's members."""

    state = fold(start_game(("a", "b"), build_deck(2, 6), PenangRules(), 0))
    with pytest.raises(TypeError, match="Stray"):
        fold([Stray()], state)
