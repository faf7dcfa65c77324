Feature: The turn clock of Gin Rummy
  A table may give each turn a time limit (`turn_seconds`, R19). Gin Rummy has no dead
  declaration (G4): when a seat's time runs out the service plays a default turn for it,
  through the game's own rules: it passes the first upcard (G3), draws from the stock and
  throws the drawn card back (G4), passes at the wall where it may (R41), and after a
  knock says done as soon as it may (G10, G11); it never knocks. The turn is marked as the
  clock's, as the draw games' is (R36): the last event it records of the seat has reason
  "timeout", or, where it records none (its pass at the wall), the end names the seat
  (R51). A command of that seat for the turn it lost is late, refused "turn-timed-out"
  (R19), until its turn comes round again. When every seat's last turn was the clock's,
  the table was left: the hand ends abandoned and nobody scores (R45, R52).

  Background:
    Given Gin seat 0 is dealt "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "6H"
    And the Gin stock begins "8S 4D"
    And the Gin table gives each turn 60 seconds

  Rule: A seat whose time runs out gets the clock's default turn, marked as the clock's

    @R51 @R19 @G3 @http
    Scenario: The seat offered the first upcard passes it
      When Gin seat 0's turn clock runs out
      Then the Gin clock recorded UpcardPassed for seat 0, marked as its own
      And it is Gin seat 1's turn in the "offer" phase

    @R51 @R19 @G3 @G4 @http
    Scenario: After both passes the clock draws from the stock and throws that card back
      Given Gin seat 0 has played "pass"
      And Gin seat 1 has played "pass"
      When Gin seat 0's turn clock runs out
      Then the Gin clock recorded Drew, Discarded for seat 0, marked as its own
      And it is Gin seat 1's turn in the "draw" phase
      And the Gin hand is not over

    @R51 @R19 @R41 @G13 @http
    Scenario: At the wall the clock passes, and the end names the seat it played
      Given a Gin Rummy table with the "openspiel" rules
      When both Gin seats draw from the stock and discard it until 2 are left
      And Gin seat 1's turn clock runs out
      Then the Gin clock recorded GinHandEnded for seat 1, marked as its own
      And the Gin hand ends "wall" with points 0 and 0

  Rule: A late command of the seat the clock played is refused until its turn comes again

    @R19 @R51 @G4 @http
    Scenario: The seat's command for the turn it lost is refused turn-timed-out
      When Gin seat 0's turn clock runs out
      And Gin seat 0 plays "draw discard"
      Then the Gin command is refused with code "turn-timed-out" citing R19
      When Gin seat 1 plays "pass"
      And Gin seat 0 plays "draw stock"
      Then the Gin command is accepted

  Rule: A round of default turns ends the hand as abandoned

    @R45 @R52 @R51 @R19 @G13 @G15 @http
    Scenario: Every seat timed out in turn: the hand ends abandoned, nobody scoring
      Given Gin seat 0's turn clock ran out
      When Gin seat 1's turn clock runs out
      Then the Gin clock recorded UpcardPassed, GinHandEnded for seat 1, marked as its own
      And the Gin hand ends "abandoned" with points 0 and 0
      And no Gin seat may move and every hand is shown

    @R45 @R52 @R51 @G3 @G4 @http
    Scenario: A seat that plays its own turn keeps the hand going
      Given Gin seat 0's turn clock ran out
      And Gin seat 1 has played "pass"
      When Gin seat 0's turn clock runs out
      Then the Gin clock recorded Drew, Discarded for seat 0, marked as its own
      And the Gin hand is not over
