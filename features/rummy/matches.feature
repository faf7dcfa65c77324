Feature: Matches of basic Rummy
  A match deals its hands one after another at one table, each hand scored on its own: the
  winner of a hand scores the cards left in the others' hands (B8, doubled for going rummy,
  B9). The deal passes to the left (R24). The match ends after a number of hands, or after
  the hand in which a seat's total reaches the target, and the highest total wins (B12,
  R24). Its first dealer and every hand's deck are drawn from the match's seed (R31).

  Background:
    Given a game of basic Rummy
    And hand 1 of the match is dealt by seat 0, the stock's top cards "2C", with these hands:
      | seat | hand     |
      | 1    | 3H 4H 5H |
      | 0    | KS QD JC |
    And hand 2 of the match is dealt by seat 1, the stock's top cards "9D", with these hands:
      | seat | hand     |
      | 0    | 6S 7S 8S |
      | 1    | KH QH 2D |

  @B12 @R24 @R31 @B9 @http
  Scenario: After its hands the highest total wins, the deal passing to the left
    Given a 2-player match of basic Rummy of 2 hands
    When the match begins
    And these turns are played:
      | seat | actions                                        |
      | 1    | draw from the stock; meld 3H 4H 5H; discard 2C |
    Then game 1 of the match scored points 0, 60 with winners 1
    And game 2 of the match is dealt by seat 1
    And the match is not over
    When these turns are played:
      | seat | actions                                        |
      | 0    | draw from the stock; meld 6S 7S 8S; discard 9D |
    Then game 2 of the match scored points 44, 0 with winners 0
    And the match's totals are 44, 60
    And the match is over after its games, won by seat 1

  @B12 @R24 @R31 @http
  Scenario: The hand in which a seat reaches the target ends the match
    Given a 2-player match of basic Rummy to 50 points
    When the match begins
    And these turns are played:
      | seat | actions                                        |
      | 1    | draw from the stock; meld 3H 4H 5H; discard 2C |
    Then the match's totals are 0, 60
    And the match is over at its target, won by seat 1
    And the match has dealt 1 game

  @B12 @R45 @R31 @R24
  Scenario: A hand every seat left to the turn clock ends the match, no hand dealt after it
    Given a 2-player match of basic Rummy to 50 points
    When the match begins
    And seat 1's turn clock runs out
    And seat 0's turn clock runs out
    Then the hand ended abandoned, nobody scoring
    And the match's totals are 0, 0
    And the match is over as abandoned, won by seats 0 and 1
    And the match has dealt 1 game

  @B12 @R31 @http
  Scenario: A match ends after a number of hands or at a target, not both
    Given a 2-player match of basic Rummy of 3 hands to 100 points
    When the match of hands is opened
    Then the match command is refused citing B12 with code "invalid-rules"

  @B2 @R31 @P6 @http
  Scenario: The first dealer and every hand are drawn from the match's seed
    Given a 3-player match of basic Rummy with open seats and the seed "rummy-match"
    When seat 0 is claimed by "Ann" with the seat seed "ann-0"
    And seat 1 is claimed by "Bo" with the seat seed "bo-1"
    And seat 2 is claimed by "Cy" with the seat seed "cy-2"
    Then the first dealer is the one the match seed "rummy-match" draws with the seat seeds "ann-0", "bo-1" and "cy-2"
    And game 1 of the match is dealt from the seed the match seed "rummy-match" gives it
    And the hand being played deals 7 cards each
