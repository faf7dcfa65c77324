Feature: Turns
  Play starts with the player on the dealer's left and goes clockwise, skipping dead
  players (P9). A turn holds at least one meld or lay-off and cannot be skipped (P10);
  there is no upper limit on melds and lay-offs in a turn (P11); nobody ever draws or
  discards (P12). A turn is submitted whole: its actions are checked in order and
  recorded together, or refused together with nothing recorded (D8).

  A turn's actions are written in words, one per row or separated by ";":
  "meld 3H 4H 5H", "lay off 7H on meld 0", "swap 4H for the joker in meld 0". Melds are
  numbered from 0 in the order they reach the table.

  @P9 @http
  Scenario: Play starts on the dealer's left and goes clockwise
    Given a 3-player game dealt by seat 2 with these hands:
      | seat | hand        |
      | 0    | 3H 4H 5H 9C |
      | 1    | 8C 8D 8S KD |
      | 2    | AS AH AD 2C |
    Then it is seat 0's turn
    When seat 0 plays "meld 3H 4H 5H"
    Then the turn is accepted
    And it is seat 1's turn
    When seat 1 plays "meld 8C 8D 8S"
    Then the turn is accepted
    And it is seat 2's turn

  @P9 @P28
  Scenario: Turn order skips a dead player
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 6H |
      | 2    | 2C 5D 9S KH |
      | 0    | 8C 8D 8S 7H |
    When seat 1 plays "meld 3H 4H 5H"
    Then seat 2 is dead ("no_passport")
    And it is seat 0's turn
    When seat 0 plays "meld 8C 8D 8S"
    Then it is seat 1's turn

  @P9
  Scenario: A player cannot play out of turn
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 6H |
      | 2    | 9C 9D 9S KH |
      | 0    | 8C 8D 8S 7H |
    When seat 0 plays "meld 8C 8D 8S"
    Then the turn is refused citing P9 with code "not-your-turn"
    And nothing was recorded
    And it is seat 1's turn

  @P10 @http
  Scenario: A turn cannot be skipped
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 6H |
      | 2    | 9C 9D 9S KH |
      | 0    | 8C 8D 8S 7H |
    When seat 1 plays nothing
    Then the turn is refused citing P10 with code "empty-turn"
    And nothing was recorded
    And it is seat 1's turn

  @P11 @P21 @P19 @R9 @http
  Scenario: Two melds and three lay-offs in one turn (the seed's example)
    # Seat 1 deals; seat 2 then seat 0 put a run and a set on the table. Seat 1 makes
    # two melds, lays 1 card off on the run and 2 cards off on the set, all in one turn.
    Given a 3-player game dealt by seat 1 with these hands:
      | seat | hand                           |
      | 2    | 3H 4H 5H 6H 9C 9D 9S KH KD QS  |
      | 0    | 8H 8H 8C 8S JC JD JS 2S 4C 7D  |
      | 1    | 10D JD QD AC AD AS 7H 8S 8D 2C |
    And these turns were played:
      | seat | actions          |
      | 2    | meld 3H 4H 5H 6H |
      | 0    | meld 8H 8H 8C 8S |
    When seat 1 plays:
      | meld 10D JD QD       |
      | meld AC AD AS        |
      | lay off 7H on meld 0 |
      | lay off 8S on meld 1 |
      | lay off 8D on meld 1 |
    Then the turn is accepted
    And the events recorded are PassportMelded, Melded, LaidOff, LaidOff, LaidOff, TurnEnded
    And meld 2 is the run "10D JD QD" of seat 1
    And meld 3 is the set "AC AD AS" of seat 1
    And meld 0 is the run "3H 4H 5H 6H 7H" of seat 2
    And meld 1 is the set "8H 8H 8C 8S 8S 8D" of seat 0
    And seat 1 holds "2C"
    And it is seat 2's turn

  @P12 @http
  Scenario Outline: Nobody draws or discards
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 9C |
      | 2    | 9S 9D 9H KH |
      | 0    | 8C 8D 8S 7H |
    When seat 1 plays "<turn>"
    Then the turn is refused at action <index> citing P12 with code "not-in-this-game"
    And nothing was recorded
    And seat 1 holds "3H 4H 5H 9C"

    Examples:
      | turn                                | index |
      | draw from the stock                 | 0     |
      | discard 9C                          | 0     |
      | draw from the stock; meld 3H 4H 5H  | 0     |
      | meld 3H 4H 5H; discard 9C           | 1     |
      | draw from the discard pile          | 0     |

  @P12
  Scenario: The cards put aside stay aside, and moves are only melds, lay-offs and swaps
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | 3H JK 5H 9C 6H |
      | 2    | 9S 9D 9H KH 4H |
      | 0    | 8C 8D 8S 7H 2S |
    And these turns were played:
      | seat | actions       |
      | 1    | meld 3H JK 5H |
      | 2    | meld 9S 9D 9H |
      | 0    | meld 8C 8D 8S |
    Then 95 cards are still put aside
    And seat 1 holds "9C 6H"
    And the legal moves of seat 1 are only melds, lay-offs and swaps
    And the legal moves of seat 1 include "lay off 9C on meld 1"

  @D8 @http
  Scenario: A refused turn records nothing, not even its legal first action
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 9C |
      | 2    | 9S 9D 9H KH |
      | 0    | 8C 8D 8S 7H |
    When seat 1 plays:
      | meld 3H 4H 5H        |
      | lay off 9C on meld 0 |
    Then the turn is refused at action 1 citing P20 with code "cannot-lay-off"
    And nothing was recorded
    And seat 1 holds "3H 4H 5H 9C"
    And seat 1 has no passport yet
    And the table holds 0 melds
    And it is seat 1's turn

  @D8 @P26
  Scenario: Each action is judged on the table as the turn's earlier actions left it
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | 3H 4H 5H 6H 2C |
      | 2    | 9S 9D 9H KH 5D |
      | 0    | 8C 8D 8S 7H 3S |
    When seat 1 plays:
      | meld 3H 4H 5H        |
      | lay off 6H on meld 0 |
    Then the turn is accepted
    And the events recorded are PassportMelded, LaidOff, TurnEnded
    And meld 0 is the run "3H 4H 5H 6H" of seat 1
    And seat 1 holds "2C"

  @D8 @P27
  Scenario: The same actions in another order are refused
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 6H |
      | 2    | 9S 9D 9H KH |
      | 0    | 8C 8D 8S 7H |
    When seat 1 plays:
      | lay off 6H on meld 0 |
      | meld 3H 4H 5H        |
    Then the turn is refused at action 0 citing P27 with code "passport-required"
    And nothing was recorded
