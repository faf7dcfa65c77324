"""Commands on a game: deal, play a turn, declare dead, time out (P3–P12, P19–P33, D5–D8, R19).

Each command checks the rules against the current state and returns the new events,
or raises one rule violation and returns nothing (D8). A turn's actions are checked
in order against the state as it evolves within the turn: each action's event is
folded before the next action is judged. When a turn ends, play passes clockwise to
the next live seat; under D6's default the engine itself records `DeclaredDead` for
every seat whose turn comes with no legal move (a failed passport included, P28).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from domain.cards import Card, build_deck, sort_cards, texts
from domain.commands import LayOffAction, MeldAction
from domain.composing import Composed
from domain.deal import deal
from domain.errors import (
    ActionAfterGame,
    BadSeed,
    CardNotInHand,
    EmptyTurn,
    GameOver,
    InvalidRules,
    NotYourTurn,
    RuleViolation,
    SeatIsDead,
    UnknownMeld,
    UnknownSeat,
)
from domain.events import DealProof, Event, LaidOff, Melded, SeedRevealed
from domain.fair import commitment
from domain.melds import TableMeld
from domain.penang.commands import Action, SwapAction
from domain.penang.dead_check import has_legal_move
from domain.penang.errors import DeadRefused, PassportRequired
from domain.penang.events import (
    Dealt,
    DeclaredDead,
    DeclaredGame,
    PassportMelded,
    TurnEnded,
    WildSwapped,
)
from domain.penang.fold import evolve, folded_already
from domain.penang.melds import lay_off, read_meld
from domain.penang.moves import describe, legal_moves
from domain.penang.rules import RULES_VERSION, PenangRules
from domain.penang.scoring import score
from domain.penang.state import PenangState
from domain.penang.wildcards import swap_slot
from domain.rule_ids import RuleId


def start_game(
    players: Sequence[str],
    deck: Sequence[Card],
    rules: PenangRules,
    dealer: int,
    proof: DealProof | None = None,
) -> list[Event]:
    """Deal `deck` (top card first) and open play left of the dealer (P3, P4, P9).

    `proof` records how the deck order was drawn (domain.fair), when it was.
    """
    rules.validate(len(players))
    expected = rules.deck_size_for(len(players))
    if len(deck) != expected:
        raise InvalidRules("P1", f"the deck must hold {expected} cards, not {len(deck)}", "deck")
    _check_deck_contents(deck, rules, len(players))
    hands, undealt = deal(deck, len(players), dealer, rules.hand_size_for(len(players)))
    dealt = Dealt(
        rules=rules,
        rules_version=RULES_VERSION,
        players=tuple(players),
        dealer=dealer,
        hands=tuple(texts(sort_cards(hand)) for hand in hands),
        undealt=texts(undealt),
        proof=proof,
    )
    return [dealt, *_pass_turn(evolve(None, dealt))]


def _check_deck_contents(deck: Sequence[Card], rules: PenangRules, players: int) -> None:
    if Counter(deck) != Counter(build_deck(rules.packs_for(players), rules.jokers)):
        raise InvalidRules("P1", "the deck is not the packs and jokers the rules call for", "deck")


def play_turn(state: PenangState, seat: int, actions: Sequence[Action]) -> list[Event]:
    """The events of `seat`'s whole turn, or the first rule it breaks (P9–P12, D8)."""
    _check_can_act(state, seat)
    if not actions:
        raise EmptyTurn(
            "a turn must hold at least one meld or lay-off; it cannot be skipped", "P10"
        )
    events, working = _actions(state, seat, actions)
    if not working.acted:
        raise EmptyTurn(
            "substitutions alone are not a turn: meld or lay off as well", "P24"
        ).at_action(len(actions) - 1)
    if not working.hands[seat]:
        return [*events, *_end_with_game(working, seat)]
    ended = TurnEnded(seat=seat)
    passed, after = _passed(evolve(working, ended))
    events += [ended, *passed]
    if after is not None:
        folded_already(state, events, after)
    return events


def compose_turn(state: PenangState, seat: int, actions: Sequence[Action]) -> Composed:
    """The position after the actions of a turn chosen so far, each checked as the turn
    would check it (P9–P12, P24, D8), with the turn not yet ended: it may be sent once a
    meld or lay-off is among them (P10, P24), and it ends once the hand is empty (P31)."""
    _check_can_act(state, seat)
    _, working = _actions(state, seat, actions)
    return Composed(
        state=working,
        complete=working.acted,
        ends_turn=not working.hands[seat],
        send_first=False,
    )


def _actions(
    state: PenangState, seat: int, actions: Sequence[Action]
) -> tuple[list[Event], PenangState]:
    """The events of `actions` in order and the state they lead to, the turn not ended."""
    events: list[Event] = []
    working = state
    for index, action in enumerate(actions):
        if not working.hands[seat]:
            raise ActionAfterGame(
                "the hand is empty: Game was reached and the game ends at once", "P31"
            ).at_action(index)
        try:
            event = _act(working, seat, action)
        except RuleViolation as violation:
            raise violation.at_action(index) from None
        events.append(event)
        working = evolve(working, event)
    return events, working


def declare_dead(state: PenangState, seat: int) -> list[Event]:
    """The seat declares dead; refused while it has a legal move (P29, D6)."""
    _check_can_act(state, seat)
    if has_legal_move(state, seat):
        move = describe(legal_moves(state, seat))
        raise DeadRefused(f"a legal move exists: {move}")
    dead = DeclaredDead(seat=seat, reason="declared")
    return [dead, *_pass_turn(evolve(state, dead))]


