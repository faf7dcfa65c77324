"""docs/clients.md's curl runs of basic Rummy and Three Thirteen answer what it shows.

The same requests as the section "Basic Rummy and Three Thirteen with curl", sent to the
app in process: every answer the page prints (`# {...}`, as `jq -c` writes it) must be
one the service gives, so the page cannot drift from the service.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .support import Api, Json

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "clients.md").read_text(encoding="utf-8")
SECTION = "Basic Rummy and Three Thirteen with curl"


def _printed() -> list[str]:
    start = PAGE.index(f"\n## {SECTION}\n")
    section = PAGE[start : PAGE.index("\n## ", start + 1)]
    return [line[2:] for line in re.findall(r"^# [{\[].*$", section, re.MULTILINE)]


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _events(answer: Any) -> list[str]:
    assert answer.status_code == 200, answer.text
    return [_compact(record["event"]) for record in answer.json()["events"]]


def _post(api: Api, path: str, token: str, actions: list[Json]) -> Any:
    return api.client.post(path, json={"actions": actions}, headers=api.auth(token))


def _rummy(api: Api) -> list[str]:
    body = {"game": "rummy", "draw_rules": {"game": "rummy", "cards_per_player": 3}}
    game = api.create(players=2, seed="table-255", **body)
    turns, a, b = f"/games/{game['game_id']}/seats", *game["tokens"]
    view = game["view"]
    shown = [_compact({k: view[k] for k in ("dealer", "turn", "phase", "discards")} | {
        "stock_size": view["stock_size"], "stock": view["stock"]})]  # fmt: skip
    shown.append(_compact(api.view(game, 0)["hand"]))
    shown += _events(_post(api, f"{turns}/0/turns", a, [{"type": "draw", "source": "stock"}]))
    shown += [_compact(r["event"]) for r in api.events(game, since=1)["events"]]
    refused = _post(api, f"{turns}/1/turns", b, [{"type": "swap", "meld": 0, "card": "4S"}])
    shown.append(_compact(refused.json()))
    meld = [{"type": "meld", "cards": ["3S", "4S", "5S"]}, {"type": "discard", "card": "7D"}]
    shown += _events(_post(api, f"{turns}/0/turns", a, meld))
    return shown


def _three_thirteen(api: Api) -> list[str]:
    game = api.create(players=2, seed="table-16", game="three-thirteen", hand=1)
    turns, a, b = f"/games/{game['game_id']}/seats", *game["tokens"]
    seat = api.view(game, 1)
    shown = [_compact({"wild": seat["wild"], "hand": seat["hand"]})]
    _events(_post(api, f"{turns}/1/turns", b, [{"type": "draw", "source": "stock"}]))
    shown.append(_compact(api.moves(game, 1)["go_outs"]))
    out = {"type": "go_out", "melds": [["9H", "9D", "3D"]], "discard": "6C"}
    _events(_post(api, f"{turns}/1/turns", b, [out]))
    shown += [_compact(r["event"]) for r in api.events(game, since=2)["events"]]
    last = [{"type": "draw", "source": "discard"}, {"type": "discard", "card": "QD"}]
    shown += _events(_post(api, f"{turns}/0/turns", a, last))
    return shown


def test_every_answer_the_readme_prints_is_the_services(api: Api) -> None:
    answers = set(_rummy(api)) | set(_three_thirteen(api))
    printed = _printed()
    assert len(printed) >= 15, printed
    missing = [line for line in printed if line not in answers]
    assert not missing, missing
