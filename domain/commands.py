"""The table actions every game with melds on the table shares, in their wire form.

Cards are written in the one notation (`domain.cards`): `CardText` checks it in the
contract, `StandIn` what a joker stands for (D4). `meld` lays 3 or more cards from hand
as a run or a set (Penang's P13–P18, basic Rummy's B5), `lay_off` adds one card to a
table meld (P19–P21, B6). Each game's command holds them beside its own actions
(`domain.penang.commands`, `domain.drawgame.commands`) and checks them in order against
its state as it evolves within the command, recording all of it or nothing (D8, R22).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from domain.cards import CARD_PATTERN

CardText = Annotated[
    str,
    msgspec.Meta(
        pattern=CARD_PATTERN,
        description="A card: rank then suit letter (AS 2H 10D QC), or JK for a joker.",
        examples=["10H"],
    ),
]
StandIn = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^(?:(?:[2-9]|10|[AJQK])[SHDC]?)$",
        description="What a joker stands for: a card (7H) in a run, a rank (8) in a set.",
        examples=["7H"],
    ),
]
#: What an action does, whatever a game calls it: a game refuses another game's action by
#: its kind (`domain.game.Game.refusals`), so no game lists another's actions by name.
#: Lay cards from hand as a meld (`meld`, Gin's `show_meld`); add one to a meld (`lay_off`,
#: Gin's `lay_off_card`); swap a wild card out of a meld (`swap`); take a card (`draw`);
#: throw one (`discard`); end the hand (`go_out`, Gin's `knock` and `big_gin`); pass a
#: step of the turn (Gin's `pass` and `done`).
ActionKind = Literal["meld", "lay_off", "swap", "draw", "discard", "go_out", "pass"]
MeldId = Annotated[int, msgspec.Meta(ge=0, le=10_000, description="A table meld's id.")]


class MeldAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="meld", forbid_unknown_fields=True
):
    """Lay 3 or more cards from hand as a run or a set (P13–P18)."""

    kind: ClassVar[ActionKind] = "meld"

    cards: Annotated[
        tuple[CardText, ...],
        msgspec.Meta(min_length=1, max_length=60, examples=[["3H", "JK", "5H"]]),
    ]
    #: What the jokers stand for, one entry per joker (their order does not matter:
    #: jokers are alike); needed only where the meld could be read more than one way (D4).
    jokers: Annotated[tuple[StandIn, ...], msgspec.Meta(max_length=60, examples=[["4H"]])] = ()


class LayOffAction(
    msgspec.Struct, frozen=True, tag_field="type", tag="lay_off", forbid_unknown_fields=True
):
    """Add one card from hand to a table meld, anyone's (P19–P21)."""

    kind: ClassVar[ActionKind] = "lay_off"

    meld: MeldId
    card: CardText
    #: Which end of a run: needed only where the card fits both (a joker, D4).
    end: Literal["low", "high"] | None = None
