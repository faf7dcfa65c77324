Feature: Turns in basic Rummy
  Each turn a player draws one card, from the top of the stock or of the discard pile,
  may meld and lay off, then discards one card (B3). A card taken from the discard pile
  may not be discarded in the same turn (B4). A turn may be sent as several commands,
  the draw first; each command is recorded whole or not at all, and the discard ends the
  turn (R22). The top discard may be drawn whoever threw it, the upcard included (R21).
  A card drawn from the stock is shown only to its drawer; the discard pile is public
  (R28).

  Turn actions are written "draw from the stock", "draw from the discard pile",
  "meld 3H 4H 5H", "lay off 6H on meld 0", "discard 8S", separated by ";" in one command.

  Background:
    Given a game of basic Rummy
    And the upcard is "9C"
    And the stock's top cards are "KD 2C"

  Rule: A turn is a draw, melds and lay-offs as the player likes, and a discard

    Background:
      Given a 2-player hand dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H 8S |
        | 0    | 7C 7D 7S QS |

    @B3 @R28 @http
    Scenario: A card drawn from the stock is shown to its drawer only
      When seat 1 plays "draw from the stock"
      Then the command is accepted
      And seat 1 holds the cards "3H 4H 5H 8S KD"
      And only seat 1 sees that it drew "KD" from the stock
      And the stock holds 42 cards
      And it is seat 1's turn

    @B3 @R21 @R28 @http
    Scenario: The first player may take the upcard, in everyone's sight
      When seat 1 plays "draw from the discard pile"
      Then the command is accepted
      And seat 1 holds the cards "3H 4H 5H 8S 9C"
      And every viewer sees that seat 1 drew "9C" from the discard pile
      And the discard pile is empty

    @B3 @http
    Scenario: A whole turn in one command
      When seat 1 plays "draw from the stock; meld 3H 4H 5H; discard 8S"
      Then the command is accepted
      And the events recorded are Drew, Melded, Discarded
      And meld 0 is the run "3H 4H 5H" of seat 1
      And the discard pile is "9C 8S"
      And it is seat 0's turn

    @B3 @R22 @http
    Scenario: A turn in several commands: the draw, a meld, the discard
      When seat 1 plays "draw from the stock"
      And seat 1 plays "meld 3H 4H 5H"
      Then the command is accepted
      And it is seat 1's turn
      When seat 1 plays "discard KD"
      Then the command is accepted
      And seat 1 holds the cards "8S"
      And it is seat 0's turn

    @B3 @http
    Scenario Outline: A turn begins with a draw
      When seat 1 plays "<actions>"
      Then the command is refused citing B3 with code "wrong-phase"
      And nothing was recorded

      Examples:
        | actions       |
        | meld 3H 4H 5H |
        | discard 8S    |

    @B3 @http
    Scenario: One draw a turn
      When seat 1 plays "draw from the stock; draw from the discard pile"
      Then the command is refused at action 1 citing B3 with code "wrong-phase"
      And nothing was recorded

    @B3 @http
    Scenario: A player cannot play out of turn
      When seat 0 plays "draw from the stock"
      Then the command is refused citing B3 with code "not-your-turn"
      And nothing was recorded

    @B3 @R22 @http
    Scenario: The discard ends the turn
      When seat 1 plays "draw from the stock; discard 8S; meld 3H 4H 5H"
      Then the command is refused at action 2 citing B3 with code "not-your-turn"
      And nothing was recorded

    @B3 @http
    Scenario: Before the draw the legal commands are the two draws
      Then the only legal commands of seat 1 are "draw from the stock; draw from the discard pile"
      And the legal commands of seat 0 do not include "draw from the stock"

    @B3 @http
    Scenario: After the draw the legal commands are melds, lay-offs and discards
      When seat 1 plays "draw from the stock"
      Then the legal commands of seat 1 include "meld 3H 4H 5H"
      And the legal commands of seat 1 include "discard KD"
      And the legal commands of seat 1 do not include "draw from the stock"

    @B4 @R21 @http
    Scenario: The card taken from the discard pile may not be discarded in the same turn
      When seat 1 plays "draw from the discard pile; discard 9C"
      Then the command is refused at action 1 citing B4 with code "discard-taken-back"
      And nothing was recorded

    @B4 @R21 @http
    Scenario: Another card may be discarded, and the one taken in a later turn
      When seat 1 plays "draw from the discard pile"
      Then the legal commands of seat 1 do not include "discard 9C"
      When seat 1 plays "discard 8S"
      Then the command is accepted
      And seat 1 holds the cards "3H 4H 5H 9C"

  Rule: A command may not leave only the card taken from the discard pile

    @B4 @R21 @http
    Scenario: It could never be discarded
      Given a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 3H 4H 5H |
        | 0    | 7C 7D QS |
      When seat 1 plays "draw from the discard pile; meld 3H 4H 5H"
      Then the command is refused at action 1 citing B4 with code "discard-taken-back"
      And nothing was recorded
