"""Settings shared by every test folder.

Hypothesis (property tests, the dead-check oracle, schemathesis) explores new examples
on every run on a developer's machine. Under CI (`CI` set, as `.ci/run` is run) it is
derandomized: the same code draws the same examples, so a red CI run always means a
change broke something, never a new draw.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
