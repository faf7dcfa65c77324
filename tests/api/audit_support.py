"""Helpers for the record tests: a short finished game, its record, and tampering.

A record is handled here as the JSON a client downloads (`GET /games/{id}/record`),
so tampering is what anyone with a text editor could do to it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from domain.cards import build_deck
from domain.penang.codec import decode_events
from domain.penang.fold import fold

from .support import Api, Json

#: Two players, twelve cards each: the server's bot plays this to its end in 19 events,
#: with melds, and a TurnEnded followed by the next seat's action.
SHORT_GAME: Json = {"players": 2, "seed": "audit-c", "rules": {"cards_per_player": 12}}
ACTIONS = frozenset({"Melded", "PassportMelded", "LaidOff", "WildSwapped"})


def finished_game(api: Api, **body: Any) -> Json:
    """A game created and played to its end over HTTP by the server's legal moves."""
    game = api.create(**{**SHORT_GAME, **body})
    api.play_to_end(game)
    return game


def export(api: Api, game_id: str, **params: str) -> Any:
    return api.client.get(f"/games/{game_id}/record", params=params)


def exported(api: Api, game_id: str) -> Json:
    response = export(api, game_id)
    assert response.status_code == 200, response.text
    document: Json = json.loads(response.content)
    return document


def published_keys(api: Api, folder: Path) -> Path:
    """The service's key document (getSigningKeys), saved as a file for `verify --keys`."""
    response = api.client.get("/.well-known/penang-rummy-keys.json")
    assert response.status_code == 200, response.text
    path = folder / "penang-rummy-keys.json"
    path.write_bytes(response.content)
    return path


def unsigned(document: Json) -> Json:
    """The record in format `/1`: the same header and events, without chain or signature."""
    kept = {key: value for key, value in document.items() if key not in ("chain", "signature")}
    return {**kept, "format": "penang-rummy-record/1"}


def import_record(api: Api, document: Json | bytes) -> Any:
    if isinstance(document, bytes):
        return api.client.post(
            "/games/import", content=document, headers={"Content-Type": "application/json"}
        )
    return api.client.post("/games/import", json=document)


# --- tampering: each returns the index of the event it changed ------------------------


def change_a_meld_card(document: Json) -> int:
    """One card of the first meld becomes a card its seat does not hold (P13)."""
    events = document["events"]
    at = next(i for i, e in enumerate(events) if e["type"] in {"Melded", "PassportMelded"})
    meld = events[at]
    held = fold(decode_events(events[:at])).hands[meld["seat"]]
    slot = next(i for i, card in enumerate(meld["cards"]) if card != "JK")
    meld["cards"][slot] = next(card.text for card in build_deck(1, 0) if card not in held)
    return at


def swap_two_events(document: Json) -> int:
    """A TurnEnded and the next seat's action change places (P9)."""
    events = document["events"]
    at = next(
        i
        for i in range(len(events) - 1)
        if events[i]["type"] == "TurnEnded" and events[i + 1]["type"] in ACTIONS
    )
    events[at], events[at + 1] = events[at + 1], events[at]
    return at


def reveal_another_seed(document: Json) -> int:
    """The revealed server seed is not the one the deal committed to (P6)."""
    events = document["events"]
    assert events[-1]["type"] == "SeedRevealed"
    events[-1]["server_seed"] = hashlib.sha256(b"another seed").hexdigest()
    return len(events) - 1


#: name: (tampering, rule, code) as the verifier reports them.
TAMPERING = {
    "changed-card": (change_a_meld_card, "P13", "card-not-in-hand"),
    "swapped-events": (swap_two_events, "P9", "event-mismatch"),
    "wrong-seed": (reveal_another_seed, "P6", "seed-mismatch"),
}
