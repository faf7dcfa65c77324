@engine
Feature: The eleven hands of Three Thirteen
  After each hand the deal rotates to the left, and a new hand is dealt (T11, R29). The
  game is eleven hands (T1); the player with the lowest total at the end of the eleventh
  wins, equal totals sharing the win (T11, R29).

  @T11 @R29
  Scenario: The deal rotates to the left
    Given hand 1 of a game of Three Thirteen
    And the upcard is "9C"
    And the stock's top cards are "7H KD"
    And a 3-player hand dealt by seat 1 with these hands:
      | seat | hand     |
      | 2    | 5H 6H 8S |
      | 0    | 2D 9D JH |
      | 1    | 7C 7D QS |
    Then the next hand is dealt by seat 2

  @T1 @T11 @R29
  Scenario Outline: The lowest total after eleven hands wins
    Then a match of Three Thirteen of 11 hands with totals <totals> after <played> hands <outcome>

    Examples:
      | totals     | played | outcome                 |
      | 40, 35, 60 | 11     | is won by seat 1        |
      | 40, 35, 35 | 11     | is won by seats 1 and 2 |
      | 40, 35, 60 | 10     | goes on                 |
