"""Gin Rummy's commands: deal a hand, play a command, score a hand (G1–G16).

Every action a command holds is checked against the legal actions of the state it
meets (`legal_actions`, `domain.gin.moves`, which lists each phase's), so what the
legal moves list and what `play` accepts are one decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import Card, build_deck, texts
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.deal import hand_dealer
from domain.drawgame.events import Discarded, Drew
from domain.errors import (
    GameOver,
    InvalidRules,
    NotYourTurn,
    RuleViolation,
    UnknownSeat,
)
from domain.events import Event
from domain.game_spec import Rebuild
from domain.gin import melds as m
from domain.gin.commands import (
    GinAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.events import (
    CardLaidOff,
    GinHandEnded,
    Knocked,
    MeldShown,
    ShowingDone,
    UpcardPassed,
)
from domain.gin.fold import evolve
from domain.gin.moves import legal_actions
from domain.gin.refusals import refusal
from domain.gin.rules import HAND_SIZE, RULES_VERSION, WALL, GinRules
from domain.gin.state import GinState


def _hand_size(rules: GinRules, seats: int, number: int) -> int:
    """Ten cards each (G2), in a hand numbered from 1 (G17)."""
    if number < 1:
        raise InvalidRules("G17", f"hands are numbered from 1, not {number}", "number")
    return HAND_SIZE


def pack(rules: GinRules, seats: int) -> tuple[Card, ...]:
    """The deck a hand is dealt from."""
    return build_deck(1, 0)  # G1: one pack, no jokers


#: Deal `deck` (one pack, top card first): ten each, one at a time from the non-dealer,
#: then the upcard; the rest is the stock (G1, G2).
start_hand = hand_dealer(
    RULES_VERSION, GinRules.validate, pack, _hand_size, seats_rule="G1", deal_rule="G2"
)


def _normal(action: GinAction) -> GinAction:
    if isinstance(action, ShowMeldAction):
        cards = sorted((Card(text) for text in action.cards), key=m.code)
        return ShowMeldAction(cards=tuple(card.text for card in cards))
    if isinstance(action, DiscardAction | LayOffCardAction):
        return type(action)(card=Card(action.card).text)
    return action


def play(
    state: GinState, seat: int, actions: Sequence[GinAction], rebuild: Rebuild | None = None
) -> list[Event]:
    """The events of one command of `seat`, or the first rule it breaks; all or nothing."""
    if not 0 <= seat < len(state.players):
        raise UnknownSeat(f"there is no seat {seat} at this table of 2", "G1")
    if not actions:
        raise RuleViolation("a command holds at least one action", "G4")
    events: list[Event] = []
    for index, action in enumerate(actions):
        if state.over:
            raise GameOver("the hand is over", "G15").at_action(index)
        if state.turn != seat:
            raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s", "G4").at_action(
                index
            )
        wanted = _normal(action)
        if wanted not in legal_actions(state):
            raise refusal(state, seat, wanted).at_action(index)
        for event in act(state, seat, wanted):
            events.append(event)
            state = evolve(state, event)
    return events


def act(state: GinState, seat: int, action: GinAction) -> list[Event]:
    """The events of one legal `action` of `seat` (`play` has checked it)."""
    rules = state.rules
    if isinstance(action, PassAction):
        if state.phase == "wall":
            return [drawn_end(state, "wall")]
        return [UpcardPassed(seat=seat)]
    if isinstance(action, DrawAction):
        if action.source == "stock":
            return [Drew(seat=seat, source="stock", card=state.stock[0].text)]
        upcard = state.discards[-1]
        if state.phase == "draw" and state.upcard_draws + 1 >= rules.upcard_draw_limit:
            return [drawn_end(state, "upcard_limit")]  # G14, R42
        return [Drew(seat=seat, source="discard", card=upcard.text)]
    if isinstance(action, KnockAction):
        if state.phase == "wall":
            upcard = state.discards[-1]
            return [Drew(seat=seat, source="discard", card=upcard.text), Knocked(seat=seat)]
        return [Knocked(seat=seat)]
    if isinstance(action, DiscardAction):
        return _discard(state, seat, Card(action.card))
    if isinstance(action, ShowMeldAction):
        return [MeldShown(seat=seat, cards=action.cards)]
    if isinstance(action, LayOffCardAction):
        return [CardLaidOff(seat=seat, card=action.card)]
    done: list[Event] = [ShowingDone(seat=seat)]
    if state.phase == "defend_meld":
        done.append(score(evolve(state, done[0])))
    return done


def _discard(state: GinState, seat: int, card: Card) -> list[Event]:
    event = Discarded(seat=seat, card=card.text)
    if state.phase == "knock_discard":
        return [event]
    if state.rules.discard_taken and card == state.taken and state.repeated:
        return [event, drawn_end(evolve(state, event), "repeat")]  # R37
    if len(state.stock) == WALL and not state.rules.wall_knock:
        return [event, drawn_end(evolve(state, event), "wall")]  # G13
    return [event]


def drawn_end(state: GinState, reason: str) -> GinHandEnded:
    """G13–G15: a hand without a knock is a draw; nobody scores (and so an abandoned
    one, R52)."""
    deadwood = tuple(m.best_deadwood(m.codes(hand)) for hand in state.hands)
    return GinHandEnded(
        reason=reason,  # type: ignore[arg-type]
        knocker=None,
        deadwood=(deadwood[0], deadwood[1]),
        points=(0, 0),
        winners=(),
        hands=tuple(texts(hand) for hand in state.hands),
    )


def score(state: GinState) -> GinHandEnded:
    """G12: the knocker scores the difference, plus the gin bonus for gin; an undercut
    (the defender's deadwood lower, or equal: R38) scores the defender the difference
    plus the undercut bonus. A gin hand cannot be undercut."""
    knocker = state.knocker
    assert knocker is not None
    rules = state.rules
    left = [m.total(m.codes(hand)) for hand in state.hands]
    mine, theirs = left[knocker], left[1 - knocker]
    points = [0, 0]
    if mine == 0:
        reason, winner = "gin", knocker
        points[knocker] = theirs + rules.gin_bonus
    elif theirs < mine or (theirs == mine and rules.tie_undercuts):
        reason, winner = "undercut", 1 - knocker
        points[winner] = mine - theirs + rules.undercut_bonus
    else:
        reason, winner = "knock", knocker
        points[knocker] = theirs - mine
    winners = (winner,) if points[winner] > 0 or reason != "knock" else ()
    return GinHandEnded(
        reason=reason,  # type: ignore[arg-type]
        knocker=knocker,
        deadwood=(left[0], left[1]),
        points=(points[0], points[1]),
        winners=winners,
        hands=tuple(texts(hand) for hand in state.hands),
    )
