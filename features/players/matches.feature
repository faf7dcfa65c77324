@U13
Feature: Matches held by players
  A match may seat players as a game does: its open seats claimed with the players' keys,
  every game of the match dealt to them, each seat taking its player's key. Only the HTTP
  driver runs these scenarios: the rules engine alone takes no key.

  Background:
    Given "Alice" has registered
    And "Bobby" has registered
    And "Carol" has registered

  @R75
  Scenario: Players claim a match's open seats with their keys and its deal seats them
    When a match opens 2 seats
    And Alice's first key claims seat 0 of the match for Alice
    And the operator claims seat 1 of the match for Bobby
    Then the deal seats Alice at seat 0 and Bobby at seat 1
    And Alice's first key reads seat 0 of the game
    And Alice's first key is refused at seat 1 of the game with code "wrong-seat"
    And Carol's first key is refused at seat 0 of the game with code "invalid-token"

  Scenario: A player claims for itself only, and one seat of a match
    When a match opens 3 seats
    And Alice's first key claims seat 0 of the match for Alice
    And Alice's first key claims seat 1 of the match for Alice
    Then the request is refused citing U10 with code "player-seated-twice"
    When Alice's first key claims seat 1 of the match for Bobby
    Then the request is refused citing U7 with code "another-players-key"
