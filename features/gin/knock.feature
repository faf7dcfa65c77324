Feature: Melds, deadwood and the knock in Gin Rummy
  Melds are 3 or 4 of a rank, or 3 or more of one suit in sequence, the ace low only
  (G5). Deadwood counts ace 1, 2–10 face value, J Q K 10 (G6). A player whose hand, less
  one discard, leaves deadwood at most the knock card may knock (G9); the default offers
  the knock whenever some discard does, OpenSpiel judges the hand by its own figure
  (R40). After the knock the knocker discards, lays its melds one by one and says done;
  the defender lays off, says done, lays its melds and says done (G10, R44).

  Background:
    Given Gin seat 0 is dealt "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"

  @G5
  Scenario: The ace is low only
    Then "AS 2S 3S" is a Gin meld
    And "QS KS AS" is no Gin meld
    And "KS AS 2S" is no Gin meld
    And "7H 7D 7C 7S" is a Gin meld

  @G6
  Scenario: Deadwood is the value of the cards in no meld
    Then the Gin deadwood of "2S 3S 4S 5H 5D 5C 9C 9D 9H KH" is 10
    And the Gin deadwood of "AH 3C 6D 8C 10H QC KD 2D 7S JD" is 67

  @G9 @R40
  Scenario Outline: The knock goes by the least deadwood, or by OpenSpiel's figure
    # 4S 5S 6S AC 3C 4C 6C 2H 4H 5H 6H: discarding 6C leaves 10 (AC 3C 4C 2H), but the
    # first best meld group OpenSpiel's search finds, less its highest card, leaves 11.
    Given a Gin Rummy table with the "<rules>" rules
    And Gin seat 0 is dealt "4S 6S AC 3C 4C 6C 2H 4H 5H 6H"
    And Gin seat 1 is dealt "AH 3D 7D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "5S"
    When Gin seat 0 plays "draw discard"
    Then Gin seat 0 <may> "knock"

    Examples:
      | rules     | may     |
      | gra       | may     |
      | openspiel | may not |

  @G9
  Scenario: A hand with too much deadwood may not knock
    Given the Gin upcard is "QD"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "draw discard"
    Then Gin seat 1 may not "knock"

  @G10 @R44
  Scenario: The knocker discards and lays its melds, then the defender plays
    Given the Gin upcard is "6H"
    When Gin seat 0 plays "draw discard; knock; discard KH"
    Then it is Gin seat 0's turn in the "knock_meld" phase
    And Gin seat 0 may not "done"
    When Gin seat 0 plays "meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    Then it is Gin seat 1's turn in the "layoff" phase
    And Gin seat 1 may only "done"
    When Gin seat 1 plays "done; done"
    Then the Gin hand ends "knock" with points 61 and 0
