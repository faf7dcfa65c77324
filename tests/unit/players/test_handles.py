"""Handles (U1-U5, R64): their skeletons, and the rule each bad one breaks."""

from __future__ import annotations

import pytest

from domain.players.errors import HandleAlphabet, HandleLength, HandleLikeBot, HandleReserved
from domain.players.handles import check, normalise, skeleton

BOTS = ("greedy", "patient", "random")


@pytest.mark.parametrize(
    ("handle", "read"),
    [
        ("Alice", "allce"),  # `i` reads as `l`
        ("A_l-ice", "allce"),  # `_` and `-` are left out
        ("AL1CE", "allce"),
        ("c0rn", "com"),  # `0` as `o`, `rn` as `m`
        ("Ba5il", "basll"),
        ("ＡＢＣ", "abc"),  # full-width letters are ASCII after NFKC
    ],
)
def test_a_skeleton_reads_alike_what_readers_mistake(handle: str, read: str) -> None:
    assert skeleton(handle) == read


def test_nfkc_folds_compatibility_forms_and_keeps_the_rest() -> None:
    assert (normalise("ﬁsh"), normalise("Åsa")) == ("fish", "Åsa")


@pytest.mark.parametrize(
    ("handle", "refusal", "rule"),
    [
        ("al ice", HandleAlphabet, "U1"),
        ("_alice", HandleAlphabet, "U1"),
        ("Åsa", HandleAlphabet, "U1"),
        ("ab", HandleLength, "U2"),
        ("a" * 21, HandleLength, "U2"),
        ("ROOT", HandleReserved, "U4"),
        ("m0d", HandleReserved, "U4"),
        ("chatbot", HandleLikeBot, "U5"),
        ("Rand0m", HandleLikeBot, "U5"),
    ],
)
def test_a_bad_handle_names_the_rule_it_breaks(
    handle: str, refusal: type[Exception], rule: str
) -> None:
    with pytest.raises(refusal) as raised:
        check(handle, BOTS)
    assert getattr(raised.value, "rule", None) == rule


@pytest.mark.parametrize("handle", ["abc", "a" * 20, "Mei_Ling", "x-9", "ＢＯＢＢＹ"])
def test_a_good_handle_is_kept_as_written_after_nfkc(handle: str) -> None:
    assert check(handle, BOTS) == normalise(handle)
