"""A draw game as a game of the engine: its events, its replay and its `GameSpec`.

What basic Rummy's spec and Three Thirteen's share is built here, from what each game
names of its own: its rules and terms (`piles.DrawTerms`), packs and deal, actions and
moves, the events its table adds (basic Rummy's melds and lay-offs) and how a turn's
events read back as its actions. The rest is the draw core's: the state and its fold,
the views (`views.may_see`), the stock rebuilt and the seed revealed (B11, T10, R20,
R28), the clock's turn (R19, R36), the deal passing left (B2, T1), and the replay of a
record (`audit.verify_hand`). A draw game has no dead declaration: a turn is a draw and
a discard (B3, T4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar, get_origin

import msgspec

from domain.cards import Card
from domain.codec import EventCodec
from domain.deal import pass_left
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
from domain.drawgame.views import HandView, hidden_stock, view_draw_event, view_hand
from domain.errors import NotInThisGame
from domain.events import Event, SeedRevealed
from domain.game_spec import BotPlay, Deal, GameSpec, Rebuild
from domain.rule_ids import RuleId
from domain.views import Viewer

_R = TypeVar("_R", bound=msgspec.Struct)
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
    codec = EventCodec[Event](types, {_tag(kind): 1 for kind in types})
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


def draw_game_spec(
    *,
    name: str,
    terms: DrawTerms,
    rule_families: str,
    players: range,
    rules_type: type[_R],
    rules_version: str,
    validate: Callable[[_R, int], _R],
    codec: EventCodec[Event],
    packs: Callable[[_R, int], tuple[Card, ...]],
    deal: Deal[Any],
    play: Callable[[DrawState, int, Sequence[Any], Rebuild | None], list[Event]],
    default_turn: Callable[[DrawState, int, Rebuild | None], list[Event]],
    actions: tuple[type[msgspec.Struct], ...],
    foreign_actions: Mapping[str, RuleId],
    turn_actions: Callable[[Sequence[Event]], list[Any]],
    event_rules: Mapping[type[Event], RuleId],
    legal_moves: Callable[[DrawState, int], msgspec.Struct],
    moves_type: type[msgspec.Struct],
    wild_rank: Callable[[int], int] | None = None,
    bots: Mapping[str, BotPlay] | None = None,
) -> GameSpec[DrawState, _R]:
    """The `GameSpec` of a draw game (this module's docstring); `wild_rank` gives a hand's
    wild rank by its number, where the game has one (T3); `bots` are the game's bots, by name
    (`domain.drawgame.bots.draw_bots`)."""
    replay = HandGame(
        terms=terms,
        rules_version=rules_version,
        rules_type=rules_type,
        packs=packs,
        deal=deal,
        play=play,
        default_turn=default_turn,
        actions=turn_actions,
        rules=event_rules,
    )

    def declare_dead(state: DrawState, seat: int) -> list[Event]:
        raise NotInThisGame(
            f"{terms.title} has no dead declaration: a turn is a draw and a discard",
            terms.turn_rule,
        )

    def view(state: DrawState, viewer: Viewer, over: bool) -> HandView:
        wild = None if wild_rank is None else wild_rank(state.number)
        return view_hand(state, viewer, over=over, wild_rank=wild)

    def reveal(state: DrawState, server_seed: bytes) -> list[Event]:
        return reveal_seed(state, server_seed, terms)

    return GameSpec(
        name=name,
        title=terms.title,
        players=players,
        rules_type=rules_type,
        rules_version=rules_version,
        codec=codec,
        state_type=DrawState,
        deal_type=HandDealt,
        deal_rule=terms.deal_rule,
        rule_families=rule_families,
        end_type=HandEnded,
        # B3, T4: a turn ends with a discard; B7, T8: or going out.
        turn_ends=(Discarded, WentOut),
        has_stock=True,
        actions=actions,
        foreign_actions=foreign_actions,
        validate=validate,
        deck=packs,
        deal=deal,
        play=play,
        declare_dead=declare_dead,
        default_turn=default_turn,
        timed_out=timed_out,
        timeout_outcome="the clock plays its default turn",
        fold=fold,
        view=view,
        view_types=(HandView,),
        hidden_in_view=hidden_stock,
        view_event=view_draw_event,
        legal_moves=legal_moves,
        moves_type=moves_type,
        rebuild_order=rebuild_of,
        next_dealer=pass_left,
        reveal_seed=reveal,
        verify=partial(verify_hand, replay),
        end_rule=terms.end_rule,
        bots={} if bots is None else bots,
    )


def _tag(kind: type[Event]) -> str:
    """The tag of an event type (of `HandDealt[...]`, its generic class's)."""
    return str((get_origin(kind) or kind).__struct_config__.tag)
