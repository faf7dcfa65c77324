"""features/penang/audit.feature run against the rules engine in process.

The steps speak to an `AuditDriver`: it plays a seeded game to its end and exports the
record, and it verifies a record from its bytes. `DomainAuditDriver` does both in
process; an HTTP driver exports through the service and verifies with the
`penang-rummy verify --json` command, whose output decodes to the same `Verdict`.
Tampering and recomputing the deal are the auditor's own work on the record's JSON,
the same for every driver. Step texts here all speak of "the auditor" or "the audit",
apart from the spec's shared steps in conftest.py.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec
import pytest
from golden.regenerate import Bot, play_seeded
from pytest_bdd import given, parsers, scenarios, then, when

from domain import fair
from domain.cards import Card, build_deck, sort_cards
from domain.deal import deal
from domain.penang.codec import decode_events, encode_event
from domain.penang.events import DeclaredDead, TurnEnded
from domain.penang.fold import fold
from domain.penang.rules import PenangRules
from domain.record_proofs import verify_record
from domain.records import dump_record, load_record, make_record
from domain.replay import Verdict

Json = dict[str, Any]
ACTIONS = {"Melded", "PassportMelded", "LaidOff", "WildSwapped"}


class AuditDriver(Protocol):
    def seeded_record(self, players: int, server_seed: bytes, seat_seeds: tuple[str, ...]) -> bytes:
        """Deal a game from these seeds, play it to the end, and export its record."""

    def verify(self, record: bytes) -> Verdict:
        """Verify a record from its bytes, as a third party would."""


class DomainAuditDriver:
    def seeded_record(self, players: int, server_seed: bytes, seat_seeds: tuple[str, ...]) -> bytes:
        bot = Bot(f"audit/{server_seed.hex()}", greedy=False)
        events = play_seeded(players, PenangRules(), server_seed, seat_seeds, bot)
        return dump_record(make_record(events, game_id=f"audit/{server_seed.hex()[:8]}"))

    def verify(self, record: bytes) -> Verdict:
        return verify_record(load_record(record))


@dataclass
class Audit:
    """What one scenario's steps share: the record as JSON, the tampering, the verdict."""

    document: Json = field(default_factory=dict)
    tampered_at: int | None = None
    verdict: Verdict | None = None
    recomputed: tuple[int, list[list[str]], list[str]] | None = None

    @property
    def events(self) -> list[Json]:
        events: list[Json] = self.document["events"]
        return events

    def record(self) -> bytes:
        return msgspec.json.encode(self.document)

    def last_verdict(self) -> Verdict:
        if self.verdict is None:
            raise AssertionError("the record has not been verified")
        return self.verdict


@pytest.fixture
def audit_driver() -> AuditDriver:
    return DomainAuditDriver()


@pytest.fixture
def audit() -> Audit:
    return Audit()


scenarios("penang/audit.feature")


def stored(event: Any) -> Json:
    data: Json = msgspec.json.decode(msgspec.json.encode(encode_event(event)))
    return data


# --- the record -----------------------------------------------------------------------


@given(
    parsers.parse(
        "a finished seeded game record of {players:d} players, server seed {seed} "
        'and seat seeds "{seat_seeds}"'
    )
)
def _seeded_record(
    audit_driver: AuditDriver, audit: Audit, players: int, seed: str, seat_seeds: str
) -> None:
    record = audit_driver.seeded_record(players, bytes.fromhex(seed), tuple(seat_seeds.split()))
    audit.document = msgspec.json.decode(record)
    assert audit.events[0]["type"] == "Dealt"
    assert audit.events[-2]["type"] == "GameEnded"
    assert audit.events[-1] == {"type": "SeedRevealed", "v": 1, "server_seed": seed}


@when("the auditor verifies the record")
def _verify(audit_driver: AuditDriver, audit: Audit) -> None:
    audit.verdict = audit_driver.verify(audit.record())


# --- tampering --------------------------------------------------------------------------


@when("the auditor changes one card of the first meld to a card its seat does not hold")
def _change_meld_card(audit: Audit) -> None:
    at = next(i for i, e in enumerate(audit.events) if e["type"] in {"Melded", "PassportMelded"})
    meld = audit.events[at]
    held = fold(decode_events(audit.events[:at])).hands[meld["seat"]]
    slot = next(i for i, card in enumerate(meld["cards"]) if card != "JK")
    meld["cards"][slot] = next(card.text for card in build_deck(1, 0) if card not in held)
    audit.tampered_at = at


