Feature: Lay-offs in Gin Rummy
  The defender may lay cards off onto the knocker's melds: a run at either end, a
  three-card set its fourth card; a gin hand takes none, and a lay-off onto it is
  refused citing G11 (G11, G12). OpenSpiel lets a run take at most two cards beyond
  each end (R39).

  Background:
    Given Gin seat 0 is dealt "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    And the Gin upcard is "6H"

  @G11 @http
  Scenario: The defender lays off onto a run and a set
    Given Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 5S 7S 9S"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    Then Gin seat 1 may "lay off 5S"
    And Gin seat 1 may "lay off 9S"
    And Gin seat 1 may not "lay off 3C"
    When Gin seat 1 plays "lay off 5S; lay off 9S; done; done"
    Then the Gin hand ends "knock" with points 49 and 0

  @G11 @G12 @http
  Scenario: A gin hand takes no lay-offs
    Given Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 5S 7S 9S"
    And the Gin upcard is "AS"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld AS 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    Then it is Gin seat 1's turn in the "defend_meld" phase
    And Gin seat 1 may only "done"
    When Gin seat 1 plays "lay off 5S"
    Then the Gin command is refused citing G11

  @G11 @R39 @http
  Scenario Outline: How far a run takes lay-offs
    Given a Gin Rummy table with the "<rules>" rules
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 5S 6S 7S"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "lay off 5S; lay off 6S"
    Then Gin seat 1 <may> "lay off 7S"

    Examples:
      | rules     | may     |
      | table     | may     |
      | openspiel | may not |
