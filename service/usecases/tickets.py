"""Stream tickets: a seat's bearer token exchanged for a single-use pass to its stream.

A browser's `EventSource` cannot send `Authorization`, and a token in a URL would be
kept by logs, proxies and histories. So a seat's client asks for a ticket with its
token in the header (`createGameStreamTicket`, `createMatchStreamTicket`) and opens
the stream with `?ticket=`: the ticket opens that stream once, as that seat, within
`TICKET_SECONDS`, in whichever process serves it (the tickets are rows of the store's
database: `service.store.tickets`).

A ticket is refused, before any stream opens:
- when no ticket of that text was made (401 `invalid-ticket`), or it was used (401
  `ticket-used`), or its time ran out (401 `ticket-expired`);
- at another game's or match's stream, or a game's ticket at a match's stream (403
  `ticket-for-another-stream`; the ticket is not used up there);
- when its seat has changed hands since (403 `ticket-seat-changed`: a match's seat
  left and claimed again has a new token, and the old holder's tickets die with it).

A ticket is used by the request that shows it once these checks pass, whatever the
stream answers next (a `Last-Event-ID` the stream has not reached, too many streams).
"""

from __future__ import annotations

import secrets
import time
from datetime import UTC, datetime
from typing import Final, Literal
from uuid import UUID

import msgspec

from service.errors import (
    TicketElsewhere,
    TicketExpired,
    TicketSeatChanged,
    TicketUnknown,
    TicketUsed,
)
from service.store import GameStore
from service.store.tickets import TicketRow
from service.usecases import auth

Kind = Literal["game", "match"]
#: How long a ticket may wait for its use, in seconds.
TICKET_SECONDS: Final = 60


class StreamTicket(msgspec.Struct, frozen=True, kw_only=True):
    """A single-use ticket for one seat's live-update stream."""

    #: Send it as `?ticket=` on the stream; it opens the stream once, as this seat.
    ticket: str
    #: The stream it opens (a path of this service), the ticket included.
    stream: str
    seat: int
    #: When the ticket stops being taken: at most TICKET_SECONDS after it was made.
    expires_at: datetime


def now() -> float:
    """The time tickets are made and used at (POSIX seconds); tests replace it."""
    return time.time()


def game_ticket(
    store: GameStore, game_id: UUID, seat: int, token_sha256: str, at: float
) -> StreamTicket:
    """A ticket for the game's stream as `seat`, whose token (its hash `token_sha256`)
    was shown (`createGameStreamTicket`'s guard checked it)."""
    return _make(store, TicketRow("game", game_id, seat, token_sha256, at + TICKET_SECONDS), at)


def match_ticket(
    store: GameStore, match_id: UUID, seat: int, token_sha256: str, at: float
) -> StreamTicket:
    """A ticket for the match's stream as `seat`, whose token (its hash `token_sha256`)
    was shown (`createMatchStreamTicket`'s guard checked it)."""
    return _make(store, TicketRow("match", match_id, seat, token_sha256, at + TICKET_SECONDS), at)


def _make(store: GameStore, row: TicketRow, at: float) -> StreamTicket:
    ticket = secrets.token_urlsafe(32)
    store.tickets.add(auth.token_hash(ticket), row, at)
    plural = "games" if row.kind == "game" else "matches"
    return StreamTicket(
        ticket=ticket,
        stream=f"/{plural}/{row.stream_id}/stream?ticket={ticket}",
        seat=row.seat,
        expires_at=datetime.fromtimestamp(row.expires, UTC),
    )


def use(
    store: GameStore,
    ticket: str,
    stream: tuple[Kind, UUID],
    hashes: tuple[str | None, ...],
    at: float,
) -> TicketRow:
    """Use the ticket at `stream`, whose seats' token hashes are `hashes` (module doc)."""
    kind, stream_id = stream
    digest = auth.token_hash(ticket)
    row = store.tickets.find(digest)
    if row is None:
        raise TicketUnknown("this stream ticket is not one this service made")
    if (row.kind, row.stream_id) != (kind, stream_id):
        where = "another game's" if row.kind == "game" else "another match's"
        if row.kind != kind:
            where = f"a {row.kind}'s"
        raise TicketElsewhere(f"this ticket opens {where} stream, not this {kind}'s")
    _usable(row, at)
    if row.seat >= len(hashes) or hashes[row.seat] != row.token_sha256:
        raise TicketSeatChanged(
            f"seat {row.seat} has another token since this ticket was made: ask for a new one"
        )
    if not store.tickets.use(digest, at):
        # Another request, in this process or another, used it first (or its time ran out).
        _usable(store.tickets.find(digest) or row, at)
        raise TicketUsed("this stream ticket opened a stream already")
    return row


def _usable(row: TicketRow, at: float) -> None:
    if row.used is not None:
        raise TicketUsed("this stream ticket opened a stream already: each opens one")
    if row.expires <= at:
        when = datetime.fromtimestamp(row.expires, UTC).isoformat().replace("+00:00", "Z")
        raise TicketExpired(f"this stream ticket expired at {when}: ask for a new one")
