"""The limits of a public service: requests per address and per token (429 with
Retry-After), and the largest body read (413), both as problem+json."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.api.limits import EXEMPT_PATHS, Buckets, RateLimits
from service.cli.serve import add_serve_command
from service.errors import RateLimited
from service.settings import Settings

from .support import Api

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.fixture
def limited(tmp_path: Path, make_api: Callable[[Settings], Api]) -> Callable[..., Api]:
    """An app with the given limits, its buckets on a clock that stands still: a window
    read on a busy machine, seconds after the request, still reads whole (60, not 59)."""

    def make(**limits: int) -> Api:
        settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), rate_limit=True)
        api = make_api(settings.replace(limits))
        (middleware,) = [m for m in api.client.app.middleware if isinstance(m, RateLimits)]
        middleware.clock = Clock()
        return api

    return make


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- the buckets ------------------------------------------------------------------------


def test_a_bucket_takes_a_burst_then_refills_at_its_rate() -> None:
    bucket = Buckets(per_minute=60, burst=3)
    for _ in range(3):
        assert bucket.wait("a", 0.0) == 0
        bucket.take("a", 0.0)
    assert bucket.wait("a", 0.0) == pytest.approx(1.0)
    assert bucket.wait("a", 0.5) == pytest.approx(0.5)
    assert bucket.wait("a", 1.0) == 0
    assert bucket.wait("b", 0.0) == 0, "each key has its own bucket"
    assert bucket.wait("a", 1000.0) == 0 and bucket.wait("a", 1000.0) == 0


def test_a_burst_is_what_the_rate_gives_in_its_seconds_and_at_least_one_request() -> None:
    limits = RateLimits(per_address=600, per_token=30, burst_seconds=10)
    assert (limits.addresses.burst, limits.tokens.burst) == (100, 5)
    assert RateLimits(per_address=1, per_token=1, burst_seconds=1).tokens.burst == 1


def test_a_bucket_forgets_the_least_recent_keys_beyond_its_size() -> None:
    bucket = Buckets(per_minute=1, burst=1, size=2)
    for key in ("a", "b", "c"):
        bucket.take(key, 0.0)
    assert bucket.wait("a", 0.0) == 0, "forgotten: a full bucket again"
    assert bucket.wait("c", 0.0) > 0


def test_a_refused_request_takes_nothing_from_either_bucket() -> None:
    clock = Clock()
    limits = RateLimits(per_address=60, per_token=60, burst_seconds=1, clock=clock)
    limits.count("10.0.0.1", "token-a")
    with pytest.raises(RateLimited) as refused:
        limits.count("10.0.0.1", "token-b")  # the address is spent; token-b is not
    assert refused.value.retry_after == 1
    clock.now += 1.0
    limits.count("10.0.0.1", "token-b")


def test_retry_after_is_the_whole_seconds_until_the_next_request() -> None:
    clock = Clock()
    limits = RateLimits(per_address=6, per_token=6, burst_seconds=1, clock=clock)  # one per 10 s
    limits.count("10.0.0.1", None)
    clock.now += 2.5
    with pytest.raises(RateLimited) as refused:
        limits.count("10.0.0.1", None)
    assert refused.value.retry_after == 8


def test_a_bucket_states_its_quota_its_window_and_what_is_available() -> None:
    bucket = Buckets(per_minute=600, burst=100)
    assert (bucket.quota, bucket.window) == (100, 10)
    assert bucket.available("a", 0.0) == (100, 1)
    for _ in range(100):
        bucket.take("a", 0.0)
    assert bucket.available("a", 0.0) == (0, 1)
    slow = Buckets(per_minute=6, burst=2)  # one request per 10 s
    assert (slow.quota, slow.window) == (2, 20)
    slow.take("a", 0.0)
    assert slow.available("a", 0.0) == (1, 10)
    assert slow.available("a", 4.0) == (1, 6)


def test_a_seats_request_counts_against_its_token_only() -> None:
    clock = Clock()
    limits = RateLimits(per_address=60, per_token=60, burst_seconds=1, clock=clock)
    limits.count("10.0.0.1", None)  # the address's one request
    with pytest.raises(RateLimited):
        limits.count("10.0.0.1", "token-a")
    counted = limits.count("10.0.0.1", "token-a", seat=True)
    assert [entry.policy for entry in counted] == ["token"]
    with pytest.raises(RateLimited, match="with this bearer token"):
        limits.count("10.0.0.1", "token-a", seat=True)
    assert limits.count("10.0.0.1", "token-b", seat=True)


def test_an_address_in_debt_has_its_seat_requests_refused_too() -> None:
    clock = Clock()
    limits = RateLimits(per_address=60, per_token=60, burst_seconds=1, clock=clock)
    limits.count("10.0.0.1", None)
    limits.addresses.take("10.0.0.1", clock.now)  # a seat request whose token was unproven
    with pytest.raises(RateLimited, match="from this address") as refused:
        limits.count("10.0.0.1", "made-up", seat=True)
    assert refused.value.retry_after == 1
    assert refused.value.fields["RateLimit-Policy"].startswith('"address";q=1;w=1')
    clock.now += 1.0
    limits.count("10.0.0.1", "made-up", seat=True)


def test_a_refusal_carries_the_rate_limit_fields_with_retry_after_as_its_window() -> None:
    clock = Clock()
    limits = RateLimits(per_address=6, per_token=600, burst_seconds=10, clock=clock)
    limits.count("10.0.0.1", "token-a")
    clock.now += 2.5
    with pytest.raises(RateLimited) as refused:
        limits.count("10.0.0.1", "token-a")
    assert refused.value.retry_after == 8
    assert refused.value.fields == {
        "RateLimit-Policy": '"address";q=1;w=10, "token";q=100;w=10',
        "RateLimit": '"address";r=0;t=8, "token";r=100;t=1',  # refilled
    }


# --- over HTTP ---------------------------------------------------------------------------

#: A policy and a limit item as the draft writes them (a structured field's list items).
POLICY = re.compile(r'^"(address|token)";q=(\d+);w=(\d+)$')
LIMIT = re.compile(r'^"(address|token)";r=(\d+);t=(\d+)$')


def _fields(answer: Any) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """The answer's RateLimit-Policy and RateLimit, by policy: (q, w) and (r, t)."""
    policies, limits = {}, {}
    for item in answer.headers["ratelimit-policy"].split(", "):
        found = POLICY.match(item)
        assert found, item
        policies[found[1]] = (int(found[2]), int(found[3]))
    for item in answer.headers["ratelimit"].split(", "):
        found = LIMIT.match(item)
        assert found, item
        limits[found[1]] = (int(found[2]), int(found[3]))
    assert policies.keys() == limits.keys()
    return policies, limits


