"""Gin Rummy's table options in the engine (G10, G13, G19–G21, R57–R62): what a deal
recorded before them replays as, how they are stored, the defender's arrangement, big
gin at the 50th card, Hoyle's wall under the clock, and the match's boxes and shutout.

The scenarios of features/gin (big_gin, scoring, wall, knock, matches) play each option
over both drivers; these are the engine's own corners."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from domain.cards import NATURALS, Card, parse_cards
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.gin import melds as m
from domain.gin.bots.greedy import choose
from domain.gin.commands import (
    BigGinAction,
    DoneAction,
    GinAction,
    KnockAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.events import GinHandEnded, Knocked, MeldShown
from domain.gin.hollywood import hollywood_columns
from domain.gin.match import match_score
from domain.gin.moves import legal_actions
from domain.gin.rules import TABLE, GinRules, preset
from domain.gin.spec import GIN
from domain.gin.state import GinState
from domain.gin.views import view_hand
from domain.match.events import MatchEnded, MatchGameScored

Events = list[Any]
DEFENDER_SETS = "AH AC AD 2H 2C 2D 3H 3C 3D 4C"  # runs A-3 of H and D, A-4 of C: 0
KNOCKER = "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"


def _deck(north: str, south: str, upcard: str, stock: Sequence[str] = ()) -> list[Card]:
    """Seat 1 deals: ten cards each from seat 0, the upcard, `stock` on top of the rest."""
    hands = [parse_cards(north.split()), parse_cards(south.split())]
    top = parse_cards([upcard, *stock])
    used = {*hands[0], *hands[1], *top}
    rest = [card for card in NATURALS if card not in used]
    return [hands[i % 2][i // 2] for i in range(20)] + [*top, *rest]


def _deal(rules: GinRules, deck: list[Card]) -> tuple[Events, GinState]:
    events = GIN.deal(("north", "south"), deck, rules, 1, proof=None, number=1)
    return events, GIN.fold(events, None)


def _play(events: Events, state: GinState, seat: int, *actions: GinAction) -> GinState:
    for action in actions:
        new = GIN.play(state, seat, [action], None)
        events += new
        state = GIN.fold(new, state)
    return state


def _meld(cards: str) -> ShowMeldAction:
    return ShowMeldAction(
        cards=tuple(c.text for c in sorted(parse_cards(cards.split()), key=m.code))
    )


def _knocked_hand(rules: GinRules) -> tuple[Events, GinState]:
    """Seat 0 knocks with 8 (8S); seat 1, holding three runs, says done twice (R62)."""
    events, state = _deal(rules, _deck(KNOCKER, DEFENDER_SETS, "QS", ["8S"]))
    state = _play(events, state, 0, PassAction())
    state = _play(events, state, 1, PassAction())
    state = _play(
        events,
        state,
        0,
        DrawAction(source="stock"),
        KnockAction(),
        DiscardAction(card="KH"),
        _meld("2S 3S 4S"),
        _meld("5H 5D 5C"),
        _meld("9C 9D 9H"),
        DoneAction(),
    )
    state = _play(events, state, 1, DoneAction(), DoneAction())
    return events, state


def test_R57_a_deal_recorded_before_the_options_replays_as_the_engine_played_then() -> None:
    # The rules of a deal stored before the options hold none of them (UNSET): no big
    # gin, the defender's deadwood as it left it (22), no arrangement recorded.
    old, old_state = _knocked_hand(GinRules())
    assert isinstance(old_state.ended, GinHandEnded)
    assert (old_state.ended.reason, old_state.ended.points) == ("knock", (14, 0))
    assert not any(isinstance(event, MeldShown) and event.seat == 1 for event in old)
    stored = GIN.codec.encode(old[0])
    for option in ("big_gin_bonus", "spade_double", "shutout", "wall", "defender"):
        assert option not in stored["rules"], option
    assert GIN.codec.decode(stored) == old[0]
    assert GIN.verify(old).valid
    # The same deal at a table today: the defender's runs are laid for it (R62).
    new, new_state = _knocked_hand(TABLE)
    assert isinstance(new_state.ended, GinHandEnded)
    assert (new_state.ended.reason, new_state.ended.points) == ("undercut", (0, 33))
    shown = [event for event in new if isinstance(event, MeldShown) and event.seat == 1]
    assert sorted(len(event.cards) for event in shown) == [3, 3, 4]
    assert GIN.verify(new).valid
    # The old record read under a table's rules is refused: its defender's done would
    # have laid the runs (R62), so the rules of each deal are the ones it recorded.
    swapped = [msgspec.structs.replace(old[0], rules=TABLE), *old[1:]]
    verdict = GIN.verify(swapped)
    assert not verdict.valid and verdict.code == "event-mismatch", verdict


def test_R57_a_new_table_records_every_option_it_plays() -> None:
    settled = GinRules().validate(2)
    assert settled == TABLE
    stored = GIN.codec.encode(_deal(settled, _deck(KNOCKER, DEFENDER_SETS, "QS"))[0][0])
    assert {key: stored["rules"][key] for key in ("big_gin_bonus", "shutout", "defender")} == {
        "big_gin_bonus": 31,
        "shutout": "difference",
        "defender": "arranged",
    }
    assert stored["rules"]["spade_double"] is None and stored["rules"]["wall"] == "discard"
    # An option named stays as named; `wall_knock` settles to its own reading.
    assert GinRules(big_gin_bonus=None).validate(2).big_gin is None
    assert GinRules(wall_knock=True).validate(2).wall == "fiftieth_card"


def test_events_without_the_new_fields_keep_their_stored_bytes() -> None:
    assert GIN.codec.encode(Knocked(seat=0)) == {"type": "Knocked", "v": 1, "seat": 0}
    ended = GinHandEnded(
        reason="knock", knocker=0, deadwood=(1, 2), points=(1, 0), winners=(0,), hands=((), ())
    )
    assert "doubled" not in GIN.codec.encode(ended) and "boxes" not in GIN.codec.encode(ended)
    scored = msgspec.to_builtins(
        MatchGameScored(number=1, points=(1, 0), winners=(0,), totals=(1, 0))
    )
    assert "boxes" not in scored
    assert "shutout" not in msgspec.to_builtins(
        MatchEnded(reason="closed", totals=(0, 0), winners=())
    )


@pytest.mark.parametrize(
    ("hand", "melds", "left"),
    [
        (DEFENDER_SETS, ["AH 2H 3H", "AC 2C 3C 4C", "AD 2D 3D"], 0),
        ("2H 2C 2D 3H 3C 3D 4C", ["2H 2C 2D", "3H 3C 3D"], 4),
        ("AH 3C 6D 8C 10H QC KD 2D 7S JD", [], 67),
        ("7S 8S 9S 10S JS QS KS", ["7S 8S 9S 10S JS QS KS"], 0),
    ],
)
def test_R62_the_defenders_best_arrangement(hand: str, melds: list[str], left: int) -> None:
    cards = m.codes(parse_cards(hand.split()))
    found = m.best_arrangement(cards, 13)
    assert sorted(sorted(meld) for meld in found) == sorted(
        sorted(m.codes(parse_cards(meld.split()))) for meld in melds
    )
    assert m.total(cards) - sum(m.total(meld) for meld in found) == left == m.best_deadwood(cards)


def test_R62_a_long_run_is_laid_in_runs_of_the_longest_a_meld_may_be() -> None:
    cards = m.codes(parse_cards(["7S", "8S", "9S", "10S", "JS", "QS", "KS"]))
    found = m.best_arrangement(cards, 5)
    assert sorted(len(meld) for meld in found) == [3, 4]


def test_G19_big_gin_at_the_fiftieth_card_takes_the_discard() -> None:
    # R61: seat 1's three runs and a four, and the 29th stock card (the one seat 0 draws
    # and throws back at the wall) extends its run: eleven cards in melds.
    rules = preset("table", wall="fiftieth_card")
    south = "AH 2H 3H 4C 5C 6C 7D 8D 9D 10D"
    used = set(parse_cards(south.split())) | {Card("JD")}
    filler = [c.text for c in NATURALS if c not in used]
    north, upcard = filler[:10], filler[10]
    stock = [*filler[11:39], "JD"]
    events, state = _deal(rules, _deck(" ".join(north), south, upcard, stock))
    state = _play(events, state, 0, PassAction())
    state = _play(events, state, 1, PassAction())
    while len(state.stock) > 2:
        seat = state.turn
        assert seat is not None
        drawn = state.stock[0]
        state = _play(
            events, state, seat, DrawAction(source="stock"), DiscardAction(card=drawn.text)
        )
    assert (state.phase, state.turn, state.upcard) == ("wall", 1, Card("JD"))
    assert BigGinAction() in legal_actions(state) and KnockAction() in legal_actions(state)
    assert choose(view_hand(state, 1, False)) == BigGinAction(), "the greedy bot goes big gin"
    state = _play(events, state, 1, BigGinAction())
    assert (state.phase, state.big_gin, len(state.hands[1])) == ("knock_meld", True, 11)
    state = _play(
        events,
        state,
        1,
        _meld("AH 2H 3H"),
        _meld("4C 5C 6C"),
        _meld("7D 8D 9D 10D JD"),
        DoneAction(),
    )
    state = _play(events, state, 0, DoneAction())
    assert isinstance(state.ended, GinHandEnded) and state.ended.reason == "big_gin"
    assert state.ended.points[1] == state.ended.deadwood[0] + 31
    assert GIN.verify(events).valid


def test_G20_a_doubled_deal_records_its_box_only_where_all_doubles() -> None:
    for reading, boxes in (("points", ()), ("all", (2, 0))):
        rules = preset("table", oklahoma=True, spade_double=reading)
        events, state = _deal(rules, _deck(KNOCKER, "AH 3C 6D 8C 10H QC KD 2D 7S JD", "AS"))
        assert state.doubled and state.knock_limit == 0
        state = _play(
            events,
            state,
            0,
            DrawAction(source="discard"),
            KnockAction(),
            DiscardAction(card="KH"),
            _meld("AS 2S 3S 4S"),
            _meld("5H 5D 5C"),
            _meld("9C 9D 9H"),
            DoneAction(),
        )
        state = _play(events, state, 1, DoneAction())
        ended = state.ended
        assert isinstance(ended, GinHandEnded)
        assert (ended.points, ended.doubled, ended.boxes) == ((184, 0), True, boxes), reading
        assert GIN.verify(events).valid


def test_G21_a_single_match_and_a_hollywood_column_share_each_shutout_reading() -> None:
    # 105 points, two boxes (50), the game bonus (100): 255 before the shutout. Both
    # hands enter Hollywood's column 1 (R53), which is scored as the single match is.
    hands = [(60, 0), (45, 0)]
    for reading, final in (
        (None, 255),
        ("game_bonus", 355),
        ("hand_points", 360),
        ("difference", 510),
    ):
        score = match_score(hands, shutout=reading)
        assert (score.final, score.shutout) == ((final, 0), reading is not None), reading
        column = hollywood_columns(hands, shutout=reading)[0]
        assert (column.final, column.shutout) == ((final, 0), reading is not None), reading


def test_G20_boxes_of_a_doubled_deal_count_in_each_column_it_enters() -> None:
    # R59: the first hand's box counts twice in column 1; the second enters 1 and 2.
    first, second, _ = hollywood_columns([(60, 0), (50, 0)], boxes=[(2, 0), ()])
    assert (first.over, first.hands_won, first.bonuses) == (True, (2, 0), (175, 0))
    assert (second.over, second.hands_won) == (False, (1, 0))
    score = match_score([(60, 0), (0, 30), (45, 0)], boxes=[(2, 0)], shutout="difference")
    assert (score.final, score.hands_won, score.shutout) == ((280, 55), (2, 1), False)


def test_the_greedy_bot_plays_a_table_with_every_option_to_a_verified_end() -> None:
    rules = preset("table", oklahoma=True, spade_double="all", wall="draw")
    for seed in range(6):
        deck = list(NATURALS)
        random.Random(seed).shuffle(deck)
        events, state = _deal(rules, deck)
        while not state.over:
            seat = state.turn
            assert seat is not None
            state = _play(events, state, seat, choose(view_hand(state, seat, False)))
        assert GIN.verify(events).valid
