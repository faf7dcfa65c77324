Feature: Dead and Game
  A player who can neither meld nor lay off on their turn must declare dead; a swap that
  would open a meld or a lay-off counts, so that player is not dead (P29, R8). Declaring
  dead is refused while a legal move exists, and the refusal names one; when a player's
  turn comes with no legal move the engine records the dead declaration itself (D6), a
  table option: with "auto_dead" off the player must declare it (R13). A dead player
  takes no further part in the game (P30). A player who empties their hand declares
  Game and wins; the game ends at once (P31, R11). When every player is dead the game
  ends with no Game declared (P32), and the lowest total wins (D7).

  Rule: A seat is dead exactly when it has no meld, no lay-off and no swap that opens one

    @P29 @D6 @http
    Scenario: A seat that can neither meld nor lay off is dead when its turn comes
      # After seat 0's turn seat 1 holds KC 10D: no meld, and nothing on the table
      # (3H-4H-5H, three nines, three queens) takes either card.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand            |
        | 1    | 3H 4H 5H KC 10D |
        | 2    | 9S 9D 9C 6H 2C  |
        | 0    | QD QS QC 7S 2S  |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
      When seat 0 plays "meld QD QS QC"
      Then the turn is accepted
      And the events recorded are PassportMelded, TurnEnded, DeclaredDead
      And seat 1 is dead ("no_move")
      And seat 1 holds "KC 10D"
      And it is seat 2's turn

    @P29 @R8 @D5 @http
    Scenario: A seat kept alive only by a swap is not dead
      # Meld 0 is 3H JK 5H, its joker the 4H. Seat 0 holds 4H 2C KS 6C 10D: no meld, no
      # lay-off, but swapping the 4H for the joker gives it a joker to lay off.
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 3H JK 5H 7S 7D 7C KC QD  |
        | 0    | 4H 9S 9D 9C 2C KS 6C 10D |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H JK 5H |
        | 0    | meld 9S 9D 9C |
        | 1    | meld 7S 7D 7C |
      Then it is seat 0's turn
      And seat 0 is alive
      And seat 0 has a legal move
      And the legal moves of seat 0 hold no meld and no lay-off
      And the legal moves of seat 0 include "swap 4H for the joker in meld 0"
      And the legal turns of seat 0 include "swap 4H for the joker in meld 0; lay off JK on meld 0 at the low end"
      When seat 0 plays "swap 4H for the joker in meld 0; lay off JK on meld 2"
      Then the turn is accepted
      And meld 0 is the run "3H 4H 5H" of seat 1
      And meld 2 is the set "7S 7D 7C JK" of seat 1
      And seat 0 holds "2C KS 6C 10D"

    @P29 @P24 @R8 @R15 @D6 @http
    Scenario: Where jokers stay in melds, the swap that opens a meld is listed with the meld
      # Meld 0 is 4H JK 6H, its joker the 5H. Seat 0 is left with 5H JD JC 3D: no meld,
      # no lay-off, and a swap alone is no turn (P24). Swapping the 5H gives it a joker
      # to meld with JD JC; jokers may not be laid off here (R15).
      Given the rule option "jokers_lay_off" is false
      And the rule option "auto_dead" is false
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand                    |
        | 1    | 4H JK 6H QS QD QC 2S    |
        | 0    | 10D 10C JK 5H JD JC 3D  |
      And these turns were played:
        | seat | actions          |
        | 1    | meld 4H JK 6H    |
        | 0    | meld 10D 10C JK  |
        | 1    | meld QS QD QC    |
      Then seat 0 has a legal move
      And the legal moves of seat 0 hold no meld and no lay-off
      And the legal turns of seat 0 include "swap 5H for the joker in meld 0; meld JD JC JK with joker as J"
      When seat 0 declares dead
      Then the declaration is refused citing D6 with code "dead-refused"
      And the refusal names the move "swap 5H for the joker of meld 0, then meld JD JC JK"
      And nothing was recorded
      When seat 0 plays "swap 5H for the joker in meld 0; meld JD JC JK with joker as J"
      Then the turn is accepted
      And meld 0 is the run "4H 5H 6H" of seat 1
      And seat 0 holds "3D"

    @P29 @R8 @R15 @D5
    Scenario: Where a swapped joker must wait a turn, a swap keeps no seat alive
      Given the rule option "swapped_joker_same_turn" is false
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 3H JK 5H 7S 7D 7C KC QD  |
        | 0    | 4H 9S 9D 9C 2C KS 6C 10D |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H JK 5H |
        | 0    | meld 9S 9D 9C |
      When seat 1 plays "meld 7S 7D 7C"
      Then the turn is accepted
      And seat 0 is dead ("no_move")

    @P29 @R8 @P16 @R1
    Scenario: A swap whose joker could go nowhere keeps no seat alive
      # Both runs end up full (14 cards). Seat 1 is left with AS 9C: the AS could replace
      # the joker of meld 1, but that joker would fit no meld on the table, nor meld with 9C.
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                             |
        | 1    | 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK AH AS 9C |
        | 0    | 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK AS 9D 8D |
      And these turns were played:
        | seat | actions                                         |
        | 1    | meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK    |
        | 0    | meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK AS |
      Then the legal moves of seat 1 include "swap AS for the joker in meld 1"
      When seat 1 plays "lay off AH on meld 0"
      Then the turn is accepted
      And meld 0 is the run "JK 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH" of seat 1
      And meld 1 is the run "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK" of seat 0
      And seat 1 holds "AS 9C"
      And seat 1 is dead ("no_move")

    @P29 @P19 @P20
    Scenario: Three aces laid off one by one keep a hand alive for three rounds (the seed's example)
      # Seat 0 sets down three aces; seat 1 holds three more and lays them off one per
      # turn instead of melding them, while seat 0 extends seat 1's diamond run.
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 5D 6D 7D AC AC AH QC 2C  |
        | 0    | AS AH AD 8D 9D 10D KC 3S |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 5D 6D 7D |
        | 0    | meld AS AH AD |
      When seat 1 plays "lay off AC on meld 1"
      Then the turn is accepted
      And it is seat 0's turn
      When seat 0 plays "lay off 8D on meld 0"
      Then it is seat 1's turn
      When seat 1 plays "lay off AC on meld 1"
      Then the turn is accepted
      And it is seat 0's turn
      When seat 0 plays "lay off 9D on meld 0"
      Then it is seat 1's turn
      When seat 1 plays "lay off AH on meld 1"
      Then the turn is accepted
      And meld 1 is the set "AS AH AD AC AC AH" of seat 0
      And seat 1 holds "QC 2C"
      And seat 1 is alive
      When seat 0 plays "lay off 10D on meld 0"
      Then the turn is accepted
      And seat 1 is dead ("no_move")
      And seat 0 is dead ("no_move")
      And the game ended with every seat dead

  Rule: Declaring dead is refused while a move exists; without auto_dead the seat declares it

    Background:
      Given the rule option "auto_dead" is false
      And a 3-player game dealt by seat 0 with these hands:
        | seat | hand            |
        | 1    | 3H 4H 5H KC 10D |
        | 2    | 9S 9D 9C 6H 2C  |
        | 0    | QD QS QC 7S 2S  |

    @D6 @P29 @http
    Scenario: Declaring dead with a meld in hand is refused, naming the meld
      When seat 1 declares dead
      Then the declaration is refused citing D6 with code "dead-refused"
      And the refusal names the move "meld 3H 4H 5H"
      And nothing was recorded
      And seat 1 is alive

    @D6 @R13 @P10
    Scenario: A seat without a move waits for its own declaration, and cannot pass
      Given these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
        | 0    | meld QD QS QC |
      Then it is seat 1's turn
      And seat 1 is alive
      And seat 1 has no legal move
      When seat 1 plays nothing
      Then the turn is refused citing P10 with code "empty-turn"
      When seat 1 declares dead
      Then the declaration is accepted
      And the events recorded are DeclaredDead
      And seat 1 is dead ("declared")
      And it is seat 2's turn

    @D6 @P29
    Scenario: Declaring dead with a lay-off in hand is refused, naming the lay-off
      Given these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
        | 0    | meld QD QS QC |
      And seat 1 declared dead
      When seat 2 declares dead
      Then the declaration is refused citing D6 with code "dead-refused"
      And the refusal names the move "lay off 6H on meld 0"
      And nothing was recorded

  Rule: A dead seat takes no further part

    @P30 @http
    Scenario: A dead seat cannot lay off, even on a meld made after it died
      # Seat 2 has no meld and is dead at its first turn. Seat 1 later melds 3H 4H 5H,
      # which would take seat 2's 6H.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand                  |
        | 1    | 8C 8D 8S 3H 4H 5H 2D  |
        | 2    | 6H 2C 9S KD QC 10H 4S |
        | 0    | AC AD AS JC JD JS 7H  |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 8C 8D 8S |
        | 0    | meld AC AD AS |
        | 1    | meld 3H 4H 5H |
      Then seat 2 is dead ("no_passport")
      When seat 2 plays "lay off 6H on meld 2"
      Then the turn is refused citing P30 with code "seat-dead"
      And nothing was recorded
      And seat 2 holds 7 cards

    @P30 @P29 @http
    Scenario: A dead seat has no legal move, even when a later meld would take its cards
      # Seat 1 is dead at its second turn, holding 6H KD 2D 10S. Seat 2 then melds
      # 3H 4H 5H (meld 3), which would take the 6H: too late for seat 1.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand                  |
        | 1    | 9C 9D 9S 6H KD 2D 10S |
        | 2    | 7S 7D 7C 3H 4H 5H 7H  |
        | 0    | QS QD QC QH 2S 8D 10C |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 9C 9D 9S |
        | 2    | meld 7S 7D 7C |
        | 0    | meld QS QD QC |
        | 2    | meld 3H 4H 5H |
      When seat 1 plays "lay off 6H on meld 3"
      Then the turn is refused citing P30 with code "seat-dead"
      And seat 1 is dead ("no_move")
      And it is seat 0's turn
      And seat 1 has no legal move

  Rule: A seat that empties its hand declares Game and the game ends at once

    Background:
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand               |
        | 1    | 3H 4H 5H 9C 9D 9S  |
        | 2    | 7S 7D 7C 6H KC QD  |
        | 0    | JS JD JC 2H 10S 5C |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 7S 7D 7C |
        | 0    | meld JS JD JC |

    @P31 @http
    Scenario: Game is declared as the last card leaves the hand, and nobody plays on
      When seat 1 plays "meld 9C 9D 9S"
      Then the turn is accepted
      And the events recorded are Melded, DeclaredGame, GameEnded
      And the game ended with Game declared by seat 1
      And seat 1 holds no cards
      And the game is won by seat 1
      When seat 2 plays "lay off 6H on meld 0"
      Then the turn is refused citing P31 with code "game-over"
      And nothing was recorded

    @P31
    Scenario: Once Game is declared nobody has a legal move
      # Seat 2 still holds 6H, which meld 0 (3H 4H 5H) would take.
      When seat 1 plays "meld 9C 9D 9S"
      Then the game ended with Game declared by seat 1
      And seat 2 holds "6H KC QD"
      And seat 2 has no legal move
      And seat 0 has no legal move

    @P31 @R11
    Scenario: Nothing can follow the action that empties the hand
      When seat 1 plays "meld 9C 9D 9S; lay off 6H on meld 0"
      Then the turn is refused at action 1 citing P31 with code "action-after-game"
      And nothing was recorded
      And the game is not over

  Rule: When every seat is dead the game ends without Game

    @P32 @D7 @http
    Scenario: The last seat to die ends the game
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H KC |
        | 0    | 9S 9D 9C 2D |
      And seat 1 played "meld 3H 4H 5H"
      When seat 0 plays "meld 9S 9D 9C"
      Then the turn is accepted
      And the events recorded are PassportMelded, TurnEnded, DeclaredDead, DeclaredDead, GameEnded
      And the game ended with every seat dead
      And the game is won by seat 0
      When seat 1 plays "lay off 6H on meld 0"
      Then the turn is refused citing P32 with code "game-over"

    @P32 @D6 @R13
    Scenario: Without automatic dead declarations, the last seat to declare dead ends the game
      Given the rule option "auto_dead" is false
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H KC |
        | 0    | 9S 9D 9C 2D |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 0    | meld 9S 9D 9C |
      And seat 1 declared dead
      When seat 0 declares dead
      Then the declaration is accepted
      And the events recorded are DeclaredDead, GameEnded
      And the game ended with every seat dead
      And the game is over: winners seat 0; points 2, 10
