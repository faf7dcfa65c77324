Feature: Going out in Three Thirteen
  Melds stay in the hand until the hand ends: nobody melds on the table, nor lays off on
  another player's melds (T7). A player whose whole hand forms melds goes out, discarding
  as usual and naming the melds; every other player then takes one last turn, and the
  hand ends when the turn comes back to the player who went out (T8). The melds are
  checked at once and shown to the others when the hand ends; a last turn is a draw and
  a discard (R27).

  Background:
    Given hand 1 of a game of Three Thirteen
    And the upcard is "9C"

  Rule: Going out, then one last turn for every other player

    Background:
      Given the stock's top cards are "7H KD 7S 2C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 0    | 7C 7D QS |

    @T8 @R27 @http
    Scenario: A hand of melds goes out with a discard
      When seat 1 plays "draw from the stock; go out with 5H 6H 7H, discarding 8S"
      Then the command is accepted
      And the events recorded are Drew, Discarded, WentOut
      And the melds seat 1 went out with are hidden from the others
      And it is seat 0's turn
      And the hand is not over

    @T8 @T9 @R27 @http
    Scenario: The last turn ends the hand
      Given seat 1 played "draw from the stock; go out with 5H 6H 7H, discarding 8S"
      When seat 0 plays "draw from the stock; discard QS"
      Then the events recorded are Drew, Discarded, HandEnded
      And the final score is:
        | seat | deadwood | points |
        | 0    | 7C 7D KD | 24     |
        | 1    |          | 0      |
      And the game is over: winners 1; points 24, 0
      And every viewer sees every hand, the stock and every card drawn

    @T8 @R27 @http
    Scenario: Nobody goes out in a last turn
      Given seat 1 played "draw from the stock; go out with 5H 6H 7H, discarding 8S"
      When seat 0 plays "draw from the stock; go out with 7C 7D KD, discarding QS"
      Then the command is refused at action 1 citing T8 with code "cannot-go-out"
      And nothing was recorded
      And the only legal commands of seat 0 are "draw from the stock; draw from the discard pile"

    @T8 @R27 @http
    Scenario: The melds named are the rest of the hand
      When seat 1 plays "draw from the stock; go out with 5H 6H 7H, discarding 5H"
      Then the command is refused at action 1 citing T8 with code "cannot-go-out"
      And nothing was recorded

    @T8 @R27 @http
    Scenario: Going out names the card discarded
      When seat 1 plays "draw from the stock; go out with 5H 6H 7H"
      Then the command is refused at action 1 citing T8 with code "cannot-go-out"
      And nothing was recorded

    @T8 @http
    Scenario: Going out is among the legal commands
      When seat 1 plays "draw from the stock"
      Then the legal commands of seat 1 include "go out with 5H 6H 7H, discarding 8S"

    @T7 @http
    Scenario Outline: Melds stay in the hand: nothing is melded on the table nor laid off
      When seat 1 plays "draw from the stock; <action>"
      Then the command is refused at action 1 citing T7 with code "not-in-this-game"
      And nothing was recorded

      Examples:
        | action                            |
        | meld 5H 6H 7H                     |
        | lay off 7H on meld 0              |
        | swap 7H for the joker in meld 0   |

  Rule: The hand ends when the turn comes back to the player who went out

    @T8 @R27 @http
    Scenario: Every other player, from the left, takes one last turn
      Given the stock's top cards are "7H KD 2C 4C"
      And a 3-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 2    | 2D 9D JH |
        | 0    | 7C 7D QS |
      When seat 1 plays "draw from the stock; go out with 5H 6H 7H, discarding 8S"
      Then it is seat 2's turn
      When seat 2 plays "draw from the stock; discard KD"
      Then it is seat 0's turn
      And the hand is not over
      When seat 0 plays "draw from the stock; discard 2C"
      Then the game is over: winners 1; points 24, 0, 21

    @T8 @T9 @R27 @http
    Scenario: A last hand of melds scores nothing either: the win is shared
      Given the stock's top cards are "7H 7S"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 5H 6H 8S |
        | 0    | 7C 7D QS |
      And seat 1 played "draw from the stock; go out with 5H 6H 7H, discarding 8S"
      When seat 0 plays "draw from the stock; discard QS"
      Then the game is over: winners 0, 1; points 0, 0
