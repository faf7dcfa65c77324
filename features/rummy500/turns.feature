Feature: A turn of Rummy 500, and the take from the discard pile
  A turn begins with a draw: the top card of the stock or of the discard pile, which may
  not go back on the pile that turn (F3). Or the player takes any card of the discard
  pile with every card above it, and the next action of the same command melds or lays
  off the card taken deepest; the rest go to the hand (F4, R66).

  Background:
    Given a game of Rummy 500
    And the upcard is "6H"
    And the stock's top cards are "5S 6S 10C"
    And a 2-player hand dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 7H 8H KS 2D |
      | 0    | 3C 4D 9S JC |
    And these turns were played:
      | seat | actions                          |
      | 1    | draw from the stock; discard KS  |
      | 0    | draw from the stock; discard JC  |

  @F4 @R66 @http
  Scenario: A card deep in the pile is taken with every card above it, and melded
    When seat 1 plays "take 6H from the discard pile; meld 6H 7H 8H"
    Then the command is accepted
    And the events recorded are Drew, Drew, Drew, Melded
    And meld 0 is the run "6H 7H 8H" of seat 1
    And seat 1 holds the cards "2D 5S KS JC"
    And the discard pile is empty
    And it is seat 1's turn

  @F4 @R66 @http
  Scenario Outline: The card taken must be played by the next action
    When seat 1 plays "<actions>"
    Then the command is refused at action 0 citing F4 with code "discard-taken-back"
    And nothing was recorded

    Examples:
      | actions                                   |
      | take 6H from the discard pile              |
      | take 6H from the discard pile; discard 2D  |
      | take KS from the discard pile; meld 6H 7H 8H |

  @F4 @http
  Scenario: Only a card of the pile can be taken
    When seat 1 plays "take 9H from the discard pile; meld 7H 8H 9H"
    Then the command is refused at action 0 citing F4 with code "card-not-in-hand"

  @F3 @R66 @http
  Scenario: The top discard may be drawn and kept, but not thrown back that turn
    When seat 1 plays "draw from the discard pile"
    Then the command is accepted
    And seat 1 holds the cards "7H 8H 2D 5S JC"
    When seat 1 plays "discard JC"
    Then the command is refused citing F3 with code "discard-taken-back"
