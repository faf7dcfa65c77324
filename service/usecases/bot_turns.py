"""Bot seats at work: each process plays the bot turns that are due (R33).

`play_bots` is one background task per process (`service.app` runs it for the app's
lifetime), modelled on the turn clock (`service.usecases.timeouts`). The bot turns'
index (`GameStore.bot_turns`, a `service.store.clocks.ClockIndex` of its own table)
holds a row per running game with bot seats, due `bot_think_ms` after the game's last
write; every write of such a game moves its row on in the write's own transaction (the
winner of a race writes it), so no crash after a commit leaves a bot's turn unindexed.
The task wakes at each write of this process, and polls for the rows other processes
wrote at least every `clock_poll` seconds, so a restart or a process killed mid-game
loses no bot turn: its rows are still there.

The events are the truth: `settle` re-reads the game before it plays. A game whose
seat on turn is a person's loses its row until its next write; a game over (or gone)
loses its row. A bot's command is decided at the version just read and written at
that version, so of several processes playing one bot turn exactly one write lands;
the others' conflicts are no error, and the row they leave behind is settled on the
next look. A look plays its due tables `CONCURRENT` at a time, in worker threads, so
their writes share commits. At most `bot_turns_per_second` turns a second are played
by one process, so tables of bots alone never starve people's requests.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import datetime, timedelta
from functools import partial
from uuid import UUID

import anyio
import anyio.to_thread
from eventsourcing.persistence import PersistenceError

from domain.bots.seats import bots_of
from domain.fair import bot_seed
from service.errors import GameNotFound, StreamConflict, VersionConflict
from service.store import GameStore
from service.store.clocks import ClockRow
from service.store.game_folds import AnyGameState
from service.usecases import clock, game_kinds, games, pipeline, pipeline_steps
from service.usecases.bot_seats import bot_on_turn

#: How many due games one look settles at most.
BATCH = 100
#: A row whose game is not found is kept this long past its time, then dropped.
STRAY = timedelta(seconds=60)
#: How many tables one process plays at once (their writes share commits: SQLite's
#: group writer, PostgreSQL's pool).
CONCURRENT = 8
#: How long a row that cannot be settled yet waits before the next try.
LATER = timedelta(seconds=1)
_log = logging.getLogger("service.bots")


def play_bot_turn(store: GameStore, game_id: UUID, state: AnyGameState) -> bool:
    """Play the command of the bot seat on turn in `state`, at `state`'s version.

    Answers False where no bot is on turn. The bot is shown its seat's view only, with
    the seed of this command (`domain.fair.bot_seed`); its command is decided and
    recorded as a person's turn is (`pipeline.run_as_service`). Of two processes playing
    one bot turn, one write lands and the other gets VersionConflict (or StreamConflict).
    """
    game_secrets = store.secrets(game_id)
    name = bot_on_turn(game_secrets, state)
    seat = state.turn
    if name is None or seat is None:
        return False
    spec = game_kinds.spec_of(state)
    view = game_kinds.view(state, seat, spec=spec)
    seed = bot_seed(pipeline_steps.server_seed_of(game_secrets), seat, state.version)
    actions = bots_of(spec)[name](view, seed)
    if actions is None:
        command = games.dead_command(game_id, seat)
    else:
        command = games.turn(game_id, seat, actions)
    pipeline.run_as_service(store, command, state, game_secrets)
    return True


def settle(store: GameStore, row: ClockRow, now: datetime) -> bool:
    """Play the game's bot turn if one is due at `now`; else set its row right.

    Answers whether this call recorded a bot's turn. A lost race is no error.
    """
    try:
        state = store.state(row.game_id)
    except GameNotFound:
        if now - row.deadline > STRAY:
            store.bot_turns.drop(row.game_id, row.version)
        else:  # a row commits with its game's events; a store older than that may be late
            store.bot_turns.move([row._replace(deadline=now + LATER)])
        return False
    if bot_on_turn(store.secrets(row.game_id), state) is None:
        store.bot_turns.drop(row.game_id, state.version)
        return False
    if state.version > row.version:
        # Another process wrote since the row: the bot thinks from that write on.
        store.bot_turns.move([ClockRow(row.game_id, state.version, now + store.bot_think)])
        return False
    try:
        played = play_bot_turn(store, row.game_id, state)
    except (VersionConflict, StreamConflict):
        return False
    return played


class Pace:
    """At most `per_second` bot turns a second in this process (a token bucket)."""

    def __init__(self, per_second: int) -> None:
        self._rate = float(per_second)
        self._tokens = self._rate
        self._at = time.monotonic()

    def take(self) -> float:
        """0 where a turn may be played now (one is counted); else how long to wait."""
        now = time.monotonic()
        self._tokens = min(self._rate, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return 0.0
        return (1 - self._tokens) / self._rate


def due(store: GameStore, poll: float) -> tuple[list[ClockRow], datetime, float]:
    """The rows due now (a batch), the time they were looked at, and, with none due, how
    long to sleep: until the next row's time, and never longer than `poll`."""
    now = clock.now()
    rows = store.bot_turns.due(now, BATCH)
    if rows:
        return rows, now, 0.0
    upcoming = store.bot_turns.next_deadline()
    wake = now + timedelta(seconds=poll)
    if upcoming is not None:
        wake = min(wake, upcoming)
    return [], now, max(0.0, (wake - clock.now()).total_seconds())


def play_row(store: GameStore, row: ClockRow, now: datetime) -> None:
    """Settle one row; a table's failure is logged and tried again a second later."""
    try:
        settle(store, row, now)
    except PersistenceError:
        raise  # the store is unreachable: the task looks again later
    except Exception:
        # One table's failure (a bot's command the rules refuse would be a bug) never
        # holds up the others; its row stays, and it is tried again at the next look.
        _log.exception("the bot of game %s could not play its turn", row.game_id)
        store.bot_turns.move([row._replace(deadline=now + LATER)])


async def look(store: GameStore, poll: float, pace: Pace, limiter: anyio.CapacityLimiter) -> float:
    """One look at the bot turns: play what is due, `CONCURRENT` tables at a time (their
    writes share the store's commits); answers how long to sleep."""
    rows, now, wait = await anyio.to_thread.run_sync(due, store, poll)
    in_thread = partial(anyio.to_thread.run_sync, limiter=limiter)
    async with anyio.create_task_group() as group:
        for row in rows:
            wait = pace.take()
            if wait > 0:
                break
            group.start_soon(in_thread, play_row, store, row, now)
    return wait


async def play_bots(store: GameStore, poll: float, per_second: int) -> None:
    """Play the bot turns that come due until cancelled (at shutdown)."""
    loop = asyncio.get_running_loop()
    woken = asyncio.Event()

    def wake() -> None:
        # Told in whichever thread wrote (the loop's own, or a worker's).
        loop.call_soon_threadsafe(woken.set)

    store.wake_bots = wake
    pace = Pace(per_second)
    limiter = anyio.CapacityLimiter(CONCURRENT)
    try:
        while True:
            wait = float(poll)
            woken.clear()
            try:
                wait = await look(store, poll, pace, limiter)
            except Exception:
                # The store may be unreachable for a while: look again later.
                _log.exception("the bots could not look at their turns")
            if wait > 0:
                with anyio.move_on_after(wait):
                    await woken.wait()
    finally:
        store.wake_bots = lambda: None
