"""The draw games' expert bots (R78, R82): the count of partners their discards weigh,
basic Rummy's discard of a lone card before a high one kept with its pair, and each
game's expert listed by its spec and playing a hand to its end from the seat's view,
the same command for the same view (R33: tests/property plays every game's bots)."""

from __future__ import annotations

from types import SimpleNamespace

from domain.cards import parse_cards
from domain.drawgame.bots.expert import partners
from domain.drawgame.commands import DiscardAction
from domain.rummy.bots import RUMMY_BOTS
from domain.rummy.expert import keeper
from domain.rummy.rules import RummyRules
from domain.rummy500.bots import RUMMY500_BOTS


def test_partners_are_the_cards_of_its_rank_and_its_suit_within_two() -> None:
    hand = tuple(parse_cards(["7H", "7S", "5H", "9H", "10H", "7D", "2C"]))
    seven = hand[0]
    assert partners(seven, hand) == 4  # 7S 7D, 5H 9H; not 10H, not 2C
    assert partners(hand[-1], hand) == 0


def test_basic_rummys_expert_sheds_a_lone_card_before_a_paired_high_one() -> None:
    # keeper reads the seat's hand and the rules' points of the state only.
    hand = tuple(parse_cards(["KH", "KS", "4D", "9C"]))
    discards = tuple(DiscardAction(card=card.text) for card in hand)
    state = SimpleNamespace(rules=RummyRules(), hands=(hand,))
    assert keeper(discards, state, 0).card == "9C"  # type: ignore[arg-type]
    # lone, and higher than 4D; the greedy bot would shed a king of the pair


def test_basic_rummy_and_rummy_500_list_the_expert() -> None:
    assert "expert" in RUMMY_BOTS and "expert" in RUMMY500_BOTS
