"""Settings shared by every test folder.

Hypothesis (property tests, the dead-check oracle, schemathesis) explores new examples
on every run on a developer's machine. Under CI (`CI` set, as `.ci/run` is run) it is
derandomized: the same code draws the same examples, so a red CI run always means a
change broke something, never a new draw.

No test writes a signing key into the working directory (the service makes one beside
its SQLite file, which tests keep in temporary folders): the session fails if one
appears.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from spec.conformance import add_option as add_conformance_option

from service.settings import DEFAULT_KEY_FILE

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--conformance-url URL`: the rules spec's conformance kit (tests/spec/conformance.py)."""
    add_conformance_option(parser)


@pytest.fixture(scope="session", autouse=True)
def no_signing_key_in_the_working_directory() -> Iterator[None]:
    key = Path.cwd() / DEFAULT_KEY_FILE
    existed = key.exists()
    yield
    assert existed or not key.exists(), f"a test wrote {key}"
