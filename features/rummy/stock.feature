Feature: The stock of basic Rummy
  When a player draws from an empty stock, the discard pile, all but its top card, is
  shuffled into a new stock (B11). The shuffle comes from the seeds the deal committed
  to, its own for each rebuild; a hand dealt from an explicit deck turns the pile over
  as it lies, as the seeds 001 and 004 say; a pile of one card leaves nothing to rebuild,
  and the player draws that card (R20).

  Background:
    Given a game of basic Rummy

  Rule: An empty stock is rebuilt from the discard pile less its top card

    Background:
      Given the rule option "cards_per_player" is 24
      And the upcard is "9C"

    @B11 @R20 @http
    Scenario: From the seeds the deal committed to, shuffled
      Given a 2-player hand dealt from the seed "rummy-stock-1"
      And the seat on turn draws from the stock and discards a card
      And the seat on turn draws from the stock and discards a card
      And the seat on turn draws from the stock and discards a card
      When the seat on turn draws from the empty stock
      Then the stock was rebuilt from the discard pile less its top card, in the order the seed "rummy-stock-1" draws for rebuild 1

    @B11 @R20 @http
    Scenario: From an explicit deck, turned over as it lies
      Given a 2-player hand dealt by seat 0 from a shuffled deck
      And the seat on turn draws from the stock and discards a card
      And the seat on turn draws from the stock and discards a card
      And the seat on turn draws from the stock and discards a card
      When the seat on turn draws from the empty stock
      Then the stock was rebuilt from the discard pile less its top card, turned over

  @B11 @R20 @http
  Scenario: A discard pile of one card cannot rebuild the stock
    Given the rule option "cards_per_player" is 17
    And a 3-player hand dealt by seat 0 from a shuffled deck
    Then the stock holds 0 cards
    When seat 1 plays "draw from the stock"
    Then the command is refused citing B11 with code "empty-stock"
    And nothing was recorded
    And the only legal commands of seat 1 are "draw from the discard pile"
