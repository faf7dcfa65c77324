Feature: Laying off in basic Rummy
  A player may add a card or cards from their hand to any meld on the table, their own
  or another player's: a group takes the fourth card of its rank, a run a card at either
  end (B6). The seeds' own examples: Tom has melded three 8s, and Dana can lay off an 8;
  Nora has melded the 8-9-10 of hearts, and Dave can lay off the 7 or the jack of hearts,
  or both; Mark has melded the 3-4-5 of clubs, and Amy can lay off the 6 and the 7.

  Background:
    Given a game of basic Rummy
    And the upcard is "9C"
    And the stock's top cards are "JD 5S"

  @B6 @http
  Scenario: Tom melds three 8s; Dana lays off an 8
    Given a 2-player hand dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | 8C 8D 8S 3C KD |
      | 0    | 8H 2S 4D 6C QS |
    When seat 1 plays "draw from the stock; meld 8C 8D 8S; discard KD"
    And seat 0 plays "draw from the stock; lay off 8H on meld 0; discard QS"
    Then the command is accepted
    And meld 0 is the set "8C 8D 8S 8H" of seat 1

  @B6 @http
  Scenario Outline: Nora melds the 8-9-10 of hearts; Dave lays off the 7 or the jack, or both
    Given a 2-player hand dealt by seat 0 with these hands:
      | seat | hand            |
      | 1    | 8H 9H 10H 3C KD |
      | 0    | 7H JH 2S 4D QS  |
    When seat 1 plays "draw from the stock; meld 8H 9H 10H; discard KD"
    And seat 0 plays "draw from the stock; <lay-offs>; discard QS"
    Then the command is accepted
    And meld 0 is the run "<run>" of seat 1

    Examples:
      | lay-offs                                    | run              |
      | lay off 7H on meld 0                        | 7H 8H 9H 10H     |
      | lay off JH on meld 0                        | 8H 9H 10H JH     |
      | lay off 7H on meld 0; lay off JH on meld 0  | 7H 8H 9H 10H JH  |

  @B6 @R32 @http
  Scenario: A player lays off on their own meld
    Given a 2-player hand dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | 8C 8D 8S 8H KD |
      | 0    | 2S 4D 6C QS 3C |
    When seat 1 plays "draw from the stock; meld 8C 8D 8S; lay off 8H on meld 0; discard KD"
    Then the command is accepted
    And meld 0 is the set "8C 8D 8S 8H" of seat 1

  @B6 @B5 @R25 @http
  Scenario: A run takes no ace above its king
    Given a 2-player hand dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | JC QC KC AC 3D |
      | 0    | 2S 4D 6C QS 9S |
    When seat 1 plays "draw from the stock; meld JC QC KC; lay off AC on meld 0"
    Then the command is refused at action 2 citing B5 with code "cannot-lay-off"
    And nothing was recorded

  @B6 @B10 @R25 @http
  Scenario: With the option, it does
    Given the rule option "ace_high" is true
    And a 2-player hand dealt by seat 0 with these hands:
      | seat | hand           |
      | 1    | JC QC KC AC 3D |
      | 0    | 2S 4D 6C QS 9S |
    When seat 1 plays "draw from the stock; meld JC QC KC; lay off AC on meld 0; discard 3D"
    Then the command is accepted
    And meld 0 is the run "JC QC KC AC" of seat 1

  Rule: Mark melds the 3-4-5 of clubs; Amy lays off the 6 and the 7

    Background:
      Given a 2-player hand dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | 3C 4C 5C 9S KD |
        | 0    | 6C 7C 2S 4D QS |
      And seat 1 played "draw from the stock; meld 3C 4C 5C; discard KD"

    @B6 @http
    Scenario: The 6, then the 7
      When seat 0 plays "draw from the stock; lay off 6C on meld 0; lay off 7C on meld 0"
      Then the command is accepted
      And meld 0 is the run "3C 4C 5C 6C 7C" of seat 1

    @B6 @http
    Scenario: A run grows only at its ends: the 7 before the 6 is refused
      When seat 0 plays "draw from the stock; lay off 7C on meld 0"
      Then the command is refused at action 1 citing B6 with code "cannot-lay-off"
      And nothing was recorded

    @B6 @http
    Scenario: A card that fits no meld, or a meld that is not there, is refused
      When seat 0 plays "draw from the stock; lay off 2S on meld 0"
      Then the command is refused at action 1 citing B6 with code "cannot-lay-off"
      When seat 0 plays "draw from the stock; lay off 6C on meld 1"
      Then the command is refused at action 1 citing B6 with code "unknown-meld"
      And nothing was recorded
