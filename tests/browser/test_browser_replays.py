"""Record files dropped onto the viewer: each format and kind replays from the service's
views (`POST /records/views`), and a tampered one is refused in the verifier's words."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from .support import ROOT, OfflinePage, json_of, save_artifact

GOLDEN = ROOT / "tests" / "golden" / "records"
Json = dict[str, Any]


@pytest.fixture(scope="module")
def api(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=20) as client:
        yield client


def drop(page: Page, name: str, text: str) -> None:
    """Drop a file named `name` holding `text` onto the page, as a person drags one in."""
    dropped = page.evaluate_handle(
        """([name, text]) => {
          const data = new DataTransfer();
          data.items.add(new File([text], name));
          return data;
        }""",
        [name, text],
    )
    page.dispatch_event("body", "drop", {"dataTransfer": dropped})


def finish(api: httpx.Client, game_id: str, tokens: list[str]) -> None:
    """Play a game of the service to its end: each seat on turn sends the first listed move."""
    for _ in range(2000):
        view = json_of(api.get(f"/games/{game_id}"))
        if view["over"]:
            return
        seat = view["turn"]
        auth = {"authorization": f"Bearer {tokens[seat]}"}
        moves = json_of(api.get(f"/games/{game_id}/seats/{seat}/moves", headers=auth))["moves"]
        listed = moves.get("turns") or moves.get("commands")
        playing = [b for b in listed if b["actions"][0]["type"] in ("meld", "lay_off", "go_out")]
        body = (playing or listed)[0]
        json_of(api.post(f"/games/{game_id}/seats/{seat}/turns", headers=auth, json=body))
    raise AssertionError("the game did not end")


def rummy_game(api: httpx.Client) -> str:
    body = {
        "players": ["Aminah", "Ben"],
        "game": "rummy",
        "draw_rules": {"game": "rummy", "cards_per_player": 3},
        "seed": "table-255",
    }
    created = json_of(api.post("/games", json=body), 201)
    finish(api, created["game_id"], created["tokens"])
    return str(created["game_id"])


def finished_match(api: httpx.Client) -> Json:
    body = {"players": ["Aminah", "Ben"], "options": {"games": 2, "rules": {"cards_per_player": 7}}}
    created = json_of(api.post("/matches", json=body), 201)
    for _ in range(10):
        match = json_of(api.get(f"/matches/{created['match_id']}"))
        if match["status"] == "over":
            return json_of(api.get(f"/matches/{created['match_id']}/record"))
        finish(api, match["current_game"], created["tokens"])
    raise AssertionError("the match did not end")


def shown_version(page: Page) -> int:
    return int(page.locator("#game").get_attribute("data-version") or 0)


def test_records_of_each_format_and_kind_replay_by_keys(
    page: OfflinePage, api: httpx.Client, tmp_path: Path
) -> None:
    tab = page.page
    tab.goto(f"{page.origin}/viewer")
    rummy = rummy_game(api)
    files = {
        "golden-1.json": (GOLDEN / "two-players-seven-cards-35.json").read_text(encoding="utf-8"),
        "rummy-2.json": api.get(f"/games/{rummy}/record").text,
        "rummy-2.ndjson": api.get(f"/games/{rummy}/record.ndjson").text,
        "match.json": json.dumps(finished_match(api)),
    }
    formats = {
        "golden-1.json": "penang-rummy-record/1",
        "rummy-2.json": "penang-rummy-record/2",
        "rummy-2.ndjson": "penang-rummy-record/2",
        "match.json": "penang-rummy-match-record/1",
    }
    for name, text in files.items():
        drop(tab, name, text)
        expect(tab.locator("#source")).to_contain_text(f"Record file {name} ({formats[name]})")
        expect(tab.locator("#status")).to_contain_text("Game over")
        latest = shown_version(tab)
        tab.keyboard.press("Home")
        expect(tab.locator("#game")).to_have_attribute("data-version", "1")
        tab.keyboard.press("ArrowRight")
        expect(tab.locator("#game")).to_have_attribute("data-version", "2")
        tab.get_by_role("button", name="Latest version").click()
        expect(tab.locator("#game")).to_have_attribute("data-version", str(latest))
        save_artifact(tab, tmp_path, f"replay-{name.replace('.', '-')}.png")
    # The match's games are listed; the second opens by its button.
    expect(tab.locator("#match-games li")).to_have_count(2)
    second = tab.locator("#match-games button").nth(1)
    second.click()
    expect(tab.locator("#game")).to_have_attribute(
        "data-record-game", second.get_attribute("data-game") or ""
    )
    expect(tab.locator("#status")).to_contain_text("Game over")
    # A draw game's record shows its piles and its events with their cards.
    drop(tab, "rummy-2.ndjson", files["rummy-2.ndjson"])
    expect(tab.locator("[data-pile='discards']")).to_contain_text("Discard pile")
    expect(tab.locator("[data-pile='stock']")).to_contain_text("Stock:")
    expect(tab.locator("#events")).to_contain_text("discards")
    expect(tab.locator("#live")).to_be_hidden()
    page.assert_clean()


def test_a_tampered_record_is_refused_in_the_verifiers_words(page: OfflinePage) -> None:
    record = json.loads((GOLDEN / "two-players.json").read_text(encoding="utf-8"))
    record["events"][1]["cards"] = ["AS", "AS", "AS"]
    tab = page.page
    tab.goto(f"{page.origin}/viewer")
    failed: list[int] = []
    tab.on("response", lambda r: failed.append(r.status) if "/records/views" in r.url else None)
    drop(tab, "tampered.json", json.dumps(record))
    expect(tab.get_by_role("alert")).to_have_text(
        "tampered.json: Invalid record: invalid: event 1: P13 card-not-in-hand: PassportMelded "
        "by seat 1: not in your hand: AS AS AS; unsigned: no chain, no signature (format "
        "penang-rummy-record/1) (rule P13) at event 1"
    )
    assert failed == [422]
    expect(tab.locator("#game")).to_be_hidden()
    assert page.blocked == [] and page.errors == []
