"""Penang Rummy's events as stored (`domain.codec`): their schema versions and upcasters.

Each event type is at schema version 1 but `Dealt`, at version 2. `Dealt` v1 is a deal
stored without `rules_version` (rule 2 of `domain.codec`'s, a change of shape). The
service has never written one. A v1 deal can only mean `penang-1`, the first rules
version, so the upcaster to v2 writes that in; v2 requires the field, because a deal
whose rules version is unknown must never replay under whatever rules are current.
Penang's rule options (`domain.penang.rules.PenangRules`) are stored inside `Dealt`; a change
to their shape is a change to `Dealt`'s and is upcast here in the same way. The module's
functions (`encode_event`, `decode_event`, …) are those of `PENANG_EVENTS`.
"""

from __future__ import annotations

from typing import Final

from domain.codec import EventCodec, StoredEvent
from domain.events import Event
from domain.penang.events import EVENT_TYPES

#: Penang Rummy's events (`EVENT_TYPES`), each at schema version 1 but `Dealt`'s: a
#: version is bumped only with an upcaster.
PENANG_EVENTS: Final = EventCodec[Event](EVENT_TYPES, {"Dealt": 2})
SCHEMA_VERSIONS: Final = PENANG_EVENTS.versions
UPCASTERS: Final = PENANG_EVENTS.upcasters


@PENANG_EVENTS.upcaster("Dealt", 1)
def _dealt_v1_to_v2(data: StoredEvent) -> StoredEvent:
    """Dealt v1 stored no rules version: every v1 deal was played under `penang-1`."""
    return {**data, "rules_version": "penang-1"}


encode_event: Final = PENANG_EVENTS.encode
upcast: Final = PENANG_EVENTS.upcast
decode_event: Final = PENANG_EVENTS.decode
decode_events: Final = PENANG_EVENTS.decode_events
#: `event` as one line of JSON (no newline).
encode_event_json: Final = PENANG_EVENTS.encode_json


#: The event stored as JSON `data`.
decode_event_json: Final = PENANG_EVENTS.decode_json


PENANG_EVENTS.check()
