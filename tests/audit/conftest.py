"""Shared fixtures for the audit tests: the golden records of tests/golden."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from domain.records import GameRecord, load_record

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "records"


@pytest.fixture
def golden_dir() -> Path:
    return GOLDEN


@pytest.fixture
def golden() -> Callable[[str], GameRecord]:
    """The golden record of that name, read from its file."""

    def read(name: str) -> GameRecord:
        return load_record((GOLDEN / f"{name}.json").read_bytes())

    return read
