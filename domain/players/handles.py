"""Handles (U1-U5, R64): their normal form, their skeleton, and the checks a new one passes.

A handle is stored as written after NFKC; two handles are one when their skeletons are
equal (U3). The skeleton is what uniqueness, the reserved names and the bots' names are
compared by, so that a look-alike of a taken, reserved or bot's name is refused alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

from domain.players.errors import (
    HandleAlphabet,
    HandleLength,
    HandleLikeBot,
    HandleNotBot,
    HandleReserved,
)
from domain.players.events import PlayerKind

#: The length bounds of a handle, after normalisation (U2).
MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 20
#: The alphabet (U1): ASCII letters, digits, `_` and `-`, a letter first.
_ALPHABET: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
#: What readers mistake for one another (R64), applied after case folding, in order.
_ALIKE: Final = (("rn", "m"), ("0", "o"), ("1", "l"), ("i", "l"), ("5", "s"))
#: The reserved names (U4, R64), compared by their skeletons.
RESERVED_NAMES: Final = (
    "admin",
    "administrator",
    "operator",
    "root",
    "system",
    "service",
    "server",
    "support",
    "staff",
    "moderator",
    "mod",
    "official",
    "host",
    "spectator",
    "anonymous",
    "guest",
    "player",
    "players",
    "everyone",
    "nobody",
    "null",
    "none",
    "me",
    "penang-rummy",
)


def normalise(handle: str) -> str:
    """The handle as stored: NFKC, surrounding spaces kept (they are refused by U1)."""
    return unicodedata.normalize("NFKC", handle)


def skeleton(handle: str) -> str:
    """What the handle reads as (R64): case folded, `_` and `-` left out, look-alikes alike."""
    text = normalise(handle).casefold().replace("_", "").replace("-", "")
    for seen, read in _ALIKE:
        text = text.replace(seen, read)
    return text


def check(
    handle: str,
    bots: Iterable[str],
    *,
    kind: PlayerKind = "person",
    service_bots: Iterable[str] = (),
) -> str:
    """The handle normalised, or the refusal of the first rule it breaks (U1, U2, U4, U5,
    U14).

    `bots` are the names of the bots the service plays (R33), `service_bots` the handles
    of its bots' players (U14). Whether it is taken (U3) is the store's to say: the first
    registration of a skeleton wins.
    """
    text = normalise(handle)
    if not MIN_LENGTH <= len(text) <= MAX_LENGTH:
        raise HandleLength(
            f"a handle is {MIN_LENGTH} to {MAX_LENGTH} characters; {text!r} has {len(text)}"
        )
    if _ALPHABET.fullmatch(text) is None:
        raise HandleAlphabet(
            f"{text!r} is not a handle: ASCII letters, digits, `_` and `-`, a letter first"
        )
    read = skeleton(text)
    if read in {skeleton(name) for name in RESERVED_NAMES}:
        raise HandleReserved(f"{text!r} is a reserved name")
    if kind == "bot":
        if not read.endswith("bot"):
            raise HandleNotBot(f"{text!r} does not end in `bot`: a bot's handle does (R76)")
        if read in {skeleton(name) for name in (*bots, *service_bots)}:
            raise HandleLikeBot(f"{text!r} is the service's bot's: another bot may not take it")
        return text
    if read.endswith("bot") or read in {skeleton(bot) for bot in bots}:
        raise HandleLikeBot(f"{text!r} would pass for a bot: a person's handle may not")
    return text
