"""Verifying a record: honest games pass, and each kind of tampering is refused with its rule.

Tampering is done the way a forger would: on the stored JSON of a golden record.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.cards import Card, build_deck, parse_rank, sort_cards
from domain.commands import MeldAction
from domain.penang.codec import decode_events, encode_event
from domain.penang.events import DeclaredDead, DeclaredGame, TurnEnded
from domain.penang.fold import fold
from domain.penang.game import play_turn, start_game
from domain.penang.rules import PenangRules
from domain.record_proofs import verify_record
from domain.records import RECORD_FORMAT, GameRecord, load_record
from domain.replay import Verdict

Stored = list[dict[str, Any]]
ACTIONS = {"Melded", "PassportMelded", "LaidOff", "WildSwapped"}


def stored(record: GameRecord) -> Stored:
    return [msgspec.json.decode(msgspec.json.encode(encode_event(e))) for e in record.events]


def verify(events: Stored, rules_version: str = "penang-1") -> Verdict:
    """Verify the events as a third party would: from the record's bytes."""
    document = {"format": RECORD_FORMAT, "rules_version": rules_version, "events": events}
    return verify_record(load_record(msgspec.json.encode(document)))


def refused(verdict: Verdict, index: int, rule: str | None, code: str) -> None:
    assert not verdict.valid, verdict
    assert (verdict.first_bad_event, verdict.rule, verdict.code) == (index, rule, code), verdict
    assert verdict.events_checked == index
    assert not verdict.finished


def first(events: Stored, kind: str | set[str], after: int = 0) -> int:
    kinds = {kind} if isinstance(kind, str) else kind
    return next(i for i, e in enumerate(events) if i >= after and e["type"] in kinds)


def forged(kind: str, **fields: object) -> dict[str, Any]:
    """A stored event of `kind`, as a forger would write it."""
    event = msgspec.convert({"type": kind, **fields}, type=TurnEnded | DeclaredDead | DeclaredGame)
    return msgspec.json.decode(msgspec.json.encode(encode_event(event)))


def hand_before(events: Stored, index: int, seat: int) -> Counter[Card]:
    return Counter(fold(decode_events(events[:index])).hands[seat])


# --- honest records --------------------------------------------------------------------


def golden_names() -> list[str]:
    folder = Path(__file__).resolve().parent.parent / "golden" / "records"
    return sorted(path.stem for path in folder.glob("*.json"))


def test_there_are_golden_records() -> None:
    assert len(golden_names()) >= 12


@pytest.mark.parametrize("name", golden_names())
def test_every_golden_record_verifies(name: str, golden: Callable[[str], GameRecord]) -> None:
    record = golden(name)
    verdict = verify_record(record)
    assert verdict.valid, verdict.summary()
    assert verdict.finished
    assert verdict.code == "valid"
    assert verdict.deal == "verified"
    assert verdict.events_checked == len(record.events)
    assert (verdict.first_bad_event, verdict.rule) == (None, None)


def test_a_record_without_seeds_verifies_with_the_deal_unproven(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("four-players"))[:-1]  # no SeedRevealed
    events[0]["proof"] = None
    verdict = verify(events)
    assert (verdict.valid, verdict.finished, verdict.deal) == (True, True, "unproven")
    assert "names no seeds" in verdict.message


def test_a_finished_record_whose_seed_is_not_revealed_is_committed_only(
    golden: Callable[[str], GameRecord],
) -> None:
    verdict = verify(stored(golden("four-players"))[:-1])
    assert (verdict.valid, verdict.finished, verdict.deal) == (True, True, "committed")


def test_an_unfinished_record_is_valid_so_far(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("five-players"))
    cut = first(events, "TurnEnded", after=20) + 1  # a command boundary
    verdict = verify(events[:cut])
    assert verdict.valid
    assert not verdict.finished
    assert verdict.code == "valid-so-far"
    assert verdict.events_checked == cut
    assert verdict.deal == "committed"
    assert "not over" in verdict.message


def test_a_record_cut_inside_a_command_is_refused(golden: Callable[[str], GameRecord]) -> None:
    # A turn's events are recorded together (D8): a record cannot end between them.
    events = stored(golden("five-players"))
    end = first(events, "TurnEnded", after=20)
    start = end
    while events[start - 1]["type"] in ACTIONS:
        start -= 1
    refused(verify(events[:end]), start, "D8", "incomplete-command")


# --- the deal -------------------------------------------------------------------------


