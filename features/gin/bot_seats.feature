Feature: Seats the service plays with its bots in Gin Rummy
  A seat of Gin Rummy may be played by the service with one of Gin Rummy's bots
  (`greedy`, `random`, R33, R50). Its seat has no token, and the deal names every seat's
  bot. When its turn comes the bot sends one action a command, from its seat's view alone
  (R49), each decided and recorded as a person's is, until the other seat is on turn
  (G3, G4); its think time is 0 in the tests, and each command is played once (R35). A
  record whose bot seat played anything else than its bot would is refused
  (`bot-turn-mismatch`); so, since the turn clock's default turn carries no mark in
  Gin's events, a table with bot seats takes no turn clock (R50).

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
      And the refusal names the game's bots "greedy, random"

    @R50 @R19 @G4 @http
    Scenario: A table with a bot seat takes no turn clock
      # The clock's default turn carries no mark in Gin's events: a verifier would read
      # it in a bot's seat as the bot playing otherwise.
      Given the table gives each turn 30 seconds
      When a 2-player Gin Rummy game is dealt by seat 0 with seat 1 played by the bot "greedy"
      Then the game is refused citing R50 with code "not-in-this-game"

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
