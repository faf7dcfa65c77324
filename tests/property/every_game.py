"""Random legal play of any game of the engine, through its `Game` (DESIGN principle 14).

A game is dealt, from a deck the test's generator shuffles or from a server seed (a fair
deal, its seed revealed once the game is over), and played by picking every command
from the game's own `legal_moves` until it ends. Before each command every listed
command is tried, and must be accepted. After every event every card of the deck is in
exactly one place, the state's version counts the events, and the game's own checks
hold (`GamePlay.check_event`: what its views hide); once the game is over, so do its
checks of the end (`GamePlay.check_end`: its scores). Folding the record from scratch
gives the state the play reached event by event: after every command of a game whose
deal bounds its length (Penang), after every `refold_every`-th command and the last of
a draw game (whose hands run to thousands of commands, each fold a pass over every
event before it). A game that has not ended within its bound fails.

What differs between games is in its `GamePlay`: how its legal moves list whole
commands, where its cards lie, its bound, the options it is played under, and how a
player picks among the listed commands. A game with no play of its own is played through
its spec alone (`bots_play`): under its default rules, every seat by one of its own bots
(`Game.bots`) from the seat's view, as the service plays a bot seat (R33); its cards
are not counted (where they lie is the game's own), the rest is checked as above."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from domain.cards import Card
from domain.drawgame.piles import seeded
from domain.events import Event
from domain.fair import bot_seed, fair_deal_of
from domain.game import BotPlay, Game, Rebuild


@dataclass(frozen=True)
class Table:
    """A game to play: its name, seats, rules, number in a match (T1), and its seed."""

    game: str
    players: int
    rules: Any
    #: Seeds the test's generator, and the deal's server seed when `fair`.
    seed: int
    #: Dealt from the server seed (deck, dealer and stock rebuilds; revealed at the end),
    #: else from a deck the generator shuffles, the dealer its choice.
    fair: bool = False
    number: int = 1
    #: The bot that plays each seat, by its name in the spec (`bots_play`); none where
    #: the game's play picks among its listed commands.
    bots: tuple[str, ...] = ()

    @property
    def server_seed(self) -> bytes | None:
        return self.seed.to_bytes(32, "big") if self.fair else None


@dataclass
class Played:
    """A game played to its end: the deck it was dealt from, its record, its final state."""

    deck: tuple[Card, ...]
    events: list[Event] = field(default_factory=list)
    commands: int = 0
    state: Any = None


#: Picks one of the listed commands (each a sequence of actions): (state, seat, listed, rng).
Chooser = Callable[[Any, int, Sequence[Sequence[Any]], random.Random], Sequence[Any]]


def _nothing(*_: Any) -> None:
    return None


@dataclass(frozen=True)
class GamePlay:
    """What random play needs of a game beyond its spec."""

    #: The whole commands (their actions) a legal-moves answer of the game lists; None
    #: where each seat's bot makes its command (`Table.bots`, `bots_play`).
    listed: Callable[[Any], Sequence[Sequence[Any]]] | None
    #: Every card a state holds, wherever it lies (hands, table, piles, put aside); None
    #: where the play does not know (`bots_play`).
    cards: Callable[[Any], list[Card]] | None
    #: How many commands a game dealt as this state may take before it must have ended.
    bound: Callable[[Any], int]
    #: Every how many commands the whole record is folded again (and at the end).
    refold_every: int
    choose: Chooser
    #: The tables to play, and how many of them the property tests draw: to play and
    #: check as they go, and to check their records too.
    tables: st.SearchStrategy[Table]
    examples: int
    records: int
    #: The game's own invariants, after each event (state after it, the event).
    check_event: Callable[[Any, Event], None] = _nothing
    #: The game's own invariants before the seat on turn sends a command (state, seat).
    check_turn: Callable[[Any, int], None] = _nothing
    #: The game's own checks of a finished game (its scores), and a word on its ending
    #: (for the property tests' statistics).
    check_end: Callable[[Played], None] = _nothing
    ending: Callable[[Any], str] = lambda state: "ended"


def play_game(spec: Game, game: GamePlay, table: Table, choose: Chooser | None = None) -> Played:
    """Deal `table` and play listed commands until the game ends, checking as it goes."""
    rng = random.Random(table.seed)
    played, state, rebuild = _deal(spec, game, table, rng)
    bound, pick = game.bound(state), choose or game.choose
    while not state.over:
        assert played.commands < bound, f"the game did not end within {bound} commands"
        seat = state.turn
        assert seat is not None
        game.check_turn(state, seat)
        if game.listed is None:
            events = _bot_command(spec, table, state, seat, rebuild)
        else:
            listed = game.listed(spec.legal_moves(state, seat))
            for actions in listed:
                spec.play(state, seat, actions, rebuild)  # every listed command is accepted
            if listed:
                events = spec.play(state, seat, pick(state, seat, listed, rng), rebuild)
            else:
                events = spec.declare_dead(state, seat)
        state = record(spec, game, played, state, events)
        played.commands += 1
    if table.server_seed is not None:
        state = record(spec, game, played, state, spec.reveal_seed(state, table.server_seed))
    played.state = state
    game.check_end(played)
    return played


def _bot_command(
    spec: Game, table: Table, state: Any, seat: int, rebuild: Rebuild | None
) -> list[Event]:
    """The command of `seat`'s bot, from its seat's view and the seed the service would
    give it (`domain.fair.bot_seed`, R33); None from the bot declares the seat dead."""
    bot = spec.bots[table.bots[seat]]
    seed = bot_seed(table.server_seed, seat, state.version)
    actions = bot(spec.view(state, seat, False), seed)
    if actions is None:
        return spec.declare_dead(state, seat)
    return spec.play(state, seat, actions, rebuild)


#: How many commands a game played by its bots may take before it must have ended.
BOTS_BOUND = 10_000


@st.composite
def _bot_tables(draw: st.DrawFn, spec: Game, bots: Sequence[str]) -> Table:
    players = draw(st.integers(spec.players.start, spec.players.stop - 1))
    return Table(
        game=spec.name,
        players=players,
        rules=spec.validate(spec.rules_type(), players),
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        fair=draw(st.booleans()),
        bots=tuple(draw(st.sampled_from(bots)) for _ in range(players)),
    )


def bots_play(spec: Game, examples: int = 10, records: int = 5) -> GamePlay:
    """`spec`'s game played through its spec alone: dealt under its default rules to any
    number of seats it takes, each seat played by one of its own bots (`Game.bots`).

    A game without bots cannot be played so: it needs a play of its own
    (games_played.py's `OWN_PLAYS`)."""
    bots: Mapping[str, BotPlay] = spec.bots
    if not bots:
        raise LookupError(f"{spec.title} has no bots, and no play of its own to play it")
    return GamePlay(
        listed=None,
        cards=None,
        bound=lambda state: BOTS_BOUND,
        refold_every=20,
        choose=_no_choice,
        tables=_bot_tables(spec, sorted(bots)),
        examples=examples,
        records=records,
    )


def _no_choice(state: Any, seat: int, listed: Sequence[Sequence[Any]], rng: random.Random) -> Any:
    raise AssertionError("a game played by its bots lists no commands to choose among")


def _deal(
    spec: Game, game: GamePlay, table: Table, rng: random.Random
) -> tuple[Played, Any, Rebuild | None]:
    """The game dealt: from a fair deal of the server seed, or a deck `rng` shuffles."""
    packs = spec.deck(table.rules, table.players)
    server_seed = table.server_seed
    if server_seed is None:
        deck, dealer, proof = list(packs), rng.randrange(table.players), None
        rng.shuffle(deck)
        rebuild: Rebuild | None = None
    else:
        deck, dealer, proof = fair_deal_of(packs, table.players, server_seed, ())
        rebuild = seeded(server_seed, ())  # B11, T10, R20: the committed seed orders them
    played = Played(deck=tuple(deck))
    names = [f"seat{i}" for i in range(table.players)]
    dealt = spec.deal(names, deck, table.rules, dealer, proof=proof, number=table.number)
    return played, record(spec, game, played, None, dealt), rebuild


def record(
    spec: Game,
    game: GamePlay,
    played: Played,
    state: Any,
    events: Sequence[Event],
) -> Any:
    """Fold the new events one at a time, checking the invariants after each."""
    assert events, "a command always records something"
    for event in events:
        state = spec.fold([event], state)
        played.events.append(event)
        if game.cards is not None:
            assert Counter(game.cards(state)) == Counter(played.deck), "a card went astray"
        assert state.version == len(played.events)
        game.check_event(state, event)
    if state.over or played.commands % game.refold_every == 0:
        assert spec.fold(played.events, None) == state, "folding the record gives another state"
    return state
