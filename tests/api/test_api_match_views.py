"""One view of a match for every game, answered in the contract's two shapes (R31).

`domain.match.views.MatchView` is one struct for Penang Rummy and the draw games; the
contract states its two shapes, `MatchView` (Penang's: no `game`, no `hands_won`) and
`DrawMatchView` (a draw game's: both), derived from it (`service.usecases.match_view_forms`).
These tests hold every game's answer to its shape byte for byte, the shapes to the
struct's fields, and a stored answer replayed to the view it was.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.match.views import MatchView
from service.usecases.match_view_forms import DrawMatchShape, PenangMatchShape, read_match_view

from .support import Api

ROOT = Path(__file__).resolve().parents[2]
#: The fields only a draw game's match shows (every match shows its `game`).
DRAW_ONLY = {"hands_won", "columns"}
GAMES = {
    "penang": {},
    "rummy": {"game": "rummy", "options": {"target": 60}},
    "three-thirteen": {"game": "three-thirteen"},
    "gin": {"game": "gin"},
}


def _created(api: Api, game: str, **headers: str) -> Any:
    body = {"players": ["Ann", "Bo"], "seed": f"views-{game}", **GAMES[game]}
    response = api.client.post("/matches", json=body, headers=headers)
    assert response.status_code == 201, response.text
    return response


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_match_view_is_exactly_its_contract_shape(api: Api, game: str) -> None:
    match_id = _created(api, game).json()["match_id"]
    response = api.client.get(f"/matches/{match_id}")
    assert response.status_code == 200, response.text
    shown = response.json()
    shape = PenangMatchShape if game == "penang" else DrawMatchShape
    # Every answer names its game; Penang's counts no hands won, a draw game's does.
    assert shown["game"] == game
    assert (set(shown) >= DRAW_ONLY) is (game != "penang")
    assert DRAW_ONLY.isdisjoint(shown) is (game == "penang")
    # Read as its shape, and written again, the answer is the same bytes: nothing is
    # added, dropped or reordered by the one struct.
    as_shape = msgspec.json.decode(response.content, type=shape)
    assert msgspec.json.encode(as_shape) == response.content
    view = read_match_view(shown)
    assert isinstance(view, MatchView)
    assert msgspec.json.encode(view) == response.content
    if game != "penang":
        assert view.game == game and view.hands_won == (0, 0)


def test_the_shapes_are_the_views_fields_penangs_without_the_draw_games_own() -> None:
    fields = [field.name for field in msgspec.structs.fields(MatchView)]
    draw = [field.name for field in msgspec.structs.fields(DrawMatchShape)]
    penang = [field.name for field in msgspec.structs.fields(PenangMatchShape)]
    assert draw == fields
    assert penang == [name for name in fields if name not in DRAW_ONLY]
    contract = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    schemas = contract["components"]["schemas"]
    penang_required = schemas["MatchView"]["required"]
    draw_required = schemas["DrawMatchView"]["required"]
    assert set(draw_required) - set(penang_required) == DRAW_ONLY
    assert set(schemas["DrawMatchView"]["properties"]) == set(fields)
    assert schemas["MatchView"]["properties"]["options"]["$ref"].endswith("/MatchOptions")
    assert schemas["DrawMatchView"]["properties"]["options"]["$ref"].endswith("/DrawMatchOptions")


def test_a_match_answer_is_documented_as_either_shape() -> None:
    contract = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    either = {
        "oneOf": [
            {"$ref": "#/components/schemas/MatchView"},
            {"$ref": "#/components/schemas/DrawMatchView"},
        ]
    }
    schemas = contract["components"]["schemas"]
    either["discriminator"] = {
        "propertyName": "game",
        "mapping": {
            name: f"#/components/schemas/{shape}"
            for shape in ("MatchView", "DrawMatchView")
            for name in schemas[shape]["properties"]["game"]["enum"]
        },
    }
    for path, method in (("/matches/{match_id}", "get"), ("/matches/{match_id}/close", "post")):
        answer = contract["paths"][path][method]["responses"]["200"]["content"]
        assert answer["application/json"]["schema"] == either
    schemas = contract["components"]["schemas"]
    for body in ("CreatedMatch", "ClaimedSeat", "LeftSeat"):
        assert schemas[body]["properties"]["view"]["oneOf"] == either["oneOf"]


@pytest.mark.parametrize("game", ["penang", "gin"])
def test_a_replayed_match_creation_answers_the_same_view(api: Api, game: str) -> None:
    key = {"Idempotency-Key": str(uuid.uuid4())}
    first = _created(api, game, **key)
    again = _created(api, game, **key)
    assert again.content == first.content
    assert again.json()["view"]["game"] == game