def test_a_changed_card_in_the_deal_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    hand = events[0]["hands"][1]
    other = next(c.text for c in map(Card, ("AS", "KC", "7H")) if c.text not in hand)
    hand[0] = other
    events[0]["hands"][1] = [c.text for c in sort_cards(map(Card, hand))]
    verdict = verify(events)
    refused(verdict, 0, "P1", "invalid-rules")
    assert "packs and jokers" in verdict.message


def test_a_card_exchanged_with_the_undealt_no_longer_matches_the_proof(
    golden: Callable[[str], GameRecord],
) -> None:
    # The deck still holds the right cards, so only the seeds can tell (P4, P6).
    events = stored(golden("four-players"))
    dealt = events[0]
    hand, undealt = dealt["hands"][2], dealt["undealt"]
    index = next(i for i, card in enumerate(undealt) if card not in hand)
    hand[0], undealt[index] = undealt[index], hand[0]
    dealt["hands"][2] = [c.text for c in sort_cards(map(Card, hand))]
    verdict = verify(events)
    refused(verdict, 0, "P4", "deal-mismatch")
    assert "seat 2" in verdict.message


def test_without_a_proof_the_same_exchange_is_caught_later_or_not_at_all(
    golden: Callable[[str], GameRecord],
) -> None:
    # Without seeds the deal itself is unproven; the exchange shows only if play touches it.
    events = stored(golden("four-players"))[:-1]
    dealt = events[0]
    dealt["proof"] = None
    hand, undealt = dealt["hands"][2], dealt["undealt"]
    index = next(i for i, card in enumerate(undealt) if card not in hand)
    hand[0], undealt[index] = undealt[index], hand[0]
    dealt["hands"][2] = [c.text for c in sort_cards(map(Card, hand))]
    verdict = verify(events)
    # The final deadwood names the hand's cards, so the forged deal fails there at the latest.
    assert not verdict.valid
    assert verdict.first_bad_event is not None and verdict.first_bad_event > 0


def test_a_dealer_the_seeds_did_not_choose_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("two-players"))
    dealt = events[0]
    dealt["dealer"] = 1 - dealt["dealer"]
    # Rebuild what that dealer would deal from the same deck, so only the seeds can tell.
    hands = dealt["hands"]
    dealt["hands"] = [hands[1], hands[0]]
    verdict = verify(events)
    refused(verdict, 0, "P6", "deal-mismatch")
    assert "to deal" in verdict.message


def test_unsorted_hands_are_not_what_the_rules_record(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("three-players"))
    events[0]["proof"] = None
    events = events[:-1]
    events[0]["hands"][0].reverse()
    refused(verify(events), 0, "P4", "event-mismatch")


def test_a_hand_of_the_wrong_size_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("three-players"))
    events[0]["undealt"].append(events[0]["hands"][0].pop())
    verdict = verify(events)
    refused(verdict, 0, "P3", "deal-mismatch")
    assert "seat 0 holds 24 cards, not 25" in verdict.message


def test_unplayable_rule_options_are_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("three-players"))
    events[0]["rules"]["jokers"] = 7
    refused(verify(events), 0, "P1", "invalid-rules")


def test_a_record_that_does_not_begin_with_the_deal_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("three-players"))
    refused(verify(events[1:]), 0, "P4", "no-deal")
    refused(verify([]), 0, "P4", "no-deal")


def test_a_header_naming_other_rules_than_the_deal_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("three-players"))
    refused(verify(events, rules_version="penang-2"), 0, None, "rules-version")
    events[0]["rules_version"] = "penang-2"
    verdict = verify(events, rules_version="penang-2")
    refused(verdict, 0, None, "rules-version")
    assert "this verifier says 'penang-1'" in verdict.message


def test_a_proof_of_an_unknown_algorithm_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("three-players"))
    events[0]["proof"]["algorithm"] = "mersenne-twister/1"
    refused(verify(events), 0, "P6", "malformed-proof")


# --- the seed ---------------------------------------------------------------------------


def test_a_wrong_revealed_seed_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    events[-1]["server_seed"] = hashlib.sha256(b"another seed").hexdigest()
    verdict = verify(events)
    refused(verdict, len(events) - 1, "P6", "seed-mismatch")
    assert verdict.deal == "committed"


@pytest.mark.parametrize("seed", ["00" * 31, "zz" * 32, "AB" * 32])
def test_a_malformed_revealed_seed_is_refused(
    seed: str, golden: Callable[[str], GameRecord]
) -> None:
    events = stored(golden("four-players"))
    events[-1]["server_seed"] = seed
    refused(verify(events), len(events) - 1, "P6", "malformed-proof")


