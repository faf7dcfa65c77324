"""Helpers for the play page's browser tests: a player's page, and playing by clicking.

A player is an offline page of its own browser context (its own localStorage), driven
by clicks and typing only: a move is the first button the page lists under "Your
moves", which lists only what the service's legal-moves answer holds.
"""

from __future__ import annotations

import random
import time

from playwright.sync_api import Locator, Page, expect


def open_table(
    page: Page,
    origin: str,
    name: str,
    game: str = "penang",
    *,
    seats: int = 2,
    clock: int = 0,
    cards: int = 0,
    target: int = 0,
    scoring: str = "",
) -> None:
    """Open a table in the lobby: `game`, `seats` seats, seat 0 named `name`, a turn clock,
    `cards` cards per player, the `target` a match is played to and its `scoring` where
    given (the lobby's options)."""
    page.goto(f"{origin}/play")
    page.get_by_label("Game", exact=True).select_option(game)
    page.get_by_label("Seats", exact=True).fill(str(seats))
    page.get_by_label("Seat 0: you, named").fill(name)
    if cards or target or scoring:
        page.locator("#create summary").click()
    if cards:
        page.get_by_label("Cards per player").fill(str(cards))
    if target:
        page.get_by_label("Points the match is played to").fill(str(target))
    if scoring:
        page.get_by_label("Scoring").select_option(scoring)
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
    """The game shown is over, or a hand's end is shown (the match has dealt its next)."""
    shown = page.locator("#status").inner_text().startswith("Game over")
    return shown or page.locator("#ending").is_visible()


def my_turn(page: Page) -> bool:
    return "It is your turn." in page.locator("#status").inner_text()


#: The order of ranks, for the discard a person would choose (the highest unpaired card).
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Table moves (melds, lay-offs, swaps, going out, Gin's knock and its melds after it): a
#: person plays one when one is listed.
TABLE_MOVES = ("Meld", "Lay off", "Swap", "Go out", "Knock", "Lay the meld")


def _rank(card: str) -> str:
    return card[:-1]


def _cards_of(locator: Locator) -> list[str]:
    return [str(text) for text in locator.evaluate_all("(c) => c.map((x) => x.dataset.card)")]


def choose(page: Page, rng: random.Random | None = None) -> Locator | None:
    """The listed move a person plays, or None where none is listed.

    A table move where one is listed; otherwise, in a draw game, the discard pile's top
    card when it pairs a card in the hand (else the stock), and the discard of the highest
    card that pairs nothing. With `rng`, one move in ten is any listed one, as a person's
    whims are: a fixed choice can keep a basic Rummy hand going round for ever. Without
    it, the first listed move.
    """
    moves = page.locator("#moves button.move:not(#declare-dead)")
    count = moves.count()
    if count == 0:
        return None
    if rng is None:
        return moves.first
    if rng.random() < 0.1:
        return moves.nth(rng.randrange(count))
    texts = [moves.nth(i).inner_text() for i in range(count)]
    for i, text in enumerate(texts):
        if text.startswith(TABLE_MOVES):
            return moves.nth(i)
    ranks = [_rank(card) for card in _cards_of(page.locator("#hand button.pick"))]
    draws = [i for i, text in enumerate(texts) if text.startswith("Draw")]
    if draws:
        top = _cards_of(page.locator("[data-pile=discards] .card"))
        wanted = "discard pile" if top and _rank(top[0]) in ranks else "stock"
        return moves.nth(next((i for i in draws if wanted in texts[i]), draws[0]))
    discards = [i for i, text in enumerate(texts) if text.startswith("Discard")]
    if discards:

        def keep(i: int) -> tuple[int, int]:
            rank = _rank(_cards_of(moves.nth(i).locator(".card"))[0])
            return (ranks.count(rank), -RANKS.index(rank) if rank in RANKS else 0)

        return moves.nth(min(discards, key=keep))
    return moves.first


def play_one(page: Page, rng: random.Random | None = None) -> bool:
    """Play the move `choose` picks if it is this page's turn; whether it played."""
    if not my_turn(page):
        return False
    move = choose(page, rng)
    if move is None:
        return False
    table = page.locator("#table")
    version = table.get_attribute("data-version") or ""
    chosen = table.get_attribute("data-composing") or "0"
    move.click()
    # A move that leaves the turn open joins the turn being chosen (P11): send it whole.
    moved = page.locator(
        f'#table:not([data-version="{version}"]), #table:not([data-composing="{chosen}"])'
    )
    expect(moved).to_have_count(1, timeout=10_000)
    if table.get_attribute("data-version") == version:
        page.locator("#send-turn").click()
    expect(table).not_to_have_attribute("data-version", version, timeout=10_000)
    return True


def play_next(pages: list[Page], seconds: float = 15) -> bool:
    """The next move of whichever page's turn it is, waiting (at most `seconds`) for a
    page to show its turn: the page of the seat whose turn came learns of it from its
    stream, a moment after the move before was answered."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(play_one(page) for page in pages):
            return True
        pages[0].wait_for_timeout(100)
    return False


def play_until_over(
    pages: list[Page], limit: int = 400, seconds: float = 240, rng: random.Random | None = None
) -> None:
    """Each page plays when it is its turn (as `choose` picks), until a page shows the game over.

    Bounded by `limit` moves of the pages and by `seconds` of the clock, not by how often a
    page waits: while bots think, a page waits, and waiting is no move.
    """
    deadline = time.monotonic() + seconds
    moves = 0
    while moves < limit and time.monotonic() < deadline:
        if any(game_over(page) for page in pages):
            return
        played = sum(play_one(page, rng) for page in pages)
        moves += played
        if not played:
            pages[0].wait_for_timeout(100)
    if any(game_over(page) for page in pages):
        return
    raise AssertionError(f"the game did not end after {moves} moves of the pages")
