@audit
Feature: Auditing a game record
  Anyone can check a game with nothing but the rules and the game's record (format
  penang-rummy-record/1 or /2: the rule options, the rules version and every event). The
  record is replayed event by event through the rules; the first event that breaks a
  rule is named with the rule it breaks. Before the deal the service commits to a
  secret server seed by publishing its SHA-256 in the deal; the deck order is a
  documented function of that seed and the seats' seeds (P4, P6), and the seed is
  revealed once the game is over, so the deal itself can be recomputed.

  Events are counted from 0, the deal being event 0.

  Background:
    Given a finished seeded game record of 4 players, server seed 5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed and seat seeds "hal ivy jon kay"

  @P4 @P6 @R3
  Scenario: An honest record verifies
    When the auditor verifies the record
    Then the audit finds the record valid and the game finished
    And the audit reports the deal recomputed from the revealed seed

  @P4 @P6
  Scenario: A revealed seed reproduces the deal
    When the auditor recomputes the deal from the revealed seed and the seat seeds
    Then the SHA-256 of the revealed seed is the commitment published in the deal
    And the recomputed deal gives the recorded dealer, hands and undealt cards

  @P13
  Scenario: A record with a card changed in a meld is refused
    When the auditor changes one card of the first meld to a card its seat does not hold
    And the auditor verifies the record
    Then the audit refuses the record at the tampered event citing P13 with code "card-not-in-hand"

  @P4 @P6
  Scenario: A deal that is not the one the seeds give is refused
    When the auditor exchanges a card of seat 2's hand with an undealt card
    And the auditor verifies the record
    Then the audit refuses the record at the tampered event citing P4 with code "deal-mismatch"

  @P9
  Scenario: Two events swapped are refused
    When the auditor swaps a TurnEnded event with the action after it
    And the auditor verifies the record
    Then the audit refuses the record at the tampered event citing P9 with code "event-mismatch"

  @P6
  Scenario: A revealed seed that is not the committed one is refused
    When the auditor replaces the revealed seed with another
    And the auditor verifies the record
    Then the audit refuses the record at the tampered event citing P6 with code "seed-mismatch"

  @P32
  Scenario: An event after the end of a game is refused
    When the auditor appends a TurnEnded event after the revealed seed
    And the auditor verifies the record
    Then the audit refuses the record at the tampered event citing P32 with code "after-end"

  @D6 @P29
  Scenario: A dead declaration the engine would not have recorded is refused
    When the auditor inserts a DeclaredDead event for the next seat to play, which has a move
    And the auditor verifies the record
    Then the audit refuses the record at the tampered event citing D6 with code "unexpected-event"
