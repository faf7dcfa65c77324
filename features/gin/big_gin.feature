Feature: Big gin in Gin Rummy
  A player whose eleven cards all form melds after the draw may go out without a
  discard: big gin, scored as gin (no lay-offs, no undercut) with the big gin bonus in
  place of the gin bonus, 31 unless the table names another (G19). The texts score it
  6 or 10 more than gin, or have no big gin at all (R58).

  Background:
    Given Gin seat 0 is dealt "AS 2S 3S 5H 5D 5C 9C 9D 9H 9S"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "4S"

  @G19 @R58 @http
  Scenario: Eleven cards in melds go out without a discard, the table's bonus 31
    # AS-4S, three fives, four nines: the defender's 67 and 31.
    Given a Gin Rummy table with the "table" rules
    When Gin seat 0 plays "draw discard"
    Then Gin seat 0 may "big gin"
    And Gin seat 0 may "knock"
    When Gin seat 0 plays "big gin"
    Then it is Gin seat 0's turn in the "knock_meld" phase
    And Gin seat 0 may not "done"
    When Gin seat 0 plays "meld AS 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H 9S; done"
    Then it is Gin seat 1's turn in the "defend_meld" phase
    When Gin seat 1 plays "done"
    Then the Gin hand ends "big_gin" with points 98 and 0

  @G19 @R58 @http
  Scenario Outline: The table names big gin's bonus
    Given the Gin option big_gin_bonus is <bonus>
    When Gin seat 0 plays "draw discard; big gin; meld AS 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H 9S; done"
    And Gin seat 1 plays "done"
    Then the Gin hand ends "big_gin" with points <north> and 0

    Examples:
      | bonus | north |
      | 35    | 102   |
      | 0     | 67    |

  @G19 @R58 @http
  Scenario: A table without big gin goes gin with a discard
    Given the Gin option big_gin_bonus is null
    When Gin seat 0 plays "draw discard"
    Then Gin seat 0 may not "big gin"
    When Gin seat 0 plays "big gin"
    Then the Gin command is refused citing G19
    When Gin seat 0 plays "knock; discard 9S; meld AS 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done"
    Then the Gin hand ends "gin" with points 92 and 0

  @G19 @http
  Scenario: Big gin needs every one of the eleven cards in a meld
    Given Gin seat 0 is dealt "AS 2S 3S 5H 5D 5C 9C 9D 9H KH"
    When Gin seat 0 plays "draw discard"
    Then Gin seat 0 may "knock"
    And Gin seat 0 may not "big gin"
    When Gin seat 0 plays "big gin"
    Then the Gin command is refused citing G19
