"""Gin Rummy (G1–G17, R37–R44), in process: hands dealt from stacked decks and played
through the game's `GameSpec` (`domain.gin.spec.GIN`).

Seat 1 deals, so seat 0 is offered the upcard first (G3). A hand's cards are given seat
by seat; the upcard and the stock's first cards follow, the rest of the pack below them
in its canonical order. Actions are written "draw stock", "draw discard", "pass",
"knock", "discard 5H", "meld 2S 3S 4S", "lay off 5S", "done", separated by ";" in one
command. The spec is used directly, not through `domain.games`: Gin Rummy is not
registered yet, so neither the shared drivers nor the HTTP driver can reach it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
from pytest_bdd import given, parsers, then, when

from domain.cards import NATURALS, Card, parse_cards
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.errors import RummyError
from domain.events import Event
from domain.gin import melds as m
from domain.gin.commands import (
    DoneAction,
    GinAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.rules import GinRules, preset
from domain.gin.spec import GIN
from domain.gin.state import GinState
from domain.match import commands as match_commands
from domain.match.draw_options import DrawMatchOptions
from domain.match.events import MatchGameScored
from domain.match.state import MatchState
from domain.match.state import fold as fold_match


@dataclass
class GinTable:
    rules: GinRules = field(default_factory=GinRules)
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    upcard: Card | None = None
    stock: tuple[Card, ...] = ()
    state: GinState | None = None
    events: list[Event] = field(default_factory=list)
    refused: RummyError | None = None
    #: A match of Gin's hands in the match model (`domain.match`), as the service plays it.
    match: MatchState | None = None

    def dealt(self) -> GinState:
        if self.state is None:
            given_cards = [*self.hands.get(0, ()), *self.hands.get(1, ())]
            upcard = self.upcard or next(c for c in NATURALS if c not in given_cards)
            used = {*given_cards, upcard, *self.stock}
            rest = [card for card in NATURALS if card not in used]
            hands = [list(self.hands.get(seat, ())) for seat in (0, 1)]
            for seat in (0, 1):
                while len(hands[seat]) < 10:
                    hands[seat].append(rest.pop(0))
            deck = [hands[i % 2][i // 2] for i in range(20)] + [upcard, *self.stock, *rest]
            self.events = GIN.deal(("north", "south"), deck, self.rules, 1, proof=None, number=1)
            self.state = GIN.fold(self.events, None)
        return self.state


@pytest.fixture
def gin() -> GinTable:
    return GinTable()


def gin_action(text: str) -> GinAction:
    words = text.strip().split()
    match words:
        case ["draw", source]:
            return DrawAction(source="stock" if source == "stock" else "discard")
        case ["pass"]:
            return PassAction()
        case ["knock"]:
            return KnockAction()
        case ["done"]:
            return DoneAction()
        case ["discard", card]:
            return DiscardAction(card=card)
        case ["lay", "off", card]:
            return LayOffCardAction(card=card)
        case ["meld", *cards]:
            ordered = sorted(parse_cards(cards), key=m.code)
            return ShowMeldAction(cards=tuple(card.text for card in ordered))
    raise ValueError(f"not a Gin action: {text!r}")


def _value(text: str) -> Any:
    return json.loads(text)


@given(parsers.parse('a Gin Rummy table with the "{name}" rules'))
def gin_rules(gin: GinTable, name: str) -> None:
    gin.rules = preset(name)  # type: ignore[arg-type]


@given(parsers.parse("the Gin option {option} is {value}"))
def gin_option(gin: GinTable, option: str, value: str) -> None:
    gin.rules = msgspec.structs.replace(gin.rules, **{option: _value(value)})


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
@given(parsers.parse('Gin seat {seat:d} has played "{actions}"'))
def gin_plays(gin: GinTable, seat: int, actions: str) -> None:
    state = gin.dealt()
    gin.refused = None
    try:
        events = GIN.play(state, seat, [gin_action(a) for a in actions.split(";")], None)
    except RummyError as error:
        gin.refused = error
        return
    gin.events += events
    gin.state = GIN.fold(events, state)


@when(parsers.parse("both Gin seats draw from the stock and discard it until {left:d} are left"))
def gin_to_the_wall(gin: GinTable, left: int) -> None:
    state = gin.dealt()
    for seat in (0, 1):
        gin_plays(gin, seat, "pass")
    while not state.over and len(state.stock) > left:
        state = gin.dealt()
        seat = state.turn
        assert seat is not None and state.phase in ("offer", "draw"), state.phase
        top = state.stock[0].text
        gin_plays(gin, seat, f"draw stock; discard {top}")
        assert gin.refused is None, gin.refused
        state = gin.dealt()


@when(parsers.parse("a Gin Rummy hand is dealt to {players:d} players"))
def gin_deal_players(gin: GinTable, players: int) -> None:
    try:
        GIN.validate(gin.rules, players)
    except RummyError as error:
        gin.refused = error


def _gin_match(target: int, dealer: int, hands: str) -> MatchState:
    """A match of Gin to `target`, first dealt by `dealer`, whose hands score `hands`
    ("60-0; 0-0": each seat's points, a hand where nobody scores a draw), as the match's
    own commands decide it: who deals each hand, and where and how the match ends."""
    options = DrawMatchOptions(rules=GinRules(), target=target)
    state = fold_match(match_commands.open_draw_match(2, options, players=("north", "south")))
    state = fold_match(match_commands.start_match(state, dealer, ("", "")), state)
    for hand in hands.split(";"):
        points = tuple(int(n) for n in hand.strip().split("-"))
        winners = tuple(seat for seat, won in enumerate(points) if won)
        number = len(state.games) + 1
        state = fold_match(match_commands.game_started(state, f"hand-{number}"), state)
        ended = MatchGameScored(number=number, points=points, winners=winners, totals=points)
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
    assert gin.refused.rule == rule, (gin.refused.rule, gin.refused)


def _legal(gin: GinTable, seat: int) -> tuple[GinAction, ...]:
    return GIN.legal_moves(gin.dealt(), seat).actions


@then(parsers.parse('Gin seat {seat:d} may "{action}"'))
def gin_may(gin: GinTable, seat: int, action: str) -> None:
    assert gin_action(action) in _legal(gin, seat), _legal(gin, seat)


@then(parsers.parse('Gin seat {seat:d} may not "{action}"'))
def gin_may_not(gin: GinTable, seat: int, action: str) -> None:
    assert gin_action(action) not in _legal(gin, seat), _legal(gin, seat)


@then(parsers.parse('Gin seat {seat:d} may only "{actions}"'))
def gin_may_only(gin: GinTable, seat: int, actions: str) -> None:
    wanted = {gin_action(a) for a in actions.split(";")}
    assert set(_legal(gin, seat)) == wanted, _legal(gin, seat)


@then(parsers.parse('it is Gin seat {seat:d}\'s turn in the "{phase}" phase'))
def gin_turn(gin: GinTable, seat: int, phase: str) -> None:
    state = gin.dealt()
    assert (state.turn, state.phase) == (seat, phase), (state.turn, state.phase)


@then(parsers.parse('the Gin hand ends "{reason}" with points {north:d} and {south:d}'))
def gin_ends(gin: GinTable, reason: str, north: int, south: int) -> None:
    ended = gin.dealt().ended
    assert ended is not None, "the hand is not over"
    assert (ended.reason, ended.points) == (reason, (north, south)), ended


@then("no Gin seat may move and every hand is shown")
def gin_over(gin: GinTable) -> None:
    state = gin.dealt()
    assert all(not GIN.legal_moves(state, seat).actions for seat in (0, 1))
    view = GIN.view(state, None, state.over)
    assert all(seat.hand is not None for seat in view.seats) and view.stock is not None


@then(
    parsers.parse(
        "Gin seat {seat:d} holds {size:d} cards, the stock {stock:d} and the pile {pile:d}"
    )
)
def gin_sizes(gin: GinTable, seat: int, size: int, stock: int, pile: int) -> None:
    view = GIN.view(gin.dealt(), seat, False)
    assert view.hand is not None and len(view.hand) == size
    assert (view.stock_size, len(view.discards)) == (stock, pile)
    other = view.seats[1 - seat]
    assert other.hand is None and other.hand_size == size


@then(parsers.parse("the Gin knock limit is {limit:d}"))
def gin_limit(gin: GinTable, limit: int) -> None:
    assert gin.dealt().knock_limit == limit


@then(parsers.parse('"{cards}" is a Gin meld'))
def gin_is_meld(cards: str) -> None:
    assert m.is_meld(m.codes(parse_cards(cards.split())), 13)


@then(parsers.parse('"{cards}" is no Gin meld'))
def gin_no_meld(cards: str) -> None:
    assert not m.is_meld(m.codes(parse_cards(cards.split())), 13)


@then(parsers.parse('the Gin deadwood of "{cards}" is {points:d}'))
def gin_deadwood(cards: str, points: int) -> None:
    assert m.best_deadwood(m.codes(parse_cards(cards.split()))) == points


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


@then(parsers.parse("the Gin match ended {reason}, won by seat {seat:d}, with no bonuses"))
def gin_match_ended_short(gin: GinTable, reason: str, seat: int) -> None:
    ended = gin.match.ended if gin.match is not None else None
    assert ended is not None and ended.reason == reason, gin.match
    assert ended.winners == (seat,) and ended.bonuses == () and ended.final == ended.totals
