"""What the match use cases take and give: msgspec structs, also the API's wire form.

A match's state leaves the service only as the domain's view (`domain.match.views`),
which shows everything: a match holds no secret. Its games are ordinary games, read
through the game endpoints with the same seat tokens.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec

from domain.commands import CardText
from domain.games import (
    DEFAULT_GAME,
    DRAW_RULES_EXAMPLE,
    MAX_SEATS,
    MIN_SEATS,
    AnyDrawRules,
    MatchGameName,
)
from domain.match.codec import MATCH_EVENTS
from domain.match.events import AnyMatchEvent
from domain.match.options import MatchOptions
from service.usecases.game_names import explain_game_refusal
from service.usecases.match_view_forms import MATCH_VIEW_SHAPES, read_match_view
from service.usecases.messages import (
    GameRecordDocument,
    SeedText,
    TurnSeconds,
    Version,
)
from service.usecases.names import BotSeat, PlayerName, SeatEntry
from service.usecases.stored_forms import COMPONENT_REF, stored_event_meta

Deck = Annotated[tuple[CardText, ...], msgspec.Meta(max_length=200)]
#: A match as anyone sees it (`domain.match.views.MatchView`), in one of its two shapes
#: (`service.usecases.match_view_forms`): Penang's `MatchView` or a draw game's
#: `DrawMatchView` (R31), told apart by `game`: the field states the union for the
#: contract, as the games' `View` does.
MatchViewField = Annotated[
    Any,
    msgspec.Meta(
        description=(
            "The match as anyone sees it: `MatchView` (Penang Rummy) or `DrawMatchView` "
            "(basic Rummy, Three Thirteen, Gin Rummy: its `game`)."
        ),
        extra_json_schema={
            "oneOf": [
                {"$ref": COMPONENT_REF.format(name=shape.__name__)} for shape in MATCH_VIEW_SHAPES
            ]
        },
    ),
]


def _typed_view(answer: CreatedMatch | ClaimedSeat | LeftSeat) -> None:
    """Once decoded (a stored answer replayed), an answer's `view` is the match's view
    again, read through its shape."""
    if isinstance(answer.view, dict):
        msgspec.structs.force_setattr(answer, "view", read_match_view(answer.view))


MatchRecordEvent = Annotated[dict[str, Any], stored_event_meta(MATCH_EVENTS)]


class CreateMatch(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new match: its players named (every seat's token in the answer), or its seats open.

    Give `players` for a table one operator runs (bots, tests), or `seats` for a table
    whose players claim their seats themselves (R18).
    """

    #: The players in seat order (clockwise), as many as the game takes (`SEATS_TEXT`); or
    #: give `seats`.
    players: (
        Annotated[
            tuple[SeatEntry, ...],
            msgspec.Meta(
                description=(
                    "The players in seat order (clockwise); a seat given as "
                    '`{"bot": "greedy"}` is played by the service with that bot in every '
                    "game of the match (R33)."
                ),
                examples=[["Aminah", "Ben", "Chen", "Devi"], ["Aminah", {"bot": "greedy"}]],
                extra_json_schema={"minItems": MIN_SEATS, "maxItems": MAX_SEATS},
            ),
        ]
        | None
    ) = None
    #: The number of open seats (as `players`), each claimed by its player; or give `players`.
    seats: Annotated[int, msgspec.Meta(ge=MIN_SEATS, le=MAX_SEATS)] | None = None
    #: With `seats`: the seats the service plays, by seat (`{"bot": "greedy"}`), null for
    #: a seat a person claims; a bot's seat is taken when the match opens (R34).
    bots: (
        Annotated[
            tuple[BotSeat | None, ...],
            msgspec.Meta(
                max_length=MAX_SEATS,
                description=(
                    "With `seats`: one entry per seat, a bot the service plays "
                    '(`{"bot": "greedy"}`) or null for a seat a person claims (R34).'
                ),
                examples=[[None, {"bot": "greedy"}]],
            ),
        ]
        | None
    ) = None
    #: The game: Penang Rummy by default, or matches of a draw game (R31).
    game: Annotated[
        MatchGameName,
        msgspec.Meta(
            description=(
                "The game the match plays: `penang` (the default), `rummy` (basic Rummy to "
                "`options.target` or of `options.games` hands, B12), `three-thirteen` "
                "(its eleven hands, T1, T11) or `gin` (Gin Rummy to `options.target`, 100 "
                "by default, with the game and box bonuses at the end, G17; with "
                "`options.scoring` `hollywood`, three games at once, G18); each hand "
                "dealt by the match (R31)."
            )
        ),
    ] = DEFAULT_GAME
    #: The games' rules, whether points are recorded (P7, P8) and how the match ends (R16);
    #: a draw game's match takes `games` or `target` only (R31).
    options: MatchOptions | None = None
    #: A draw game's rule options for every hand, tagged with its game (as `POST /games`).
    draw_rules: (
        Annotated[
            AnyDrawRules,
            msgspec.Meta(
                description=(
                    "A draw game's rule options for every hand of the match, tagged with the "
                    'game (`"game": "rummy"`). Only with that `game`.'
                ),
                examples=[DRAW_RULES_EXAMPLE],
            ),
        ]
        | None
    ) = None
    #: A reproducible match: the match seed is SHA-256 of this text (not secret then).
    seed: SeedText | None = None
    #: With `players`: one seed per seat, mixed into every deal (R18). Claims bring their own.
    seat_seeds: Annotated[tuple[SeedText, ...], msgspec.Meta(max_length=MAX_SEATS)] | None = None
    #: With `decks` only: the first dealer; by default drawn at random (P6).
    dealer: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)] | None = None
    #: Explicit deck orders, one per game, top card first: only where the service allows
    #: it (tests, replays). A match of `games` needs as many decks; one that runs out of
    #: decks refuses the command that would deal the next game (R16, field `decks`).
    decks: Annotated[tuple[Deck, ...], msgspec.Meta(min_length=1, max_length=100)] | None = None
    #: The turn clock of every game of the match: seconds for each turn (R19); none by default.
    turn_seconds: TurnSeconds | None = None
    #: With `players`: the players holding seats (U13), by seat, or null for a seat no
    #: player holds.
    seat_players: (
        Annotated[
            tuple[UUID | None, ...],
            msgspec.Meta(
                max_length=MAX_SEATS,
                description=(
                    "With `players`: the players holding seats, by seat (U13): a player's "
                    "id, or null; exactly as many as `players`. Each player's seat is named "
                    "by its handle, and every game of the match records it in its deal "
                    "(`seated`), so the match's games are rated (R70). The request's bearer "
                    "is that player's key (scope `play`) or the operator's, who seats any "
                    "players. Open seats are claimed with the player's key (`claimSeat`)."
                ),
            ),
        ]
        | None
    ) = None

    #: A game this service does not play is refused naming every game it plays.
    explain_refusal = staticmethod(explain_game_refusal)


