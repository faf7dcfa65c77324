"""Rule options: one typed, immutable structure with the RULES.md defaults.

Every D rule of RULES.md is an option here, and so are the P rules that tables vary
(joker count, packs, cards per player). A game records its options in `Dealt`, so a
record replays under the rules it was played with.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final

import msgspec

from domain.cards import Card, build_deck
from domain.errors import InvalidRules
from domain.rule_ids import RuleId

#: The game's name (`domain.penang.spec.Penang.name`), which its views carry.
GAME: Final = "penang"
RULES_VERSION = "penang-1"

MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: P1: the jokers a deck may hold; P2: the packs it may be made of.
JOKER_COUNTS = (6, 8)
PACK_COUNTS = (2, 3)


class CardPoints(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Deadwood points per card (D1): 2–10 face value, J Q K `face`, ace, joker."""

    face: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 10
    ace: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 15
    joker: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 20


class PenangRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The options of one game; every field defaults to RULES.md."""

    #: The rule a table of the wrong number of players breaks (a match's seats, P2).
    SEATS_RULE: ClassVar[RuleId] = "P2"

    #: P1: jokers added to the packs: 6 (110 cards with two packs) or 8. The schema
    #: names the values; `validate` refuses the others, citing the rule.
    jokers: Annotated[
        int, msgspec.Meta(ge=0, le=8, extra_json_schema={"enum": list(JOKER_COUNTS)})
    ] = 6
    #: P2, D2: 52-card packs; None picks 2, or 3 with five players.
    packs: (
        Annotated[int, msgspec.Meta(ge=1, le=3, extra_json_schema={"enum": list(PACK_COUNTS)})]
        | None
    ) = None
    #: P3, D2: cards dealt to each player; None picks 25 for 2–3 players, 20 for 4–5.
    cards_per_player: Annotated[int, msgspec.Meta(ge=3, le=60)] | None = None
    #: D1: deadwood points.
    card_points: CardPoints = msgspec.field(default_factory=CardPoints)
    #: D3: whether a meld may be made of jokers alone.
    all_joker_melds: bool = False
    #: D5: whether a joker may be laid off onto a meld.
    jokers_lay_off: bool = True
    #: D5: whether a joker taken by substitution may be played in the same turn.
    swapped_joker_same_turn: bool = True
    #: D6: whether the engine records `DeclaredDead` itself for a seat left without a move.
    auto_dead: bool = True

    def packs_for(self, players: int) -> int:
        if self.packs is not None:
            return self.packs
        return 3 if players >= 5 else 2

    def hand_size_for(self, players: int) -> int:
        if self.cards_per_player is not None:
            return self.cards_per_player
        return 25 if players <= 3 else 20

    def in_effect(self, players: int) -> PenangRules:
        """These options with the packs and the hand size a game of `players` plays with
        (P2, P3, D2): what a view shows, where the recorded options may leave them null."""
        return msgspec.structs.replace(
            self, packs=self.packs_for(players), cards_per_player=self.hand_size_for(players)
        )

    def deck_for(self, players: int) -> tuple[Card, ...]:
        """The packs and jokers a game of `players` deals from, in canonical order (P1, P2):
        what a fair deal shuffles (`domain.fair`)."""
        return build_deck(self.packs_for(players), self.jokers)

    def deck_size_for(self, players: int) -> int:
        return 52 * self.packs_for(players) + self.jokers

    def validate(self, players: int) -> PenangRules:
        """Check that these options make a playable game for `players` seats."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidRules(
                "P2", f"Penang Rummy takes 2 to 5 players, not {players}", field="players"
            )
        if self.jokers not in JOKER_COUNTS:
            raise InvalidRules(
                "P1", f"the deck holds 6 or 8 jokers, not {self.jokers}", field="jokers"
            )
        if self.packs is not None and self.packs not in PACK_COUNTS:
            raise InvalidRules(
                "P2", f"the deck holds 2 or 3 packs, not {self.packs}", field="packs"
            )
        if self.hand_size_for(players) < 3:
            raise InvalidRules(
                "P3", "each player needs at least 3 cards (a meld is 3)", field="cards_per_player"
            )
        dealt = players * self.hand_size_for(players)
        deck = self.deck_size_for(players)
        if dealt > deck:
            raise InvalidRules(
                "P3",
                f"{players} players × {self.hand_size_for(players)} cards = {dealt} "
                f"is more than the {deck} cards of the deck",
                field="cards_per_player",
            )
        return self
