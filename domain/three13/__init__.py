"""Three Thirteen (seed 003; RULES.md T1–T11) on the draw-game core (`domain.drawgame`).

What Three Thirteen adds to the core: its options, its eleven hands with their sizes and
wild ranks, and its meld terms (`rules`: T1–T3, T5, T6), going out with the melds the
hand forms and the last turns of the others (`commands`, `game`: T4, T7, T8), the exact
deadwood of a hand (`deadwood`: T9) and the score (`scoring`), the legal moves
(`moves`), its event codec and replay (`codec`), and what a match of its eleven hands
needs (`hands`: T11, the deal rotating to the left).
"""
