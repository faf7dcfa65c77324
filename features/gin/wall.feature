Feature: The wall and the end of a hand of Gin Rummy
  When the stock is down to two cards and nobody knocked, the hand is a draw (G13). When
  exactly is a reading (R61): the discard that leaves two (the default); the tournament
  "50th card", where the opponent may still take that discard to knock, or pass
  (OpenSpiel's wall, R41); or Hoyle's, where the draw that leaves two ends the hand. The
  50th draw from the discard pile ends the hand as a draw, so every hand is finite (G14,
  R42, R63: a safety bound; here the limit is set low). A hand without a knock scores
  nothing, nobody moves after the end and every hand is shown (G15).

  @G13 @G15 @R61 @http
  Scenario: The hand is a draw at the wall
    Given a Gin Rummy table with the "table" rules
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

  @G13 @R61 @http
  Scenario: The 50th card: the opponent may take the discard that leaves two cards to knock
    Given the Gin option wall is "fiftieth_card"
    And Gin seat 1 is dealt "AH 2H 3H 4C 5C 6C 7D 8D 9D KS"
    When both Gin seats draw from the stock and discard it until 2 are left
    Then it is Gin seat 1's turn in the "wall" phase
    And Gin seat 1 may only "pass; knock"
    When Gin seat 1 plays "pass"
    Then the Gin hand ends "wall" with points 0 and 0

  @G13 @R61 @http
  Scenario: Hoyle's wall: the draw that leaves two cards ends the hand, with no discard
    Given the Gin option wall is "draw"
    When both Gin seats draw from the stock and discard it until 2 are left
    Then the last Gin draw ended the hand with 2 cards left in the stock
    And the Gin hand ends "wall" with points 0 and 0
    And no Gin seat may move and every hand is shown

  @G13 @R61 @http
  Scenario: wall_knock is the 50th card, and no other reading beside it
    Given the Gin option wall_knock is true
    And the Gin option wall is "draw"
    When a Gin Rummy hand is dealt to 2 players
    Then the Gin command is refused citing G13

  @G14 @R42 @R63 @http
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
