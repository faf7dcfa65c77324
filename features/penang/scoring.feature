Feature: Scoring
  At the end of a game each player's deadwood is every card left in hand, jokers
  included, and fewer points is better (P33). A dead player's whole hand stays as
  deadwood (P30). Cards score their face value from 2 to 10, J Q K 10, an ace 15, a
  joker 20, and the player who declared Game scores 0 (D1, a table option). When every
  player is dead the lowest total wins, and equal lowest totals share the win (D7).

  "points 17, 0, 48" lists the points of seats 0, 1, 2 in that order.

  Rule: Deadwood is every card left in hand, at the table's card points

    @D1 @P33 @P31 @http
    Scenario: Face value, ten for a court card, fifteen for an ace, twenty for a joker
      Given a 2-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 3H 4H 5H 6H 7H 8H 9H 10H |
        | 0    | 2C 7D 10S JH QC KD AS JK |
      When seat 1 plays "meld 3H 4H 5H 6H 7H 8H 9H 10H"
      Then the game ended with Game declared by seat 1
      And the final score is:
        | seat | deadwood                 | points |
        | 0    | 2C 7D 10S JH QC KD AS JK | 84     |
        | 1    |                          | 0      |
      And the game is won by seat 1

    @D1 @P33
    Scenario: Card points are a table option
      Given the rule option "card_points" is {"face": 10, "ace": 1, "joker": 25}
      And a 2-player game dealt by seat 0 with these hands:
        | seat | hand                     |
        | 1    | 3H 4H 5H 6H 7H 8H 9H 10H |
        | 0    | 2C 7D 10S JH QC KD AS JK |
      When seat 1 plays "meld 3H 4H 5H 6H 7H 8H 9H 10H"
      Then the final score is:
        | seat | deadwood                 | points |
        | 0    | 2C 7D 10S JH QC KD AS JK | 75     |
        | 1    |                          | 0      |

    @P30 @P33 @D1 @http
    Scenario: A dead player's whole hand is deadwood
      # Seat 2 has no meld and is dead at its first turn, holding all 6 cards dealt.
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand               |
        | 1    | 3H 4H 5H 9C 9D 9S  |
        | 2    | 2C 5D 9H KS 7C AD  |
        | 0    | JS JD JC 2H 10S 5C |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 0    | meld JS JD JC |
      When seat 1 plays "meld 9C 9D 9S"
      Then seat 2 is dead ("no_passport")
      And the game is over: winners seat 1; points 17, 0, 48
      And the final score is:
        | seat | deadwood          | points |
        | 0    | 2H 10S 5C         | 17     |
        | 1    |                   | 0      |
        | 2    | 2C 5D 9H KS 7C AD | 48     |

  Rule: When every seat is dead the lowest total wins; equal lowest totals share the win

    @D7 @P32 @P33 @http
    Scenario: The lowest total wins
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand            |
        | 1    | 3H 4H 5H KC AD  |
        | 2    | 9S 9D 9C 2C 3D  |
        | 0    | QD QS QC 10H 7S |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
      When seat 0 plays "meld QD QS QC"
      Then the game ended with every seat dead
      And the game is over: winners seat 2; points 17, 25, 5

    @D7 @P32
    Scenario: Equal lowest totals share the win
      Given a 3-player game dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | 3H 4H 5H KC AD |
        | 2    | 9S 9D 9C 2C 3D |
        | 0    | QD QS QC 2S 3C |
      And these turns were played:
        | seat | actions       |
        | 1    | meld 3H 4H 5H |
        | 2    | meld 9S 9D 9C |
      When seat 0 plays "meld QD QS QC"
      Then the game ended with every seat dead
      And the game is over: winners seats 0 and 2; points 5, 25, 5
      And the game is won by seats 0 and 2
