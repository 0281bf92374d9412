"""JavaScript property access on Python objects: ``owner[name]`` read and write.

Port of the property walk Babylon.js 9.31 ``Animations/runtimeAnimation`` and
``animatable.core`` do on their targets (``target[path]``): a name is a Mapping key, a
sequence index (digit names) or an attribute, and an absent one is ``undefined``
(:data:`MISSING` here). Shared by the evaluator, the late-binding blend and the delegation
boundary.

:func:`check_walk` is the sealed walk every binding runs once (``RuntimeAnimation``,
``Animation`` at parse, ``TransitionTo``): it shares :mod:`lite.animation.path_guard` with
``lite``'s property binding, so a path from data never names a dunder attribute
(``LITE-PATH-007``) nor passes through or ends on a class, module, function or frame
(``LITE-PATH-008``).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, MutableSequence, Sequence
from typing import Any, Final

import numpy as np

from lite.path_guard import check_path_reached, check_path_segments

__all__ = [
    "MISSING",
    "check_walk",
    "clone",
    "get_property",
    "is_plain",
    "lookup",
    "set_property",
]

#: JavaScript's ``undefined`` as :func:`lookup` returns it (a ``None`` value is ``null``).
MISSING: Any = object()


#: How :func:`lookup` and :func:`set_property` treat an owner, per type (the ABC checks cost
#: microseconds and run for every path segment of every track; a type's answer never changes
#: unless a class is registered with an ABC after its first use here).
_PLAIN: Final = 0
_MAPPING: Final = 1
_SEQUENCE: Final = 2
_READ_KINDS: dict[type, int] = {}
_WRITE_KINDS: dict[type, int] = {}


def _read_kind(owner: object) -> int:
    kind = _READ_KINDS.get(type(owner))
    if kind is None:
        if isinstance(owner, Mapping):
            kind = _MAPPING
        elif isinstance(owner, Sequence | np.ndarray) and not isinstance(owner, str | bytes):
            kind = _SEQUENCE
        else:
            kind = _PLAIN
        _READ_KINDS[type(owner)] = kind
    return kind


def _write_kind(owner: object) -> int:
    kind = _WRITE_KINDS.get(type(owner))
    if kind is None:
        if isinstance(owner, MutableMapping):
            kind = _MAPPING
        elif isinstance(owner, MutableSequence | np.ndarray):
            kind = _SEQUENCE
        else:
            kind = _PLAIN
        _WRITE_KINDS[type(owner)] = kind
    return kind


def is_plain(owner: object) -> bool:
    """Whether ``owner[name]`` is an attribute read and ``owner[name] = value`` an attribute
    store for every name (neither a mapping nor a sequence)."""
    return _read_kind(owner) == _PLAIN and _write_kind(owner) == _PLAIN


def lookup(owner: Any, name: str) -> Any:
    """``owner[name]`` with JavaScript's lenience: :data:`MISSING` for ``undefined``."""
    kind = _READ_KINDS.get(type(owner))
    if kind is None:
        kind = _read_kind(owner)
    if kind == _PLAIN:
        return getattr(owner, name, MISSING)
    if kind == _MAPPING:
        return owner.get(name, MISSING)
    if name.isdigit():
        index = int(name)
        return owner[index] if index < len(owner) else MISSING
    return getattr(owner, name, MISSING)


def get_property(owner: Any, name: str) -> Any:
    """``owner[name]``: a Mapping key, a sequence index (digit names) or an attribute.

    Returns ``None`` when the property does not exist.
    """
    value = lookup(owner, name)
    return None if value is MISSING else value


def set_property(owner: Any, name: str, value: Any) -> None:
    """``owner[name] = value`` on a Mapping, a sequence (digit names) or an attribute."""
    kind = _write_kind(owner)
    if kind == _MAPPING:
        owner[name] = value
    elif kind == _SEQUENCE and name.isdigit():
        owner[int(name)] = value
    else:
        setattr(owner, name, value)


def check_walk(target: Any, parts: Sequence[str]) -> None:
    """Refuse a property path that leaves instance data (bind time, never per frame).

    Checks every segment (``LITE-PATH-007``), then walks ``target`` as :func:`lookup` does and
    refuses a target, intermediate object or current leaf value that is a class, module,
    function/method, code or frame object (``LITE-PATH-008``). A segment that is undefined
    ends the walk quietly: the caller reports it (``LITE-PATH-002``) as before.
    """
    path = ".".join(parts)
    check_path_segments(parts, path)
    check_path_reached(target, "the target", path)
    owner = target
    for part in parts:
        if owner is MISSING or owner is None:
            return
        owner = lookup(owner, part)
        if owner is not MISSING:
            check_path_reached(owner, f"segment {part!r}", path)


def clone(value: Any) -> Any:
    """``value.clone()`` when the value has one (Babylon's math types), else ``value`` itself."""
    method = getattr(value, "clone", None)
    return method() if callable(method) else value
