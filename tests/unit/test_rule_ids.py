"""The rule id type names exactly the rules the documents define (RULES.md, READINGS.md)."""

from __future__ import annotations

from typing import get_args

from spec.rule_ids import reading_ids, rule_ids  # tests/spec, a package beside this one

from domain import errors, proof
from domain.drawgame import errors as draw_errors
from domain.errors import RuleViolation
from domain.match import errors as match_errors
from domain.penang import errors as penang_errors
from domain.rule_ids import RuleId


def test_rule_id_names_every_documented_rule_and_nothing_else() -> None:
    # RuleId is written out for mypy; the documents are the list it must equal.
    documented = rule_ids() + reading_ids()
    assert len(documented) == len(set(documented)), "an id is defined twice"
    listed = get_args(RuleId)
    assert len(listed) == len(set(listed)), "RuleId lists an id twice"
    lacking = sorted(set(documented) - set(listed))
    assert not lacking, f"domain/rule_ids.py: RuleId lacks {', '.join(lacking)}"
    undefined = sorted(set(listed) - set(documented))
    assert not undefined, f"domain/rule_ids.py: no document defines {', '.join(undefined)}"


def test_the_rule_id_module_is_the_one_the_documents_generate() -> None:
    # A new game's rules and readings reach RuleId by `python tests/spec/rule_id_module.py`.
    from spec.rule_id_module import MODULE, module_text

    assert MODULE.read_text(encoding="utf-8") == module_text(), (
        "domain/rule_ids.py is not what seeds/RULES.md and seeds/READINGS.md give: "
        "run python tests/spec/rule_id_module.py"
    )


def test_every_rule_violation_with_a_default_names_a_documented_rule() -> None:
    # The core's refusals name no rule by default (each raiser names its own); a game's
    # own refusals (`domain.penang.errors`) and the match's may, and then a documented one.
    classes = [
        value
        for module in (errors, proof, draw_errors, penang_errors, match_errors)
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, RuleViolation)
        and value is not RuleViolation
    ]
    assert len(classes) > 15
    for violation in classes:
        assert violation.default_rule in (None, *get_args(RuleId)), violation.__name__
