"""What a game of the engine is to the service: a `Game`, and reading its actions.

A game is a class (`Game`) whose attributes and methods the service asks for: its name,
rules type and version, the families of RULES.md its rule ids are of, state type, event
codec, the deal event its stream begins with and the event that ends it, the events
that end a turn, its actions, view and legal moves types, and deal, play, fold, views,
legal moves, the clock's turn (R19), the stock's rebuild, next dealer, the seed's reveal,
a record's replay, a match's bonuses and columns (G17, G18), a finished game's places as
a rating reads them (R71), and its bots. Each game subclasses it in its own package and
registers an instance (`domain.registry`); nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import msgspec

from domain.cards import Card
from domain.codec import EventCodec
from domain.columns import ScoreColumn
from domain.commands import ActionKind
from domain.composing import Composed, compose_by_play
from domain.deal import Scored, pass_left
from domain.errors import NotInThisGame
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


R_contra = TypeVar("R_contra", bound=msgspec.Struct, contravariant=True)


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


class Game:
    """One game of the engine: the class attributes and methods the service asks for.

    A game subclasses it (or a family's base: `domain.drawgame.game.DrawGame`) and
    overrides what differs; the defaults are where most games agree: no dead declaration
    (refused naming the game's turn rule), no stock rebuilt by seed, the deal passing
    left, and a match without bonuses, shutout or columns. Its package registers an
    instance (`domain.registry.register`).
    """

    #: Its name in the registry (`domain.games.GameName`) and in a client's request.
    name: ClassVar[str]
    title: ClassVar[str]
    #: Where it stands among the games (`domain.registry.listed`): the first is the default.
    order: ClassVar[int]
    #: The numbers of seats the game takes (P2, B1, T2): what `validate` accepts.
    players: ClassVar[range]
    rules_type: ClassVar[type[Any]]
    rules_version: ClassVar[str]
    codec: ClassVar[EventCodec[Event]]
    #: The folded state of a game of it (what `fold` answers).
    state_type: ClassVar[type[Any]]
    #: The event a game begins with, naming its rules version.
    deal_type: ClassVar[type[Event]]
    #: The rule of its deal (P3, B2, T1): what refuses another game's option at a deal.
    deal_rule: ClassVar[RuleId]
    #: The rule of its turn (P10, B3, T4, G4): what refuses a dead declaration by default.
    turn_rule: ClassVar[RuleId]
    #: The families of seeds/RULES.md its rule ids are of, by their letters; its
    #: scenarios in features/ cite them (tests/spec/test_tags.py).
    rule_families: ClassVar[str]
    #: The event that ends a game of it.
    end_type: ClassVar[type[Event]]
    #: The events that end a seat's turn (P10, B3, B7, T4, T8, G4): what `simulate` counts.
    turn_ends: ClassVar[tuple[type[Event], ...]]
    #: Whether a game has a stock and a discard pile (B2, T1); Penang's deal leaves none.
    has_stock: ClassVar[bool] = True
    #: The action types a command of this game holds (tagged by `type`).
    actions: ClassVar[tuple[type[msgspec.Struct], ...]]
    #: The rule of this game that refuses another game's action, by the action's kind
    #: (`domain.commands.ActionKind`): a `draw` in Penang is P12, a `swap` in Three
    #: Thirteen T7. A kind it has no rule for is read as no action of this game.
    refusals: ClassVar[Mapping[ActionKind, RuleId]]
    #: The view types `view` answers, and the legal moves' type (the contract's).
    view_types: ClassVar[tuple[type[msgspec.Struct], ...]]
    moves_type: ClassVar[type[msgspec.Struct]]
    #: The types (or unions) of its events as a viewer sees them (`view_event`'s).
    event_view_types: ClassVar[tuple[object, ...]]
    #: The contract's names of those of its types whose class is named otherwise: the
    #: names a game's schemas had in the contract before its types took the game's name
    #: (the contract keeps them, so that clients generated from it keep theirs).
    contract_names: ClassVar[Mapping[type, str]] = {}
    #: An example of its rule options, for the contract (a draw game's `draw_rules`).
    rules_example: ClassVar[Mapping[str, object] | None] = None
    #: What a timeout does, in words (a late command's refusal says it, R19).
    timeout_outcome: ClassVar[str] = "the clock plays its default turn"
    #: Whether the turn clock ends a table every person has left (R19, R45, R52).
    ends_when_abandoned: ClassVar[bool] = True
    #: The rule by which a game of it ends (P31, B7, T8, G8): what a match record names
    #: when it scores a game whose record stops before its end.
    end_rule: ClassVar[RuleId]
    #: Whether a match's view shows the match's game, the hands each seat has won and
    #: the match's columns (the contract's `DrawMatchView`, R31).
    match_shows_hands: ClassVar[bool] = True
    #: What a match calls a game of it, in the plural (a match record's verdict counts them).
    games_word: ClassVar[str] = "hands"
    #: The scorings a match of the game may take besides one column of totals (G18).
    match_scorings: ClassVar[tuple[str, ...]] = ()
    #: Whether the seat on turn may declare itself dead (Penang's P29).
    declares_dead: ClassVar[bool] = False
    #: A turn of it in words, for the contract's `submitTurn` ("In <title>, ...").
    turn_words: ClassVar[str]
    #: Its dead declaration in words, where it has one (the contract's `declareDead`).
    dead_words: ClassVar[str | None] = None
    #: The game's bots, by name (`domain.bots.seats`, R33).
    bots: ClassVar[Mapping[str, BotPlay]] = {}

    def refusal(self, kind: ActionKind) -> RuleId | None:
        """The rule of this game that refuses another game's action of `kind`: its
        `refusals`' entry, else, where the game plays an action of that kind in a form of
        its own (a draw of its own, not another game's take), the rule of its turn."""
        rule = self.refusals.get(kind)
        if rule is None and any(getattr(own, "kind", None) == kind for own in self.actions):
            return self.turn_rule
        return rule

    def validate(self, rules: Any, seats: int) -> Any:
        """The rules checked for a number of seats: the options, or InvalidRules (every
        game's rule options check themselves)."""
        return rules.validate(seats)

    def deck(self, rules: Any, seats: int) -> tuple[Card, ...]:
        """The packs the rules call for, in canonical order (to shuffle from seeds)."""
        raise NotImplementedError

    def deal(
        self,
        players: Sequence[str],
        deck: Sequence[Card],
        rules: Any,
        dealer: int,
        *,
        proof: DealProof | None,
        number: int,
    ) -> list[Event]:
        """Deal a game from `deck` (top card first); `number` is its number in a match."""
        raise NotImplementedError

    def play(
        self, state: Any, seat: int, actions: Sequence[Any], rebuild: Rebuild | None
    ) -> list[Event]:
        """One command of a seat: its actions, and the stock rebuilds' order."""
        raise NotImplementedError

    def declare_dead(self, state: Any, seat: int) -> list[Event]:
        """A seat's dead declaration (P29); refused where the game has none."""
        raise NotInThisGame(
            f"{self.title} has no dead declaration: a turn is a draw and a discard",
            self.turn_rule,
        )

    def default_turn(self, state: Any, seat: int, rebuild: Rebuild | None) -> list[Event]:
        """What the turn clock records for the seat whose time ran out (R19, R36, R51)."""
        raise NotImplementedError

    def timed_out(self, state: Any, seat: int) -> int | None:
        """The version of the event by which the clock ended `seat`'s last turn, where it
        did and the seat has not played since (R19, R36): a command of it then is late."""
        raise NotImplementedError

    def fold(self, events: Iterable[Event], state: Any | None = None) -> Any:
        raise NotImplementedError

    def view(self, state: Any, viewer: Viewer, over: bool) -> msgspec.Struct:
        raise NotImplementedError

    def hidden_in_view(self, view: Any) -> object:
        """The cards a view hides until the game is over, as that view shows them (R3, R28)."""
        raise NotImplementedError

    def view_event(self, event: Event, viewer: Viewer, over: bool) -> msgspec.Struct:
        """Each event of the game as a viewer may see it (every outbound path)."""
        raise NotImplementedError

    def legal_moves(self, state: Any, seat: int) -> msgspec.Struct:
        raise NotImplementedError

    def compose(self, state: Any, seat: int, actions: Sequence[Any]) -> Composed:
        """The position after the actions of a turn chosen so far, checked as a command
        of them would be and recorded nowhere (`domain.composing`)."""
        return compose_by_play(
            state,
            seat,
            actions,
            play=lambda position, at, chosen: self.play(position, at, chosen, None),
            fold=self.fold,
            unseen=self.unseen,
        )

    def unseen(self, action: Any) -> bool:
        """Whether `action` brings into the hand a card nobody has seen: a draw from the
        stock (B3, T4, G3), known only once recorded (R22)."""
        return getattr(action, "source", None) == "stock"

    def rebuild_order(self, state: Any, server_seed: bytes | None) -> Rebuild | None:
        """How the stock of `state` is rebuilt (B11, T10, R20): None where the game has no
        stock, no seed was committed or none is known (the pile is turned over as it lies)."""
        return None

    def next_dealer(self, previous_dealer: int, ended: Scored, points_recorded: bool) -> int:
        """Who deals the next game of a match: the deal passes left (R24, T11)."""
        return pass_left(previous_dealer, ended, points_recorded)

    def reveal_seed(self, state: Any, server_seed: bytes) -> list[Event]:
        raise NotImplementedError

    def verify(
        self,
        events: Sequence[Event],
        rules_version: str | None = None,
        starts: list[int] | None = None,
    ) -> Verdict:
        """Replay a record's events through the rules (`domain.replay.Replay.verify`)."""
        raise NotImplementedError

    def final_ranks(self, ended: Event) -> tuple[int, ...] | None:
        """Each seat's place in the game `ended` ends (0 first; equal places tie), as a
        rating reads it (R71, R73): the winners first, every other seat tied after them;
        None for a game that ended `abandoned` (R45), which is no result."""
        if getattr(ended, "reason", None) == "abandoned":
            return None
        winners = set(getattr(ended, "winners", ()))
        seats = len(getattr(ended, "points", ()))
        return tuple(0 if seat in winners else 1 for seat in range(seats))

    def match_bonuses(
        self, scored: Sequence[Scored], target: int | None, rules: Any
    ) -> tuple[int, ...]:
        """What each seat adds to its total when a match ends (G17, G21): none by default."""
        return ()

    def match_shutout(self, scored: Sequence[Scored], target: int | None, rules: Any) -> bool:
        """Whether those bonuses hold a shutout (G21): none by default."""
        return False

    def match_columns(
        self, scored: Sequence[Scored], target: int | None, scoring: str, rules: Any
    ) -> tuple[ScoreColumn, ...]:
        """A match's columns under one of `match_scorings` (G18, R55): none by default."""
        return ()
