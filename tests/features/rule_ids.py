"""The ids scenarios are tagged with, read from the two documents that define them.

seeds/RULES.md lists each rule as a line `- P1  …` (P Penang Rummy, D the defaults
where the seeds are silent, B basic Rummy, T Three Thirteen, G Gin Rummy) and seeds/READINGS.md each
reading as a table row `| R1 | …`. These documents are the one list of ids: the tags a
feature file may carry, the rules test_tags.py requires a scenario for, and the ids the
conformance kit reports on are all read from them (`domain.rule_ids.RuleId`, the type
the engine needs statically, is kept equal to them by tests/unit/test_rule_ids.py).
The rest of this module is what the documents cannot say: which folder of features/
holds each game's scenarios, and which feature files each test module binds.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT / "seeds" / "RULES.md"
READINGS_MD = ROOT / "seeds" / "READINGS.md"

#: A rule of RULES.md: `- P1  Deck: …` (a family letter, then its number).
_RULE_LINE = re.compile(r"^- (?P<id>[A-Z]\d+)\s", re.MULTILINE)
#: A reading of READINGS.md: a table row `| R1 | P14, P16, D4 | …`.
_READING_ROW = re.compile(r"^\| (?P<id>R\d+) \|", re.MULTILINE)


@cache
def rule_ids() -> tuple[str, ...]:
    """The rule ids seeds/RULES.md defines (P, D, B, T), in its order."""
    return tuple(_RULE_LINE.findall(RULES_MD.read_text(encoding="utf-8")))


@cache
def reading_ids() -> tuple[str, ...]:
    """The reading ids seeds/READINGS.md defines (R), in its order."""
    return tuple(_READING_ROW.findall(READINGS_MD.read_text(encoding="utf-8")))


#: The tag of the scenarios test_rules_http.py runs over HTTP (one at least per rule area).
HTTP_TAG = "http"
#: Tags that are not rule ids: `http` marks the scenarios the HTTP driver runs.
OTHER_TAGS = (HTTP_TAG,)

#: The rules spec: a folder per game, one feature file per rule area, bound by
#: test_rules_domain.py and, for the scenarios tagged @http, test_rules_http.py.
RULE_AREAS = (
    "penang/deal.feature",
    "penang/turns.feature",
    "penang/melds.feature",
    "penang/lay_offs.feature",
    "penang/wildcards.feature",
    "penang/passport.feature",
    "penang/dead_and_game.feature",
    "penang/scoring.feature",
    "penang/dealer.feature",
    "penang/matches.feature",
    "penang/seats.feature",
    "penang/turn_clock.feature",
    "rummy/deal.feature",
    "rummy/turns.feature",
    "rummy/melds.feature",
    "rummy/lay_offs.feature",
    "rummy/going_out.feature",
    "rummy/scoring.feature",
    "rummy/stock.feature",
    "rummy/hands.feature",
    "rummy/matches.feature",
    "rummy/turn_clock.feature",
    "three_thirteen/deal.feature",
    "three_thirteen/turns.feature",
    "three_thirteen/melds.feature",
    "three_thirteen/going_out.feature",
    "three_thirteen/scoring.feature",
    "three_thirteen/stock.feature",
    "three_thirteen/hands.feature",
    "three_thirteen/matches.feature",
    "three_thirteen/turn_clock.feature",
    "gin/deal.feature",
    "gin/turns.feature",
    "gin/knock.feature",
    "gin/lay_offs.feature",
    "gin/scoring.feature",
    "gin/wall.feature",
    "gin/turn_clock.feature",
    "gin/matches.feature",
)
#: Rule areas with no @http scenario: their steps ask the engine's own functions (who
#: deals after a lone hand of a draw game, who wins a match from given totals), which no
#: endpoint answers; over HTTP a match of hands says the same (each game's `matches.feature`).
#: Gin Rummy's match scenarios (G17, G18) give each hand's score to the match model; its
#: matches over HTTP are tests/api/test_api_gin_match.py's and test_api_hollywood.py's.
DOMAIN_ONLY = ("rummy/hands.feature", "three_thirteen/hands.feature", "gin/matches.feature")
#: Each game's folder of features, and the letters of the RULES.md ids its scenarios cite
#: (Penang's own rules P and its defaults D; basic Rummy's B; Three Thirteen's T).
GAME_FOLDERS = {"penang": "PD", "rummy": "B", "three_thirteen": "T", "gin": "G"}
#: The bot seats of each game (R33, R34, R35), bound by test_bot_seats_http.py: over
#: HTTP only, since the service plays a bot's turn, not the rules engine.
BOT_SEATS = (
    "penang/bot_seats.feature",
    "rummy/bot_seats.feature",
    "three_thirteen/bot_seats.feature",
    "gin/bot_seats.feature",
)
#: Feature files bound by their own test modules, with their own steps and drivers:
#: audit.feature (test_audit_domain.py, and its HTTP run test_audit_http.py),
#: live_updates.feature (test_live_updates_http.py: over HTTP only, the domain does
#: not stream), access.feature (test_access_http.py: over HTTP only, the domain takes
#: no token) and the bot seats' (BOT_SEATS).
OWN_DRIVERS = (
    "penang/audit.feature",
    "penang/live_updates.feature",
    "penang/access.feature",
    *BOT_SEATS,
)


def known_tags() -> tuple[str, ...]:
    """Every tag a feature file may carry (each is registered as a pytest marker)."""
    return rule_ids() + reading_ids() + OTHER_TAGS
