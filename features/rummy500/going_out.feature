Feature: Going out in Rummy 500
  A player goes out by playing its last card, by meld, lay-off or discard, and the hand
  ends at once (F6); going out needs no final discard, unless the table asks for one
  with the option `last_card_discard` (F6, R67).

  Background:
    Given a game of Rummy 500
    And the upcard is "9C"
    And the stock's top cards are "6H 5C"

  @F6 @R67 @http
  Scenario: Going out by melding the last cards, with no discard
    Given a 2-player hand dealt by seat 0 with these hands:
      | seat | hand               |
      | 1    | 3H 4H 5H 7S 7D 7C  |
      | 0    | 2C 10D 7H AS JS KD |
    When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H; meld 7S 7D 7C"
    Then the command is accepted
    And seat 1 went out and the hand is over

  @F6 @R67 @http
  Scenario: With the option, the last card must be discarded
    Given the rule option "last_card_discard" is true
    And a 2-player hand dealt by seat 0 with these hands:
      | seat | hand               |
      | 1    | 3H 4H 5H 7S 7D 7C  |
      | 0    | 2C 10D 7H AS JS KD |
    When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H; meld 7S 7D 7C"
    Then the command is refused at action 2 citing F6 with code "last-card-discard"