@when(parsers.parse("the auditor exchanges a card of seat {seat:d}'s hand with an undealt card"))
def _exchange_dealt_card(audit: Audit, seat: int) -> None:
    dealt = audit.events[0]
    hand, undealt = dealt["hands"][seat], dealt["undealt"]
    at = next(i for i, card in enumerate(undealt) if card not in hand)
    hand[0], undealt[at] = undealt[at], hand[0]
    dealt["hands"][seat] = [card.text for card in sort_cards(map(Card, hand))]
    audit.tampered_at = 0


@when("the auditor swaps a TurnEnded event with the action after it")
def _swap_events(audit: Audit) -> None:
    events = audit.events
    at = next(
        i
        for i in range(len(events) - 1)
        if events[i]["type"] == "TurnEnded" and events[i + 1]["type"] in ACTIONS
    )
    events[at], events[at + 1] = events[at + 1], events[at]
    audit.tampered_at = at


@when("the auditor replaces the revealed seed with another")
def _replace_seed(audit: Audit) -> None:
    audit.events[-1]["server_seed"] = hashlib.sha256(b"another seed").hexdigest()
    audit.tampered_at = len(audit.events) - 1


@when("the auditor appends a TurnEnded event after the revealed seed")
def _append_after_end(audit: Audit) -> None:
    audit.events.append(stored(TurnEnded(seat=0)))
    audit.tampered_at = len(audit.events) - 1


@when("the auditor inserts a DeclaredDead event for the next seat to play, which has a move")
def _forge_dead(audit: Audit) -> None:
    events = audit.events
    at = next(
        i + 1
        for i in range(len(events) - 1)
        if events[i]["type"] == "TurnEnded" and events[i + 1]["type"] in ACTIONS
    )
    events.insert(at, stored(DeclaredDead(seat=events[at]["seat"], reason="no_move")))
    audit.tampered_at = at


# --- recomputing the deal ------------------------------------------------------------------


@when("the auditor recomputes the deal from the revealed seed and the seat seeds")
def _recompute(audit: Audit) -> None:
    dealt = audit.events[0]
    seed = bytes.fromhex(audit.events[-1]["server_seed"])
    seat_seeds = tuple(dealt["proof"]["seat_seeds"])
    seats = len(dealt["players"])
    rules = msgspec.convert(dealt["rules"], type=PenangRules)
    deck, dealer, _ = fair.fair_deal_of(rules.deck_for(seats), seats, seed, seat_seeds)
    hands, undealt = deal(deck, seats, dealer, rules.hand_size_for(seats))
    audit.recomputed = (
        dealer,
        [[card.text for card in sort_cards(hand)] for hand in hands],
        [card.text for card in undealt],
    )


@then("the SHA-256 of the revealed seed is the commitment published in the deal")
def _commitment(audit: Audit) -> None:
    seed = bytes.fromhex(audit.events[-1]["server_seed"])
    proof = audit.events[0]["proof"]
    assert proof["algorithm"] == "hmac-sha256-fisher-yates/1"
    assert hashlib.sha256(seed).hexdigest() == proof["server_seed_sha256"]


@then("the recomputed deal gives the recorded dealer, hands and undealt cards")
def _same_deal(audit: Audit) -> None:
    assert audit.recomputed is not None
    dealer, hands, undealt = audit.recomputed
    dealt = audit.events[0]
    assert dealer == dealt["dealer"]
    assert hands == dealt["hands"]
    assert undealt == dealt["undealt"]


# --- verdicts ---------------------------------------------------------------------------


@then("the audit finds the record valid and the game finished")
def _valid(audit: Audit) -> None:
    verdict = audit.last_verdict()
    assert verdict.valid, verdict.summary()
    assert verdict.finished
    assert verdict.events_checked == len(audit.events)
    assert verdict.first_bad_event is None


@then("the audit reports the deal recomputed from the revealed seed")
def _deal_verified(audit: Audit) -> None:
    assert audit.last_verdict().deal == "verified"


@then(
    parsers.parse(
        'the audit refuses the record at the tampered event citing {rule} with code "{code}"'
    )
)
def _refused(audit: Audit, rule: str, code: str) -> None:
    verdict = audit.last_verdict()
    assert not verdict.valid, verdict.summary()
    assert verdict.first_bad_event == audit.tampered_at, verdict.summary()
    assert (verdict.rule, verdict.code) == (rule, code), verdict.summary()
    assert f"event {audit.tampered_at}: {rule} {code}" in verdict.summary()
