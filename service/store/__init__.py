"""The event store: games, their secrets and idempotent answers over eventsourcing.

`event_store.GameStore` is the one application per process; `envelopes` says how
domain events and the service's own records are stored. Nothing here knows HTTP.
"""

from service.store.event_store import GameStore

__all__ = ["GameStore"]
