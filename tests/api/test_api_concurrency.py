"""Concurrency and idempotency: of racing writers exactly one lands; retries record once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

import pytest

from domain.penang.game import play_turn
from service.errors import VersionConflict
from service.settings import Settings
from service.store import GameStore
from service.usecases import games

from .support import Api, Json


def _turn_args(api: Api, game: Json) -> tuple[int, list[Json]]:
    seat = api.view(game)["turn"]
    return seat, api.choose(game, seat)


def test_concurrent_submissions_for_one_game_never_both_land(api: Api) -> None:
    game = api.create()
    seat, actions = _turn_args(api, game)
    start = threading.Barrier(8)

    def submit(_: int) -> int:
        start.wait()
        status: int = api.turn(game, seat, actions).status_code
        return status

    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(submit, range(8)))
    assert statuses.count(200) == 1, statuses
    assert set(statuses) <= {200, 409}, statuses
    events = api.events(game)["events"]
    versions = [record["version"] for record in events]
    assert versions == list(range(1, len(events) + 1))
    assert sum(record["event"]["type"] == "PassportMelded" for record in events) == 1


def test_two_stores_racing_at_one_version_one_wins(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(settings)
    game = api.create()
    gid = UUID(game["game_id"])
    seat, actions = _turn_args(api, game)
    first, second = GameStore(settings), GameStore(settings)
    try:
        import msgspec

        from domain.penang.commands import Action

        decoded = msgspec.convert(actions, list[Action])
        state_a, state_b = first.state(gid), second.state(gid)
        events_a = play_turn(state_a, seat, decoded)
        events_b = play_turn(state_b, seat, decoded)
        first.append(gid, state_a.version, events_a)
        with pytest.raises(VersionConflict) as conflict:
            second.append(gid, state_b.version, events_b)
        assert conflict.value.version == state_a.version + len(events_a)
        assert second.state(gid).version == conflict.value.version  # sees the winner
    finally:
        first.close()
        second.close()


@pytest.mark.postgres
def test_two_service_instances_over_one_postgres_database(
    postgres_settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    one, two = make_api(postgres_settings), make_api(postgres_settings)
    assert one.store is not two.store
    game = one.create()
    assert two.view(game)["version"] == game["version"]  # sees the other's write
    seat, actions = _turn_args(two, game)
    assert two.turn(game, seat, actions).status_code == 200
    assert one.view(game)["version"] == two.view(game)["version"]
    # A race between the two instances: one lands, the other gets 409.
    seat, actions = _turn_args(one, game)
    start = threading.Barrier(2)

    def submit(api: Api) -> Any:
        start.wait()
        return api.turn(game, seat, actions)

    with ThreadPoolExecutor(2) as pool:
        responses = list(pool.map(submit, (one, two)))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200, 409], [r.text for r in responses]
    loser = next(r for r in responses if r.status_code == 409).json()
    assert loser["code"] in ("version-conflict", "not-your-turn")


def test_an_idempotent_retry_returns_the_first_answer_and_records_nothing(api: Api) -> None:
    game = api.create()
    seat, actions = _turn_args(api, game)
    key = {"Idempotency-Key": "turn-1"}
    first = api.turn(game, seat, actions, **key)
    assert first.status_code == 200
    version = api.view(game)["version"]
    retry = api.turn(game, seat, actions, **key)
    assert retry.status_code == 200
    assert retry.content == first.content
    assert retry.headers["etag"] == first.headers["etag"]
    assert retry.headers["idempotent-replayed"] == "true"
    assert api.view(game)["version"] == version


def test_an_idempotency_key_with_another_request_is_refused(api: Api) -> None:
    game = api.create()
    seat, actions = _turn_args(api, game)
    assert api.turn(game, seat, actions, **{"Idempotency-Key": "k"}).status_code == 200
    version = api.view(game)["version"]
    nxt, other = _turn_args(api, game)
    reused = api.turn(game, seat, [*actions, *actions], **{"Idempotency-Key": "k"})
    assert reused.status_code == 422 and reused.json()["code"] == "idempotency-key-reused"
    # The key is per seat: another seat may use the same text.
    assert api.turn(game, nxt, other, **{"Idempotency-Key": "k"}).status_code == 200
    assert api.view(game)["version"] > version


def test_concurrent_retries_with_one_key_record_the_turn_once(api: Api) -> None:
    game = api.create()
    seat, actions = _turn_args(api, game)
    start = threading.Barrier(6)

    def submit(_: int) -> Any:
        start.wait()
        return api.turn(game, seat, actions, **{"Idempotency-Key": "same"})

    with ThreadPoolExecutor(6) as pool:
        responses = list(pool.map(submit, range(6)))
    assert all(response.status_code == 200 for response in responses), [r.text for r in responses]
    assert len({response.content for response in responses}) == 1
    events = api.events(game)["events"]
    assert sum(record["event"]["type"] == "PassportMelded" for record in events) == 1


def test_a_refused_turn_stores_no_answer(api: Api) -> None:
    game = api.create()
    seat, actions = _turn_args(api, game)
    key = {"Idempotency-Key": "after-refusal"}
    refused = api.turn(game, seat, [{"type": "meld", "cards": ["AS"]}], **key)
    assert refused.status_code == 422
    # Nothing was recorded, so the key is still free for the corrected turn.
    accepted = api.turn(game, seat, actions, **key)
    assert accepted.status_code == 200
    assert api.turn(game, seat, actions, **key).content == accepted.content


def test_dead_declarations_share_the_same_path(api: Api) -> None:
    game = api.create()
    seat = api.view(game)["turn"]
    refused = api.dead(game, seat, **{"Idempotency-Key": "d"})
    assert refused.status_code == 422 and refused.json()["code"] == "dead-refused"
    state = games.spectator_view(api.store, UUID(game["game_id"]))
    assert state.version == game["version"]
