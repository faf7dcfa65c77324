"""A command is decided on the cached state, with no read before its write, and still
never on a stale game: two service instances over one store, each with its own cache."""

from __future__ import annotations

from collections.abc import Callable

from service.settings import Settings

from .support import Api, Json


def _two(settings: Settings, make_api: Callable[[Settings], Api]) -> tuple[Api, Api, Json]:
    """Two instances; the game is created through the first, which caches its state."""
    one, two = make_api(settings), make_api(settings)
    game = one.create()
    one.view(game)
    return one, two, game


def test_a_turn_sent_to_an_instance_whose_cache_is_behind_lands_on_the_stored_game(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    one, two, game = _two(settings, make_api)
    assert two.play_one(game).status_code == 200  # the first instance's cache is behind now
    stored = two.view(game)
    seat = stored["turn"]
    actions = two.choose(game, seat)
    assert actions, "the next seat has a move"
    answer = one.turn(game, seat, actions, **{"If-Match": f'"{stored["version"]}"'})
    assert answer.status_code == 200, answer.text
    assert answer.json()["events"][0]["version"] == stored["version"] + 1
    versions = [record["version"] for record in two.events(game)["events"]]
    assert versions == list(range(1, answer.json()["version"] + 1))


def test_a_turn_already_played_elsewhere_is_refused_by_an_instance_whose_cache_is_behind(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    one, two, game = _two(settings, make_api)
    seat = one.view(game)["turn"]
    actions = one.choose(game, seat)
    assert two.turn(game, seat, actions).status_code == 200
    version = two.view(game)["version"]
    again = one.turn(game, seat, actions)
    assert again.status_code == 409, again.text
    assert again.json()["code"] == "not-your-turn"
    assert two.view(game)["version"] == version  # nothing written


def test_a_stale_if_match_is_refused_against_the_stored_version_not_the_cached_one(
    settings: Settings, make_api: Callable[[Settings], Api]
) -> None:
    one, two, game = _two(settings, make_api)
    cached = one.view(game)["version"]
    assert two.play_one(game).status_code == 200
    seat = two.view(game)["turn"]
    refused = one.turn(game, seat, two.choose(game, seat), **{"If-Match": f'"{cached}"'})
    assert refused.status_code in (409, 412), refused.text
    assert refused.json()["code"] == "stale-version"
    assert f"{two.view(game)['version']}" in refused.json()["detail"]
