"""Records of the draw games: they round-trip, replay through their game's rules, and a
tampered one is refused naming the rule its first altered event breaks (B2–B11, R20, R28).

The hand is a seeded game of basic Rummy played by tests/property's random players: six
seats, two stock rebuilds, the deal and both rebuilds recomputed from the revealed seed.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property.every_game import Table  # tests/property, a package beside this one
from property.games_played import play

from domain.drawgame.events import StockRebuilt
from domain.record_proofs import chain_record, verify_record
from domain.records import MalformedRecord, dump_record, load_record, make_record
from domain.rummy.rules import RummyRules

HAND = play(Table("rummy", 6, RummyRules(), 9, fair=True))
DOCUMENT = dump_record(make_record(HAND.events, game_id="rummy-9"))


def events() -> list[dict[str, Any]]:
    stored: list[dict[str, Any]] = msgspec.json.decode(DOCUMENT)["events"]
    return stored


def forged(change: Any) -> bytes:
    document = msgspec.json.decode(DOCUMENT)
    change(document["events"])
    return msgspec.json.encode(document)


def index_of(kind: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(events()) if e["type"] == kind][nth]


def test_a_finished_seeded_hand_is_valid_and_its_rebuilds_verified() -> None:
    assert HAND.state.rebuilds == 2
    verdict = verify_record(load_record(DOCUMENT))
    assert (verdict.valid, verdict.finished, verdict.code, verdict.deal) == (
        True,
        True,
        "valid",
        "verified",
    )
    assert "rebuilt stock were recomputed" in verdict.message


def test_the_record_round_trips_in_every_form() -> None:
    record = make_record(HAND.events)
    assert record.rules_version == "rummy-1"
    for ndjson in (False, True):
        for chained in (record, chain_record(record)):
            again = load_record(dump_record(chained, ndjson=ndjson))
            assert again.events == tuple(HAND.events)
            verdict = verify_record(again)
            assert verdict.valid and verdict.chain == ("ok" if chained.chain else "absent")


def _other_card(card: str) -> str:
    return "AS" if card != "AS" else "KS"


def _reversed(rebuilt: dict[str, Any]) -> list[str]:
    return list(reversed(rebuilt["stock"]))


def _set(kind: str, field: str, value: Any, nth: int = 0) -> bytes:
    at = index_of(kind, nth)

    def change(stored: list[dict[str, Any]]) -> None:
        stored[at][field] = value

    return forged(change)


@pytest.mark.parametrize(
    ("forge", "kind", "rule", "code"),
    [
        pytest.param(
            lambda: _set("Drew", "card", _other_card(events()[index_of("Drew")]["card"])),
            "Drew", "B3", "event-mismatch", id="B3-another-card-drawn",
        ),
        pytest.param(
            lambda: _set("StockRebuilt", "stock", _reversed(events()[index_of("StockRebuilt")])),
            "StockRebuilt", "B11", "event-mismatch", id="R20-another-rebuild-order",
        ),
        pytest.param(
            lambda: _set("HandEnded", "points", [1] * 6),
            "HandEnded", "B8", "event-mismatch", id="B8-other-points",
        ),
        pytest.param(
            lambda: _set("Discarded", "card", "JK"),
            "Discarded", "B3", "card-not-in-hand", id="B3-a-card-not-held",
        ),
        pytest.param(
            lambda: _set("SeedRevealed", "server_seed", "ab" * 32),
            "SeedRevealed", "B2", "seed-mismatch", id="B2-another-seed",
        ),
    ],
)  # fmt: skip
def test_a_tampered_event_is_refused_where_it_stands(
    forge: Any, kind: str, rule: str, code: str
) -> None:
    verdict = verify_record(load_record(forge()))
    assert not verdict.valid
    assert (verdict.first_bad_event, verdict.rule, verdict.code) == (index_of(kind), rule, code)


def test_a_rebuild_is_checked_against_the_pile_before_the_seed_is_revealed() -> None:
    at = index_of("StockRebuilt")

    def change(stored: list[dict[str, Any]]) -> None:
        stock = stored[at]["stock"]
        stranger = next(card for card in ("AS", "KS", "QS", "JS") if card not in stock)
        stored[at]["stock"] = [*stock[:-1], stranger]
        del stored[-1]  # no SeedRevealed: the rebuild's order is not yet provable

    verdict = verify_record(load_record(forged(change)))
    assert (verdict.valid, verdict.first_bad_event, verdict.rule) == (False, at, "B11")
    assert verdict.code in ("bad-rebuild", "event-mismatch")


@pytest.mark.parametrize(
    ("change", "rule", "code"),
    [
        pytest.param(
            lambda s: s.insert(3, copy.deepcopy(s[-1])), "R28", "early-reveal", id="R28-early"
        ),
        pytest.param(lambda s: s.append(copy.deepcopy(s[1])), "B7", "after-end", id="B7-after"),
        pytest.param(
            lambda s: s.__delitem__(slice(-2, None)), "B3", "incomplete-command", id="cut"
        ),
        pytest.param(lambda s: s.__delitem__(0), "B2", "no-deal", id="B2-no-deal"),
    ],
)  # fmt: skip
def test_events_out_of_place_are_refused(change: Any, rule: str, code: str) -> None:
    verdict = verify_record(load_record(forged(change)))
    assert (verdict.valid, verdict.rule, verdict.code) == (False, rule, code)


def test_a_record_read_under_another_games_rules_is_not_a_record_of_it() -> None:
    document = msgspec.json.decode(DOCUMENT)
    document["rules_version"] = "penang-1"
    with pytest.raises(MalformedRecord, match="HandDealt"):
        load_record(msgspec.json.encode(document))


def test_a_deal_under_another_games_options_is_not_a_record_of_this_game() -> None:
    """Basic Rummy's codec reads a deal with basic Rummy's options only (B1, B2): one
    holding Three Thirteen's is not an event of this game, and its tag is named."""
    document = msgspec.json.decode(DOCUMENT)
    document["events"][0]["rules"] = {"game": "three-thirteen"}
    with pytest.raises(MalformedRecord, match=r"HandDealt: .*\$\.rules\.game"):
        load_record(msgspec.json.encode(document))


