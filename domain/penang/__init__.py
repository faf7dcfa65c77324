"""Penang Rummy (seeds 002 and 005; RULES.md P1–P33, D1–D8) on the engine's core.

What Penang Rummy adds to the core: its rule options (`rules`: P1–P3, D1–D8), the state
folded from its events (`state`), its commands (`game`: P9–P12, P26–P32, D5–D8, R19),
the exact dead check (`dead_check`: P29, R8), the legal moves as whole turns (`moves`:
D6), wildcard substitution (`wildcards`: P22–P25), scoring (`scoring`: P33, D1, D7), and
the action a recorded event came from (`recorded_actions`).
"""
