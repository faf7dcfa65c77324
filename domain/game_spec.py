"""What a game of the engine is to the service: a `GameSpec`, and reading its actions.

A game is data plus the functions the service calls: its name, rules type and version,
the families of RULES.md its rule ids are of, state type, event codec, the deal event its
stream begins with and the event that ends it, the events that end a turn, its actions,
view and legal moves types, and deal, play, declare dead, the default turn the turn clock
plays (R19), fold, views, legal moves, the stock's rebuild order, next dealer, reveal the
seed and verify a record, the rule that ends a game, a match's bonuses at its end, the
scorings in columns a match of it may take (G18), what a match calls its games, whether
a match's view shows the hands won, and its bots. Each game builds its spec from its own
modules (`domain.penang.spec`, `domain.rummy.spec`, `domain.three13.spec`,
`domain.gin.spec`); `domain.games` registers them all, and nothing here names a game.
`decode_actions` reads a command's actions for one game, refusing another game's action
with this game's rule (a `draw` in Penang is P12, a `swap` in Three Thirteen T7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from domain.cards import Card
from domain.codec import EventCodec
from domain.columns import ScoreColumn
from domain.deal import Scored
from domain.errors import MalformedInput, NotInThisGame, UnreadableAction
from domain.events import DealProof, Event
from domain.replay import Verdict
from domain.rule_ids import RuleId
from domain.views import Viewer

#: A bot's command: its actions from its seat's view and a seed; None to declare dead
#: (`domain.bots.seats`).
BotPlay = Callable[[Any, str], tuple[Any, ...] | None]
#: The new order of a stock rebuilt from `cards` for the n-th time (B11, T10), from the
#: seeds the deal committed to (`domain.fair.rebuild_order`); None where no seed was.
Rebuild = Callable[[Sequence[Card], int], Sequence[Card]]


class PlayedState(Protocol):
    """What the service reads of any game's folded state."""

    @property
    def version(self) -> int: ...

    @property
    def over(self) -> bool: ...

    #: The number of seats, which every seat's number is checked against.
    @property
    def seats(self) -> int: ...


S = TypeVar("S", bound=PlayedState)
R = TypeVar("R", bound=msgspec.Struct)
R_contra = TypeVar("R_contra", bound=msgspec.Struct, contravariant=True)


class Verify(Protocol):
    """Replay `events` through a game's rules: the verdict; `rules_version` is the one a
    record's header names, and `starts`, where given, gathers the index of each command's
    first event."""

    def __call__(
        self,
        events: Sequence[Event],
        rules_version: str | None = None,
        starts: list[int] | None = None,
    ) -> Verdict: ...


class Deal(Protocol[R_contra]):
    """Deal a game from `deck` (top card first); `number` is its number in a match (from
    1: Three Thirteen's hand, T1), `proof` how the deck order was drawn (`domain.fair`)."""

    def __call__(
        self,
        players: Sequence[str],
        deck: Sequence[Card],
        rules: R_contra,
        dealer: int,
        *,
        proof: DealProof | None,
        number: int,
    ) -> list[Event]: ...


class TableChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One value of a rule option a table offers, with its words."""

    value: bool | int | str | None
    label: str


class TableOption(msgspec.Struct, frozen=True, kw_only=True):
    """A rule option a table offers as it opens: the field of the game's rules it sets,
    its words, the rule it reads, and its choices, the table's default first (a game's
    rules list them as `TABLE_OPTIONS`; the play page's lobby shows them)."""

    field: str
    label: str
    rule: RuleId
    choices: tuple[TableChoice, ...]


def no_bonuses(scored: Sequence[Scored], target: int | None, rules: Any) -> tuple[int, ...]:
    """A match of a game without bonuses: its totals are its games' points."""
    return ()


def no_shutout(scored: Sequence[Scored], target: int | None, rules: Any) -> bool:
    """A match of a game without a shutout."""
    return False


