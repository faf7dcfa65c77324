@http
Feature: Live updates
  A seat, with its bearer token, or a spectator, without one, follows a game as a stream
  of server-sent events (GET /games/{id}/stream): every event it may see, as the game
  records it, and after each batch of events a "turn" message saying whose turn it is,
  so that no client needs to ask (P9). A turn reaches the streams whole, or not at all
  (D8). While the game runs a seat's stream shows it its own hand and no other, and no
  stream shows the undealt cards (P5); once the game is over, everything (R3). Each
  event carries its id, the game's version after it: a client that reconnects after
  the last id it got receives exactly the events it missed.

  Only the HTTP driver runs these scenarios: the rules engine alone does not stream.

  Background:
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | 3H 4H 5H 6H 7H |
      | 2    | 9C 9D 9S KH 2C |
      | 0    | 8C 8D 8S 7C 2S |

  @P9 @P10
  Scenario: Each stream says whose turn it is after every turn
    Given seat 2 follows the game
    And a spectator follows the game
    Then every stream says it is seat 1's turn
    When seat 1 plays "meld 3H 4H 5H"
    Then every stream says it is seat 2's turn
    When seat 2 plays "meld 9C 9D 9S"
    Then every stream says it is seat 0's turn

  @D8 @P10
  Scenario: A turn reaches the streams whole, and a refused turn not at all
    Given a spectator follows the game
    When seat 1 plays nothing
    Then the turn is refused citing P10 with code "empty-turn"
    When seat 1 plays "meld 3H 4H 5H; lay off 6H on meld 0"
    Then the spectator's stream shows next, in one batch, "PassportMelded LaidOff TurnEnded"
    And the spectator's stream says it is seat 2's turn

  @P5 @R3
  Scenario: While the game runs a stream shows a seat its own hand only
    Given seat 2 follows the game
    And a spectator follows the game
    Then seat 2's stream shows the deal with its own hand "9C 9D 9S KH 2C" and no other
    And the spectator's stream shows the deal with no hand
    And no stream shows the undealt cards

  @P31 @R3 @P5
  Scenario: Once the game is over a stream shows every hand, and ends
    # Seat 1 melds its whole hand: it is empty, Game is declared and the game ends (P31).
    Given seat 1 played "meld 3H 4H 5H 6H 7H"
    When a spectator follows the game
    Then the spectator's stream shows the deal with every hand
    And the spectator's stream ends after the game's last event, saying nobody's turn

  @P9
  Scenario: A client that reconnects gets exactly the events it missed
    Given a spectator follows the game
    And seat 1 played "meld 3H 4H 5H"
    When the spectator's stream drops
    And seat 2 plays "meld 9C 9D 9S"
    And the spectator follows the game again after the last event it got
    Then the spectator has every event of the game once, in order
    And the spectator's stream says it is seat 0's turn
