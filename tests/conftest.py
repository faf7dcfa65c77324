"""Settings shared by every test folder.

Hypothesis (property tests, the dead-check oracle, schemathesis) explores new examples
on every run on a developer's machine. Under CI (`CI` set, as `.ci/run` is run) it is
derandomized: the same code draws the same examples, so a red CI run always means a
change broke something, never a new draw. No example has a deadline, on any machine.

No test writes a signing key into the working directory (the service makes one beside
its SQLite file, which tests keep in temporary folders): the session fails if one
appears.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from spec.conformance import add_option as add_conformance_option

from service.settings import DEFAULT_KEY_FILE

# No example has a deadline: on a shared machine one may take seconds, and a deadline
# missed there fails a test that holds (the examples' sizes keep the runs short).
settings.register_profile("shared", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", parent=settings.get_profile("shared"), derandomize=True, print_blob=True
)
settings.load_profile("ci" if os.environ.get("CI") else "shared")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the tests marked `slow` out, unless PENANG_RUMMY_SLOW=1 (`tests/run.py
    --slow`) asks for them or a `-m` expression chooses the tests itself."""
    if os.environ.get("PENANG_RUMMY_SLOW") == "1" or config.getoption("markexpr"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--conformance-url URL`: the rules spec's conformance kit (tests/spec/conformance.py)."""
    add_conformance_option(parser)


@pytest.fixture(scope="session", autouse=True)
def no_signing_key_in_the_working_directory() -> Iterator[None]:
    key = Path.cwd() / DEFAULT_KEY_FILE
    existed = key.exists()
    yield
    assert existed or not key.exists(), f"a test wrote {key}"
