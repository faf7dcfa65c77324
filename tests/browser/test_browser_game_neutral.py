"""The pages read a game they have no words for: a new game's events show with no edit.

`service/static/viewer/table.js` names no game (`tests/unit/test_pages_name_no_game.py`):
which event ends a game, and every event type a stream sends, come from
`GET /play/games.json`; an event type it has no words for reads from its type and its
fields, its cards drawn. Here the module, as the viewer loads it, draws events no game
of the service has.
"""

from __future__ import annotations

from typing import Any

from .support import OfflinePage

#: Draw `events` with the viewer's table.js, as the viewer does once it has read the
#: games: each event's text and the number of cards drawn in it.
DRAW = """async (events) => {
  const table = await import("/viewer/table.js");
  const lobby = await table.loadGames();
  const drawn = events.map((event) => {
    const node = document.createElement("p");
    node.append(...table.describe(event, ["Ann", "Ben"]));
    return [node.textContent, node.querySelectorAll(".card").length];
  });
  const endsOf = (type) => table.ended([{ version: 9, event: { type } }]);
  const ends = lobby.games.map((game) => endsOf(game.end_type));
  const notEnded = table.ended([{ version: 2, event: events[0] }]);
  return { drawn, ends, notEnded, types: table.eventTypes() };
}"""


def _draw(page: OfflinePage, events: list[dict[str, Any]]) -> dict[str, Any]:
    page.page.goto(f"{page.origin}/viewer")
    result: dict[str, Any] = page.page.evaluate(DRAW, events)
    page.assert_clean()
    return result


def test_an_event_type_without_words_of_its_own_reads_from_its_fields(page: OfflinePage) -> None:
    drawn = _draw(
        page,
        [
            {"type": "CardsPassed", "seat": 1, "cards": ["5S", "JK"], "to": 0, "reason": "timeout"},
            {"type": "TrickWon", "seat": 0, "tricks": [["10H", "QD"], ["AC"]], "points": [3, 0]},
            {"type": "RoundScored", "round": 2, "dealer": 1, "empty": [], "none": None},
        ],
    )
    assert drawn["drawn"] == [
        ["Seat 1 · Ben: cards passed (cards 5♠ JK; to 0; reason timeout).", 2],
        ["Seat 0 · Ann: trick won (tricks 10♥ Q♦; A♣; points 3 / 0).", 3],
        ["Round scored (round 2; dealer seat 1).", 0],
    ]
    assert drawn["notEnded"] is False


def test_every_game_s_last_event_ends_it_and_its_stream_types_come_from_the_service(
    page: OfflinePage,
) -> None:
    drawn = _draw(page, [{"type": "Drew", "seat": 0, "source": "stock", "card": None}])
    assert drawn["drawn"] == [["Seat 0 · Ann: draws a card from the stock.", 0]]
    assert drawn["ends"] == [True] * len(drawn["ends"]) and drawn["ends"]
    assert {"Dealt", "HandDealt", "Drew", "GameEnded"} <= set(drawn["types"])
