"""Basic Rummy (seeds 001 and 004; RULES.md B1–B12) on the draw-game core (`domain.drawgame`).

What basic Rummy adds to the core: its rule options and deal sizes (`rules`: B1, B2, B7,
B10), its turns with melds and lay-offs on the table and going out (`game`: B3–B7),
its scoring to the winner and going rummy (`scoring`: B8–B10), the legal moves
(`moves`), its event codec and replay (`codec`), and what a match of hands needs
(`hands`: B12, the deal passing to the left).
"""
