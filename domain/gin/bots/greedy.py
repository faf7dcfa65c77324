"""A greedy Gin Rummy bot: it takes the upcard when that lowers its deadwood, sheds the
card that leaves the least deadwood, knocks as soon as it may, and lays off all it can
(G3–G12).

Definition, from the seat's view only (`domain.gin.views.GinView`: its hand, the upcard,
the melds laid after a knock, turned back into the state the rules judge by
`domain.gin.bots.window`); every action it sends is one `domain.gin.moves.legal_actions`
lists for that state, which are the engine's own for the seat (R49):

- **Draw.** The upcard where the hand with it, less its best discard (never the upcard
  where the rules forbid it, G7), leaves less deadwood than the hand has now; else the
  stock (in the first upcard's offer: pass).
- **Discard.** Big gin where listed (G19), else knock where listed (G9); else the
  listed discard that leaves the least deadwood, ties to the card with the most points,
  then the highest code.
- **After a knock.** Lay a listed meld of a best arrangement (one whose removal leaves
  the hand's least deadwood unchanged) until none is left, then `done`; as the defender
  first lay off the card whose removal lowers the least deadwood the most, while one
  does (G11), then the same melds.
- **The wall.** Big gin, else knock where listed (R41, R61), else pass.

It uses no randomness: the same view always gives the same action.
"""

from __future__ import annotations

from domain.cards import Card
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.gin import melds as m
from domain.gin.bots.window import own_gin_turn
from domain.gin.commands import (
    BigGinAction,
    DoneAction,
    GinAction,
    KnockAction,
    LayOffCardAction,
    PassAction,
    ShowMeldAction,
)
from domain.gin.moves import legal_actions
from domain.gin.state import GinState
from domain.gin.views import GinView


def _without(cards: tuple[int, ...], gone: object) -> tuple[int, ...]:
    drop = set(gone) if isinstance(gone, tuple) else {gone}
    return tuple(card for card in cards if card not in drop)


def choose(view: GinView) -> GinAction:
    """The bot's action for the seat of `view`, whose turn it must be."""
    state, seat = own_gin_turn(view)
    legal = legal_actions(state)
    if not legal:
        raise ValueError("the seat on turn has no action")
    hand = m.codes(state.hands[seat])
    if state.phase in ("offer", "draw"):
        return _draw(state, hand, legal)
    knocks = [action for action in (BigGinAction(), KnockAction()) if action in legal]
    if state.phase == "wall":
        return knocks[0] if knocks else PassAction()
    if state.phase in ("discard", "knock_discard"):
        return knocks[0] if knocks else _discard(hand, legal)
    if state.phase == "layoff":
        return _lay_off(hand, legal)
    return _meld(hand, legal)


def _draw(state: GinState, hand: tuple[int, ...], legal: list[GinAction]) -> GinAction:
    take = DrawAction(source="discard")
    upcard = state.upcard
    if take in legal and upcard is not None:
        code = m.code(upcard)
        keep = None if state.rules.discard_taken else code
        with_it = tuple(sorted((*hand, code)))
        if m.best_discard_deadwood(with_it, keep) < m.best_deadwood(hand):
            return take
    stock = DrawAction(source="stock")
    return stock if stock in legal else PassAction()


def _discard(hand: tuple[int, ...], legal: list[GinAction]) -> GinAction:
    options = [action for action in legal if isinstance(action, DiscardAction)]

    def weight(action: DiscardAction) -> tuple[int, int, int, int]:
        code = m.code(Card(action.card))
        left = m.best_deadwood(_without(hand, code))
        return (left + POTENTIAL * _friends(hand, code), -m.value(code), left, -code)

    return min(options, key=weight)


#: Points of deadwood worth one card that could still join the discard in a meld.
POTENTIAL = 1


def _friends(hand: tuple[int, ...], code: int) -> int:
    """The hand's other cards that could meld with `code`: same rank, or same suit
    within two ranks."""
    rank, suit = code % m.RANKS, code // m.RANKS
    return sum(
        1
        for other in hand
        if other != code
        and (other % m.RANKS == rank or (other // m.RANKS == suit and abs(other - code) <= 2))
    )


def _lay_off(hand: tuple[int, ...], legal: list[GinAction]) -> GinAction:
    now = m.best_deadwood(hand)
    best: tuple[int, GinAction] = (now, DoneAction())
    for action in legal:
        if isinstance(action, LayOffCardAction):
            left = m.best_deadwood(_without(hand, m.code(Card(action.card))))
            if left < best[0]:
                best = (left, action)
    return best[1]


def _meld(hand: tuple[int, ...], legal: list[GinAction]) -> GinAction:
    now = m.best_deadwood(hand)
    for action in legal:
        if isinstance(action, ShowMeldAction):
            cards = tuple(m.code(Card(text)) for text in action.cards)
            if m.best_deadwood(_without(hand, cards)) == now:
                return action
    return DoneAction() if DoneAction() in legal else legal[0]
