"""The contract, fuzzed: schemathesis in process over every operation.

Valid and invalid data (`mode: all`), with seat tokens (an auth provider that hands
the token of the seat the path names) and without (a second, anonymous schema).
Checks: all of schemathesis's defaults (no 5xx, status codes, content types, bodies
and headers conform to the schema, invalid data refused, auth enforced). A
schema-valid request may still break a game rule, so 422 (and 409) count as accepted;
a body over the size limit (an imported record can be large) is refused with 413.
One check of our own keeps the contract exact: a schema-valid request is never
refused as malformed input, nor with a problem naming one of its fields, unless the
field is one of the few relations between fields that a schema cannot state
(`RELATIONS`; those it can, the contract states: `service.api.contract_relations`), or
a count that each game's rule bounds, refused citing the rule (`RULE_BOUNDS`). Had the
contract allowed what the service refuses (one player, `392.0` as a meld index, a match
of neither players nor seats), it would fail.
Game ids in paths are either random or one of a few real games (running ones, and a
finished one imported from a golden record, which has a record to export and no seat
tokens), so the handlers get past the lookup. Examples are kept few so the run stays short.
"""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any
from uuid import UUID

import schemathesis
from hypothesis import strategies as st
from schemathesis.python import asgi

from service.app import create_app
from service.settings import Settings

_DIR = Path(tempfile.mkdtemp(prefix="penang-rummy-schemathesis-"))
atexit.register(shutil.rmtree, _DIR, ignore_errors=True)

CONFIG = {
    "generation": {"mode": "all", "max-examples": 25, "deterministic": True},
    "phases": {"stateful": {"enabled": False}},
    "checks": {
        "positive_data_acceptance": {
            "expected-statuses": ["2xx", "304", "401", "403", "404", "409", "413", "422"]
        },
        # A body over the service's limit is refused before it is read: 413 (documented).
        "negative_data_rejection": {
            "expected-statuses": [
                "400",
                "401",
                "403",
                "404",
                "405",
                "406",
                "409",
                "413",
                "415",
                "422",
            ]
        },
    },
}

app = create_app(Settings(sqlite_path=str(_DIR / "schemathesis.sqlite")))
#: The live-update streams are fuzzed apart: on a running game a stream stays open until
#: the game ends, and schemathesis over ASGI reads a whole response before checking it,
#: so each case would wait forever. `streams` sends them ids that end: random ones and
#: the finished game's (`_finished_games`), with random tickets and event ids.
STREAMS = ["streamGame", "streamMatch"]
schema = schemathesis.openapi.from_asgi(
    "/schema/openapi.json", app, config=schemathesis.Config.from_dict(CONFIG)
).exclude(operation_id=STREAMS)
anonymous = schemathesis.openapi.from_asgi(
    "/schema/openapi.json", app, config=schemathesis.Config.from_dict(CONFIG)
).exclude(operation_id=STREAMS)
streams = schemathesis.openapi.from_asgi(
    "/schema/openapi.json", app, config=schemathesis.Config.from_dict(CONFIG)
).include(operation_id=STREAMS)


GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "records"
#: Problem codes that say the request's input is malformed (not that a move or a deal
#: breaks a rule).
MALFORMED = {"invalid-request", "malformed-input"}
#: Fields a refusal of a schema-valid request may name: each is checked against another
#: field, which a schema cannot state.
RELATIONS = {
    "seat_seeds": "one seat seed per player, or none",
    "deck": "a deck or seeds, not both; the deck holds the rules' packs and jokers (P1)",
    "dealer": "the dealer is one of the game's seats (P4)",
    "cards_per_player": "every hand can be dealt from the deck (P3)",
    "decks": "decks or seeds, not both",
    "options.games": "a match of explicit decks ends after at most as many games (R16)",
    "target": "a match ends at a target or after a number of games, not both (R16, R17)",
    "rules": "Penang's options, for a game of Penang Rummy only (`game`)",
    "options.rules": "a match's Penang options, for a match of Penang Rummy only (`game`, R31)",
    "options.points_recorded": "P8's option, for a match of Penang Rummy only (`game`, R31)",
    "draw_rules": "a draw game's options, for a draw game only (`game`)",
    "draw_rules.game": "a draw game's options are tagged with the game created (`game`)",
    "hand": "a draw game's hand number, for a draw game only (`game`)",
    "turn_seconds": "the turn clock times Penang's turns only (R19: a timeout is dead)",
    "players[].bot": "a bot seat names one of the bots of the game created (`game`, R33)",
    "bots[].bot": "a bot seat names one of the bots of the match's game (`game`, R33)",
    "bots": "bots for open seats only, one entry a seat, one seat at least a person's (R34)",
    "seat_players": "one entry per seat named in `players` (U10, U13)",
    "seat_players[]": "a player holds one seat of a table, and no bot's seat (U10, U13)",
}


