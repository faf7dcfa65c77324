"""The rule id type names exactly the rules the documents define (RULES.md, READINGS.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from domain import errors, proof
from domain.drawgame import errors as draw_errors
from domain.errors import RuleViolation
from domain.rule_ids import RuleId

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
#: RULES.md lists each rule as `- P1  …`, `- D3  …`, `- B12 …`, `- T5  …`.
RULE_LINE = re.compile(r"^- (?P<id>[PDBT]\d+)\s", re.MULTILINE)
#: READINGS.md gives each reading a table row `| R1 | …`.
READING_ROW = re.compile(r"^\| (?P<id>R\d+) \|", re.MULTILINE)


def documented_ids() -> list[str]:
    rules = RULE_LINE.findall((SEEDS / "RULES.md").read_text(encoding="utf-8"))
    readings = READING_ROW.findall((SEEDS / "READINGS.md").read_text(encoding="utf-8"))
    return rules + readings


def test_rule_id_names_every_documented_rule_and_nothing_else() -> None:
    documented = documented_ids()
    assert len(documented) == len(set(documented)), "an id is defined twice"
    assert {"P1", "P33", "D8", "R15", "B12", "T11"} <= set(documented)
    listed = get_args(RuleId)
    assert len(listed) == len(set(listed)), "RuleId lists an id twice"
    assert sorted(listed) == sorted(documented)


def test_every_rule_violation_class_names_a_documented_rule() -> None:
    classes = [
        value
        for module in (errors, proof, draw_errors)
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, RuleViolation)
        and value is not RuleViolation
    ]
    assert len(classes) > 15
    for violation in classes:
        assert violation.default_rule in get_args(RuleId), violation.__name__
