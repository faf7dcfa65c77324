"""One pipeline per command: load, admit, decide, append, answer.

Every command a game takes (a turn, a dead declaration, the clock's timeout, a bot's
turn) goes through the same steps (`service.usecases.pipeline_steps`), in order:

1. **load** the game's state and secrets once (`load`, or `cached` from what the
   process holds), and its game's spec with them: nothing below reads them again. A
   seat's command is loaded by its HTTP guard, which checks the seat's token against
   what it loaded (`service.api.guards.seat_command`) and hands it on: `run` and
   `run_on_loop` take it;
2. **admit** the command: the turn clock's checks and If-Match (`admit`). The
   service's own commands (the clock's and a bot's, `run_as_service`) have no token
   and are not admitted;
3. **decide** through the spec (`decide`): the command's events, what they entail
   (the seed revealed, a match's next deal), and the answer;
4. **append** the events with the version they were decided at (the one write);
5. **answer**: what the process keeps once the write is stored, and the result
   (`recorded`), which the store's notices carry to the streams.

The same steps run on a worker thread (`run`) and on the event loop (`run_on_loop`);
what differs is only where they run. On the loop the load takes what the process holds
in memory and the append is awaited (the group writer commits it on its own thread).
Whatever would need a read there (nothing cached, an Idempotency-Key, a turn clock, a
match's game that ends, a refusal that the stored game may overturn, a lost write) is
the same command taken whole by `run` in a worker thread.

A command is decided on the cached state, with no read before the write: the write
names the version it was decided at, so a state that was behind (another process
wrote) is refused by the store, as is the loser of a race. A refusal of a decision on
the cached state is never final: the game is read again and the command decided once
more on what is stored (`retry`).
"""

from __future__ import annotations

from collections.abc import Callable

import anyio.to_thread
import msgspec

from domain.errors import RummyError
from service.errors import IdempotencyKeyReused, StaleVersion, TurnTimedOut, VersionConflict
from service.store import GameStore
from service.store.envelopes import Envelope, GameSecrets, StoredAnswer
from service.store.game_folds import AnyGameState
from service.usecases import game_kinds, matches, retry
from service.usecases.messages import TurnResult
from service.usecases.open_types import dec_hook
from service.usecases.pipeline_steps import (
    Answer,
    Command,
    Loaded,
    admit,
    answer_stream,
    append,
    decide,
    load,
    recorded,
)

_turn_decoder = msgspec.json.Decoder(TurnResult, dec_hook=dec_hook)

# --- where the steps run ------------------------------------------------------------------


def run(store: GameStore, command: Command, loaded: Loaded) -> Answer:
    """The command's pipeline in this (worker) thread, on what was `loaded` for it.

    A stored answer to the Idempotency-Key is replayed (or refused, for another
    request); a refusal of a decision on a state that was behind is decided again.
    """
    stream = answer_stream(command)
    if stream is not None and (stored := store.answer(stream)) is not None:
        return _replay(stored, command.fingerprint)
    for attempt in range(matches.ATTEMPTS):
        try:
            admit(store, command, loaded)
            return append(store, command, loaded, decide(store, command, loaded))
        except (RummyError, StaleVersion, TurnTimedOut, VersionConflict) as refusal:
            if stream is not None and (stored := store.answer(stream)) is not None:
                return _replay(stored, command.fingerprint)
            again = retry.decide_again(
                store, command.game_id, loaded.state, refusal, cached=loaded.cached
            )
            if again is None or attempt == matches.ATTEMPTS - 1:
                raise
            loaded = Loaded(again, loaded.secrets, loaded.spec, cached=False)
    raise AssertionError("unreachable")


def run_as_service(
    store: GameStore,
    command: Command,
    state: AnyGameState,
    game_secrets: GameSecrets | None = None,
) -> TurnResult:
    """A command the service decides for a seat itself (the clock's timeout, a bot's
    turn, R19, R33): no token, no retry, recorded at the version `state` is at
    (VersionConflict, or StreamConflict, when another write won). `game_secrets`: the
    game's, where the caller has read them already."""
    if game_secrets is None:
        game_secrets = store.secrets(command.game_id)
    loaded = Loaded(state, game_secrets, game_kinds.spec_of(state), cached=False)
    return append(store, command, loaded, decide(store, command, loaded)).result


async def run_on_loop(store: GameStore, command: Command, loaded: Loaded) -> Answer:
    """The command's pipeline on the event loop, only its write awaited; `run` in a
    worker thread wherever a step would read (see the module docstring).

    `loaded` is decided on here where it is the process's cached state. Any refusal
    (the cached state may be behind), a lost write (nothing was stored), or a game of a
    match that ends (the match is read) is taken again whole, loaded anew (`_again`).
    """
    if (
        command.key is not None
        or not loaded.cached
        or not store.writes_on_loop
        or loaded.secrets.turn_seconds is not None
    ):
        return await anyio.to_thread.run_sync(run, store, command, loaded)
    try:
        admit(store, command, loaded)
        decided = decide(store, command, loaded, _continue_on_loop)
        landed = await store.append_async(
            command.game_id,
            loaded.state.version,
            decided.events,
            decided.extra,
            at=decided.at,
            game_secrets=loaded.secrets,
            after=decided.after,
        )
    except (RummyError, StaleVersion, TurnTimedOut, _OffLoop):
        landed = False
    if not landed:
        return await anyio.to_thread.run_sync(_again, store, command)
    return recorded(store, command, loaded, decided)


def _again(store: GameStore, command: Command) -> Answer:
    """A command the loop could not record, taken whole in this thread on a new load
    (the token checked on the first still holds: a game's seats' tokens never change)."""
    return run(store, command, load(store, command.game_id))


class _OffLoop(Exception):
    """The command needs a read of the store: it is taken again in a worker thread."""


def _continue_on_loop(
    store: GameStore, game_secrets: GameSecrets, after: AnyGameState
) -> tuple[list[Envelope], Callable[[], None]]:
    """`matches.continue_after` where it reads nothing: a game outside a match, or going on."""
    if game_secrets.match_id is not None and after.ended is not None:
        raise _OffLoop("a match's game ended: the match is read")
    return matches.continue_after(store, game_secrets, after)


def _replay(stored: StoredAnswer, fingerprint: str) -> Answer:
    if stored.request_sha256 != fingerprint:
        raise IdempotencyKeyReused("this Idempotency-Key was first sent with a different request")
    return Answer(_turn_decoder.decode(stored.body), replayed=True)
