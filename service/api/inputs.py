"""Every request's inputs, checked once before any handler runs: one hook for the app.

Litestar reads a handler's body and parameters leniently: any Content-Type, numbers
in strings, `?version=null` as none, and a body nested deep enough to exhaust the
stack raises RecursionError (a 500). `check_inputs` is registered as the app's
`before_request` hook and derives what to check from the handler's own signature, so
a new operation is covered without a line of its own:

- a handler that takes a body (`data: JSONBody[T]`) takes it as `application/json`
  (a `charset` other than UTF-8 is refused). Anything else, or no Content-Type, is 415
  `unsupported-media-type`: no web page can then post to the service cross-origin
  without a CORS preflight, since a simple request cannot send that type. `+json`
  types are refused too: they name other formats (`merge-patch+json` is a patch);
- the body is decoded strictly as `T` (no strings for numbers, unknown fields
  refused), but by JSON's number model: `392.0` is the integer 392, as JSON Schema's
  `integer` says. A body that is not JSON, or nests deeper than `MAX_DEPTH`, is 422;
  the decoded value is handed to Litestar, so the handler gets exactly what was
  checked and the body is never decoded twice. A refusal names the field, in the body
  type's own words where it has some (`explain_refusal`);
- a query or header parameter that is present must carry a value: `?version=null`
  is refused (422 naming it) rather than read as "none";
- no bearer token in the query string, on any operation (`service.api.url_secrets`).

A handler that takes no body (declareDead) ignores whatever is sent, as before. No
handler may set a `before_request` of its own: Litestar would run it instead of this
one (a test checks every route).
"""

from __future__ import annotations

import math
import re
import weakref
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import msgspec
import msgspec.inspect
from litestar import Request
from litestar.enums import ParamType, RequestEncodingType
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.handlers import HTTPRouteHandler
from litestar.params import BodyKwarg, ParameterKwarg
from litestar.utils.scope.state import ScopeState

from service.api import url_secrets
from service.errors import BodyTooLarge, InvalidRequest, MalformedAction, UnsupportedMediaType

#: How deep a body may nest (a record's events nest 5 levels; a turn 4).
MAX_DEPTH = 32
#: Whole numbers below 10**19 written with a fraction or exponent are read as integers
#: (every integer the service takes is far smaller; larger ones stay floats and are refused).
_INTEGRAL_DIGITS = 19
#: A body error inside one action of a turn: `actions[2].cards[0]`.
_ACTION_FIELD = re.compile(r"^actions\[(\d+)\]")
_UTF8 = {"utf-8", "utf8"}


def _number(text: str) -> int | float:
    """A JSON number with a fraction or exponent: an int when its value is whole."""
    value = Decimal(text)
    if value.is_finite() and value.adjusted() < _INTEGRAL_DIGITS:
        whole = value.to_integral_value()
        if value == whole:
            return int(whole)
    return float(text)


_json = msgspec.json.Decoder(float_hook=_number)


@dataclass(frozen=True, slots=True)
class _Inputs:
    """What one handler reads: its body's type and media type, its optional parameters."""

    body: Any
    media_type: str
    #: (where, name, type) of each parameter that may be left out.
    optional: tuple[tuple[ParamType, str, Any], ...]


#: Each handler's inputs, worked out from its signature once (at its first request).
_known: weakref.WeakKeyDictionary[HTTPRouteHandler, _Inputs] = weakref.WeakKeyDictionary()


def _inputs(handler: HTTPRouteHandler) -> _Inputs:
    """What `handler` reads, from its signature; worked out once per handler."""
    try:
        known = _known.get(handler)
    except TypeError:  # Litestar's own OPTIONS handlers take no weak reference
        return _read_signature(handler)
    if known is None:
        known = _known[handler] = _read_signature(handler)
    return known


def _read_signature(handler: HTTPRouteHandler) -> _Inputs:
    body: Any = None
    media_type: str = RequestEncodingType.JSON.value
    optional: list[tuple[ParamType, str, Any]] = []
    for name, field in handler.parsed_fn_signature.parameters.items():
        kwarg = field.kwarg_definition
        if name == "data" and isinstance(kwarg, BodyKwarg):
            body = field.annotation
            media = kwarg.media_type
            media_type = media.value if isinstance(media, RequestEncodingType) else str(media)
        elif (
            isinstance(kwarg, ParameterKwarg)
            and field.is_optional
            and kwarg.param_type in (ParamType.QUERY, ParamType.HEADER)
        ):
            optional.append((kwarg.param_type, kwarg.name or name, field.annotation))
    return _Inputs(body, media_type, tuple(optional))


async def check_inputs(request: Request[Any, Any, Any]) -> None:
    """The app's before_request hook: refuse what the handler should never see."""
    handler = request.route_handler
    if not isinstance(handler, HTTPRouteHandler):
        return
    url_secrets.refuse(request)
    inputs = _inputs(handler)
    for source, name, annotation in inputs.optional:
        _present_means_a_value(request, source, name, annotation)
    if inputs.body is not None:
        _check_media_type(request, inputs.media_type)
        value = decode_body(await _body(request, handler), inputs.body)
        ScopeState.from_scope(request.scope).json = value


async def _body(request: Request[Any, Any, Any], handler: HTTPRouteHandler) -> bytes:
    """The body, or a 413 naming the limit (`Settings.max_body_bytes`)."""
    try:
        return await request.body()
    except RequestEntityTooLarge:
        limit = handler.resolve_request_max_body_size()
        raise BodyTooLarge(
            f"the body is larger than the {limit} bytes this service reads"
        ) from None


