"""Player names: the one rule for every entry point that takes a name.

A name is shown to every other player, so it must not be able to change how a
client displays what surrounds it, nor look like nothing at all:

- refused: C0 and C1 controls (U+0000–U+001F, U+007F–U+009F), the line and
  paragraph separators (U+2028, U+2029), every format character of the Basic
  Multilingual Plane (general category Cf: the bidi embeddings, overrides and
  isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and U+061C, the
  zero-width U+200B–U+200D and U+2060, the byte order mark U+FEFF, the soft hyphen
  and the rest), and the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), letters
  that draw as blanks;
- a name needs at least one character that is not a space; spaces around it are
  trimmed;
- the name kept is the NFC form of what was sent (one spelling of é, however typed);
  the length limit applies to the name as sent.

Format characters beyond the Basic Multilingual Plane (the tag characters of flag
emoji) are allowed: they cannot reorder text. The rule is written once as
`REFUSED` and `SPACES`, and both the contract's pattern (`PlayerName`) and the
check (`player_name`) are made from them, so the two cannot disagree.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence
from typing import Annotated

import msgspec

from service.errors import InvalidRequest, UnknownBot

#: Code point ranges a name may not hold (first, last), inclusive.
REFUSED: tuple[tuple[int, int], ...] = (
    (0x0000, 0x001F),
    (0x007F, 0x009F),
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x115F, 0x1160),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x2028, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0x3164, 0x3164),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF9, 0xFFFB),
)
#: The spaces left once `REFUSED` is out: a name of these alone is blank.
SPACES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x0020),
    (0x00A0, 0x00A0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
)
MAX_NAME_LENGTH = 40


def _class(ranges: tuple[tuple[int, int], ...]) -> str:
    """The ranges as the inside of a regex character class (ECMA-262 and Python alike)."""
    return "".join(
        f"\\u{first:04x}" if first == last else f"\\u{first:04x}-\\u{last:04x}"
        for first, last in ranges
    )


#: Any characters but the refused ones, and at least one of them not a space.
NAME_PATTERN = f"^[^{_class(REFUSED)}]*[^{_class(REFUSED)}{_class(SPACES)}][^{_class(REFUSED)}]*$"
_REFUSED = re.compile(f"[{_class(REFUSED)}]")

PlayerName = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=MAX_NAME_LENGTH,
        description=(
            "A player's display name: no control, format or bidi characters, not only "
            "spaces; trimmed and kept in NFC."
        ),
        examples=["Aminah"],
        # The check is `player_name`, which names the offending character.
        extra_json_schema={"pattern": NAME_PATTERN},
    ),
]


def refuse_unsafe_name(text: str, field: str) -> None:
    """Refuse a name that holds a refused character or nothing but spaces."""
    found = _REFUSED.search(text)
    if found is not None:
        code_point = f"U+{ord(found.group()):04X}"
        raise InvalidRequest(
            f"{field}: a player's name may not hold control, format or bidi characters "
            f"({code_point} at position {found.start()})",
            field,
        )
    if not text.strip():
        raise InvalidRequest(f"{field}: a player's name needs more than spaces", field)


def player_name(text: str, field: str) -> str:
    """The name as the service keeps it (trimmed, NFC), or InvalidRequest naming `field`."""
    refuse_unsafe_name(text, field)
    return unicodedata.normalize("NFC", text.strip())


def player_names(names: tuple[str, ...], field: str = "players") -> tuple[str, ...]:
    """Every name of `names` as kept; the first refused one names its index in `field`."""
    return tuple(player_name(name, f"{field}[{index}]") for index, name in enumerate(names))


class BotSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat the service plays itself, with one of the game's bots (R33)."""

    bot: Annotated[
        str,
        msgspec.Meta(
            min_length=1,
            max_length=MAX_NAME_LENGTH,
            description=(
                "One of the game's bots, which the service plays (R33): Penang Rummy's "
                "`greedy`, `patient` or `random`; basic Rummy's, Three Thirteen's and Gin "
                "Rummy's `greedy` or `random`."
            ),
            examples=["greedy"],
        ),
    ]


#: A seat of `players`: a person's name, or a bot the service plays.
SeatEntry = PlayerName | BotSeat


def seated(
    entries: Sequence[str | BotSeat],
    bots: Collection[str],
    game: str,
    field: str = "players",
    start: int = 0,
) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The seats' names as kept, and each seat's bot (None for a person's seat).

    A bot seat takes its bot's name as the player's name (R33); a bot that is not one of
    `bots` (the game's) is refused, listing them. `start` is the first entry's seat.
    """
    names: list[str] = []
    seat_bots: list[str | None] = []
    for index, entry in enumerate(entries, start=start):
        if isinstance(entry, BotSeat):
            if entry.bot not in bots:
                listed = tuple(sorted(bots))
                offer = f"its bots are {', '.join(listed)}" if listed else "it has no bots"
                raise UnknownBot(
                    f"{field}[{index}]: {game} has no bot {entry.bot!r}; {offer}",
                    f"{field}[{index}].bot",
                    listed,
                )
            names.append(entry.bot)
            seat_bots.append(entry.bot)
        else:
            names.append(player_name(entry, f"{field}[{index}]"))
            seat_bots.append(None)
    return tuple(names), tuple(seat_bots)


def any_bots(seat_bots: Sequence[str | None]) -> tuple[str | None, ...] | None:
    """`seat_bots` where a seat is a bot's, else None (no bots: nothing recorded)."""
    return tuple(seat_bots) if any(bot is not None for bot in seat_bots) else None
