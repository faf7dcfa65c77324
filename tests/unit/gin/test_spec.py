"""Gin Rummy's spec end to end: seeded hands replay and verify, views keep secrets (G15, R28)."""

from __future__ import annotations

import random

from domain.cards import NATURALS
from domain.drawgame.events import Drew
from domain.events import DealProof
from domain.fair import ALGORITHM, commitment
from domain.gin.moves import legal_actions
from domain.gin.rules import GinRules, preset
from domain.gin.spec import GIN
from domain.gin.state import GinState


def _played(seed: int, rules: GinRules, proof: DealProof | None = None) -> list:
    deck = list(NATURALS)
    rng = random.Random(seed)
    rng.shuffle(deck)
    events = GIN.deal(("north", "south"), deck, rules, seed % 2, proof=proof, number=1)
    state: GinState = GIN.fold(events, None)
    while not state.over:
        assert state.turn is not None
        actions = legal_actions(state)
        knock = [a for a in actions if type(a).__name__ == "KnockAction"]
        action = knock[0] if knock and rng.random() < 0.9 else rng.choice(actions)
        new = GIN.play(state, state.turn, [action], None)
        events += new
        state = GIN.fold(new, state)
    return events


def test_every_seeded_hand_replays_and_verifies_under_both_rule_sets() -> None:
    for rules in (GinRules(), preset("openspiel"), GinRules(oklahoma=True)):
        for seed in range(40):
            events = _played(seed, rules)
            verdict = GIN.verify(events, None)
            assert verdict.valid and verdict.finished, (seed, verdict.summary())
            # the codec round-trips every event
            assert [GIN.codec.decode(GIN.codec.encode(event)) for event in events] == events


def test_a_tampered_record_is_refused_at_its_first_bad_event() -> None:
    events = _played(3, GinRules())
    at = next(i for i, e in enumerate(events) if isinstance(e, Drew) and e.source == "stock")
    bad = Drew(seat=events[at].seat, source="stock", card="2S" if events[at].card != "2S" else "3S")
    verdict = GIN.verify([*events[:at], bad, *events[at + 1 :]], None)
    assert not verdict.valid and verdict.first_bad_event == at


def test_the_seed_is_revealed_once_the_hand_is_over_and_verifies() -> None:
    seed = bytes(range(32))
    proof = DealProof(algorithm=ALGORITHM, server_seed_sha256=commitment(seed), seat_seeds=("", ""))
    events = _played(5, GinRules(), proof)
    state = GIN.fold(events, None)
    revealed = GIN.reveal_seed(state, seed)
    verdict = GIN.verify([*events, *revealed], None)
    assert verdict.valid and verdict.deal == "verified", verdict.summary()


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_other() -> None:
    events = GIN.deal(("north", "south"), list(NATURALS), GinRules(), 1, proof=None, number=1)
    state = GIN.fold(events, None)
    view = GIN.view(state, 0, False)
    assert view.hand == tuple(card.text for card in state.hands[0])
    assert view.seats[1].hand is None and view.seats[1].hand_size == 10
    assert view.stock is None and view.stock_size == 31
    assert view.upcard == state.discards[-1].text
    spectator = GIN.view(state, None, False)
    assert spectator.hand is None and all(seat.hand is None for seat in spectator.seats)
    dealt = GIN.view_event(events[0], 0, False)
    assert dealt.hands[1] is None and dealt.stock is None  # type: ignore[attr-defined]
    over = GIN.view(state, None, True)
    assert all(seat.hand is not None for seat in over.seats) and over.stock is not None


def test_legal_moves_list_only_the_seat_on_turn() -> None:
    events = GIN.deal(("north", "south"), list(NATURALS), GinRules(), 1, proof=None, number=1)
    state = GIN.fold(events, None)
    assert GIN.legal_moves(state, 1).actions == ()
    moves = GIN.legal_moves(state, 0)
    assert moves.can_move and {type(a).__name__ for a in moves.actions} == {
        "DrawAction",
        "PassAction",
    }
