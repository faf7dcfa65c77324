"""Hands of Rummy 500 dealt from stacked decks, and commands played on them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.drawgame.fold import fold
from domain.drawgame.state import DrawState
from domain.rummy500.commands import TakeAction
from domain.rummy500.rules import Rummy500Rules
from domain.rummy500.table import play, start_hand

from ..draw_support import stacked


def hand500(
    hands: Mapping[int, str],
    *,
    dealer: int = 0,
    upcard: str = "9C",
    stock: str = "",
    rules: Rummy500Rules | None = None,
) -> DrawState:
    """A hand of Rummy 500 dealt as given, `cards_per_player` from the hands."""
    size = len(hands[0].split())
    rules = msgspec.structs.replace(rules or Rummy500Rules(), cards_per_player=size)
    names = [f"p{seat}" for seat in range(len(hands))]
    return fold(start_hand(names, stacked(hands, dealer, upcard, stock), rules, dealer))


def after500(state: DrawState, seat: int, *actions: Any) -> DrawState:
    """The state after `seat` plays one command of `actions`."""
    return fold(play(state, seat, actions), state)


def take(card: str) -> TakeAction:
    return TakeAction(card=card)
