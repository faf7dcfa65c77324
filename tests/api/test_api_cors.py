"""Pages of other origins (CORS): none by default; the origins listed in
PENANG_RUMMY_CORS_ORIGINS get their preflights answered and the headers a client needs
exposed, and every other origin gets no CORS header at all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.api.cors import ALLOWED_HEADERS, EXPOSED_HEADERS
from service.settings import Settings, SettingsError

from .support import Api, Json

PAGE = "http://localhost:8765"
OTHER = "http://127.0.0.1:8765"


@pytest.fixture
def cross(tmp_path: Path, make_api: Callable[[Settings], Api]) -> Api:
    settings = Settings(sqlite_path=str(tmp_path / "games.sqlite"), cors_origins=(PAGE,))
    return make_api(settings)


def _cors_headers(answer: Any) -> dict[str, str]:
    return {k: v for k, v in answer.headers.items() if k.lower().startswith("access-control-")}


def _preflight(api: Api, path: str, origin: str, method: str = "POST", asked: str = "") -> Any:
    headers = {"Origin": origin, "Access-Control-Request-Method": method}
    if asked:
        headers["Access-Control-Request-Headers"] = asked
    return api.client.options(path, headers=headers)


def _listed(value: str) -> set[str]:
    return {part.strip().lower() for part in value.split(",")}


def test_by_default_no_origin_gets_cors_headers(api: Api) -> None:
    preflight = _preflight(api, "/games", PAGE, asked="authorization, content-type")
    assert preflight.status_code == 204, preflight.text
    assert _cors_headers(preflight) == {}
    created = api.client.post("/games", json={"players": ["A", "B"]}, headers={"Origin": PAGE})
    assert created.status_code == 201 and _cors_headers(created) == {}


def test_an_allowed_origins_preflight_names_the_methods_and_headers_the_api_takes(
    cross: Api,
) -> None:
    asked = ", ".join(ALLOWED_HEADERS)
    answer = _preflight(cross, "/games/x/seats/0/turns", PAGE, asked=asked)
    assert answer.status_code == 204, answer.text
    assert answer.headers["access-control-allow-origin"] == PAGE
    assert _listed(answer.headers["access-control-allow-methods"]) == {"get", "post"}
    assert {name.lower() for name in ALLOWED_HEADERS} <= _listed(
        answer.headers["access-control-allow-headers"]
    )
    assert "origin" in _listed(answer.headers["vary"])


def test_an_allowed_origin_reads_the_headers_a_client_needs(cross: Api) -> None:
    created = cross.client.post("/games", json={"players": ["A", "B"]}, headers={"Origin": PAGE})
    assert created.status_code == 201
    assert created.headers["access-control-allow-origin"] == PAGE
    exposed = _listed(created.headers["access-control-expose-headers"])
    assert {"etag", "location", "retry-after", "idempotent-replayed"} <= exposed
    assert {"ratelimit", "ratelimit-policy"} <= exposed
    assert exposed == {name.lower() for name in EXPOSED_HEADERS}


def test_a_seats_answer_to_an_allowed_origin_still_varies_by_token(cross: Api) -> None:
    game: Json = cross.client.post("/games", json={"players": ["A", "B"]}).json()
    answer = cross.client.get(
        f"/games/{game['game_id']}/seats/0",
        headers={"Origin": PAGE, **cross.auth(game["tokens"][0])},
    )
    assert answer.status_code == 200
    assert _listed(answer.headers["vary"]) == {"origin", "authorization"}


def test_another_origin_gets_no_cors_headers_and_its_preflight_is_a_problem(cross: Api) -> None:
    preflight = _preflight(cross, "/games", OTHER, asked="content-type")
    assert preflight.status_code == 403
    assert preflight.headers["content-type"] == "application/problem+json"
    assert _cors_headers(preflight) == {}
    problem = preflight.json()
    assert (problem["code"], problem["field"]) == ("cors-refused", "Origin")
    assert OTHER in problem["detail"]
    read = cross.client.get("/", headers={"Origin": OTHER})
    assert read.status_code == 200 and _cors_headers(read) == {}


@pytest.mark.parametrize(
    ("method", "asked", "field", "named"),
    [
        ("PUT", "", "Access-Control-Request-Method", "PUT"),
        ("POST", "authorization, x-debug", "Access-Control-Request-Headers", "x-debug"),
    ],
)
def test_a_preflight_for_what_the_api_does_not_take_is_refused_naming_it(
    cross: Api, method: str, asked: str, field: str, named: str
) -> None:
    answer = _preflight(cross, "/games", PAGE, method, asked)
    assert answer.status_code == 403
    problem = answer.json()
    assert (problem["code"], problem["field"]) == ("cors-refused", field)
    assert named in problem["detail"]


def test_a_body_that_is_not_json_is_still_415_and_the_page_can_read_why(cross: Api) -> None:
    answer = cross.client.post(
        "/games", content=b"players=A", headers={"Origin": PAGE, "Content-Type": "text/plain"}
    )
    assert answer.status_code == 415
    assert answer.headers["access-control-allow-origin"] == PAGE
    assert answer.json()["code"] == "unsupported-media-type"


def test_the_origins_are_read_from_a_comma_separated_variable() -> None:
    env = {"PENANG_RUMMY_CORS_ORIGINS": "https://table.example, http://localhost:8080"}
    origins = Settings.from_env(env).cors_origins
    assert origins == ("https://table.example", "http://localhost:8080")
    assert Settings.from_env({}).cors_origins == ()
    for bad in ("https://table.example/", "table.example", "*", "https://Table.example"):
        with pytest.raises(SettingsError, match="PENANG_RUMMY_CORS_ORIGINS"):
            Settings.from_env({"PENANG_RUMMY_CORS_ORIGINS": bad})


def test_a_page_reads_a_429_and_its_rate_limit_fields(
    tmp_path: Path, make_api: Callable[[Settings], Api]
) -> None:
    settings = Settings(
        sqlite_path=str(tmp_path / "games.sqlite"),
        cors_origins=(PAGE,),
        rate_limit=True,
        rate_per_address=1,
        rate_burst_seconds=60,  # one request, then one a minute
    )
    api = make_api(settings)
    first = api.client.get("/", headers={"Origin": PAGE})
    assert first.status_code == 200 and first.headers["ratelimit"] == '"address";r=0;t=60'
    refused = api.client.get("/", headers={"Origin": PAGE})
    assert refused.status_code == 429
    assert refused.headers["access-control-allow-origin"] == PAGE
    exposed = _listed(refused.headers["access-control-expose-headers"])
    assert {"retry-after", "ratelimit", "ratelimit-policy"} <= exposed
    assert refused.headers["ratelimit-policy"] == '"address";q=1;w=60'
