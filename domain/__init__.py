"""A rummy rules engine: pure functions and values, no I/O, no clock, no randomness.

The engine plays several games of the rummy family on one game-neutral core; each game
is a package of its own whose `spec` module subclasses `Game` and registers it:

    core           domain/: `cards` (the notation, packs: P1, P2), `meld_terms`, `melds`
                   and `layoffs` (runs and sets, the ace rule and wild cards as a game's
                   parameters), `deal` (one card at a time from the dealer's left, the
                   next dealer of a match: P4, P7, P8), `fair` (decks and dealers drawn
                   from seeds, stock rebuilds: P6, R20), `events` (the base, and the
                   table events every game shares), `commands` (the table's actions),
                   `codec` and `stored_head` (stored events), `views` (the one
                   `may_see`), `replay` and `mismatch` (what every game's replay
                   shares), `proof` (a deal's commitment and revealed seed), `records`,
                   `record_proofs`, `chain` and `provenance` (records and what they
                   prove), `errors`, `rule_ids`, `game` (the class every game
                   subclasses), `columns` (a match scored in several columns at once:
                   G18), `fold` (the one fold loop), `registry` (where each game
                   registers itself) and `games` (every registered game imported, and
                   the names and unions built from them)
    draw games     domain/drawgame/: what the draw games share (the stock and the discard
                   pile, the deal, drawing and discarding and their events; the state,
                   fold, views and replay, and `drawgame.game`'s `DrawGame`, the base
                   the draw games subclass); no game's rules
    Penang Rummy   domain/penang/: P1–P33, D1–D8 (its rules, turns, dead check, legal
                   moves, scoring, views, codec and replay)
    basic Rummy    domain/rummy/: B1–B12
    Rummy 500      domain/rummy500/: F1–F8 (a variant: its spec subclasses basic Rummy's)
    Three Thirteen domain/three13/: T1–T11
    Gin Rummy      domain/gin/: G1–G18 (a draw game with a state, fold and views of its
                   own: the upcard's offer, the knock, the lay-offs)
    matches        domain/match/: several games at one table, one model over every game
                   (P6–P8, R16–R18, R24, R29, R31; the scorings in columns a game's
                   spec lists, Gin's Hollywood: G18, R55)
    bots           domain/<game>/bots: each game's players of any seat, from what it may
                   see, listed by its spec; domain/bots/: their seats and their audit

Imports point inward: a game imports the core and never another game but the one it is a
variant of; the core imports
no game but through the registry (tests/unit/test_layering.py keeps it so).
"""
