Feature: Seats that players claim
  A match can open with its seats open: it commits to its seed first, then each player
  claims a seat with a name and, if they like, a seed of their own. A claimed seat is
  not claimed again; a seat may be left until the deal, which comes with the last claim:
  the match's seed and the seats' seeds draw the first dealer (P6) and every deck (R18).

  Rule: Seats are claimed one by one, and the last claim deals

    @R18 @P2 @http
    Scenario: The cards are dealt when the last seat is claimed
      Given a 3-player match with open seats and the seed "claims-1"
      When seat 0 is claimed by "Aminah" with the seat seed "a1"
      And seat 2 is claimed by "Chen"
      Then seats 1 are still open
      And no game of the match is being played
      When seat 1 is claimed by "Ben" with the seat seed "b2"
      Then no seat is open
      And the match's players are Aminah, Ben, Chen
      And a game of the match is being played

    @R18 @P6 @http
    Scenario: The seeds of the match and of its seats draw the first dealer
      Given a 3-player match with open seats and the seed "claims-1"
      When seat 0 is claimed by "Aminah" with the seat seed "a1"
      And seat 1 is claimed by "Ben" with the seat seed "b2"
      And seat 2 is claimed by "Chen"
      Then the first dealer is the one the match seed "claims-1" draws with the seat seeds "a1", "b2" and ""
      And game 1 of the match is dealt from the seed the match seed "claims-1" gives it

    @R18 @P2 @http
    Scenario: A claimed seat cannot be claimed again
      Given a 2-player match with open seats and the seed "claims-2"
      When seat 0 is claimed by "Aminah"
      And seat 0 is claimed by "Ben"
      Then the match command is refused citing R18 with code "seat-taken"
      And seats 1 are still open

    @R18 @P2 @http
    Scenario: A seat left before the deal is open again
      Given a 2-player match with open seats and the seed "claims-3"
      When seat 0 is claimed by "Aminah"
      And seat 0 is left
      Then seats 0 and 1 are still open
      When seat 0 is claimed by "Ben"
      And seat 1 is claimed by "Chen"
      Then the match's players are Ben, Chen

    @R18 @P2 @http
    Scenario: No seat is claimed or left once the cards are dealt
      Given a 2-player match with open seats and the seed "claims-4"
      When seat 0 is claimed by "Aminah"
      And seat 1 is claimed by "Ben"
      And seat 0 is left
      Then the match command is refused citing R18 with code "match-started"
