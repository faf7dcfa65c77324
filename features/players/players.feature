Feature: Players, their handles and their keys
  A player registers a handle and gets a key, shown once; a key holds scopes, issues
  keys of the scopes it holds, lists them without their secret, and revokes them. A site
  registers players for its users with the operator key.

  @U1 @R64
  Scenario Outline: A handle outside the alphabet is refused
    When "<handle>" registers
    Then the registration is refused citing U1 with code "handle-alphabet"

    Examples:
      | handle |
      | al ice |
      | Åsa    |
      | аlice  |
      | 9lives |
      | bob!   |

  @U1 @R64
  Scenario: Full-width letters are the ASCII letters they stand for
    When "ＢＯＢＢＹ" registers
    Then the handle is registered as "BOBBY"

  @U2
  Scenario Outline: A handle is 3 to 20 characters
    When "<handle>" registers
    Then the registration is refused citing U2 with code "handle-length"

    Examples:
      | handle                |
      | ab                    |
      | abcdefghijklmnopqrstu |

  @U3 @R64
  Scenario Outline: A handle that reads as a registered one is taken
    Given "Alice" has registered
    When "<handle>" registers
    Then the registration is refused citing U3 with code "handle-taken"

    Examples:
      | handle |
      | alice  |
      | ALICE  |
      | A_lice |
      | al1ce  |
      | aIice  |

  @U4 @R64
  Scenario Outline: Reserved names are refused, and their look-alikes
    When "<handle>" registers
    Then the registration is refused citing U4 with code "handle-reserved"

    Examples:
      | handle       |
      | admin        |
      | Adm1n        |
      | Penang_Rummy |
      | Operator     |

  @U5 @R64
  Scenario Outline: A person's handle may not pass for a bot
    When "<handle>" registers
    Then the registration is refused citing U5 with code "handle-like-bot"

    Examples:
      | handle   |
      | Robo_Bot |
      | r0bot    |
      | Greedy   |
      | pat1ent  |

  @U6
  Scenario: Registering answers a first key with every scope
    When "Alice" registers
    Then the handle is registered as "Alice"
    And Alice's first key holds the scopes play, read, keys
    When Alice's first key lists Alice's keys
    Then the list shows the keys "first key" and no secret

  @U7
  Scenario: A key issues keys of the scopes it holds, and acts only within them
    Given "Alice" has registered
    When Alice's first key issues Alice's key "reader" with scopes read
    Then the key "reader" holds the scopes read
    When the key "reader" lists Alice's keys
    Then the list shows the keys "first key, reader" and no secret
    When the key "reader" issues Alice's key "more" with scopes read
    Then the request is refused citing U7 with code "scope-not-held"
    When Alice's first key issues Alice's key "player" with scopes play
    And the key "player" lists Alice's keys
    Then the request is refused citing U7 with code "scope-not-held"

  @U7
  Scenario: A player never acts as another
    Given "Alice" has registered
    And "Bobby" has registered
    When Bobby's first key lists Alice's keys
    Then the request is refused citing U7 with code "another-players-key"

  @U8
  Scenario: A revoked key is refused from then on
    Given "Alice" has registered
    When Alice's first key issues Alice's key "reader" with scopes read
    And Alice's first key revokes Alice's key "reader"
    And the key "reader" lists Alice's keys
    Then the request is refused citing U8 with code "revoked-key"
    When Alice's first key lists Alice's keys
    Then the list shows the keys "first key, reader" and no secret
    And the list shows the key "reader" revoked
    When Alice's first key revokes Alice's key "reader"
    Then the request is refused citing U8 with code "key-revoked"

  @U9
  Scenario: A site registers a player for its user and manages its keys
    When the operator registers "SiteUser"
    Then the handle is registered as "SiteUser" by the operator
    When the operator key issues SiteUser's key "app" with scopes play
    Then the key "app" holds the scopes play
    When the operator key lists SiteUser's keys
    Then the list shows the keys "first key, app" and no secret

  @U14 @R76
  Scenario: A bot registers as a bot, its handle ending in bot
    When the bot "Deep_Thought_bot" registers
    Then the bot is registered as "Deep_Thought_bot", a bot

  @U14 @R76
  Scenario Outline: A bot's handle reads as a bot's, and never as the service's bots'
    When the bot "<handle>" registers
    Then the registration is refused citing <rule> with code "<code>"

    Examples:
      | handle            | rule | code            |
      | Deep_Thought      | U14  | handle-not-bot  |
      | greedy-rummy-bot  | U5   | handle-like-bot |
      | Random-Penang-B0t | U5   | handle-like-bot |
