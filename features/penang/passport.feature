Feature: The passport
  A player's first action in a game must be a meld: the passport. It needs no minimum of
  points (P26). A lay-off cannot be a passport, and neither lay-offs nor substitutions
  are allowed before it (P27). A player who cannot make a passport on their first turn is
  dead at once (P28); the engine records it with the reason "no_passport" (R4).

  Rule: The first action of a seat is a meld; lay-offs and swaps wait for it

    Background:
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand                         |
        | 1    | 2C 3C 4C 3H JK 5H 9C 9D 9H   |
        | 2    | 5C 4H 6H 7S 7D 7H QS KS 2D   |
        | 0    | AC AD AS 10H JS 10D 6D 8S 8D |

    @P26 @http
    Scenario: The first meld is the passport, however few its points
      When seat 1 plays "meld 2C 3C 4C"
      Then the turn is accepted
      And the events recorded are PassportMelded, TurnEnded
      And seat 1 has its passport
      And seat 2 has no passport yet

    @P26
    Scenario: Only the first meld is the passport
      Given these turns were played:
        | seat | actions       |
        | 1    | meld 2C 3C 4C |
        | 2    | meld 7S 7D 7H |
        | 0    | meld AC AD AS |
      When seat 1 plays "meld 9C 9D 9H"
      Then the turn is accepted
      And the events recorded are Melded, TurnEnded

    @P27 @http
    Scenario: A lay-off cannot be a passport
      Given seat 1 played "meld 2C 3C 4C; meld 3H JK 5H"
      When seat 2 plays "lay off 5C on meld 0"
      Then the turn is refused citing P27 with code "passport-required"
      And nothing was recorded
      And seat 2 has no passport yet

    @P27
    Scenario: No substitution before the passport
      Given seat 1 played "meld 2C 3C 4C; meld 3H JK 5H"
      When seat 2 plays "swap 4H for the joker in meld 1; meld 7S 7D 7H"
      Then the turn is refused at action 0 citing P27 with code "passport-required"
      And nothing was recorded

    @P26 @P27 @D5
    Scenario: Once the passport is down, lay-offs and swaps may follow in the same turn
      Given seat 1 played "meld 2C 3C 4C; meld 3H JK 5H"
      When seat 2 plays:
        | meld 7S 7D 7H                        |
        | lay off 5C on meld 0                 |
        | swap 4H for the joker in meld 1      |
        | lay off JK on meld 1 at the high end |
      Then the turn is accepted
      And the events recorded are PassportMelded, LaidOff, WildSwapped, LaidOff, TurnEnded
      And meld 0 is the run "2C 3C 4C 5C" of seat 1
      And meld 1 is the run "3H 4H 5H JK" of seat 1
      And seat 2 holds "6H QS KS 2D"

  Rule: A seat that cannot make a passport on its first turn is dead

    @P28 @P27 @R4 @http
    Scenario: A seat without a meld is dead at its first turn, though it could lay off
      # Seat 2 holds 6H, which seat 1's run would take, but a lay-off is no passport.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand         |
        | 1    | 3H 4H 5H 10C |
        | 2    | 6H 2D 9S KC  |
        | 0    | 8S 8D 8C JD  |
      When seat 1 plays "meld 3H 4H 5H"
      Then the turn is accepted
      And the events recorded are PassportMelded, TurnEnded, DeclaredDead
      And seat 2 is dead ("no_passport")
      And it is seat 0's turn

    @P28 @R4
    Scenario: The first player can be dead before anyone plays
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand         |
        | 1    | 6H 2D 9S KC  |
        | 2    | 3H 4H 5H 10C |
        | 0    | 8S 8D 8C JD  |
      Then seat 1 is dead ("no_passport")
      And it is seat 2's turn

    @P28 @D6 @R13
    Scenario: Without automatic dead declarations the seat declares dead itself
      Given the rule option "auto_dead" is false
      And a 3-player game dealt by seat 0 with these hands:
        | seat | hand         |
        | 1    | 3H 4H 5H 10C |
        | 2    | 6H 2D 9S KC  |
        | 0    | 8S 8D 8C JD  |
      And seat 1 played "meld 3H 4H 5H"
      Then it is seat 2's turn
      And seat 2 is alive
      And seat 2 has no legal move
      When seat 2 declares dead
      Then the declaration is accepted
      And seat 2 is dead ("declared")
      And it is seat 0's turn
