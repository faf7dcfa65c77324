Feature: Seats the service plays with its bots in basic Rummy
  A seat of basic Rummy may be played by the service with one of the draw games' bots
  (`greedy`, `random`, R33). Its seat has no token, and the deal names every seat's bot.
  When its turn comes the bot sends one command at a time (R22), each decided and
  recorded as a person's is, until it has discarded (B3); its think time is 0 in the
  tests, and each command is played once (R35). A record whose bot seat played anything
  else than its bot would is refused (`bot-turn-mismatch`). A match of open seats takes
  its bots' seats when it opens, and deals with the last person's claim (R34).

  Rule: The service plays a bot's seat, a command at a time

    @R33 @R35 @R22 @B3 @http
    Scenario: A bot's seat has no token, and the bot draws and discards when its turn comes
      Given a 2-player basic Rummy game dealt by seat 0 with seat 1 played by the bot "greedy"
      Then seat 1 has no token
      And seat 1's player is "greedy"
      And the deal names the bots "-, greedy"
      When the bots have played
      Then seat 1 played one turn: Drew, Melded, Melded, Discarded
      And it is seat 0's turn

    @R33 @B3 @http
    Scenario: An unknown bot is refused, naming the draw games' bots
      When a 2-player basic Rummy game is dealt by seat 0 with seat 1 played by the bot "clever"
      Then the game is refused citing R33 with code "unknown-bot"
      And the refusal names the game's bots "expert, greedy, random"

  Rule: A record of a hand with bot seats is checked bot command by bot command

    @R33 @R35 @B7 @http
    Scenario: A hand played out against a bot has a record that verifies
      Given a 2-player basic Rummy game dealt by seat 0 with seat 1 played by the bot "random"
      When the people play their first listed moves until the game is over
      And the game's record is exported
      And the record is verified
      Then the record is valid
      And the record's deal names the bots "-, random"

    @R33 @B3 @http
    Scenario: A record whose bot seat played otherwise than its bot is refused
      Given the rule option "cards_per_player" is 3
      And a 2-player basic Rummy game dealt by seat 0 of people only
      When the people play their first listed moves until the game is over
      And the game's record is exported
      And the record is made to say seat 1 was played by the bot "greedy"
      And the record is verified
      Then the record is refused citing R33 with code "bot-turn-mismatch"

  Rule: A match of open seats seats its bots when it opens

    @R34 @R18 @B12 @http
    Scenario: The deal comes with the last person's claim, and a bot's seat cannot be claimed
      Given a 3-player match of basic Rummy with open seats, seat 1 played by the bot "greedy", and the seed "bots-2"
      Then seats 0 and 2 are still open
      When seat 1 is claimed by "Ben"
      Then the match command is refused citing R18 with code "seat-taken"
      When seat 0 is claimed by "Aminah"
      Then no game of the match is being played
      When seat 2 is claimed by "Chen"
      Then no seat is open
      And a game of the match is being played
      And the deal names the bots "-, greedy, -"

    @R78 @R33 @R35 @B8 @http
    Scenario: A hand of the expert bot against the greedy one is played out, and its record verifies
      # The expert draws, melds and lays off as the greedy bot does, and sheds the card
      # that could meld with the fewest of its hand's (R78): a pure function of the view.
      Given a 2-player basic Rummy game dealt by seat 0 with seats 0 and 1 played by the bots "expert, greedy"
      When the bots have played
      Then the hand is over, every seat's hand shown
      When the game's record is exported
      And the record is verified
      Then the record is valid
      When the record is made to say seat 0 was played by the bot "greedy"
      And the record is made to say seat 1 was played by the bot "expert"
      And the record is verified
      Then the record is refused citing R33 with code "bot-turn-mismatch"
