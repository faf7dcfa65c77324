"""Bot seats (R33, R34, R35): seats the service plays with one of its game's bots.

Only the service plays bots (the rules engine alone decides no turn for anyone), so these
steps speak to it over HTTP (`HttpDriver`, bound by test_bot_seats_http.py). A bot's turn
is played in the service's background with no request; its think time is 0 in the tests'
settings, so the steps wait for it by reading the table, with a bound (`WAIT_SECONDS`).
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import pytest
from patience import PATIENCE
from pytest_bdd import given, parsers, then, when

from domain.bots.audit import verify_record
from domain.games import DEFAULT_GAME
from domain.games import GAMES as REGISTERED
from domain.provenance import RecordVerdict
from domain.records import dump_record, load_record
from service.signing import KeyRing
from service.store import GameStore

from ..drivers import Driver, Json
from ..http_driver import HttpDriver
from ..notation import full_deck
from ..scene import Scene, accepted, shuffled_deck

#: The longest a step waits for the service's bots to play (their think time is 0).
WAIT_SECONDS = PATIENCE
#: How long the table must stay still for the bots' turns to be over (R35: played once).
STILL_SECONDS = 0.3
#: How many commands a game played out may take before the step gives up.
MOST_COMMANDS = 3000
#: The packs and jokers of Penang Rummy's deck for two players (P1).
PENANG_PACKS, PENANG_JOKERS = 2, 6
_SHUFFLE = 20_221_202


@dataclass
class BotTable:
    """What the bot steps share: each seat's bot, the record under audit, its verdict."""

    bots: list[str | None] = field(default_factory=list)
    record: Json | None = None
    verdict: RecordVerdict | None = None


@pytest.fixture
def bot_table() -> BotTable:
    return BotTable()


def _http(driver: Driver) -> HttpDriver:
    assert isinstance(driver, HttpDriver), "bot seats are the service's: an HTTP step"
    return driver


def _bots(text: str) -> list[str | None]:
    """`-, greedy, -`: a seat's bot by name, `-` for a person's seat."""
    return [None if name == "-" else name for name in re.split(r",\s*", text.strip())]


def _draw_deck() -> list[str]:
    # One pack (B1), shuffled by a fixed seed so every run deals the same hand.
    deck = full_deck(1, 0)
    random.Random(_SHUFFLE).shuffle(deck)
    return deck


def _deal(scene: Scene, bot_table: BotTable, game: str, bots: list[str | None]) -> None:
    driver = _http(scene.driver)
    assert not scene.players, "a scenario deals one game only"
    scene.players = len(bots)
    bot_table.bots = bots
    body: Json = {"dealer": 0, **scene.table}
    if not REGISTERED[game].has_stock:
        body.update(rules=dict(scene.rules))
        body["deck"] = shuffled_deck(len(bots), PENANG_PACKS, PENANG_JOKERS)
    else:
        scene.game = game
        body.update(game=game, draw_rules={"game": game, **scene.rules}, deck=_draw_deck())
    scene.outcome = driver.start_with_bots(bots, body)
    scene.before = None


#: Each registered game's name, by its title (as the scenarios name it).
_GAMES = {game.title: game.name for game in REGISTERED.values()}
_TITLES = "|".join(re.escape(title) for title in _GAMES)
_SEATS = rf"(?P<players>\d+)-player (?P<game>{_TITLES})"
_BOTS = r'(?:with (?P<bots>[^"]+) played by the bots? "(?P<names>[^"]+)"|of people only)'


def _named(players: int, bots: str | None, names: str | None) -> list[str | None]:
    seated: list[str | None] = [None] * players
    if bots is not None and names is not None:
        seats = [int(seat) for seat in re.findall(r"\d+", bots)]
        for seat, name in zip(seats, re.split(r",\s*", names), strict=True):
            seated[seat] = name
    return seated


@given(parsers.re(rf"a {_SEATS} game dealt by seat 0 {_BOTS}"))
def dealt_with_bots(
    scene: Scene,
    bot_table: BotTable,
    *,
    players: str,
    game: str,
    bots: str | None,
    names: str | None,
) -> None:
    _deal(scene, bot_table, _GAMES[game], _named(int(players), bots, names))
    accepted(scene.last(), "the deal")


@when(parsers.re(rf"a {_SEATS} game is dealt by seat 0 {_BOTS}"))
def deal_with_bots_is_tried(
    scene: Scene,
    bot_table: BotTable,
    *,
    players: str,
    game: str,
    bots: str | None,
    names: str | None,
) -> None:
    _deal(scene, bot_table, _GAMES[game], _named(int(players), bots, names))


