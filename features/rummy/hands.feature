@engine
Feature: Hands and matches of basic Rummy
  Each hand is scored on its own; a match of hands is won by the first player to reach a
  target score (for example 150), or by the most points after a set number of hands,
  equal totals sharing the win (B12). The next hand is dealt by the player on the
  dealer's left (R24).

  @B12 @R24
  Scenario: The deal passes to the left
    Given a game of basic Rummy
    And the upcard is "9C"
    And the stock's top cards are "KD"
    And a 3-player hand dealt by seat 2 with these hands:
      | seat | hand     |
      | 0    | 3H 4H 5H |
      | 1    | 2C 4D 7S |
      | 2    | 8C 8D QS |
    When seat 0 plays "draw from the stock; meld 3H 4H 5H; discard KD"
    Then seat 0 went out and the hand is over
    And the next hand is dealt by seat 0

  @B12 @R24
  Scenario Outline: The first to the target, or the most points after the hands
    Then a match of basic Rummy <end> with totals <totals> after <played> hands <outcome>

    Examples:
      | end           | totals      | played | outcome               |
      | to 150 points | 120, 155    | 6      | is won by seat 1      |
      | to 150 points | 120, 140    | 6      | goes on               |
      | of 5 hands    | 80, 80, 40  | 5      | is won by seats 0 and 1 |
      | of 5 hands    | 80, 60      | 4      | goes on               |
      | to 150 points | 150, 0      | 1      | is won by seat 0      |
