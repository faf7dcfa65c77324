"""What the use cases take and give: msgspec structs, also the API's wire form.

Game state and events leave the service only as the domain's views
(`domain.penang.views.PenangView`, `EventView`), wrapped here with versions and ids. Every
integer and every list is bounded (the players by the rules, first thing, P2), so no
client input reaches the store unbounded. The contract states each bound exactly.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec

from domain.chain import RecordChain, RecordSignature
from domain.commands import CardText
from domain.games import (
    ALL_GAME_EVENTS,
    DEFAULT_GAME,
    DRAW_RULES_EXAMPLE,
    GAMES_TEXT,
    MAX_SEATS,
    MIN_SEATS,
    MOST_HANDS,
    AnyDrawRules,
    DefaultRules,
    GameName,
)
from domain.match.records import MATCH_RECORD_FORMAT, is_match_record
from domain.provenance import RecordVerdict
from service.usecases.game_kinds import AnyAction, AnyEventView, as_view
from service.usecases.game_names import SEATS_TEXT, explain_game_refusal
from service.usecases.names import SeatEntry
from service.usecases.stored_forms import stored_event_meta
from service.usecases.view_fields import Moves, View

SeedText = Annotated[str, msgspec.Meta(min_length=1, max_length=256)]
#: The table's turn clock (R19), a service option beside the rules: seconds per turn.
TurnSeconds = Annotated[
    int,
    msgspec.Meta(
        ge=1,
        le=86_400,
        description=(
            "The turn clock: each turn's time limit in seconds (R19), in every game. A seat "
            "that has not played when it runs out is timed out: in Penang it is dead, "
            "reason `timeout`; in basic Rummy and Three Thirteen the service plays a "
            "default turn for it, its discard with reason `timeout` (R36); in Gin Rummy its "
            "default turn (the upcard passed, the stock drawn and that card discarded), "
            "its last event of the seat with reason `timeout` (R51). In the draw games and "
            "Gin Rummy a table every person has left ends abandoned (R45). The views show "
            "the turn's deadline (`turn_deadline`). Leave it out for no clock."
        ),
    ),
]
Version = Annotated[int, msgspec.Meta(ge=0, description="How many events the game holds.")]

ACTION_EXAMPLES = [
    {"type": "meld", "cards": ["3H", "JK", "5H"], "jokers": ["4H"]},
    {"type": "meld", "cards": ["8H", "8H", "8C"]},
    {"type": "lay_off", "meld": 0, "card": "6H"},
    {"type": "lay_off", "meld": 1, "card": "JK", "end": "high"},
    {"type": "swap", "meld": 0, "card": "4H"},
]
DRAW_ACTION_EXAMPLES = [
    {"type": "draw", "source": "stock"},
    {"type": "meld", "cards": ["3H", "4H", "5H"]},
    {"type": "discard", "card": "KS"},
]


def _typed_view(answer: CreatedGame | TurnResult | ImportedGame) -> None:
    """Once decoded (a stored answer replayed), an answer's `view` is its view struct again."""
    if isinstance(answer.view, dict):
        msgspec.structs.force_setattr(answer, "view", as_view(answer.view))


class CreateGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A new game: the players in seat order, and optionally its game, rules, seeds or a deck."""

    #: The players in seat order (clockwise), as many as the game takes (`SEATS_TEXT`).
    players: Annotated[
        tuple[SeatEntry, ...],
        msgspec.Meta(
            description=(
                f"The players in seat order (clockwise): {SEATS_TEXT}. A seat given as "
                '`{"bot": "greedy"}` is played by the service with that bot (R33).'
            ),
            examples=[["Aminah", "Ben", "Chen", "Devi"], ["Aminah", {"bot": "greedy"}]],
            # Stated here, checked by the game's rules (`PenangRules.validate`), whose refusal
            # names P2 (B1, T2); the body's size bounds what reaches them.
            extra_json_schema={"minItems": MIN_SEATS, "maxItems": MAX_SEATS},
        ),
    ]
    #: Penang Rummy's rule options; every omitted option takes its RULES.md default.
    rules: DefaultRules | None = None
    #: The game: the default game unless named (every registered game, `GAMES`).
    game: Annotated[
        GameName, msgspec.Meta(description=f"The game to deal: one of {GAMES_TEXT}.")
    ] = DEFAULT_GAME
    #: A draw game's rule options, tagged with its game; omitted options take RULES.md's.
    draw_rules: (
        Annotated[
            AnyDrawRules,
            msgspec.Meta(
                description=(
                    'A draw game\'s rule options, tagged with the game (`"game": "rummy"`); '
                    "each game's options, with the rules they name, are its schema's. Only "
                    "with that `game`."
                ),
                examples=[DRAW_RULES_EXAMPLE],
            ),
        ]
        | None
    ) = None
    #: A draw game's hand number (Three Thirteen's T1, T3: hand n deals n + 2, n + 2 wild).
    hand: (
        Annotated[
            int,
            msgspec.Meta(
                ge=1,
                # Stated as 11 for the contract, checked by the rules, whose refusal names
                # T1; the decoder's bound only keeps the number small.
                le=1000,
                description=(
                    "A draw game's hand number, 1 by default: Three Thirteen's hand n deals "
                    "n + 2 cards and makes rank n + 2 wild (T1, T3); it has 11 hands."
                ),
                extra_json_schema={"maximum": MOST_HANDS},
            ),
        ]
        | None
    ) = None
    #: A seed for a reproducible game: the server seed becomes SHA-256(seed).
    seed: (
        Annotated[
            str,
            msgspec.Meta(
                min_length=1,
                max_length=256,
                description="Reproducible game: the server seed is SHA-256 of this text.",
            ),
        ]
        | None
    ) = None
    #: The seats' own seeds for a provably fair deal (domain.fair), one per seat.
    seat_seeds: (
        Annotated[
            tuple[SeedText, ...],
            msgspec.Meta(
                max_length=MAX_SEATS,
                description=(
                    "One seed per seat, mixed into the deal (provably fair); empty, or "
                    "exactly as many as `players`."
                ),
                examples=[["a1", "b2", "c3", "d4"]],
            ),
        ]
        | None
    ) = None
    #: The players holding seats (U10): each seat's player id, or null for a seat no
    #: player holds.
    seat_players: (
        Annotated[
            tuple[UUID | None, ...],
            msgspec.Meta(
                max_length=MAX_SEATS,
                description=(
                    "The players holding seats, by seat (U10): a player's id, or null; "
                    "exactly as many as `players`. Each player's seat is named by its "
                    "handle and recorded in the deal (`seated`); the request's bearer is "
                    "that player's key (scope `play`) or the operator's, who seats any "
                    "players."
                ),
            ),
        ]
        | None
    ) = None
    #: The dealer's seat, with an explicit deck only; otherwise the seeds draw it (P6).
    dealer: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)] | None = None
    #: An explicit deck order, top card first: only where the service allows it.
    deck: (
        Annotated[
            tuple[CardText, ...],
            msgspec.Meta(
                max_length=200,
                description="Explicit deck order, top card first (tests and replays only).",
            ),
        ]
        | None
    ) = None
    #: The turn clock: seconds for each turn (R19); none by default.
    turn_seconds: TurnSeconds | None = None

    #: A game this service does not play is refused naming every game it plays.
    explain_refusal = staticmethod(explain_game_refusal)


class CreatedGame(msgspec.Struct, frozen=True, kw_only=True):
    """A new game: its id, one secret bearer token per seat, and the spectator view."""

    game_id: UUID
    version: Version
    #: Each seat's bearer token, by seat: hand each to its player only. A bot seat has
    #: none (null): the service plays it (R33).
    tokens: tuple[str | None, ...]
    view: View

    def __post_init__(self) -> None:
        _typed_view(self)


class SubmitTurn(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One whole turn (a draw game's command): its actions, checked in order and recorded
    together (D8, R22)."""

    actions: Annotated[
        tuple[AnyAction, ...],
        msgspec.Meta(
            max_length=100,
            description=(
                "The turn's melds, lay-offs and joker swaps, in order (Penang Rummy); a "
                "draw game's draw, melds, lay-offs, discard or going out (R22). An action "
                "of another game is refused naming this game's rule (`not-in-this-game`)."
            ),
            examples=[ACTION_EXAMPLES, DRAW_ACTION_EXAMPLES],
        ),
    ]


class EventRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One event of the game, as the caller may see it, at its version."""

    version: Version
    event: AnyEventView


class TurnResult(msgspec.Struct, frozen=True, kw_only=True):
    """What a turn (or a dead declaration) recorded, and the seat's new view."""

    version: Version
    events: tuple[EventRecord, ...]
    view: View
    #: When the turn ended a game of a match and the next game was dealt: its id.
    next_game: UUID | None = None

    def __post_init__(self) -> None:
        _typed_view(self)


class EventsPage(msgspec.Struct, frozen=True, kw_only=True):
    """A game's events after `since`, as the caller may see them."""

    game_id: UUID
    version: Version
    events: tuple[EventRecord, ...]


class MovesView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's legal moves now, as its game lists them, at the game's version."""

    version: Version
    moves: Moves


class ComposedTurn(msgspec.Struct, frozen=True, kw_only=True):
    """A turn being chosen, its actions so far checked and recorded nowhere (P11, R22):
    the seat's view after them and the legal moves that may follow, at the game's
    version."""

    version: Version
    #: The actions may be sent as they are (a Penang turn holds a meld or a lay-off,
    #: P10, P24; a draw game's command is any part of a turn, R22).
    complete: bool
    #: Sending them ends the seat's turn, or the game: no action may follow.
    ends_turn: bool
    #: The last action draws from the stock, whose card is known only once the draw is
    #: recorded (R22): send the actions, then choose what follows. The view and moves are
    #: then the position before them.
    send_first: bool
    #: The game as the seat would see it after the actions; where they end the turn, as
    #: it sees it now (a hand they would end is shown whole only once sent, R28).
    view: View
    #: The legal moves that may follow the actions (none where `ends_turn`).
    moves: Moves

    def __post_init__(self) -> None:
        if isinstance(self.view, dict):
            msgspec.structs.force_setattr(self, "view", as_view(self.view))


RecordEvent = Annotated[dict[str, Any], stored_event_meta(ALL_GAME_EVENTS)]


class GameRecordDocument(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game record (`penang-rummy-record/1` or `/2`, domain.records) as one JSON document.

    The rule options and the rules version are in the first event, `Dealt`, which also
    holds every hand and the undealt cards; every event follows in the order recorded.
    Format `/2` adds the events' hash chain (domain.chain) and the signature over its
    head; `/1` has neither.
    """

    format: Literal["penang-rummy-record/1", "penang-rummy-record/2"]
    #: The rules the game was played under; `Dealt.rules_version` names the same.
    rules_version: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    #: The id of the game in the service that exported it (informative only).
    game_id: Annotated[str, msgspec.Meta(max_length=128)] | None = None
    #: Every event, `Dealt` first: a record holds at least one.
    events: Annotated[tuple[RecordEvent, ...], msgspec.Meta(min_length=1, max_length=5000)]
    #: Format `/2`: h0 (the header's hash) and one SHA-256 per event, each covering the one before.
    chain: RecordChain | None = None
    #: Format `/2`, when signed: the Ed25519 signature over the chain's head, and the key's id.
    signature: RecordSignature | None = None

    @staticmethod
    def explain_refusal(document: Any, field: str) -> str | None:
        """Why a match record is refused here: its `format` is not a game record's."""
        if field != "format" or not is_match_record(document):
            return None
        return (
            f"{MATCH_RECORD_FORMAT!r} is a match record, which this service does not "
            "import: import each of its `games` (game records) here, or check the whole "
            "match with `penang-rummy verify`"
        )


class ImportedGame(msgspec.Struct, frozen=True, kw_only=True):
    """An imported record, now a finished game of this service (read-only: no tokens)."""

    game_id: UUID
    version: Version
    #: The outcome of replaying the record through the rules, and of checking its chain
    #: and its signature as the record came (before this service re-signs its export).
    verdict: RecordVerdict
    view: View

    def __post_init__(self) -> None:
        _typed_view(self)
