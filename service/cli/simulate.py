"""`penang-rummy simulate`: many games between bots, in process or against a service.

    penang-rummy simulate [--game GAME] [--games N] [--players K]
                          [--bots greedy,random] [--seed S] [--cards C]
                          [--target T | --hands H] [--url URL [--clients C]]
                          [--records DIR [--signing-key FILE]] [--json] [--store PATH|URL]

Plays N games of K seats (`service.simulation`: the seeds, the bots' seats, the
summary's terms), in process through the rules engine, or with `--url` against a
running service, C games at once, each seat through its own token. Shows a progress bar
with the games per second on standard error, then the summary on standard output: the
win rate per bot and per seat, how the games ended, turns per game, points per bot;
`--json` prints the summary as one JSON document instead, with no progress bar.
`--records DIR` writes each game's record there (`game-000001.json`, …): over HTTP the
service's own export, signed; in process one written from the events, chained (format
`/2`) and signed as `serve` signs its export, with the key `--signing-key` names, else the
key `serve` signs with in the same environment where one exists, else unsigned (it says
so on standard error; `service.simulation.record_keys`); `penang-rummy verify` accepts
every one. `--store` (in process) writes every finished game straight into a
store, a SQLite file or a PostgreSQL URL, many games to a transaction
(`service.store.seeding`): a store of many games for the scale benchmarks. Ctrl-C stops
the run and prints the summary of the games finished.

`--game` takes every game of the registry whose seats have bots (docs/benchmarks.md). A draw
game (one with a stock, `Game.has_stock`) plays N matches of that game (in process, or with
`--url` against the service, each command through its seat's token), each with its
players named and its seed committed to (R31): basic Rummy's to `--target` points
(default 100) or of `--hands` hands (B12), Three Thirteen's its eleven hands (T1), Gin
Rummy's to `--target` (default 100, G17). The draw games' bots (greedy, random) send
one command at a time from their seat's view; `--records` writes each match's record
(`match-000001.json`), which `penang-rummy verify` replays, every hand's deal and stock
rebuilds recomputed from the revealed match seed.

Exit codes: 0 every game played; 1 no service ready at `--url` (one line, before any
game), or a game failed (the service refused or broke off; the summary so far is
printed, the failure on standard error); 2 bad options; 130 stopped by Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

import msgspec
from rich.console import Console

from domain.errors import InvalidRules
from domain.games import GAMES
from service.cli.simulate_words import print_summary, progress_bar
from service.keyfiles import KeyFileError
from service.signing import KeyRing
from service.simulation.plan import (
    DEFAULT_GAME,
    GAME_NAMES,
    SimulationOptions,
    bot_names,
    plays_matches,
)
from service.simulation.record_keys import UNSIGNED, record_keys
from service.simulation.remote import RemoteError, check_service
from service.simulation.runner import OnGame, Played, run_local, run_remote
from service.simulation.summary import Tally
from service.store.seeding import StoreSeeder, store_settings

EXIT_DONE: Final = 0
EXIT_FAILED: Final = 1
EXIT_OPTIONS: Final = 2
EXIT_INTERRUPTED: Final = 130
DEFAULT_PLAYERS: Final = 4
#: Bots of every game (`bot_names`), so that the default plays whichever `--game`.
DEFAULT_BOTS: Final = "greedy,random"


def add_simulate_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Add `simulate` to a CLI's subcommands; its `run` default returns the exit code."""
    simulate = subparsers.add_parser(
        "simulate",
        help="play many games between bots, in process or against a running service",
        description="Play games between bots from seeded fair deals, in process or over "
        "HTTP against a running service, and summarise how they ended.",
        epilog="exit codes: 0 done, 1 no service ready at --url or a game failed, 2 bad "
        "options, 130 stopped by Ctrl-C",
    )
    simulate.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=GAME_NAMES,
        help=f"the game (default {DEFAULT_GAME}): {_kinds()}",
    )
    simulate.add_argument(
        "--games", type=int, default=100, metavar="N", help="games (or matches) to play: 100"
    )
    simulate.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="K",
        help=f"seats per game (default {DEFAULT_PLAYERS}, or the nearest the game takes): "
        f"{_by_game(_seats)}",
    )
    simulate.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="LIST",
        help=f"bots taking turns at the seats, comma-separated (default {DEFAULT_BOTS}): "
        f"{_by_game(lambda game: ', '.join(bot_names(game)))}",
    )
    simulate.add_argument(
        "--seed", default="0", metavar="S", help="the seed every deal is drawn from (default 0)"
    )
    simulate.add_argument(
        "--cards", type=int, metavar="C", help="cards dealt to each player (default: the rules')"
    )
    simulate.add_argument(
        "--target",
        type=int,
        metavar="T",
        help="a match's target (default: its rules' own, or 100), where its game takes one",
    )
    simulate.add_argument(
        "--hands",
        type=int,
        metavar="H",
        help="a match's number of hands, where its game takes one",
    )
    simulate.add_argument(
        "--url", metavar="URL", help="play against the service there, e.g. http://127.0.0.1:8000"
    )
    simulate.add_argument(
        "--clients", type=int, default=1, metavar="C", help="with --url: games at once (default 1)"
    )
    simulate.add_argument(
        "--records",
        type=Path,
        metavar="DIR",
        help="write each game's record into DIR: with --url the service's signed export; in "
        "process chained (format /2) and signed with the key --signing-key names, else with "
        "the key serve signs with here where one exists (PENANG_RUMMY_SIGNING_KEY, or the "
        "file beside the SQLite file), else unsigned",
    )
    simulate.add_argument(
        "--signing-key",
        type=Path,
        metavar="FILE",
        help="in process, with --records: sign the records with this Ed25519 key (PEM, as "
        "serve's PENANG_RUMMY_SIGNING_KEY)",
    )
    simulate.add_argument(
        "--json", action="store_true", help="print the summary as JSON, with no progress bar"
    )
    simulate.add_argument(
        "--store",
        metavar="PATH|URL",
        help="in process: write each finished game into this store (a SQLite file, or "
        "postgresql://user@host:port/database), as if it had been played there",
    )
    simulate.set_defaults(run=run_simulate)
    return simulate


