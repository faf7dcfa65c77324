"""`penang-rummy simulate`: many games between bots, in process or against a service.

    penang-rummy simulate [--games N] [--players K] [--bots greedy,random] [--seed S]
                          [--cards C] [--url URL [--clients C]] [--records DIR] [--json]
                          [--store PATH|URL]

Plays N games of K seats (`service.simulation`: the seeds, the bots' seats, the
summary's terms), in process through the rules engine, or with `--url` against a
running service, C games at once, each seat through its own token. Shows a progress bar
with the games per second on standard error, then the summary on standard output: the
win rate per bot and per seat, how the games ended, turns per game, points per bot;
`--json` prints the summary as one JSON document instead, with no progress bar.
`--records DIR` writes each game's record there (`game-000001.json`, …): over HTTP the
service's own export, in process one written from the events; `penang-rummy verify`
accepts every one. `--store` (in process) writes every finished game straight into a
store, a SQLite file or a PostgreSQL URL, many games to a transaction
(`service.store.seeding`): a store of many games for the scale benchmarks. Ctrl-C stops
the run and prints the summary of the games finished.

Exit codes: 0 every game played; 1 a game failed (the service refused or broke off; the
summary so far is printed, the failure on standard error); 2 bad options; 130 stopped by
Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Final

import msgspec
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from domain.bots import BOT_NAMES
from domain.errors import InvalidRules
from service.simulation.plan import SimulationOptions
from service.simulation.remote import RemoteError
from service.simulation.runner import OnGame, Played, run_local, run_remote
from service.simulation.summary import Spread, Summary, Tally, outcome
from service.store.seeding import StoreSeeder, store_settings

EXIT_DONE: Final = 0
EXIT_FAILED: Final = 1
EXIT_OPTIONS: Final = 2
EXIT_INTERRUPTED: Final = 130


def add_simulate_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Add `simulate` to a CLI's subcommands; its `run` default returns the exit code."""
    simulate = subparsers.add_parser(
        "simulate",
        help="play many games between bots, in process or against a running service",
        description="Play games between bots (greedy, random) from seeded fair deals, in "
        "process or over HTTP against a running service, and summarise how they ended.",
        epilog="exit codes: 0 done, 1 a game failed, 2 bad options, 130 stopped by Ctrl-C",
    )
    simulate.add_argument("--games", type=int, default=100, metavar="N", help="default 100")
    simulate.add_argument(
        "--players", type=int, default=4, metavar="K", help="seats per game, 2 to 5 (default 4)"
    )
    simulate.add_argument(
        "--bots",
        default="greedy,random",
        metavar="LIST",
        help=f"bots taking turns at the seats, comma-separated: {', '.join(BOT_NAMES)} "
        "(default greedy,random)",
    )
    simulate.add_argument(
        "--seed", default="0", metavar="S", help="the seed every deal is drawn from (default 0)"
    )
    simulate.add_argument(
        "--cards", type=int, metavar="C", help="cards dealt to each player (default: the rules')"
    )
    simulate.add_argument(
        "--url", metavar="URL", help="play against the service there, e.g. http://127.0.0.1:8000"
    )
    simulate.add_argument(
        "--clients", type=int, default=1, metavar="C", help="with --url: games at once (default 1)"
    )
    simulate.add_argument(
        "--records", type=Path, metavar="DIR", help="write each game's record into DIR"
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


def run_simulate(args: argparse.Namespace) -> int:
    """Run the simulation `args` describe; print its summary; return the exit code."""
    try:
        options = _options(args)
    except (ValueError, InvalidRules) as error:
        print(f"penang-rummy simulate: {error}", file=sys.stderr)
        return EXIT_OPTIONS
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    tally = Tally(options)
    started = time.perf_counter()
    seeder = None if args.store is None else StoreSeeder(store_settings(args.store))
    with _progress(options.games, hidden=args.json) as progress:
        task = progress.add_task("simulate", total=options.games)

        def on_game(played: Played) -> None:
            if args.records is not None:  # first: every game counted has its record
                path = args.records / f"game-{played.plan.number:06d}.json"
                path.write_bytes(played.record())
            if seeder is not None:
                seeder.add(played.events, played.plan.server_seed)
            tally.add(outcome(played.plan, played.events))
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
        _print_summary(summary, Console())
    if failure:
        print(f"penang-rummy simulate: {failure}", file=sys.stderr)
    return code


def _run(options: SimulationOptions, args: argparse.Namespace, on_game: OnGame) -> tuple[int, str]:
    """Play the run; its exit code, and what failed if a game did."""
    try:
        if args.url is None:
            run_local(options, on_game)
        else:
            run_remote(options, args.url, args.clients, on_game)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED, ""
    except RemoteError as error:
        return EXIT_FAILED, str(error)
    return EXIT_DONE, ""


def _options(args: argparse.Namespace) -> SimulationOptions:
    if args.clients < 1:
        raise ValueError(f"--clients must be at least 1, not {args.clients}")
    if args.clients > 1 and args.url is None:
        raise ValueError("--clients plays games at once over HTTP: give --url too")
    if args.store is not None and args.url is not None:
        raise ValueError("--store writes games played in process: give it without --url")
    bots = tuple(name.strip() for name in args.bots.split(","))
    return SimulationOptions(
        games=args.games, players=args.players, bots=bots, seed=args.seed, cards=args.cards
    ).validate()


class _GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s", style="progress.data.speed")


def _progress(total: int, *, hidden: bool) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _GamesPerSecond(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=hidden,
    )


# --- the summary in words -------------------------------------------------------------


def _print_summary(summary: Summary, console: Console) -> None:
    played = f"{summary.games} games"
    if summary.interrupted:
        played = f"stopped after {summary.games} of {summary.planned} games"
    cards = f", {summary.cards} cards each" if summary.cards is not None else ""
    console.print(
        f"{played}, {summary.players} players{cards}, bots {','.join(summary.bots)}, "
        f"seed {summary.seed}: {summary.seconds:.1f} s, {summary.games_per_second:.1f} games/s"
    )
    console.print(_bots_table(summary))
    console.print(_seats_table(summary))
    ends = summary.endings
    console.print(
        f"ended by Game: {ends['game']} ({_percent(ends['game'], summary.games)}), "
        f"every seat dead: {ends['all_dead']} ({_percent(ends['all_dead'], summary.games)})"
    )
    console.print(f"turns per game: {_spread(summary.turns)}")


def _bots_table(summary: Summary) -> Table:
    table = Table(
        title=f"by bot (a fair share of wins per seat is 1/{summary.players})", title_justify="left"
    )
    table.add_column("bot")
    for heading in ("seats", "wins", "win rate", "share", "points: mean", "median", "p90"):
        table.add_column(heading, justify="right")
    for bot in summary.by_bot:
        table.add_row(
            bot.bot,
            str(bot.seats_played),
            f"{bot.wins:.1f}",
            f"{bot.win_rate:.1%}",
            f"{bot.win_share:.1%}",
            f"{bot.points.mean:.1f}",
            f"{bot.points.median:g}",
            f"{bot.points.p90:g}",
        )
    return table


def _seats_table(summary: Summary) -> Table:
    table = Table(title="by seat, and by turn order (1st: the dealer's left)", title_justify="left")
    for heading in ("seat", "wins", "win rate", "turn order", "wins", "win rate"):
        table.add_column(heading, justify="right")
    for seat, order in zip(summary.by_seat, summary.by_turn_order, strict=True):
        table.add_row(
            str(seat.seat),
            f"{seat.wins:.1f}",
            f"{seat.win_rate:.1%}",
            _ordinal(order.seat + 1),
            f"{order.wins:.1f}",
            f"{order.win_rate:.1%}",
        )
    return table


def _spread(values: Spread) -> str:
    return (
        f"mean {values.mean:.1f}, median {values.median:g}, p90 {values.p90:g}, max {values.max:g}"
    )


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def _ordinal(number: int) -> str:
    return str(number) + _SUFFIXES.get(number, "th")


_SUFFIXES: Final = {1: "st", 2: "nd", 3: "rd"}
