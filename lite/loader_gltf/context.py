"""The reader context of one glTF read: label, JSON root, checked-JSON helpers, warnings.

Port of the shared state Babylon Lite's ``src/loader-gltf`` threads through its parse functions
(glTF-Transform keeps the same thing in ``io/reader-context.ts``).

Every stage of the loader takes a :class:`ReadContext` first. Its helpers read one JSON value and
check its type on the way (``array``, ``obj``, ``index``, ``integer``, ``number``, ``numbers``,
``name``), so that a malformed value raises :class:`~lite.errors.GltfLoadError` naming the file
and the JSON path at fault. :meth:`ReadContext.warn` records each skipped piece of content as a
:class:`~lite.errors.LiteWarning` with its code and, unless told not to, emits it at once,
attributed to the first caller outside this package.
"""

from __future__ import annotations

import os
import reprlib
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn, TypeGuard

from lite.animation.diagnostics import DiagnosticScope
from lite.errors import GltfLoadError, LiteWarning

__all__ = [
    "F32_OVERFLOW",
    "HINT_F32",
    "HINT_SPEC",
    "ReadContext",
    "UriResolver",
    "f32",
    "is_int",
    "is_num",
    "kind",
    "name_some",
    "short",
]

#: Maps an external buffer uri to its bytes (``load_gltf(..., resolver=...)``).
UriResolver = Callable[[str], "bytes | bytearray | memoryview"]

#: How many items a message lists before it counts the rest (:func:`name_some`).
MESSAGE_ITEMS: Final = 8

HINT_SPEC: Final = "see the glTF 2.0 specification for this property's type"
HINT_F32: Final = (
    "glTF numbers are stored as float32: give a finite value below about 3.4e38 in magnitude"
)
#: Smallest magnitude that rounds to infinity when stored as float32 (2**128 - 2**103).
F32_OVERFLOW: Final = 2.0**128 - 2.0**103

#: Folder of this package (as imported, and resolved); a warning is attributed to the first
#: frame whose file lies outside it.
_PACKAGE_DIRS: Final = tuple(
    {os.path.dirname(__file__) + os.sep, str(Path(__file__).resolve().parent) + os.sep}
)