def no_columns(
    scored: Sequence[Scored], target: int | None, scoring: str, rules: Any
) -> tuple[ScoreColumn, ...]:
    """A match of a game scored in one column only: no columns beside its totals."""
    return ()


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[S, R]):
    """One game of the engine: its data and the functions the service calls."""

    #: Its name in the registry (`domain.games.GameName`) and in a client's request.
    name: str
    title: str
    #: The numbers of seats the game takes (P2, B1, T2): what `validate` accepts.
    players: range
    rules_type: type[R]
    rules_version: str
    codec: EventCodec[Event]
    #: The folded state of a game of it (what `fold` answers).
    state_type: type[S]
    #: The event a game begins with, naming its rules version.
    deal_type: type[Event]
    #: The rule of its deal (P3, B2, T1): what refuses another game's option at a deal.
    deal_rule: RuleId
    #: The families of seeds/RULES.md its rule ids are of, by their letters: Penang's own
    #: rules and its defaults (`PD`), basic Rummy's `B`, Three Thirteen's `T`, Gin's `G`.
    #: Its scenarios in features/ cite them (tests/spec/test_tags.py).
    rule_families: str
    #: The event that ends a game of it.
    end_type: type[Event]
    #: The events that end a seat's turn (P10, B3, B7, T4, T8, G4): a turn is what one of
    #: them ends, however many commands it took; what `simulate` counts as turns.
    turn_ends: tuple[type[Event], ...]
    #: Whether a game has a stock and a discard pile (B2, T1); Penang's deal leaves none
    #: (P12), and its options are `rules`, not a draw game's `draw_rules`.
    has_stock: bool
    #: The action types a command of this game holds (tagged by `type`).
    actions: tuple[type[msgspec.Struct], ...]
    #: Other games' action types, and the rule of this game that refuses each.
    foreign_actions: Mapping[str, RuleId]
    #: The rules checked for a number of seats: the options, or InvalidRules.
    validate: Callable[[R, int], R]
    #: The packs the rules call for, in canonical order (to shuffle from seeds).
    deck: Callable[[R, int], tuple[Card, ...]]
    deal: Deal[R]
    #: One command of a seat: its actions (of `actions`), and the stock rebuilds' order.
    play: Callable[[S, int, Sequence[Any], Rebuild | None], list[Event]]
    declare_dead: Callable[[S, int], list[Event]]
    #: What the turn clock records for the seat on turn whose time ran out (R19 and its
    #: readings): Penang's seat is dead, reason `timeout`; a draw game's plays a default
    #: turn, its discard recorded with reason `timeout` (R36); Gin's too, its last event
    #: marked `timeout` (R51).
    default_turn: Callable[[S, int, Rebuild | None], list[Event]]
    #: The version of the event by which the clock ended `seat`'s last turn, where it
    #: did and the seat has not played since (R19, R36): a command of it then is late.
    timed_out: Callable[[S, int], int | None]
    #: What a timeout does, in words (a late command's refusal says it, R19).
    timeout_outcome: str
    fold: Callable[[Iterable[Event], S | None], S]
    view: Callable[[S, Viewer, bool], msgspec.Struct]
    #: The view types `view` answers, and the legal moves' type (the contract's).
    view_types: tuple[type[msgspec.Struct], ...]
    #: The cards a view hides until the game is over (Penang's undealt, a draw game's
    #: stock), as that view shows them: None where they are hidden (R3, R28).
    hidden_in_view: Callable[[Any], object]
    #: Each event of the game as a viewer may see it (every outbound path).
    view_event: Callable[[Event, Viewer, bool], msgspec.Struct]
    legal_moves: Callable[[S, int], msgspec.Struct]
    moves_type: type[msgspec.Struct]
    #: How the stock of `state` is rebuilt (B11, T10, R20), given the server seed its deal
    #: committed to: None where the game has no stock, no seed was committed or none is
    #: known (the pile is turned over as it lies).
    rebuild_order: Callable[[S, bytes | None], Rebuild | None]
    #: Who deals the next game of a match after a game dealt by the given seat ended with
    #: the given score; the flag says whether points are recorded (Penang's P7 and P8;
    #: basic Rummy and Three Thirteen pass the deal left; Gin's winner deals, R43). The
    #: match asks it (`domain.match.commands.next_game`) from what its events hold.
    next_dealer: Callable[[int, Scored, bool], int]
    reveal_seed: Callable[[S, bytes], list[Event]]
    #: Replay a record's events through the rules (`domain.replay.Replay.verify`).
    verify: Verify
    #: Whether the turn clock ends a table every person has left (Penang's dead seats,
    #: R19; the draw games' and Gin's abandoned hand, R45, R52): a match with a clock asks
    #: for it, since without it such a match would deal hands for ever (R47). Every game
    #: of the engine does; a game that did not would be refused a clocked match.
    ends_when_abandoned: bool = True
    #: The rule by which a game of it ends (P31, B7, T8, G8): what a match record names
    #: when it scores a game whose record stops before its end.
    end_rule: RuleId = "P31"
    #: What each seat adds to its total when a match of the game ends, given its games'
    #: scores in order (`MatchGameScored`: the points, winners and any boxes of each),
    #: the match's target and its games' rules: Gin's game and box bonuses and its
    #: shutout (G17, G21); empty where the game has none, or the match ended short of
    #: its target.
    match_bonuses: Callable[[Sequence[Scored], int | None, R], tuple[int, ...]] = no_bonuses
    #: Whether those bonuses hold a shutout (Gin's G21: the loser scored nothing), given
    #: the same; a match records it beside them (`MatchEnded.shutout`).
    match_shutout: Callable[[Sequence[Scored], int | None, R], bool] = no_shutout
    #: Whether a match's view shows the match's game, the hands each seat has won and
    #: the match's columns (`domain.match.views.MatchView`, the contract's
    #: `DrawMatchView`, R31): a draw game's does; Penang's shows none of them, its
    #: answers as they were before the draw games (the contract's `MatchView`).
    match_shows_hands: bool = True
    #: What a match calls a game of it, in the plural (a match record's verdict counts
    #: them): Penang's games, a draw game's hands.
    games_word: str = "hands"
    #: The scorings a match of the game may take besides the one column of its totals
    #: (`MatchOptions.scoring`): Gin's `hollywood` (G18); empty where it has none.
    match_scorings: tuple[str, ...] = ()
    #: A match's columns under one of `match_scorings`, given its games' scores in order,
    #: the match's target, the scoring and its games' rules (`domain.columns`): the match
    #: ends when every column is over, and each seat's final score is the sum of its
    #: columns' (G18, R55).
    match_columns: Callable[[Sequence[Scored], int | None, str, R], tuple[ScoreColumn, ...]] = (
        no_columns
    )
    #: Whether the seat on turn may declare itself dead (Penang's P29): the play page
    #: then offers it beside the listed moves; a game without such a declaration refuses
    #: `declare_dead` (B3, T4, G4).
    declares_dead: bool = False
    #: The game's bots, by name (`domain.bots.seats`, R33): each makes its seat's command
    #: from the seat's view and a seed; empty for a game without bots.
    bots: Mapping[str, BotPlay] = field(default_factory=dict)