def _present_means_a_value(
    request: Request[Any, Any, Any], source: ParamType, name: str, annotation: Any
) -> None:
    """Refuse a present parameter that Litestar's lenient reading would take as none."""
    raw = (request.query_params if source is ParamType.QUERY else request.headers).get(name)
    if raw is None:
        return
    try:
        read = msgspec.convert(raw, annotation, strict=False)
    except msgspec.ValidationError:
        return  # Litestar refuses it itself, naming the parameter
    if read is None:
        raise InvalidRequest(
            f"{name}: {raw!r} is not a value; leave the parameter out to mean none", name
        )


def _check_media_type(request: Request[Any, Any, Any], accepted: str) -> None:
    sent = request.headers.get("content-type")
    if sent is not None and sent.lower() == accepted:
        return  # the type itself, with no parameter to parse (most requests)
    media_type, options = request.content_type
    charset = options.get("charset", "utf-8").lower()
    if media_type.lower() != accepted or charset not in _UTF8:
        sent = sent or "no Content-Type"
        raise UnsupportedMediaType(f"this operation takes {accepted} (UTF-8), not {sent}")


def decode_body(raw: bytes, cls: type[Any]) -> Any:
    """`raw` decoded strictly as `cls`, or a 422 error naming the field (or the body).

    A type that nests no deeper than its own fields is first decoded straight into
    `cls`; only a body that decode refuses (or that could nest without bound) takes the
    longer way: decoded untyped with JSON's numbers, its depth walked, then converted,
    which names what is wrong.
    """
    typed = _typed_decoder(cls)
    if typed is not None:
        try:
            return typed.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            pass
    try:
        document = _json.decode(raw)
    except msgspec.DecodeError as error:
        raise InvalidRequest(f"the body is not valid JSON: {error}", "body") from None
    except RecursionError:
        raise _too_deep() from None
    if _deeper_than(document, MAX_DEPTH):
        raise _too_deep()
    try:
        return msgspec.convert(document, cls, strict=True)
    except msgspec.ValidationError as error:
        raise _invalid(error, cls, document) from None


#: Each body type's own decoder; None for a type whose values could nest without bound.
_typed: dict[Any, msgspec.json.Decoder[Any] | None] = {}


def _typed_decoder(cls: Any) -> msgspec.json.Decoder[Any] | None:
    """The decoder straight into `cls`, where every value of `cls` nests at most
    `MAX_DEPTH` deep: only known fields (a struct that skips the fields it does not know
    could be sent them nested without bound), none of any type, no type inside itself."""
    try:
        return _typed[cls]
    except KeyError:
        bounded = _depth(msgspec.inspect.type_info(cls), ()) <= MAX_DEPTH
        found = _typed[cls] = msgspec.json.Decoder(cls, strict=True) if bounded else None
        return found


def _depth(info: msgspec.inspect.Type, within: tuple[type[Any], ...]) -> float:
    """How deep a value of `info` may nest (infinite: without bound, or not known)."""
    inspect = msgspec.inspect
    if isinstance(info, _SCALARS):
        return 0
    if isinstance(info, inspect.Metadata):
        return _depth(info.type, within)
    if isinstance(info, inspect.UnionType):
        return max((_depth(member, within) for member in info.types), default=0)
    if isinstance(info, inspect.CollectionType):
        return 1 + _depth(info.item_type, within)
    if isinstance(info, inspect.DictType):
        return 1 + _depth(info.value_type, within)
    if isinstance(info, inspect.TupleType):
        return 1 + max((_depth(item, within) for item in info.item_types), default=0)
    if isinstance(info, inspect.StructType) and info.forbid_unknown_fields:
        if info.cls in within:
            return math.inf
        inner = (*within, info.cls)
        return 1 + max((_depth(field.type, inner) for field in info.fields), default=0)
    # Any, raw JSON, a custom type, or a struct that skips the fields it does not know
    # (however deep they nest): without bound.
    return math.inf


_SCALARS = (
    msgspec.inspect.NoneType,
    msgspec.inspect.BoolType,
    msgspec.inspect.IntType,
    msgspec.inspect.FloatType,
    msgspec.inspect.StrType,
    msgspec.inspect.BytesType,
    msgspec.inspect.ByteArrayType,
    msgspec.inspect.LiteralType,
    msgspec.inspect.EnumType,
    msgspec.inspect.UUIDType,
    msgspec.inspect.DateTimeType,
    msgspec.inspect.DateType,
    msgspec.inspect.TimeType,
    msgspec.inspect.TimeDeltaType,
    msgspec.inspect.DecimalType,
)


def _too_deep() -> InvalidRequest:
    return InvalidRequest(f"the body nests deeper than {MAX_DEPTH} levels", "body")


def _deeper_than(document: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep (walked level by level)."""
    level = 0
    layer = [document] if isinstance(document, dict | list) else []
    while layer:
        level += 1
        if level > limit:
            return True
        layer = [
            child
            for item in layer
            for child in (item.values() if isinstance(item, dict) else item)
            if isinstance(child, dict | list)
        ]
    return False


def _invalid(error: msgspec.ValidationError, cls: Any, document: Any) -> InvalidRequest:
    """The refusal of a body that breaks its type, naming the field (and the action), in
    the words of the type's `explain_refusal` where it has some (a match record sent as a
    game record)."""
    message, _, where = str(error).partition(" - at `")
    field = where.rstrip("`").removeprefix("$").removeprefix(".") or "body"
    explain = getattr(cls, "explain_refusal", None)
    message = (explain(document, field) if callable(explain) else None) or message
    action = _ACTION_FIELD.match(field)
    if action is not None:
        return MalformedAction(f"{field}: {message}", field, int(action.group(1)))
    return InvalidRequest(f"{field}: {message}", field)
