@U11
Feature: Ratings
  A player has a rating of each game, from the rated games it finished: openskill's
  Plackett-Luce model, shown as its ordinal (mu - 3 sigma). Both drivers run these
  scenarios: the rules engine folding the games' results, and the service over HTTP
  rating the games it stores.

  Background:
    Given "Alice" is a registered player
    And "Bobby" is a registered player
    And "Carol" is a registered player

  @R70 @http
  Scenario: A table every seat of which a player holds is rated; a table with a name's seat is not
    When Alice and Bobby finish a game of penang that Alice wins
    Then Alice has 1 rated game of penang
    And Bobby has 1 rated game of penang
    When Alice and a name finish a game of penang that Alice wins
    Then Alice has 1 rated game of penang

  @R71 @http
  Scenario: The winners of a game share first place and every other seat the place after
    When Alice, Bobby and Carol finish a game of penang that Bobby wins
    Then Bobby placed first in his last game of penang, and Alice and Carol second
    And Alice's and Carol's ratings of penang are equal
    And Bobby's rating of penang rose and Alice's fell

  @R72 @http
  Scenario: The rating is openskill's Plackett-Luce, shown as its ordinal
    When Alice and Bobby finish a game of gin that Bobby wins
    Then Bobby's rating of gin is openskill's Plackett-Luce rating of a new player who beat another
    And Bobby's shown rating of gin is mu - 3 sigma, above Alice's

  @R73 @http
  Scenario: A game abandoned by every seat is no result
    When Alice and Bobby finish a game of rummy that ends abandoned
    Then Alice has no rating of rummy
    And Bobby has no rating of rummy

  @U12 @R74 @http
  Scenario: A rating is provisional until it rests on five rated games, and its history shows each
    When Alice and Bobby finish 4 games of three-thirteen that Alice wins
    Then Alice's rating of three-thirteen is provisional
    When Alice and Bobby finish a game of three-thirteen that Bobby wins
    Then Alice's rating of three-thirteen is not provisional
    And Alice's history of three-thirteen holds 5 games, each from the rating the one before left
