Feature: The end of a hand of Rummy 500 when the stock runs out
  The stock is never rebuilt: a turn that ends with the stock empty ends the hand, and it
  is scored as any end is (F7, F8, R69). A match is played to 500 (F8).

  Background:
    Given a game of Rummy 500
    And the rule option "cards_per_player" is 25
    And the upcard is "9C"

  @F8 @R69 @http
  Scenario: The turn that leaves the stock empty ends the hand
    Given a 2-player hand dealt by seat 0 from a shuffled deck
    Then the stock holds 1 cards
    When the seat on turn draws from the stock and discards a card
    Then the events recorded are Discarded, HandEnded
    And the hand is over, every seat's hand shown
