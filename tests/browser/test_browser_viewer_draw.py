"""The viewer on the draw games: a Three Thirteen hand followed live to its end, drawn with
its piles, wild rank, events with their cards, the going-out melds and how it ended."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from .support import OfflinePage, json_of, save_artifact


def test_a_three_thirteen_hand_is_followed_live_until_it_ends_and_drawn_right(
    page: OfflinePage, tmp_path: Path
) -> None:
    # docs/clients.md's hand: Ben goes out with 9H 9D 3D (the threes wild), Aminah's last turn.
    with httpx.Client(base_url=page.origin, timeout=10) as api:
        body = {"players": ["Aminah", "Ben"], "game": "three-thirteen", "hand": 1}
        body["seed"] = "table-16"
        game = json_of(api.post("/games", json=body), 201)
        gid, tokens = game["game_id"], game["tokens"]
        tab = page.page
        tab.goto(f"{page.origin}/viewer?game={gid}")
        expect(tab.locator("#live")).to_be_visible()
        expect(tab.locator("[data-pile='wild']")).to_have_text("Wild rank: 3s (hand 1)")
        expect(tab.locator("#status")).to_have_text("Ben to draw.")

        def turn(seat: int, actions: list[dict[str, object]]) -> None:
            auth = {"authorization": f"Bearer {tokens[seat]}"}
            url = f"/games/{gid}/seats/{seat}/turns"
            json_of(api.post(url, headers=auth, json={"actions": actions}))

        turn(1, [{"type": "draw", "source": "stock"}])
        expect(tab.locator("#events")).to_contain_text("Seat 1 · Ben: draws a card from the stock.")
        expect(tab.locator("[data-pile='stock']")).to_have_text("Stock: 44 cards")
        go_out = {"type": "go_out", "melds": [["9H", "9D", "3D"]], "discard": "6C"}
        turn(1, [go_out])
        expect(tab.locator("#events")).to_contain_text("Seat 1 · Ben: discards 6♣.")
        expect(tab.locator("[data-pile='discards']")).to_contain_text("6♣ on top, 2 in all")
        turn(0, [{"type": "draw", "source": "discard"}, {"type": "discard", "card": "QD"}])

        expect(tab.locator("#live")).to_be_hidden(timeout=10_000)  # the hand is over
        expect(tab.locator("#status")).to_have_text("Game over: Ben went out; won by Ben.")
        ben = tab.locator("#seats tbody tr[data-seat='1']")
        expect(ben.locator(".meld.declared")).to_contain_text("gone out with 9♥ 9♦ 3♦")
        expect(ben.locator(".hand")).to_have_text("")  # nothing left over: the melds took all
        expect(tab.locator("#seats tbody tr[data-seat='0'] .points")).to_have_text("11")
        expect(tab.locator("#events")).to_contain_text("Seat 1 · Ben: goes out with 9♥ 9♦ 3♦.")
        expect(tab.locator("#events")).to_contain_text("The hand ends: seat 1 · Ben went out")
        wild = tab.locator("#seats [data-card='3D']").first
        expect(wild).to_have_attribute("aria-label", "3 of diamonds, wild")
        save_artifact(tab, tmp_path, "viewer-three-thirteen-over.png")
    page.assert_clean()


@pytest.mark.parametrize("game", ["rummy", "gin", "penang"])
def test_a_turn_the_clock_played_reads_as_the_clocks_in_the_events(
    page: OfflinePage, tmp_path: Path, game: str
) -> None:
    # R36: basic Rummy's clock plays a default turn, its discard `reason: "timeout"`;
    # R51: Gin's passes the first upcard, `reason: "timeout"`, and the second such pass
    # ends the hand abandoned (R52); R19: Penang's clock makes the seat dead.
    with httpx.Client(base_url=page.origin, timeout=10) as api:
        body: dict[str, object] = {"players": ["You", "Ben"], "game": game, "turn_seconds": 1}
        body["seed"] = "clock-words"
        gid = json_of(api.post("/games", json=body), 201)["game_id"]
        tab = page.page
        tab.goto(f"{page.origin}/viewer?game={gid}")
        events = tab.locator("#events")
        seat = r"Seat \d · (You|Ben): "
        if game == "rummy":
            line = events.locator("li", has_text="(the clock's default turn)").first
            expect(line).to_contain_text(re.compile(seat + "discards "), timeout=15_000)
            expect(events).to_contain_text(re.compile(seat + "draws a card from the stock"))
        elif game == "gin":
            line = events.locator("li", has_text="(the clock's default turn)").first
            expect(line).to_contain_text(
                re.compile(seat + "passes the first upcard"), timeout=15_000
            )
            expect(events).to_contain_text("every seat left the table", timeout=15_000)
        else:
            line = events.locator("li", has_text="is dead (the turn clock ran out).").first
            expect(line).to_contain_text(re.compile(seat + "is dead"), timeout=15_000)
        expect(events).not_to_contain_text(re.compile(r"You (draws|discards|is dead)"))
        expect(line).to_be_visible()
        save_artifact(tab, tmp_path, f"viewer-{game}-clock.png")
    page.assert_clean()


def test_a_match_of_the_service_is_watched_game_by_game(page: OfflinePage) -> None:
    with httpx.Client(base_url=page.origin, timeout=10) as api:
        body = {"players": ["Aminah", "Ben"], "game": "rummy", "options": {"games": 2}}
        body["draw_rules"] = {"game": "rummy", "cards_per_player": 3}
        match = json_of(api.post("/matches", json=body), 201)
        tab = page.page
        tab.goto(f"{page.origin}/viewer?match={match['match_id']}")
        expect(tab.locator("#match-games li")).to_have_count(1)
        # A draw game's game of a match is a hand (the lobby's `game_word`).
        expect(tab.locator("#match-games")).to_contain_text("Hand 1 (being played)")
        expect(tab.locator("#match-totals")).to_have_text("Totals: Aminah 0, Ben 0.")
        expect(tab.locator("#live")).to_be_visible()
        expect(tab.locator("#seats .hand")).to_have_text(["hidden", "hidden"])
        # The address names the match and the game open in it, so a reload comes back.
        game_id = json_of(api.get(f"/matches/{match['match_id']}"))["current_game"]
        expect(tab).to_have_url(re.compile(f"match={match['match_id']}.*game={game_id}"))
        tab.reload()
        expect(tab.locator("#match-games")).to_contain_text("Hand 1 (being played)")
        expect(tab.locator("#game")).to_have_attribute("data-latest", re.compile(r"\d+"))
    page.assert_clean()


def test_a_gin_hand_is_followed_live_until_it_ends_and_drawn_right(
    page: OfflinePage, tmp_path: Path
) -> None:
    # The first listed action each turn, a knock, a meld or a lay-off first where listed,
    # else a draw from the stock: seat 0 knocks with 10 points of deadwood or less, and
    # wins the hand (G9, G10, G12).
    preferred = ("knock", "show_meld", "lay_off_card")
    with httpx.Client(base_url=page.origin, timeout=10) as api:
        body = {"players": ["Aminah", "Ben"], "game": "gin", "seed": "gin-viewer-7"}
        game = json_of(api.post("/games", json=body), 201)
        gid, tokens = game["game_id"], game["tokens"]
        tab = page.page
        tab.goto(f"{page.origin}/viewer?game={gid}")
        expect(tab.locator("#live")).to_be_visible()
        expect(tab.locator("[data-pile='knock']")).to_have_text("Knock with deadwood at most 10")
        expect(tab.locator("#status")).to_contain_text("to take or pass the first upcard.")
        for _ in range(400):
            view = json_of(api.get(f"/games/{gid}"))
            if view["over"]:
                break
            seat = view["turn"]
            auth = {"authorization": f"Bearer {tokens[seat]}"}
            listed = json_of(api.get(f"/games/{gid}/seats/{seat}/moves", headers=auth))
            actions = listed["moves"]["actions"]
            stock = [a for a in actions if a == {"type": "draw", "source": "stock"}]
            picks = [a for a in actions if a["type"] in preferred] + stock + actions
            url = f"/games/{gid}/seats/{seat}/turns"
            json_of(api.post(url, headers=auth, json={"actions": picks[:1]}))
        ended = view["result"]
        assert view["over"] and ended is not None
        expect(tab.locator("#live")).to_be_hidden(timeout=10_000)  # the hand is over
        expect(tab.locator("#events")).to_contain_text("The hand ends (")
        for seat, points in enumerate(ended["points"]):
            row = tab.locator(f"#seats tbody tr[data-seat='{seat}']")
            expect(row.locator(".points")).to_have_text(str(points))
            expect(row.locator(".hand .card").first).to_be_visible()  # every hand shown
        assert (ended["reason"], ended["knocker"], ended["winners"]) == ("knock", 0, [0])
        expect(tab.locator("#status")).to_have_text("Game over: a knock; won by Aminah.")
        knocker = tab.locator("#seats tbody tr[data-seat='0']")
        expect(knocker.locator(".status")).to_contain_text("knocked, winner")
        expect(knocker.locator(".melds .meld").first).to_be_visible()  # its melds laid
        expect(tab.locator("#events")).to_contain_text("Seat 0 · Aminah: knocks.")
        expect(tab.locator("#events")).to_contain_text("Seat 0 · Aminah: lays the meld ")
        save_artifact(tab, tmp_path, "viewer-gin-over.png")
    page.assert_clean()