class CreatedMatch(msgspec.Struct, frozen=True, kw_only=True):
    """A new match: its id, the host's token, the seats' tokens (named players only)."""

    match_id: UUID
    version: Version
    #: The host's bearer token: it closes the match. Keep it apart from the seats'.
    host_token: str
    #: Each seat's bearer token, by seat, where the players were named; empty for open seats.
    #: A bot seat has none (null): the service plays it (R33).
    tokens: tuple[str | None, ...]
    #: The game being played, once every seat is taken.
    game_id: UUID | None
    view: MatchViewField

    def __post_init__(self) -> None:
        _typed_view(self)


class ClaimSeat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A player claims an open seat: their name, and a seed of their own if they like."""

    name: PlayerName
    #: Mixed into every deal of the match with the others' seeds (R18).
    seat_seed: SeedText | None = None
    #: The player taking the seat (U13), by public id: the seat is named by its handle and
    #: every game of the match records it (`seated`); the bearer is that player's key
    #: (scope `play`) or the operator's.
    player: Annotated[
        UUID | None,
        msgspec.Meta(
            description=(
                "The player taking the seat (U13): its public id. The seat is named by the "
                "player's handle, `name` notwithstanding, and every game of the match "
                "records who holds it (`seated`); the request's bearer is that player's "
                "key (scope `play`) or the operator's. A player holds one seat of a match."
            )
        ),
    ] = None


class ClaimedSeat(msgspec.Struct, frozen=True, kw_only=True):
    """The claimed seat's token (for this seat only), and the match as it now stands."""

    match_id: UUID
    seat: int
    token: str
    version: Version
    #: The game being played, when this claim took the last seat and the cards were dealt.
    game_id: UUID | None
    view: MatchViewField

    def __post_init__(self) -> None:
        _typed_view(self)


class LeftSeat(msgspec.Struct, frozen=True, kw_only=True):
    """The seat left, open again (its token void), and the match as it now stands.

    The fields a claim answers, but the token: every answer about a seat has the same
    shape, the match's view wrapped with its id, the seat and the version.
    """

    match_id: UUID
    seat: int
    version: Version
    #: The game being played: none, since a seat is left only before the deal (R18).
    game_id: None
    view: MatchViewField

    def __post_init__(self) -> None:
        _typed_view(self)


class MatchEventRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One event of the match, at its version."""

    version: Version
    event: AnyMatchEvent


class MatchEventsPage(msgspec.Struct, frozen=True, kw_only=True):
    """A match's events after `since`."""

    match_id: UUID
    version: Version
    events: tuple[MatchEventRecord, ...]


class MatchRecordDocument(msgspec.Struct, frozen=True, kw_only=True):
    """A match record (format `penang-rummy-match-record/1`, domain.match.records)."""

    format: Literal["penang-rummy-match-record/1"]
    rules_version: str
    #: The id of the match in the service that exported it (informative only).
    match_id: str | None = None
    #: The match's events in their stored form (`type`, schema version `v`, fields).
    events: tuple[MatchRecordEvent, ...]
    #: Each game's record, in the order the games were dealt.
    games: tuple[GameRecordDocument, ...]
