Feature: Melds and lay-offs in Rummy 500
  A meld is 3 or 4 cards of one rank, or 3 or more of one suit in sequence, the ace high
  or low but never both (Q-K-A and A-2-3, not K-A-2); a card may be laid off onto any meld
  on the table, another player's too (F5).

  Background:
    Given a game of Rummy 500
    And the upcard is "9C"
    And the stock's top cards are "5C 8D 4H"
    And a 2-player hand dealt by seat 0 with these hands:
      | seat | hand            |
      | 1    | QH KH AH 2H 5S  |
      | 0    | 3H 10D 7S JH 6D |

  @F5 @http
  Scenario: The ace is high in Q-K-A
    When seat 1 plays "draw from the stock; meld QH KH AH"
    Then the command is accepted
    And meld 0 is the run "QH KH AH" of seat 1

  @F5 @http
  Scenario: A run does not go round the corner
    When seat 1 plays "draw from the stock; meld KH AH 2H"
    Then the command is refused at action 1 citing F5 with code "not-a-meld"

  @F5 @http
  Scenario: A card is laid off onto another player's meld
    Given these turns were played:
      | seat | actions                                        |
      | 1    | draw from the stock; meld QH KH AH; discard 5C |
    When seat 0 plays "draw from the stock; lay off JH on meld 0; discard 8D"
    Then the command is accepted
    And meld 0 is the run "JH QH KH AH" of seat 1
