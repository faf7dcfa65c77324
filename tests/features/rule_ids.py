"""The ids scenarios are tagged with: RULES.md's P, D, B and T rules, READINGS.md's readings.

The explicit lists mirror RULES.md (Penang Rummy and its defaults, basic Rummy, Three
Thirteen) and seeds/READINGS.md; where those files are present the ids are read from them
as well, so a rule added there and tagged nowhere fails `test_tags.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: RULES.md: Penang Rummy (P1–P33) and the defaults where the seeds are silent (D1–D8).
PENANG_RULES = tuple(f"P{n}" for n in range(1, 34))
DEFAULTS = tuple(f"D{n}" for n in range(1, 9))
#: RULES.md: basic Rummy (B1–B12), checked by the scenarios of features/rummy/.
BASIC_RUMMY = tuple(f"B{n}" for n in range(1, 13))
#: RULES.md: Three Thirteen (T1–T11), checked by the scenarios of features/three_thirteen/.
THREE_THIRTEEN = tuple(f"T{n}" for n in range(1, 12))
#: seeds/READINGS.md: how the engine reads the ambiguous rules: Penang's, then the draw
#: games' (from R20), their matches (R31), and basic Rummy's lay-offs (R32).
READINGS = tuple(f"R{n}" for n in range(1, 33))
#: The tag of the scenarios test_rules_http.py runs over HTTP (one at least per rule area).
HTTP_TAG = "http"
#: Tags that are not rule ids: `http` marks the scenarios the HTTP driver runs.
OTHER_TAGS = (HTTP_TAG,)

#: The rules spec: one feature file per rule area, bound by test_rules_domain.py.
RULE_AREAS = (
    "deal.feature",
    "turns.feature",
    "melds.feature",
    "lay_offs.feature",
    "wildcards.feature",
    "passport.feature",
    "dead_and_game.feature",
    "scoring.feature",
    "dealer.feature",
    "matches.feature",
    "seats.feature",
    "turn_clock.feature",
)

#: The draw games' rules spec: a folder per game, one feature file per rule area, bound
#: by test_rules_domain.py and, for the scenarios tagged @http, test_rules_http.py.
DRAW_RULE_AREAS = (
    "rummy/deal.feature",
    "rummy/turns.feature",
    "rummy/melds.feature",
    "rummy/lay_offs.feature",
    "rummy/going_out.feature",
    "rummy/scoring.feature",
    "rummy/stock.feature",
    "rummy/hands.feature",
    "rummy/matches.feature",
    "three_thirteen/deal.feature",
    "three_thirteen/turns.feature",
    "three_thirteen/melds.feature",
    "three_thirteen/going_out.feature",
    "three_thirteen/scoring.feature",
    "three_thirteen/stock.feature",
    "three_thirteen/hands.feature",
    "three_thirteen/matches.feature",
)
#: Draw-game rule areas with no @http scenario: their steps ask the engine's own functions
#: (who deals after a lone hand, who wins a match from given totals), which no endpoint
#: answers; over HTTP a match of hands says the same (each game's `matches.feature`).
DRAW_DOMAIN_ONLY = ("rummy/hands.feature", "three_thirteen/hands.feature")
#: Each game's folder of features, and the letter of the RULES.md ids its scenarios cite.
GAME_FOLDERS = {"rummy": "B", "three_thirteen": "T"}

#: Feature files bound by their own test modules, with their own steps and drivers:
#: audit.feature (test_audit_domain.py, and its HTTP run test_audit_http.py), and
#: live_updates.feature (test_live_updates_http.py: over HTTP only, the domain does
#: not stream).
OWN_DRIVERS = ("audit.feature", "live_updates.feature")

#: Where RULES.md may be: in seeds/ (the project's copy), or beside the repository.
RULES_MD_PLACES = (
    ROOT / "seeds" / "RULES.md",
    ROOT.parent / "shared" / "RULES.md",
    ROOT / "RULES.md",
    ROOT / "docs" / "RULES.md",
)
READINGS_MD = ROOT / "seeds" / "READINGS.md"

_RULE_LINE = re.compile(r"^- (?P<id>[PDBT]\d+)\s", re.MULTILINE)
_READING_ROW = re.compile(r"^\| (?P<id>R\d+) \|", re.MULTILINE)


def rules_md() -> Path | None:
    """The RULES.md this checkout can see, if any."""
    return next((path for path in RULES_MD_PLACES if path.is_file()), None)


def documented_rule_ids() -> tuple[str, ...]:
    """The P, D, B and T ids RULES.md defines (empty when no RULES.md is found)."""
    path = rules_md()
    if path is None:
        return ()
    return tuple(match["id"] for match in _RULE_LINE.finditer(path.read_text(encoding="utf-8")))


def documented_reading_ids() -> tuple[str, ...]:
    """The R ids seeds/READINGS.md defines (empty when it is missing)."""
    if not READINGS_MD.is_file():
        return ()
    text = READINGS_MD.read_text(encoding="utf-8")
    return tuple(match["id"] for match in _READING_ROW.finditer(text))


def rule_ids() -> tuple[str, ...]:
    """Every id of RULES.md a scenario must check: the explicit lists and RULES.md's."""
    listed = PENANG_RULES + DEFAULTS + BASIC_RUMMY + THREE_THIRTEEN
    return tuple(dict.fromkeys(listed + documented_rule_ids()))


def known_tags() -> tuple[str, ...]:
    """Every tag a feature file may carry (each is registered as a pytest marker)."""
    readings = tuple(dict.fromkeys(READINGS + documented_reading_ids()))
    return rule_ids() + readings + OTHER_TAGS
