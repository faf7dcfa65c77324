"""The replay viewer (/viewer) in headless Chromium, offline, against a real server.

What the page shows is read back from its table (cards by their `data-card` notation)
and compared with the service's spectator view at the same version: for a game played
over the API, for a game followed live while it is played, and for record files,
whose views the service answers (`POST /records/views`): the page folds nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from litestar.testing import TestClient
from playwright.sync_api import Page, expect

from service.app import create_app
from service.settings import Settings

from .support import ROOT, OfflinePage, json_of, save_artifact

GOLDEN = ROOT / "tests" / "golden" / "records"
#: Reads the page's table back: per seat its hand size, hand, melds, turn, dead, points.
SHOWN = """() => {
  const main = document.querySelector('#game');
  const cards = (node) => [...node.querySelectorAll('[data-card]')].map((c) => c.dataset.card);
  return {
    version: Number(main.dataset.version),
    seats: [...document.querySelectorAll('#seats tbody tr')].map((row) => ({
      hand_size: Number(row.querySelector('.hand-size').textContent),
      hand: row.querySelector('.hidden-hand') ? null : cards(row.querySelector('.hand')),
      melds: [...row.querySelectorAll('.meld')].map((m) => [Number(m.dataset.meld), cards(m)]),
      turn: row.classList.contains('turn'),
      dead: row.classList.contains('dead'),
      points: row.querySelector('.points').textContent,
    })),
  };
}"""
Json = dict[str, Any]


def expected(view: Json) -> Json:
    """What the page must show for the service's view `view`."""
    result = view["result"]
    return {
        "version": view["version"],
        "seats": [
            {
                "hand_size": seat["hand_size"],
                "hand": seat["hand"],
                "melds": [
                    [meld["id"], meld["cards"]]
                    for meld in view["table"]
                    if meld["owner"] == seat["seat"]
                ],
                "turn": view["turn"] == seat["seat"],
                "dead": seat["dead"],
                "points": str(result["points"][seat["seat"]]) if result else "",
            }
            for seat in view["seats"]
        ],
    }


def at_version(page: Page, version: int) -> Json:
    expect(page.locator("#game")).to_have_attribute("data-version", str(version))
    shown: Json = page.evaluate(SHOWN)
    return shown


@pytest.fixture(scope="module")
def api(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=10) as client:
        yield client


def create_tour_game(api: httpx.Client) -> Json:
    """The tour's game (docs/clients.md): two players, seven cards, seed `table-1829`."""
    body = {"players": ["Aminah", "Ben"], "rules": {"cards_per_player": 7}, "seed": "table-1829"}
    created: Json = json_of(api.post("/games", json=body), 201)
    return created


#: The three turns of the tour (docs/clients.md): Ben's passport, Aminah's, Ben's Game.
TOUR_TURNS = [
    (1, ["QS", "QH", "QD", "QC"]),
    (0, ["AH", "AC", "AC"]),
    (1, ["4D", "JK", "6D"]),
]


def play(api: httpx.Client, game: Json, seat: int, cards: list[str]) -> None:
    response = api.post(
        f"/games/{game['game_id']}/seats/{seat}/turns",
        headers={"authorization": f"Bearer {game['tokens'][seat]}"},
        json={"actions": [{"type": "meld", "cards": cards}]},
    )
    json_of(response)


def server_view(api: httpx.Client, game_id: str, version: int) -> Json:
    view: Json = json_of(api.get(f"/games/{game_id}", params={"version": version}))
    return view


def test_the_viewer_is_files_of_the_app_and_no_operation_of_the_contract(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(Settings(sqlite_path=str(tmp_path / "g.sqlite")))) as client:
        html = client.get("/viewer", params={"game": "any"})
        assert html.status_code == 200
        assert html.headers["content-type"].startswith("text/html")
        named = re.findall(r'(?:src|href)="([^"]+)"', html.text)
        assert sorted(named) == ["/play", "/viewer/viewer.css", "/viewer/viewer.js", "data:,"]
        assert client.get("/viewer/table.js").status_code == 200
        script = client.get("/viewer/viewer.js")
        assert script.headers["content-type"].startswith("text/javascript")
        assert client.get("/viewer/viewer.css").status_code == 200
        paths = client.get("/schema/openapi.json").json()["paths"]
        assert not [path for path in paths if path.startswith(("/viewer", "/schema"))]


