"""Simulated play: many games between bots, in process or against a running service.

`plan` says which games a run plays (their seeds, seats and bots, and what the game's
spec says a run of it is: single games, or matches), `local` plays one in process
through the rules engine, `remote` plays one over HTTP through a service's API, seat by
seat with each seat's own token, and `summary` tallies how they ended. `runner` drives a
run, either way, and stops cleanly between games (or, over HTTP, between requests) when
asked. None of it imports the web framework: the HTTP side is a client (httpx);
`penang-rummy simulate` (`service.cli.simulate`) is the command.

Nothing here names a game (docs/benchmarks.md, "What simulate plays"): every game of the
registry (`domain.games`) whose seats have bots (`domain.bots.seats.bots_of`) is played
through its `Game`, one path for every game in process and one over HTTP. The same
seed gives the same games both ways: each game's deal is drawn from the seed text `POST
/games` (`POST /matches`) takes (`domain.fair`), and bots decide from their seat's view
alone, with the seed of a bot seat's command (R33), the same whether folded here or read
from the service."""