#: Fields a refusal of a schema-valid request may name only citing the rule that bounds
#: them by another field (the contract states the widest bound of every game).
RULE_BOUNDS = {
    "players": "a Penang table seats 2 to 5 (P2), a draw game's 2 to 6 (B1, T2): `game`",
}


@schemathesis.check
def schema_valid_input_is_not_refused(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: schemathesis.Case
) -> bool | None:
    """A request the contract calls valid is never refused as malformed input."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    problem = response.json()
    field = problem.get("field")
    if isinstance(field, str):
        field = re.sub(r"\[\d+\]", "[]", field)  # `players[1].bot` is `players[].bot`
    if field in RELATIONS:
        return None
    if field in RULE_BOUNDS and problem.get("rule") and problem.get("code") not in MALFORMED:
        return None
    if problem.get("code") in MALFORMED or field is not None:
        raise AssertionError(
            f"the contract allows this request, but the service refused it: {problem}"
        )
    return None


def _create_games() -> dict[str, list[str]]:
    """A few real games (id → tokens by seat), created through the app itself."""
    games: dict[str, list[str]] = {}
    with asgi.get_client(app) as client:
        for players, seed, game in (
            (2, "st-2", "penang"),
            (4, "st-4", "penang"),
            (5, "st-5", "penang"),
            (6, "st-r", "rummy"),
            (3, "st-t", "three-thirteen"),
        ):
            body = {"players": [f"P{i}" for i in range(players)], "seed": seed, "game": game}
            created = client.post("/games", json=body).json()
            games[created["game_id"]] = created["tokens"]
        record = (GOLDEN / "two-players-seven-cards-35.json").read_bytes()
        headers = {"Content-Type": "application/json"}
        imported = client.post("/games/import", data=record, headers=headers)
        assert imported.status_code == 201, imported.text
        games[imported.json()["game_id"]] = []
    return games


GAMES = _create_games()
#: The imported game: it is over, so its stream ends once every event is sent.
FINISHED = next(game for game, tokens in GAMES.items() if not tokens)


def _is_uuid(value: Any) -> bool:
    try:
        UUID(str(value))
    except ValueError:
        return False
    return True


def _real_games(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    """Half the time, a valid game id in the path becomes a real game's."""
    if path_parameters is None or not _is_uuid(path_parameters.get("game_id")):
        return st.just(path_parameters)
    return st.one_of(
        st.just(path_parameters),
        st.sampled_from(sorted(GAMES)).map(lambda game: {**path_parameters, "game_id": game}),
    )


for fuzzed in (schema, anonymous):
    fuzzed.hook("flatmap_path_parameters")(_real_games)


@streams.hook("flatmap_path_parameters")
def _finished_games(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    """Half the time, a valid game id in a stream's path becomes the finished game's."""
    if path_parameters is None or not _is_uuid(path_parameters.get("game_id")):
        return st.just(path_parameters)
    finished = {**path_parameters, "game_id": FINISHED}
    return st.one_of(st.just(path_parameters), st.just(finished))


@schema.auth()
class SeatToken:
    """The bearer token of the seat the path names (seat 0's where none is named)."""

    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> dict[str, Any]:
        return GAMES

    def set(
        self, case: schemathesis.Case, data: dict[str, Any], context: schemathesis.AuthContext
    ) -> None:
        params = case.path_parameters or {}
        tokens = data.get(str(params.get("game_id"))) or next(iter(data.values()))
        # An imported game has no tokens: its seat routes get the first game's (401).
        seat = params.get("seat", 0)
        token = tokens[seat] if isinstance(seat, int) and 0 <= seat < len(tokens) else tokens[0]
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


@schema.parametrize()
def test_api_with_seat_tokens(case: schemathesis.Case) -> None:
    case.call_and_validate()


@anonymous.parametrize()
def test_api_without_tokens(case: schemathesis.Case) -> None:
    case.call_and_validate()


@streams.parametrize()
def test_streams_that_end(case: schemathesis.Case) -> None:
    case.call_and_validate()
