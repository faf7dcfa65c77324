"""A draw game as a game of the engine: its events, its replay and its `DrawGame` base.

What basic Rummy and Three Thirteen share is here, from what each game
names of its own: its rules and terms (`piles.DrawTerms`), packs and deal, actions and
moves, the events its table adds (basic Rummy's melds and lay-offs) and how a turn's
events read back as its actions. The rest is the draw core's: the state and its fold,
the views (`views.may_see`), the stock rebuilt and the seed revealed (B11, T10, R20,
R28), the clock's turn (R19, R36), the deal passing left (B2, T1), and the replay of a
record (`audit.verify_hand`). A draw game has no dead declaration: a turn is a draw and
a discard (B3, T4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, get_origin

import msgspec

from domain.cards import Card
from domain.codec import EventCodec
from domain.drawgame.audit import HandGame, verify_hand
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import (
    Discarded,
    Drew,
    HandDealt,
    HandEnded,
    StockRebuilt,
    WentOut,
)
from domain.drawgame.fold import fold
from domain.drawgame.piles import DrawTerms, rebuild_of, reveal_seed
from domain.drawgame.state import DrawState
from domain.drawgame.timeout import timed_out
from domain.drawgame.views import DrawEventView, HandView, hidden_stock, view_draw_event, view_hand
from domain.events import Event, SeedRevealed
from domain.game import Game, Rebuild
from domain.replay import Verdict
from domain.rule_ids import RuleId
from domain.views import Viewer

#: One recorded event (and the one after it) as the action that recorded it, or None
#: where the game reads it as the draw core does (or as no action).
OwnAction = Callable[[Event, Event | None], Any | None]


def draw_events(rules_type: type[Any], *own: type[Event]) -> EventCodec[Event]:
    """A draw game's events, each at schema version 1: the draw core's `HandDealt` (of
    `rules_type`), `Drew`, then the game's `own` events, `Discarded`, `StockRebuilt`,
    `WentOut`, `HandEnded` and the core's `SeedRevealed`."""
    types: tuple[type[Event], ...] = (
        HandDealt[rules_type],  # type: ignore[valid-type]  # a type given at run time
        Drew,
        *own,
        Discarded,
        StockRebuilt,
        WentOut,
        HandEnded,
        SeedRevealed,
    )
    codec = EventCodec[Event](types)
    codec.check()
    return codec


def recorded_actions(turn: Sequence[Event], own: OwnAction) -> list[Any]:
    """The actions that recorded a turn's events: each as the game reads it (`own`), else
    a draw and a discard as the draw core records them; the rules' own events (going out,
    the score) are no action."""
    actions = []
    for index, event in enumerate(turn):
        following = turn[index + 1] if index + 1 < len(turn) else None
        action = own(event, following)
        if action is None and isinstance(event, Drew):
            action = DrawAction(source=event.source)
        elif action is None and isinstance(event, Discarded):
            action = DiscardAction(card=Card(event.card).text)
        if action is not None:
            actions.append(action)
    return actions


class DrawGame(Game):
    """A draw game (this module's docstring): a subclass names its terms (`DrawTerms`,
    from which its title and its deal's, turn's and end's rules follow), its rules,
    codec, packs, deal, play, clock's turn, actions, legal moves and how a turn's events
    read back as its actions; the rest is the draw core's."""

    #: The rule ids the game names for the decisions the draw games share.
    terms: ClassVar[DrawTerms]
    #: The rule that decides each event, named where a record holds another.
    event_rules: ClassVar[Mapping[type[Event], RuleId]]
    state_type = DrawState
    deal_type = HandDealt
    end_type = HandEnded
    # B3, T4: a turn ends with a discard; B7, T8: or going out.
    turn_ends = (Discarded, WentOut)
    view_types = (HandView,)
    event_view_types: ClassVar[tuple[object, ...]] = (DrawEventView,)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        terms = cls.__dict__.get("terms")
        if terms is not None:
            cls.title = terms.title
            cls.deal_rule = terms.deal_rule
            cls.turn_rule = terms.turn_rule
            cls.end_rule = terms.end_rule

    def wild_rank(self, number: int) -> int | None:
        """A hand's wild rank by its number, where the game has one (T3)."""
        return None

    def turn_actions(self, turn: Sequence[Event]) -> list[Any]:
        """A turn's recorded events as the actions that recorded them."""
        raise NotImplementedError

    def fold(self, events: Iterable[Event], state: DrawState | None = None) -> DrawState:
        return fold(events, state)

    def view(self, state: DrawState, viewer: Viewer, over: bool) -> HandView:
        return view_hand(state, viewer, over=over, wild_rank=self.wild_rank(state.number))

    def hidden_in_view(self, view: HandView) -> object:
        return hidden_stock(view)

    def view_event(self, event: Event, viewer: Viewer, over: bool) -> msgspec.Struct:
        return view_draw_event(event, viewer, over)

    def timed_out(self, state: DrawState, seat: int) -> int | None:
        return timed_out(state, seat)

    def rebuild_order(self, state: DrawState, server_seed: bytes | None) -> Rebuild | None:
        return rebuild_of(state, server_seed)

    def reveal_seed(self, state: DrawState, server_seed: bytes) -> list[Event]:
        return reveal_seed(state, server_seed, self.terms)

    def verify(
        self,
        events: Sequence[Event],
        rules_version: str | None = None,
        starts: list[int] | None = None,
    ) -> Verdict:
        replay = HandGame(
            terms=self.terms,
            rules_version=self.rules_version,
            rules_type=self.rules_type,
            packs=self.deck,
            deal=self.deal,
            play=self.play,
            default_turn=self.default_turn,
            actions=self.turn_actions,
            rules=self.event_rules,
        )
        return verify_hand(replay, events, rules_version, starts)


def _tag(kind: type[Event]) -> str:
    """The tag of an event type (of `HandDealt[...]`, its generic class's)."""
    return str((get_origin(kind) or kind).__struct_config__.tag)