def test_a_seed_revealed_before_the_end_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = first(events, "TurnEnded") + 1
    events.insert(at, events[-1])
    refused(verify(events), at, "R3", "early-reveal")


def test_a_seed_revealed_for_a_deal_without_proof_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("four-players"))
    events[0]["proof"] = None
    refused(verify(events), len(events) - 1, "P6", "unexpected-reveal")


# --- play -------------------------------------------------------------------------------


def test_a_changed_card_in_a_meld_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = first(events, "Melded")
    meld = events[at]
    held = hand_before(events, at, meld["seat"])
    slot = next(i for i, card in enumerate(meld["cards"]) if card != "JK")
    meld["cards"][slot] = next(c.text for c in map(Card, ("AS", "9D", "KC", "4H")) if not held[c])
    verdict = verify(events)
    refused(verdict, at, "P13", "card-not-in-hand")
    assert "not in your hand" in verdict.message


def test_a_card_that_does_not_parse_is_named(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = first(events, "LaidOff")
    events[at]["card"] = "11H"
    refused(verify(events), at, None, "malformed-card")


def test_two_events_swapped_are_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = next(
        i
        for i in range(len(events) - 1)
        if events[i]["type"] == "TurnEnded" and events[i + 1]["type"] in ACTIONS
    )
    events[at], events[at + 1] = events[at + 1], events[at]
    verdict = verify(events)
    refused(verdict, at, "P9", "event-mismatch")
    assert "the rules record TurnEnded" in verdict.message


def test_two_turns_in_the_wrong_order_are_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("three-players"))
    at = first(events, ACTIONS, after=first(events, "TurnEnded"))
    seat = events[at]["seat"]
    for i in range(at, len(events)):
        if events[i]["type"] in ACTIONS and events[i]["seat"] == seat:
            events[i]["seat"] = (seat + 1) % 3
        else:
            break
    refused(verify(events), at, "P9", "not-your-turn")


def test_a_passport_recorded_as_a_plain_meld_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("four-players"))
    at = first(events, "PassportMelded")
    events[at]["type"] = "Melded"
    refused(verify(events), at, "P26", "event-mismatch")


def test_a_joker_standing_for_a_card_it_cannot_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("four-players"))
    at = next(
        i
        for i, e in enumerate(events)
        if e["type"] in {"Melded", "PassportMelded"} and e["kind"] == "run" and "JK" in e["cards"]
    )
    meld = events[at]
    slot = meld["cards"].index("JK")
    meld["stands_for"][slot] = "9D" if meld["stands_for"][slot] != "9D" else "9C"
    refused(verify(events), at, "D4", "joker-mismatch")


def test_a_joker_read_another_way_than_its_cards_are_laid_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    # X Y JK stands for X Y Z; a forger claims the joker stands for W, the card below X,
    # without moving it: the rules lay that meld out as JK X Y.
    events = stored(golden("four-players-8-jokers"))
    at = next(
        i
        for i, e in enumerate(events)
        if e["type"] in {"Melded", "PassportMelded"}
        and e["kind"] == "run"
        and e["cards"][-1] == "JK"
        and "JK" not in e["cards"][:-1]
        and 2 < Card(e["cards"][0]).rank < 12
    )
    meld = events[at]
    low = Card(meld["cards"][0])
    below = Card.natural(low.rank - 1, low.suit).text
    meld["stands_for"][-1] = below
    verdict = verify(events)
    refused(verdict, at, "D4", "event-mismatch")
    assert f"cards=[JK {' '.join(meld['cards'][:-1])}]" in verdict.message


def test_a_lay_off_at_the_wrong_end_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = next(i for i, e in enumerate(events) if e["type"] == "LaidOff" and e["end"] is not None)
    events[at]["end"] = "low" if events[at]["end"] == "high" else "high"
    refused(verify(events), at, "P20", "cannot-lay-off")


def test_a_forged_automatic_dead_declaration_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("four-players"))
    at = next(
        i + 1
        for i in range(len(events) - 1)
        if events[i]["type"] == "TurnEnded" and events[i + 1]["type"] in ACTIONS
    )
    seat = events[at]["seat"]
    events.insert(at, forged("DeclaredDead", seat=seat, reason="no_move"))
    verdict = verify(events)
    refused(verdict, at, "D6", "unexpected-event")
    assert f"seat {seat} has a legal move" in verdict.message


def test_an_automatic_dead_declaration_for_another_seat_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("four-players"))
    at = next(
        i for i, e in enumerate(events) if e["type"] == "DeclaredDead" and e["reason"] == "no_move"
    )
    events[at]["seat"] = (events[at]["seat"] + 1) % 4
    refused(verify(events), at, "D6", "event-mismatch")


