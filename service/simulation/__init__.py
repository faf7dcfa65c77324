"""Simulated play: many games between bots, in process or against a running service.

`plan` says which games a run plays (their seeds, seats and bots), `local` plays one
in process through the rules engine, `remote` plays one over HTTP through a service's
API, seat by seat with each seat's own token, and `summary` tallies how they ended.
`runner` drives a run, either way, and stops cleanly between games (or, over HTTP,
between requests) when asked. None of it imports the web framework: the HTTP side is
a client (httpx); `penang-rummy simulate` (`service.cli.simulate`) is the command.

The same seed gives the same games both ways: each game's deal is drawn from the seed
text `POST /games` takes (`domain.fair`), and bots decide from their seat's view alone
(`domain.bots`), which is the same whether folded here or read from the service.
"""
