@engine
Feature: A match of Gin Rummy
  A match is played to 100; the first to reach it wins and adds the game bonus (100), and
  each player a box bonus (25) for every hand it won; a drawn hand counts for nobody
  (G17). The winner of a hand deals the next; after a draw the same dealer deals again
  (R43, R48). A match that ends short of its target adds no bonuses (R46). Where the
  loser scored nothing, a shutout doubles what the table's reading names: by default the
  difference of the final scores (G21, R60). A doubled deal whose box doubles counts two
  boxes (G20, R59). These matches play a table's rules.

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
    Then the Gin match is won by seat 1 with 0 to 410, a shutout

  @G17 @R43 @R48
  Scenario: The winner of a hand deals the next, and a drawn hand keeps the dealer
    When a Gin match to 100, first dealt by seat 0, scores the hands "0-12; 0-0; 20-0"
    Then hand 1 of the Gin match is dealt by seat 0
    And hand 2 of the Gin match is dealt by seat 1
    And hand 3 of the Gin match is dealt by seat 1
    And hand 4 of the Gin match is dealt by seat 0

  @G21 @R60 @R46
  Scenario Outline: A match won with the loser scoring nothing is a shutout
    # 105 points, two boxes (50) and the game bonus (100): 255, and the shutout.
    When a Gin match with the shutout <reading> scores the hands "60-0; 45-0"
    Then the Gin match is won by seat 0 with <north> to 0, a shutout
    And the Gin match's bonuses are <bonuses> and 0

    Examples:
      | reading       | north | bonuses |
      | "difference"  | 510   | 405     |
      | "game_bonus"  | 355   | 250     |
      | "hand_points" | 360   | 255     |

  @G21 @R60
  Scenario: A table without a shutout adds only the bonuses
    When a Gin match with the shutout null scores the hands "60-0; 45-0"
    Then the Gin match is won by seat 0 with 255 to 0
    And the Gin match's bonuses are 150 and 0

  @G20 @R59 @G17
  Scenario: A doubled deal whose box doubles counts two boxes for its winner
    When a Gin match scores the hands "60-0 x2; 0-30; 45-0"
    Then the Gin match is won by seat 0 with 280 to 55

  @G17 @R46
  Scenario: A match closed short of its target adds no bonuses
    When a Gin match scores the hands "0-30; 12-0"
    And the host closes the Gin match
    Then the Gin match ended closed, won by seat 1, with no bonuses

  Rule: Hollywood scoring plays three games at once (G18)
    With `scoring: "hollywood"` each win of a seat scores in every open column it has
    scored in, and in the first open column it has not (R53); a column ends at the
    target with its own game and box bonuses, its shutout as the table's reading says
    (R54, R60); the match
    ends when every column is over, each seat's final score the sum of its columns'
    (R55).

    @G18 @R53
    Scenario: A seat's first win scores in column 1, its second in 1 and 2, its third in all three
      When a Hollywood Gin match scores the hands "25-0; 18-0; 36-0"
      Then Hollywood column 1 stands at 79 to 0
      And Hollywood column 2 stands at 54 to 0
      And Hollywood column 3 stands at 36 to 0
      And the Gin match goes on at 79 to 0

    @G18 @R54
    Scenario: A column won with the loser scoring nothing is a shutout, its score doubled
      When a Hollywood Gin match scores the hands "60-0; 50-0"
      Then Hollywood column 1 is won by seat 0 with 520 to 0, a shutout
      And Hollywood column 2 stands at 50 to 0
      And the Gin match goes on at 110 to 0

    @G18 @R54
    Scenario: A column is won with its game bonus and each seat's box bonuses
      When a Hollywood Gin match scores the hands "0-10; 60-0; 50-0"
      Then Hollywood column 1 is won by seat 0 with 260 to 35
      And Hollywood column 2 stands at 50 to 0

    @G18 @G21 @R54 @R60
    Scenario Outline: A Hollywood column's shutout doubles what the table's reading names
      When a Hollywood Gin match with the shutout <reading> scores the hands "60-0; 50-0"
      Then Hollywood column 1 is won by seat 0 with <north> to 0, a shutout

      Examples:
        | reading       | north |
        | "difference"  | 520   |
        | "game_bonus"  | 360   |
        | "hand_points" | 370   |

    @G18 @G21 @R60
    Scenario: A Hollywood table without a shutout scores the column once
      When a Hollywood Gin match with the shutout null scores the hands "60-0; 50-0"
      Then Hollywood column 1 is won by seat 0 with 260 to 0

    @G18 @R53
    Scenario: A seat shut out of column 1 enters column 2 with its first win
      When a Hollywood Gin match scores the hands "60-0; 50-0; 0-20; 0-30"
      Then Hollywood column 2 stands at 50 to 50
      And Hollywood column 3 stands at 0 to 30

    @G18 @R55
    Scenario: The match ends when every column is over, the sum of the columns deciding it
      When a Hollywood Gin match to 50 scores the hands "0-30; 40-0; 0-25; 30-0; 30-0; 0-20"
      Then Hollywood column 1 is won by seat 1 with 65 to 205
      And Hollywood column 2 is won by seat 0 with 210 to 50
      And Hollywood column 3 stands at 30 to 20
      And the Gin match goes on at 100 to 75
      When the Hollywood Gin match goes on with the hands "0-35"
      Then Hollywood column 3 is won by seat 1 with 55 to 205
      And the Gin match is won by seat 1 with 330 to 460

    @G18 @R55
    Scenario: A Hollywood match closed early keeps the bonuses of its columns over
      When a Hollywood Gin match scores the hands "60-0; 50-0"
      And the host closes the Gin match
      Then the Hollywood Gin match ended closed, won by seat 0 with 570 to 0

    @G18 @R55
    Scenario Outline: Only Gin's match takes Hollywood scoring
      When a Hollywood match of <game> is opened
      Then the match is refused citing <rule> for the field scoring

      Examples:
        | game           | rule |
        | rummy          | B12  |
        | three-thirteen | T1   |
        | penang         | R16  |