@then(parsers.re(r'the game is refused citing (?P<rule>R\d+) with code "(?P<code>[a-z-]+)"'))
def game_refused(scene: Scene, rule: str, code: str) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, f"the game was dealt: {scene.last()}"
    assert (refusal.rule, refusal.code) == (rule, code), refusal


@then(parsers.parse('the refusal names the game\'s bots "{names}"'))
def refusal_names_bots(scene: Scene, names: str) -> None:
    refusal = scene.last().refusal
    assert refusal is not None, "the game was dealt"
    # The problem lists the bots (`bots`); its detail says them too.
    for name in re.split(r",\s*", names):
        assert name in refusal.message, refusal.message
    listed = ", ".join(re.split(r",\s*", names))
    assert listed in refusal.message, refusal.message


@then(parsers.re(r"(?:seat|seats) (?P<seats>[\d, and]+) (?:has|have) no token"))
def seats_without_token(scene: Scene, bot_table: BotTable, seats: str) -> None:
    tokens = _http(scene.driver).tokens
    for seat in (int(number) for number in re.findall(r"\d+", seats)):
        assert tokens[seat] is None, f"seat {seat} has a token"
    people = [seat for seat, bot in enumerate(bot_table.bots) if bot is None]
    assert all(tokens[seat] is not None for seat in people), tokens


@then(parsers.parse('seat {seat:d}\'s player is "{name}"'))
def seat_player(scene: Scene, seat: int, name: str) -> None:
    seated = scene.driver.view(None)["seats"][seat]
    assert seated["name"] == name, seated


@then(parsers.parse('the deal names the bots "{bots}"'))
def deal_names_bots(scene: Scene, bots: str) -> None:
    # The views show a bot's seat by its player's name and its missing token; the deal
    # event's `bots` reaches a client in the game's record, once the game is over (R33).
    # Before that the step reads the stored deal, in process, as the clock's steps do.
    driver = _http(scene.driver)
    app: Any = getattr(driver.client, "app", None)
    if app is None:
        pytest.skip("the deal's bots are read from the service's store: an in-process step")
    store = app.state.store
    assert isinstance(store, GameStore)
    deal = store.game_events(UUID(driver.game_id))[0]
    assert list(getattr(deal, "bots", None) or ()) == _bots(bots), deal


@then(parsers.parse('the record\'s deal names the bots "{bots}"'))
def record_deal_names_bots(bot_table: BotTable, bots: str) -> None:
    assert bot_table.record is not None, "no record was exported"
    assert bot_table.record["events"][0].get("bots") == _bots(bots), bot_table.record["events"][0]


def _settled(driver: HttpDriver, bots: list[str | None], still: float = STILL_SECONDS) -> Json:
    """The table once no bot is on turn and it has stayed still for `still` seconds."""
    deadline = time.monotonic() + WAIT_SECONDS
    still_since, version = time.monotonic(), -1
    while time.monotonic() < deadline:
        view = driver.view(None)
        if view["version"] != version:
            still_since, version = time.monotonic(), view["version"]
        bot_on_turn = not view["over"] and view["turn"] is not None and bots[view["turn"]]
        if not bot_on_turn and time.monotonic() - still_since >= still:
            return view
        time.sleep(0.01)
    raise AssertionError(f"the bots did not play within {WAIT_SECONDS} s: {view}")


@when("the bots have played")
def bots_have_played(scene: Scene, bot_table: BotTable) -> None:
    driver = _http(scene.driver)
    scene.before = None
    _settled(driver, bot_table.bots)


@when("the turn clock of the person on turn runs out")
def person_times_out(scene: Scene, bot_table: BotTable) -> None:
    """The clock's default turn for the person's seat on turn (R19, R36, R51); no snapshot
    of every seat's view is taken, a bot's seat having no token to see it with."""
    driver = _http(scene.driver)
    seat = driver.view(None)["turn"]
    assert isinstance(seat, int) and bot_table.bots[seat] is None, (seat, bot_table.bots)
    scene.outcome = driver.time_out(seat)
    accepted(scene.outcome, f"seat {seat}'s timeout")


@then("the hand is over, every seat's hand shown")
def hand_over(scene: Scene) -> None:
    view = scene.driver.view(None)
    assert view["over"] and view["turn"] is None, view
    assert all(seat["hand"] is not None for seat in view["seats"]), view["seats"]


@then(parsers.parse("seat {seat:d} played one turn: {kinds}"))
def seat_played_one_turn(scene: Scene, seat: int, kinds: str) -> None:
    events = scene.driver.events(None)[1:]
    played = [event["type"] for event in events if event.get("seat") == seat]
    assert played == [kind.strip() for kind in kinds.split(",")], played
    assert all(event.get("seat") == seat for event in events), events


