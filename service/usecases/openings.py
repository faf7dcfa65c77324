"""What opening a game and opening a match share: where the cards come from, and the
seats' tokens.

A table is dealt from seeds by the fair-deal recipe (`domain.fair`: the server's seed,
random or derived from the request's, and the seats' own), or, where the service
allows it, from explicit deck orders (tests, replays). The request gives one or the
other; with seeds the seeds draw the dealer too (P6), so a dealer is named only with
explicit decks. Each seat of a person gets a token, kept only as its hash; a bot's seat
holds none (`""`: no token matches it).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from service.errors import DeckNotAllowed, InvalidRequest
from service.settings import Settings
from service.usecases import auth


def server_seed(
    settings: Settings,
    decks: object | None,
    seed: str | None,
    seat_seeds: Sequence[str] | None,
    dealer: int | None,
    *,
    field: str,
) -> bytes | None:
    """The server's seed a new table is dealt from, or None where the request gives its
    deck order (`decks`, the request's `field`), which the settings must allow."""
    if decks is not None:
        if not settings.allow_deck:
            raise DeckNotAllowed("explicit deck orders are switched off on this service")
        if seed is not None or seat_seeds is not None:
            raise InvalidRequest(f"give either `{field}` or seeds, not both", field)
        return None
    if dealer is not None:
        # The proof covers the dealer too: a record dealt by another seat fails its audit.
        raise InvalidRequest(
            f"the seeds draw the dealer (P6): name a dealer only with `{field}`", "dealer"
        )
    if seed is None:
        return secrets.token_bytes(32)
    return hashlib.sha256(seed.encode("utf-8")).digest()


def check_seat_seeds(seat_seeds: Sequence[str] | None, seats: int) -> tuple[str, ...]:
    """The seats' seeds: none, or one per seat."""
    given = tuple(seat_seeds or ())
    if given and len(given) != seats:
        raise InvalidRequest(f"give one seat seed per seat ({seats})", "seat_seeds")
    return given


def seat_tokens(
    seat_bots: Sequence[str | None],
) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
    """A new token for each person's seat (None for a bot's), and what is stored of
    each: its hash, `""` for a bot's seat."""
    tokens = tuple(None if bot else auth.new_token() for bot in seat_bots)
    hashes = tuple("" if token is None else auth.token_hash(token) for token in tokens)
    return tokens, hashes