def test_a_record_that_stops_mid_hand_is_valid_so_far_and_committed() -> None:
    cut = make_record(HAND.events[: index_of("StockRebuilt") + 2])
    verdict = verify_record(cut)
    assert (verdict.valid, verdict.code, verdict.deal) == (True, "valid-so-far", "committed")
    assert isinstance(cut.events[-2], StockRebuilt)


#: What a change may leave legal: the players' names, and options the hand never touched.
HARMLESS = {("HandDealt", "players"), ("HandDealt", "rules"), ("LaidOff", "meld")}
WORDS = ["AS", "KC", "10H", "JK", "low", "high", "stock", "discard", "", "x", 0, 1, 7, None, True]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _leaves(item, (*path, key))]
    if isinstance(value, list):
        return [path] + [p for i, item in enumerate(value) for p in _leaves(item, (*path, i))]
    return [path]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_one_changed_value_is_refused_unreadable_or_harmless(data: st.DataObject) -> None:
    document = msgspec.json.decode(DOCUMENT)
    stored = document["events"]
    index = data.draw(st.integers(0, len(stored) - 1))
    leaves = [p for p in _leaves(stored[index]) if p and p[0] not in ("type", "v")]
    path = data.draw(st.sampled_from(leaves))
    parent: Any = stored[index]
    for key in path[:-1]:
        parent = parent[key]
    old = parent[path[-1]]
    new = data.draw(st.sampled_from([w for w in WORDS if w != old]))
    parent[path[-1]] = new
    try:
        verdict = verify_record(load_record(msgspec.json.encode(document)))
    except MalformedRecord:
        return
    if verdict.valid:
        assert (stored[index]["type"], path[0]) in HARMLESS, (index, path, old, new)
