Feature: Wildcards
  A joker (JK) substitutes for any card in a run or set (P22). On the table it stands for
  one definite card in a run, or the rank of a set, fixed when it is placed; where its
  place in a run is ambiguous the player says what it stands for (D4, R2). A player may
  replace a table joker with the card from hand it stands for (any card of the rank in a
  set) and take the joker into hand (P23). A substitution is not an action: a turn of
  substitutions alone is no turn (P24). There is no limit on substitutions in a turn
  (P25). Jokers may be laid off, and a joker taken by substitution may be played in the
  same turn (D5).

  "meld 4H 5H JK with joker as 6H" names what the joker stands for; "meld 8C JK JK with
  jokers as 8 8" names the rank of a set. "meld 0 stands for" lists, card by card, what
  each card of meld 0 counts as.

  Rule: A joker stands for one definite card, or a set's rank

    Background:
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 4H 5H 6H 8C 8H JK JK 2S  |
        | 0    | 9S 9D 9C KH QD 3C 2H 10S |

    @P22 @http
    Scenario: A joker substitutes for a card in a run and in a set
      When seat 1 plays "meld 4H JK 6H; meld 8C 8H JK"
      Then the turn is accepted
      And meld 0 is the run "4H JK 6H" of seat 1
      And meld 0 stands for "4H 5H 6H"
      And meld 1 is the set "8C 8H JK" of seat 1
      And meld 1 stands for "8 8 8"

    @D4 @R2 @http
    Scenario Outline: Where a joker could stand for more than one card the player must say which
      When seat 1 plays "meld <cards>"
      Then the turn is refused citing D4 with code "ambiguous-joker"
      And nothing was recorded
      When seat 1 plays "meld <cards> with <stand-ins>"
      Then the turn is accepted
      And meld 0 is the <kind> "<meld>" of seat 1
      And meld 0 stands for "<stands for>"

      Examples:
        | cards    | stand-ins        | kind | meld     | stands for |
        | 4H 5H JK | joker as 6H      | run  | 4H 5H JK | 4H 5H 6H   |
        | 4H 5H JK | joker as 3H      | run  | JK 4H 5H | 3H 4H 5H   |
        | 8C JK JK | jokers as 8 8    | set  | 8C JK JK | 8 8 8      |
        | 8C JK JK | jokers as 9C 10C | run  | 8C JK JK | 8C 9C 10C  |
        | 8C JK JK | jokers as 6C 7C  | run  | JK JK 8C | 6C 7C 8C   |

    @D4 @R2
    Scenario Outline: What the player names must fit the meld
      When seat 1 plays "meld <cards> with <stand-ins>"
      Then the turn is refused citing D4 with code "joker-mismatch"
      And nothing was recorded

      Examples:
        | cards    | stand-ins       |
        | 4H 5H JK | joker as 9H     |
        | 4H 5H JK | jokers as 3H 6H |
        | 8C JK JK | jokers as 9 9   |
        | 4H JK 6H | joker as 5S     |

  Rule: A table joker can be swapped for the card it stands for, then played at once

    # Meld 0 is seat 1's run 3H JK 5H (the joker is the 4H), meld 1 its set 8H 8C JK,
    # meld 2 seat 2's set of nines, meld 3 seat 0's set of kings. Seat 2 holds no joker.
    Background:
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 3H JK 5H 8H 8C JK 9H KH  |
        | 2    | 9S 9D 9C 4H 8D 7C 7D QH  |
        | 0    | KC KD KS 10H KH 2D 3C AC |
      And these turns were played:
        | seat | actions                      |
        | 1    | meld 3H JK 5H; meld 8H 8C JK |
        | 2    | meld 9S 9D 9C                |
        | 0    | meld KC KD KS                |
        | 1    | lay off 9H on meld 2         |

    @P23 @D5 @http
    Scenario: Swap the joker out of a run, then meld with it in the same turn
      When seat 2 plays "swap 4H for the joker in meld 0; meld JK 7C 7D"
      Then the turn is accepted
      And the events recorded are WildSwapped, Melded, TurnEnded
      And meld 0 is the run "3H 4H 5H" of seat 1
      And meld 4 is the set "7C 7D JK" of seat 2
      And meld 4 stands for "7 7 7"
      And seat 2 holds "8D QH"

    @P23 @D5
    Scenario: Any card of a set's rank replaces the set's joker
      When seat 2 plays "swap 8D for the joker in meld 1; lay off JK on meld 2"
      Then the turn is accepted
      And meld 1 is the set "8H 8C 8D" of seat 1
      And meld 2 is the set "9S 9D 9C 9H JK" of seat 2
      And seat 2 holds "4H 7C 7D QH"

    @P23 @D5 @R8
    Scenario: The joker taken may go straight back onto the meld it came from
      When seat 2 plays "swap 4H for the joker in meld 0; lay off JK on meld 0 at the high end"
      Then the turn is accepted
      And meld 0 is the run "3H 4H 5H JK" of seat 1
      And meld 0 stands for "3H 4H 5H 6H"

    @P23
    Scenario Outline: Only the card the joker stands for replaces it
      When seat 2 plays "swap <card> for the joker in meld <meld>; meld 7C 7D JK"
      Then the turn is refused at action 0 citing P23 with code "bad-swap"
      And nothing was recorded

      Examples:
        | card | meld |
        | 7C   | 0    |
        | 4H   | 1    |
        | 4H   | 2    |

    @P24 @http
    Scenario: Swapping alone is not a turn
      When seat 2 plays "swap 4H for the joker in meld 0"
      Then the turn is refused citing P24 with code "empty-turn"
      And nothing was recorded
      And seat 2 holds "4H 8D 7C 7D QH"

    @P24 @P25
    Scenario: Swapping every joker on the table is still not a turn
      When seat 2 plays "swap 4H for the joker in meld 0; swap 8D for the joker in meld 1"
      Then the turn is refused citing P24 with code "empty-turn"
      And nothing was recorded

    @P25 @D5
    Scenario: Any number of jokers can be swapped in one turn
      When seat 2 plays:
        | swap 4H for the joker in meld 0 |
        | swap 8D for the joker in meld 1 |
        | meld 7C 7D JK JK                |
      Then the turn is accepted
      And the events recorded are WildSwapped, WildSwapped, Melded, TurnEnded
      And meld 0 is the run "3H 4H 5H" of seat 1
      And meld 1 is the set "8H 8C 8D" of seat 1
      And meld 4 is the set "7C 7D JK JK" of seat 2
      And seat 2 holds "QH"

  Rule: A joker may be laid off; on a run open at both ends the player names the end

    # Meld 0 is seat 1's run 3H 4H 5H, meld 1 its set 8C 8D 8S.
    Background:
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                    |
        | 1    | 3H 4H 5H 8C 8D 8S QC 2D |
        | 0    | 9S 9D 9C JK JK KH 2C 5C |
      And seat 1 played "meld 3H 4H 5H; meld 8C 8D 8S"

    @D5 @P22 @http
    Scenario Outline: A joker laid off stands for the card at the end it takes
      When seat 0 plays "meld 9S 9D 9C; <lay off>"
      Then the turn is accepted
      And meld <meld> is the <kind> "<cards>" of seat 1
      And meld <meld> stands for "<stands for>"

      Examples:
        | lay off                              | meld | kind | cards       | stands for  |
        | lay off JK on meld 1                 | 1    | set  | 8C 8D 8S JK | 8 8 8 8     |
        | lay off JK on meld 0 at the high end | 0    | run  | 3H 4H 5H JK | 3H 4H 5H 6H |
        | lay off JK on meld 0 at the low end  | 0    | run  | JK 3H 4H 5H | 2H 3H 4H 5H |

    @D4 @R2
    Scenario: A joker laid off on a run open at both ends must name its end
      When seat 0 plays "meld 9S 9D 9C; lay off JK on meld 0"
      Then the turn is refused at action 1 citing D4 with code "ambiguous-joker"
      And nothing was recorded

  Rule: The joker options of a table (D5)

    @D5 @R15
    Scenario: A table may keep a swapped joker in hand until the next turn
      Given the rule option "swapped_joker_same_turn" is false
      And a 3-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 3H JK 5H 8H 8C JK 9H KH  |
        | 2    | 9S 9D 9C 4H 8D 7C 7D QH  |
        | 0    | KC KD KS 10H KH 2D 3C AC |
      And these turns were played:
        | seat | actions                      |
        | 1    | meld 3H JK 5H; meld 8H 8C JK |
        | 2    | meld 9S 9D 9C                |
        | 0    | meld KC KD KS                |
        | 1    | lay off 9H on meld 2         |
      When seat 2 plays "swap 4H for the joker in meld 0; meld JK 7C 7D"
      Then the turn is refused at action 1 citing D5 with code "card-not-in-hand"
      And nothing was recorded
      When seat 2 plays "swap 4H for the joker in meld 0; lay off 8D on meld 1"
      Then the turn is accepted
      And seat 2 holds "JK 7C 7D QH"

    @D5 @R15
    Scenario: A table may forbid laying off jokers
      Given the rule option "jokers_lay_off" is false
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand                    |
        | 1    | 3H 4H 5H 8C 8D 8S QC 2D |
        | 0    | 9S 9D 9C JK JK KH 2C 5C |
      And seat 1 played "meld 3H 4H 5H; meld 8C 8D 8S"
      When seat 0 plays "meld 9S 9D 9C; lay off JK on meld 1"
      Then the turn is refused at action 1 citing D5 with code "cannot-lay-off"
      And nothing was recorded
      When seat 0 plays "meld 9S 9D 9C; meld KH JK JK with jokers as K K"
      Then the turn is accepted
