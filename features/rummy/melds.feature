Feature: Melds in basic Rummy
  A meld is three or four cards of a rank (a group, or book), or three or more cards of
  one suit in sequence (a sequence, or run); in a run the ace is low only: A-2-3, never
  Q-K-A (B5, R25). With the option `ace_high` the ace is high or low: Q-K-A is a run too,
  but a run never wraps, K-A-2 (B10). Basic Rummy is played with one pack and no joker
  (B1). A meld is laid on the table in front of the player who made it.

  Background:
    Given a game of basic Rummy
    And the upcard is "9C"
    And the stock's top cards are "8H"

  Rule: Three or four of a kind, or three or more in sequence, the ace low

    Background:
      Given a 2-player hand dealt by seat 0 with these hands:
        | seat | hand                          |
        | 1    | AH 2H 3H QS KS AS 2S 8C 8D 8S |
        | 0    | 5C 6C 7C 9D 10D JD QD KD 4S 2D |

    @B5 @http
    Scenario Outline: Groups and sequences are melds
      When seat 1 plays "draw from the stock; meld <cards>"
      Then the command is accepted
      And meld 0 is the <kind> "<meld>" of seat 1

      Examples:
        | cards       | kind | meld        |
        | 8C 8D 8S    | set  | 8C 8D 8S    |
        | 8C 8D 8S 8H | set  | 8C 8D 8S 8H |
        | AH 2H 3H    | run  | AH 2H 3H    |
        | 3H AH 2H    | run  | AH 2H 3H    |

    @B5 @R25 @http
    Scenario Outline: Cards that make no meld are refused
      When seat 1 plays "draw from the stock; meld <cards>"
      Then the command is refused at action 1 citing B5 with code "not-a-meld"
      And nothing was recorded

      Examples: the ace is low only
        | cards    |
        | QS KS AS |
        | KS AS 2S |

      Examples: neither one rank nor one suit in sequence, or too few cards
        | cards    |
        | QS KS 2S |
        | 8C 8D 2S |
        | 8C 8D    |

    @B5 @http
    Scenario: A player melds only cards from their own hand
      When seat 1 plays "draw from the stock; meld 5C 6C 7C"
      Then the command is refused at action 1 citing B5 with code "card-not-in-hand"
      And nothing was recorded

    @B1 @http
    Scenario: There is no joker to name, nor to swap
      When seat 1 plays "draw from the stock; meld 8C 8D JK with joker as 8S"
      Then the command is refused at action 1 citing B1 with code "not-in-this-game"
      When seat 1 plays "draw from the stock; swap 4H for the joker in meld 0"
      Then the command is refused at action 1 citing B1 with code "not-in-this-game"
      And nothing was recorded

  Rule: With the option, the ace is high or low, never both

    Background:
      Given the rule option "ace_high" is true
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand                          |
        | 1    | AH 2H 3H QS KS AS 2S 8C 8D 8S |
        | 0    | 5C 6C 7C 9D 10D JD QD KD 4S 2D |

    @B10 @R25 @http
    Scenario Outline: Q-K-A and A-2-3 are runs
      When seat 1 plays "draw from the stock; meld <cards>"
      Then the command is accepted
      And meld 0 is the run "<meld>" of seat 1

      Examples:
        | cards    | meld     |
        | QS KS AS | QS KS AS |
        | AH 2H 3H | AH 2H 3H |

    @B10 @http
    Scenario: A run never wraps past the ace
      When seat 1 plays "draw from the stock; meld KS AS 2S"
      Then the command is refused at action 1 citing B10 with code "not-a-meld"
      And nothing was recorded