def test_every_limited_answer_says_where_the_client_stands(limited: Callable[..., Api]) -> None:
    # Three at once, then one a minute: nothing refills while the test runs.
    api = limited(rate_per_address=1, rate_per_token=1000, rate_burst_seconds=180)
    answers = [api.client.get(path) for path in ("/", "/games/nope", "/")]
    assert [answer.status_code for answer in answers] == [200, 422, 200]
    for left, answer in zip((2, 1, 0), answers, strict=True):
        assert _fields(answer) == ({"address": (3, 180)}, {"address": (left, 60)})
    refused = api.client.get("/")
    assert refused.status_code == 429
    assert _fields(refused) == ({"address": (3, 180)}, {"address": (0, 60)})
    assert refused.headers["retry-after"] == "60"
    assert "ratelimit" not in api.client.get("/health").headers


def test_a_seat_plays_its_turns_while_its_address_is_spent(limited: Callable[..., Api]) -> None:
    api = limited(rate_per_address=1, rate_per_token=1000, rate_burst_seconds=180)
    game = api.create(players=2, seed="limits-seat")
    seat = game["view"]["turn"]
    token = game["tokens"][seat]
    path = f"/games/{game['game_id']}/seats/{seat}"
    assert [api.client.get("/").status_code for _ in range(3)] == [200, 200, 429]
    moves = api.client.get(f"{path}/moves", headers=api.auth(token))
    assert moves.status_code == 200, moves.text
    turn = moves.json()["moves"]["turns"][0]
    played = api.client.post(f"{path}/turns", json=turn, headers=api.auth(token))
    assert played.status_code == 200, played.text
    policies, left = _fields(played)
    assert set(policies) == {"token"} and left["token"][0] == 3000 - 2
    # Another seat's token on this seat's path proves nothing: the address pays for it,
    # and while its bucket is in debt no made-up token gets past it either.
    other = api.client.get(path, headers=api.auth(game["tokens"][1 - seat]))
    assert other.status_code == 403 and "address" in _fields(other)[0]
    refused = api.client.get(path, headers=api.auth("made-up"))
    assert refused.status_code == 429 and "from this address" in refused.json()["detail"]


