"""Collection hooks and the `scene` fixture of the rules spec (features/<game>/*.feature).

The step definitions live in `steps/`, one module per rule area. pytest-bdd registers
each step as a fixture of the module that defines it, so the star imports below make
every step a fixture of this conftest, visible to every test module of the folder.
Steps reach the game only through the `driver` fixture (see drivers.py), which each
test module binding the scenarios provides.
"""

from __future__ import annotations

import pytest

from .conformance import RuleSummary, conformance_url, rule_ids_of
from .drivers import Driver
from .rule_ids import known_tags
from .scene import Scene
from .steps.access import *  # noqa: F403
from .steps.bots import *  # noqa: F403
from .steps.clock import *  # noqa: F403
from .steps.deal import *  # noqa: F403
from .steps.dealer import *  # noqa: F403
from .steps.draw import *  # noqa: F403
from .steps.draw_matches import *  # noqa: F403
from .steps.end import *  # noqa: F403
from .steps.gin import *  # noqa: F403
from .steps.matches import *  # noqa: F403
from .steps.moves import *  # noqa: F403
from .steps.streams import *  # noqa: F403
from .steps.table import *  # noqa: F403
from .steps.three13 import *  # noqa: F403
from .steps.turns import *  # noqa: F403


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
