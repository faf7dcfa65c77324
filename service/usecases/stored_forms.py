"""The stored form of events (`domain.codec`), typed for the contract.

A record holds its events as they were stored: each event's fields, its `type` and its
schema version `v`. The service reads them as plain objects, hashing each exactly as it
stands (domain.chain) and upcasting an older version when it decodes it (domain.codec),
so the record documents decode their events as dicts. For the contract each stored
type is also described by a schema-only struct, `Stored<type>` (`StoredDealt`,
`StoredMatchOpened`): the event's fields and `v`, tagged by `type`, so that a client
generated from the contract reads a record's events as a discriminated union of typed
objects. An older schema version may lack the fields its upcasters write in: those are
optional in the stored type (an upcaster that needs a field it is given makes every
field optional, since what an older version held cannot then be told).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, get_origin

import msgspec
from msgspec import UNSET, UnsetType

from domain.codec import TYPE_KEY, VERSION_KEY, EventCodec

#: How the contract refers to a component schema (OpenAPI 3.1).
COMPONENT_REF: Final = "#/components/schemas/{name}"
#: The most fields a stored event has (type and `v` included): the bound the contract states.
MAX_STORED_FIELDS: Final = 16


def stored_types(codec: EventCodec[Any]) -> tuple[type[msgspec.Struct], ...]:
    """One schema-only struct per event type of `codec`: its fields and `v`, by tag."""
    return tuple(_stored_type(codec, tag, cls) for tag, cls in codec.types.items())


def stored_event_meta(codec: EventCodec[Any]) -> msgspec.Meta:
    """The contract of one stored event of `codec`'s family: a union of its stored types."""
    refs = {tag: COMPONENT_REF.format(name=_name(tag)) for tag in codec.types}
    return msgspec.Meta(
        description=(
            "One event in its stored form (domain.codec): the event's `type`, its schema "
            "version `v` and its fields. `v` runs from 1 to the type's current version "
            "(the service reads no newer one); an older one is upcast when read."
        ),
        extra_json_schema={
            "maxProperties": MAX_STORED_FIELDS,
            "oneOf": [{"$ref": ref} for ref in refs.values()],
            "discriminator": {"propertyName": TYPE_KEY, "mapping": refs},
        },
    )


def _name(tag: str) -> str:
    return f"Stored{tag}"


def _stored_type(codec: EventCodec[Any], tag: str, cls: type[msgspec.Struct]) -> type[Any]:
    # A generic event (the draw games' `HandDealt`) is described by its class, whose
    # parameters the contract states as the service reads them (`open_types`).
    event_class = get_origin(cls) or cls
    current = codec.versions[tag]
    version = Annotated[
        int,
        msgspec.Meta(
            ge=1,
            le=current,
            description=f"The schema version `{tag}` was stored at (1 to {current}).",
        ),
    ]
    older = tuple(
        (field.name, field.type | UnsetType, UNSET)
        for field in msgspec.structs.fields(cls)
        if field.name in _lacking_in_older_versions(codec, tag)
    )
    summary = (event_class.__doc__ or tag).strip().splitlines()[0]
    return msgspec.defstruct(
        _name(tag),
        [(VERSION_KEY, version), *older],
        bases=(event_class,),
        tag=tag,
        kw_only=True,
        frozen=True,
        module=__name__,
        namespace={"__doc__": f"{summary} Stored form: its fields, `type` and `v`."},
    )


def _lacking_in_older_versions(codec: EventCodec[Any], tag: str) -> set[str]:
    """The fields some older stored version of `tag` may lack: those its upcasters add."""
    fields = {field.name for field in msgspec.structs.fields(codec.types[tag])}
    lacking: set[str] = set()
    for version in range(1, codec.versions[tag]):
        try:
            upcast = codec.upcast({TYPE_KEY: tag, VERSION_KEY: version})
        except Exception:  # an upcaster that reads a field: assume nothing is kept
            return fields
        lacking |= set(upcast) & fields
    return lacking
