Feature: Melds in Three Thirteen
  A meld is three or more of a kind, or three or more cards of one suit in sequence; the
  ace is low and the king high, so Q-K-A and K-A-2 are not melds (T5). With two or three
  packs a set may repeat a suit (R26). The hand's wild cards substitute for any card, any
  number of them in a meld, and a meld of wild cards alone is fine (T6, R26). Melds stay
  in the hand: they are shown when a player goes out (going_out.feature).

  Rule: A hand of melds goes out

    @T5 @T6 @R26 @http
    Scenario Outline: Runs and sets, wild cards in them or alone
      Given hand 1 of a game of Three Thirteen
      And the upcard is "9C"
      And the stock's top cards are "KD"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | <meld>   |
        | 0    | 7C 7D QS |
      When seat 1 plays "draw from the stock; go out with <meld>, discarding KD"
      Then the command is accepted
      And the events recorded are Drew, Discarded, WentOut

      Examples: runs and sets (threes are wild in the first hand)
        | meld      |
        | 5H 6H 7H  |
        | 8C 8D 8S  |
        | 9S 10S JS |

      Examples: wild cards stand for any card
        | meld     |
        | 5H 3S 7H |
        | 8C 8D 3H |
        | AS 3C 3D |
        | 3S 3H 3D |

    @T6 @R26 @http
    Scenario Outline: Any number of wild cards in a meld, and a meld of wild cards alone
      Given hand 2 of a game of Three Thirteen
      And the upcard is "9C"
      And the stock's top cards are "KD 2C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | <meld>   |
        | 0    | <others> |
      When seat 1 plays "draw from the stock; go out with <meld>, discarding KD"
      Then the command is accepted

      Examples: fours are wild in the second hand
        | meld        | others      |
        | 9H 4S 4D 4H | 7C 7D QS 4C |
        | 4S 4D 4H 4C | 7C 7D QS 9H |

    @T5 @R26 @http
    Scenario: With two packs a set may repeat a suit
      Given hand 1 of a game of Three Thirteen
      And the upcard is "9C"
      And the stock's top cards are "KD"
      And a 3-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 7D 7D 7S |
        | 2    | 5C 6C JD |
        | 0    | 2H 4H QS |
      When seat 1 plays "draw from the stock; go out with 7D 7D 7S, discarding KD"
      Then the command is accepted

  Rule: Cards that make no meld do not go out

    @T5 @http
    Scenario Outline: The ace is low and the king high; a run is in sequence, a set one rank
      Given hand 1 of a game of Three Thirteen
      And the upcard is "9C"
      And the stock's top cards are "KD"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | <meld>   |
        | 0    | 7C 7D QS |
      When seat 1 plays "draw from the stock; go out with <meld>, discarding KD"
      Then the command is refused at action 1 citing T5 with code "not-a-meld"
      And nothing was recorded

      Examples:
        | meld     |
        | QH KH AH |
        | KH AH 2H |
        | 5H 6H 8H |
        | 5H 6C 7H |
