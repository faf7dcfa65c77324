"""The expert Gin Rummy bot: a one-ply expectimax over the next draw, with a model of
what the opponent could meld from the cards still unseen (G3–G12, R77).

From its seat's view only (`domain.gin.views.GinView`, turned back into the state the
rules judge by `domain.gin.bots.window`), every action it sends one
`domain.gin.moves.legal_actions` lists (R49). The cards it has not seen (`unseen`) are
the 52 less its hand, the discard pile and the cards laid on the table: the stock and
the other hand, each equally likely to be the next card drawn.

- **Outlook of a 10-card hand** (`outlook`): its deadwood after the next draw, averaged
  over every unseen card (keep the hand, or take the card and shed the best one): an
  exact expectation over the draw's chance, not a sample.
- **Danger of a discard** (`danger`): how many melds the opponent could make with it
  from unseen cards (a set needs two unseen cards of its rank, a run two unseen
  neighbours in its suit); a card whose partners are all seen is safe.
- **Discard.** Big gin, else knock where listed (G9, G19); else the listed discard whose
  hand left has the least outlook plus `DANGER` points for each meld it could give
  (none by default: see `DANGER`), ties to the card with the most points.
- **Draw.** The upcard where the hand with it, less its best discard, has less deadwood
  than the expected hand after a draw from the stock (each unseen card equally likely),
  by `TAKE_MARGIN` points at least; else the stock (in the first upcard's offer: pass).
- **After a knock and at the wall**: as `domain.gin.bots.greedy`.

It uses no randomness: the same view always gives the same action, so a verifier
re-derives each of its commands from the view alone (R33). Its work is bounded by the
cards: at most 11 discards times 41 unseen cards times 11 deadwood searches, which the
melds' caches (`domain.gin.melds`) mostly answer.
"""

from __future__ import annotations

from functools import lru_cache

from domain.cards import Card
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.gin import melds as m
from domain.gin.bots import greedy
from domain.gin.bots.window import own_gin_turn
from domain.gin.commands import BigGinAction, GinAction, KnockAction, PassAction
from domain.gin.moves import legal_actions
from domain.gin.state import GinState
from domain.gin.views import GinView

#: Points of expected deadwood one meld a discard could give the opponent is worth.
#: Measured against OpenSpiel's simple bot on the same 200 hands (R77): 2.0 won 46.7%
#: of decided hands, 0.5 (with the greedy draw) 51.0%, none 53.5%; each interval is
#: about 14 points wide, and none beat the others clearly: no weight is the default.
DANGER = 0.0
#: How much lower (in points) the hand with the upcard must be than the stock's mean.
TAKE_MARGIN = 0.0


def expert_choice(view: GinView) -> GinAction:
    """The bot's action for the seat of `view`, whose turn it must be."""
    state, seat = own_gin_turn(view)
    legal = legal_actions(state)
    if not legal:
        raise ValueError("the seat on turn has no action")
    if state.phase not in ("offer", "draw", "discard", "knock_discard"):
        return greedy.choose(view)
    hand = m.codes(state.hands[seat])
    hidden = unseen(state, hand)
    if state.phase in ("offer", "draw"):
        return _draw(state, hand, hidden, legal)
    for knock in (BigGinAction(), KnockAction()):
        if knock in legal:
            return knock
    return _discard(hand, hidden, legal)


def unseen(state: GinState, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The codes of the cards the seat has not seen: the stock's and the other hand's."""
    seen = set(hand)
    seen.update(m.code(card) for card in state.discards)
    seen.update(m.code(card) for card in state.layoffs)
    for laid in state.melds:
        for meld in laid:
            seen.update(m.code(card) for card in meld)
    return tuple(number for number in range(4 * m.RANKS) if number not in seen)


def outlook(hand: tuple[int, ...], hidden: tuple[int, ...]) -> float:
    """The mean deadwood of the 10-card `hand` after its next draw from `hidden`."""
    now = m.best_deadwood(hand)
    if not hidden or now == 0:
        return float(now)
    return sum(after_draw(hand, card) for card in hidden) / len(hidden)


def after_draw(hand: tuple[int, ...], card: int) -> int:
    """The least deadwood of `hand` after drawing `card` and shedding the worst card
    (the drawn one included). A card that can meld with no card of the hand (none of its
    rank, none of its suit within two ranks) stays deadwood wherever it goes, so its
    answer is the hand's own or its value plus the hand's best with one card shed: the
    same figure as the whole search's, without it."""
    if _partnered(hand, card):
        return m.best_discard_deadwood(tuple(sorted((*hand, card))))
    return min(m.best_deadwood(hand), m.value(card) + _shed(hand))


def _partnered(hand: tuple[int, ...], card: int) -> bool:
    rank, suit = card % m.RANKS, card // m.RANKS
    return any(
        other % m.RANKS == rank or (other // m.RANKS == suit and abs(other - card) <= 2)
        for other in hand
    )


@lru_cache(maxsize=65_536)
def _shed(hand: tuple[int, ...]) -> int:
    """The least deadwood of `hand` less one of its cards."""
    return m.best_discard_deadwood(hand)


def danger(card: int, hidden: tuple[int, ...]) -> int:
    """How many melds the opponent could make with `card` from the unseen cards."""
    unknown = set(hidden)
    rank, suit = card % m.RANKS, card // m.RANKS
    same_rank = sum(
        1 for other in range(rank, 4 * m.RANKS, m.RANKS) if other != card and other in unknown
    )
    melds = 1 if same_rank >= 2 else 0
    low = suit * m.RANKS
    for first in (card - 2, card - 1, card):
        run = (first, first + 1, first + 2)
        if run[0] < low or run[2] >= low + m.RANKS:
            continue
        if all(other == card or other in unknown for other in run):
            melds += 1
    return melds


def _discard(hand: tuple[int, ...], hidden: tuple[int, ...], legal: list[GinAction]) -> GinAction:
    options = [action for action in legal if isinstance(action, DiscardAction)]

    def weight(action: DiscardAction) -> tuple[float, int, int]:
        card = m.code(Card(action.card))
        left = tuple(number for number in hand if number != card)
        return (outlook(left, hidden) + DANGER * danger(card, hidden), -m.value(card), -card)

    return min(options, key=weight)


def _draw(
    state: GinState, hand: tuple[int, ...], hidden: tuple[int, ...], legal: list[GinAction]
) -> GinAction:
    take = DrawAction(source="discard")
    stock = DrawAction(source="stock")
    upcard = state.upcard
    if take in legal and upcard is not None:
        card = m.code(upcard)
        keep = None if state.rules.discard_taken else card
        with_it = m.best_discard_deadwood(tuple(sorted((*hand, card))), keep)
        if hidden:
            drawn = sum(after_draw(hand, other) for other in hidden) / len(hidden)
        else:
            drawn = float(m.best_deadwood(hand))
        if with_it < min(drawn, m.best_deadwood(hand)) - TAKE_MARGIN:
            return take
    return stock if stock in legal else PassAction()
