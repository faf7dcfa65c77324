Feature: The turn clock of Three Thirteen
  A table may give each turn a time limit (`turn_seconds`, R19). Three Thirteen has no
  dead declaration (T4): when a seat's time runs out the service plays a default turn
  for it, recorded with reason "timeout" (R36): it draws from the stock (rebuilt first
  where it is empty, T10) and discards the card drawn, or, where it had drawn already,
  its highest-scoring card. It never goes out (T8 wants the melds named). After a seat
  went out, a default turn is the seat's last turn: when it was the last, the hand ends
  and every hand is scored (T8, T9). When every seat's last turn was the clock's (a
  full round of default turns, no seat playing one of its own), the table was left: the
  hand ends abandoned, every hand scored at its best arrangement as at T9's end (R45).

  Background:
    Given hand 1 of a game of Three Thirteen
    And the table gives each turn 60 seconds
    And the upcard is "9C"

  Rule: A seat whose time runs out draws and discards

    Background:
      Given the stock's top cards are "7H KD 7S 2C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 0    | 7C 7D QS |

    @R36 @R19 @T4 @http
    Scenario: A seat still to draw draws from the stock and discards the card drawn
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded
      And seat 1 discarded "7H" by timeout
      And seat 1 holds the cards "5H 6H 8S"
      And it is seat 0's turn
      And the hand is not over

    @R36 @R19 @T4 @http
    Scenario: A seat that had drawn discards its highest-scoring card
      Given seat 1 played "draw from the discard pile"
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Discarded
      And seat 1 discarded "9C" by timeout
      And seat 1 holds the cards "5H 6H 8S"

    @R36 @R19 @T8 @T9 @R27 @http
    Scenario: A last turn played by the clock ends the hand
      Given seat 1 played "draw from the stock; go out with 5H 6H 7H, discarding 8S"
      When seat 0's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded, HandEnded
      And seat 0 discarded "KD" by timeout
      And the final score is:
        | seat | deadwood | points |
        | 0    | 7C 7D QS | 24     |
        | 1    |          | 0      |

  Rule: An empty stock is rebuilt for the default turn as for any draw

    @R36 @T10 @R20 @http
    Scenario: The stock is rebuilt, then drawn from
      Given hand 11 of a game of Three Thirteen
      And a 2-player hand dealt by seat 1 from a shuffled deck
      When the seats draw from the stock and discard until it is empty
      And the turn clock of the seat on turn runs out
      Then the timeout is recorded
      And the events recorded are StockRebuilt, Drew, Discarded

  Rule: A full round of default turns ends the hand as abandoned

    Background:
      Given the stock's top cards are "7H KD 7S 2C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 0    | 7C 7D QS |

    @R45 @R36 @T9 @R27 @R19 @http
    Scenario: Every seat timed out in turn: the hand ends abandoned and is scored
      Given seat 1's turn clock ran out
      When seat 0's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded, HandEnded
      And seat 0 discarded "KD" by timeout
      And the hand ended abandoned
      And the final score is:
        | seat | deadwood | points |
        | 0    | 7C 7D QS | 24     |
        | 1    | 5H 6H 8S | 19     |

    @R45 @R36 @R19 @T4 @http
    Scenario: A seat that played its own turn keeps the hand going
      Given seat 1's turn clock ran out
      And seat 0 played "draw from the stock; discard KD"
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded
      And the hand is not over
