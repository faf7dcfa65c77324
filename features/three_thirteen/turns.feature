Feature: Turns in Three Thirteen
  Play begins on the dealer's left: each player takes the top card of the discard pile or
  of the stock, then ends the turn by discarding a card; play passes to the left (T4).
  The card just taken from the discard pile may be discarded again (R21). A turn may be
  sent as several commands, the draw first; the discard ends it (R22). A card drawn from
  the stock is shown to its drawer only (R28).

  Background:
    Given hand 1 of a game of Three Thirteen
    And the upcard is "9C"
    And the stock's top cards are "KD 2C"
    And a 2-player hand dealt by seat 0 with these hands:
      | seat | hand     |
      | 1    | 5H 6H 8S |
      | 0    | 7C 7D QS |

  @T4 @R28 @http
  Scenario: A card drawn from the stock is shown to its drawer only
    When seat 1 plays "draw from the stock"
    Then the command is accepted
    And seat 1 holds the cards "5H 6H 8S KD"
    And only seat 1 sees that it drew "KD" from the stock
    And it is seat 1's turn

  @T4 @R21 @http
  Scenario: The top discard may be taken, and discarded again
    When seat 1 plays "draw from the discard pile; discard 9C"
    Then the command is accepted
    And every viewer sees that seat 1 drew "9C" from the discard pile
    And the discard pile is "9C"
    And it is seat 0's turn

  @T4 @http
  Scenario: A draw and a discard, in one command
    When seat 1 plays "draw from the stock; discard 8S"
    Then the command is accepted
    And the events recorded are Drew, Discarded
    And seat 1 holds the cards "5H 6H KD"
    And the discard pile is "9C 8S"
    And it is seat 0's turn

  @T4 @R22 @http
  Scenario: A draw and a discard, in two commands
    When seat 1 plays "draw from the stock"
    Then it is seat 1's turn
    When seat 1 plays "discard KD"
    Then the command is accepted
    And it is seat 0's turn

  @T4 @http
  Scenario: A turn begins with a draw
    When seat 1 plays "discard 8S"
    Then the command is refused citing T4 with code "wrong-phase"
    And nothing was recorded

  @T4 @http
  Scenario: One draw a turn
    When seat 1 plays "draw from the stock; draw from the discard pile"
    Then the command is refused at action 1 citing T4 with code "wrong-phase"
    And nothing was recorded

  @T4 @http
  Scenario: A player cannot play out of turn
    When seat 0 plays "draw from the stock"
    Then the command is refused citing T4 with code "not-your-turn"
    And nothing was recorded

  @T4 @R22 @http
  Scenario: The discard ends the turn
    When seat 1 plays "draw from the stock; discard 8S; discard 5H"
    Then the command is refused at action 2 citing T4 with code "not-your-turn"
    And nothing was recorded

  @T4 @http
  Scenario: An action not written as one is malformed input, at its index
    When seat 1 plays "draw from the stock; draw"
    Then the command is refused at action 1 as malformed input
    And nothing was recorded

  @T4 @http
  Scenario: The legal commands: the draws, then the discards
    Then the only legal commands of seat 1 are "draw from the stock; draw from the discard pile"
    When seat 1 plays "draw from the stock"
    Then the legal commands of seat 1 include "discard KD"
    And the legal commands of seat 1 include "discard 5H"
    And the legal commands of seat 1 do not include "draw from the stock"