def _person_command(driver: HttpDriver, seat: int) -> list[Json] | None:
    """The person's next command, the first the service lists (None: declare dead)."""
    moves = driver.legal_moves(seat)
    if "turns" in moves:  # Penang Rummy: a whole listed turn (D8)
        turns = moves["turns"]
        return list(turns[0]["actions"]) if turns else None
    if "actions" in moves:  # Gin Rummy: each listed action a command of its own (R50)
        return [moves["actions"][0]]
    commands = [list(c["actions"]) for c in moves["commands"]]
    playing = [c for c in commands if c[0]["type"] in ("go_out", "meld", "lay_off")]
    discards = [c for c in commands if c[0]["type"] == "discard"]
    return playing[0] if playing else discards[0] if discards else commands[0]


@when("the people play their first listed moves until the game is over")
def people_play_out(scene: Scene, bot_table: BotTable) -> None:
    driver = _http(scene.driver)
    for _ in range(MOST_COMMANDS):
        view = _settled(driver, bot_table.bots, still=0.0)
        if view["over"]:
            return
        seat = view["turn"]
        actions = _person_command(driver, seat)
        outcome = driver.declare_dead(seat) if actions is None else driver.play(seat, actions)
        accepted(outcome, f"seat {seat}'s command")
    raise AssertionError(f"the game was not over after {MOST_COMMANDS} commands")


@when("the game's record is exported")
def record_exported(scene: Scene, bot_table: BotTable) -> None:
    driver = _http(scene.driver)
    response = driver.client.get(f"/games/{driver.game_id}/record")
    assert response.status_code == 200, response.text
    bot_table.record = response.json()


@when(parsers.parse('the record is made to say seat {seat:d} was played by the bot "{name}"'))
def record_relabelled(bot_table: BotTable, seat: int, name: str) -> None:
    assert bot_table.record is not None, "no record was exported"
    deal = bot_table.record["events"][0]
    bots = deal.get("bots") or [None] * len(deal["players"])
    bots[seat] = name
    deal["bots"] = bots


def _sealed_again(driver: HttpDriver, record: Json) -> bytes:
    """The record chained and signed again with the service's own key, so that only its
    bot seats can be wrong."""
    app: Any = getattr(driver.client, "app", None)
    if app is None:
        pytest.skip("the record is signed again with the service's key: an in-process step")
    keyring = app.state.keyring
    assert isinstance(keyring, KeyRing)
    # As format `/1`: the same header and events, without chain or signature.
    kept = {key: value for key, value in record.items() if key not in ("chain", "signature")}
    unsigned = {**kept, "format": "penang-rummy-record/1"}
    return bytes(dump_record(keyring.seal(load_record(json.dumps(unsigned)))))


@when("the record is verified")
def record_verified(scene: Scene, bot_table: BotTable) -> None:
    assert bot_table.record is not None, "no record was exported"
    driver = _http(scene.driver)
    record = _sealed_again(driver, bot_table.record)
    bot_table.verdict = verify_record(load_record(record))


@then("the record is valid")
def record_valid(bot_table: BotTable) -> None:
    verdict = bot_table.verdict
    assert verdict is not None, "no record was verified"
    assert verdict.valid and verdict.finished, verdict.summary()


@then(parsers.re(r'the record is refused citing (?P<rule>R\d+) with code "(?P<code>[a-z-]+)"'))
def record_refused(bot_table: BotTable, rule: str, code: str) -> None:
    verdict = bot_table.verdict
    assert verdict is not None, "no record was verified"
    assert not verdict.valid, verdict.summary()
    assert (verdict.rule, verdict.code) == (rule, code), verdict.summary()


@given(
    parsers.re(
        r"a (?P<players>\d+)-player match of "
        rf"(?P<game>{_TITLES}) with "
        r'open seats, (?P<bots>[^"]+?) played by the bots? "(?P<names>[^"]+)", '
        r'and the seed "(?P<seed>[^"]+)"'
    )
)
def open_match_with_bots(
    scene: Scene, bot_table: BotTable, *, players: str, game: str, bots: str, names: str, seed: str
) -> None:
    bot_table.bots = _named(int(players), bots, names)
    # One game, where the match takes a number of games: a game whose match is a fixed
    # number of hands (Three Thirteen's eleven, T1) or played to its target (Gin's, G17)
    # takes none; the default game's match names no game.
    rules = REGISTERED[_GAMES[game]].rules_type
    fixed = getattr(rules, "MATCH_HANDS", None) or getattr(rules, "MATCH_TARGET", None)
    options: Json = {} if fixed else {"games": 1}
    if _GAMES[game] != DEFAULT_GAME:
        options.update(game=_GAMES[game])
    scene.players = int(players)
    driver = _http(scene.driver)
    opened = driver.open_match_with_bots(bot_table.bots, options, seed, scene.table)
    accepted(opened, "the match")
