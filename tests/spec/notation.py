"""The scenarios' notation: card lists, decks stacked for a deal, and turn actions in words.

Everything here works on card notation strings (`3H`, `10D`, `JK`) and knows nothing of
the engine, so the same helpers serve every driver. A deck is written top card first.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JK"


def cards(text: str) -> list[str]:
    """`"3H 4H JK"` as a list of card notations (order kept)."""
    return text.split()


def same_cards(left: Iterable[str], right: Iterable[str]) -> bool:
    """Whether two hands hold the same cards, whatever their order."""
    return Counter(left) == Counter(right)


def full_deck(packs: int, jokers: int) -> list[str]:
    """An unshuffled deck: `packs` packs in suit order S H D C, ranks A..K, then the jokers."""
    pack = [rank + suit for suit in SUITS for rank in RANKS]
    return pack * packs + [JOKER] * jokers


def packs_for(players: int, rules: Mapping[str, Any]) -> int:
    """The packs a table uses: the `packs` option, else two, or three for five players (P2)."""
    packs = rules.get("packs")
    if isinstance(packs, int):
        return packs
    return 3 if players >= 5 else 2


def jokers_for(rules: Mapping[str, Any]) -> int:
    jokers = rules.get("jokers", 6)
    if not isinstance(jokers, int):
        raise TypeError(f"the jokers option must be a number, not {jokers!r}")
    return jokers


def remove_cards(deck: Sequence[str], taken: Iterable[str]) -> list[str]:
    """`deck` less the `taken` cards (one copy each), in the deck's order."""
    wanted = Counter(taken)
    missing = wanted - Counter(deck)
    if missing:
        raise ValueError(f"the deck cannot supply {' '.join(sorted(missing.elements()))}")
    rest = []
    for card in deck:
        if wanted[card]:
            wanted[card] -= 1
        else:
            rest.append(card)
    return rest


def stacked_deck(hands: Mapping[int, Sequence[str]], dealer: int, deck: Sequence[str]) -> list[str]:
    """A deck order whose deal gives exactly `hands` (seat -> cards in the order received).

    The dealer deals one card at a time from the seat on their left, clockwise, and seats
    are numbered clockwise, so the i-th card dealt goes to seat (dealer + 1 + i) mod seats
    (P4). The undealt rest follows in `deck`'s own order.
    """
    seats = len(hands)
    if sorted(hands) != list(range(seats)):
        raise ValueError(f"hands must be given for seats 0..{seats - 1}, not {sorted(hands)}")
    sizes = {len(hand) for hand in hands.values()}
    if len(sizes) != 1:
        raise ValueError(f"every seat must be dealt the same number of cards, not {sizes}")
    size = sizes.pop()
    order = [hands[(dealer + 1 + i) % seats][i // seats] for i in range(size * seats)]
    return order + remove_cards(deck, order)


def stacked_hand(
    hands: Mapping[int, Sequence[str]],
    dealer: int,
    upcard: str,
    stock_top: Sequence[str],
    packs: int,
) -> list[str]:
    """A draw game's deck order dealing exactly `hands` (as `stacked_deck`), then turning
    up `upcard`, with `stock_top` on top of the stock and the rest of the packs below."""
    dealt = stacked_deck(hands, dealer, full_deck(packs, 0))
    order = dealt[: sum(len(hand) for hand in hands.values())]
    top = [*order, upcard, *stock_top]
    return top + remove_cards(full_deck(packs, 0), top)


# --- turn actions, in words ----------------------------------------------------------

_MELD = re.compile(r"meld (?P<cards>[^()]+?)(?: with jokers? as (?P<jokers>.+))?")
_LAY_OFF = re.compile(
    r"lay off (?P<card>\S+) on meld (?P<meld>\d+)(?: at the (?P<end>low|high) end)?"
)
_SWAP = re.compile(r"swap (?P<card>\S+) for the joker (?:in|of) meld (?P<meld>\d+)")
_DISCARD = re.compile(r"discard (?P<card>\S+)")
_DRAW = re.compile(r"draw from the (?P<source>stock|discard pile)")
_TAKE = re.compile(r"take (?P<card>\S+) from the discard pile")
_GO_OUT = re.compile(r"go out with (?P<melds>.+?)(?:,? discarding (?P<card>\S+))?")


def action(phrase: str) -> dict[str, Any]:
    """One turn action written in words, as its wire form.

    - `meld 3H 4H 5H`, `meld 4H 5H JK with joker as 6H`, `meld 8H JK JK with jokers as 8 8`
    - `lay off 7H on meld 0`, `lay off JK on meld 0 at the high end`
    - `swap 4H for the joker in meld 0`
    - `draw` and `discard 9C`: moves other rummy games have and Penang does not (P12);
      they are sent as actions of type `draw` and `discard`.
    - the draw games': `draw from the stock`, `draw from the discard pile`, `discard 9C`,
      `take 7H from the discard pile` (the card and every card above it),
      and Three Thirteen's `go out with 3H 4H 5H and 7C 7D 7S, discarding 9C` (without
      `, discarding …` it names no discard, which T8 refuses).
    """
    phrase = " ".join(phrase.split())
    if match := _MELD.fullmatch(phrase):
        meld: dict[str, Any] = {"type": "meld", "cards": cards(match["cards"])}
        if match["jokers"]:
            meld["jokers"] = cards(match["jokers"])
        return meld
    if match := _LAY_OFF.fullmatch(phrase):
        lay_off: dict[str, Any] = {
            "type": "lay_off",
            "meld": int(match["meld"]),
            "card": match["card"],
        }
        if match["end"]:
            lay_off["end"] = match["end"]
        return lay_off
    if match := _SWAP.fullmatch(phrase):
        return {"type": "swap", "meld": int(match["meld"]), "card": match["card"]}
    if phrase == "draw":
        return {"type": "draw"}
    if match := _DRAW.fullmatch(phrase):
        return {"type": "draw", "source": "stock" if match["source"] == "stock" else "discard"}
    if match := _TAKE.fullmatch(phrase):
        return {"type": "take", "card": match["card"]}
    if match := _GO_OUT.fullmatch(phrase):
        melds = [cards(meld) for meld in re.split(r" and |, ", match["melds"])]
        going: dict[str, Any] = {"type": "go_out", "melds": melds}
        if match["card"]:
            going["discard"] = match["card"]
        return going
    if match := _DISCARD.fullmatch(phrase):
        return {"type": "discard", "card": match["card"]}
    raise ValueError(f"not a turn action this spec knows how to write: {phrase!r}")


def actions(text: str) -> list[dict[str, Any]]:
    """Several actions in words, separated by `;` (`meld 3H 4H 5H; lay off 6H on meld 0`)."""
    return [action(part) for part in text.split(";") if part.strip()]


def essential(move: Mapping[str, Any]) -> dict[str, Any]:
    """An action without its empty optional fields, to compare actions written either way."""
    return {key: value for key, value in move.items() if value not in (None, (), [])}
