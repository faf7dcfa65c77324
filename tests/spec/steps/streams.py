"""Live updates (P5, P9, P10, D8, R3): the streams a seat or a spectator follows.

Only the HTTP driver streams: these steps take the `streams` fixture, which
test_live_updates_http.py provides (a server in a thread, one reader per viewer).
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers, then, when

from ..drivers import Driver
from ..live import Streams, Viewer
from ..notation import cards, same_cards

FOLLOWS = r"(?:seat (?P<seat>\d+)|a spectator) follows the game"
WHOSE = r"(?:seat (?P<seat>\d+)|the spectator)'s stream"


def _viewer(seat: str | None) -> Viewer:
    return None if seat is None else int(seat)


def _connected(streams: Streams, viewer: Viewer) -> None:
    # A stream opens with the events so far and whose turn it is: then it is live.
    streams.reader(viewer).wait(lambda r: r.last_turn() is not None or r.ended)


def _dealt(streams: Streams, viewer: Viewer) -> Any:
    deals = [m for m in streams.reader(viewer).events() if m.event == "Dealt"]
    assert len(deals) == 1, f"the stream holds {len(deals)} deals"
    return deals[0].data["event"]


def _says_turn(streams: Streams, driver: Driver, viewer: Viewer, seat: int) -> None:
    version = driver.view(None)["version"]
    reader = streams.reader(viewer)
    reader.wait(lambda r: (r.last_turn() or {}).get("version") == version)
    turn = reader.last_turn()
    assert (turn["turn"], turn["over"]) == (seat, False), f"the stream says {turn}"
    assert reader.last_id() == version


@given(parsers.re(FOLLOWS))
@when(parsers.re(FOLLOWS))
def follows(streams: Streams, seat: str | None) -> None:
    viewer = _viewer(seat)
    streams.open(viewer)
    _connected(streams, viewer)


@when("the spectator follows the game again after the last event it got")
def follows_again(streams: Streams) -> None:
    seen = [message.id for message in streams.dropped[None] if message.id is not None]
    streams.open(None, after=seen[-1])
    _connected(streams, None)


@when("the spectator's stream drops")
def stream_drops(streams: Streams) -> None:
    streams.drop(None)


@then(parsers.parse("every stream says it is seat {seat:d}'s turn"))
def every_stream_says_turn(streams: Streams, driver: Driver, seat: int) -> None:
    for viewer in streams.readers:
        _says_turn(streams, driver, viewer, seat)


@then(parsers.re(WHOSE + r" says it is seat (?P<turn>\d+)'s turn"))
def stream_says_turn(streams: Streams, driver: Driver, seat: str | None, turn: str) -> None:
    _says_turn(streams, driver, _viewer(seat), int(turn))


@then(parsers.parse('the spectator\'s stream shows next, in one batch, "{types}"'))
def next_batch(streams: Streams, driver: Driver, types: str) -> None:
    version = driver.view(None)["version"]
    reader = streams.reader(None)
    reader.wait(lambda r: (r.last_turn() or {}).get("version") == version)
    messages = reader.messages
    turns = [at for at, message in enumerate(messages) if message.event == "turn"]
    assert len(turns) >= 2 and turns[-1] == len(messages) - 1, messages
    batch = messages[turns[-2] + 1 : turns[-1]]
    assert [message.event for message in batch] == types.split(), batch
    first = messages[turns[-2]].data["version"] + 1
    assert [message.id for message in batch] == list(range(first, version + 1))


@then(parsers.re(WHOSE + r' shows the deal with its own hand "(?P<hand>[^"]+)" and no other'))
def deal_shows_own_hand(streams: Streams, seat: str | None, hand: str) -> None:
    viewer = _viewer(seat)
    dealt = _dealt(streams, viewer)
    for other, shown in enumerate(dealt["hands"]):
        if other == viewer:
            assert shown is not None and same_cards(shown, cards(hand)), shown
        else:
            assert shown is None, f"{seat}'s stream shows the hand of seat {other}"


@then("the spectator's stream shows the deal with no hand")
def deal_shows_no_hand(streams: Streams) -> None:
    assert _dealt(streams, None)["hands"] == [None] * len(_dealt(streams, None)["hands"])


@then("no stream shows the undealt cards")
def no_undealt(streams: Streams) -> None:
    for viewer in streams.readers:
        assert _dealt(streams, viewer)["undealt"] is None, f"viewer {viewer} sees them"


@then("the spectator's stream shows the deal with every hand")
def deal_shows_every_hand(streams: Streams) -> None:
    dealt = _dealt(streams, None)
    assert all(hand is not None for hand in dealt["hands"]), dealt["hands"]
    assert dealt["undealt"] is not None


@then("the spectator's stream ends after the game's last event, saying nobody's turn")
def stream_ends(streams: Streams, driver: Driver) -> None:
    reader = streams.reader(None)
    reader.join()
    assert reader.last_id() == driver.view(None)["version"]
    last = reader.messages[-1]
    assert last.event == "turn" and (last.data["turn"], last.data["over"]) == (None, True)


@then("the spectator has every event of the game once, in order")
def every_event_once(streams: Streams, driver: Driver) -> None:
    received = [message for message in streams.received(None) if message.id is not None]
    assert [message.id for message in received] == list(range(1, len(received) + 1))
    assert [message.data["event"] for message in received] == driver.events(None)
