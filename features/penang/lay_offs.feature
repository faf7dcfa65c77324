Feature: Laying off
  A player may add cards from hand to any meld on the table: their own, another
  player's, a dead player's (P19). A run is extended at either end only, so 3♥-4♥-5♥-6♥
  takes 2♥ or 7♥; a set takes any card of its rank, so 8♥-8♥-8♣-8♠ takes 8♠ or 8♦ (P20).
  There is no limit on the cards laid off in a turn (P21); each lay-off lays one card
  (R9). A run never wraps past the high ace (P15).

  Rule: A run grows at its ends, a set by its rank

    # Seat 1 puts three melds on the table: meld 0 is the run 3H-6H, meld 1 the set of
    # eights, meld 2 the run QD-KD-AD. Seat 2 then makes its passport (9S 9D 9C, which
    # becomes meld 3) and lays off in the same turn.
    Background:
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand                                  |
        | 1    | 3H 4H 5H 6H 8H 8H 8C 8S QD KD AD 10S  |
        | 2    | 9S 9D 9C 2H 7H 8S 8D 5H 7S KS 2D JH   |
        | 0    | AC AS 2C 3C 4C 10D JC 6D 7D 5S 10C 9H |
      And seat 1 played "meld 3H 4H 5H 6H; meld 8H 8H 8C 8S; meld QD KD AD"

    @P20 @P19 @http
    Scenario Outline: 3♥-4♥-5♥-6♥ takes 2♥ or 7♥ (the seed's example)
      When seat 2 plays "meld 9S 9D 9C; lay off <card> on meld 0"
      Then the turn is accepted
      And meld 0 is the run "<run>" of seat 1

      Examples:
        | card | run            |
        | 2H   | 2H 3H 4H 5H 6H |
        | 7H   | 3H 4H 5H 6H 7H |

    @P20 @P19 @http
    Scenario Outline: 8♥-8♥-8♣-8♠ takes 8♠ or 8♦ (the seed's example)
      When seat 2 plays "meld 9S 9D 9C; lay off <card> on meld 1"
      Then the turn is accepted
      And meld 1 is the set "8H 8H 8C 8S <card>" of seat 1

      Examples:
        | card |
        | 8S   |
        | 8D   |

    @P20
    Scenario Outline: A card that does not extend the meld is refused
      When seat 2 plays "meld 9S 9D 9C; lay off <card> on meld <meld>"
      Then the turn is refused at action 1 citing P20 with code "cannot-lay-off"
      And nothing was recorded

      Examples: a run takes only the next card of its suit at either end
        | card | meld |
        | 5H   | 0    |
        | 7S   | 0    |
        | JH   | 0    |

      Examples: a set takes only its rank
        | card | meld |
        | KS   | 1    |
        | 2D   | 1    |

    @P20 @R6
    Scenario: A set has no ends
      When seat 2 plays "meld 9S 9D 9C; lay off 8D on meld 1 at the high end"
      Then the turn is refused at action 1 citing P20 with code "cannot-lay-off"
      And nothing was recorded

    @P15 @P20
    Scenario: Q-K-A takes a jack, never a two
      When seat 2 plays "meld 9S 9D 9C; lay off 2D on meld 2"
      Then the turn is refused at action 1 citing P15 with code "cannot-lay-off"
      And nothing was recorded

    @P19
    Scenario: A card can only be laid off on a meld that is on the table
      When seat 2 plays "meld 9S 9D 9C; lay off 7H on meld 5"
      Then the turn is refused at action 1 citing P19 with code "unknown-meld"
      And nothing was recorded

    @P21 @R9 @http
    Scenario: Any number of cards can be laid off in a turn, one card per lay-off
      When seat 2 plays:
        | meld 9S 9D 9C        |
        | lay off 2H on meld 0 |
        | lay off 7H on meld 0 |
        | lay off 8S on meld 1 |
        | lay off 8D on meld 1 |
      Then the turn is accepted
      And the events recorded are PassportMelded, LaidOff, LaidOff, LaidOff, LaidOff, TurnEnded
      And meld 0 is the run "2H 3H 4H 5H 6H 7H" of seat 1
      And meld 1 is the set "8H 8H 8C 8S 8S 8D" of seat 1
      And seat 2 holds "5H 7S KS 2D JH"

  Rule: Any meld on the table takes lay-offs, even a dead player's

    @P19 @P29 @P30
    Scenario: A card is laid off on the run of a dead player
      # Seat 1 melds 3H 4H 5H, then holds KC 10D: nothing on the table takes either
      # card, so seat 1 is dead at its next turn. Its run stays on the table.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand            |
        | 1    | 3H 4H 5H KC 10D |
        | 2    | 9S 9D 9C 6H 2C  |
        | 0    | QD QS QC 7S 2S  |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
        | 0    | meld QD QS QC |
      Then seat 1 is dead ("no_move")
      When seat 2 plays "lay off 6H on meld 0"
      Then the turn is accepted
      And meld 0 is the run "3H 4H 5H 6H" of seat 1
      And seat 1 holds "KC 10D"

  Rule: A natural ace laid off on a 2…K run goes low unless the player says high

    @P14 @P20 @R1
    Scenario Outline: An ace can end a 2…K run at either end
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                                    |
        | 1    | 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H |
        | 0    | AC 5S 5D 5H 2S 3D 7S 9D JS QH KD 10H 4D |
      And seat 1 played "meld 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
      When seat 0 plays "meld 5S 5D 5H; <lay off>"
      Then the turn is accepted
      And meld 0 is the run "<run>" of seat 1

      Examples:
        | lay off                              | run                                     |
        | lay off AC on meld 0                 | AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC |
        | lay off AC on meld 0 at the low end  | AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC |
        | lay off AC on meld 0 at the high end | 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC |
