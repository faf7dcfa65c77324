"""A fold's draft is derived from its state's fields (`domain.drafts`): it names only what
a fold changes, each field once; every other field comes back from the state it began
from, and an unchanged draft freezes to the state it began from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

import pytest

from domain.drafts import Draft
from domain.games import GAMES
from service.simulation.local import play_game
from service.simulation.plan import SimulationOptions, plan_game
from service.store.game_folds import fold_game


def _drafts() -> dict[type, type[Draft[object]]]:
    """Every draft class made, by the state type it holds."""
    found: dict[type, type[Draft[object]]] = {}
    kinds = list(Draft.__subclasses__())
    while kinds:
        kind = kinds.pop()
        kinds += kind.__subclasses__()
        if "state_type" in vars(kind):
            found[kind.state_type] = kind
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_unchanged_draft_freezes_to_the_state_it_began_from(game: str) -> None:
    options = SimulationOptions(
        games=1, players=2, bots=("greedy", "random"), seed="drafts", game=game
    )
    events = play_game(plan_game(options, 1))
    for cut in (1, len(events) // 2, len(events)):
        state = fold_game(events[:cut])
        assert _drafts()[type(state)](state).freeze() == state


@dataclass(frozen=True, slots=True)
class _State:
    fixed: str
    counts: tuple[int, ...]
    added: int = 7  # a field no draft names: carried over at the freeze


class _CountDraft(Draft[_State]):
    THAWED: ClassVar[Mapping[str, tuple[str, str | None]]] = {
        "counts": ("list(v)", "tuple(v)"),
        "seen": ("len(state.counts)", None),
    }

    counts: list[int]
    seen: int


def test_a_draft_holds_only_what_it_names_and_freezes_the_rest_back() -> None:
    draft = _CountDraft(_State("a", (1, 2)))
    assert _CountDraft.__slots__ == ("counts", "seen")
    draft.counts.append(3)
    draft.seen += 1
    assert draft.freeze() == _State("a", (1, 2, 3), 7)
    with pytest.raises(AttributeError):
        draft.fixed = "b"  # type: ignore[attr-defined]


def test_a_draft_naming_no_field_of_its_state_is_refused() -> None:
    with pytest.raises(TypeError, match="no fields of _State"):

        class _Wrong(Draft[_State]):
            elsewhere: int
