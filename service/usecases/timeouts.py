"""The turn clock at work: each process times out the seats whose time ran out (R19).

What a timeout records is the game's own (its spec's `default_turn`): Penang's seat is
dead, reason `timeout` (R19); a draw game's seat gets a default turn, its discard
recorded with reason `timeout` (R36), and a Gin seat too, its last event of the turn
marked so (R51).

`keep_time` is one background task per process (`service.app` runs it for the app's
lifetime). It asks the clocks' index (`service.store.clocks`) what is due, settles
each game, then sleeps until the next deadline it knows, and never longer than
`poll` seconds, so that it also sees the deadlines other processes wrote.

The events are the truth: `settle` re-reads the game and computes its deadline from
the stored time of the event that began the turn before it decides. A stale row
costs one read and is set right; a game over (or gone) loses its row. The timeout is
written at the version just read, so of several processes timing out one seat (or a
seat that played at the last moment) exactly one write lands; the others' conflicts
are ignored here, and the row they leave behind is settled on the next look.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import anyio
import anyio.to_thread

from service.errors import GameNotFound, StreamConflict, VersionConflict
from service.store import GameStore
from service.store.clocks import ClockRow
from service.usecases import clock, games

#: How many due games one look settles; when there are more, the next look comes at once.
BATCH = 100
#: A row whose game is not found is kept this long past its deadline, then dropped. A row
#: commits with its game's events, but a store written before that kept a new game's row
#: ahead of its events, and a write that never landed may have left one.
STRAY = timedelta(seconds=60)
#: The shortest sleep between two looks, so that a row that cannot be settled yet (a
#: race lost to a match's write) never makes the task spin.
MIN_WAIT = 0.05
_log = logging.getLogger("service.clock")


def settle(store: GameStore, row: ClockRow, now: datetime) -> bool:
    """Time out the game's seat on turn if its time ran out at `now`; else set its row right.

    Answers whether this call recorded a timeout. A lost race (another process, or the
    seat's own turn, wrote first) is no error: the game has moved on.
    """
    try:
        state = store.state(row.game_id)
    except GameNotFound:
        if now - row.deadline > STRAY:
            store.clocks.drop(row.game_id, row.version)
        else:
            store.clocks.move([row._replace(deadline=now + timedelta(seconds=1))])
        return False
    due = clock.deadline_of(store, row.game_id, state)
    if due is None:
        store.clocks.drop(row.game_id, state.version)
        return False
    if due > now:
        store.clocks.move([ClockRow(row.game_id, state.version, due)])
        return False
    try:
        games.time_out_turn(store, row.game_id, state)
    except (VersionConflict, StreamConflict):
        return False
    return True


def run_due(store: GameStore, now: datetime) -> tuple[int, bool]:
    """Settle the games whose indexed deadline has passed at `now` (a batch of them).

    Answers how many were timed out, and whether more may be due. The backlog found
    (how many were due, and how late the earliest) goes to the store's figures.
    """
    rows = store.clocks.due(now, BATCH)
    due = len(rows) if len(rows) < BATCH else store.clocks.count_due(now)
    lag = (now - rows[0].deadline).total_seconds() if rows else 0.0
    timed_out = sum(settle(store, row, now) for row in rows)
    store.metrics.clock_looked(due, lag, timed_out)
    return timed_out, len(rows) == BATCH


def look(store: GameStore, poll: float) -> float:
    """One look at the clocks: settle what is due; answers how long to sleep."""
    now = clock.now()
    _, more = run_due(store, now)
    if more:
        return MIN_WAIT
    upcoming = store.clocks.next_deadline()
    wake = now + timedelta(seconds=poll)
    if upcoming is not None:
        wake = min(wake, upcoming)
    return max(MIN_WAIT, (wake - clock.now()).total_seconds())


async def keep_time(store: GameStore, poll: float) -> None:
    """Look at the clocks until cancelled (at shutdown; a look under way finishes first)."""
    while True:
        wait = float(poll)
        try:
            wait = await anyio.to_thread.run_sync(look, store, poll)
        except Exception:
            # The store may be unreachable for a while: look again later.
            _log.exception("the turn clock could not look at its deadlines")
            store.metrics.clock_failed()
        await anyio.sleep(wait)