def _by_game(describe: Callable[[str], str]) -> str:
    """`penang: A; rummy, three-thirteen: B`: each game's `describe`, alike games together.

    The help reads each game's seats from its spec and its bots from `bot_names`, so
    that it says what `validate` accepts.
    """
    groups: dict[str, list[str]] = {}
    for game in GAME_NAMES:
        groups.setdefault(describe(game), []).append(game)
    return "; ".join(f"{', '.join(games)}: {text}" for text, games in groups.items())


def _kinds() -> str:
    """`penang: games; rummy, three-thirteen, gin: matches`, as each game is simulated."""
    return _by_game(lambda game: "matches" if plays_matches(GAMES[game]) else "games")


def _seats(game: str) -> str:
    return f"{GAMES[game].players.start} to {GAMES[game].players.stop - 1}"


def run_simulate(args: argparse.Namespace) -> int:
    """Run the simulation `args` describe; print its summary; return the exit code."""
    try:
        options = _options(args)
        keys = _record_keys(args)
    except (ValueError, InvalidRules, KeyFileError) as error:
        print(f"penang-rummy simulate: {error}", file=sys.stderr)
        return EXIT_OPTIONS
    if args.url is not None:
        try:
            check_service(args.url)
        except RemoteError as error:
            print(f"penang-rummy simulate: {error}", file=sys.stderr)
            return EXIT_FAILED
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    tally = Tally(options)
    started = time.perf_counter()
    seeder = None if args.store is None else StoreSeeder(store_settings(args.store))
    with progress_bar(options.games, hidden=args.json) as progress:
        task = progress.add_task("simulate", total=options.games)

        def on_game(played: Played) -> None:
            if args.records is not None:  # first: every game counted has its record
                (args.records / played.name).write_bytes(played.record(keys))
            if seeder is not None:
                seeder.add(list(played.events), played.plan.server_seed)
            tally.add(played.outcome())
            progress.advance(task)

        try:
            code, failure = _run(options, args, on_game)
        finally:
            if seeder is not None:
                seeder.close()
                print(f"stored {seeder.stored} games in {args.store}", file=sys.stderr)
    summary = tally.summary(time.perf_counter() - started, interrupted=code != EXIT_DONE)
    if args.json:
        sys.stdout.write(msgspec.json.encode(summary).decode("utf-8") + "\n")
    else:
        print_summary(summary, Console())
    if failure:
        print(f"penang-rummy simulate: {failure}", file=sys.stderr)
    return code


def _run(options: SimulationOptions, args: argparse.Namespace, on_game: OnGame) -> tuple[int, str]:
    """Play the run; its exit code, and what failed if a game did."""
    try:
        if args.url is not None:
            run_remote(options, args.url, args.clients, on_game)
        else:
            run_local(options, on_game)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED, ""
    except RemoteError as error:
        return EXIT_FAILED, str(error)
    return EXIT_DONE, ""


def _record_keys(args: argparse.Namespace) -> KeyRing | None:
    """The keys that sign the records written in process (`record_keys`), or None."""
    keys = record_keys(args.signing_key, records=args.records is not None, url=args.url)
    if keys is None and args.records is not None and args.url is None:
        print("penang-rummy simulate: " + UNSIGNED, file=sys.stderr)
    return keys


def _players(args: argparse.Namespace) -> int:
    """`--players`, or `DEFAULT_PLAYERS` brought within the seats the game takes."""
    if args.players is not None:
        return int(args.players)
    seats = GAMES[args.game].players
    return min(max(DEFAULT_PLAYERS, seats.start), seats.stop - 1)


def _options(args: argparse.Namespace) -> SimulationOptions:
    if args.clients < 1:
        raise ValueError(f"--clients must be at least 1, not {args.clients}")
    if args.clients > 1 and args.url is None:
        raise ValueError("--clients plays games at once over HTTP: give --url too")
    if args.store is not None and args.url is not None:
        raise ValueError("--store writes games played in process: give it without --url")
    if args.store is not None and plays_matches(GAMES[args.game]):
        raise ValueError(f"--store writes single games: not {args.game} matches")
    bots = tuple(name.strip() for name in args.bots.split(","))
    return SimulationOptions(
        games=args.games,
        players=_players(args),
        bots=bots,
        seed=args.seed,
        cards=args.cards,
        game=args.game,
        target=args.target,
        hands=args.hands,
    ).validate()
