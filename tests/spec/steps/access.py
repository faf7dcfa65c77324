"""Who may send a turn (R56, D8): the token is checked before the rest of the request.

Only the HTTP driver takes tokens: these steps speak to the service through the
`HttpDriver`'s client, which test_access_http.py provides.
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import parsers, then, when

from ..drivers import Driver
from ..http_driver import HttpDriver

_SENDS = (
    r"seat (?P<seat>\d+) sends a turn whose body is not JSON, with "
    r"(?P<whose>no token|a token of no seat|its own token|seat (?P<other>\d+)'s token)"
)


def _http(driver: Driver) -> HttpDriver:
    assert isinstance(driver, HttpDriver), "only the HTTP driver takes tokens"
    return driver


@when(parsers.re(_SENDS), target_fixture="answer")
def turn_not_json(driver: Driver, seat: str, whose: str, other: str | None) -> Any:
    http = _http(driver)
    tokens = {
        "no token": None,
        "a token of no seat": "x" * 43,
        "its own token": http.tokens[int(seat)],
    }
    token = http.tokens[int(other)] if other is not None else tokens[whose]
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return http.client.post(
        f"/games/{http.game_id}/seats/{seat}/turns", content=b'{"actions": [', headers=headers
    )


@then(parsers.parse('it is refused with status {status:d} and code "{code}"'))
def refused_with(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code, answer.text


@then("the game is still as dealt")
def still_as_dealt(driver: Driver) -> None:
    assert driver.view(None)["version"] == 1, "a refused request recorded events"
    assert [event["type"] for event in driver.events(None)] == ["Dealt"]
