"""Rummy 500 (RULES.md F1–F8), a variant of basic Rummy (`domain.rummy`).

What it changes of basic Rummy: its rule options and deal sizes (`rules`: F1, F2, F5),
its turns with the take from deep in the discard pile and the hand's end when the stock
runs out (`table`: F3, F4, F6, F8), its score, each seat's cards on the table for it and
those in its hand against it (`scoring`: F7), the legal moves (`moves`), its event codec
and replay (`codec`), and its bots (`bots`).
"""
