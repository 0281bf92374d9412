"""The sealed property-path walk shared by ``lite`` and ``lite_compat``.

A property path (``position.x``, ``material.alpha``, ``weights.0``) is data: a clip dict, a
serialized Babylon.js animation. Walked with ``getattr`` it could reach the interpreter
(``__init__.__globals__.__builtins__.abs``) or a class every instance shares
(``__class__.BILLBOARDMODE_ALL``). Every path walk, lite's property binding and clip compiler
and lite_compat's ``property_paths.check_walk``, runs these checks, once per binding (never per
frame): no segment starts with ``__`` (LITE-PATH-007) and the root, every object passed through
and the leaf's current value are instances, never a class, module, function or method, code or
frame object (LITE-PATH-008). The module sits at the bottom of ``lite`` beside ``lite.errors``,
so both packages share the one implementation (the compat/lite seam allows both).
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Iterable
from typing import Final

from lite.errors import AnimationPathError

__all__ = ["REFUSED_PATH_KINDS", "check_path_reached", "check_path_segment", "check_path_segments"]

#: Objects a path may not pass through, nor end on: they are shared by the whole process.
REFUSED_PATH_KINDS: Final[tuple[type, ...]] = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.MethodWrapperType,
    types.WrapperDescriptorType,
    types.MethodDescriptorType,
    types.ClassMethodDescriptorType,
    types.GetSetDescriptorType,
    types.MemberDescriptorType,
    types.CodeType,
    types.FrameType,
    types.TracebackType,
    types.GeneratorType,
    types.CoroutineType,
    types.CellType,
    staticmethod,
    classmethod,
    property,
)


def check_path_segment(segment: str, path: str, input_name: str | None = None) -> None:
    """Refuse a segment that names a Python dunder attribute (``LITE-PATH-007``)."""
    if segment.startswith("__"):
        raise AnimationPathError(
            "LITE-PATH-007",
            f"property path {path!r}: segment {segment!r} names a Python internal "
            "(a name starting with '__')",
            hint="animate the object's own properties (e.g. 'position.x'); paths never reach "
            "classes, modules or the interpreter",
            input_name=input_name or path,
        )


def check_path_segments(parts: Iterable[str], path: str, input_name: str | None = None) -> None:
    """:func:`check_path_segment` for every segment of a split path."""
    for part in parts:
        check_path_segment(part, path, input_name)


#: ``type -> refused``: the answer depends on the type only, so each type is judged once.
_REFUSED_BY_TYPE: dict[type, bool] = {}


def _is_refused_on_path(value: object) -> bool:
    """Whether ``value`` is a class, module, routine, code, frame or similar shared object."""
    kind = type(value)
    refused = _REFUSED_BY_TYPE.get(kind)
    if refused is None:
        refused = isinstance(value, REFUSED_PATH_KINDS) or inspect.isroutine(value)
        _REFUSED_BY_TYPE[kind] = refused
    return refused


def check_path_reached(value: object, where: str, path: str, input_name: str | None = None) -> None:
    """Refuse a walk that reached a class, module, function/method, code or frame object.

    ``where`` names the segment that produced ``value`` (``"the target"`` for the root).
    Raises ``LITE-PATH-008``.
    """
    if _is_refused_on_path(value):
        kind = "class" if isinstance(value, type) else type(value).__name__
        raise AnimationPathError(
            "LITE-PATH-008",
            f"property path {path!r}: {where} is a {kind}, not an instance property",
            hint="a path is written on instance attributes only; it may not pass through or "
            "end on a class, module, function, method, code or frame object",
            input_name=input_name or path,
        )
