"""Who opens a live-update stream: the viewer its credential names, checked before it opens.

A stream is followed by a spectator (no credential), by a seat (its bearer token in
`Authorization`, or a ticket: `service.usecases.tickets`), or by a match's host (its
bearer token: the host sees what a spectator sees, on the match's stream and on the
streams of the match's games). One credential at a time: a ticket with an
`Authorization` header is refused, naming the ticket.

The stream counts against the token it was opened with (the ticket's seat's token), or
without one against the client's address (`service.usecases.hub`): `token_sha256`.
"""

from __future__ import annotations

from typing import NamedTuple
from uuid import UUID

from domain.views import Viewer
from service.errors import InvalidRequest, UnknownToken
from service.store import GameStore
from service.usecases import auth, feeds, tickets


class StreamAccess(NamedTuple):
    """The stream's viewer, and the token (its SHA-256) it counts against, if any."""

    viewer: Viewer
    token_sha256: str | None


def open_game(
    store: GameStore,
    game_id: UUID,
    *,
    authorization: str | None,
    ticket: str | None,
    after: int,
    at: float,
) -> StreamAccess:
    """The access to a game's stream, `after` checked against the game."""
    _one_credential(authorization, ticket)
    game_secrets = store.secrets(game_id)
    hashes = game_secrets.token_sha256
    if ticket is not None:
        row = tickets.use(store, ticket, ("game", game_id), hashes, at)
        access = StreamAccess(row.seat, row.token_sha256)
    else:
        match_id = game_secrets.match_id
        host = None if match_id is None else store.match_secrets(match_id)[1].host_sha256
        access = _bearer(hashes, host, authorization)
    feeds.check_game_after(store, game_id, after)
    return access


def open_match(
    store: GameStore,
    match_id: UUID,
    *,
    authorization: str | None,
    ticket: str | None,
    after: int,
    at: float,
) -> StreamAccess:
    """The access to a match's stream, `after` checked against the match."""
    _one_credential(authorization, ticket)
    store.matches.state(match_id)
    match_secrets = store.match_secrets(match_id)[1]
    hashes = match_secrets.seat_sha256
    if ticket is not None:
        row = tickets.use(store, ticket, ("match", match_id), hashes, at)
        access = StreamAccess(row.seat, row.token_sha256)
    else:
        access = _bearer(hashes, match_secrets.host_sha256, authorization)
    feeds.check_match_after(store, match_id, after)
    return access


def _one_credential(authorization: str | None, ticket: str | None) -> None:
    if ticket is not None and authorization is not None and authorization.strip():
        raise InvalidRequest("send a stream ticket or an Authorization header, not both", "ticket")


def _bearer(
    hashes: tuple[str | None, ...], host_sha256: str | None, authorization: str | None
) -> StreamAccess:
    """A seat's token names its seat; the host's token, no seat (a spectator's view)."""
    token = auth.bearer_token(authorization)
    if token is None:
        return StreamAccess(None, None)
    seat = auth.token_seat(hashes, token)
    if seat is None and not (host_sha256 is not None and auth.is_token(host_sha256, token)):
        raise UnknownToken("the bearer token is not a token of this table, nor its host's")
    return StreamAccess(seat, auth.token_hash(token))
