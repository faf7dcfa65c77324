Feature: The stock of Three Thirteen
  In the rare hand that goes on until the stock is used up, the top card of the discard
  pile is set aside, the rest of the discards are shuffled and turned face down to form a
  new stock (T10). The shuffle comes from the seeds the deal committed to, its own for
  each rebuild; a hand dealt from an explicit deck turns the pile over as it lies (R20).

  Background:
    Given hand 11 of a game of Three Thirteen

  @T10 @R20 @http
  Scenario: From the seeds the deal committed to, shuffled
    Given a 2-player hand dealt from the seed "three-thirteen-stock"
    When the seats draw from the stock and discard until it is empty
    And the seat on turn draws from the empty stock
    Then the stock was rebuilt from the discard pile less its top card, in the order the seed "three-thirteen-stock" draws for rebuild 1

  @T10 @R20 @http
  Scenario: From an explicit deck, turned over as it lies
    Given a 2-player hand dealt by seat 1 from a shuffled deck
    When the seats draw from the stock and discard until it is empty
    And the seat on turn draws from the empty stock
    Then the stock was rebuilt from the discard pile less its top card, turned over
