"""Rule ids as a type: every id of seeds/RULES.md (P, D, B, T, G) and seeds/READINGS.md (R).

Rule violations, invalid rule options, the audit's verdicts and the mismatch tables name
the rule they apply with a `RuleId`, so an id that no document defines (a typo, a rule
renumbered) fails the type check instead of reaching a client. tests/unit/test_rule_ids.py
keeps the list equal to the ids the two documents define. Penang's rules use P, D and
R1–R18; basic Rummy (`domain.rummy`) B, Three Thirteen (`domain.three13`) T, and both
the readings from R20 (R45 among them); Gin Rummy (`domain.gin`) G, R37–R44, for its
matches R46–R48, for its seat views and bot seats R49–R50, for its turn clock R51–R52,
and for Hollywood scoring (G18) R53–R55; the order of an HTTP request's refusals, its
token first, R56.
"""

from __future__ import annotations

from typing import Literal

# fmt: off
RuleId = Literal[
    # Penang Rummy (RULES.md)
    "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11",
    "P12", "P13", "P14", "P15", "P16", "P17", "P18", "P19", "P20", "P21", "P22",
    "P23", "P24", "P25", "P26", "P27", "P28", "P29", "P30", "P31", "P32", "P33",
    # defaults where the seeds are silent (RULES.md)
    "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8",
    # readings where a rule needed a choice (READINGS.md)
    "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11",
    "R12", "R13", "R14", "R15", "R16", "R17", "R18", "R19",
    # readings for basic Rummy and Three Thirteen (READINGS.md)
    "R20", "R21", "R22", "R23", "R24", "R25", "R26", "R27", "R28", "R29", "R30",
    "R31", "R32", "R33", "R34", "R35", "R36", "R45",
    # basic Rummy (RULES.md)
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11",
    "B12",
    # Three Thirteen (RULES.md)
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "T11",
    # Gin Rummy (RULES.md) and its readings (READINGS.md)
    "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11",
    "G12", "G13", "G14", "G15", "G16", "G17", "G18",
    "R37", "R38", "R39", "R40", "R41", "R42", "R43", "R44", "R46", "R47", "R48",
    # Gin Rummy's seat views and bot seats (READINGS.md)
    "R49", "R50",
    # Gin Rummy's turn clock (READINGS.md)
    "R51", "R52",
    # Gin Rummy's Hollywood scoring (READINGS.md)
    "R53", "R54", "R55",
    # the order of a request's refusals: its token first (READINGS.md)
    "R56",
]
# fmt: on
