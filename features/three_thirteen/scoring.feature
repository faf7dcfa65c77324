Feature: Scoring Three Thirteen
  When the hand ends each player scores the cards left out of their melds, their
  deadwood: aces 1 point, face cards 10, the others their face value, and a wild card
  left out its face value as if it were not wild; the player who went out scores 0 (T9).
  The rules arrange each hand into the melds that leave the least deadwood (R27).

  @T9 @R27 @http
  Scenario Outline: Each hand's deadwood, at its best arrangement
    Given hand <hand> of a game of Three Thirteen
    And the upcard is "2S"
    And the stock's top cards are "KD 2C"
    And a 2-player hand dealt by seat 0 with these hands:
      | seat | hand    |
      | 1    | <out>   |
      | 0    | <final> |
    And seat 1 played "draw from the stock; go out with <out>, discarding KD"
    When seat 0 plays "draw from the stock; discard 2C"
    Then the final score is:
      | seat | deadwood   | points   |
      | 0    | <deadwood> | <points> |
      | 1    |            | 0        |

    Examples: no meld: every card counts, the wild four its face value
      | hand | out         | final       | deadwood    | points |
      | 2    | 5H 6H 7H 8H | AC 4D KS QH | AC 4D KS QH | 25     |

    Examples: a wild card in a meld counts nothing
      | hand | out         | final       | deadwood | points |
      | 2    | 5H 6H 7H 8H | KS KH 4D 9C | 9C       | 9      |

    Examples: the set of nines leaves less than the run of hearts
      | hand | out             | final          | deadwood | points |
      | 3    | 9C 10C JC QC KC | 7H 8H 9H 9S 9D | 7H 8H    | 15     |
