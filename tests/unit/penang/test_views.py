"""What each seat and a spectator may see (P5, R3, DESIGN principle 9)."""

from __future__ import annotations

import pytest

from domain.cards import Card, build_deck
from domain.commands import MeldAction
from domain.events import Event, LaidOff, Melded
from domain.penang.events import Dealt, DeclaredDead, GameEnded, TurnEnded
from domain.penang.fold import fold
from domain.penang.game import play_turn, start_game
from domain.penang.rules import PenangRules
from domain.penang.state import PenangState
from domain.penang.views import DealtView, view_event, view_game
from domain.views import may_see

# Dealer 0 of 2, three cards each: seat 1 takes 7S 7H 7D, seat 0 takes 2C 9D KH
# (held in the canonical order S H D C: KH 9D 2C).
TOP = "7S 2C 7H 9D 7D KH"
RULES = PenangRules(cards_per_player=3)


def _deck() -> list[Card]:
    rest = list(build_deck(2, 6))
    for text in TOP.split():
        rest.remove(Card(text))
    return [Card(text) for text in TOP.split()] + rest


def _started() -> tuple[list[Event], PenangState]:
    events = start_game(("ann", "bob"), _deck(), RULES, dealer=0)
    return events, fold(events)


def _finished() -> tuple[list[Event], PenangState]:
    events, state = _started()
    more = play_turn(state, 1, [MeldAction(cards=("7S", "7H", "7D"))])
    return events + more, fold(more, state)


@pytest.mark.parametrize(
    ("viewer", "seat", "over", "sees"),
    [
        pytest.param(0, 0, False, True, id="own-hand"),
        pytest.param(0, 1, False, False, id="other-hand-hidden"),
        pytest.param(None, 0, False, False, id="spectator-sees-no-hand"),
        pytest.param(0, None, False, False, id="R3-undealt-hidden-in-play"),
        pytest.param(None, None, False, False, id="R3-undealt-hidden-from-spectator"),
        pytest.param(0, 1, True, True, id="R3-hands-shown-once-over"),
        pytest.param(None, None, True, True, id="R3-undealt-shown-once-over"),
    ],
)
def test_who_may_see_which_cards(
    viewer: int | None, seat: int | None, over: bool, sees: bool
) -> None:
    assert may_see(viewer, seat, over) is sees


def test_seat_sees_only_its_own_hand_while_the_game_runs() -> None:
    _, state = _started()
    view = view_game(state, 0)
    assert view.hand == ("KH", "9D", "2C")
    assert [seat.hand for seat in view.seats] == [("KH", "9D", "2C"), None]
    assert [seat.hand_size for seat in view.seats] == [3, 3]
    assert view.undealt is None
    assert view.undealt_count == 104
    assert view.result is None
    assert "7S" not in repr(view)


def test_spectator_sees_no_hand() -> None:
    _, state = _started()
    view = view_game(state, None)
    assert view.hand is None
    assert [seat.hand for seat in view.seats] == [None, None]
    assert view.undealt is None
    assert "7S" not in repr(view)
    assert "2C" not in repr(view)


@pytest.mark.parametrize("viewer", [0, 1, None], ids=["seat-0", "seat-1", "spectator"])
def test_everything_is_shown_once_the_game_is_over(viewer: int | None) -> None:
    _, state = _finished()
    view = view_game(state, viewer)
    assert view.over
    assert [seat.hand for seat in view.seats] == [("KH", "9D", "2C"), ()]
    assert view.undealt is not None
    assert len(view.undealt) == 104
    assert view.result is not None
    assert (view.result.reason, view.result.winners, view.result.points) == ("game", (1,), (21, 0))


def test_table_melds_are_public() -> None:
    _, state = _finished()
    (meld,) = view_game(state, None).table
    assert (meld.owner, meld.kind, meld.cards, meld.stands_for) == (
        1,
        "set",
        ("7S", "7H", "7D"),
        ("7", "7", "7"),
    )


@pytest.mark.parametrize(
    ("viewer", "hands"),
    [
        pytest.param(0, (("KH", "9D", "2C"), None), id="seat-0-sees-its-own"),
        pytest.param(1, (None, ("7S", "7H", "7D")), id="seat-1-sees-its-own"),
        pytest.param(None, (None, None), id="spectator-sees-none"),
    ],
)
def test_dealt_event_view_hides_the_other_hands(
    viewer: int | None, hands: tuple[tuple[str, ...] | None, ...]
) -> None:
    events, _ = _started()
    dealt = events[0]
    assert isinstance(dealt, Dealt)
    view = view_event(dealt, viewer, over=False)
    assert isinstance(view, DealtView)
    assert view.hands == hands
    assert view.hand_sizes == (3, 3)
    assert view.undealt is None
    assert view.undealt_count == 104


def test_dealt_event_view_shows_everything_once_over() -> None:
    events, _ = _started()
    dealt = events[0]
    assert isinstance(dealt, Dealt)
    view = view_event(dealt, None, over=True)
    assert isinstance(view, DealtView)
    assert view.hands == dealt.hands
    assert view.undealt == dealt.undealt


@pytest.mark.parametrize(
    "event",
    [
        Melded(seat=0, meld=0, kind="set", cards=("7S", "7H", "7D"), stands_for=("7", "7", "7")),
        LaidOff(seat=0, meld=0, card="7C", stands_for="7"),
        TurnEnded(seat=0),
        DeclaredDead(seat=1, reason="no_move"),
        GameEnded(reason="all_dead", deadwood=(("2S",), ("3S",)), points=(2, 3), winners=(0,)),
    ],
    ids=lambda event: type(event).__name__,
)
def test_public_events_are_shown_as_they_are(event: Melded) -> None:
    assert view_event(event, None, over=False) == event


@pytest.mark.parametrize(
    ("players", "packs", "hand_size"),
    [
        pytest.param(2, 2, 25, id="D2-two-players"),
        pytest.param(4, 2, 20, id="D2-four-players"),
        pytest.param(5, 3, 20, id="P2-D2-five-players-three-packs"),
    ],
)
def test_views_show_the_packs_and_hand_size_in_effect_where_dealt_left_them_to_the_defaults(
    players: int, packs: int, hand_size: int
) -> None:
    deck = list(build_deck(packs, 6))
    events = start_game([f"p{seat}" for seat in range(players)], deck, PenangRules(), dealer=0)
    dealt = events[0]
    assert isinstance(dealt, Dealt)
    assert (dealt.rules.packs, dealt.rules.cards_per_player) == (None, None)  # as recorded
    game = view_game(fold(events), None).rules
    deal = view_event(dealt, None, over=False)
    assert isinstance(deal, DealtView)
    for shown in (game, deal.rules):
        assert (shown.packs, shown.cards_per_player) == (packs, hand_size)
        assert shown == PenangRules(packs=packs, cards_per_player=hand_size)


def test_views_show_explicit_options_as_they_were_given() -> None:
    _, state = _started()
    assert view_game(state, 0).rules == PenangRules(packs=2, cards_per_player=3)
