Feature: The dealer
  The first dealer of a match is chosen at random (P6). After a game where points are
  recorded the winner deals the next one (P7); where they are not, the player with the
  most points, the worst loser, deals (P8). Ties go to the first tied seat clockwise from
  the previous dealer's left (R5). Whoever deals, the first card and the first turn go to
  the seat on the dealer's left (P4, P9).

  Rule: The first dealer is drawn at random

    # The draw comes from the deal's seeds (the fair-deal recipe, domain/fair.py): a
    # server seed, here SHA-256 of the text given, and no seat seeds.

    @P6
    Scenario Outline: The seeds draw the first dealer
      When the first dealer among <seats> seats is drawn from the seed "<seed>"
      Then seat <dealer> deals the first game

      Examples:
        | seats | seed         | dealer |
        | 2     | first-dealer | 1      |
        | 3     | first-dealer | 2      |
        | 4     | table-1829   | 2      |
        | 5     | table-1829   | 4      |

    @P6
    Scenario Outline: Every seat is as likely as any other to deal first
      Then among <seats> seats 4000 seeds draw every seat as first dealer, each within a tenth of an equal share

      Examples:
        | seats |
        | 2     |
        | 3     |
        | 4     |
        | 5     |

  Rule: The seat on the dealer's left receives the first card and plays first

    @P4 @P9 @http
    Scenario Outline: Whoever deals, the first card and the first turn go to their left
      Given a 3-player game with 3 cards each dealt by seat <dealer> from a deck whose top cards are "AS AH AD 2S 2H 2D 3S 3H 3D"
      Then seat <dealer> deals
      And seat <left> holds "AS 2S 3S"
      And it is seat <left>'s turn

      Examples:
        | dealer | left |
        | 0      | 1    |
        | 1      | 2    |
        | 2      | 0    |

  Rule: The next dealer is the winner where points are recorded, else the worst loser

    # Seat 1 deals; seat 2 declares Game in its second turn. Seat 0 is left with
    # 2H 10S 5C (17 points), seat 1 with KC QD AH (35 points).
    Background:
      Given a 3-player game dealt by seat 1 with these hands:
        | seat | hand               |
        | 2    | 3H 4H 5H 9C 9D 9S  |
        | 0    | JS JD JC 2H 10S 5C |
        | 1    | 7S 7D 7C KC QD AH  |
      And these turns were played:
        | seat | actions       |
        | 2    | meld 3H 4H 5H |
        | 0    | meld JS JD JC |
        | 1    | meld 7S 7D 7C |
        | 2    | meld 9C 9D 9S |

    @P7
    Scenario: Where points are recorded the winner deals the next game
      Then the game is over: winners seat 2; points 17, 35, 0
      And with points recorded the next dealer is seat 2

    @P8
    Scenario: Where points are not recorded the worst loser deals the next game
      Then the game is over: winners seat 2; points 17, 35, 0
      And without points recorded the next dealer is seat 1

  Rule: A tie for the next deal goes to the first tied seat clockwise from the dealer's left

    @P7 @D7 @R5
    Scenario: A shared win: the first winner from the dealer's left deals
      # Seat 1 deals, so its left is seat 2. Seats 0 and 2 share the win with 2 points.
      Given a 3-player game dealt by seat 1 with these hands:
        | seat | hand        |
        | 2    | 3H 4H 5H 2C |
        | 0    | 9S 9D 9C 2D |
        | 1    | 7S 7D 7C KS |
      And these turns were played:
        | seat | actions       |
        | 2    | meld 3H 4H 5H |
        | 0    | meld 9S 9D 9C |
        | 1    | meld 7S 7D 7C |
      Then the game ended with every seat dead
      And the game is over: winners seats 0 and 2; points 2, 10, 2
      And with points recorded the next dealer is seat 2
      And without points recorded the next dealer is seat 1

    @P8 @R5
    Scenario: Equal worst totals: the first of them from the dealer's left deals
      # Seat 1 deals, so its left is seat 2. Seats 0 and 2 are worst with 10 points.
      Given a 3-player game dealt by seat 1 with these hands:
        | seat | hand        |
        | 2    | 3H 4H 5H KC |
        | 0    | 9S 9D 9C QD |
        | 1    | 7S 7D 7C 2S |
      And these turns were played:
        | seat | actions       |
        | 2    | meld 3H 4H 5H |
        | 0    | meld 9S 9D 9C |
        | 1    | meld 7S 7D 7C |
      Then the game is over: winners seat 1; points 10, 2, 10
      And without points recorded the next dealer is seat 2
      And with points recorded the next dealer is seat 1
