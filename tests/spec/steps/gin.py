"""Gin Rummy (G1–G18, R37–R44, R53–R55): hands dealt from stacked decks and played through the
scenario's `Driver`, in process (`DomainDriver`, the game's `Game`) or over HTTP
(`HttpDriver`, `POST /games` with `"game": "gin"`).

Seat 1 deals, so seat 0 is offered the upcard first (G3). A hand's cards are given seat
by seat; the upcard and the stock's first cards follow, the rest of the pack below them
in its canonical order, and a seat given no cards (or fewer than ten) is dealt the first
of that rest. Actions are written "draw stock", "draw discard", "pass", "knock",
"discard 5H", "meld 2S 3S 4S", "lay off 5S", "done", separated by ";" in one command,
and sent in their wire form (`{"type": "show_meld", "cards": [...]}`). Everything a step
checks it reads from the views and legal moves the driver answers with, but a match's
score (G17, G18): those steps give each hand's score to the match model directly
(`domain.match.commands`, as the service decides), so features/gin/matches.feature runs
in process only; Gin matches are played over HTTP by tests/api/test_api_gin_match.py
and tests/api/test_api_hollywood.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
from pytest_bdd import given, parsers, then, when

from domain.cards import NATURALS, Card, parse_cards
from domain.columns import ScoreColumn
from domain.errors import InvalidRules
from domain.games import GAMES, SINGLE, MatchScoring
from domain.gin import melds as m
from domain.gin.hollywood import COLUMNS, HOLLYWOOD
from domain.gin.rules import TABLE, GinRules, preset
from domain.match import commands as match_commands
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchGameScored
from domain.match.options import MatchOptions
from domain.match.state import MatchState
from domain.match.state import fold as fold_match

from ..drivers import Driver, Json
from ..outcomes import Refusal

PLAYERS = ("north", "south")


@dataclass
class GinTable:
    """The hand a scenario deals (its rules and stacked cards), then plays through `driver`."""

    driver: Driver
    rules: dict[str, Any] = field(default_factory=dict)
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    upcard: Card | None = None
    stock: tuple[Card, ...] = ()
    dealt: bool = False
    #: The service's table options (`turn_seconds`, R19), which the engine does not know.
    table: dict[str, Any] = field(default_factory=dict)
    refused: Refusal | None = None
    #: The events the last command or timeout recorded, as a spectator sees them.
    recorded: tuple[Json, ...] = ()
    #: A match of Gin's hands in the match model (`domain.match`), as the service plays it.
    match: MatchState | None = None
    #: A match's options refused when it was opened (G18, R55).
    refused_rules: InvalidRules | None = None

    def deck(self) -> list[str]:
        given_cards = [*self.hands.get(0, ()), *self.hands.get(1, ())]
        upcard = self.upcard or next(c for c in NATURALS if c not in given_cards)
        used = {*given_cards, upcard, *self.stock}
        rest = [card for card in NATURALS if card not in used]
        hands = [list(self.hands.get(seat, ())) for seat in (0, 1)]
        for seat in (0, 1):
            while len(hands[seat]) < 10:
                hands[seat].append(rest.pop(0))
        deck = [hands[i % 2][i // 2] for i in range(20)] + [upcard, *self.stock, *rest]
        return [card.text for card in deck]

    def game(self) -> Driver:
        """The driver, once the hand is dealt (dealt at the first step that plays or reads)."""
        if not self.dealt:
            outcome = self.driver.start_hand(
                "gin", PLAYERS, self.deck(), self.rules, 1, table=self.table
            )
            assert outcome.refusal is None, f"the deal was refused: {outcome.refusal}"
            self.dealt = True
        return self.driver

    def view(self, viewer: int | None = None) -> Json:
        return self.game().view(viewer)

    def listed(self, seat: int) -> list[Json]:
        return list(self.game().legal_moves(seat)["actions"])


@pytest.fixture
def gin(driver: Driver) -> GinTable:
    return GinTable(driver)


def gin_action(text: str) -> Json:
    """One action in words, in its wire form (a meld's cards in the engine's order)."""
    words = text.strip().split()
    match words:
        case ["draw", source]:
            return {"type": "draw", "source": "stock" if source == "stock" else "discard"}
        case ["pass"] | ["knock"] | ["done"]:
            return {"type": words[0]}
        case ["big", "gin"]:
            return {"type": "big_gin"}
        case ["discard", card]:
            return {"type": "discard", "card": card}
        case ["lay", "off", card]:
            return {"type": "lay_off_card", "card": card}
        case ["meld", *cards]:
            ordered = sorted(parse_cards(cards), key=m.code)
            return {"type": "show_meld", "cards": [card.text for card in ordered]}
    raise ValueError(f"not a Gin action: {text!r}")


def _key(action: Json) -> str:
    return json.dumps(action, sort_keys=True)


def _actions(texts: str) -> list[Json]:
    return [gin_action(text) for text in texts.split(";")]


def _result(gin: GinTable) -> Json:
    view = gin.view()
    assert view["over"] and view["result"] is not None, "the hand is not over"
    return dict(view["result"])


@given(parsers.parse('a Gin Rummy table with the "{name}" rules'))
def gin_rules(gin: GinTable, name: str) -> None:
    gin.rules = msgspec.to_builtins(preset(name))  # type: ignore[arg-type]


@given(parsers.parse("the Gin option {option} is {value}"))
def gin_option(gin: GinTable, option: str, value: str) -> None:
    gin.rules[option] = json.loads(value)


@given(parsers.parse('Gin seat {seat:d} is dealt "{cards}"'))
def gin_dealt(gin: GinTable, seat: int, cards: str) -> None:
    gin.hands[seat] = parse_cards(cards.split())


@given(parsers.parse('the Gin upcard is "{card}"'))
def gin_upcard(gin: GinTable, card: str) -> None:
    gin.upcard = Card(card)


@given(parsers.parse('the Gin stock begins "{cards}"'))
def gin_stock(gin: GinTable, cards: str) -> None:
    gin.stock = parse_cards(cards.split())


@when(parsers.parse('Gin seat {seat:d} plays "{actions}"'))
def gin_plays(gin: GinTable, seat: int, actions: str) -> None:
    outcome = gin.game().play(seat, _actions(actions))
    gin.refused, gin.recorded = outcome.refusal, outcome.events


@given(parsers.parse('Gin seat {seat:d} has played "{actions}"'))
def gin_has_played(gin: GinTable, seat: int, actions: str) -> None:
    """A command the scene has played: it must have been accepted."""
    gin_plays(gin, seat, actions)
    assert gin.refused is None, f"the scene's command {actions!r} was refused: {gin.refused}"


@given(parsers.parse("the Gin table gives each turn {seconds:d} seconds"))
def gin_clock(gin: GinTable, seconds: int) -> None:
    gin.table["turn_seconds"] = seconds


@when(parsers.parse("Gin seat {seat:d}'s turn clock runs out"))
@given(parsers.parse("Gin seat {seat:d}'s turn clock ran out"))
def gin_times_out(gin: GinTable, seat: int) -> None:
    outcome = gin.game().time_out(seat)
    assert outcome.refusal is None, f"the clock's turn was refused: {outcome.refusal}"
    gin.refused, gin.recorded = None, outcome.events


@when("the turn clock of the Gin seat on turn runs out")
def gin_on_turn_times_out(gin: GinTable) -> None:
    seat = gin.view()["turn"]
    assert isinstance(seat, int), "nobody is on turn"
    gin_times_out(gin, seat)


@then(parsers.parse("the Gin clock recorded {kinds} for seat {seat:d}, marked as its own"))
def gin_clock_recorded(gin: GinTable, kinds: str, seat: int) -> None:
    """R51: the clock's last event of the seat has reason `timeout`; where it recorded
    none (its pass at the wall), the end names the seat."""
    recorded = gin.recorded
    assert [event["type"] for event in recorded] == [k.strip() for k in kinds.split(",")]
    own = [event for event in recorded if event.get("seat") == seat]
    marks = [event.get("reason") for event in own]
    if own:
        assert marks == [None] * (len(own) - 1) + ["timeout"], own
    else:
        assert recorded[-1].get("timed_out") == seat, recorded


@when(parsers.parse("both Gin seats draw from the stock and discard it until {left:d} are left"))
def gin_to_the_wall(gin: GinTable, left: int) -> None:
    """Both pass the first upcard; then each seat in turn draws from the stock and throws
    back the card it drew (which only its drawer's answer shows), until the stock is down
    to `left`, or a draw ends the hand (Hoyle's wall, R61)."""
    game = gin.game()
    for seat in (0, 1):
        gin_plays(gin, seat, "pass")
        assert gin.refused is None, gin.refused
    view = gin.view()
    while not view["over"] and view["stock_size"] > left:
        seat = view["turn"]
        assert view["phase"] in ("offer", "draw"), view["phase"]
        drew = game.play(seat, [gin_action("draw stock")])
        assert drew.refusal is None, drew.refusal
        event = drew.events[0]
        assert event["type"] == "Drew" and event["card"] is not None, event
        gin.recorded = drew.events
        if len(drew.events) > 1:  # R61: Hoyle's wall ends the hand at the draw
            break
        thrown = game.play(seat, [gin_action(f"discard {event['card']}")])
        assert thrown.refusal is None, thrown.refusal
        view = gin.view()


@when(parsers.parse("a Gin Rummy hand is dealt to {players:d} players"))
def gin_deal_players(gin: GinTable, players: int) -> None:
    names = [f"player-{seat}" for seat in range(players)]
    outcome = gin.driver.start_hand("gin", names, gin.deck(), gin.rules, 1)
    gin.refused = outcome.refusal


def _gin_match(
    target: int,
    dealer: int,
    hands: str,
    scoring: MatchScoring = SINGLE,
    rules: GinRules = TABLE,
) -> MatchState:
    """A match of Gin to `target`, first dealt by `dealer`, whose hands score `hands`
    ("60-0; 0-0": each seat's points, a hand where nobody scores a draw; "60-0 x2": a
    doubled deal whose box counts twice, R59), as the match's own commands decide it:
    who deals each hand, and where and how the match ends. The rules are a table's
    unless given."""
    options = DrawMatchOptions(rules=rules, target=target, scoring=scoring)
    state = fold_match(match_commands.open_match(2, options, players=("north", "south")))
    state = fold_match(match_commands.start_match(state, dealer, ("", "")), state)
    return _score_hands(state, hands)


def _score_hands(state: MatchState, hands: str) -> MatchState:
    for hand in hands.split(";"):
        doubled = hand.strip().endswith(" x2")
        points = tuple(int(n) for n in hand.strip().removesuffix(" x2").split("-"))
        winners = tuple(seat for seat, won in enumerate(points) if won)
        boxes = tuple(2 * (seat in winners) for seat in range(2)) if doubled else ()
        number = len(state.games) + 1
        state = fold_match(match_commands.game_started(state, f"hand-{number}"), state)
        ended = MatchGameScored(
            number=number, points=points, winners=winners, totals=points, boxes=boxes
        )
        state = fold_match(match_commands.game_scored(state, ended), state)
    return state


@when(parsers.parse('a Gin match scores the hands "{hands}"'))
def gin_match(gin: GinTable, hands: str) -> None:
    gin.match = _gin_match(100, 0, hands)


@when(
    parsers.parse(
        'a Gin match to {target:d}, first dealt by seat {dealer:d}, scores the hands "{hands}"'
    )
)
def gin_match_to(gin: GinTable, target: int, dealer: int, hands: str) -> None:
    gin.match = _gin_match(target, dealer, hands)


@when(parsers.parse('a Hollywood Gin match scores the hands "{hands}"'))
def hollywood_match(gin: GinTable, hands: str) -> None:
    gin.match = _gin_match(100, 0, hands, HOLLYWOOD)


@when(parsers.parse('a Hollywood Gin match to {target:d} scores the hands "{hands}"'))
def hollywood_match_to(gin: GinTable, target: int, hands: str) -> None:
    gin.match = _gin_match(target, 0, hands, HOLLYWOOD)


@when(parsers.parse('the Hollywood Gin match goes on with the hands "{hands}"'))
def hollywood_match_goes_on(gin: GinTable, hands: str) -> None:
    assert gin.match is not None and not gin.match.over, gin.match
    gin.match = _score_hands(gin.match, hands)


@when(parsers.parse("a Hollywood match of {game} is opened"))
def hollywood_match_of(gin: GinTable, game: str) -> None:
    spec = GAMES[game]
    try:
        if spec.has_stock:
            options = DrawMatchOptions(rules=spec.rules_type(), scoring=HOLLYWOOD)
            match_commands.open_match(2, options, players=PLAYERS)
        else:
            match_commands.open_match(2, MatchOptions(scoring=HOLLYWOOD), players=PLAYERS)
    except InvalidRules as error:
        gin.refused_rules = error
    else:
        gin.refused_rules = None


@when("the host closes the Gin match")
def gin_match_closed(gin: GinTable) -> None:
    assert gin.match is not None
    gin.match = fold_match(match_commands.close_match(gin.match), gin.match)


@then("the Gin command is accepted")
def gin_accepted(gin: GinTable) -> None:
    assert gin.refused is None, gin.refused


@then(parsers.parse("the Gin command is refused citing {rule}"))
def gin_refused(gin: GinTable, rule: str) -> None:
    assert gin.refused is not None, "the command was accepted"
    assert gin.refused.rule == rule, gin.refused


@then(parsers.parse('the Gin command is refused with code "{code}" citing {rule}'))
def gin_refused_with(gin: GinTable, code: str, rule: str) -> None:
    assert gin.refused is not None, "the command was accepted"
    assert (gin.refused.code, gin.refused.rule) == (code, rule), gin.refused


@then("the Gin hand is not over")
def gin_not_over(gin: GinTable) -> None:
    view = gin.view()
    assert not view["over"] and view["turn"] is not None, view


@then(parsers.parse('Gin seat {seat:d} may "{action}"'))
def gin_may(gin: GinTable, seat: int, action: str) -> None:
    listed = gin.listed(seat)
    assert _key(gin_action(action)) in {_key(a) for a in listed}, listed


@then(parsers.parse('Gin seat {seat:d} may not "{action}"'))
def gin_may_not(gin: GinTable, seat: int, action: str) -> None:
    listed = gin.listed(seat)
    assert _key(gin_action(action)) not in {_key(a) for a in listed}, listed


@then(parsers.parse('Gin seat {seat:d} may only "{actions}"'))
def gin_may_only(gin: GinTable, seat: int, actions: str) -> None:
    listed = gin.listed(seat)
    assert {_key(a) for a in listed} == {_key(a) for a in _actions(actions)}, listed


@then(parsers.parse('it is Gin seat {seat:d}\'s turn in the "{phase}" phase'))
def gin_turn(gin: GinTable, seat: int, phase: str) -> None:
    view = gin.view()
    assert (view["turn"], view["phase"]) == (seat, phase), (view["turn"], view["phase"])


@then(parsers.parse('the Gin hand ends "{reason}" with points {north:d} and {south:d}'))
def gin_ends(gin: GinTable, reason: str, north: int, south: int) -> None:
    ended = _result(gin)
    assert (ended["reason"], ended["points"]) == (reason, [north, south]), ended


@then(parsers.parse("the Gin deadwood left is {north:d} and {south:d}"))
def gin_deadwood_left(gin: GinTable, north: int, south: int) -> None:
    ended = _result(gin)
    assert ended["deadwood"] == [north, south], ended


@then("no Gin seat may move and every hand is shown")
def gin_over(gin: GinTable) -> None:
    assert all(not gin.listed(seat) for seat in (0, 1))
    view = gin.view()
    assert all(seat["hand"] is not None for seat in view["seats"]) and view["stock"] is not None


@then(
    parsers.parse(
        "Gin seat {seat:d} holds {size:d} cards, the stock {stock:d} and the pile {pile:d}"
    )
)
def gin_sizes(gin: GinTable, seat: int, size: int, stock: int, pile: int) -> None:
    view = gin.view(seat)
    assert view["hand"] is not None and len(view["hand"]) == size, view["hand"]
    assert (view["stock_size"], len(view["discards"])) == (stock, pile)
    assert view["stock"] is None, "the stock's order is shown while the hand runs"
    other = view["seats"][1 - seat]
    assert other["hand"] is None and other["hand_size"] == size, other


@then(
    parsers.parse('every Gin viewer sees the passes "{passes}" and {draws:d} draws from the pile')
)
def gin_public_counts(gin: GinTable, passes: str, draws: int) -> None:
    wanted = [word == "yes" for word in passes.split()]
    for viewer in (None, 0, 1):
        view = gin.view(viewer)
        assert (view["passed"], view["upcard_draws"]) == (wanted, draws), (viewer, view)


@then("every Gin viewer sees that the last discard was the card just taken")
def gin_public_repeat(gin: GinTable) -> None:
    assert all(gin.view(viewer)["repeated"] for viewer in (None, 0, 1))


@then(parsers.parse("the Gin knock limit is {limit:d}"))
def gin_limit(gin: GinTable, limit: int) -> None:
    assert gin.view()["knock_limit"] == limit


@then(parsers.parse("the Gin match is won by seat {seat:d} with {north:d} to {south:d}"))
def gin_match_won(gin: GinTable, seat: int, north: int, south: int) -> None:
    ended = gin.match.ended if gin.match is not None else None
    assert ended is not None and ended.reason == "target", gin.match
    assert (ended.winners, ended.final) == ((seat,), (north, south)), ended


@then(parsers.parse("the Gin match goes on at {north:d} to {south:d}"))
def gin_match_on(gin: GinTable, north: int, south: int) -> None:
    assert gin.match is not None and not gin.match.over
    assert gin.match.totals == (north, south), gin.match


@then(parsers.parse("hand {number:d} of the Gin match is dealt by seat {seat:d}"))
def gin_match_dealer(gin: GinTable, number: int, seat: int) -> None:
    assert gin.match is not None
    if number <= len(gin.match.games):
        assert gin.match.games[number - 1].dealer == seat, gin.match.games
    else:
        assert match_commands.next_game(gin.match) == (number, seat), gin.match


def _column(gin: GinTable, number: int) -> ScoreColumn:
    assert gin.match is not None
    scored = [game.scored for game in gin.match.games if game.scored is not None]
    columns = match_commands.match_columns(gin.match, scored)
    assert len(columns) == COLUMNS, columns
    return columns[number - 1]


@then(parsers.parse("Hollywood column {number:d} stands at {north:d} to {south:d}"))
def hollywood_column_stands(gin: GinTable, number: int, north: int, south: int) -> None:
    column = _column(gin, number)
    assert not column.over and column.points == column.final == (north, south), column


@then(
    parsers.parse("Hollywood column {number:d} is won by seat {seat:d} with {north:d} to {south:d}")
)
def hollywood_column_won(gin: GinTable, number: int, seat: int, north: int, south: int) -> None:
    column = _column(gin, number)
    assert (column.over, column.winner, column.final) == (True, seat, (north, south)), column
    assert not column.shutout, column


@then(
    parsers.parse(
        "Hollywood column {number:d} is won by seat {seat:d} with {north:d} to {south:d}, a shutout"
    )
)
def hollywood_column_shutout(gin: GinTable, number: int, seat: int, north: int, south: int) -> None:
    column = _column(gin, number)
    assert (column.over, column.winner, column.final) == (True, seat, (north, south)), column
    assert column.shutout, column


@then(
    parsers.parse(
        "the Hollywood Gin match ended {reason}, won by seat {seat:d} with {north:d} to {south:d}"
    )
)
def hollywood_match_ended(gin: GinTable, reason: str, seat: int, north: int, south: int) -> None:
    ended = gin.match.ended if gin.match is not None else None
    assert ended is not None and ended.reason == reason, gin.match
    assert (ended.winners, ended.final, ended.bonuses) == ((seat,), (north, south), ()), ended
    assert len(ended.columns) == COLUMNS, ended


@then(parsers.parse("the match is refused citing {rule} for the field {name}"))
def match_refused_for(gin: GinTable, rule: str, name: str) -> None:
    refused = gin.refused_rules
    assert refused is not None, "the match was opened"
    assert (refused.rule, refused.field) == (rule, name), refused


@then(parsers.parse("the Gin match ended {reason}, won by seat {seat:d}, with no bonuses"))
def gin_match_ended_short(gin: GinTable, reason: str, seat: int) -> None:
    ended = gin.match.ended if gin.match is not None else None
    assert ended is not None and ended.reason == reason, gin.match
    assert ended.winners == (seat,) and ended.bonuses == () and ended.final == ended.totals


@when(parsers.parse('a Gin match with the shutout {reading} scores the hands "{hands}"'))
def gin_match_shutout(gin: GinTable, reading: str, hands: str) -> None:
    rules = preset("table", shutout=json.loads(reading))
    gin.match = _gin_match(100, 0, hands, rules=rules)


@when(parsers.parse('a Hollywood Gin match with the shutout {reading} scores the hands "{hands}"'))
def hollywood_match_shutout(gin: GinTable, reading: str, hands: str) -> None:
    rules = preset("table", shutout=json.loads(reading))
    gin.match = _gin_match(100, 0, hands, HOLLYWOOD, rules=rules)


@then(parsers.parse("the Gin match is won by seat {seat:d} with {north:d} to {south:d}, a shutout"))
def gin_match_won_shutout(gin: GinTable, seat: int, north: int, south: int) -> None:
    ended = gin.match.ended if gin.match is not None else None
    assert ended is not None and ended.reason == "target", gin.match
    assert (ended.winners, ended.final, ended.shutout) == ((seat,), (north, south), True), ended


@then(parsers.parse("the Gin match's bonuses are {north:d} and {south:d}"))
def gin_match_bonuses(gin: GinTable, north: int, south: int) -> None:
    ended = gin.match.ended if gin.match is not None else None
    assert ended is not None and ended.bonuses == (north, south), ended


@then(parsers.parse('the Gin deal is doubled, its boxes "{boxes}"'))
def gin_doubled(gin: GinTable, boxes: str) -> None:
    ended = _result(gin)
    wanted = [int(n) for n in boxes.split()] if boxes != "none" else None
    assert ended.get("doubled") is True and ended.get("boxes") == wanted, ended
    assert all(gin.view(viewer)["doubled"] for viewer in (None, 0, 1))


@then("the Gin deal is not doubled")
def gin_not_doubled(gin: GinTable) -> None:
    ended = _result(gin)
    assert "doubled" not in ended and "boxes" not in ended, ended
    assert not gin.view()["doubled"]


@then(parsers.parse('Gin seat {seat:d} has laid the melds "{melds}"'))
def gin_laid(gin: GinTable, seat: int, melds: str) -> None:
    wanted = [[card.text for card in parse_cards(meld.split())] for meld in melds.split(";")]
    laid = gin.view()["seats"][seat]["melds"]
    assert sorted(map(sorted, laid)) == sorted(map(sorted, wanted)), laid


@then(parsers.parse("the Gin hand's rules name {option} {value}"))
def gin_rules_name(gin: GinTable, option: str, value: str) -> None:
    rules = gin.view()["rules"]
    assert rules[option] == json.loads(value), rules


@then(parsers.parse("the last Gin draw ended the hand with {left:d} cards left in the stock"))
def gin_draw_ended(gin: GinTable, left: int) -> None:
    assert [event["type"] for event in gin.recorded] == ["Drew", "GinHandEnded"], gin.recorded
    view = gin.view()
    assert view["over"] and view["stock_size"] == left, view
