Feature: The turn clock of basic Rummy
  A table may give each turn a time limit (`turn_seconds`, R19). Basic Rummy has no dead
  declaration (B3): when a seat's time runs out the service plays a default turn for
  it, recorded with reason "timeout" (R36). A seat still to draw draws from the stock,
  rebuilt first where it is empty (B11), or from the discard pile where no stock can be
  had; it then discards the card it drew, or, where that card may not go back (B4) or
  it had drawn already, its highest-scoring card other than the one it took from the
  pile. Nothing else is played for it, and the hand goes on as after any discard. When
  every seat's last turn was the clock's (a full round of default turns, no seat playing
  one of its own), the table was left: the hand ends abandoned and, as a blocked hand,
  scores nothing for anyone (R45, R30).

  Background:
    Given a game of basic Rummy
    And the table gives each turn 60 seconds
    And the upcard is "9C"

  Rule: A seat whose time runs out draws and discards

    Background:
      Given the rule option "cards_per_player" is 3
      And the stock's top cards are "7H KD 7S 2C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 0    | 7C 7D QS |

    @R36 @R19 @B3 @http
    Scenario: A seat still to draw draws from the stock and discards the card drawn
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded
      And seat 1 discarded "7H" by timeout
      And seat 1 holds the cards "5H 6H 8S"
      And it is seat 0's turn

    @R36 @R19 @B4 @http
    Scenario: A seat that took the top of the pile discards its highest other card
      Given seat 1 played "draw from the discard pile"
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Discarded
      And seat 1 discarded "8S" by timeout
      And seat 1 holds the cards "5H 6H 9C"
      And it is seat 0's turn

    @R36 @R19 @B3
    Scenario: A seat whose turn it is not cannot be timed out
      When seat 0's turn clock runs out
      Then the timeout is refused citing B3 with code "not-your-turn"
      And nothing was recorded

  Rule: An empty stock is rebuilt for the default turn as for any draw

    @R36 @B11 @R20 @http
    Scenario: The stock is rebuilt, then drawn from
      Given the rule option "cards_per_player" is 24
      And a 2-player hand dealt by seat 0 from a shuffled deck
      And the seat on turn draws from the stock and discards a card
      And the seat on turn draws from the stock and discards a card
      And the seat on turn draws from the stock and discards a card
      When the turn clock of the seat on turn runs out
      Then the timeout is recorded
      And the events recorded are StockRebuilt, Drew, Discarded

    @R36 @B11 @B4 @R20 @http
    Scenario: With no stock to be had, the seat takes the pile's card and discards another
      Given the rule option "cards_per_player" is 17
      And a 3-player hand dealt by seat 0 from a shuffled deck
      Then the stock holds 0 cards
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded
      And it is seat 2's turn

  Rule: A full round of default turns ends the hand as abandoned

    Background:
      Given the rule option "cards_per_player" is 3
      And the stock's top cards are "7H KD 7S 2C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 0    | 7C 7D QS |

    @R45 @R36 @R30 @R19 @B3 @http
    Scenario: Every seat timed out in turn: the hand ends abandoned, nobody scoring
      Given seat 1's turn clock ran out
      When seat 0's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded, HandEnded
      And seat 0 discarded "KD" by timeout
      And the hand ended abandoned, nobody scoring

    @R45 @R36 @R19 @B3 @http
    Scenario: A seat that played its own turn keeps the hand going
      Given seat 1's turn clock ran out
      And seat 0 played "draw from the stock; discard KD"
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And the events recorded are Drew, Discarded
      And the hand is not over
