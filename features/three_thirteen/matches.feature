Feature: Matches of Three Thirteen
  A match of Three Thirteen is its eleven hands (T1): hand n deals n + 2 cards each and
  makes rank n + 2 wild (T3, R29). The deal rotates to the left (T11) and the lowest total
  wins (T11, R29). Its first dealer and every hand's deck are drawn from the match's seed
  (R31).

  @T1 @T3 @T11 @R29 @R31 @http
  Scenario: Each hand is dealt by the seat on the last dealer's left, one card more, the next rank wild
    Given a 2-player match of Three Thirteen
    And hand 1 of the match is dealt by seat 0, the stock's top cards "7H KD", with these hands:
      | seat | hand     |
      | 1    | 5H 6H 8S |
      | 0    | 7C 7D QS |
    And hand 2 of the match is dealt by seat 1, the stock's top cards "2S 9C", with these hands:
      | seat | hand        |
      | 0    | 4C 9H 10H JH |
      | 1    | KS KH 2D 5C |
    When the match begins
    Then the hand being played deals 3 cards each with threes wild
    When these turns are played:
      | seat | actions                                                  |
      | 1    | draw from the stock; go out with 5H 6H 7H, discarding 8S |
      | 0    | draw from the stock; discard QS                          |
    Then game 1 of the match scored points 24, 0 with winners 1
    And game 2 of the match is dealt by seat 1
    And the hand being played deals 4 cards each with fours wild
    When the match is closed
    And these turns are played:
      | seat | actions                                                      |
      | 0    | draw from the stock; go out with 9H 10H JH 4C, discarding 2S |
      | 1    | draw from the stock; discard 9C                              |
    Then game 2 of the match scored points 0, 27 with winners 0
    And the match's totals are 24, 27
    And the match is over as closed, won by seat 0

  @T1 @R31 @http
  Scenario: A match of Three Thirteen takes no number of hands nor target
    Given a 2-player match of Three Thirteen of 5 hands
    When the match of hands is opened
    Then the match command is refused citing T1 with code "invalid-rules"

  @T2 @R29 @R31 @P6 @http
  Scenario: The first dealer and every hand are drawn from the match's seed
    Given a 4-player match of Three Thirteen with open seats and the seed "thirteen-match"
    When seat 0 is claimed by "Ann" with the seat seed "ann-0"
    And seat 1 is claimed by "Bo" with the seat seed "bo-1"
    And seat 2 is claimed by "Cy" with the seat seed "cy-2"
    And seat 3 is claimed by "Di" with the seat seed "di-3"
    Then the first dealer is the one the match seed "thirteen-match" draws with the seat seeds "ann-0", "bo-1", "cy-2" and "di-3"
    And game 1 of the match is dealt from the seed the match seed "thirteen-match" gives it
    And the hand being played deals 3 cards each with threes wild
