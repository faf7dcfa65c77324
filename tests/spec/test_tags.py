"""Every rule of RULES.md and every reading of READINGS.md is checked by a scenario,
and every scenario names its rule.

Rule ids are read from seeds/RULES.md and seeds/READINGS.md (rule_ids.py). A scenario's
tags include those it inherits from its feature and rule, and an outline's Examples add
their own. Each game's features lie in its own folder (features/penang/, features/rummy/,
features/three_thirteen/, …: a folder per registered game, rule_ids.py), whose scenarios
cite that game's ids (its spec's `rule_families`: P and D, B, T, G); the service's own
rules lie in features/players/ (U).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gherkin.parser import Parser

from .rule_ids import (
    ENGINE_TAG,
    FEATURES,
    FOLDERS,
    HTTP_TAG,
    OWN_DRIVERS,
    READINGS_MD,
    RULE_AREAS,
    RULES_MD,
    reading_ids,
    rule_ids,
)


@dataclass(frozen=True)
class TaggedScenario:
    """One scenario, or one Examples block of an outline, with every tag that applies."""

    where: str
    tags: frozenset[str]


def _names(node: dict[str, Any]) -> set[str]:
    return {str(tag["name"]).removeprefix("@") for tag in node.get("tags", [])}


def _scenarios(path: Path) -> list[TaggedScenario]:
    feature = Parser().parse(path.read_text(encoding="utf-8"))["feature"]
    found: list[TaggedScenario] = []

    def walk(children: list[dict[str, Any]], inherited: set[str]) -> None:
        for child in children:
            if "rule" in child:
                rule = child["rule"]
                walk(rule["children"], inherited | _names(rule))
            elif "scenario" in child:
                scenario = child["scenario"]
                tags = inherited | _names(scenario)
                name = path.relative_to(FEATURES).as_posix()
                where = f"{name}:{scenario['location']['line']} {scenario['name']}"
                examples = scenario.get("examples") or []
                if not examples:
                    found.append(TaggedScenario(where, frozenset(tags)))
                for block in examples:
                    found.append(TaggedScenario(where, frozenset(tags | _names(block))))

    walk(feature["children"], _names(feature))
    return found


def feature_files() -> list[Path]:
    return sorted(FEATURES.rglob("*.feature"))


def _area(scenario: TaggedScenario) -> str:
    """The scenario's folder under features/: its game's ("" for a file outside them)."""
    path = scenario.where.split(":", 1)[0]
    return path.rsplit("/", 1)[0] if "/" in path else ""


def _letters(scenario: TaggedScenario) -> str:
    """The letters of the rule ids of the scenario's game (none outside a game's folder)."""
    return FOLDERS.get(_area(scenario), "")


def all_scenarios() -> list[TaggedScenario]:
    return [scenario for path in feature_files() for scenario in _scenarios(path)]


def test_every_rule_is_checked_by_a_scenario() -> None:
    tagged = {tag for scenario in all_scenarios() for tag in scenario.tags}
    missing = [rule for rule in rule_ids() if rule not in tagged]
    assert not missing, f"no scenario checks {', '.join(missing)}"


def test_every_scenario_cites_a_rule_of_its_game() -> None:
    ids = set(rule_ids())
    untagged = [
        scenario.where
        for scenario in all_scenarios()
        if not {tag for tag in scenario.tags & ids if tag[0] in _letters(scenario)}
    ]
    assert not untagged, "scenarios citing no rule of their game:\n" + "\n".join(untagged)


def test_every_feature_file_lies_in_a_games_folder() -> None:
    outside = [
        path.relative_to(FEATURES).as_posix()
        for path in feature_files()
        if path.parent.relative_to(FEATURES).as_posix() not in FOLDERS
    ]
    assert not outside, f"feature files outside a game's folder: {', '.join(outside)}"


def test_each_games_rules_are_checked_in_its_folder() -> None:
    for folder, letters in FOLDERS.items():
        tagged = {tag for s in all_scenarios() if _area(s) == folder for tag in s.tags}
        missing = [rule for rule in rule_ids() if rule[0] in letters and rule not in tagged]
        assert not missing, f"no scenario of features/{folder} checks {', '.join(missing)}"


def test_every_reading_is_checked_by_a_scenario() -> None:
    tagged = {tag for scenario in all_scenarios() for tag in scenario.tags}
    missing = [reading for reading in reading_ids() if reading not in tagged]
    assert not missing, f"no scenario checks {', '.join(missing)}"


def test_the_documents_number_each_family_of_ids_from_one() -> None:
    # Each family (P, D, B, T in RULES.md; R in READINGS.md) runs 1, 2, 3, … in order, so
    # an id the parser missed, or one written twice, shows as a gap or a repeat.
    families: dict[str, list[int]] = {}
    for rule in rule_ids() + reading_ids():
        families.setdefault(rule[0], []).append(int(rule[1:]))
    for letter, numbers in families.items():
        assert numbers == list(range(1, max(numbers) + 1)), f"{letter} ids: {numbers}"
    # Every family of rules is some game's, and every game's letters name a family.
    assert set(families) == {*"".join(FOLDERS.values()), "R"}, sorted(families)


def test_every_id_the_documents_cite_is_one_they_define() -> None:
    text = RULES_MD.read_text(encoding="utf-8") + READINGS_MD.read_text(encoding="utf-8")
    cited = set(re.findall(r"\b[A-Z]\d+\b", text))
    undefined = sorted(cited - set(rule_ids()) - set(reading_ids()))
    assert not undefined, f"cited but not defined: {', '.join(undefined)}"


def _index(folder: str) -> dict[str, set[str]]:
    """A game folder's README.md index: each feature file its table lists, and the ids
    its row names (a row is `| `deal.feature` | P1 P2, D2 |`)."""
    readme = (FEATURES / folder / "README.md").read_text(encoding="utf-8")
    rows = [line for line in readme.splitlines() if line.startswith("| `")]
    return {
        row.split("`", 2)[1]: set(re.findall(r"\b[A-Z]\d+\b", row.split("|", 2)[2])) for row in rows
    }


def test_every_folder_of_features_is_a_registered_games_or_the_services() -> None:
    folders = {path.name for path in FEATURES.iterdir() if path.is_dir()}
    assert folders == set(FOLDERS), "features/ holds a folder per registered game (and players/)"


def test_each_games_readme_indexes_its_folder_and_places_every_rule() -> None:
    # Each game's folder says which rules each of its feature files checks: its index
    # lists every feature file of the folder and no other, and places every rule id of
    # the game's families in one of them.
    for folder, letters in FOLDERS.items():
        index = _index(folder)
        files = {path.name for path in (FEATURES / folder).glob("*.feature")}
        assert set(index) == files, f"features/{folder}/README.md indexes {sorted(index)}"
        listed = set().union(*index.values())
        missing = [rule for rule in rule_ids() if rule[0] in letters and rule not in listed]
        assert not missing, f"features/{folder}/README.md places no {', '.join(missing)}"


def _feature_tags(path: Path) -> set[str]:
    return _names(Parser().parse(path.read_text(encoding="utf-8"))["feature"])


def test_every_rule_area_has_a_scenario_for_the_http_driver() -> None:
    # The service plays every game: each rule area's scenarios run over HTTP too, but for
    # the areas whose steps only the engine answers (their feature tagged @engine).
    for area in RULE_AREAS:
        scenarios = _scenarios(FEATURES / area)
        assert scenarios, f"{area} holds no scenario"
        tagged = [scenario.where for scenario in scenarios if HTTP_TAG in scenario.tags]
        if ENGINE_TAG in _feature_tags(FEATURES / area):
            assert not tagged, f"{area}: its steps are the engine's alone, yet @{HTTP_TAG}"
        else:
            assert tagged, f"{area}: no @{HTTP_TAG}"


def test_every_feature_file_is_bound() -> None:
    # Every feature file of a game's folder is a rule area or bound by a module of its
    # own (rule_ids.py reads the folders), and the own drivers' files exist.
    files = {path.relative_to(FEATURES).as_posix() for path in feature_files()}
    bound = set(RULE_AREAS) | set(OWN_DRIVERS)
    unbound = sorted(files - bound)
    assert not unbound, f"feature files no test module binds: {', '.join(unbound)}"
    missing = sorted(bound - files)
    assert not missing, f"rule_ids.py names feature files that do not exist: {missing}"
    assert not set(RULE_AREAS) & set(OWN_DRIVERS)


def test_only_a_rule_areas_feature_carries_the_engine_tag() -> None:
    # @engine says which rule areas the HTTP driver cannot run: on a Feature line only,
    # of a rule area (an own driver's file, or a scenario, has no use for it).
    for path in feature_files():
        area = path.relative_to(FEATURES).as_posix()
        if ENGINE_TAG in _feature_tags(path):
            assert area in RULE_AREAS, f"{area}: @{ENGINE_TAG} outside a rule area"
        inner = {tag for s in _scenarios(path) for tag in s.tags} - _feature_tags(path)
        assert ENGINE_TAG not in inner, f"{area}: @{ENGINE_TAG} below its Feature line"
