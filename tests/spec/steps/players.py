"""Players, their handles and their keys (U1-U9, R64): features/players/players.feature.

The steps reach players only through the `players` fixture (`players_driver`), which
test_players_domain.py and test_players_http.py provide.
"""

from __future__ import annotations

from typing import Any, cast

from pytest_bdd import given, parsers, then, when

from domain.players.events import Scope

from ..players_driver import (
    OPERATOR,
    HttpPlayers,
    PlayersDriver,
    Refusal,
    Registered,
    first_key,
)

#: How a scenario names a key: `Alice's first key`, `the key "reader"`, `the operator key`.
_KEY = r"(?P<key>\w+'s first key|the key \"\w+\"|the operator key)"


def _key(key: str) -> str:
    if key == OPERATOR or key.endswith("first key"):
        return key
    return key.removeprefix('the key "').removesuffix('"')


def _scopes(text: str) -> tuple[Scope, ...]:
    return cast(tuple[Scope, ...], tuple(scope.strip() for scope in text.split(",")))


@given(parsers.parse('"{handle}" has registered'))
def has_registered(players: PlayersDriver, handle: str) -> None:
    assert players.register(handle) == Registered(handle, "player")


@when(parsers.parse('"{handle}" registers'), target_fixture="answer")
def registers(players: PlayersDriver, handle: str) -> Any:
    return players.register(handle)


@when(parsers.parse('the operator registers "{handle}"'), target_fixture="answer")
def operator_registers(players: PlayersDriver, handle: str) -> Any:
    return players.register(handle, operator=True)


@when(parsers.parse('the bot "{handle}" registers'), target_fixture="answer")
def bot_registers(players: PlayersDriver, handle: str) -> Any:
    return players.register(handle, kind="bot")


@then(parsers.parse('the bot is registered as "{handle}", a bot'))
def bot_registered_as(answer: Any, handle: str) -> None:
    assert answer == Registered(handle, "player", "bot"), answer


@then(parsers.re(r'the handle is registered as "(?P<handle>[^"]+)"(?P<operator> by the operator)?'))
def registered_as(answer: Any, handle: str, operator: str | None) -> None:
    assert answer == Registered(handle, "operator" if operator else "player"), answer


@then(
    parsers.re(
        r"the (?:registration|request) is refused citing (?P<rule>U\d+) "
        r'with code "(?P<code>[\w-]+)"'
    )
)
def refused(answer: Any, rule: str, code: str) -> None:
    assert answer == Refusal(code, rule), answer


@then(parsers.re(r"(?P<handle>\w+)'s first key holds the scopes (?P<scopes>[a-z, ]+)"))
def first_key_holds(players: PlayersDriver, handle: str, scopes: str) -> None:
    shown = players.list_keys(handle, first_key(handle))
    assert not isinstance(shown, Refusal), shown
    (key,) = [k for k in shown[0] if k.label == "first key"]
    assert key.scopes == _scopes(scopes)


@when(
    parsers.re(
        _KEY + r" issues (?P<owner>\w+)'s key \"(?P<name>\w+)\" with scopes (?P<scopes>[a-z, ]+)"
    ),
    target_fixture="answer",
)
def issues(players: PlayersDriver, key: str, owner: str, name: str, scopes: str) -> Any:
    return players.issue(owner, _key(key), name, _scopes(scopes))


@then(parsers.re(r'the key "(?P<name>\w+)" holds the scopes (?P<scopes>[a-z, ]+)'))
def key_holds(answer: Any, scopes: str) -> None:
    assert answer == _scopes(scopes), answer


@when(parsers.re(_KEY + r" lists (?P<owner>\w+)'s keys"), target_fixture="answer")
def lists(players: PlayersDriver, key: str, owner: str) -> Any:
    return players.list_keys(owner, _key(key))


@when(
    parsers.re(_KEY + r" revokes (?P<owner>\w+)'s key \"(?P<name>\w+)\""), target_fixture="answer"
)
def revokes(players: PlayersDriver, key: str, owner: str, name: str) -> Any:
    return players.revoke(owner, _key(key), name)


@then(parsers.parse('the list shows the keys "{labels}" and no secret'))
def list_shows(players: PlayersDriver, answer: Any, labels: str) -> None:
    assert not isinstance(answer, Refusal), answer
    shown, text = answer
    assert [key.label for key in shown] == [label.strip() for label in labels.split(",")]
    assert not any(secret in text for secret in players.keys.values())


@then(parsers.parse('the list shows the key "{label}" revoked'))
def list_shows_revoked(answer: Any, label: str) -> None:
    (key,) = [key for key in answer[0] if key.label == label]
    assert key.revoked


# --- seats held by players (U10): over HTTP only -----------------------------------------


def _http(players: PlayersDriver) -> HttpPlayers:
    assert isinstance(players, HttpPlayers), "only the HTTP driver takes keys at a seat"
    return players


@when(
    parsers.re(
        r"(?P<key>\w+'s first key|the operator) seats (?P<first>\w+) and (?P<second>\w+) at a game"
    ),
    target_fixture="answer",
)
def seats_at_a_game(players: PlayersDriver, key: str, first: str, second: str) -> Any:
    acting = OPERATOR if key == "the operator" else key
    return _http(players).seat_game(acting, (first, second))


@then(parsers.parse("the deal seats {first} at seat 0 and {second} at seat 1"))
def deal_seats(players: PlayersDriver, first: str, second: str) -> None:
    assert _http(players).seated() == (first, second)


@then(parsers.re(r"(?P<handle>\w+)'s first key reads seat (?P<seat>\d) of the game"))
def reads_seat(players: PlayersDriver, handle: str, seat: str) -> None:
    view = _http(players).read_seat(first_key(handle), int(seat))
    assert not isinstance(view, Refusal), view
    assert view["hand"] is not None


@then(
    parsers.re(
        r"(?P<handle>\w+)'s first key is refused at seat (?P<seat>\d) of the game "
        r'with code "(?P<code>[\w-]+)"'
    )
)
def refused_at_seat(players: PlayersDriver, handle: str, seat: str, code: str) -> None:
    refusal = _http(players).read_seat(first_key(handle), int(seat))
    assert isinstance(refusal, Refusal) and refusal.code == code, refusal


# --- matches held by players (U13): over HTTP only ---------------------------------------


@when(parsers.parse("a match opens {seats:d} seats"))
def a_match_opens(players: PlayersDriver, seats: int) -> None:
    _http(players).open_match(seats)


@when(
    parsers.re(
        r"(?P<key>\w+'s first key|the operator) claims seat (?P<seat>\d) of the match "
        r"for (?P<handle>\w+)"
    ),
    target_fixture="answer",
)
def claims_a_match_seat(players: PlayersDriver, key: str, seat: str, handle: str) -> Any:
    acting = OPERATOR if key == "the operator" else key
    return _http(players).claim(acting, handle, int(seat))
