"""Legal moves: what a seat could do now, as whole turns ready to send (P10, P24–P30, D6).

`legal_moves` answers, for bots and clients, with `can_move` (the exact dead check of
`domain.penang.dead_check`, P29) and a bounded, documented selection of moves. Its lists are
not every combination (a 25-card hand holds thousands of melds); they are:

- `turns`: whole turns, each ready to send as it is (its `actions` are a submitTurn
  body, D8): every listed meld alone, every listed lay-off alone, then for each listed
  swap the swap followed by one move it opens. That move is the first meld, else
  lay-off, listed for the hand after the swap that plays a joker (what the swap
  brings), else the first listed at all; where nothing is listed after the swap,
  further swaps come first, as the dead check finds them (R8). A swap that opens no
  move has no turn. `turns` is empty exactly when `can_move` is false, and the first
  turn is the one a refusal to declare dead names (D6).
- `melds`: per rank, the set of all its naturals when there are 3 or more, else its
  naturals completed with the fewest jokers; per suit, every maximal stretch of 3 or
  more consecutive naturals (one of each), and every 3-card window of 1 or 2 naturals
  completed with jokers (their stand-ins named); with D3's option and 3 jokers, one
  all-joker set of aces;
- `lay_offs`: every distinct natural card of the hand that extends a table meld, and a
  joker at each open end (D5 permitting);
- `swaps`: every distinct natural card of the hand that can replace a table joker.

Melds and lay-offs are each a whole turn too, and the first action of longer turns
(P11). A swap is never a turn on its own (P24): `swaps` lists the substitutions a turn
may begin with; the turns they open are in `turns`. Before its passport a seat may only
meld (P27): its lay-offs, swaps and swap turns are empty.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

import msgspec

from domain.cards import HIGH_ACE, LOW_ACE, NATURALS_BY_RANK, SUITS, Card, rank_text
from domain.commands import LayOffAction, MeldAction
from domain.layoffs import open_ends
from domain.melds import TableMeld, position_card
from domain.penang.commands import Action, SwapAction, Turn
from domain.penang.dead_check import (
    HandIndex,
    has_legal_move,
    swap_candidates,
    swaps_to_a_move,
    usable_jokers,
)
from domain.penang.melds import PENANG_TERMS
from domain.penang.rules import GAME, PenangRules
from domain.penang.state import PenangState

Move = MeldAction | LayOffAction


class PenangMoves(msgspec.Struct, frozen=True, kw_only=True):
    """What a seat could do now: whether it can move (exact), whole turns, and actions."""

    #: The game this is of, by its name (`CreateGame.game`): the contract's unions of
    #: every game's views and moves are told apart by it.
    game: str
    seat: int
    can_move: bool
    passport: bool
    melds: tuple[MeldAction, ...]
    lay_offs: tuple[LayOffAction, ...]
    swaps: tuple[SwapAction, ...]
    turns: Annotated[
        tuple[Turn, ...],
        msgspec.Meta(
            description=(
                "Whole turns, each ready to send as it is (a submitTurn body): every listed "
                "meld and lay-off alone, then each swap with the move it opens. Empty exactly "
                "when can_move is false. A swap alone is never a turn (P24)."
            )
        ),
    ]


def legal_moves(state: PenangState, seat: int) -> PenangMoves:
    """The bounded lists described in this module's docstring.

    Empty for a dead seat (P30) and for every seat once the game is over (P31, P32).
    """
    passport = state.passport[seat]
    if state.over or state.dead[seat]:
        return PenangMoves(
            game=GAME,
            seat=seat,
            can_move=False,
            passport=passport,
            melds=(),
            lay_offs=(),
            swaps=(),
            turns=(),
        )
    hand = HandIndex(state.hands[seat])
    rules = state.rules
    jokers = usable_jokers(state, seat, hand)
    melds = tuple(_melds(hand, jokers, rules))
    lay_offs: tuple[LayOffAction, ...] = ()
    swaps: tuple[SwapAction, ...] = ()
    swap_turns: list[Turn] = []
    if passport:
        lay_offs = tuple(_lay_offs(hand, jokers, state.table, rules))
        for meld, slot, card in _swaps(hand, state.table):
            swaps += (SwapAction(meld=meld, card=card.text),)
            turn = _swap_turn(hand, jokers, state.table, rules, (meld, slot, card))
            if turn is not None:
                swap_turns.append(turn)
    alone: list[Action] = [*melds, *lay_offs]
    return PenangMoves(
        game=GAME,
        seat=seat,
        can_move=has_legal_move(state, seat),
        passport=passport,
        melds=melds,
        lay_offs=lay_offs,
        swaps=swaps,
        turns=(*(Turn(actions=(move,)) for move in alone), *swap_turns),
    )


def describe(moves: PenangMoves) -> str:
    """The first listed turn in words, for refusals (D6): a turn the seat can send as it is."""
    if not moves.turns:
        return "no move"
    return ", then ".join(_words(action) for action in moves.turns[0].actions)


def _words(action: Action) -> str:
    if isinstance(action, MeldAction):
        return "meld " + " ".join(action.cards)
    if isinstance(action, LayOffAction):
        return f"lay off {action.card} on meld {action.meld}"
    return f"swap {action.card} for the joker of meld {action.meld}"


# --- swaps and the turns they open --------------------------------------------------


def _swaps(hand: HandIndex, table: tuple[TableMeld, ...]) -> Iterable[tuple[int, int, Card]]:
    """Each distinct (meld, card) swap, with the joker slot it takes (the first that fits)."""
    for meld in table:
        seen: set[Card] = set()
        for slot in meld.joker_slots():
            for card in swap_candidates(hand, meld, slot):
                if card not in seen:
                    seen.add(card)
                    yield meld.id, slot, card


def _swap_turn(
    hand: HandIndex,
    jokers: int,
    table: tuple[TableMeld, ...],
    rules: PenangRules,
    swap: tuple[int, int, Card],
) -> Turn | None:
    """The swap, any further swaps it needs, and one move they open; None where none does."""
    meld, slot, card = swap
    same_turn = rules.swapped_joker_same_turn  # D5: else the joker waits for the next turn
    after, usable = hand.swapped(card), jokers + (1 if same_turn else 0)
    swaps = [(meld, card)]
    move = _follow_up(after, usable, table, rules)
    if move is None and same_turn:
        # R8: where this joker alone opens nothing, a chain of swaps still may.
        for more in swaps_to_a_move(after, usable, table, rules, frozenset({(meld, slot)})) or ():
            swaps.append(more)
            after, usable = after.swapped(more[1]), usable + 1
        if len(swaps) > 1:
            move = _follow_up(after, usable, table, rules)
    if move is None:
        return None
    actions: list[Action] = [SwapAction(meld=meld_id, card=c.text) for meld_id, c in swaps]
    return Turn(actions=(*actions, move))


def _follow_up(
    hand: HandIndex, jokers: int, table: tuple[TableMeld, ...], rules: PenangRules
) -> Move | None:
    """The first listed meld, else lay-off, that plays a joker; else the first listed."""
    moves = _moves(hand, jokers, table, rules)
    if not jokers:
        return next(iter(moves), None)  # none can play a joker
    first: Move | None = None
    for move in moves:
        if "JK" in (move.cards if isinstance(move, MeldAction) else (move.card,)):
            return move
        first = first or move
    return first


def _moves(
    hand: HandIndex, jokers: int, table: tuple[TableMeld, ...], rules: PenangRules
) -> Iterable[Move]:
    yield from _melds(hand, jokers, rules)
    yield from _lay_offs(hand, jokers, table, rules)


# --- the lists ----------------------------------------------------------------------


def _melds(hand: HandIndex, jokers: int, rules: PenangRules) -> Iterable[MeldAction]:
    counts = hand.counts
    for rank in range(1, 14):
        held = hand.rank_counts[rank]
        if not held or held + jokers < 3:
            continue
        have = [card.text for card in NATURALS_BY_RANK[rank] for _ in range(counts[card.index])]
        if len(have) >= 3:
            yield MeldAction(cards=tuple(have))
        elif have and len(have) + jokers >= 3:
            filler = 3 - len(have)
            yield MeldAction(cards=(*have, *("JK",) * filler), jokers=(rank_text(rank),) * filler)
    for suit_index, suit in enumerate(SUITS):
        mask = hand.suit_masks[suit_index]
        yield from _natural_runs(mask, suit, counts[suit_index * 13])
        if jokers:
            yield from _joker_windows(mask, suit, jokers)
    if rules.all_joker_melds and jokers >= 3:
        yield MeldAction(cards=("JK", "JK", "JK"), jokers=("A", "A", "A"))


def _natural_runs(mask: int, suit: str, aces: int) -> Iterable[MeldAction]:
    position = LOW_ACE
    while position <= HIGH_ACE:
        end = position
        while end <= HIGH_ACE and mask >> end & 1:
            end += 1
        stretches = [(position, end)]
        if position == LOW_ACE and end > HIGH_ACE and aces < 2:
            # One ace cannot sit at both ends (P16): A..K, or 2..A.
            stretches = [(LOW_ACE, HIGH_ACE), (LOW_ACE + 1, HIGH_ACE + 1)]
        for low, stop in stretches:
            if stop - low >= 3:
                yield MeldAction(cards=tuple(position_card(p, suit).text for p in range(low, stop)))
        position = end + 1


def _joker_windows(mask: int, suit: str, jokers: int) -> Iterable[MeldAction]:
    for low in range(LOW_ACE, HIGH_ACE - 1):
        present = [p for p in range(low, low + 3) if mask >> p & 1]
        if not present or len(present) == 3 or 3 - len(present) > jokers:
            continue
        cards = [position_card(p, suit).text if p in present else "JK" for p in range(low, low + 3)]
        stand_ins = tuple(
            position_card(p, suit).text for p in range(low, low + 3) if p not in present
        )
        yield MeldAction(cards=tuple(cards), jokers=stand_ins)


def _lay_offs(
    hand: HandIndex, jokers: int, table: tuple[TableMeld, ...], rules: PenangRules
) -> Iterable[LayOffAction]:
    joker = jokers > 0 and rules.jokers_lay_off
    for meld in table:
        if meld.kind == "set":
            for card in NATURALS_BY_RANK[meld.low]:
                if hand.holds(card):
                    yield LayOffAction(meld=meld.id, card=card.text)
            if joker:
                yield LayOffAction(meld=meld.id, card="JK")
            continue
        ends = open_ends(meld, PENANG_TERMS)
        for end, position in ends.items():
            card = position_card(position, meld.suit)
            if hand.holds(card):
                yield LayOffAction(meld=meld.id, card=card.text, end=end)
            if joker:
                yield LayOffAction(meld=meld.id, card="JK", end=end)
