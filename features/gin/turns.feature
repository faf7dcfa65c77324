Feature: The first upcard and the turn in Gin Rummy
  The non-dealer may take the first upcard or pass, then the dealer; after two passes
  the non-dealer draws from the stock (G3). A turn is a draw, from the stock or the
  upcard, then a discard or a knock (G4). The card just taken from the discard pile may
  not be discarded that turn (G7); OpenSpiel allows it and calls the hand a draw when
  both players do so in turn (R37). Nothing is melded before a knock (G8).

  Background:
    Given Gin seat 0 is dealt "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "6H"
    And the Gin stock begins "8S 4D"

  @G3 @http
  Scenario: The upcard is offered to the non-dealer, then to the dealer
    Then Gin seat 0 may only "draw discard; pass"
    When Gin seat 0 plays "pass"
    Then Gin seat 1 may only "draw discard; pass"
    When Gin seat 1 plays "pass"
    Then Gin seat 0 may only "draw stock"

  @G3 @G4 @http
  Scenario: The stock is drawn only once both have passed the upcard
    When Gin seat 0 plays "draw stock"
    Then the Gin command is refused citing G3

  @G3 @G4 @http
  Scenario: Whoever takes the upcard discards, and the other plays on
    When Gin seat 0 plays "draw discard; discard KH"
    Then the Gin command is accepted
    And it is Gin seat 1's turn in the "draw" phase
    And Gin seat 1 may only "draw discard; draw stock"

  @G7 @http
  Scenario: The card just taken may not be discarded
    When Gin seat 0 plays "draw discard; discard 6H"
    Then the Gin command is refused citing G7

  @G8 @http
  Scenario: Nothing is melded before a knock
    When Gin seat 0 plays "draw discard; meld 2S 3S 4S"
    Then the Gin command is refused citing G8

  @G7 @R37 @R49 @http
  Scenario: OpenSpiel lets the card taken go back, and two such discards draw the hand
    Given a Gin Rummy table with the "openspiel" rules
    When Gin seat 0 plays "draw discard; discard 6H"
    Then the Gin command is accepted
    And every Gin viewer sees that the last discard was the card just taken
    When Gin seat 1 plays "draw discard; discard 6H"
    Then the Gin hand ends "repeat" with points 0 and 0

  @G3 @G14 @R49 @http
  Scenario: Every viewer sees who passed the upcard and the draws from the pile
    # The first upcard's offer is no draw toward the bound (G14); the draws after it are.
    When Gin seat 0 plays "pass"
    Then every Gin viewer sees the passes "yes no" and 0 draws from the pile
    When Gin seat 1 plays "draw discard; discard KD"
    Then every Gin viewer sees the passes "yes no" and 0 draws from the pile
    When Gin seat 0 plays "draw discard; discard KH"
    Then every Gin viewer sees the passes "yes no" and 1 draws from the pile
