Feature: Scoring a hand of Gin Rummy
  The knocker scores the difference in deadwood; gin scores the defender's deadwood and
  the gin bonus (25); an undercut scores the defender the difference and the undercut
  bonus (25) (G12). An equal deadwood is an undercut at a table, 0–0 in OpenSpiel
  (R38). In Oklahoma the first upcard sets the knock card, an ace gin only (G16); with
  spades double, a spade first upcard doubles the deal: its points, or its box too
  (G20, R59).

  Background:
    Given Gin seat 0 is dealt "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"

  @G12 @http
  Scenario: Gin scores the defender's deadwood and the bonus
    Given Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "AS"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld AS 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done"
    Then the Gin hand ends "gin" with points 92 and 0

  @G12 @http
  Scenario: The defender undercuts a knock
    Given Gin seat 1 is dealt "AH AC AD 2H 2C 2D 3H 3C 3D 4C"
    And the Gin upcard is "QS"
    And the Gin stock begins "8S"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "pass"
    And Gin seat 0 plays "draw stock; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done; meld AH AC AD; meld 2H 2C 2D; meld 3H 3C 3D; done"
    Then the Gin hand ends "undercut" with points 0 and 29

  @G12 @R38 @http
  Scenario Outline: An equal deadwood after a knock
    Given a Gin Rummy table with the "<rules>" rules
    And Gin seat 1 is dealt "AH AC AD 2H 2C 2D 3H 3C 3D 4C"
    And the Gin upcard is "QS"
    And the Gin stock begins "4D"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "pass"
    And Gin seat 0 plays "draw stock; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done; meld AH AC AD; meld 2H 2C 2D; meld 3H 3C 3D; done"
    Then the Gin hand ends "<reason>" with points 0 and <south>

    Examples:
      | rules     | reason   | south |
      | table     | undercut | 25    |
      | openspiel | knock    | 0     |

  @G16 @http
  Scenario Outline: Oklahoma: the first upcard sets the knock card
    Given the Gin option oklahoma is true
    And the Gin upcard is "<upcard>"
    Then the Gin knock limit is <limit>

    Examples:
      | upcard | limit |
      | 7C     | 7     |
      | KD     | 10    |
      | AS     | 0     |

  @G20 @R59 @http
  Scenario Outline: Oklahoma's spade: a spade as the first upcard doubles the deal
    # The ace of spades: gin only (G16), and doubled: (67 + 25) x 2.
    Given the Gin option oklahoma is true
    And the Gin option spade_double is "<reading>"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "AS"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld AS 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done"
    Then the Gin hand ends "gin" with points 184 and 0
    And the Gin deal is doubled, its boxes "<boxes>"

    Examples:
      | reading | boxes |
      | points  | none  |
      | all     | 2 0   |

  @G20 @R59 @http
  Scenario: Another suit's first upcard scores the deal once
    Given the Gin option oklahoma is true
    And the Gin option spade_double is "all"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "7C"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done; done"
    Then the Gin hand ends "knock" with points 60 and 0
    And the Gin deal is not doubled

  @G20 @R59 @http
  Scenario: Spades double is Oklahoma's rule
    Given the Gin option spade_double is "points"
    When a Gin Rummy hand is dealt to 2 players
    Then the Gin command is refused citing G20
