"""Collection hooks and the `scene` fixture of the rules spec (features/<game>/*.feature).

The step definitions live in `steps/`, one module per rule area. pytest-bdd registers
each step as a fixture of the module that defines it, so this conftest takes every
module's public names (as a star import would), and every step is a fixture of this
conftest, visible to every test module of the folder.
Steps reach the game only through the `driver` fixture (see drivers.py), which each
test module binding the scenarios provides.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from . import steps
from .conformance import RuleSummary, conformance_url, rule_ids_of
from .drivers import Driver
from .rule_ids import known_tags
from .scene import Scene

#: Every step module of steps/, by name: each registers its steps as fixtures of itself.
STEP_MODULES = tuple(
    importlib.import_module(f"{__package__}.steps.{found.name}")
    for found in pkgutil.iter_modules(steps.__path__)
)
# What `from .steps.x import *` does for each module (its public names, the step
# fixtures among them), so a new module of steps/ is registered by being there.
for _module in STEP_MODULES:
    globals().update(
        {name: value for name, value in vars(_module).items() if not name.startswith("_")}
    )


def pytest_configure(config: pytest.Config) -> None:
    for tag in known_tags():
        config.addinivalue_line("markers", f"{tag}: the scenario checks {tag}")
    url = conformance_url(config)
    if url is not None:
        config.pluginmanager.register(RuleSummary(url), RuleSummary.name)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test module that sets `SCENARIO_TAG` runs only the scenarios carrying that tag.

    The tag may sit on the feature, the rule, the scenario or an Examples block:
    pytest-bdd turns each into a marker of the test (or of its example's parameters).
    """
    kept: list[pytest.Item] = []
    deselected: list[pytest.Item] = []
    for item in items:
        module = getattr(item, "module", None)
        tag = getattr(module, "SCENARIO_TAG", None)
        if tag is None or item.get_closest_marker(tag) is not None:
            kept.append(item)
        else:
            deselected.append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept
    summary = config.pluginmanager.get_plugin(RuleSummary.name)
    for item in kept if isinstance(summary, RuleSummary) else ():
        if getattr(getattr(item, "module", None), "SCENARIO_TAG", None) is not None:
            rules = rule_ids_of(item)
            item.user_properties.append(("rules", " ".join(rules)))
            summary.report.scenario(item.nodeid, rules)


@pytest.fixture
def scene(driver: Driver) -> Scene:
    return Scene(driver)
