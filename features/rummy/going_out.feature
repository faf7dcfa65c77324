Feature: Going out, and going rummy
  A player goes out by playing the last card of their hand, by meld, lay-off or discard;
  no discard is needed when the last cards are melded (B7). With the option
  `last_card_discard` the last card must be a discard (B7, R23). The hand ends at once.
  A player who plays every card in one turn, having melded and laid off nothing before
  in the hand, goes rummy, and the hand's points are doubled (B9, R23).

  Background:
    Given a game of basic Rummy
    And the upcard is "9C"

  Rule: Going out by meld, lay-off or discard

    @B7 @B9 @R23 @http
    Scenario: The last cards melded: no discard is needed
      Given the stock's top cards are "7H"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H 6H |
        | 0    | 2C 4D 7S QS |
      When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H 7H"
      Then the command is accepted
      And the events recorded are Drew, Melded, WentOut, HandEnded
      And seat 1 went out and the hand is over
      And seat 1 went rummy

    @B7 @R23 @http
    Scenario: Nothing may follow going out
      Given the stock's top cards are "7H"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H 6H |
        | 0    | 2C 4D 7S QS |
      When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H 7H; discard 9S"
      Then the command is refused at action 2 citing B7 with code "action-after-game"
      And nothing was recorded

    @B7 @B9 @R23 @http
    Scenario: The last card laid off, after a meld in an earlier turn
      Given the stock's top cards are "6H KC 7H"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H 9S |
        | 0    | 2C 4D 7S QS |
      And seat 1 played "draw from the stock; meld 3H 4H 5H; discard 9S"
      And seat 0 played "draw from the stock; discard KC"
      When seat 1 plays "draw from the stock; lay off 6H on meld 0; lay off 7H on meld 0"
      Then the command is accepted
      And the events recorded are Drew, LaidOff, LaidOff, WentOut, HandEnded
      And seat 1 went out and the hand is over
      And seat 1 did not go rummy
      And the game is over: winners 1; points 0, 23

    @B7 @B9 @R23 @http
    Scenario: The last card discarded
      Given the stock's top cards are "KD"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand     |
        | 1    | 3H 4H 5H |
        | 0    | 2C 4D 7S |
      When seat 1 plays "draw from the stock; meld 3H 4H 5H; discard KD"
      Then the command is accepted
      And the events recorded are Drew, Melded, Discarded, WentOut, HandEnded
      And seat 1 went rummy
      And the game is over: winners 1; points 0, 26

  Rule: With the option, the last card must be a discard

    Background:
      Given the rule option "last_card_discard" is true
      And the stock's top cards are "7H"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H 6H |
        | 0    | 2C 4D 7S QS |

    @B7 @R23 @http
    Scenario: Melding the last card is refused
      When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H 7H"
      Then the command is refused at action 1 citing B7 with code "last-card-discard"
      And nothing was recorded

    @B7 @R23 @http
    Scenario: Discarding it goes out
      When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H; discard 7H"
      Then the command is accepted
      And seat 1 went out and the hand is over

  Rule: Going rummy doubles the hand's points

    @B9 @R23 @http
    Scenario: Every card melded in one turn, none before
      Given the stock's top cards are "8S"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | 3H 4H 5H 8C 8D |
        | 0    | 2C 4D 7S QS KS |
      When seat 1 plays "draw from the stock; meld 3H 4H 5H; meld 8C 8D 8S"
      Then seat 1 went rummy
      And the game is over: winners 1; points 0, 66

    @B9 @R23 @http
    Scenario: Discards in earlier turns do not count; an earlier meld would
      Given the stock's top cards are "KC 2D 6H"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand        |
        | 1    | 3H 4H 5H 9S |
        | 0    | 2C 4D 7S QS |
      And seat 1 played "draw from the stock; discard 9S"
      And seat 0 played "draw from the stock; discard 2D"
      When seat 1 plays "draw from the stock; meld 3H 4H 5H 6H; discard KC"
      Then seat 1 went rummy
      And the game is over: winners 1; points 0, 46

  Rule: A hand nobody can go out of ends at once, blocked

    @B7 @R30 @http
    Scenario: Every meld on the table is complete and every hand holds one card
      Given the stock's top cards are "KC 7C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | AH AD AC AS 9S |
        | 0    | QD QH QC QS 8H |
      And seat 1 played "draw from the stock; meld AH AD AC AS; discard 9S"
      When seat 0 plays "draw from the stock; meld QD QH QC QS; discard 8H"
      Then the events recorded are Drew, Melded, Discarded, HandEnded
      And the hand ended blocked, nobody scoring

    @B7 @R30 @http
    Scenario: A hand of one card plays on while a meld on the table can grow
      Given the stock's top cards are "KC 7C"
      And a 2-player hand dealt by seat 0 with these hands:
        | seat | hand           |
        | 1    | AH AD AC 9S 10S |
        | 0    | QD QH QC QS 8H |
      And seat 1 played "draw from the stock; meld AH AD AC; discard 9S"
      When seat 0 plays "draw from the stock; meld QD QH QC QS; discard 8H"
      Then the hand is not over
