"""A game's state while its events are folded into it, derived from the state's fields.

A state is a frozen dataclass; a fold copies it once into a draft, applies every event
to the draft, and freezes the draft once, so that a rebuild copies the hands and piles
once, not once for every event (a copy of the state per event was most of a rebuild's
time). A game's draft, `class _Draft(Draft[TheState])`, names only what a fold changes,
each field once, as an annotation: a field of the state (held as the state holds it, or
otherwise where `THAWED` says how it is thawed and frozen back), or a field of the
draft's own (`THAWED` says how it begins). Every other field of the state is the
state's own, read back at the freeze from the state the draft began from (`base`).

The draft's `__slots__`, `__init__` and `freeze` are written from those annotations and
the state's fields when the class is made, as `dataclasses` writes a dataclass's
methods: code with every field named, so a fold costs what a hand-written draft did,
and a field added to a state needs no line in its draft unless a fold changes it.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Generic, TypeVar, get_args

S = TypeVar("S")


class _Drafted(type):
    """Writes a draft class's slots and methods (see the module's docstring)."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kwargs: Any
    ) -> _Drafted:
        own = {
            field: kind
            for field, kind in namespace.get("__annotations__", {}).items()
            if not str(kind).startswith(("ClassVar", "Final"))
        }
        state = _state_of(namespace)
        if state is not None:
            namespace["__slots__"] = tuple(own)
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        if state is not None:
            _write_methods(cls, state, tuple(own))
        return cls


def _state_of(namespace: Mapping[str, Any]) -> type | None:
    """The state type of `Draft[TheState]` among the class's bases; None for `Draft`."""
    for base in namespace.get("__orig_bases__", ()):
        args = get_args(base)
        if args and isinstance(args[0], type) and dataclasses.is_dataclass(args[0]):
            return args[0]
    return None


#: A field held as a list while folding, a tuple in the state.
AS_LIST: Final = ("list(v)", "tuple(v)")
#: A tuple field that stays empty in most states: None until the fold first sets it.
LAZY_LIST: Final = ("list(v) if v else None", "() if v is None else tuple(v)")
#: The hands, as lists in no particular order until the freeze sorts each one (the draft's
#: module reads `CARD_ORDER`).
SORTED_HANDS: Final = (
    "[list(hand) for hand in v]",
    "tuple(tuple(sorted(h, key=CARD_ORDER)) for h in v)",
)
#: A stock and the cards drawn off its top since (`drawn`), cut once at the freeze.
DRAWN_STOCK: Final = {"stock": ("v", "v[self.drawn :] if self.drawn else v"), "drawn": ("0", None)}


class Draft(Generic[S], metaclass=_Drafted):
    """A state while events are folded into it: mutable, frozen once (`freeze`)."""

    __slots__ = ("base",)
    #: The state the draft began from: what the events never change.
    base: S
    #: How each field named here otherwise than the state holds it is thawed (an
    #: expression of `state` and `v`, the state's value) and frozen (of `self` and `v`,
    #: the draft's value); a field of the draft's own has only its first value.
    THAWED: ClassVar[Mapping[str, tuple[str, str | None]]] = {}
    #: The state type a draft class holds (`Draft[TheState]`), set as the class is made.
    state_type: ClassVar[type]

    def __init__(self, state: S) -> None:  # pragma: no cover - written per class
        raise NotImplementedError

    def freeze(self) -> S:  # pragma: no cover - written per class
        raise NotImplementedError


def _write_methods(cls: type, state: type, own: tuple[str, ...]) -> None:
    """`cls.__init__` and `cls.freeze` for a draft of `state` holding the fields `own`."""
    thawed: Mapping[str, tuple[str, str | None]] = getattr(cls, "THAWED", {})
    fields = [field.name for field in dataclasses.fields(state)]
    missing = [name for name in own if name not in fields and name not in thawed]
    if missing:
        raise TypeError(f"{cls.__name__}: {missing} are no fields of {state.__name__}")
    begin = ["def __init__(self, state):", "    self.base = state"]
    for name in own:
        thaw = thawed[name][0] if name in thawed else "v"
        begin.append(f"    self.{name} = {_with_value(thaw, f'state.{name}')}")
    held = set(own)
    parts = []
    for name in fields:
        if name in held:
            freeze = thawed.get(name, (None, "v"))[1] or "v"
            parts.append(f"{name}={_with_value(freeze, f'self.{name}')}")
        else:
            parts.append(f"{name}=base.{name}")
    end = [
        "def freeze(self):",
        "    base = self.base",
        f"    return _State({', '.join(parts)})",
    ]
    code = "\n".join(["def _methods(_State):", *("    " + line for line in [*begin, *end])])
    code += "\n    return __init__, freeze\n"
    scope: dict[str, Any] = {}
    exec(code, vars(sys.modules[cls.__module__]), scope)  # as dataclasses does
    init, freeze = scope["_methods"](state)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    freeze.__qualname__ = f"{cls.__qualname__}.freeze"
    cls.state_type = state  # type: ignore[attr-defined]
    cls.__init__ = init  # type: ignore[misc]
    cls.freeze = freeze  # type: ignore[attr-defined]


def _with_value(expression: str, value: str) -> str:
    """`expression` with its value `v` (a whole word) as `value`."""
    return re.sub(r"\bv\b", value, expression)
