Feature: The wall and the end of a hand of Gin Rummy
  When a discard leaves two cards in the stock and nobody knocked, the hand is a draw
  (G13); OpenSpiel lets the player on turn still knock with the upcard, or pass (R41).
  The 50th draw from the discard pile ends the hand as a draw, so every hand is finite
  (G14, R42: here the limit is set low). A hand without a knock scores nothing, nobody
  moves after the end and every hand is shown (G15).

  @G13 @G15 @http
  Scenario: The hand is a draw at the wall
    Given a Gin Rummy table with the "gra" rules
    When both Gin seats draw from the stock and discard it until 2 are left
    Then the Gin hand ends "wall" with points 0 and 0
    And no Gin seat may move and every hand is shown

  @G13 @R41 @http
  Scenario: In OpenSpiel the player on turn at the wall may only pass or knock
    Given a Gin Rummy table with the "openspiel" rules
    When both Gin seats draw from the stock and discard it until 2 are left
    Then Gin seat 1 may "pass"
    And Gin seat 1 may not "draw stock"
    When Gin seat 1 plays "draw stock"
    Then the Gin command is refused citing R41
    When Gin seat 1 plays "knock"
    Then the Gin command is refused citing G9
    When Gin seat 1 plays "pass"
    Then the Gin hand ends "wall" with points 0 and 0

  @G14 @R42 @http
  Scenario: The draw from the discard pile that reaches the limit ends the hand
    Given the Gin option upcard_draw_limit is 2
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin stock begins "8S"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "pass"
    And Gin seat 0 plays "draw stock; discard 8S"
    And Gin seat 1 plays "draw discard; discard KD"
    And Gin seat 0 plays "draw discard"
    Then the Gin hand ends "upcard_limit" with points 0 and 0
