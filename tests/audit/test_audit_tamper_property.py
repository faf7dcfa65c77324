"""Random tampering: one change to a proven record is refused, unreadable, or harmless.

The verifier checks that a record is a legal game dealt from its seeds, not that it is
the game that was played: a change that turns a move into another legal one with the
same consequences leaves a legal record. A lay-off moved to another set of the same
rank is one (the hands, the end and the scores are unchanged). So are player names,
and rule options the game never touched. Any other change is refused: every event
after the deal is compared field by field with what the rules record, and the deal's
hands, undealt cards, dealer and proof are recomputed from the revealed seed. A change
to another legal move with other consequences is refused where the changed history
first breaks a rule, at the final scores at the latest.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.penang.fold import fold
from domain.record_proofs import verify_record
from domain.records import MalformedRecord, load_record

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "records"
DOCUMENTS = {path.stem: path.read_bytes() for path in sorted(GOLDEN.glob("*.json"))}
#: The changes that can leave a legal game with the same end (see the docstring).
HARMLESS = {("Dealt", ("players",)), ("Dealt", ("rules",)), ("LaidOff", ("meld",))}
WORDS = ["AS", "KC", "10H", "JK", "7D", "A", "8", "low", "high", "no_move", "declared", "", "x"]

Path_ = tuple[str | int, ...]


def leaves(value: Any, path: Path_ = ()) -> list[Path_]:
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in leaves(item, (*path, key))]
    if isinstance(value, list):
        return [path] + [p for i, item in enumerate(value) for p in leaves(item, (*path, i))]
    return [path]


def tampering_of(documents: dict[str, bytes]) -> st.SearchStrategy[tuple[bytes, bytes, int, Path_]]:
    """One value of one event of one of `documents` changed: (original, forged, event, path)."""
    return _tampering(documents)


@st.composite
def _tampering(draw: st.DrawFn, documents: dict[str, bytes]) -> tuple[bytes, bytes, int, Path_]:
    name = draw(st.sampled_from(sorted(documents)))
    document = msgspec.json.decode(documents[name])
    events = document["events"]
    index = draw(st.integers(0, len(events) - 1))
    path = draw(st.sampled_from(leaves(events[index])))
    parent: Any = events
    for key in (index, *path[:-1]):
        parent = parent[key]
    key = index if not path else path[-1]
    old = parent[key]
    if isinstance(old, bool):
        new: Any = not old
    elif isinstance(old, int):
        new = old + draw(st.sampled_from([-2, -1, 1, 2, 50]))
    elif isinstance(old, str):
        new = draw(st.sampled_from([word for word in WORDS if word != old]))
    elif isinstance(old, list) and old:
        changed = copy.deepcopy(old)
        at = draw(st.integers(0, len(old) - 1))
        if draw(st.booleans()):
            del changed[at]
        else:
            changed.insert(at, changed[at])
        new = changed
    else:
        new = draw(st.sampled_from([0, "AS", None, [], ["AS"]]))
    parent[key] = new
    return documents[name], msgspec.json.encode(document), index, path


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tampering_of(DOCUMENTS))
def test_one_change_to_a_proven_record_is_refused_unless_harmless(
    case: tuple[bytes, bytes, int, Path_],
) -> None:
    original, forged, index, path = case
    try:
        record = load_record(forged)
    except MalformedRecord:
        return  # unreadable: `verify` exits 2
    verdict = verify_record(record)  # never raises
    if record.events == load_record(original).events:
        assert verdict.valid  # the change did not change the game (e.g. Dealt v2 → v1)
        return
    if verdict.valid:
        changed = type(record.events[index]).__name__, path[:1]
        assert changed in HARMLESS, (changed, verdict.summary())
        assert fold(record.events).ended == fold(load_record(original).events).ended
    else:
        assert verdict.first_bad_event is not None
        assert verdict.first_bad_event <= len(record.events)
