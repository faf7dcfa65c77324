"""Gin Rummy's commands: deal a hand, play a command, score a hand (G1–G16, G19, G20).

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
from domain.game import Rebuild
from domain.gin import melds as m
from domain.gin.commands import (
    BigGinAction,
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


def _refusal(state: GinState, seat: int, action: GinAction) -> RuleViolation:
    if isinstance(action, BigGinAction) and state.phase in ("discard", "wall"):
        why = "big gin goes out with all eleven cards in melds" + (
            "" if state.rules.big_gin is not None else ", and this table plays none"
        )
        return RuleViolation(why, "G19")
    return refusal(state, seat, action)


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
            raise _refusal(state, seat, wanted).at_action(index)
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
            drew = Drew(seat=seat, source="stock", card=state.stock[0].text)
            if rules.wall_rule == "draw" and len(state.stock) - 1 == WALL:
                return [drew, drawn_end(evolve(state, drew), "wall")]  # G13, R61: Hoyle's
            return [drew]
        upcard = state.discards[-1]
        if state.phase == "draw" and state.upcard_draws + 1 >= rules.upcard_draw_limit:
            return [drawn_end(state, "upcard_limit")]  # G14, R42
        return [Drew(seat=seat, source="discard", card=upcard.text)]
    if isinstance(action, KnockAction | BigGinAction):
        knocked = Knocked(seat=seat, big_gin=isinstance(action, BigGinAction))
        if state.phase == "wall":
            upcard = state.discards[-1]
            return [Drew(seat=seat, source="discard", card=upcard.text), knocked]
        return [knocked]
    if isinstance(action, DiscardAction):
        return _discard(state, seat, Card(action.card))
    if isinstance(action, ShowMeldAction):
        return [MeldShown(seat=seat, cards=action.cards)]
    if isinstance(action, LayOffCardAction):
        return [CardLaidOff(seat=seat, card=action.card)]
    if state.phase != "defend_meld":
        return [ShowingDone(seat=seat)]
    done = arranged(state, seat)
    for event in done:
        state = evolve(state, event)
    shown = ShowingDone(seat=seat)
    return [*done, shown, score(evolve(state, shown))]


def arranged(state: GinState, seat: int) -> list[Event]:
    """R62: the defender's cards left laid in melds for the least deadwood, as a player
    shows its hand at a table; none where the table counts them as the defender left
    them (`defender: "explicit"`)."""
    if state.rules.defender_rule != "arranged":
        return []
    melds = m.best_arrangement(m.codes(state.hands[seat]), state.rules.max_run)
    return [
        MeldShown(seat=seat, cards=tuple(m.card_of(code).text for code in sorted(meld)))
        for meld in melds
    ]


def _discard(state: GinState, seat: int, card: Card) -> list[Event]:
    event = Discarded(seat=seat, card=card.text)
    if state.phase == "knock_discard":
        return [event]
    if state.rules.discard_taken and card == state.taken and state.repeated:
        return [event, drawn_end(evolve(state, event), "repeat")]  # R37
    if len(state.stock) == WALL and state.rules.wall_rule == "discard":
        return [event, drawn_end(evolve(state, event), "wall")]  # G13, R61
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
    """G12: the knocker scores the difference, plus the gin bonus for gin (the big gin
    bonus for big gin, G19); an undercut (the defender's deadwood lower, or equal: R38)
    scores the defender the difference plus the undercut bonus. A gin hand cannot be
    undercut. A doubled deal (G20) scores twice that, its box too where all doubles."""
    knocker = state.knocker
    assert knocker is not None
    rules = state.rules
    left = [m.total(m.codes(hand)) for hand in state.hands]
    mine, theirs = left[knocker], left[1 - knocker]
    points = [0, 0]
    if state.big_gin:
        reason, winner = "big_gin", knocker
        points[knocker] = theirs + (rules.big_gin or 0)
    elif mine == 0:
        reason, winner = "gin", knocker
        points[knocker] = theirs + rules.gin_bonus
    elif theirs < mine or (theirs == mine and rules.tie_undercuts):
        reason, winner = "undercut", 1 - knocker
        points[winner] = mine - theirs + rules.undercut_bonus
    else:
        reason, winner = "knock", knocker
        points[knocker] = theirs - mine
    winners = (winner,) if points[winner] > 0 or reason != "knock" else ()
    boxes: tuple[int, ...] = ()
    if state.doubled:
        points[winner] *= 2  # G20, R59: the deal's score, its bonus with it
        if rules.spades == "all" and points[winner] > 0:
            boxes = tuple(2 if seat == winner else 0 for seat in (0, 1))
    return GinHandEnded(
        reason=reason,  # type: ignore[arg-type]
        knocker=knocker,
        deadwood=(left[0], left[1]),
        points=(points[0], points[1]),
        winners=winners,
        hands=tuple(texts(hand) for hand in state.hands),
        doubled=state.doubled,
        boxes=boxes,
    )