def decode_actions(spec: GameSpec[Any, Any], raw: object) -> tuple[Any, ...]:
    """A command's actions (JSON builtins) as `spec`'s action types.

    An action of another game is refused naming the rule of this game that has no such
    move (`NotInThisGame`); anything else unreadable is `UnreadableAction`. Both carry the
    action's index, as the service's own decoder gives it.
    """
    if not isinstance(raw, list | tuple):
        raise MalformedInput("the actions are a list")
    known = {_tag(action): action for action in spec.actions}
    decoded = []
    for index, item in enumerate(raw):
        kind = item.get("type") if isinstance(item, dict) else None
        if not isinstance(kind, str) or kind not in known:
            if isinstance(kind, str) and kind in spec.foreign_actions:
                refusal = NotInThisGame(
                    f"{spec.title} has no {kind!r} action", spec.foreign_actions[kind]
                )
                raise refusal.at_action(index)
            raise UnreadableAction(
                f"action {index}: not an action of {spec.title}: {kind!r}", index
            )
        try:
            decoded.append(msgspec.convert(item, type=known[kind]))
        except msgspec.ValidationError as error:
            raise UnreadableAction(f"action {index}: {error}", index) from None
    return tuple(decoded)


def _tag(action: type[msgspec.Struct]) -> str:
    return str(action.__struct_config__.tag)
