"""Gin Rummy's legal actions: what the seat on turn may do in each phase (G3, G4, G9–G11,
G13, G19, R40, R41, R61).

`play` (`domain.gin.game`) accepts an action only when it is one of these, so what the
legal moves list and what a command may hold are one decision. The phases and their
actions: the first upcard's offer (G3: take it or pass; after two passes the non-dealer
draws from the stock), the turn (G4: draw, then discard or knock), the knock (G9, G10:
the discard, then melds and `done`; big gin, G19: all eleven cards melded, no discard),
the defender's lay-offs and melds (G11, G10), and the wall (G13, R41, R61).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.cards import Card
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.gin import melds as m
from domain.gin.commands import (
    BigGinAction,
    DoneAction,
    GinAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.state import GinState

#: The defender may lay any melds (OpenSpiel's kMaxPossibleDeadwood).
NO_LIMIT = 98


def _codes(cards: Sequence[Card]) -> tuple[int, ...]:
    return m.codes(cards)


def _meld_action(meld: m.Meld) -> ShowMeldAction:
    return ShowMeldAction(cards=tuple(m.card_of(number).text for number in meld))


def knock_figure(state: GinState, hand: Sequence[Card], keep: Card | None) -> int:
    """G9, R40: the deadwood an 11-card hand is judged by for a knock."""
    cards = _codes(hand)
    if state.rules.knock_figure == "openspiel":
        return m.openspiel_deadwood(cards)
    kept = None if keep is None or state.rules.discard_taken else m.code(keep)
    return m.best_discard_deadwood(cards, kept)


def legal_actions(state: GinState) -> list[GinAction]:
    """Every action the seat on turn may take now (none once the hand is over)."""
    if state.over or state.turn is None:
        return []
    return _LEGAL[state.phase](state, state.turn)


def _offer(state: GinState, seat: int) -> list[GinAction]:
    if all(state.passed):
        return [DrawAction(source="stock")]
    return [DrawAction(source="discard"), PassAction()]


def _draw(state: GinState, seat: int) -> list[GinAction]:
    return [DrawAction(source="discard"), DrawAction(source="stock")]


def _discard_phase(state: GinState, seat: int) -> list[GinAction]:
    hand = state.hands[seat]
    keep = None if state.rules.discard_taken else state.taken
    actions: list[GinAction] = [DiscardAction(card=card.text) for card in hand if card != keep]
    if knock_figure(state, hand, state.taken) <= state.knock_limit:
        actions.append(KnockAction())
    if _big_gin(state, hand):
        actions.append(BigGinAction())
    return actions


def _big_gin(state: GinState, hand: Sequence[Card]) -> bool:
    """G19: eleven cards, all in melds, where the hand plays big gin."""
    return state.rules.big_gin is not None and len(hand) == 11 and m.all_melded(_codes(hand))


def _wall(state: GinState, seat: int) -> list[GinAction]:
    actions: list[GinAction] = [PassAction()]
    upcard = state.upcard
    hand = (*state.hands[seat], upcard) if upcard is not None else ()
    if upcard is not None and knock_figure(state, hand, upcard) <= state.knock_limit:
        actions.append(KnockAction())
    if upcard is not None and _big_gin(state, hand):
        actions.append(BigGinAction())  # R61: the 50th card taken to go (big) gin
    return actions


def _knock_discard(state: GinState, seat: int) -> list[GinAction]:
    hand = state.hands[seat]
    keep = None if state.rules.discard_taken else state.taken
    actions: list[GinAction] = []
    for card in hand:
        rest = _codes([other for other in hand if other is not card])
        if card != keep and m.best_deadwood(rest) <= state.knock_limit:
            actions.append(DiscardAction(card=card.text))
    return actions


def _knock_meld(state: GinState, seat: int) -> list[GinAction]:
    cards = _codes(state.hands[seat])
    limit = 0 if state.big_gin else state.knock_limit  # G19: big gin melds every card
    found = m.legal_melds(cards, limit, state.rules.max_run)
    actions: list[GinAction] = [_meld_action(meld) for meld in found]
    if m.total(cards) <= limit:
        actions.append(DoneAction())
    return actions


def _layoff(state: GinState, seat: int) -> list[GinAction]:
    shown = [_codes(meld) for meld in state.melds[1 - seat]]
    fits = m.layoffs(shown, _codes(state.layoffs), state.rules.layoff_reach)
    actions: list[GinAction] = [DoneAction()]
    hand = state.hands[seat]
    actions.extend(LayOffCardAction(card=card.text) for card in hand if m.code(card) in fits)
    return actions


def _defend_meld(state: GinState, seat: int) -> list[GinAction]:
    found = m.legal_melds(_codes(state.hands[seat]), NO_LIMIT, state.rules.max_run)
    return [DoneAction(), *(_meld_action(meld) for meld in found)]


_LEGAL: dict[str, Callable[[GinState, int], list[GinAction]]] = {
    "offer": _offer,
    "draw": _draw,
    "discard": _discard_phase,
    "wall": _wall,
    "knock_discard": _knock_discard,
    "knock_meld": _knock_meld,
    "layoff": _layoff,
    "defend_meld": _defend_meld,
}