def test_a_finished_game_steps_by_keys_and_buttons_with_cards_drawn_by_suit(
    page: OfflinePage, api: httpx.Client, tmp_path: Path
) -> None:
    game = create_tour_game(api)
    for seat, cards in TOUR_TURNS:
        play(api, game, seat, cards)
    gid, tab = game["game_id"], page.page
    tab.goto(f"{page.origin}/viewer?game={gid}")

    end = at_version(tab, 9)
    assert end == expected(server_view(api, gid, 9))
    expect(tab.locator("#status")).to_have_text("Game over: Game declared; won by Ben.")
    expect(tab.locator("#position")).to_have_text("Version 9 of 9 (over)")
    assert end["seats"][0]["hand"] == ["2H", "2D", "6C", "KC"]  # Aminah's deadwood: 20 points
    assert [seat["points"] for seat in end["seats"]] == ["20", "0"]
    queen = tab.locator("#seats [data-card='QH']").first
    expect(queen).to_have_text("Q♥")
    expect(queen).to_have_class("card red")
    expect(tab.locator("#seats [data-card='QS']").first).to_have_class("card")
    joker = tab.locator("#seats [data-card='JK']")
    expect(joker).to_have_class("card joker")
    expect(joker).to_have_attribute("title", "joker as 5 of diamonds")
    expect(tab.locator("#seats tbody tr[data-seat='1']")).to_contain_text("#2 run 4♦ JK=5♦ 6♦")
    save_artifact(tab, tmp_path, "viewer-finished-game.png")

    tab.keyboard.press("Home")
    start = at_version(tab, 1)
    assert [seat["hand_size"] for seat in start["seats"]] == [7, 7]
    assert [seat["turn"] for seat in start["seats"]] == [False, True]  # the dealer's left
    assert start["seats"][1]["hand"] == ["QS", "QH", "4D", "6D", "QD", "QC", "JK"]  # R3
    expect(tab.locator("#seats tr.turn .status")).to_have_text("▶ to play")
    for version in range(2, 10):  # every version, stepped with →, as the service shows it
        tab.keyboard.press("ArrowRight")
        assert at_version(tab, version) == expected(server_view(api, gid, version))
    tab.keyboard.press("ArrowRight")  # past the end: stays
    at_version(tab, 9)
    tab.keyboard.press("ArrowLeft")
    passport = at_version(tab, 8)
    assert passport["seats"][1]["melds"] == [[0, ["QS", "QH", "QD", "QC"]], [2, ["4D", "JK", "6D"]]]
    tab.get_by_role("button", name="First version").click()
    at_version(tab, 1)
    tab.get_by_role("button", name="Forward one version").click()
    assert at_version(tab, 2)["seats"][1]["melds"] == [[0, ["QS", "QH", "QD", "QC"]]]
    tab.keyboard.press("End")
    at_version(tab, 9)
    tab.get_by_role("button", name="Back one version").click()
    at_version(tab, 8)
    page.assert_clean()


def test_a_running_game_is_followed_live_and_hands_show_once_it_is_over(
    page: OfflinePage, api: httpx.Client
) -> None:
    game = create_tour_game(api)
    tab = page.page
    asked: list[str] = []
    tab.on("request", lambda request: asked.append(request.url))
    tab.goto(f"{page.origin}/viewer?game={game['game_id']}")
    dealt = at_version(tab, 1)
    assert [seat["hand"] for seat in dealt["seats"]] == [None, None]  # P5: a spectator
    expect(tab.locator("#live")).to_be_visible()
    expect(tab.locator("#status")).to_have_text("Ben to play.")

    play(api, game, *TOUR_TURNS[0])
    expect(tab.locator("#game")).to_have_attribute("data-version", "3", timeout=10_000)
    assert at_version(tab, 3) == expected(server_view(api, game["game_id"], 3))
    expect(tab.locator("#status")).to_have_text("Aminah to play.")

    for seat, cards in TOUR_TURNS[1:]:
        play(api, game, seat, cards)
    expect(tab.locator("#game")).to_have_attribute("data-version", "9", timeout=10_000)
    expect(tab.locator("#live")).to_be_hidden()
    tab.keyboard.press("Home")  # time travel now shows every hand (R3)
    assert at_version(tab, 1) == expected(server_view(api, game["game_id"], 1))
    assert at_version(tab, 1)["seats"][0]["hand"] is not None
    # Followed through the live-updates stream, not by polling the events.
    assert any(f"/games/{game['game_id']}/stream" in url for url in asked), asked
    # Read once at the start, and once at the end, when the events show what they hid.
    assert [url for url in asked if "/events?since=" in url] == 2 * [
        f"{page.origin}/games/{game['game_id']}/events?since=0"
    ]
    page.assert_clean()


