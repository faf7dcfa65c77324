Feature: The turn clock
  A table may give each turn a time limit: the service's turn clock (`turn_seconds`,
  off by default), a table option beside the rules. When a seat's time runs out the
  service records it dead, reason "timeout" (R19): a turn cannot be skipped (P10), so
  dead is the one fate that lets the game go on. The seat takes no further part and
  its hand stays as deadwood (P30). Play then passes as after any dead declaration:
  the next seat without a legal move is dead at once (D6), and when the last seat dies
  the game ends without Game (P32). The engine knows no clock: any seat on turn may be
  timed out, whatever it holds; a seat that is not on turn cannot be (P9).

  Background:
    Given the table gives each turn 60 seconds

  Rule: A seat whose time runs out is dead, and play goes on

    @R19 @P10 @P30 @http
    Scenario: A seat that could still move runs out of time and is dead
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand            |
        | 1    | 3H 4H 5H KC 10D |
        | 2    | 9S 9D 9C 6H 2C  |
        | 0    | QD QS QC 7S 2S  |
      And seat 1 played "meld 3H 4H 5H"
      Then it is seat 2's turn
      And seat 2 has a legal move
      When seat 2's turn clock runs out
      Then the timeout is recorded
      And the events recorded are DeclaredDead
      And seat 2 is dead ("timeout")
      And seat 2 holds "9S 9D 9C 6H 2C"
      And seat 2 has no legal move
      And it is seat 0's turn

    @R19 @D6 @P29 @http
    Scenario: After a timeout the next seat without a move is dead at once
      # After seat 2's meld seat 1 holds KC 10D, which no meld takes: when seat 0 runs
      # out of time, the turn passes to seat 1 and the engine declares it dead.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand            |
        | 1    | 3H 4H 5H KC 10D |
        | 2    | 9S 9D 9C 6H 2C  |
        | 0    | QD QS QC 7S 2S  |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
      When seat 0's turn clock runs out
      Then the timeout is recorded
      And the events recorded are DeclaredDead, DeclaredDead
      And seat 0 is dead ("timeout")
      And seat 1 is dead ("no_move")
      And it is seat 2's turn

    @R19 @R13 @D6 @http
    Scenario: Without automatic dead declarations, a seat that cannot move and waits is timed out
      Given the rule option "auto_dead" is false
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H KC |
        | 0    | 9S 9D 9C 2D |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 0    | meld 9S 9D 9C |
      Then it is seat 1's turn
      And seat 1 has no legal move
      When seat 1's turn clock runs out
      Then the timeout is recorded
      And seat 1 is dead ("timeout")
      And it is seat 0's turn

  Rule: The last seat to run out of time ends the game

    @R19 @P32 @D7 @P33 @http
    Scenario: A timeout that leaves nobody able to play ends the game, every hand as deadwood
      # Seat 0 runs out of time holding 9S 9D 9C 2D; seat 1, left alone with KC, has no
      # move and is dead: the game ends and the lower total wins (D7).
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H KC |
        | 0    | 9S 9D 9C 2D |
      And seat 1 played "meld 3H 4H 5H"
      When seat 0's turn clock runs out
      Then the timeout is recorded
      And the events recorded are DeclaredDead, DeclaredDead, GameEnded
      And the game ended with every seat dead
      And the game is over: winners seat 1; points 29, 10

  Rule: Only the seat on turn can run out of time

    @R19 @P9
    Scenario: A seat whose turn it is not cannot be timed out
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H KC |
        | 0    | 9S 9D 9C 2D |
      When seat 0's turn clock runs out
      Then the timeout is refused citing P9 with code "not-your-turn"
      And nothing was recorded

    @R19 @P31
    Scenario: Nobody runs out of time once the game is over
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H    |
        | 0    | 9S 9D 9C    |
      And seat 1 played "meld 3H 4H 5H"
      When seat 0's turn clock runs out
      Then the timeout is refused citing P31 with code "game-over"
