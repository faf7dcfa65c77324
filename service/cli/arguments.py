"""Reading a command line of subcommands, so that a mistake is told by its subcommand.

argparse hands an option no subcommand knows back to the top-level parser, which then
prints its own usage (`penang-rummy [-h] [--version] COMMAND ...`): useless to someone
who mistyped `serve --prot 8001`. Here the subcommand that was given reports it, with
its own usage, one line naming the unknown arguments (and the option meant, where one
is close), and exit code 2, as argparse does for its other errors.
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Sequence


def parse_command_line(
    top: argparse.ArgumentParser, argv: Sequence[str] | None
) -> argparse.Namespace:
    """`top.parse_args(argv)`, but unknown arguments are refused by their subcommand."""
    args, unknown = top.parse_known_args(argv)
    if unknown:
        command = _subcommand(top, getattr(args, "command", None))
        command.error(f"unrecognized arguments: {' '.join(unknown)}{_meant(command, unknown)}")
    return args


def _subcommand(top: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser:
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            chosen: argparse.ArgumentParser = action.choices[name]
            return chosen
    return top


def _meant(command: argparse.ArgumentParser, unknown: Sequence[str]) -> str:
    """` (did you mean --port?)` for the first unknown option close to one of `command`'s."""
    options = [option for action in command._actions for option in action.option_strings]
    for given in unknown:
        if given.startswith("--"):
            close = difflib.get_close_matches(given.split("=", 1)[0], options, n=1)
            if close:
                return f" (did you mean {close[0]}?)"
    return ""
