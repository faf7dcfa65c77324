"""Player names cannot spoof how a client shows them (`service.usecases.names`).

One rule, written once: the contract's pattern and the check are made from the same
ranges, and every code point of the Basic Multilingual Plane is judged the same by both.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.errors import InvalidRequest
from service.settings import Settings
from service.usecases.names import NAME_PATTERN, player_name, refuse_unsafe_name

from .audit_support import exported, finished_game, import_record
from .support import Api, Json

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
#: What a name must never hold, by what it does.
SPOOFS = {
    "right-to-left override": "\u202e",
    "left-to-right override": "\u202d",
    "right-to-left embedding": "\u202b",
    "left-to-right embedding": "\u202a",
    "pop directional formatting": "\u202c",
    "right-to-left isolate": "\u2067",
    "left-to-right isolate": "\u2066",
    "first strong isolate": "\u2068",
    "pop directional isolate": "\u2069",
    "left-to-right mark": "\u200e",
    "right-to-left mark": "\u200f",
    "arabic letter mark": "\u061c",
    "zero width space": "\u200b",
    "zero width non-joiner": "\u200c",
    "zero width joiner": "\u200d",
    "word joiner": "\u2060",
    "byte order mark": "\ufeff",
    "soft hyphen": "\u00ad",
    "null": "\x00",
    "escape": "\x1b",
    "newline": "\n",
    "delete": "\x7f",
    "next line (C1)": "\x85",
    "C1 control": "\x9b",
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "hangul filler": "\u3164",
}


@pytest.fixture
def api(make_api: Callable[[Settings], Api], tmp_path: Path) -> Api:
    return make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite")))


def _create(api: Api, *names: str) -> Any:
    return api.client.post("/games", json={"players": list(names), "seed": "names"})


@pytest.mark.parametrize("char", list(SPOOFS.values()), ids=list(SPOOFS))
def test_a_name_with_a_control_format_or_bidi_character_is_refused(api: Api, char: str) -> None:
    response = _create(api, "Aminah", f"Ben{char}nimA")
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "invalid-request" and problem["field"] == "players[1]"
    assert f"U+{ord(char):04X}" in problem["detail"]


@pytest.mark.parametrize("name", [" ", "   ", "\u3000", "\u00a0 \u2003"])
def test_a_name_of_only_spaces_is_refused(api: Api, name: str) -> None:
    response = _create(api, name, "Ben")
    assert response.status_code == 422, response.text
    assert response.json()["field"] == "players[0]"


def test_a_name_is_trimmed_and_kept_in_nfc(api: Api) -> None:
    response = _create(api, "  Aminah ", "Zoe\u0308", "\u5f20\u4f1f", "Ben \U0001f600")
    assert response.status_code == 201, response.text
    game: Json = response.json()
    events = api.events(game)["events"]
    assert events[0]["event"]["players"] == ["Aminah", "Zo\u00eb", "\u5f20\u4f1f", "Ben \U0001f600"]


def test_an_imported_record_with_a_spoofing_name_is_refused(api: Api) -> None:
    document = exported(api, finished_game(api)["game_id"])
    # Unsigned (format /1): the names are the only change, so the name rule must catch it.
    del document["chain"], document["signature"]
    document["format"] = "penang-rummy-record/1"
    dealt = document["events"][0]
    dealt["players"] = [dealt["players"][0], "Ben\u202enimA"]
    response = import_record(api, document)
    assert response.status_code == 422, response.text
    assert response.json()["field"] == "events[0].players[1]"
    dealt["players"] = [dealt["players"][0], "Ben"]
    assert import_record(api, document).status_code == 201


def _accepted(name: str) -> bool:
    try:
        player_name(name, "name")
    except InvalidRequest:
        return False
    return True


def test_the_contract_pattern_and_the_check_agree_on_every_bmp_character() -> None:
    schema = json.loads(CONTRACT.read_text(encoding="utf-8"))["components"]["schemas"]
    items = schema["CreateGame"]["properties"]["players"]["items"]
    # A seat is a name or a bot (R33): the name is the member with a pattern.
    (name,) = [member for member in items.get("anyOf", [items]) if "pattern" in member]
    pattern = name["pattern"]
    assert pattern == NAME_PATTERN
    compiled = re.compile(pattern)
    disagree = [
        f"U+{point:04X}"
        for point in range(0x10000)
        if not 0xD800 <= point <= 0xDFFF
        for name in (chr(point), f"a{chr(point)}")
        if bool(compiled.fullmatch(name)) != _accepted(name)
    ]
    assert not disagree


def test_nfc_never_brings_a_refused_character_back() -> None:
    for point in range(0x10000):
        if 0xD800 <= point <= 0xDFFF or not _accepted(f"a{chr(point)}"):
            continue
        refuse_unsafe_name(unicodedata.normalize("NFC", f"a{chr(point)}"), "name")
