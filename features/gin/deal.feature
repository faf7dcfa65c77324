Feature: The deal of Gin Rummy
  Two players and one 52-card pack, no jokers (G1). The dealer deals ten cards each, one
  at a time, the non-dealer first; the next card is the upcard and starts the discard
  pile; the rest is the stock (G2). Seat 1 deals here, so seat 0 acts first; OpenSpiel
  has no dealer, and its player 0 is our seat left of the dealer (R43).

  @G1 @G2 @R43 @http
  Scenario: Each seat is dealt ten cards and sees only its own
    Given a Gin Rummy table with the "table" rules
    Then Gin seat 0 holds 10 cards, the stock 31 and the pile 1
    And it is Gin seat 0's turn in the "offer" phase

  @G1 @http
  Scenario Outline: Gin Rummy takes two players
    Given a Gin Rummy table with the "table" rules
    When a Gin Rummy hand is dealt to <players> players
    Then the Gin command is refused citing G1

    Examples:
      | players |
      | 3       |
      | 4       |

  @R57 @G10 @G13 @G19 @G20 @G21 @http
  Scenario: A table that names no option records the table's readings in its rules
    Then the Gin hand's rules name big_gin_bonus 31
    And the Gin hand's rules name spade_double null
    And the Gin hand's rules name shutout "difference"
    And the Gin hand's rules name wall "discard"
    And the Gin hand's rules name defender "arranged"
    And the Gin hand's rules name upcard_draw_limit 50
