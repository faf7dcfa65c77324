"""Bots: players that choose their seat's command from what their seat may see (P5, P9–P11,
D6, R33).

Each game's bots are its own, in its package, and its spec lists them by name
(`domain.game.Game.bots`): Penang Rummy's `domain.penang.bots`, the draw games'
`domain.drawgame.bots` (given each game's rules by `domain.rummy.bots` and
`domain.three13.bots`), Gin Rummy's `domain.gin.bots`. Bots are pure and deterministic:
the same view (and, for `random`, the same seed and history) gives the same command, in
process or over HTTP alike. Every command a bot answers is one the rules accept, and a
Penang bot declares dead only when it has no move (tests/property).

What is here names no game: a game's bots as the service seats them
(`domain.bots.seats`), the cards a seat's view shows (`domain.bots.window`) and the
check of a record's bot seats (`domain.bots.audit`).
"""
