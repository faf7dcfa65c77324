Feature: Scoring basic Rummy
  When a player goes out the hand is scored: every card left in the other hands counts to
  the winner of the hand, aces 1 point, 2 to 10 their face value, jacks, queens and kings
  10 (B8); the others score nothing for the hand (R24). With the option `ace_high` aces
  count 15 (B10). Going rummy doubles the points (B9, going_out.feature).

  Background:
    Given a game of basic Rummy
    And the upcard is "9C"
    And the stock's top cards are "6H 5C 5D 7H"

  @B8 @R24 @http
  Scenario Outline: The winner takes the cards left in the other hands
    Given the rule option "ace_high" is <ace_high>
    And a 3-player hand dealt by seat 0 with these hands:
      | seat | hand         |
      | 1    | 3H 4H 5H 9S  |
      | 2    | AC KD QS JH  |
      | 0    | 2C 10D 7S AS |
    And these turns were played:
      | seat | actions                                        |
      | 1    | draw from the stock; meld 3H 4H 5H; discard 9S |
      | 2    | draw from the stock; discard 5C                |
      | 0    | draw from the stock; discard 5D                |
    When seat 1 plays "draw from the stock; lay off 6H on meld 0; lay off 7H on meld 0"
    Then the final score is:
      | seat | deadwood     | points |
      | 0    | 2C 10D 7S AS | 0      |
      | 1    |              | <won>  |
      | 2    | AC KD QS JH  | 0      |
    And the game is over: winners 1; points 0, <won>, 0

    Examples: aces 1 point
      | ace_high | won |
      | false    | 51  |

    @B10
    Examples: with the option, aces 15
      | ace_high | won |
      | true     | 79  |