@pytest.mark.parametrize("name", ["four-players.json", "four-players-eight-cards-129.json"])
def test_a_record_file_replays_in_the_browser_as_the_service_replays_it(
    page: OfflinePage, api: httpx.Client, tmp_path: Path, name: str
) -> None:
    record = GOLDEN / name
    imported = json_of(
        api.post(
            "/games/import",
            content=record.read_bytes(),
            headers={"content-type": "application/json"},
        ),
        201,
    )
    gid, latest, tab = imported["game_id"], imported["version"], page.page
    tab.goto(f"{page.origin}/viewer")
    tab.set_input_files("#record-file", str(record))
    at_version(tab, latest)
    tab.keyboard.press("Home")
    for version in range(1, latest + 1):
        assert at_version(tab, version) == expected(server_view(api, gid, version)), version
        tab.keyboard.press("ArrowRight")

    ndjson = tmp_path / name.replace(".json", ".ndjson")
    ndjson.write_bytes(json_of_bytes(api.get(f"/games/{gid}/record", params={"format": "ndjson"})))
    tab.set_input_files("#record-file", str(ndjson))
    assert at_version(tab, latest) == expected(server_view(api, gid, latest))

    tab.set_input_files("#record-file", str(record))
    at_version(tab, latest)
    tab.get_by_role("button", name="Import it into the service").click()
    tab.wait_for_url("**/viewer?game=*")  # the record imported again: a game of the service
    again = parse_qs(urlsplit(tab.url).query)["game"][0]
    assert again != gid
    assert at_version(tab, latest) == expected(server_view(api, again, latest))
    for version in (1, latest // 2):
        tab.get_by_label("Version", exact=True).fill(str(version))
        assert at_version(tab, version) == expected(server_view(api, again, version))
    page.assert_clean()


def json_of_bytes(response: httpx.Response) -> bytes:
    assert response.status_code == 200, response.text
    return response.content


def test_an_unknown_game_or_a_file_that_is_no_record_is_said_so(
    page: OfflinePage, tmp_path: Path
) -> None:
    tab = page.page
    tab.goto(f"{page.origin}/viewer?game=00000000-0000-0000-0000-000000000000")
    expect(tab.get_by_role("alert")).to_have_text(
        "Game not found: there is no game 00000000-0000-0000-0000-000000000000"
    )
    notes = tmp_path / "notes.json"
    notes.write_text('{"hello": "world"}')
    tab.set_input_files("#record-file", str(notes))
    expect(tab.get_by_role("alert")).to_have_text(
        re.compile(r"^notes\.json: Malformed input: not a game record .*no `format`")
    )
    assert page.blocked == []
    assert page.errors == []


def test_a_record_file_dropped_onto_the_page_replays(page: OfflinePage) -> None:
    record = GOLDEN / "two-players-seven-cards-35.json"
    tab = page.page
    tab.goto(f"{page.origin}/viewer")
    dropped = tab.evaluate_handle(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], 'dropped.json', {type: 'application/json'}));
          return data;
        }""",
        record.read_text(encoding="utf-8"),
    )
    tab.dispatch_event("body", "drop", {"dataTransfer": dropped})
    shown = at_version(tab, len(json.loads(record.read_text(encoding="utf-8"))["events"]))
    expect(tab.locator("#source")).to_contain_text("Record file dropped.json")
    expect(tab.locator("#status")).to_contain_text("Game over: Game declared")
    assert [seat["hand_size"] for seat in shown["seats"]].count(0) == 1  # the winner's
    page.assert_clean()
