"""Records of bot seats (R33): `verify` re-derives every bot command, so a record whose
bot seat played otherwise is refused even where the rules allow every move, the chain
is whole and the service's own key signed it."""

from __future__ import annotations

import json
import time
from pathlib import Path

import msgspec
import pytest

from domain.records import dump_record, load_record
from service.cli.main import main
from service.signing import KeyRing

from .audit_support import published_keys, unsigned
from .support import Api, Json
from .test_api_bot_seats import WAIT, _create, _person_command, _play_as


def _verify(path: Path, keys: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, Json]:
    code = main(["verify", "--json", "--keys", str(keys), "--require-signature", str(path)])
    return code, msgspec.json.decode(capsys.readouterr().out)


def _record(api: Api, game: Json) -> Json:
    response = api.client.get(f"/games/{game['game_id']}/record")
    assert response.status_code == 200, response.text
    return dict(response.json())


def _resealed(api: Api, document: Json, folder: Path) -> Path:
    """The record chained and signed again with the service's own key."""
    keyring = api.client.app.state.keyring
    assert isinstance(keyring, KeyRing)
    sealed = keyring.seal(load_record(json.dumps(unsigned(document))))
    path = folder / "record.json"
    path.write_bytes(dump_record(sealed))
    return path


@pytest.mark.parametrize("game", ["penang", "rummy", "gin"])
def test_a_bot_record_verifies_and_one_whose_bot_seat_played_otherwise_is_refused(
    api: Api, game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = published_keys(api, tmp_path)
    played = _create(api, ["Aminah", {"bot": "greedy"}], game=game, seed=f"audit-{game}")
    _play_as(api, played, 0)
    genuine = _record(api, played)
    path = tmp_path / "genuine.json"
    path.write_text(json.dumps(genuine))
    code, verdict = _verify(path, keys, capsys)
    assert (code, verdict["valid"], verdict["signature"]) == (0, True, "valid"), verdict
    short = json.loads(json.dumps(genuine))
    short["events"][0]["bots"] = [None]  # one seat's bot for two seats
    code, verdict = _verify(_resealed(api, short, tmp_path), keys, capsys)
    assert (code, verdict["code"], verdict["first_bad_event"]) == (1, "bot-turn-mismatch", 0)

    # Both seats played by a person, the second otherwise than greedy would; then the
    # record made to say that seat was the greedy bot, and signed again.
    people = _create(api, ["Aminah", "Ben"], game=game, seed=f"audit-{game}")
    for _ in range(5000):
        view = api.view(people)
        if view["over"]:
            break
        seat = view["turn"]
        actions = _person_command(api, people, seat)
        answer = api.dead(people, seat) if not actions else api.turn(people, seat, actions)
        assert answer.status_code == 200, answer.text
    document = _record(api, people)
    document["events"][0]["bots"] = [None, "greedy"]
    code, verdict = _verify(_resealed(api, document, tmp_path), keys, capsys)
    assert code == 1, verdict
    assert (verdict["code"], verdict["rule"]) == ("bot-turn-mismatch", "R33"), verdict
    assert (verdict["chain"], verdict["signature"]) == ("ok", "valid"), verdict


def test_a_gin_hand_of_two_bots_is_played_out_verified_and_a_swapped_bot_refused(
    api: Api, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = published_keys(api, tmp_path)
    bots = [{"bot": "greedy"}, {"bot": "random"}]
    played = _create(api, bots, game="gin", seed="gin-bots-alone")
    assert played["tokens"] == [None, None]
    deadline = time.monotonic() + WAIT
    while not api.view(played)["over"]:
        assert time.monotonic() < deadline, "the bots did not finish their hand"
        time.sleep(0.01)
    genuine = _record(api, played)
    events = genuine["events"]
    assert events[0]["bots"] == ["greedy", "random"]
    assert [e["type"] for e in events][-2:] == ["GinHandEnded", "SeedRevealed"]
    assert {e["seat"] for e in events if "seat" in e} == {0, 1}  # both bots played
    path = tmp_path / "genuine.json"
    path.write_text(json.dumps(genuine))
    code, verdict = _verify(path, keys, capsys)
    assert (code, verdict["valid"], verdict["finished"]) == (0, True, True), verdict
    assert verdict["signature"] == "valid", verdict

    # The same hand said to be played by the other bots, seat for seat: every move is
    # still legal and the record sealed with the service's key, but no bot played it.
    swapped = json.loads(json.dumps(genuine))
    swapped["events"][0]["bots"] = ["random", "greedy"]
    code, verdict = _verify(_resealed(api, swapped, tmp_path), keys, capsys)
    assert code == 1, verdict
    assert (verdict["code"], verdict["rule"]) == ("bot-turn-mismatch", "R33"), verdict
    assert verdict["first_bad_event"] >= 1 and verdict["chain"] == "ok", verdict
