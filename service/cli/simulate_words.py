"""What `penang-rummy simulate` shows: its progress bar while it runs, then its summary in
words: the run, the tables by bot and by seat, the endings and the turns
(`service.simulation.summary` computes them)."""

from __future__ import annotations

from typing import Final

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

from domain.games import GAMES
from service.simulation.summary import Spread, Summary

#: Each ending in words, by the reason the summary counts (a game's end, or a match's).
_ENDS: Final = {
    "game": "by Game",
    "all_dead": "every seat dead",
    "target": "at the target",
    "games": "after the hands",
}


def print_summary(summary: Summary, console: Console) -> None:
    """The summary in words: a game's or a match's, as the run played them."""
    one = "match" if summary.matches else "game"
    unit = f"{one}es" if summary.matches else f"{one}s"
    played = f"{summary.games} {unit}"
    if summary.matches:
        played += f" of {GAMES[summary.game].title}"
    if summary.interrupted:
        played = f"stopped after {summary.games} of {summary.planned} {unit}"
    cards = [f"{summary.cards} cards each"] if summary.cards is not None else []
    rate = summary.decisions / summary.seconds if summary.seconds > 0 else 0.0
    bots = f"bots {','.join(summary.bots)}"
    run = _listed([played, f"{summary.players} players", *cards, bots, f"seed {summary.seed}"])
    took = [f"{summary.seconds:.1f} s", f"{summary.games_per_second:.1f} {unit}/s"]
    timing = _listed([*took, f"{rate:.0f} decisions/s"])
    _say(console, [*run[:-1], f"{run[-1]}:"], timing)
    _say(console, ["by bot", f"(a fair share of wins per seat is 1/{summary.players})"])
    console.print(_bots_table(summary, points="totals" if summary.matches else "points"))
    _say(console, ["by seat,", "and by turn order", "(1st: the dealer's left)"])
    console.print(_seats_table(summary))
    ends = [
        f"{_ENDS.get(reason, reason)}: {count} ({_percent(count, summary.games)})"
        for reason, count in summary.endings.items()
    ]
    _say(console, [f"{'matches ' if summary.matches else ''}ended", *_listed(ends)])
    _say(console, [f"turns per {one}:", *_listed(_spread(summary.turns))])


def _listed(phrases: list[str]) -> list[str]:
    """Phrases of a list: each but the last ends with its comma."""
    return [f"{phrase}," for phrase in phrases[:-1]] + phrases[-1:]


def _say(console: Console, *parts: list[str]) -> None:
    """One sentence of phrases, in `parts`: on one line where it fits the console, else
    each part on a line of its own, broken between phrases where still too wide (a line
    never ends mid-phrase: "130 / decisions/s"), the lines after the first indented."""
    phrases = [phrase for part in parts for phrase in part]
    if len(" ".join(phrases)) <= console.width:
        console.print(" ".join(phrases), soft_wrap=True)
        return
    lines: list[str] = []
    for part in parts:
        lines.append(part[0] if not lines else f"  {part[0]}")
        for phrase in part[1:]:
            if len(lines[-1]) + 1 + len(phrase) > console.width:
                lines.append(f"  {phrase}")
            else:
                lines[-1] += f" {phrase}"
    for line in lines:
        console.print(line, soft_wrap=True)


def _bots_table(summary: Summary, points: str = "points") -> Table:
    table = Table()
    table.add_column("bot")
    for heading in ("seats", "wins", "win rate", "share", f"{points}: mean", "median", "p90"):
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
    table = Table()
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


def _spread(values: Spread) -> list[str]:
    return [
        f"mean {values.mean:.1f}",
        f"median {values.median:g}",
        f"p90 {values.p90:g}",
        f"max {values.max:g}",
    ]


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def _ordinal(number: int) -> str:
    return str(number) + _SUFFIXES.get(number, "th")


_SUFFIXES: Final = {1: "st", 2: "nd", 3: "rd"}


class _GamesPerSecond(ProgressColumn):
    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s", style="progress.data.speed")


def progress_bar(total: int, *, hidden: bool) -> Progress:
    """The progress bar on standard error: the games played, per second, the time left."""
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
