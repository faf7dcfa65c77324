Feature: A match of Gin Rummy
  A match is played to 100; the winner adds the game bonus (100) and each player a box
  bonus (25) for every hand won (G17).

  @G17
  Scenario: The first to 100 wins the match with its bonuses
    When a Gin match scores the hands "60-0; 0-30; 45-0"
    Then the Gin match is won by seat 0 with 255 to 55

  @G17
  Scenario: Below the target the match goes on
    When a Gin match scores the hands "60-0; 0-30"
    Then the Gin match goes on at 60 to 30
