Feature: Seats the service plays with its bots in Gin Rummy
  A seat of Gin Rummy may be played by the service with one of Gin Rummy's bots
  (`expert`, `greedy`, `random`, R33, R50, R77). Its seat has no token, and the deal names every seat's
  bot. When its turn comes the bot sends one action a command, from its seat's view alone
  (R49), each decided and recorded as a person's is, until the other seat is on turn
  (G3, G4); its think time is 0 in the tests, and each command is played once (R35). A
  record whose bot seat played anything else than its bot would is refused
  (`bot-turn-mismatch`). The turn clock's default turn is marked as the clock's (R51), so
  a table with bot seats takes a turn clock, a single hand or a match (R50, R47), and a
  bot's seat counts for nobody when the clock ends a table its person left (R45, R52).

  Rule: The service plays a bot's seat, an action a command

    @R33 @R35 @R50 @G3 @G4 @http
    Scenario: A bot's seat has no token, and the bot takes the first upcard and discards
      # Seat 1, offered 3D first, holds 2D 4D: the upcard lowers its deadwood, and KS,
      # which meets no card of the hand, goes.
      Given a 2-player Gin Rummy game dealt by seat 0 with seat 1 played by the bot "greedy"
      Then seat 1 has no token
      And seat 1's player is "greedy"
      And the deal names the bots "-, greedy"
      When the bots have played
      Then seat 1 played one turn: Drew, Discarded
      And it is seat 0's turn

    @R33 @G1 @http
    Scenario: An unknown bot is refused, naming Gin Rummy's bots
      When a 2-player Gin Rummy game is dealt by seat 0 with seat 1 played by the bot "patient"
      Then the game is refused citing R33 with code "unknown-bot"
      And the refusal names the game's bots "expert, greedy, random"

  Rule: A table with bot seats takes a turn clock, whose turns are marked as its own

    @R50 @R51 @R52 @R45 @R19 @G3 @http
    Scenario: The person beside a bot times out: the hand ends abandoned, and its record verifies
      # Seat 1, the bot, is offered the upcard first (G3) and plays; seat 0's time runs
      # out, and with no other person at the table the hand ends (R45, R52).
      Given the table gives each turn 30 seconds
      And a 2-player Gin Rummy game dealt by seat 0 with seat 1 played by the bot "greedy"
      When the bots have played
      And the turn clock of the person on turn runs out
      Then the hand ended abandoned
      When the game's record is exported
      And the record is verified
      Then the record is valid

    @R47 @R50 @R52 @R45 @R34 @G17 @http
    Scenario: A clocked Gin match with a bot seat ends when its person leaves
      Given the table gives each turn 30 seconds
      And a 2-player match of Gin Rummy with open seats, seat 1 played by the bot "greedy", and the seed "gin-bots-clock"
      When seat 0 is claimed by "Aminah"
      Then a game of the match is being played
      When the bots have played
      And the turn clock of the person on turn runs out
      Then the hand ended abandoned
      And the match is over as abandoned, won by seats 0 and 1

  Rule: A record of a hand with bot seats is checked bot command by bot command

    @R33 @R50 @G15 @http
    Scenario: A hand played out against a bot has a record that verifies
      Given a 2-player Gin Rummy game dealt by seat 0 with seat 1 played by the bot "random"
      When the people play their first listed moves until the game is over
      And the game's record is exported
      And the record is verified
      Then the record is valid
      And the record's deal names the bots "-, random"

    @R33 @R50 @G15 @http
    Scenario: A hand of two bots is played out, and a record that swaps them is refused
      Given a 2-player Gin Rummy game dealt by seat 0 with seats 0 and 1 played by the bots "greedy, random"
      When the bots have played
      Then the hand is over, every seat's hand shown
      When the game's record is exported
      And the record is verified
      Then the record is valid
      When the record is made to say seat 0 was played by the bot "random"
      And the record is made to say seat 1 was played by the bot "greedy"
      And the record is verified
      Then the record is refused citing R33 with code "bot-turn-mismatch"

    @R33 @G4 @http
    Scenario: A record whose bot seat played otherwise than its bot is refused
      Given a 2-player Gin Rummy game dealt by seat 0 of people only
      When the people play their first listed moves until the game is over
      And the game's record is exported
      And the record is made to say seat 1 was played by the bot "greedy"
      And the record is verified
      Then the record is refused citing R33 with code "bot-turn-mismatch"

    @R77 @R33 @R50 @G15 @http
    Scenario: A hand of the expert bot against the greedy one is played out, and its record verifies
      # The expert weighs each draw and discard by the deadwood expected after the next
      # draw over the cards its seat has not seen (R77): a pure function of the view,
      # so the verifier re-derives each of its commands.
      Given a 2-player Gin Rummy game dealt by seat 0 with seats 0 and 1 played by the bots "expert, greedy"
      When the bots have played
      Then the hand is over, every seat's hand shown
      When the game's record is exported
      And the record is verified
      Then the record is valid
      When the record is made to say seat 0 was played by the bot "greedy"
      And the record is made to say seat 1 was played by the bot "expert"
      And the record is verified
      Then the record is refused citing R33 with code "bot-turn-mismatch"
