"""Seat tokens: one random bearer token per seat, stored only as its SHA-256.

A token is `secrets.token_urlsafe(32)` (256 bits). The service keeps the hashes in the
game's (or match's) secrets stream and compares with `hmac.compare_digest`, against
every seat's hash, so the time taken says nothing about which seat (if any) matched.
A match's seats keep their tokens for every game of the match; an open seat has none.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from domain.errors import UnknownSeat
from service.errors import MissingToken, UnknownToken, WrongSeat
from service.store.envelopes import GameSecrets
from service.store.game_folds import AnyGameState

_SCHEME = "bearer"


def new_token() -> str:
    """A fresh seat token (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, None when absent."""
    if authorization is None or not authorization.strip():
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != _SCHEME or not token.strip():
        raise UnknownToken("the Authorization header must be `Bearer <token>`")
    return token.strip()


def token_seat(hashes: GameSecrets | Sequence[str | None], token: str) -> int | None:
    """The seat whose token this is (among a game's, or a match's hashes), or None."""
    if isinstance(hashes, GameSecrets):
        hashes = hashes.token_sha256
    digest = token_hash(token)
    found = None
    for seat, stored in enumerate(hashes):
        # An open seat compares against a hash no token has, to take the same time.
        if hmac.compare_digest(digest, stored or _NO_TOKEN) and stored is not None:
            found = seat
    return found


_NO_TOKEN = "-" * 64


def check_seat(state: AnyGameState, seat: int) -> None:
    """Refuse a seat number the game does not have."""
    check_seat_number(state.seats, seat)


def check_seat_number(seats: int, seat: int) -> None:
    """Refuse a seat number a table of `seats` does not have."""
    if not 0 <= seat < seats:
        raise UnknownSeat(f"there is no seat {seat} at this table of {seats}", "P2")


def authorize(
    game: GameSecrets | Sequence[str | None], authorization: str | None, seat: int
) -> None:
    """Require the bearer token of `seat` (401 without a known token, 403 for another seat)."""
    token = bearer_token(authorization)
    if token is None:
        raise MissingToken(f"seat {seat}'s bearer token is required")
    owner = token_seat(game, token)
    if owner is None:
        raise UnknownToken("the bearer token is not a token of this table")
    if owner != seat:
        raise WrongSeat(f"the bearer token is seat {owner}'s, not seat {seat}'s")


def viewer(game: GameSecrets | Sequence[str | None], authorization: str | None) -> int | None:
    """The seat a token belongs to, None without a token; an unknown token is refused."""
    token = bearer_token(authorization)
    if token is None:
        return None
    owner = token_seat(game, token)
    if owner is None:
        raise UnknownToken("the bearer token is not a token of this table")
    return owner


def is_token(expected: str, token: str) -> bool:
    """Whether `token` is the one whose stored hash is `expected` (a match's host token)."""
    return hmac.compare_digest(token_hash(token), expected)


def require(expected: str, authorization: str | None, who: str) -> None:
    """Require one particular token (a match's host token): 401 without it or another."""
    token = bearer_token(authorization)
    if token is None:
        raise MissingToken(f"the {who}'s bearer token is required")
    if not is_token(expected, token):
        raise UnknownToken(f"the bearer token is not the {who}'s")
