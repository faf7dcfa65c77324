"""The limits of a public service: requests per address and per token (429 with
Retry-After), and the largest body read (413), both as problem+json."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from service.api.limits import EXEMPT_PATHS, Buckets, RateLimits
from service.cli.serve import add_serve_command
from service.errors import RateLimited
from service.settings import Settings

from .support import Api

CONTRACT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.fixture
def limited(tmp_path: Path, make_api: Callable[[Settings], Api]) -> Callable[..., Api]:
    def make(**limits: int) -> Api:
        settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), rate_limit=True)
        return make_api(settings.replace(limits))

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


# --- over HTTP ---------------------------------------------------------------------------


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
