Feature: The deal
  Penang Rummy is played with two 52-card packs and six jokers, 110 cards, or eight
  jokers, 112 (P1). It takes two to five players; five add a third pack (P2, D2). With
  four or more players each is dealt 20 cards, with three 25 (P3), with two 25 (D2). The
  dealer deals one card at a time, starting on their left and going clockwise (P4). The
  undealt cards are put aside face down and play no further part (P5).

  Cards are written rank then suit letter (AS, 10H, QC) and JK for a joker. Seats are
  numbered clockwise from 0, so the seat on the left of seat 1 is seat 2. A hands table
  gives each seat's cards in the order they are dealt; the rest of the deck is put aside.

  @P1 @http
  Scenario: Two packs and six jokers make a deck of 110 cards
    Given a 4-player game dealt by seat 0 from two shuffled packs and 6 jokers
    Then the deal used 110 cards
    And each seat holds 20 cards and 30 cards are put aside

  @P1
  Scenario: With the eight-joker option the deck holds 112 cards
    Given the rule option "jokers" is 8
    And a 4-player game dealt by seat 0 from two shuffled packs and 8 jokers
    Then the deal used 112 cards
    And each seat holds 20 cards and 32 cards are put aside

  @P1
  Scenario: A table uses six jokers or eight, no other number
    Given the rule option "jokers" is 7
    When a 4-player game is dealt by seat 0 from two shuffled packs and 7 jokers
    Then the deal is refused citing P1 with code "invalid-rules"

  @P1
  Scenario Outline: A deck that is not the table's packs and jokers is refused
    When a 4-player game is dealt by seat 0 from <packs> shuffled packs and <jokers> jokers
    Then the deal is refused citing P1 with code "invalid-rules"

    Examples:
      | packs | jokers |
      | two   | 8      |
      | two   | 5      |
      | three | 6      |

  @P1
  Scenario: A deck missing one card is refused
    When a 4-player game is dealt by seat 0 from two packs and 6 jokers less one "QS"
    Then the deal is refused citing P1 with code "invalid-rules"

  @P2 @D2 @R14 @http
  Scenario: Five players add a third pack
    Given a 5-player game dealt by seat 4 from three shuffled packs and 6 jokers
    Then the deal used 162 cards
    And each seat holds 20 cards and 62 cards are put aside

  @P2 @D2
  Scenario: Five players cannot be dealt from two packs
    When a 5-player game is dealt by seat 0 from two shuffled packs and 6 jokers
    Then the deal is refused citing P1 with code "invalid-rules"

  @P2
  Scenario Outline: Penang Rummy takes two to five players
    When a <players>-player game is dealt by seat 0 from <packs> shuffled packs and 6 jokers
    Then the deal is refused citing P2 with code "invalid-rules"

    Examples:
      | players | packs |
      | 1       | two   |
      | 6       | three |

  Scenario Outline: Each player's hand size follows the number of players
    Given a <players>-player game dealt by seat 0 from <packs> shuffled packs and 6 jokers
    Then each seat holds <cards> cards and <aside> cards are put aside

    @P3
    Examples: as the seeds deal
      | players | packs | cards | aside |
      | 3       | two   | 25    | 35    |
      | 4       | two   | 20    | 30    |

    @D2
    Examples: where the seeds are silent
      | players | packs | cards | aside |
      | 2       | two   | 25    | 60    |
      | 5       | three | 20    | 62    |

  @P3
  Scenario: More cards than the deck holds cannot be dealt
    Given the rule option "cards_per_player" is 33
    When a 5-player game is dealt by seat 0 from three shuffled packs and 6 jokers
    Then the deal is refused citing P3 with code "invalid-rules"

  @P4 @http
  Scenario: The dealer deals one card at a time, from their left, clockwise
    # Seat 1 deals: the 1st card to seat 2, the 2nd to seat 0, the 3rd to seat 1 (the
    # dealer), the 4th to seat 2 again, and so on.
    Given a 3-player game with 4 cards each dealt by seat 1 from a deck whose top cards are "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D"
    Then seat 2 holds "AS 2S 3S 4S"
    And seat 0 holds "AH 2H 3H 4H"
    And seat 1 holds "AD 2D 3D 4D"
    And 98 cards are still put aside

  @P4
  Scenario: The dealer is one of the players
    When a 3-player game is dealt by seat 3 from two shuffled packs and 6 jokers
    Then the deal is refused citing P4 with code "invalid-rules"

  @P5 @R3 @http
  Scenario: The undealt cards stay hidden from every seat while the game runs
    Given a 3-player game dealt by seat 0 with these hands:
      | seat | hand        |
      | 1    | 3H 4H 5H 9C |
      | 2    | 8C 8D 8S KD |
      | 0    | AS AH AD 2C |
    And seat 1 played "meld 3H 4H 5H"
    Then the game is not over
    And no viewer sees the undealt cards
    And each seat sees its own hand and no other

  @P5 @R3
  Scenario: Once the game is over the record shows the undealt cards
    Given a 2-player game dealt by seat 0 with these hands:
      | seat | hand     |
      | 1    | 3H 4H 5H |
      | 0    | 9C 9D KS |
    When seat 1 plays "meld 3H 4H 5H"
    Then the game ended with Game declared by seat 1
    And every viewer sees the 104 undealt cards
