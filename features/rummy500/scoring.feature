Feature: Scoring Rummy 500
  When the hand ends every card a player melded or laid off counts for that player: ace
  15, but 1 at the low end of a run (A-2-3), 2 to 10 their face value, jacks, queens and
  kings 10; every card left in a hand counts against its holder, an ace 15; a hand's
  score may be negative (F7, R68). The hand's winners are the seats with its best score.

  Background:
    Given a game of Rummy 500
    And the upcard is "9C"
    And the stock's top cards are "4H 5D 6D 5H"

  @F7 @R68 @http
  Scenario: Each seat scores its cards on the table, less the cards in its hand
    Given a 3-player hand dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | AH 2H 3H 9S 8D |
      | 2    | KD QS JH 5C 4C |
      | 0    | 2C 10D 7S AS KS |
    And these turns were played:
      | seat | actions                                           |
      | 1    | draw from the stock; meld AH 2H 3H 4H; discard 9S |
      | 2    | draw from the stock; discard 5C                   |
      | 0    | draw from the stock; discard 6D                   |
    When seat 1 plays "draw from the stock; lay off 5H on meld 0; discard 8D"
    Then the final score is:
      | seat | deadwood        | points |
      | 0    | 2C 10D 7S AS KS | -44    |
      | 1    |                 | 15     |
      | 2    | KD QS JH 5D 4C  | -39    |
    And the game is over: winners 1; points -44, 15, -39

  @F7 @R68 @http
  Scenario: An ace scores 15 at the high end of a run, and a lay-off scores for its player
    Given a 2-player hand dealt by seat 0 with these hands:
      | seat | hand            |
      | 1    | QH KH AH 8S 8D  |
      | 0    | JH 10D 7S 2C 9D |
    And these turns were played:
      | seat | actions                                               |
      | 1    | draw from the stock; meld QH KH AH; discard 4H        |
      | 0    | draw from the stock; lay off JH on meld 0; discard 5D |
    When seat 1 plays "draw from the stock; meld 8S 8D 6D"
    Then the command is refused at action 1 citing F5 with code "not-a-meld"
    When seat 1 plays "draw from the stock; discard 8S"
    And seat 0 plays "draw from the stock; meld 9D 10D JD"
    Then the command is refused at action 1 citing F5 with code "card-not-in-hand"
