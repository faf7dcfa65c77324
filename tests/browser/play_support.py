"""Helpers for the play page's browser tests: a player's page, and playing by clicking.

A player is an offline page of its own browser context (its own localStorage), driven
by clicks and typing only: a move is the first button the page lists under "Your
moves", which lists only what the service's legal-moves answer holds.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect


def open_table(
    page: Page, origin: str, name: str, game: str = "penang", *, seats: int = 2, clock: int = 0
) -> None:
    """Open a table in the lobby: `game`, `seats` seats, seat 0 named `name`, a turn clock."""
    page.goto(f"{origin}/play")
    page.get_by_label("Game", exact=True).select_option(game)
    page.get_by_label("Seats", exact=True).fill(str(seats))
    page.get_by_label("Seat 0: you, named").fill(name)
    if clock:
        page.get_by_label("Turn clock (seconds; empty for none)").fill(str(clock))
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator("#table")).to_be_visible()


def claim_from_link(page: Page, url: str, name: str) -> None:
    """Follow an invitation link and claim the seat by name."""
    page.goto(url)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Claim the seat").click()
    expect(page.locator("#table")).to_be_visible()


def game_over(page: Page) -> bool:
    """The game shown is over, or the match has dealt its next (a Three Thirteen hand)."""
    shown = page.locator("#status").inner_text().startswith("Game over")
    return shown or "Game 2 of the match" in page.locator("#totals").inner_text()


def my_turn(page: Page) -> bool:
    return "It is your turn." in page.locator("#status").inner_text()


def play_one(page: Page) -> bool:
    """Click the first listed move if it is this page's turn; whether it played."""
    if not my_turn(page):
        return False
    moves = page.locator("#moves button.move:not(#declare-dead)")
    if moves.count() == 0:
        return False
    version = page.locator("#table").get_attribute("data-version")
    moves.first.click()
    table = page.locator("#table")
    expect(table).not_to_have_attribute("data-version", version or "", timeout=10_000)
    return True


def play_until_over(pages: list[Page], limit: int = 400, seconds: float = 240) -> None:
    """Each page plays when it is its turn, until a page shows the game over."""
    deadline = time.monotonic() + seconds
    for _ in range(limit):
        if any(game_over(page) for page in pages):
            return
        if not any(play_one(page) for page in pages):
            if time.monotonic() > deadline:
                break
            pages[0].wait_for_timeout(200)
    raise AssertionError("the game did not end")
