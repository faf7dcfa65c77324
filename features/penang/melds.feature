Feature: Melds
  A meld is three or more cards forming a run or a set, laid face up in front of the
  player who made it (P13). A run is three or more cards of one suit in sequence, the
  ace low (A-2-3) or high (Q-K-A) (P14); it never wraps past the high ace (P15) and holds
  at most fourteen cards, A-2-…-K-A (P16). A set is three or more cards of one rank,
  duplicate suits allowed (P17), bounded only by the cards that exist (P18). A meld
  needs at least one natural card (D3).

  A run is shown lowest card first; a set in any order.

  Rule: Three or more cards of one suit in sequence, or of one rank, make a meld

    Background:
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                                             |
        | 1    | JH QH KH AH 2H 3H 4H 4H 5H 6H AS 2S 3S QS KS 4C 8H 8H 8C 8S 9S   |
        | 0    | 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2C 3C 5C 6C 7C 9C 10C JC |

    @P13 @P14 @http
    Scenario: Three or more cards of one suit in sequence make a run
      When seat 1 plays "meld 3H 4H 5H 6H"
      Then the turn is accepted
      And meld 0 is the run "3H 4H 5H 6H" of seat 1
      And seat 1 holds 17 cards

    @P14
    Scenario Outline: The ace is low or high in a run
      When seat 1 plays "meld <cards>"
      Then the turn is accepted
      And meld 0 is the run "<run>" of seat 1

      Examples:
        | cards    | run      |
        | AS 2S 3S | AS 2S 3S |
        | AS QS KS | QS KS AS |
        | 2S AS 3S | AS 2S 3S |

    @P15 @http
    Scenario: J-Q-K-A-2-3 is not a run (the seed's example)
      When seat 1 plays "meld JH QH KH AH 2H 3H"
      Then the turn is refused citing P15 with code "not-a-meld"
      And nothing was recorded

    @P15
    Scenario: K-A-2 is not a run
      When seat 1 plays "meld KH AH 2H"
      Then the turn is refused citing P15 with code "not-a-meld"
      And nothing was recorded

    @P13 @P14 @P17
    Scenario Outline: Cards that form neither a run nor a set are refused
      When seat 1 plays "meld <cards>"
      Then the turn is refused citing <rule> with code "not-a-meld"
      And nothing was recorded

      Examples: too few cards, or neither one suit nor one rank
        | cards    | rule |
        | 3H 4H    | P13  |
        | 3H 4C 5H | P13  |
        | 8H 8C 9S | P13  |

      Examples: one suit, but not in sequence
        | cards       | rule |
        | 3H 5H 6H    | P14  |
        | 3H 4H 4H 5H | P14  |

    @P13
    Scenario: A player melds only cards from their own hand
      When seat 1 plays "meld 7C 8C 9C"
      Then the turn is refused citing P13 with code "card-not-in-hand"
      And nothing was recorded

    @P17 @http
    Scenario: 8♥ 8♥ 8♣ 8♠ is a set: duplicate suits are allowed (the seed's example)
      When seat 1 plays "meld 8H 8H 8C 8S"
      Then the turn is accepted
      And meld 0 is the set "8H 8H 8C 8S" of seat 1
      And meld 0 stands for "8 8 8 8"

  Rule: A meld needs at least one natural card

    @P13 @D3
    Scenario: Jokers alone are not a meld
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | JK JK JK 2C 9D |
        | 0    | 5S 5H 5D 7C 8C |
      When seat 1 plays "meld JK JK JK"
      Then the turn is refused citing D3 with code "not-a-meld"
      And nothing was recorded

    @D3 @R12
    Scenario: With the all-joker option, an all-joker meld names what every joker stands for
      Given the rule option "all_joker_melds" is true
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | JK JK JK 2C 9D |
        | 0    | 5S 5H 5D 7C 8C |
      When seat 1 plays "meld JK JK JK"
      Then the turn is refused citing D4 with code "ambiguous-joker"
      When seat 1 plays "meld JK JK JK with jokers as 7 7 7"
      Then the turn is accepted
      And meld 0 is the set "JK JK JK" of seat 1
      And meld 0 stands for "7 7 7"

  Rule: A run holds at most fourteen cards; a set only the cards that exist

    @P16 @http
    Scenario: The longest run is fourteen cards, A-2-…-K-A
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                             |
        | 1    | AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK 9D |
        | 0    | 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C 3C 4C |
      When seat 1 plays "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
      Then the turn is accepted
      And meld 0 is the run "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS" of seat 1
      And seat 1 holds "JK 9D"

    @P14 @P16 @R10
    Scenario: Three aces of one suit (three packs) never share a run
      # An ace sits at the low end (A-2-3) or the high end (Q-K-A) of a run, so a run
      # holds at most two aces of its suit.
      Given the rule option "packs" is 3
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand                    |
        | 1    | AH AH AH 2H 3H QH KH 9C |
        | 0    | 2D 3D 4D 5C 6C 7C 8S 9S |
      When seat 1 plays "meld AH AH AH 2H 3H"
      Then the turn is refused citing P14 with code "not-a-meld"
      And nothing was recorded
      When seat 1 plays "meld AH 2H 3H; meld QH KH AH"
      Then the turn is accepted
      And meld 0 is the run "AH 2H 3H" of seat 1
      And meld 1 is the run "QH KH AH" of seat 1

    @P16
    Scenario Outline: Two aces of one suit share only the fourteen-card run
      # One ace heads the run (A-2-3), the other ends it (Q-K-A): only A-2-…-K-A holds
      # both. A shorter run is refused for that (P16), not for wrapping (P15).
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                    |
        | 1    | AH AH 2H 3H KH 9C 9D 9S |
        | 0    | 2D 3D 4D 5C 6C 7C 8S 9S |
      When seat 1 plays "meld <cards>"
      Then the turn is refused citing P16 with code "not-a-meld"
      And nothing was recorded

      Examples:
        | cards       |
        | 3H AH AH    |
        | AH 2H AH    |
        | KH AH AH    |
        | KH AH AH 2H |

    @P16
    Scenario: A fifteenth card never joins a run
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                             |
        | 1    | AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK 9D |
        | 0    | 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C 3C 4C |
      And these turns were played:
        | seat | actions                                         |
        | 1    | meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS |
        | 0    | meld 2C 3C 4C                                   |
      When seat 1 plays "lay off JK on meld 0"
      Then the turn is refused citing P16 with code "cannot-lay-off"
      And nothing was recorded
      And seat 1 holds "JK 9D"

    @P16
    Scenario: Fifteen cards are not a run
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                             |
        | 1    | AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK 9D |
        | 0    | 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2C 3C 4C |
      When seat 1 plays "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK"
      Then the turn is refused citing P16 with code "not-a-meld"
      And nothing was recorded

    @P18 @R7
    Scenario: A set holds every natural card of its rank and all six jokers: fourteen cards
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                          |
        | 1    | 8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK 9D  |
        | 0    | 2H 3H 4H 5H 6H 7H 9H 10H JH QH KH AH 2C 3C 4C |
      When seat 1 plays "meld 8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK"
      Then the turn is accepted
      And meld 0 is the set "8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK" of seat 1
      And meld 0 stands for "8 8 8 8 8 8 8 8 8 8 8 8 8 8"
      And seat 1 holds "9D"

    @P18 @R7 @P1
    Scenario: With eight jokers a set can hold sixteen cards
      Given the rule option "jokers" is 8
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                                |
        | 1    | 8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK JK JK 9D  |
        | 0    | 2H 3H 4H 5H 6H 7H 9H 10H JH QH KH AH 2C 3C 4C 5C 6C |
      When seat 1 plays "meld 8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK JK JK"
      Then the turn is accepted
      And meld 0 is the set "8S 8S 8H 8H 8D 8D 8C 8C JK JK JK JK JK JK JK JK" of seat 1
