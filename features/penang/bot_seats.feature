Feature: Seats the service plays with its bots
  A seat may be played by the service with one of Penang Rummy's bots (`greedy`,
  `patient`, `random`, R33): the seat's player is named by its bot, it has no token, and
  the deal names every seat's bot. When its turn comes the bot is shown its seat's view
  only and plays a whole turn (D8), recorded as a person's is, after its think time (0 in
  the tests, R35); nobody else plays it, and it plays once. A verifier re-derives every
  bot command from the revealed server seed: a record whose bot seat played anything else
  is refused (`bot-turn-mismatch`). A match of open seats takes its bots' seats when it
  opens, so its deal comes with the last person's claim (R34).

  Rule: The service plays a bot's seat, and nobody else does

    @R33 @R35 @P9 @D8 @http
    Scenario: A bot's seat has no token, and the bot plays its whole turn when it comes
      Given a 2-player Penang Rummy game dealt by seat 0 with seat 1 played by the bot "greedy"
      Then seat 1 has no token
      And seat 1's player is "greedy"
      And the deal names the bots "-, greedy"
      When the bots have played
      Then seat 1 played one turn: PassportMelded, Melded, Melded, TurnEnded
      And it is seat 0's turn

    @R33 @P9 @http
    Scenario: An unknown bot is refused, naming the game's bots
      When a 2-player Penang Rummy game is dealt by seat 0 with seat 1 played by the bot "clever"
      Then the game is refused citing R33 with code "unknown-bot"
      And the refusal names the game's bots "greedy, patient, random"

  Rule: A record of a game with bot seats is checked bot command by bot command

    @R33 @R35 @P32 @D8 @http
    Scenario: A game played out against a bot has a record that verifies
      Given a 2-player Penang Rummy game dealt by seat 0 with seat 1 played by the bot "greedy"
      When the people play their first listed moves until the game is over
      And the game's record is exported
      And the record is verified
      Then the record is valid
      And the record's deal names the bots "-, greedy"

    @R33 @P9 @D8 @http
    Scenario: A record whose bot seat played otherwise than its bot is refused
      Given a 2-player Penang Rummy game dealt by seat 0 of people only
      When the people play their first listed moves until the game is over
      And the game's record is exported
      And the record is made to say seat 1 was played by the bot "greedy"
      And the record is verified
      Then the record is refused citing R33 with code "bot-turn-mismatch"

  Rule: A match of open seats seats its bots when it opens

    @R34 @R18 @P6 @http
    Scenario: The deal comes with the last person's claim, and a bot's seat cannot be claimed
      Given a 3-player match of Penang Rummy with open seats, seat 1 played by the bot "patient", and the seed "bots-1"
      Then seats 0 and 2 are still open
      When seat 1 is claimed by "Ben"
      Then the match command is refused citing R18 with code "seat-taken"
      When seat 0 is claimed by "Aminah"
      Then no game of the match is being played
      When seat 2 is claimed by "Chen"
      Then no seat is open
      And a game of the match is being played
      And the deal names the bots "-, patient, -"
