"""The contract's types made exact for the clients generated from it.

Client generators (openapi-python-client, openapi-typescript) type what the schema
states and nothing more: an `enum` without a `type` becomes `unknown` in TypeScript, a
union without a discriminator is tried member by member, a bare string is a bare
string. These patches run over the whole document, every component and operation
alike, so they cover whatever is added to the contract later:

- every `enum` or `const` whose values share one JSON type states that `type`;
- every union whose members are all references to objects tagged by one required
  property, whose values no two members share (msgspec's tagged structs: `type`; a
  game's views and moves: `game`, one view of two games mapped from both names), gets
  a `discriminator` with its mapping, where it has none;
- `Problem.code` lists every code a problem can carry (`problem_table.problem_codes`,
  derived from the error classes and the problem table, never listed by hand).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

Json = dict[str, Any]

_JSON_TYPES: Final = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"))
_REF_PREFIX: Final = "#/components/schemas/"


def type_enums(document: Json) -> None:
    """Give every `enum` and `const` without a `type` the JSON type of its values."""
    for node in _nodes(document):
        values = node.get("enum", [node["const"]] if "const" in node else None)
        if "type" in node or not isinstance(values, list) or not values:
            continue
        types = {_json_type(value) for value in values}
        if len(types) == 1 and None not in types:
            node["type"] = types.pop()


def add_discriminators(document: Json) -> None:
    """Give every union of tagged objects a discriminator naming its tag and mapping."""
    schemas: Json = document.get("components", {}).get("schemas", {})
    for node in list(_nodes(document)):
        for key in ("oneOf", "anyOf"):
            members = node.get(key)
            if "discriminator" in node or not isinstance(members, list):
                continue
            discriminator = _discriminator(members, schemas)
            if discriminator is not None:
                node["discriminator"] = discriminator


def enumerate_problem_codes(document: Json, codes: Sequence[str]) -> None:
    """State the codes a problem can carry: `Problem.code` becomes their enum."""
    problem = document.get("components", {}).get("schemas", {}).get("Problem")
    if problem is None:
        return
    problem["properties"]["code"] = {
        "type": "string",
        "enum": sorted(codes),
        "description": (
            "Stable machine-readable code: a rule's error code (`not-your-turn`, "
            "`card-not-in-hand`), or what else refused the request."
        ),
    }


def _discriminator(members: list[Any], schemas: Json) -> Json | None:
    refs = [member.get("$ref") if isinstance(member, dict) else None for member in members]
    targets: list[Json] = []
    for ref in refs:
        target = schemas.get(ref.removeprefix(_REF_PREFIX)) if isinstance(ref, str) else None
        if not isinstance(target, dict):
            return None
        targets.append(target)
    if len(targets) < 2:
        return None
    for name in _common_required(targets):
        tags = [_values(target["properties"].get(name, {})) for target in targets]
        flat = [tag for values in tags for tag in values]
        if all(tags) and all(isinstance(tag, str) for tag in flat) and len(set(flat)) == len(flat):
            return {
                "propertyName": name,
                "mapping": {
                    tag: ref for values, ref in zip(tags, refs, strict=True) for tag in values
                },
            }
    return None


def _common_required(targets: list[Json]) -> list[str]:
    first, *rest = (list(target.get("required", [])) for target in targets)
    return [name for name in first if all(name in others for others in rest)]


def _values(schema: Json) -> list[object]:
    """The values a property may take, where it states them (`const`, `enum`)."""
    if "const" in schema:
        return [schema["const"]]
    values = schema.get("enum")
    return list(values) if isinstance(values, list) else []


def _json_type(value: object) -> str | None:
    for python_type, name in _JSON_TYPES:
        if isinstance(value, python_type):
            return name
    return None


def _nodes(node: object) -> Iterator[Json]:
    """Every object of the document, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for value in node:
            yield from _nodes(value)
