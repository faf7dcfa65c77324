"""Players and their keys over HTTP (U1-U9, R64): registering, the handles refused,
keys issued with scopes, listed without their secret, revoked at once everywhere."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import ApplicationRecorder

from service.settings import Settings

from .support import Api

OPERATOR = "operator-key-for-tests-7c1d"
#: Letters a tag is made of: none that a skeleton reads as another, nor `b` (of `bot`).
_TAG_LETTERS = "cdfghjkpqvwxyz"


@pytest.fixture(autouse=True)
def tag() -> str:
    """Five letters each test's handles end in: PostgreSQL's database is the session's,
    so a handle of one test would be taken in the next (U3)."""
    return "".join(secrets.choice(_TAG_LETTERS) for _ in range(5))


def wide(text: str) -> str:
    """`text`'s ASCII letters in their full-width forms (NFKC reads them back)."""
    return "".join(chr(ord(c) + 0xFEE0) for c in text)


def register(api: Api, handle: str, key: str | None = None) -> Any:
    return api.client.post("/players", json={"handle": handle}, headers=api.auth(key))


def registered(api: Api, handle: str) -> dict[str, Any]:
    response = register(api, handle)
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_registering_answers_the_player_and_a_key_shown_once(api: Api, tag: str) -> None:
    player = registered(api, "Alice" + tag)
    key = player["key"]
    assert player["handle"] == "Alice" + tag and player["registered_by"] == "player"
    assert key["key"].startswith("prk_") and len(key["key"]) >= 4 + 43  # 256 bits
    assert key["scopes"] == ["play", "read", "keys"]
    got = api.client.get(f"/players/{player['player_id']}")
    assert got.json() == {
        "player_id": player["player_id"],
        "handle": "Alice" + tag,
        "kind": "person",
    }
    listed = api.client.get(f"/players/{player['player_id']}/keys", headers=api.auth(key["key"]))
    assert listed.status_code == 200, listed.text
    assert key["key"] not in listed.text
    assert [k["key_id"] for k in listed.json()["keys"]] == [key["key_id"]]


def test_a_key_is_stored_only_as_its_hash(api: Api, tag: str) -> None:
    player = registered(api, "Hashed" + tag)
    secret = player["key"]["key"].encode()
    recorder = api.store.recorder
    assert isinstance(recorder, ApplicationRecorder)
    # The player's own stream: a database other tests share holds more than any page.
    stored = recorder.select_events(UUID(player["player_id"]))
    assert any(b"KeyIssued" in bytes(n.state) for n in stored)
    assert all(secret not in bytes(n.state) for n in stored)


@pytest.mark.parametrize(
    ("handle", "status", "code", "rule"),
    [
        ("al ice", 422, "handle-alphabet", "U1"),
        ("Åsa", 422, "handle-alphabet", "U1"),
        ("9lives", 422, "handle-alphabet", "U1"),
        ("аlice", 422, "handle-alphabet", "U1"),  # a Cyrillic `а`
        ("ab", 422, "handle-length", "U2"),
        ("a" * 21, 422, "handle-length", "U2"),
        ("Adm1n", 422, "handle-reserved", "U4"),
        ("Penang_Rummy", 422, "handle-reserved", "U4"),
        ("Robo_Bot", 422, "handle-like-bot", "U5"),
        ("r0bot", 422, "handle-like-bot", "U5"),
        ("Greedy", 422, "handle-like-bot", "U5"),
    ],
)
def test_a_bad_handle_is_refused_naming_its_rule(
    api: Api, handle: str, status: int, code: str, rule: str
) -> None:
    response = register(api, handle)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert (response.json()["code"], response.json()["rule"]) == (code, rule)


@pytest.mark.parametrize(
    "again", ["alice{t}", "ALICE{T}", "A_lice{t}", "al1ce{t}", "ＡＬＩＣＥ{W}", "aIice{t}"]
)
def test_a_handle_that_reads_the_same_is_taken(api: Api, again: str, tag: str) -> None:
    registered(api, "Alice" + tag)
    response = register(api, again.format(t=tag, T=tag.upper(), W=wide(tag)))
    assert response.status_code == 409, response.text
    assert (response.json()["code"], response.json()["rule"]) == ("handle-taken", "U3")


def test_full_width_letters_are_stored_as_ascii(api: Api, tag: str) -> None:
    assert registered(api, "ＢＯＢＢＹ" + wide(tag))["handle"] == "BOBBY" + tag


def _issue(api: Api, player: dict[str, Any], key: str, scopes: list[str]) -> Any:
    return api.client.post(
        f"/players/{player['player_id']}/keys/new",
        json={"scopes": scopes, "label": "a bot"},
        headers=api.auth(key),
    )


