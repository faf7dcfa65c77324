Feature: The deal of basic Rummy
  Basic Rummy takes two to six players and one 52-card pack, king high and ace low (B1).
  Two players are dealt 10 cards each, three or four players 7, five or six 6; the rest
  is the stock, and its top card, turned up, starts the discard pile (B2). The dealer
  deals one card at a time, from the seat on their left, clockwise (R24). While the hand
  runs nobody sees the stock's order, nor another seat's hand (R28).

  A hands table gives each seat's cards in the order they are dealt; the upcard and the
  stock's top cards come next, and the rest of the pack lies below them.

  Background:
    Given a game of basic Rummy

  @B1 @B2 @http
  Scenario Outline: The size of the hands goes by the number of players
    Given a <players>-player hand dealt by seat 0 from a shuffled deck
    Then each seat holds <size> cards, the stock <stock> and the discard pile 1

    Examples:
      | players | size | stock |
      | 2       | 10   | 31    |
      | 3       | 7    | 30    |
      | 4       | 7    | 23    |
      | 5       | 6    | 21    |
      | 6       | 6    | 15    |

  @B1 @http
  Scenario Outline: Basic Rummy takes two to six players
    When a <players>-player hand is dealt by seat 0 from a shuffled deck
    Then the deal is refused citing B1 with code "invalid-rules"

    Examples:
      | players |
      | 1       |
      | 7       |

  @B1 @http
  Scenario: One pack of 52 cards and no joker
    When a 2-player hand is dealt by seat 0 from a shuffled deck with "JK"
    Then the deal is refused citing B1 with code "invalid-rules"

  @B2 @R24 @http
  Scenario: The dealer deals one card at a time from their left, then turns up the next card
    Given a 2-player hand with 3 cards each dealt by seat 1 from a deck whose top cards are "AS KH 2S QH 3S JH 9C 2D"
    Then seat 0 holds the cards "AS 2S 3S"
    And seat 1 holds the cards "KH QH JH"
    And the discard pile is "9C"
    And the stock holds 45 cards
    And it is seat 0's turn

  @B2 @R28 @http
  Scenario: Nobody sees the stock's order, nor another seat's hand
    Given a 4-player hand dealt by seat 0 from a shuffled deck
    Then no viewer sees the stock's order
    And no seat sees another seat's hand
