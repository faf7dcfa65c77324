"""A seat's window on a hand of a draw game: what a bot may know, as a state the rules judge.

A bot of a draw game played on `DrawState` decides from its seat's view
(`domain.drawgame.views.HandView`: its own hand, the discard pile, the table, every
seat's hand size, the stock's size, the card it took from the discard pile this turn).
`hand_state` turns that view back into a `DrawState` so that the game's own `legal_moves`
and `play` (as the game gives them to its bots, `domain.drawgame.bots.game.DrawBotGame`)
list and judge the bot's candidates: a bot never thinks a command legal that the engine
refuses. The cards the seat may not see are absent (the other hands and the stock are
empty there): what the rules check of a seat's command reads only its own hand, the
discard pile and the table. The draws are listed from the view itself (the stock's size,
not its cards: B3, T4, B11, T10).
"""

from __future__ import annotations

from domain.bots.window import seen
from domain.cards import Card, parse_cards
from domain.drawgame.commands import DrawAction
from domain.drawgame.state import DrawState
from domain.drawgame.views import HandView


def own_hand(view: HandView) -> tuple[DrawState, int]:
    """The hand as the seat of `view` sees it, and that seat, whose turn it must be."""
    if view.viewer is None or view.turn != view.viewer or view.hand is None:
        raise ValueError(f"a bot plays its own seat's turn: this is seat {view.turn}'s")
    return hand_state(view), view.viewer


def hand_state(view: HandView) -> DrawState:
    """The hand as the seat of `view` sees it; hidden cards are simply absent."""
    if view.viewer is None or view.hand is None:
        raise ValueError("a bot plays from a seat's view, which holds the seat's own hand")
    hands, table = seen(view.viewer, view.hand, [other.seat for other in view.seats], view.table)
    return DrawState(
        rules=view.rules,
        rules_version=view.rules_version,
        players=tuple(other.name for other in view.seats),
        dealer=view.dealer,
        number=view.number,
        hands=hands,
        stock=(),
        discards=parse_cards(view.discards),
        turn=view.turn,
        phase=view.phase,
        taken=None if view.taken is None else Card(view.taken),
        played=(False,) * len(view.seats),
        table=table,
        went_out=view.went_out,
        last_turns=view.last_turns,
        version=view.version,
    )


def draws(view: HandView) -> tuple[DrawAction, ...]:
    """The draws open to the seat: the stock while it holds a card or can be rebuilt from
    the discard pile (B11, T10), and the top of the discard pile."""
    listed = []
    if view.stock_size or len(view.discards) > 1:
        listed.append(DrawAction(source="stock"))
    if view.discards:
        listed.append(DrawAction(source="discard"))
    return tuple(listed)
