"""Penang Rummy (seeds 002 and 005; RULES.md P1–P33, D1–D8) on the engine's core.

What Penang Rummy adds to the core, one module per concept: its rule options (`rules`:
P1–P3, D1–D8), its melds and lay-offs under its terms (`melds`: P13–P22, D3–D5), its
turn's actions (`commands`: the swap, P23), its events (`events`) and their stored form
(`codec`), the state (`state`) and its fold (`fold`, over a mutable `draft`), its
commands (`game`: P9–P12, P26–P32, D5–D8, R19), wildcard substitution (`wildcards`:
P22–P25), the exact dead check (`dead_check`: P29, R8), the legal moves as whole turns
(`moves`: D6), scoring
(`scoring`: P33, D1, D7), what each seat may see (`views`: P5, R3), the replay of its
records (`audit`, with `proof` for its deal, `mismatch` for the rule an event breaks
and `recorded_actions` for what a seat sent), and its `Game` (`spec`).
"""
