"""The decisions the draw games on `DrawState` share: whose turn, drawing, discarding, the
seed's reveal.

A turn begins with a draw: the top card of the stock, or the top card of the discard
pile, whoever threw it (B3, T4, R21). When a seat draws from an empty stock, the discard
pile less its top card becomes the stock, shuffled from the seeds the deal committed to
(B11, T10, R20: `domain.fair.rebuild_order`); with no seed (an explicit deck, for tests
and replays) it is turned over as it lies, as seeds 001 and 004 say; where the pile
holds only its top card, there is nothing to rebuild and the seat draws that card. A
turn ends with a discard, which may not be the card just taken from the discard pile
where the game forbids it (B4). Each game names its own rule ids (`DrawTerms`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from domain.cards import Card, sort_cards, texts
from domain.drawgame.commands import DrawAction
from domain.drawgame.errors import BadRebuild, EmptyStock, TakenBack, WrongPhase
from domain.drawgame.events import Discarded, Drew, StockRebuilt
from domain.drawgame.fold import evolve
from domain.drawgame.state import DrawState
from domain.errors import (
    ActionAfterGame,
    BadSeed,
    CardNotInHand,
    EmptyTurn,
    GameOver,
    NotYourTurn,
    RuleViolation,
    UnknownSeat,
)
from domain.events import Event, SeedRevealed
from domain.fair import commitment, rebuild_order
from domain.game import Rebuild
from domain.rule_ids import RuleId

Action = TypeVar("Action")


@dataclass(frozen=True, slots=True)
class DrawTerms:
    """The rule ids a draw game names for the decisions the draw games share."""

    #: The game's name in refusals ("basic Rummy").
    title: str
    #: The players and the packs (B1, T2).
    seats_rule: RuleId
    #: The deal: hand sizes, upcard, stock (B2, T1).
    deal_rule: RuleId
    #: The turn: draw, then discard (B3, T4).
    turn_rule: RuleId
    #: The end of the hand (B7, T8).
    end_rule: RuleId
    #: The empty stock (B11, T10).
    rebuild_rule: RuleId
    #: The card taken from the discard pile may not be discarded that turn (B4), if so.
    taken_back_rule: RuleId | None
    #: The reading of what the views hide while the hand runs (R28).
    hidden_rule: RuleId
    #: The actions a command may hold, as a refusal of an empty command names them.
    actions: str


def check_turn(state: DrawState, seat: int, terms: DrawTerms) -> None:
    """The seat may act now: it exists, the hand runs, and it is its turn."""
    if not 0 <= seat < state.seats:
        raise UnknownSeat(
            f"there is no seat {seat} at this table of {state.seats}", terms.seats_rule
        )
    if state.over:
        raise GameOver("the hand is over", terms.end_rule)
    if state.turn != seat:
        raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s", terms.turn_rule)


def play_command(
    state: DrawState,
    seat: int,
    actions: Sequence[Action],
    terms: DrawTerms,
    act: Callable[[DrawState, int, Action], list[Event]],
) -> tuple[list[Event], DrawState]:
    """One command of `seat`'s turn (R22): its events and the state they leave.

    Each action is decided by `act` on the state the ones before it left; the first one
    that breaks a rule is refused, naming its index, and the command records nothing.
    """
    check_turn(state, seat, terms)
    if not actions:
        raise EmptyTurn(f"a command holds at least one action: {terms.actions}", terms.turn_rule)
    events: list[Event] = []
    working = state
    for index, action in enumerate(actions):
        try:
            if working.over:
                raise ActionAfterGame("the hand is over", terms.end_rule)
            if working.turn != seat:
                raise NotYourTurn("your turn ended with your discard", terms.turn_rule)
            new = act(working, seat, action)
        except RuleViolation as violation:
            raise violation.at_action(index) from None
        for event in new:
            working = evolve(working, event)
        events += new
    return events, working


def check_drawn(state: DrawState, terms: DrawTerms) -> None:
    """The seat on turn has drawn: it may play on (B3, T4)."""
    if state.phase != "play":
        raise WrongPhase(
            "a turn begins with a draw, from the stock or the discard pile", terms.turn_rule
        )


def draw(
    state: DrawState, seat: int, action: DrawAction, rebuild: Rebuild | None, terms: DrawTerms
) -> list[Event]:
    """The seat draws (B3, T4); an empty stock is rebuilt first (B11, T10, R20)."""
    if state.phase != "draw":
        raise WrongPhase("you have drawn this turn already: play on, then discard", terms.turn_rule)
    if action.source == "discard":
        top = state.top_discard
        if top is None:
            raise EmptyStock("the discard pile is empty", terms.turn_rule)
        return [Drew(seat=seat, source="discard", card=top.text)]
    if state.stock:
        return [Drew(seat=seat, source="stock", card=state.stock[0].text)]
    rebuilt = rebuild_stock(state, rebuild, terms)
    return [rebuilt, Drew(seat=seat, source="stock", card=rebuilt.stock[0])]


def draws_open(state: DrawState) -> tuple[DrawAction, ...]:
    """The draws open to the seat on turn: the stock, or the rebuild an empty one gets
    from the discard pile (B11, T10), and the top of the discard pile (B3, T4)."""
    draws = []
    if state.stock or len(state.discards) > 1:
        draws.append(DrawAction(source="stock"))
    if state.discards:
        draws.append(DrawAction(source="discard"))
    return tuple(draws)


def rebuild_stock(state: DrawState, rebuild: Rebuild | None, terms: DrawTerms) -> StockRebuilt:
    """The discard pile less its top card as the new stock, in the order `rebuild` draws
    (the seeds'), or turned over as it lies where no seed was committed to (R20)."""
    cards = state.discards[:-1]
    if not cards:
        raise EmptyStock(
            "the stock is empty and the discard pile holds only its top card: draw that card",
            terms.rebuild_rule,
        )
    number = state.rebuilds + 1
    order = tuple(cards) if rebuild is None else tuple(rebuild(cards, number))
    if Counter(order) != Counter(cards):
        raise BadRebuild(
            "the rebuilt stock is not the discard pile less its top card", terms.rebuild_rule
        )
    return StockRebuilt(number=number, stock=texts(order))


def rebuild_of(state: DrawState, server_seed: bytes | None) -> Rebuild | None:
    """How the stock of `state` is rebuilt: from the seeds its deal committed to (R20),
    or, dealt from an explicit deck (or with no seed known), turned over as it lies."""
    if state.proof is None or server_seed is None:
        return None
    return seeded(server_seed, state.proof.seat_seeds)


def seeded(server_seed: bytes, seat_seeds: Sequence[str]) -> Rebuild:
    """Rebuilds in the order the seeds draw (`domain.fair.rebuild_order`, R20)."""

    def order(cards: Sequence[Card], number: int) -> Sequence[Card]:
        return rebuild_order(cards, number, server_seed, seat_seeds)

    return order


def discard(state: DrawState, seat: int, card: Card, terms: DrawTerms) -> Discarded:
    """The seat discards `card`, ending its turn (B3, T4); not the card it took from the
    discard pile this turn, where the game forbids it (B4)."""
    check_drawn(state, terms)
    take_from_hand(state, seat, (card,), terms.turn_rule)
    if card is state.taken and terms.taken_back_rule is not None:
        raise TakenBack(
            f"{card} was taken from the discard pile this turn: discard another card",
            terms.taken_back_rule,
        )
    return Discarded(seat=seat, card=card.text)


def take_from_hand(state: DrawState, seat: int, cards: Sequence[Card], rule: RuleId) -> None:
    """The seat holds `cards` (a multiset), or CardNotInHand naming `rule`."""
    missing = Counter(cards) - Counter(state.hands[seat])
    if missing:
        shown = " ".join(card.text for card in sort_cards(missing.elements()))
        raise CardNotInHand(f"not in your hand: {shown}", rule)


def reveal_seed(state: DrawState, server_seed: bytes, terms: DrawTerms) -> list[Event]:
    """After the end, publish the server seed that `HandDealt.proof` committed to (R28)."""
    if not state.over:
        raise GameOver("the server seed is revealed only once the hand is over", terms.hidden_rule)
    if state.proof is None or state.revealed_seed is not None:
        raise BadSeed("this hand has no committed seed left to reveal", terms.deal_rule)
    if commitment(server_seed) != state.proof.server_seed_sha256:
        raise BadSeed(
            "the seed's SHA-256 is not the commitment published in HandDealt", terms.deal_rule
        )
    return [SeedRevealed(server_seed=server_seed.hex())]