class ReadContext:
    """Per-read state: label for messages, folder, resolver, JSON root, input size, warnings.

    Parameters
    ----------
    label
        The file path, or ``"<bytes>"``; every message starts with it.
    base_dir
        Folder that relative buffer uris resolve against (``None``: bytes without one).
    emit_warnings
        Emit each warning as it is raised (``warnings.warn``); it is recorded either way.
    """

    def __init__(self, label: str, base_dir: Path | None, *, emit_warnings: bool = True) -> None:
        self.label = label
        self.base_dir = base_dir
        #: The JSON root, as parsed once (set by the container stage).
        self.doc: dict[str, Any] = {}
        #: Caller-given ``uri -> bytes`` for external buffers (http(s), absolute paths, ...).
        self.resolver: UriResolver | None = None
        #: Bytes of the input: the .gltf/.glb itself plus external buffer files read.
        self.input_bytes = 0
        self.emit_warnings = emit_warnings
        #: Every warning raised so far, in order.
        self.warnings: list[LiteWarning] = []
        #: Skipped-channel facts already emitted for this read (lite.animation.diagnostics).
        self.diagnostics = DiagnosticScope(label)

    def fail(self, code: str, path: str, message: str, hint: str) -> NoReturn:
        """Raise :class:`~lite.errors.GltfLoadError` ``code`` at JSON ``path`` of this file."""
        where = f"{path}: " if path else ""
        raise GltfLoadError(
            code, f"{self.label}: {where}{message}", hint=hint, input_name=path or None
        )

    def warn(self, code: str, path: str, message: str) -> None:
        """Record (and emit) a :class:`~lite.errors.LiteWarning` ``code`` at JSON ``path``."""
        warning = LiteWarning(code, f"{self.label}: {path}: {message}")
        self.warnings.append(warning)
        if self.emit_warnings:
            warnings.warn(warning, stacklevel=_caller_stacklevel())

    def array(self, name: str) -> list[Any]:
        """The top-level array ``name`` (``[]`` when absent)."""
        value = self.doc.get(name, [])
        if not isinstance(value, list):
            self.fail("LITE-GLTF-010", name, f"must be an array, got {kind(value)}", HINT_SPEC)
        return value

    def obj(self, value: object, path: str) -> dict[str, Any]:
        """``value``, which must be a JSON object."""
        if not isinstance(value, dict):
            self.fail("LITE-GLTF-010", path, f"must be an object, got {kind(value)}", HINT_SPEC)
        return value

    def index(
        self, owner: dict[str, Any], key: str, path: str, array: str, *, required: bool = False
    ) -> int | None:
        """``owner[key]`` as an index into the top-level ``array`` (``None`` when absent)."""
        value = owner.get(key)
        if value is None:
            if required:
                self.fail(
                    "LITE-GLTF-010", f"{path}.{key}", "is required", f"give an index into {array}"
                )
            return None
        return self.check_index(value, f"{path}.{key}", array)

    def check_index(self, value: object, path: str, array: str) -> int:
        """``value`` as an index into the top-level ``array``."""
        size = len(self.array(array))
        if not is_int(value):
            self.fail(
                "LITE-GLTF-010", path, f"must be an integer index, got {short(value)}", HINT_SPEC
            )
        idx = int(value)
        if not 0 <= idx < size:
            self.fail(
                "LITE-GLTF-002",
                path,
                f"refers to {array}[{idx}], but the file has {size} {array}",
                f"use an index in 0..{size - 1}" if size else f"the file defines no {array}",
            )
        return idx

    def integer(
        self,
        owner: dict[str, Any],
        key: str,
        path: str,
        default: int | None = None,
        minimum: int = 0,
        code: str = "LITE-GLTF-010",
    ) -> int:
        """``owner[key]`` as an integer ``>= minimum`` (required unless ``default`` is given)."""
        value = owner.get(key, default)
        if value is None:
            self.fail(code, f"{path}.{key}", "is required", HINT_SPEC)
        if not is_int(value) or int(value) < minimum:
            self.fail(
                code,
                f"{path}.{key}",
                f"must be an integer >= {minimum}, got {short(value)}",
                HINT_SPEC,
            )
        return int(value)

    def number(self, owner: dict[str, Any], key: str, path: str, default: float) -> float:
        """``owner[key]`` as a number that stays finite in float32."""
        value = owner.get(key, default)
        v = f32(value)
        if v is None:
            self.fail(
                "LITE-GLTF-010",
                f"{path}.{key}",
                f"must be a finite number within float32 range, got {short(value)}",
                HINT_F32,
            )
        return v

    def numbers(
        self, owner: dict[str, Any], key: str, path: str, default: Sequence[float], size: int
    ) -> list[float]:
        """``owner[key]`` as ``size`` numbers that stay finite in float32."""
        value = owner.get(key)
        if value is None:
            return list(default)
        if not isinstance(value, list) or len(value) != size:
            self.fail(
                "LITE-GLTF-010",
                f"{path}.{key}",
                f"must be {size} finite numbers, got {short(value)}",
                HINT_SPEC,
            )
        out: list[float] = []
        for k, raw in enumerate(value):
            v = f32(raw)
            if v is None:
                self.fail(
                    "LITE-GLTF-010",
                    f"{path}.{key}[{k}]",
                    f"must be a finite number within float32 range, got {short(raw)}",
                    HINT_F32,
                )
            out.append(v)
        return out

    def name(self, owner: dict[str, Any], path: str) -> str | None:
        """``owner["name"]``, a string or absent."""
        value = owner.get("name")
        if value is not None and not isinstance(value, str):
            self.fail(
                "LITE-GLTF-010",
                f"{path}.name",
                f"must be a string, got {short(value)}",
                HINT_SPEC,
            )
        return value


def _caller_stacklevel() -> int:
    """The ``stacklevel`` that makes ``warnings.warn``, called from :meth:`ReadContext.warn`,
    name the first frame outside this package (the caller of ``load_gltf`` or
    ``read_gltf_document``), however deep the stage that warned."""
    frame = sys._getframe(1)  # ReadContext.warn
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIRS):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level


def is_int(value: object) -> TypeGuard[int]:
    """A JSON integer (``bool`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_num(value: object) -> TypeGuard[int | float]:
    """A JSON number (``bool`` is not one)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def f32(value: object) -> float | None:
    """``value`` as a float when it is a number that stays finite as float32, else None.

    A JSON integer too large for a float (``10**400``) is refused rather than raising
    ``OverflowError``; JSON reals beyond the double range already parse as ``inf``.
    """
    if not is_num(value):
        return None
    try:
        v = float(value)
    except OverflowError:
        return None
    return v if abs(v) < F32_OVERFLOW else None


def kind(value: object) -> str:
    """The JSON-ish type name of ``value`` for messages (``"null"`` for ``None``)."""
    return "null" if value is None else type(value).__name__


_REPR: Final = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = 4
_REPR.maxstring = 60
_REPR.maxother = 60


def short(value: object) -> str:
    """A bounded ``repr`` for messages: JSON values may be huge or nested thousands deep."""
    text = _REPR.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def name_some(items: Sequence[object], limit: int = MESSAGE_ITEMS) -> str:
    """The first ``limit`` of ``items`` for a message, then a count of the rest.

    Every message that lists items taken from the file goes through here, so its length is
    bounded however many there are (a million-node cycle is named in a line, not megabytes).

    Examples
    --------
    >>> name_some([3, 1, 2])
    '3, 1, 2'
    >>> name_some(list(range(10)), limit=3)
    '0, 1, 2, ... and 7 more (10 in all)'
    """
    shown = ", ".join(
        short(x) if not isinstance(x, int | str) else str(x)[:60] for x in items[:limit]
    )
    rest = len(items) - limit
    return shown if rest <= 0 else f"{shown}, ... and {rest} more ({len(items)} in all)"
