"""Random legal play of basic Rummy (B1–B11, R20–R23, R28).

Hands of 2–6 players with both options drawn at random are played by picking every
command from `domain.rummy.moves.legal_moves` (every listed command is tried, and
accepted); draw_play.py checks after every event that every card is accounted for once,
that folding the record gives the same state and that the views hide what they must.
Every hand ends; its record replays through the rules and round-trips through JSON.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.cards import Card
from domain.commands import LayOffAction, MeldAction
from domain.drawgame.commands import DiscardAction, DrawAction
from domain.drawgame.events import HandEnded
from domain.drawgame.state import DrawState
from domain.records import dump_record, load_record, make_record, verify_record
from domain.rummy.codec import RUMMY_EVENTS, verify
from domain.rummy.rules import RummyRules
from domain.rummy.spec import RUMMY

from .draw_play import PlayedHand, Table, play_random_hand


def choose(state: DrawState, seat: int, commands: Sequence[Any], rng: random.Random) -> Any:
    """Meld and lay off what is listed (the longest meld first); draw the top discard when
    it has two neighbours in the hand, else from the stock; discard a card of the fewest
    neighbours; now and then any listed command."""
    draws = {c[0].source: c for c in commands if isinstance(c[0], DrawAction)}
    top = state.top_discard
    if draws and rng.random() < 0.95:
        wanted = top is not None and _neighbours(top, state.hands[seat]) >= 2
        return draws[
            "discard" if (wanted or "stock" not in draws) and "discard" in draws else "stock"
        ]
    plays = [c for c in commands if isinstance(c[0], MeldAction | LayOffAction)]
    if plays and rng.random() < 0.9:
        return max(plays, key=lambda c: len(c[0].cards) if isinstance(c[0], MeldAction) else 1)
    discards = [c for c in commands if isinstance(c[0], DiscardAction)]
    if discards and rng.random() < 0.8:
        hand = state.hands[seat]
        return min(discards, key=lambda c: (_neighbours(Card(c[0].card), hand), rng.random()))
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


def play(seed: int, players: int, rules: RummyRules, seeded: bool) -> PlayedHand:
    server_seed = seed.to_bytes(32, "big") if seeded else None
    table = Table(RUMMY, players, rules, seed=server_seed)
    return play_random_hand(table, choose, random.Random(seed))


RULES = st.builds(
    RummyRules,
    last_card_discard=st.booleans(),
    ace_high=st.booleans(),
    cards_per_player=st.sampled_from((None, None, None, 3, 5)),
)


HANDS = st.tuples(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=2, max_value=6),
    RULES,
    st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(HANDS)
def test_random_legal_play_keeps_every_invariant_and_ends(
    hand: tuple[int, int, RummyRules, bool],
) -> None:
    played = play(*hand)
    assert played.state is not None
    ended = played.state.ended
    assert ended is not None
    assert sum(isinstance(e, HandEnded) for e in played.events) == 1
    event("blocked" if ended.went_out is None else "rummy" if ended.rummy else "out")
    if ended.went_out is None:
        assert ended.reason == "blocked" and set(ended.points) == {0} and ended.winners == ()
        return
    winner = ended.went_out
    rules = played.state.rules
    assert isinstance(rules, RummyRules)
    won = sum(rules.card_points(Card(c)) for seat in ended.deadwood for c in seat)
    assert ended.points[winner] == won * (2 if ended.rummy else 1)
    assert sum(ended.points) == ended.points[winner] and ended.deadwood[winner] == ()


@settings(max_examples=25, deadline=None)
@given(HANDS)
def test_the_record_replays_and_round_trips(hand: tuple[int, int, RummyRules, bool]) -> None:
    played = play(*hand)
    verdict = verify(played.events)
    assert verdict.valid and verdict.finished, verdict
    assert verdict.deal == ("verified" if hand[3] else "unproven")
    stored = [RUMMY_EVENTS.encode(e) for e in played.events]
    assert (
        RUMMY_EVENTS.decode_events(msgspec.json.decode(msgspec.json.encode(stored)))
        == played.events
    )
    record = load_record(dump_record(make_record(played.events)))
    assert record.events == tuple(played.events) and verify_record(record).valid


def test_seeded_hands_reach_what_the_invariants_are_about() -> None:
    seen: Counter[str] = Counter()
    for seed in range(30):
        rng = random.Random(seed)
        players = rng.randint(2, 6)
        rules = RummyRules(last_card_discard=seed % 3 == 0, ace_high=seed % 2 == 0)
        played = play(seed, players, rules, seeded=seed % 2 == 1)
        assert played.state is not None and played.state.ended is not None
        ended = played.state.ended
        seen["blocked" if ended.went_out is None else "rummy" if ended.rummy else "out"] += 1
        seen["rebuilt"] += played.rebuilds > 0
        seen["lay-off"] += any(type(e).__name__ == "LaidOff" for e in played.events)
        seen["from the pile"] += any(getattr(e, "source", None) == "discard" for e in played.events)
    for what in ("out", "blocked", "rebuilt", "lay-off", "from the pile"):
        assert seen[what] > 0, f"no seeded hand showed {what!r}: {dict(seen)}"
