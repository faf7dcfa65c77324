"""What basic Rummy (`domain.rummy`) and Three Thirteen (`domain.three13`) share: the draw games.

Both keep a hidden stock and a visible discard pile: a seat's turn begins with a draw
(the top of the stock or of the discard pile) and ends with a discard (B3, T4). What
they share lives here, one module per concept:

- `events`: `HandDealt` (the hands, the upcard that starts the discard pile, the stock
  in order), `Drew`, `Discarded`, `StockRebuilt`, `WentOut`, `HandEnded`; the core's
  `SeedRevealed`, and, for basic Rummy's table, the core's `Melded` and `LaidOff`; and
  `DrawRules`, what the core reads of a game's rule options (each game gives its own);
- `commands`: the `draw` and `discard` actions;
- `deal`: dealing a hand from a deck (`hand_dealer`, a game's deal from its packs and
  hand size), and the deck a recorded deal was dealt from;
- `state`: a hand's state, and `fold`, its fold (decide, then evolve) over a mutable
  `draft`;
- `piles`: the shared decisions: whose turn, drawing (and rebuilding an empty stock from
  the discard pile, B11, T10, R20), discarding, revealing the seed;
- `views`: what a viewer may see (the core's one rule, `domain.views.may_see`): the
  stock's order never while the hand runs, a card drawn from the stock only by its
  drawer, the discard pile always (R28);
- `audit`: replaying a recorded hand through its game's rules;
- `spec`: a draw game's events, the actions its record reads back as, and its
  `Game`, built from what the game names of its own;
- `errors`: the refusals only draw games have.

Each game names its own rule ids for these shared decisions (`piles.DrawTerms`) and adds
its own rule options, turn structure, deal sizes, scoring and end of hand; nothing here
imports a game.
"""