def test_an_address_over_its_limit_gets_429_with_retry_after(limited: Callable[..., Api]) -> None:
    api = limited(rate_per_address=60, rate_burst_seconds=3)  # 3 at once, then 1 a second
    answers = [api.client.get("/") for _ in range(4)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.headers["retry-after"] == "1"
    problem = refused.json()
    assert (problem["status"], problem["code"]) == (429, "rate-limited")
    assert "from this address" in problem["detail"]


def test_a_token_over_its_limit_is_refused_while_other_tokens_play_on(
    limited: Callable[..., Api],
) -> None:
    api = limited(rate_per_address=10_000, rate_per_token=60, rate_burst_seconds=3)
    game = api.create(players=2)
    path = f"/games/{game['game_id']}/seats/0"
    mine, theirs = api.auth(game["tokens"][0]), api.auth(game["tokens"][1])
    statuses = [api.client.get(path, headers=mine).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = api.client.get(path, headers=mine)
    assert "with this bearer token" in refused.json()["detail"]
    assert api.client.get(f"/games/{game['game_id']}/seats/1", headers=theirs).status_code == 200
    assert api.client.get(f"/games/{game['game_id']}").status_code == 200


def test_the_probes_are_never_limited(limited: Callable[..., Api]) -> None:
    api = limited(rate_per_address=1, rate_burst_seconds=1)
    for path in sorted(EXEMPT_PATHS):
        assert all(api.client.get(path).status_code == 200 for _ in range(5)), path


def test_the_app_tests_build_has_no_limits(api: Api) -> None:
    assert all(api.client.get("/").status_code == 200 for _ in range(100))


def test_serve_limits_requests_unless_told_not_to() -> None:
    import argparse

    from service.cli.serve import settings_from

    parser = argparse.ArgumentParser()
    add_serve_command(parser.add_subparsers())
    args = parser.parse_args(["serve"])
    assert settings_from(args, {}).rate_limit
    assert not settings_from(args, {"PENANG_RUMMY_RATE_LIMIT": "off"}).rate_limit


def test_the_contract_documents_429_wherever_a_limit_applies() -> None:
    paths = json.loads(CONTRACT.read_text(encoding="utf-8"))["paths"]
    for path, item in paths.items():
        for operation in item.values():
            documented = "429" in operation["responses"]
            assert documented == (path not in EXEMPT_PATHS), operation["operationId"]
            if documented:
                answer = operation["responses"]["429"]
                assert "application/problem+json" in answer["content"]
                assert answer["headers"]["Retry-After"]["required"]


# --- the body ----------------------------------------------------------------------------


def test_a_body_over_the_limit_is_413_naming_it(
    tmp_path: Path, make_api: Callable[[Settings], Api]
) -> None:
    api = make_api(Settings(sqlite_path=str(tmp_path / "games.sqlite"), max_body_bytes=2048))
    small = json.dumps({"players": ["Ann", "Bo"], "seed": "s" * 200}).encode()
    assert api.client.post("/games", content=small, headers=_json()).status_code == 201
    large = json.dumps({"players": ["Ann", "Bo"], "seed": "s" * 4000}).encode()
    refused = api.client.post("/games", content=large, headers=_json())
    assert refused.status_code == 413
    assert refused.headers["content-type"] == "application/problem+json"
    problem = refused.json()
    assert problem["code"] == "body-too-large"
    assert "2048 bytes" in problem["detail"]

    def chunks() -> object:
        yield large[:1000]
        yield large[1000:]

    streamed = api.client.post("/games", content=chunks(), headers=_json())  # type: ignore[arg-type]
    assert streamed.status_code == 413 and streamed.json()["code"] == "body-too-large"


def test_the_default_body_limit_holds_a_long_record_and_refuses_more(api: Api) -> None:
    large = b'{"players": ["' + b"a" * 1_000_001 + b'"]}'
    refused = api.client.post("/games", content=large, headers=_json())
    assert refused.status_code == 413 and refused.json()["code"] == "body-too-large"
    assert "1000000 bytes" in refused.json()["detail"]


def _json() -> dict[str, str]:
    return {"content-type": "application/json"}


def test_a_players_key_has_a_bucket_of_its_own(limited: Callable[..., Api]) -> None:
    # A player's key is a bearer token like a seat's: its requests count against its own
    # bucket (issue 32: per-key rate limits), and another key of the player is not held up.
    api = limited(rate_per_address=600, rate_per_token=6, rate_burst_seconds=10)
    player = api.client.post("/players", json={"handle": "Limited"}).json()
    path, key = f"/players/{player['player_id']}/keys", player["key"]["key"]
    other = api.client.post(f"{path}/new", json={"scopes": ["read"]}, headers=api.auth(key)).json()[
        "key"
    ]
    answers = [api.client.get(path, headers=api.auth(key)).status_code for _ in range(2)]
    assert answers[-1] == 429, answers
    assert api.client.get(path, headers=api.auth(other)).status_code == 200
