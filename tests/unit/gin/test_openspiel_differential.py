"""Our `openspiel` preset against OpenSpiel's `gin_rummy`, in lockstep (lockstep.py).

Seeded hands are played through both engines with the same deck and the same choices:
at every step both must offer the same set of legal actions (draws, discards, knocks,
melds, lay-offs, passes), and every hand must end with the same scores. Three kinds of
choice: uniform among the legal actions (hands that mostly run to the wall or repeat
a discard), purposeful play that knocks and lays off (knocks, gins, undercuts), and
OpenSpiel's simple bot in both seats. A disagreement fails with the seed, the
actions and both engines' answers.

Sizes: `GIN_DIFFERENTIAL_HANDS` hands of each kind (default 120: the seven tests take
about 30 s here), and a fifth as many with Oklahoma. The full size is 1000 (1000 hands
of each kind, 200 with Oklahoma: about four minutes).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel")

from domain.gin.rules import TABLE, GinRules, preset  # noqa: E402

from .lockstep import (  # noqa: E402
    bot_choice,
    knocking_choice,
    load,
    play_hand,
    play_readings,
    random_choice,
)

HANDS = int(os.environ.get("GIN_DIFFERENTIAL_HANDS", "120"))
OKLAHOMA = max(HANDS // 5, 1)


def _bots(game: object) -> list[object]:
    params = game.get_parameters()  # type: ignore[attr-defined]
    return [pyspiel.make_simple_gin_rummy_bot(params, player) for player in (0, 1)]


@pytest.mark.parametrize("oklahoma", [False, True], ids=["standard", "oklahoma"])
@pytest.mark.parametrize("kind", ["random", "knocking", "bot"])
def test_openspiel_preset_plays_as_openspiel(kind: str, oklahoma: bool) -> None:
    rules = preset("openspiel", oklahoma=oklahoma)
    game = load(rules)
    hands = OKLAHOMA if oklahoma else HANDS
    bots = _bots(game) if kind == "bot" else []
    choose = {"random": random_choice, "knocking": knocking_choice}.get(kind) or bot_choice(bots)
    endings: Counter[str] = Counter()
    for seed in range(hands):
        for bot in bots:
            bot.restart()  # type: ignore[attr-defined]
        played = play_hand(seed + (10_000 if oklahoma else 0), rules, choose, game=game)
        assert played.state is not None and played.state.ended is not None
        endings[played.state.ended.reason] += 1
    assert sum(endings.values()) == hands
    if kind == "knocking" and not oklahoma:
        assert endings["knock"], endings


@pytest.mark.parametrize("rules", [TABLE, GinRules()], ids=["table", "recorded-before-options"])
def test_every_difference_of_a_tables_rules_is_a_listed_reading(rules: GinRules) -> None:
    """The same deals under a table's rules (and those of a deal recorded before the
    tables' options, R57): wherever the legal actions or the scores differ from
    OpenSpiel's, one of the readings R37–R41 (and at a table R58, R62: big gin, the
    defender's hand arranged) says why; the hands play on through the actions both
    engines allow."""
    game = load(rules)
    seen: Counter[str] = Counter()
    for seed in range(HANDS):
        for reading in play_readings(seed, rules, knocking_choice, game):
            seen[reading] += 1
    assert not seen["unexplained"], f"differences no reading explains: {seen}"
    assert seen["R37"] and seen["R41"], seen
    assert bool(seen["R62"]) == (rules.defender_rule == "arranged"), seen