def test_a_skipped_turn_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = first(events, "TurnEnded") + 1
    seat = events[at]["seat"]
    events.insert(at, forged("TurnEnded", seat=seat))
    refused(verify(events), at, "P10", "unexpected-event")


def test_a_dead_declaration_refused_by_the_rules_is_refused(
    golden: Callable[[str], GameRecord],
) -> None:
    events = stored(golden("five-players-declared-dead"))
    at = next(
        i + 1
        for i in range(len(events) - 1)
        if events[i]["type"] == "TurnEnded" and events[i + 1]["type"] in ACTIONS
    )
    events.insert(at, forged("DeclaredDead", seat=events[at]["seat"], reason="declared"))
    refused(verify(events), at, "D6", "dead-refused")


def test_altered_scores_are_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = first(events, "GameEnded")
    events[at]["points"][0] -= 5
    refused(verify(events), at, "P33", "event-mismatch")


def test_altered_winners_are_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    at = first(events, "GameEnded")
    events[at]["winners"] = [0]
    assert events[at]["reason"] == "all_dead"
    refused(verify(events), at, "D7", "event-mismatch")


def test_a_game_declared_early_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players-eight-cards-129"))
    at = first(events, "TurnEnded")
    events[at] = forged("DeclaredGame", seat=events[at]["seat"])
    refused(verify(events), at, "P9", "event-mismatch")


# --- after the end ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rule"), [("four-players", "P32"), ("four-players-eight-cards-129", "P31")]
)
def test_an_event_after_the_end_is_refused(
    name: str, rule: str, golden: Callable[[str], GameRecord]
) -> None:
    events = stored(golden(name))
    events.insert(len(events) - 1, forged("TurnEnded", seat=0))
    refused(verify(events), len(events) - 2, rule, "after-end")


def test_an_event_after_the_revealed_seed_is_refused(golden: Callable[[str], GameRecord]) -> None:
    events = stored(golden("four-players"))
    events.append(dict(events[first(events, "Melded")]))
    refused(verify(events), len(events) - 1, "P32", "after-end")
    events[-1] = dict(events[-2])  # the seed revealed twice
    refused(verify(events), len(events) - 1, "R3", "after-end")


# --- what the rules cannot tell -----------------------------------------------------------


def test_a_lay_off_moved_to_another_set_of_its_rank_is_a_legal_game_of_its_own(
    golden: Callable[[str], GameRecord],
) -> None:
    # The verifier proves a record is a legal game dealt from its seeds, not that it is
    # the game that was played: this change leaves every hand, the end and the scores.
    events = stored(golden("four-players-jokers-stay"))
    at, other = next(
        (i, meld.id)
        for i, e in enumerate(events)
        if e["type"] == "LaidOff" and e["end"] is None
        for meld in fold(decode_events(events[:i])).table
        if meld.kind == "set" and meld.id != e["meld"] and meld.rank == parse_rank(e["stands_for"])
    )
    before = verify(events)
    events[at]["meld"] = other
    after = verify(events)
    assert before.valid and after.valid
    forged = fold(decode_events(events))
    honest = fold(golden("four-players-jokers-stay").events)
    assert forged.ended == honest.ended
    assert forged.table != honest.table


def test_a_shared_win_is_named_in_words() -> None:
    # D7: equal lowest totals share the win; the verdict names both winners as a
    # match's verdict does ("seats 0 and 2"), not as a list of numbers.
    hands = {1: "3H 4H 5H KC AD", 2: "9S 9D 9C 2C 3D", 0: "QD QS QC 2S 3C"}
    dealt = [hands[seat].split() for seat in (1, 2, 0)]
    top = [Card.parse(text) for round_ in zip(*dealt, strict=True) for text in round_]
    rest = list(build_deck(2, 6))
    for card in top:
        rest.remove(card)
    rules = PenangRules(cards_per_player=5)
    events = start_game(("a", "b", "c"), [*top, *rest], rules, 0)
    for seat, meld in ((1, "3H 4H 5H"), (2, "9S 9D 9C"), (0, "QD QS QC")):
        events += play_turn(fold(events), seat, [MeldAction(cards=tuple(meld.split()))])
    assert fold(events).ended is not None and fold(events).ended.winners == (0, 2)
    verdict = verify([msgspec.json.decode(msgspec.json.encode(encode_event(e))) for e in events])
    assert verdict.valid, verdict
    assert "every seat dead, won by seats 0 and 2;" in verdict.message
