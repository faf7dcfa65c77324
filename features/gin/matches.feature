Feature: A match of Gin Rummy
  A match is played to 100; the first to reach it wins and adds the game bonus (100), and
  each player a box bonus (25) for every hand it won; a drawn hand counts for nobody
  (G17). The winner of a hand deals the next; after a draw the same dealer deals again
  (R43, R48). A match that ends short of its target adds no bonuses (R46).

  @G17 @R46
  Scenario: The first to 100 wins the match with its bonuses
    When a Gin match scores the hands "60-0; 0-30; 45-0"
    Then the Gin match is won by seat 0 with 255 to 55

  @G17
  Scenario: Below the target the match goes on
    When a Gin match scores the hands "60-0; 0-30"
    Then the Gin match goes on at 60 to 30

  @G17 @R47
  Scenario: A match played to a lower target ends there
    When a Gin match to 50, first dealt by seat 0, scores the hands "0-30; 0-25"
    Then the Gin match is won by seat 1 with 0 to 205

  @G17 @R43 @R48
  Scenario: The winner of a hand deals the next, and a drawn hand keeps the dealer
    When a Gin match to 100, first dealt by seat 0, scores the hands "0-12; 0-0; 20-0"
    Then hand 1 of the Gin match is dealt by seat 0
    And hand 2 of the Gin match is dealt by seat 1
    And hand 3 of the Gin match is dealt by seat 1
    And hand 4 of the Gin match is dealt by seat 0

  @G17 @R46
  Scenario: A match closed short of its target adds no bonuses
    When a Gin match scores the hands "0-30; 12-0"
    And the host closes the Gin match
    Then the Gin match ended closed, won by seat 1, with no bonuses
