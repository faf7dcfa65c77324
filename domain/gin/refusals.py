"""Why Gin Rummy refuses an action the legal moves do not list, naming the rule that
forbids it (G3–G11, G16, R41).

An action of a kind the phase does not take at all breaks the rule of the phase: the
first upcard's offer (G3), the turn (G4: draw, then discard or knock), the wall (R41),
the knock's discard (G9), the knocker's melds (G10), the defender's lay-offs (G11) and
melds (G10); a meld or a lay-off before any knock breaks G8. An action of a kind the
phase takes, refused for what it holds, breaks the rule of that kind: a card not held,
a meld that is none (G5), the card just taken thrown back (G7), a knock, or the knock's
discard, leaving more deadwood than the knock card (G9; G16 where Oklahoma set the knock
card), a lay-off onto a gin hand (G11).
"""

from __future__ import annotations

from domain.cards import Card
from domain.drawgame.commands import DiscardAction
from domain.errors import CardNotInHand, NotAMeld, RuleViolation
from domain.gin import melds as m
from domain.gin.commands import (
    DoneAction,
    GinAction,
    KnockAction,
    LayOffCardAction,
    ShowMeldAction,
)
from domain.gin.moves import knock_figure
from domain.gin.state import GinState
from domain.rule_ids import RuleId

PHASE_RULE: dict[str, RuleId] = {
    "offer": "G3",
    "draw": "G4",
    "discard": "G4",
    "wall": "R41",
    "knock_discard": "G9",
    "knock_meld": "G10",
    "layoff": "G11",
    "defend_meld": "G10",
}


def refusal(state: GinState, seat: int, action: GinAction) -> RuleViolation:
    """The rule `action` of `seat` (on turn) breaks, where the legal moves do not list it."""
    rule = PHASE_RULE[state.phase]
    hand = state.hands[seat]
    if isinstance(action, DiscardAction | LayOffCardAction) and Card(action.card) not in hand:
        return CardNotInHand(f"{action.card} is not in your hand", rule)
    if isinstance(action, ShowMeldAction):
        missing = [text for text in action.cards if Card(text) not in hand]
        if missing:
            return CardNotInHand(f"{' '.join(missing)} not in your hand", rule)
        cards = tuple(m.code(Card(text)) for text in action.cards)
        if not m.is_meld(cards, state.rules.max_run):
            return NotAMeld(f"{' '.join(action.cards)} is no meld", "G5")
    if isinstance(action, DiscardAction) and Card(action.card) == state.taken:
        return RuleViolation(f"{action.card} was just taken from the discard pile", "G7")
    if isinstance(action, ShowMeldAction | LayOffCardAction) and state.phase in ("draw", "discard"):
        return RuleViolation("nothing is melded or laid off before a knock", "G8")
    if isinstance(action, KnockAction) and state.phase in ("discard", "wall"):
        figure = knock_figure(state, *_knock_hand(state, seat))
        if state.rules.knock_figure == "openspiel":
            return _knock_over(state, f"OpenSpiel's figure of your hand (R40) is {figure}")
        return _knock_over(state, f"your best discard leaves deadwood {figure}")
    if isinstance(action, DiscardAction) and state.phase == "knock_discard":
        left = m.best_deadwood(m.codes([card for card in hand if card != Card(action.card)]))
        return _knock_over(state, f"discarding {action.card} leaves deadwood {left}")
    if isinstance(action, LayOffCardAction) and state.phase == "defend_meld" and _gin(state):
        return RuleViolation("a gin hand takes no lay-offs", "G11")
    if isinstance(action, DoneAction | ShowMeldAction) and state.phase == "knock_meld":
        return _knocker_melds(state, hand, action)
    kind = str(type(action).__struct_config__.tag)
    return RuleViolation(f"no {kind!r} of that kind is legal now ({state.phase})", rule)


def _knock_hand(state: GinState, seat: int) -> tuple[tuple[Card, ...], Card | None]:
    """The hand a knock is judged by and the card it may not discard: at the wall the
    upcard comes into the hand (R41)."""
    if state.phase == "wall" and state.upcard is not None:
        return (*state.hands[seat], state.upcard), state.upcard
    return state.hands[seat], state.taken


def _knock_over(state: GinState, deadwood: str) -> RuleViolation:
    """G9: a knock leaves deadwood at most the knock card; G16: in Oklahoma the first
    upcard set it, an ace for gin only."""
    if not state.rules.oklahoma:
        return RuleViolation(f"{deadwood}, more than the knock card, {state.knock_limit}", "G9")
    if state.knock_limit == 0:
        limit = "0: the first upcard was an ace, so only gin knocks"
    else:
        limit = f"the knock card the first upcard set, {state.knock_limit}"
    return RuleViolation(f"{deadwood}, more than {limit}", "G16")


def _knocker_melds(state: GinState, hand: tuple[Card, ...], action: GinAction) -> RuleViolation:
    """G10: the knocker lays melds until its deadwood left is at most the knock card,
    each meld one of an arrangement that leaves it so."""
    limit = state.knock_limit
    if isinstance(action, ShowMeldAction):
        why = f"{' '.join(action.cards)} is in no arrangement of your hand leaving deadwood"
        return RuleViolation(f"{why} at most the knock card, {limit}", "G10")
    left = m.total(m.codes(hand))
    why = f"your deadwood left, {left}, is more than the knock card, {limit}"
    return RuleViolation(f"{why}: lay your melds first", "G10")


def _gin(state: GinState) -> bool:
    """The knocker laid every card in melds (G12: gin)."""
    return state.knocker is not None and not state.hands[state.knocker]
