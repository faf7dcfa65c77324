"""Random legal play of Three Thirteen (T1–T10, R20–R22, R26–R28).

Hands of 2–6 players, of every number 1–11, are played by picking every command from
`domain.three13.moves.legal_moves` (every listed command is tried, and accepted);
draw_play.py checks after every event that every card is accounted for once, that
folding the record gives the same state and that the views hide what they must (the
melds a seat went out with included). Every hand ends, its score is each hand's exact
least deadwood, and its record replays through the rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.cards import Card
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.state import DrawState
from domain.records import dump_record, load_record, make_record, verify_record
from domain.three13.codec import verify
from domain.three13.commands import GoOutAction
from domain.three13.deadwood import best_arrangement
from domain.three13.rules import ThirteenRules, wild_rank
from domain.three13.spec import THREE_THIRTEEN

from .draw_play import PlayedHand, Table, play_random_hand


def choose(state: DrawState, seat: int, commands: Sequence[Any], rng: random.Random) -> Any:
    """Go out when listed; draw the top discard when it has two neighbours in the hand (or
    is wild), else from the stock; discard a card of the fewest neighbours, never a wild
    card; now and then any listed command."""
    wild = wild_rank(state.number)
    hand = state.hands[seat]
    outs = [c for c in commands if isinstance(c[0], GoOutAction)]
    if outs:
        return rng.choice(outs)
    draws = {c[0].source: c for c in commands if isinstance(c[0], DrawAction)}
    if draws and rng.random() < 0.95:
        top = state.top_discard
        wanted = top is not None and (top.rank == wild or _neighbours(top, hand) >= 2)
        return draws[
            "discard" if (wanted or "stock" not in draws) and "discard" in draws else "stock"
        ]
    discards = [c for c in commands if isinstance(c[0], DiscardAction)]
    plain = [c for c in discards if Card(c[0].card).rank != wild] or discards
    if plain and rng.random() < 0.9:
        return min(plain, key=lambda c: (_neighbours(Card(c[0].card), hand), rng.random()))
    return rng.choice(commands)


def _neighbours(card: Card, hand: tuple[Card, ...]) -> int:
    return sum(
        other is not card
        and (
            other.rank == card.rank
            or (other.suit == card.suit and abs(other.rank - card.rank) <= 2)
        )
        for other in hand
    )


def play(seed: int, players: int, number: int, seeded: bool) -> PlayedHand:
    server_seed = seed.to_bytes(32, "big") if seeded else None
    table = Table(THREE_THIRTEEN, players, ThirteenRules(), number=number, seed=server_seed)
    return play_random_hand(table, choose, random.Random(seed))


HANDS = st.tuples(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=1, max_value=11),
    st.booleans(),
)


@settings(max_examples=40, deadline=None)
@given(HANDS)
def test_random_legal_play_keeps_every_invariant_and_ends(hand: tuple[int, int, int, bool]) -> None:
    played = play(*hand)
    state = played.state
    assert state is not None and state.ended is not None
    ended = state.ended
    event(f"{len(ended.winners)} winner(s)")
    wild, points = wild_rank(state.number), ThirteenRules().card_points
    for seat, hand_left in enumerate(state.hands):
        if seat == ended.went_out:
            assert ended.points[seat] == 0 and ended.deadwood[seat] == ()
        else:
            assert ended.points[seat] == best_arrangement(hand_left, wild, points).points
    assert ended.winners == tuple(s for s, p in enumerate(ended.points) if p == min(ended.points))


@settings(max_examples=15, deadline=None)
@given(HANDS)
def test_the_record_replays_and_round_trips(hand: tuple[int, int, int, bool]) -> None:
    played = play(*hand)
    verdict = verify(played.events)
    assert verdict.valid and verdict.finished, verdict
    assert verdict.deal == ("verified" if hand[3] else "unproven")
    record = load_record(dump_record(make_record(played.events)))
    assert record.events == tuple(played.events) and verify_record(record).valid


def test_seeded_hands_reach_what_the_invariants_are_about() -> None:
    seen: Counter[str] = Counter()
    for seed in range(24):
        played = play(seed, 2 + seed % 5, 1 + seed % 11, seeded=seed % 2 == 1)
        assert played.state is not None and played.state.ended is not None
        ended = played.state.ended
        seen["shared"] += len(ended.winners) > 1
        seen["deadwood"] += max(ended.points) > 0
        seen["from the pile"] += any(getattr(e, "source", None) == "discard" for e in played.events)
        seen["wild in a meld"] += any(
            Card(c).rank == wild_rank(played.state.number)
            for meld in ended.melds[ended.went_out or 0]
            for c in meld
        )
    for what in ("deadwood", "from the pile", "wild in a meld"):
        assert seen[what] > 0, f"no seeded hand showed {what!r}: {dict(seen)}"


def patient(state: DrawState, seat: int, commands: Sequence[Any], rng: random.Random) -> Any:
    """A player who seldom goes out and never draws from the pile: the stock runs out."""
    kept = [
        c
        for c in commands
        if not isinstance(c[0], GoOutAction) or rng.random() < 0.02
        if not (isinstance(c[0], DrawAction) and c[0].source == "discard" and len(commands) > 1)
    ]
    return choose(state, seat, kept or commands, rng)


def test_a_hand_that_runs_through_its_stock_rebuilds_it_from_the_seed() -> None:
    rebuilt = 0
    for seed in range(6):
        table = Table(THREE_THIRTEEN, 2, ThirteenRules(), number=1, seed=seed.to_bytes(32, "big"))
        played = play_random_hand(table, patient, random.Random(seed))
        rebuilt += played.rebuilds
        verdict = verify(played.events)
        assert verdict.valid and verdict.deal == "verified", verdict
    assert rebuilt > 0
