"""Naming what is wrong with a recorded event that the rules would not have recorded.

When a replayed command gives other events than a record holds, the verifier
(`domain.penang.audit`) names the rule that decides the event the rules give there:
`mismatch_rule`. An event that no command produces where it stands (a `TurnEnded`
with no action before it, a `DeclaredDead` for a seat that can move) breaks the rule
`unprompted` names. Messages show the events in the game's notation.
"""

from __future__ import annotations

from domain import mismatch
from domain.events import Event, LaidOff, Melded, SeedRevealed
from domain.penang.dead_check import has_legal_move
from domain.penang.events import (
    Dealt,
    DeclaredDead,
    DeclaredGame,
    GameEnded,
    PassportMelded,
    TurnEnded,
    WildSwapped,
)
from domain.penang.moves import describe, legal_moves
from domain.penang.state import PenangState
from domain.rule_ids import RuleId


def unprompted(state: PenangState, event: Event) -> tuple[RuleId, str]:
    """The rule an event breaks that no command of the seat on turn produces here, and why."""
    if isinstance(event, DeclaredDead):
        seat = event.seat
        if 0 <= seat < state.seats and not state.dead[seat] and has_legal_move(state, seat):
            why = f"seat {seat} has a legal move ({describe(legal_moves(state, seat))})"
        else:
            why = "the engine records it only when a seat's turn comes without a move"
        return "D6", f"{show(event)}: {why}"
    rule, why = _UNPROMPTED[type(event)]
    return rule, f"{show(event)}: {why}"


_UNPROMPTED: dict[type[Event], tuple[RuleId, str]] = {
    Dealt: ("P4", "a game is dealt once"),
    TurnEnded: ("P10", "a turn ends after a meld or lay-off; it cannot be skipped"),
    DeclaredGame: ("P31", "Game is declared when a turn empties the hand"),
    GameEnded: ("P32", "the game ends on Game or when every seat is dead"),
}


_MISMATCH_RULES: dict[type[Event], RuleId] = {
    Dealt: "P4",
    PassportMelded: "P26",
    Melded: "P13",
    LaidOff: "P20",
    WildSwapped: "P23",
    TurnEnded: "P9",
    DeclaredDead: "D6",
    DeclaredGame: "P31",
    GameEnded: "P33",
    SeedRevealed: "R3",
}


def mismatch_rule(expected: Event, recorded: Event) -> RuleId:
    """The rule that decides `expected`, where the record holds `recorded` instead."""
    if type(expected) is not type(recorded):
        return _MISMATCH_RULES[type(expected)]
    if isinstance(expected, Melded) and isinstance(recorded, Melded):
        same_cards = sorted(expected.cards) == sorted(recorded.cards)
        return "D4" if same_cards and expected.stands_for != recorded.stands_for else "P13"
    if isinstance(expected, LaidOff) and isinstance(recorded, LaidOff):
        same_card = (expected.card, expected.meld) == (recorded.card, recorded.meld)
        return "D4" if same_card else "P20"  # D4: the end or what the card stands for
    if isinstance(expected, GameEnded) and isinstance(recorded, GameEnded):
        if expected.reason != recorded.reason:
            return "P31" if expected.reason == "game" else "P32"
        if (expected.points, expected.deadwood) != (recorded.points, recorded.deadwood):
            return "P33"
        return "D7" if expected.reason == "all_dead" else "P31"  # the winners
    return _MISMATCH_RULES[type(expected)]


def difference(expected: Event, recorded: Event) -> str:
    """What the rules record here against what the record holds (`domain.mismatch`); a
    deal only by the names of its fields that differ, since it holds every card."""
    if isinstance(expected, Dealt) and isinstance(recorded, Dealt):
        fields = ", ".join(mismatch.fields_differing(expected, recorded))
        return f"the deal the rules record differs in {fields}"
    return mismatch.difference(expected, recorded, show)


def show(event: Event) -> str:
    """The event in one line (a deal only by its size: it holds every card)."""
    if isinstance(event, Dealt):
        return f"Dealt to {len(event.players)} seats"
    return mismatch.show(event)
