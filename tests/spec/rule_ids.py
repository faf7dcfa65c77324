"""The ids scenarios are tagged with, read from the two documents that define them.

seeds/RULES.md lists each rule as a line `- P1  …` (a family letter, each a game's:
P Penang Rummy, D the defaults where the seeds are silent, B basic Rummy, …) and
seeds/READINGS.md each reading as a table row `| R1 | …`. These documents are the one
list of ids: the tags a feature file may carry, the rules test_tags.py requires a
scenario for, and the ids the conformance kit reports on are all read from them
(`domain.rule_ids.RuleId`, the type the engine needs statically, is kept equal to them
by tests/unit/test_rule_ids.py).
The rest of this module is what the documents cannot say, derived from the registry
(`domain.games.GAMES`) and the folders: which folder of features/ holds each game's
scenarios and which families of ids they cite, and which feature files each test
module binds. A new game's folder is found by its registration alone.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from domain.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT / "seeds" / "RULES.md"
READINGS_MD = ROOT / "seeds" / "READINGS.md"

#: A rule of RULES.md: `- P1  Deck: …` (a family letter, then its number).
RULE_LINE = re.compile(r"^- (?P<id>[A-Z]\d+)\s", re.MULTILINE)
#: A reading of READINGS.md: a table row `| R1 | P14, P16, D4 | …`.
READING_ROW = re.compile(r"^\| (?P<id>R\d+) \|", re.MULTILINE)


@cache
def rule_ids() -> tuple[str, ...]:
    """The rule ids seeds/RULES.md defines (P, D, B, T), in its order."""
    return tuple(RULE_LINE.findall(RULES_MD.read_text(encoding="utf-8")))


@cache
def reading_ids() -> tuple[str, ...]:
    """The reading ids seeds/READINGS.md defines (R), in its order."""
    return tuple(READING_ROW.findall(READINGS_MD.read_text(encoding="utf-8")))


#: The tag of the scenarios test_rules_http.py runs over HTTP (one at least per rule area).
HTTP_TAG = "http"
#: A rule area whose steps ask the engine's own functions (who deals after a lone hand of
#: a draw game, who wins a match from given totals), which no endpoint answers, carries
#: this tag on its `Feature:` line: none of its scenarios is @http (test_tags.py). Over
#: HTTP a match of hands says the same (each game's `matches.feature`); Gin Rummy's match
#: scenarios (G17, G18) give each hand's score to the match model, and its matches over
#: HTTP are tests/api/test_api_gin_match.py's and test_api_hollywood.py's.
ENGINE_TAG = "engine"
#: Tags that are not rule ids: `http` marks the scenarios the HTTP driver runs, `engine`
#: the rule areas it cannot.
OTHER_TAGS = (HTTP_TAG, ENGINE_TAG)

#: The rules spec: a folder of features/ per registered game, one feature file per rule
#: area in it.
FEATURES = ROOT / "features"


def features_folder(game: str) -> str:
    """The folder of features/ holding a game's scenarios: its registered name, with `_`
    for `-` (`three-thirteen` in `three_thirteen/`)."""
    return game.replace("-", "_")


#: Each registered game's folder of features, and the letters of the RULES.md ids its
#: scenarios cite: its spec's families (`Game.rule_families`: Penang's own rules P
#: and its defaults D; basic Rummy's B; Three Thirteen's T; Gin Rummy's G).
GAME_FOLDERS = {features_folder(name): spec.rule_families for name, spec in GAMES.items()}
#: The folders of features/ that are no game's: the service's own rules, with their
#: RULES.md family (the players' `U`, features/players/).
SERVICE_FOLDERS = {"players": "U"}
#: Every folder of features/ and the letters of the ids its scenarios cite.
FOLDERS = {**GAME_FOLDERS, **SERVICE_FOLDERS}
#: The bot seats of a game (R33, R34, R35), in its folder: bound by test_bot_seats_http.py,
#: over HTTP only, since the service plays a bot's turn, not the rules engine.
BOT_SEATS_FILE = "bot_seats.feature"
BOT_SEATS = tuple(
    f"{folder}/{BOT_SEATS_FILE}"
    for folder in GAME_FOLDERS
    if (FEATURES / folder / BOT_SEATS_FILE).is_file()
)
#: Feature files bound by their own test modules, with their own steps and drivers:
#: audit.feature (test_audit_domain.py, and its HTTP run test_audit_http.py),
#: live_updates.feature (test_live_updates_http.py: over HTTP only, the domain does
#: not stream), access.feature (test_access_http.py: over HTTP only, the domain takes
#: no token), the bot seats' (BOT_SEATS) and the players' (test_players_domain.py and
#: test_players_http.py, with drivers of their own: players_driver.py; seats.feature
#: and matches.feature over HTTP only, the rules engine taking no key), and the
#: ratings' (test_ratings_domain.py and test_ratings_http.py: ratings_driver.py).
OWN_DRIVERS = (
    "penang/audit.feature",
    "penang/live_updates.feature",
    "penang/access.feature",
    *BOT_SEATS,
    "players/players.feature",
    "players/seats.feature",
    "players/matches.feature",
    "players/ratings.feature",
)
#: Every other feature file of a game's folder is a rule area, bound by
#: test_rules_domain.py and, for the scenarios tagged @http, test_rules_http.py.
RULE_AREAS = tuple(
    area
    for folder in GAME_FOLDERS
    for area in sorted(
        path.relative_to(FEATURES).as_posix() for path in (FEATURES / folder).glob("*.feature")
    )
    if area not in OWN_DRIVERS
)


def known_tags() -> tuple[str, ...]:
    """Every tag a feature file may carry (each is registered as a pytest marker)."""
    return rule_ids() + reading_ids() + OTHER_TAGS
