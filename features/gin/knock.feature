Feature: Melds, deadwood and the knock in Gin Rummy
  Melds are 3 or 4 of a rank, or 3 or more of one suit in sequence, the ace low only
  (G5). Deadwood counts ace 1, 2–10 face value, J Q K 10 (G6). A player whose hand, less
  one discard, leaves deadwood at most the knock card may knock (G9; in Oklahoma the
  first upcard sets the knock card, G16); the default offers the knock whenever some
  discard does, OpenSpiel judges the hand by its own figure (R40). A knock, or a knock's
  discard, over the knock card is refused citing G9 (G16 in Oklahoma). After the knock
  the knocker discards, lays its melds one by one and says done; the defender lays off,
  says done, lays its melds and says done (G10, R44); at its last done its cards left are
  laid in melds for the least deadwood, as a player shows them, or counted as it left them
  with `defender: "explicit"` (R62).

  Background:
    Given Gin seat 0 is dealt "2S 3S 4S 5H 5D 5C 9C 9D 9H KH"
    And Gin seat 1 is dealt "AH 3C 6D 8C 10H QC KD 2D 7S JD"

  @G5 @http
  Scenario: The ace is low only, and a set may hold four cards
    # With the upcard AS: AS 2S 3S, JS QS KS and four sevens, 8D to throw away: gin.
    Given Gin seat 0 is dealt "2S 3S JS QS KS 7H 7D 7C 7S 8D"
    And Gin seat 1 is dealt "AH 3C 6D 9C 10H QC KD 2D 4H JD"
    And the Gin upcard is "AS"
    When Gin seat 0 plays "draw discard; knock; discard 8D"
    Then Gin seat 0 may "meld AS 2S 3S"
    And Gin seat 0 may "meld 7H 7D 7C 7S"
    And Gin seat 0 may not "meld QS KS AS"
    When Gin seat 0 plays "meld QS KS AS"
    Then the Gin command is refused citing G5
    When Gin seat 0 plays "meld KS AS 2S"
    Then the Gin command is refused citing G5
    When Gin seat 0 plays "meld AS 2S 3S; meld JS QS KS; meld 7H 7D 7C 7S; done"
    Then the Gin command is accepted
    And it is Gin seat 1's turn in the "defend_meld" phase

  @G6 @http
  Scenario: Deadwood is the value of the cards in no meld
    # Seat 0 keeps 6H out of its melds; seat 1 melds nothing: A 1, 2 to 10 their
    # face value, J Q K 10 each (1 + 3 + 6 + 8 + 10 + 10 + 10 + 2 + 7 + 10).
    Given the Gin upcard is "6H"
    When Gin seat 0 plays "draw discard; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done; done"
    Then the Gin deadwood left is 6 and 67

  @G9 @R40 @http
  Scenario Outline: The knock goes by the least deadwood, or by OpenSpiel's figure
    # 4S 5S 6S AC 3C 4C 6C 2H 4H 5H 6H: discarding 6C leaves 10 (AC 3C 4C 2H), but the
    # first best meld group OpenSpiel's search finds, less its highest card, leaves 11.
    Given a Gin Rummy table with the "<rules>" rules
    And Gin seat 0 is dealt "4S 6S AC 3C 4C 6C 2H 4H 5H 6H"
    And Gin seat 1 is dealt "AH 3D 7D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "5S"
    When Gin seat 0 plays "draw discard"
    Then Gin seat 0 <may> "knock"

    Examples:
      | rules     | may     |
      | table     | may     |
      | openspiel | may not |

  @G9 @http
  Scenario: A hand with too much deadwood may not knock
    Given the Gin upcard is "QD"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "draw discard"
    Then Gin seat 1 may not "knock"

  @G9 @http
  Scenario: A knock over the knock card is refused citing G9
    # 7S 8S 9S and JC QC KC; AD 2H 3C 5D KD: discarding KD leaves 11, over the 10.
    Given Gin seat 0 is dealt "7S 8S 9S JC QC KC AD 2H 3C 5D"
    And Gin seat 1 is dealt "AH 4C 6D 8C 10H QH 2D 4S JD 6C"
    And the Gin upcard is "KD"
    And Gin seat 0 has played "draw discard"
    When Gin seat 0 plays "knock"
    Then the Gin command is refused with code "rule-violation" citing G9

  @G9 @R40 @http
  Scenario: OpenSpiel's figure over the knock card refuses the knock citing G9
    Given a Gin Rummy table with the "openspiel" rules
    And Gin seat 0 is dealt "4S 6S AC 3C 4C 6C 2H 4H 5H 6H"
    And Gin seat 1 is dealt "AH 3D 7D 8C 10H QC KD 2D 7S JD"
    And the Gin upcard is "5S"
    And Gin seat 0 has played "draw discard"
    When Gin seat 0 plays "knock"
    Then the Gin command is refused with code "rule-violation" citing G9

  @G16 @G9 @http
  Scenario Outline: In Oklahoma a knock over the first upcard's value is refused citing G16
    # Seat 0 draws 4H from the stock: after discarding KH, 4 is left, over the 3 of the
    # upcard 3D, and an ace means gin only; without Oklahoma the knock card is 10.
    Given the Gin option oklahoma is <oklahoma>
    And the Gin upcard is "<upcard>"
    And the Gin stock begins "4H"
    And Gin seat 0 has played "pass"
    And Gin seat 1 has played "pass"
    And Gin seat 0 has played "draw stock"
    When Gin seat 0 plays "knock"
    Then the Gin command is <outcome>

    Examples:
      | oklahoma | upcard | outcome            |
      | true     | 3D     | refused citing G16 |
      | true     | AD     | refused citing G16 |
      | false    | 3D     | accepted           |

  @G9 @G16 @http
  Scenario Outline: The knock's discard must leave deadwood within the knock card
    # After the knock seat 0 holds 2S 3S 4S, 5H 5D 5C, 9C 9D 9H, 4H and KH: discarding
    # 4H leaves 10, within the 10 of the default and over the 7 of the upcard 7C in
    # Oklahoma; discarding 9C breaks a set and leaves 32.
    Given the Gin option oklahoma is <oklahoma>
    And the Gin upcard is "7C"
    And the Gin stock begins "4H"
    And Gin seat 0 has played "pass"
    And Gin seat 1 has played "pass"
    And Gin seat 0 has played "draw stock; knock"
    When Gin seat 0 plays "discard <card>"
    Then the Gin command is <outcome>

    Examples:
      | oklahoma | card | outcome            |
      | false    | 4H   | accepted           |
      | false    | 9C   | refused citing G9  |
      | true     | 4H   | refused citing G16 |

  @G10 @R44 @http
  Scenario: The knocker discards and lays its melds, then the defender plays
    Given the Gin upcard is "6H"
    When Gin seat 0 plays "draw discard; knock; discard KH"
    Then it is Gin seat 0's turn in the "knock_meld" phase
    And Gin seat 0 may not "done"
    When Gin seat 0 plays "meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    Then it is Gin seat 1's turn in the "layoff" phase
    And Gin seat 1 may only "done"
    When Gin seat 1 plays "done; done"
    Then the Gin hand ends "knock" with points 61 and 0

  @G10 @R62 @http
  Scenario: By default the defender's cards left are shown arranged for the least deadwood
    # The defender says done twice: its runs A-3 of hearts and diamonds, A-4 of clubs
    # are laid for it, no deadwood left, and it undercuts the knocker's 8: 8 + 25.
    Given a Gin Rummy table with the "table" rules
    And Gin seat 1 is dealt "AH AC AD 2H 2C 2D 3H 3C 3D 4C"
    And the Gin upcard is "QS"
    And the Gin stock begins "8S"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "pass"
    And Gin seat 0 plays "draw stock; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done; done"
    Then Gin seat 1 has laid the melds "AH 2H 3H; AC 2C 3C 4C; AD 2D 3D"
    And the Gin hand ends "undercut" with points 0 and 33
    And the Gin deadwood left is 8 and 0

  @G10 @R62 @R44 @http
  Scenario Outline: The defender's cards left, arranged or as it laid them
    Given the Gin option defender is "<defender>"
    And Gin seat 1 is dealt "AH AC AD 2H 2C 2D 3H 3C 3D 4C"
    And the Gin upcard is "QS"
    And the Gin stock begins "8S"
    When Gin seat 0 plays "pass"
    And Gin seat 1 plays "pass"
    And Gin seat 0 plays "draw stock; knock; discard KH; meld 2S 3S 4S; meld 5H 5D 5C; meld 9C 9D 9H; done"
    And Gin seat 1 plays "done; meld AH AC AD; done"
    Then the Gin hand ends "<reason>" with points <north> and <south>
    And the Gin deadwood left is 8 and <left>

    Examples:
      | defender | reason   | north | south | left |
      | arranged | undercut | 0     | 29    | 4    |
      | explicit | knock    | 11    | 0     | 19   |
