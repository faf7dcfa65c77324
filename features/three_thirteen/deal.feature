Feature: The deal of Three Thirteen
  A game is eleven hands: hand n deals n + 2 cards to each player, three in the first
  hand and thirteen in the eleventh (T1). One 52-card pack serves two players, two packs
  three or four, three packs five or six, with no joker (T2, R29). Each hand has its own
  wild rank: threes in the first hand, fours in the second, and so on to kings in the
  eleventh (T3). The rest is the stock; its top card, turned up, starts the discard pile.
  While the hand runs nobody sees the stock's order, nor another seat's hand (R28).

  @T1 @T3 @R29 @http
  Scenario Outline: Hand n deals n + 2 cards, and rank n + 2 is wild
    Given hand <hand> of a game of Three Thirteen
    And a 2-player hand dealt by seat 0 from a shuffled deck
    Then each seat holds <size> cards, the stock <stock> and the discard pile 1
    And the wild rank is <wild>

    Examples:
      | hand | size | stock | wild |
      | 1    | 3    | 45    | 3    |
      | 2    | 4    | 43    | 4    |
      | 8    | 10   | 31    | 10   |
      | 9    | 11   | 29    | J    |
      | 10   | 12   | 27    | Q    |
      | 11   | 13   | 25    | K    |

  @T1 @http
  Scenario: There are eleven hands
    Given hand 12 of a game of Three Thirteen
    When a 2-player hand is dealt by seat 0 from a shuffled deck
    Then the deal is refused citing T1 with code "invalid-rules"

  @T2 @R29 @http
  Scenario Outline: A pack for each two players
    Given hand 11 of a game of Three Thirteen
    And a <players>-player hand dealt by seat 0 from a shuffled deck
    Then the hand was dealt from <cards> cards

    Examples:
      | players | cards |
      | 2       | 52    |
      | 3       | 104   |
      | 4       | 104   |
      | 5       | 156   |
      | 6       | 156   |

  @T2 @R29
  Scenario Outline: Three Thirteen takes two to six players
    Given hand 1 of a game of Three Thirteen
    When a <players>-player hand is dealt by seat 0 from a shuffled deck
    Then the deal is refused citing T2 with code "invalid-rules"

    Examples:
      | players |
      | 1       |
      | 7       |

  @T2 @http
  Scenario: No joker
    Given hand 1 of a game of Three Thirteen
    When a 2-player hand is dealt by seat 0 from a shuffled deck with "JK"
    Then the deal is refused citing T2 with code "invalid-rules"

  @T1 @R28 @http
  Scenario: Nobody sees the stock's order, nor another seat's hand
    Given hand 5 of a game of Three Thirteen
    And a 3-player hand dealt by seat 0 from a shuffled deck
    Then no viewer sees the stock's order
    And no seat sees another seat's hand
