"""The bots' pace (R35): one process plays at most `bot_turns_per_second` bot turns a
second, a burst of that many at once, then one every 1/rate seconds."""

from __future__ import annotations

import pytest

from service.usecases import bot_turns


def test_a_process_plays_its_allowance_then_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(bot_turns.time, "monotonic", lambda: now[0])
    pace = bot_turns.Pace(4)
    assert [pace.take() for _ in range(4)] == [0.0] * 4
    assert pace.take() == pytest.approx(0.25)
    now[0] += 0.25
    assert pace.take() == 0.0
    assert pace.take() == pytest.approx(0.25)
    now[0] += 10  # an idle process saves no more than a second's allowance
    assert [pace.take() for _ in range(4)] == [0.0] * 4
    assert pace.take() > 0
