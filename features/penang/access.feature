@http
Feature: Who may send a turn
  A seat's command (a turn, a dead declaration) carries the seat's bearer token. The
  token is checked before the rest of the request is read (R56): a request its token
  does not entitle is refused for the token, 401 without a token of the table, 403 with
  another seat's, even where its body is malformed too. A request with the seat's own
  token is judged as ever: a body that is not JSON is refused as malformed (422), and
  nothing is recorded (D8).

  Only the HTTP driver runs these scenarios: the rules engine alone takes no token.

  Background:
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | 3H 4H 5H 6H 7H |
      | 2    | 9C 9D 9S KH 2C |
      | 0    | 8C 8D 8S 7C 2S |

  @R56 @D8
  Scenario: A malformed turn is refused for its token before its body
    When seat 1 sends a turn whose body is not JSON, with no token
    Then it is refused with status 401 and code "missing-token"
    When seat 1 sends a turn whose body is not JSON, with a token of no seat
    Then it is refused with status 401 and code "invalid-token"
    When seat 1 sends a turn whose body is not JSON, with seat 2's token
    Then it is refused with status 403 and code "wrong-seat"
    When seat 1 sends a turn whose body is not JSON, with its own token
    Then it is refused with status 422 and code "invalid-request"
    And the game is still as dealt
