"""The games the engine plays, each behind one surface the service dispatches on.

The engine is a rummy engine: what the games share is written once, and each game adds
what differs (its turn structure, deal, scoring, end of hand, events and commands).

    shared core    domain/cards (notation, packs), meld_terms + melds + layoffs (runs and
                   sets, the ace rule and wild cards as parameters), deal (one card at a
                   time from the dealer's left), fair (seeded decks, first dealer, stock
                   rebuilds), codec (stored events), records, chain, provenance (records
                   and what they prove), errors, rule_ids, games (this registry)
    Penang Rummy   domain/ itself: rules, commands, events, state, game, dead_check,
                   moves, views, scoring, wildcards, proof, audit, mismatch, match/
    draw games     domain/drawgame/: what basic Rummy and Three Thirteen share: the stock
                   and the discard pile, the draw and discard commands, the events
                   (`HandDealt`, `Drew`, `Discarded`, `StockRebuilt`, `WentOut`,
                   `HandEnded`), their fold, the hidden-stock views, rebuilds from the
                   committed seed, and the replay of their records
    basic Rummy    domain/rummy/: B1–B12: table melds and lay-offs, going out, going
                   rummy, scoring to the winner, the options B7 and B10
    Three Thirteen domain/three13/: T1–T11: eleven hands with their sizes and wild ranks,
                   melds kept in the hand, going out and the last turns, the exact
                   deadwood

A game is a `GameSpec` (`domain.game_spec`): its name, rules type and version, event
codec, and the functions the service calls. `GAMES` maps each game's name to its spec;
`spec_for_rules_version` finds the game a record or a deal names; `ALL_GAME_EVENTS`
reads a store of every game's events (no two games tag different types alike).
Penang's spec, here, wraps its own functions, unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from domain import deal
from domain.cards import Card
from domain.codec import EventCodec
from domain.commands import LayOffAction, MeldAction
from domain.events import DealProof, Event
from domain.game_spec import GameSpec, Rebuild
from domain.penang import audit, game, moves, state, views
from domain.penang.codec import PENANG_EVENTS
from domain.penang.commands import Action, SwapAction
from domain.penang.events import Dealt
from domain.penang.rules import RULES_VERSION, Rules
from domain.rummy.rules import RummyRules
from domain.rummy.spec import RUMMY
from domain.three13.rules import ThirteenRules
from domain.three13.spec import THREE_THIRTEEN
from domain.views import Viewer

# --- Penang Rummy: its own functions, wrapped --------------------------------------------


def _penang_deal(
    players: Sequence[str],
    deck: Sequence[Card],
    rules: Rules,
    dealer: int,
    *,
    proof: DealProof | None,
    number: int,
) -> list[Event]:
    """`start_game`: a Penang game is the same whatever its number in a match."""
    return game.start_game(players, deck, rules, dealer, proof)


def _penang_play(
    position: state.GameState, seat: int, actions: Sequence[Action], rebuild: Rebuild | None
) -> list[Event]:
    """`play_turn`: Penang has no stock to rebuild (P5, P12)."""
    return game.play_turn(position, seat, actions)


def _penang_next_dealer(position: state.GameState, points_recorded: bool) -> int:
    """P7, P8, R5: the winner deals, or the worst loser where points are not recorded."""
    if position.ended is None:
        raise ValueError("the next dealer is chosen once the game is over")
    return deal.next_dealer(position.dealer, position.ended, points_recorded)


def _penang_view(position: state.GameState, viewer: Viewer, over: bool) -> views.GameView:
    return views.view_game(position, viewer, over=over)


PENANG: Final[GameSpec[state.GameState, Rules]] = GameSpec(
    name="penang",
    title="Penang Rummy",
    rules_type=Rules,
    rules_version=RULES_VERSION,
    codec=PENANG_EVENTS,
    deal_type=Dealt,
    actions=(MeldAction, LayOffAction, SwapAction),
    foreign_actions={"draw": "P12", "discard": "P12", "go_out": "P31"},
    validate=Rules.validate,
    deck=Rules.deck_for,
    deal=_penang_deal,
    play=_penang_play,
    declare_dead=game.declare_dead,
    fold=state.fold,
    view=_penang_view,
    view_event=views.view_event,
    legal_moves=moves.legal_moves,
    next_dealer=_penang_next_dealer,
    reveal_seed=game.reveal_seed,
    verify=audit.verify_events,
)

#: Every draw game's rule options, tagged with the game (`"game": "rummy"`): what a draw
#: game's deal, a match of one, and the contract hold (`domain.drawgame.events.DrawRules`).
AnyDrawRules = RummyRules | ThirteenRules
#: Every game of the engine, by name.
GAMES: Final[dict[str, GameSpec[Any, Any]]] = {
    spec.name: spec for spec in (PENANG, RUMMY, THREE_THIRTEEN)
}
#: Every game's events in one codec: a store that holds them all reads them with it.
ALL_GAME_EVENTS: Final = EventCodec.merged(spec.codec for spec in GAMES.values())


def spec_for_rules_version(rules_version: str) -> GameSpec[Any, Any] | None:
    """The game played under `rules_version` (a deal's or a record header's), if any."""
    return next((spec for spec in GAMES.values() if spec.rules_version == rules_version), None)
