"""Rummy 500's legal moves: whole commands the seat on turn can send as they are (F3–F6).

Basic Rummy's (`domain.rummy.moves`), checked by Rummy 500's rules: before drawing, the
draws (the stock, the top of the discard pile: F3) and every take from the discard pile
(F4), each listed as a command of two actions, the take and a meld or lay-off that plays
the card taken, one command for each such play; after drawing, every meld, lay-off and
discard, each a command of one action. Every listed command is accepted.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.fold import fold
from domain.drawgame.state import DrawState, Phase
from domain.drawgame.views import game_tag
from domain.rummy.moves import accepted, lay_offs_of, melds_of, single_actions
from domain.rummy.rules import RummyRules
from domain.rummy500.commands import Rummy500Action, TakeAction
from domain.rummy500.table import play, take


class Rummy500Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One command of a turn: its actions, checked in order, recorded together (R22)."""

    actions: tuple[Rummy500Action, ...]


class Rummy500Moves(msgspec.Struct, frozen=True, kw_only=True):
    """What the seat on turn may do now, as actions and as commands to send."""

    #: The game this is of, by its name (`CreateGame.game`).
    game: str
    seat: int
    can_move: bool
    phase: Phase
    draws: tuple[DrawAction, ...]
    #: The cards of the discard pile a take may name (F4), each listed in `commands`
    #: with the meld or lay-off that plays it.
    takes: tuple[TakeAction, ...]
    melds: tuple[MeldAction, ...]
    lay_offs: tuple[LayOffAction, ...]
    discards: tuple[DiscardAction, ...]
    #: Every listed move as a command, ready to send.
    commands: tuple[Rummy500Command, ...]


def legal_moves(state: DrawState, seat: int) -> Rummy500Moves:
    """The moves of this module's docstring; none for a seat not on turn, or once over."""
    if state.over or state.turn != seat:
        return Rummy500Moves(
            game=game_tag(state.rules),
            seat=seat, can_move=False, phase=state.phase, draws=(), takes=(), melds=(),
            lay_offs=(), discards=(), commands=(),
        )  # fmt: skip
    draws, melds, lay_offs, discards = single_actions(state, seat, play)
    taking = tuple(_takes(state, seat)) if state.phase == "draw" else ()
    singles: tuple[Rummy500Action, ...] = (*draws, *melds, *lay_offs, *discards)
    commands = (
        *(Rummy500Command(actions=(action,)) for action in draws),
        *(Rummy500Command(actions=pair) for pair in taking),
        *(Rummy500Command(actions=(action,)) for action in singles[len(draws) :]),
    )
    return Rummy500Moves(
        game=game_tag(state.rules),
        seat=seat,
        can_move=bool(commands),
        phase=state.phase,
        draws=draws,
        takes=tuple(dict.fromkeys(pair[0] for pair in taking)),
        melds=melds,
        lay_offs=lay_offs,
        discards=discards,
        commands=commands,
    )


def _takes(state: DrawState, seat: int) -> Iterable[tuple[TakeAction, Rummy500Action]]:
    """Each take of the pile with each meld or lay-off that plays its card (F4)."""
    rules = state.rules
    assert isinstance(rules, RummyRules)
    for card in state.discards:
        action = TakeAction(card=card.text)
        after = fold(take(state, seat, action), state)
        hand = after.hands[seat]
        plays: list[Rummy500Action] = [
            meld for meld in melds_of(hand, rules.ace_high) if card.text in meld.cards
        ]
        plays += list(lay_offs_of(after, (card,)))
        for follow in plays:
            if accepted(play, state, seat, action, follow):
                yield action, follow
