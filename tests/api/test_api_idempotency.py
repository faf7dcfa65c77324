"""Idempotent creations and claims: a retry with the same Idempotency-Key gets the first
answer (tokens included), nothing is recorded twice, also when two identical requests
race, and a key first sent with another request is refused."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID, uuid5

import pytest

from service.store import GameStore
from service.usecases import idempotency, matches
from service.usecases.match_messages import ClaimSeat

from .support import Api, Json


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


def dealt_games(api: Api) -> int:
    """How many games the store holds (a `Dealt` each), counted in its table."""
    table = api.store.recorder.events_table_name  # type: ignore[attr-defined]
    with api.store.factory.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"SELECT COUNT(*) AS n FROM {table} WHERE topic = 'domain.events:Dealt'")
        (row,) = cursor.fetchall()
        return int(row["n"])


@pytest.fixture
def racing(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[GameStore, str], None]]:
    """Make two requests decide before either writes: both wait at the store's `name`."""

    def hold(store: GameStore, name: str) -> None:
        gate = threading.Barrier(2, timeout=10)
        write = getattr(store, name)

        def held(*args: Any, **kwargs: Any) -> Any:
            gate.wait()
            return write(*args, **kwargs)

        monkeypatch.setattr(store, name, held)

    yield hold


def test_a_retried_creation_gets_the_first_answer_and_deals_once(api: Api) -> None:
    body = {"players": ["Ann", "Bo"], "seed": "idem"}
    headers = key()
    before = dealt_games(api)
    first = api.client.post("/games", json=body, headers=headers)
    again = api.client.post("/games", json=body, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json(), "the same game and the same tokens"
    assert again.headers["idempotent-replayed"] == "true"
    assert "idempotent-replayed" not in first.headers
    assert again.headers["etag"] == first.headers["etag"]
    assert dealt_games(api) == before + 1


def test_a_creation_key_sent_with_another_body_is_refused(api: Api) -> None:
    headers = key()
    assert api.client.post("/games", json={"players": ["A", "B"]}, headers=headers).is_success
    other = api.client.post("/games", json={"players": ["A", "C"]}, headers=headers)
    assert other.status_code == 422 and other.json()["code"] == "idempotency-key-reused"
    match = api.client.post("/matches", json={"players": ["A", "B"]}, headers=headers)
    assert match.status_code == 201, "a key names one creation per operation"


def test_a_key_too_short_to_be_secret_is_refused(api: Api) -> None:
    for path, body in (("/games", {"players": ["A", "B"]}), ("/matches", {"seats": 2})):
        refused = api.client.post(path, json=body, headers={"Idempotency-Key": "k" * 15})
        assert refused.status_code == 422, path
        assert refused.json()["field"] == "idempotency_key"


def test_the_stored_answer_is_sealed_where_the_documentation_says(api: Api) -> None:
    headers = key()
    created = api.client.post("/games", json={"players": ["A", "B"]}, headers=headers).json()
    stream = uuid5(idempotency.CREATION_NAMESPACE, f"createGame:{headers['Idempotency-Key']}")
    stored = api.store.answer(stream)
    assert stored is not None and stored.sealed and stored.status == 201
    for token in created["tokens"]:
        assert token not in stored.body
    assert created["game_id"] not in stored.body


def test_a_retried_match_gets_the_first_answer_and_opens_once(api: Api) -> None:
    body = {"players": ["Ann", "Bo"], "options": {"games": 2}}
    headers = key()
    before = dealt_games(api)
    first = api.client.post("/matches", json=body, headers=headers)
    again = api.client.post("/matches", json=body, headers=headers)
    assert again.status_code == 201 and again.json() == first.json()
    assert again.headers["idempotent-replayed"] == "true"
    assert dealt_games(api) == before + 1, "its first game is dealt once"


def _open_match(api: Api) -> Json:
    created = api.client.post("/matches", json={"seats": 2})
    assert created.status_code == 201, created.text
    return dict(created.json())


def test_a_retried_claim_gets_the_same_token_and_claims_once(api: Api) -> None:
    match = _open_match(api)
    path = f"/matches/{match['match_id']}/seats/0/claim"
    headers = key()
    first = api.client.post(path, json={"name": "Ann"}, headers=headers)
    again = api.client.post(path, json={"name": "Ann"}, headers=headers)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again.headers["idempotent-replayed"] == "true"
    view = api.client.get(f"/matches/{match['match_id']}").json()
    assert view["version"] == first.json()["version"], "claimed once"
    other = api.client.post(path, json={"name": "Bo"}, headers=headers)
    assert other.status_code == 422 and other.json()["code"] == "idempotency-key-reused"
    unkeyed = api.client.post(path, json={"name": "Ann"})
    assert unkeyed.status_code == 409 and unkeyed.json()["code"] == "seat-taken"


def test_two_identical_claims_racing_get_one_answer(api: Api, racing: Any) -> None:
    match = _open_match(api)
    match_id = UUID(match["match_id"])
    racing(api.store, "write")
    request, sent = ClaimSeat(name="Ann"), str(uuid.uuid4())

    def claim(_: int) -> Any:
        return matches.claim_seat(
            api.store, api.client.app.state.settings, match_id, 0, request, key=sent
        )

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(claim, range(2)))
    assert answers[0].value == answers[1].value, "one token for both"
    assert sorted(answer.replayed for answer in answers) == [False, True]
    events = api.client.get(f"/matches/{match_id}/events").json()["events"]
    assert [record["event"]["type"] for record in events].count("SeatClaimed") == 1


def test_two_identical_creations_racing_deal_one_game(api: Api, racing: Any) -> None:
    headers = key()
    body = {"players": ["Ann", "Bo"], "seed": "race"}
    racing(api.store, "create")
    before = dealt_games(api)

    def create(_: int) -> Any:
        return api.client.post("/games", json=body, headers=headers)

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(create, range(2)))
    assert [answer.status_code for answer in answers] == [201, 201]
    assert answers[0].json() == answers[1].json()
    assert sorted(answer.headers.get("idempotent-replayed", "") for answer in answers) == [
        "",
        "true",
    ]
    assert dealt_games(api) == before + 1