def test_a_key_issues_keys_of_the_scopes_it_holds_only(api: Api, tag: str) -> None:
    player = registered(api, "Scoped" + tag)
    first = player["key"]["key"]
    read = _issue(api, player, first, ["read"])
    assert read.status_code == 201, read.text
    assert read.json()["scopes"] == ["read"] and read.json()["label"] == "a bot"
    reader = read.json()["key"]
    # A `read` key lists, but issues nothing, nor revokes (U7).
    listed = api.client.get(f"/players/{player['player_id']}/keys", headers=api.auth(reader))
    assert listed.status_code == 200
    refused = _issue(api, player, reader, ["read"])
    assert refused.status_code == 403
    assert (refused.json()["code"], refused.json()["rule"]) == ("scope-not-held", "U7")
    play = _issue(api, player, first, ["play"]).json()["key"]
    unread = api.client.get(f"/players/{player['player_id']}/keys", headers=api.auth(play))
    assert (unread.status_code, unread.json()["rule"]) == (403, "U7")


def test_a_revoked_key_is_refused_at_once(api: Api, tag: str) -> None:
    player = registered(api, "Revoker" + tag)
    first = player["key"]["key"]
    other = _issue(api, player, first, ["read"]).json()
    revoke = api.client.post(
        f"/players/{player['player_id']}/keys/{other['key_id']}/revoke", headers=api.auth(first)
    )
    assert revoke.status_code == 200, revoke.text
    assert revoke.json()["revoked_at"] is not None
    refused = api.client.get(f"/players/{player['player_id']}/keys", headers=api.auth(other["key"]))
    assert refused.status_code == 401
    assert (refused.json()["code"], refused.json()["rule"]) == ("revoked-key", "U8")
    again = api.client.post(
        f"/players/{player['player_id']}/keys/{other['key_id']}/revoke", headers=api.auth(first)
    )
    assert (again.status_code, again.json()["code"]) == (409, "key-revoked")


def test_a_key_revoked_in_one_process_is_refused_in_another(
    settings: Settings, make_api: Callable[[Settings], Api], tag: str
) -> None:
    one, two = make_api(settings), make_api(settings)
    player = registered(one, "TwoProcs" + tag)
    first = player["key"]["key"]
    other = _issue(one, player, first, ["read"]).json()
    path = f"/players/{player['player_id']}/keys"
    assert two.client.get(path, headers=two.auth(other["key"])).status_code == 200
    one.client.post(f"{path}/{other['key_id']}/revoke", headers=one.auth(first))
    assert two.client.get(path, headers=two.auth(other["key"])).status_code == 401


def test_one_handle_registered_in_two_processes_is_registered_once(
    settings: Settings, make_api: Callable[[Settings], Api], tag: str
) -> None:
    one, two = make_api(settings), make_api(settings)
    assert register(one, "Racer" + tag).status_code == 201
    taken = register(two, "racer" + tag)
    assert (taken.status_code, taken.json()["code"]) == (409, "handle-taken")


def test_a_player_cannot_act_as_another(api: Api, tag: str) -> None:
    alice, bob = registered(api, "Alicia" + tag), registered(api, "Bobby" + tag)
    response = api.client.get(
        f"/players/{bob['player_id']}/keys", headers=api.auth(alice["key"]["key"])
    )
    assert response.status_code == 403
    assert (response.json()["code"], response.json()["rule"]) == ("another-players-key", "U7")


def test_a_players_operation_needs_a_key(api: Api, tag: str) -> None:
    player = registered(api, "Keyless" + tag)
    path = f"/players/{player['player_id']}/keys"
    assert api.client.get(path).status_code == 401
    unknown = api.client.get(path, headers=api.auth("prk_not-a-key"))
    assert (unknown.status_code, unknown.json()["code"]) == (401, "invalid-token")


def test_the_operator_registers_and_manages_players(
    settings: Settings, make_api: Callable[[Settings], Api], tag: str
) -> None:
    api = make_api(settings.replace({"operator_key": OPERATOR}))
    created = register(api, "SiteUser" + tag, OPERATOR)
    assert created.status_code == 201, created.text
    player = created.json()
    assert player["registered_by"] == "operator"
    issued = _issue(api, player, OPERATOR, ["play"])
    assert issued.status_code == 201 and issued.json()["scopes"] == ["play"]
    listed = api.client.get(f"/players/{player['player_id']}/keys", headers=api.auth(OPERATOR))
    assert len(listed.json()["keys"]) == 2


def test_without_an_operator_key_set_no_bearer_is_the_operator(api: Api, tag: str) -> None:
    # The setting has no default (U9): neither an empty bearer nor any key is the operator.
    empty = api.client.post(
        "/players", json={"handle": "Nobodys" + tag}, headers={"Authorization": "Bearer "}
    )
    assert empty.status_code == 401
    assert register(api, "Nobodys" + tag, OPERATOR).status_code == 401
    assert register(api, "Nobodys" + tag).json()["registered_by"] == "player"


def test_a_key_in_the_url_is_refused(api: Api, tag: str) -> None:
    player = registered(api, "Urly" + tag)
    key = player["key"]["key"]
    # Refused once the credential an operation takes is checked (R56), or at once.
    for path, headers in (
        (f"/players/{player['player_id']}/keys", api.auth(key)),
        (f"/players/{player['player_id']}", {}),
    ):
        for name in ("key", "api_key", "token"):
            response = api.client.get(path, params={name: key}, headers=headers)
            assert (response.status_code, response.json()["code"]) == (422, "token-in-url")
