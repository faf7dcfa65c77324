Feature: The deal of Rummy 500
  Rummy 500 takes two to four players and one 52-card pack without jokers (F1, R65).
  Two players are dealt 13 cards each, three or four 7; the next card, turned up, starts
  the discard pile, spread so that every card shows; the rest is the stock (F2).

  Background:
    Given a game of Rummy 500

  @F1 @F2 @R65 @http
  Scenario Outline: The size of the hands goes by the number of players
    Given a <players>-player hand dealt by seat 0 from a shuffled deck
    Then each seat holds <size> cards, the stock <stock> and the discard pile 1

    Examples:
      | players | size | stock |
      | 2       | 13   | 25    |
      | 3       | 7    | 30    |
      | 4       | 7    | 23    |

  @F1 @R65 @http
  Scenario Outline: Rummy 500 takes two to four players on its one pack
    When a <players>-player hand is dealt by seat 0 from a shuffled deck
    Then the deal is refused citing F1 with code "invalid-rules"

    Examples:
      | players |
      | 1       |
      | 5       |

  @F1 @http
  Scenario: One pack of 52 cards and no joker
    When a 2-player hand is dealt by seat 0 from a shuffled deck with "JK"
    Then the deal is refused citing F1 with code "invalid-rules"

  @F2 @R28 @http
  Scenario: Nobody sees the stock's order, nor another seat's hand
    Given a 3-player hand dealt by seat 0 from a shuffled deck
    Then no viewer sees the stock's order
    And no seat sees another seat's hand