def time_out(state: PenangState, seat: int) -> list[Event]:
    """The seat on turn ran out of time: it is dead, reason `timeout` (R19).

    A turn cannot be skipped (P10), so dead is the one fate that lets the game go on;
    the seat's hand stays as deadwood (P30). Whether the time really ran out is the
    table's business (the engine knows no clock): any seat on turn may be timed out,
    moves or none. Play then passes as after any dead declaration, with D6's automatic
    declarations and the end when nobody is left (P32).
    """
    _check_can_act(state, seat)
    dead = DeclaredDead(seat=seat, reason="timeout")
    return [dead, *_pass_turn(evolve(state, dead))]


# --- one action ---------------------------------------------------------------------


def _act(state: PenangState, seat: int, action: Action) -> Event:
    if isinstance(action, MeldAction):
        return _meld(state, seat, action)
    if not state.passport[seat]:
        what = "lay off" if isinstance(action, LayOffAction) else "swap a joker"
        raise PassportRequired(
            f"the first action of a game must be a meld (passport): cannot {what}"
        )
    if isinstance(action, LayOffAction):
        return _lay_off(state, seat, action)
    return _swap(state, seat, action)


def _meld(state: PenangState, seat: int, action: MeldAction) -> Event:
    cards = tuple(Card(text) for text in action.cards)
    _take_from_hand(state, seat, cards, "P13")
    shape = read_meld(cards, action.jokers, state.rules)
    event_type = Melded if state.passport[seat] else PassportMelded
    return event_type(
        seat=seat,
        meld=len(state.table),
        kind=shape.kind,
        cards=texts(shape.cards),
        stands_for=shape.stands_for(),
    )


def _lay_off(state: PenangState, seat: int, action: LayOffAction) -> Event:
    card = Card(action.card)
    meld = _table_meld(state, action.meld)
    _take_from_hand(state, seat, (card,), "P19")
    _, stands_for, end = lay_off(meld, card, action.end, state.rules)
    return LaidOff(seat=seat, meld=meld.id, card=card.text, stands_for=stands_for, end=end)


def _swap(state: PenangState, seat: int, action: SwapAction) -> Event:
    card = Card(action.card)
    meld = _table_meld(state, action.meld)
    _take_from_hand(state, seat, (card,), "P23")
    slot = swap_slot(meld, card)
    return WildSwapped(seat=seat, meld=meld.id, slot=slot, card=card.text)


def _table_meld(state: PenangState, meld_id: int) -> TableMeld:
    if not 0 <= meld_id < len(state.table):
        raise UnknownMeld(
            f"there is no meld {meld_id} on the table ({len(state.table)} melds)", "P19"
        )
    return state.table[meld_id]


def _take_from_hand(state: PenangState, seat: int, cards: Sequence[Card], rule: RuleId) -> None:
    held = Counter(state.hands[seat])
    wanted = Counter(cards)
    missing = wanted - held
    if missing:
        shown = " ".join(card.text for card in sort_cards(missing.elements()))
        raise CardNotInHand(f"not in your hand: {shown}", rule)
    jokers = wanted[Card("JK")]
    if jokers and not state.rules.swapped_joker_same_turn:
        usable = held[Card("JK")] - state.swapped_jokers
        if jokers > usable:
            raise CardNotInHand("a joker taken by substitution waits for your next turn", "D5")


# --- passing the turn, dead seats, the end ------------------------------------------


def _check_can_act(state: PenangState, seat: int) -> None:
    if not 0 <= seat < state.seats:
        raise UnknownSeat(f"there is no seat {seat} at this table of {state.seats}", "P2")
    if state.over:
        rule: RuleId = "P31" if state.winner is not None else "P32"
        raise GameOver("the game is over", rule)
    if state.dead[seat]:
        raise SeatIsDead(f"seat {seat} is dead and takes no further part in this game", "P30")
    if state.turn != seat:
        raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s", "P9")


def _pass_turn(state: PenangState) -> list[Event]:
    """Events after the turn passes: automatic dead declarations (D6) and the end (P32)."""
    return _passed(state)[0]


def _passed(state: PenangState) -> tuple[list[Event], PenangState | None]:
    """`_pass_turn`'s events, and the state they lead to (None where they end the game:
    its score is not folded here)."""
    events: list[Event] = []
    while state.rules.auto_dead and state.turn is not None:
        seat = state.turn
        if has_legal_move(state, seat):
            break
        dead = DeclaredDead(seat=seat, reason="no_move" if state.passport[seat] else "no_passport")
        events.append(dead)
        state = evolve(state, dead)
    if state.turn is None and not state.over:
        events.append(score(state.hands, state.rules.card_points, "all_dead"))
        return events, None
    return events, state


def _end_with_game(state: PenangState, seat: int) -> list[Event]:
    declared = DeclaredGame(seat=seat)
    return [declared, score(state.hands, state.rules.card_points, "game", declarer=seat)]


def reveal_seed(state: PenangState, server_seed: bytes) -> list[Event]:
    """After the end, publish the server seed that `Dealt.proof` committed to (R3)."""
    if not state.over:
        raise GameOver("the server seed is revealed only once the game is over", "R3")
    if state.proof is None or state.revealed_seed is not None:
        raise BadSeed("this game has no committed seed left to reveal", "P6")
    if commitment(server_seed) != state.proof.server_seed_sha256:
        raise BadSeed("the seed's SHA-256 is not the commitment published in Dealt", "P6")
    return [SeedRevealed(server_seed=server_seed.hex())]
