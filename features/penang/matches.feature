Feature: Matches
  A match is several games at one table, each an ordinary game. The first dealer is
  drawn at random (P6); where points are recorded the winner of each game deals the
  next (P7), where they are not the worst loser does (P8), and a tie goes to the first
  tied seat clockwise from the last dealer's left (R5). Totals add up game by game; a
  match ends after its number of games, after the game in which a total reaches its
  target, or, once closed, after the game being played (R16, R17).

  # The games of these matches are short: three cards each, and the seat on the
  # dealer's left melds all three at once and declares Game.

  Rule: Each game of a match is dealt by the seat the rules choose

    @P6 @http
    Scenario Outline: The match's seed draws its first dealer
      Given a <seats>-player match with the seed "<seed>" and its players named
      Then the first game of the match is dealt by seat <dealer>

      Examples:
        | seats | seed       | dealer |
        | 2     | match-1829 | 0      |
        | 3     | match-1829 | 1      |
        | 4     | table-7    | 0      |

    @P7 @http
    Scenario: Where points are recorded the winner of a game deals the next
      Given a 3-player match of 2 games where points are recorded
      And game 1 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 2    | 3H 4H 5H |
        | 0    | KS QD 2C |
        | 1    | 9C 9D 2S |
      And game 2 is dealt by seat 2 with these hands:
        | seat | hand     |
        | 0    | 7S 8S 9S |
        | 1    | AH 2D 3C |
        | 2    | 10H JD KC |
      When the match begins
      And seat 2 plays "meld 3H 4H 5H"
      Then game 1 of the match scored points 22, 20, 0 with winners seat 2
      And game 2 of the match is dealt by seat 2
      And it is seat 0's turn
      And the match's totals are 22, 20, 0

    @P8 @http
    Scenario: Where points are not recorded the worst loser deals the next game
      Given a 3-player match of 2 games where points are not recorded
      And game 1 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 2    | 3H 4H 5H |
        | 0    | KS QD 2C |
        | 1    | 9C 9D 2S |
      And game 2 is dealt by seat 0 with these hands:
        | seat | hand      |
        | 1    | 7S 8S 9S  |
        | 2    | AH 2D 3C  |
        | 0    | 10H JD KC |
      When the match begins
      And seat 2 plays "meld 3H 4H 5H"
      Then game 2 of the match is dealt by seat 0
      And it is seat 1's turn

    @P7 @D7 @R5 @http
    Scenario: A shared win: the first winner clockwise from the last dealer's left deals
      # Every seat is dead after one meld each: seats 0 and 2 share the win with 2 points.
      Given a 3-player match of 2 games where points are recorded
      And game 1 is dealt by seat 1 with these hands:
        | seat | hand        |
        | 2    | 3H 4H 5H 2C |
        | 0    | 9S 9D 9C 2D |
        | 1    | 7S 7D 7C KS |
      And game 2 is dealt by seat 2 with these hands:
        | seat | hand        |
        | 0    | 4S 5S 6S 7S |
        | 1    | AH 2D 3C 4C |
        | 2    | 10H JD KC QH |
      When the match begins
      And these turns are played:
        | seat | actions       |
        | 2    | meld 3H 4H 5H |
        | 0    | meld 9S 9D 9C |
        | 1    | meld 7S 7D 7C |
      Then game 1 of the match scored points 2, 10, 2 with winners seats 0 and 2
      And game 2 of the match is dealt by seat 2

  Rule: Totals add up, and the match ends where its options say

    @P7 @R16 @http
    Scenario: A match of two games ends after the second; the lowest total wins
      Given a 3-player match of 2 games where points are recorded
      And game 1 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 2    | 3H 4H 5H |
        | 0    | KS QD 2C |
        | 1    | 9C 9D 2S |
      And game 2 is dealt by seat 2 with these hands:
        | seat | hand      |
        | 0    | 7S 8S 9S  |
        | 1    | AH 2D 3C  |
        | 2    | 10H JD KC |
      When the match begins
      And seat 2 plays "meld 3H 4H 5H"
      And seat 0 plays "meld 7S 8S 9S"
      Then game 2 of the match scored points 0, 20, 30 with winners seat 0
      And the match's totals are 22, 40, 30
      And the match is over after its games, won by seat 0
      And no game of the match is being played

    @P7 @R16 @http
    Scenario: A match to a target ends after the game in which a total reaches it
      Given a 2-player match to 30 points
      And game 1 is dealt by seat 0 with these hands:
        | seat | hand      |
        | 1    | 3H 4H 5H  |
        | 0    | KS QD JC  |
      When the match begins
      And seat 1 plays "meld 3H 4H 5H"
      Then the match's totals are 30, 0
      And the match is over at its target, won by seat 1

    @R17 @P8 @http
    Scenario: Without points recorded the most games won wins the match
      # Seat 0 wins two games of three, and ends with the higher total. In game 3 seat 0
      # cannot meld its passport and is dead at once (P28).
      Given a 2-player match of 3 games where points are not recorded
      And game 1 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 0    | 3H 4H 5H |
        | 1    | 2C 3D 4S |
      And game 2 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 0    | 3S 4S 5S |
        | 1    | 2H 3C 4D |
      And game 3 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 0    | KS QD 9C |
        | 1    | 6H 7H 8H |
      When the match begins
      And seat 0 plays "meld 3H 4H 5H"
      And seat 0 plays "meld 3S 4S 5S"
      And seat 1 plays "meld 6H 7H 8H"
      Then the match's totals are 29, 18
      And the match is over after its games, won by seat 0

    @P7 @R16 @http
    Scenario: A closed match ends with the game being played
      Given a 2-player match of 2 games where points are recorded
      And game 1 is dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 3H 4H 5H |
        | 0    | 2C 3D 9S |
      And game 2 is dealt by seat 1 with these hands:
        | seat | hand     |
        | 0    | 6H 7H 8H |
        | 1    | 2S 3S 9D |
      When the match begins
      And the match is closed
      Then the match is not over
      When seat 1 plays "meld 3H 4H 5H"
      Then the match is over as closed, won by seat 1
      And no game of the match is being played
      And the match has dealt 1 game

    @P7 @R16 @http
    Scenario: A match is closed once
      Given a 2-player match without end
      And game 1 is dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 3H 4H 5H |
        | 0    | 2C 3D 9S |
      When the match begins
      And the match is closed
      And the match is closed
      Then the match command is refused citing R16 with code "match-closed"
