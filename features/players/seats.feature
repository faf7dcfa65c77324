@U10
Feature: Seats held by players
  A game may seat players: the deal records who sat where, and each seat so held takes
  its player's key as well as its token. Only the HTTP driver runs these scenarios: the
  rules engine alone takes no key.

  Background:
    Given "Alice" has registered
    And "Bobby" has registered
    And "Carol" has registered

  Scenario: A player's key plays the seat the deal seated it at, and no other
    When the operator seats Alice and Bobby at a game
    Then the deal seats Alice at seat 0 and Bobby at seat 1
    And Alice's first key reads seat 0 of the game
    And Alice's first key is refused at seat 1 of the game with code "wrong-seat"

  Scenario: A player holding no seat of the table is refused there
    When the operator seats Alice and Bobby at a game
    Then Carol's first key is refused at seat 0 of the game with code "invalid-token"

  Scenario: A player's key seats its own player only, and at one seat
    When Alice's first key seats Alice and Bobby at a game
    Then the request is refused citing U7 with code "another-players-key"
    When the operator seats Alice and Alice at a game
    Then the request is refused citing U10 with code "player-seated-twice"
