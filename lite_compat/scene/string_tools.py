"""Babylon.js's page checks and string helpers, as they answer under Node.js.

Port of ``@babylonjs/core`` 9.31 ``Misc/domManagement.js`` (``IsWindowObjectExist``,
``IsNavigatorAvailable``, ``IsDocumentAvailable``: a Python process has no ``window``,
``navigator`` or ``document``, so each is False, as under the Node.js 20 the recordings use)
``Misc/stringTools.js`` (``StartsWith``, ``EndsWith``, ``PadNumber``, the base64 helpers) and
the ``Vector*ToFixed`` of ``Maths/math.vector.functions.js`` (``toFixed``: ``Tools.Format``).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any

from lite_compat.scene.tools import Tools

__all__ = [
    "DecodeBase64ToBinary",
    "DecodeBase64ToString",
    "EncodeArrayBufferToBase64",
    "EndsWith",
    "IsDocumentAvailable",
    "IsNavigatorAvailable",
    "IsWindowObjectExist",
    "PadNumber",
    "StartsWith",
    "Vector2ToFixed",
    "Vector3ToFixed",
    "Vector4ToFixed",
]


def IsWindowObjectExist() -> bool:
    """False: there is no browser ``window``."""
    return False


def IsNavigatorAvailable() -> bool:
    """False: there is no ``navigator``."""
    return False


def IsDocumentAvailable() -> bool:
    """False: there is no ``document``."""
    return False


def StartsWith(s: str, prefix: str) -> bool:
    """``s.startsWith(prefix)`` (False when ``s`` is empty or None, as in Babylon.js)."""
    return bool(s) and s.startswith(prefix)


def EndsWith(s: str, suffix: str) -> bool:
    """``s.endsWith(suffix)``."""
    return s.endswith(suffix)


def PadNumber(num: float, length: int) -> str:
    """``num`` as a string left-padded with zeros to ``length`` characters."""
    text = str(num)
    if isinstance(num, float) and num.is_integer():
        text = str(int(num))  # JavaScript's String(2) is "2", not "2.0"
    return text.rjust(length, "0")


def EncodeArrayBufferToBase64(buffer: bytes | bytearray | memoryview | Sequence[int]) -> str:
    """The bytes of ``buffer`` as standard base64 text."""
    data = bytes(buffer) if not isinstance(buffer, bytes) else buffer
    return base64.b64encode(data).decode("ascii")


def DecodeBase64ToString(base64Data: str) -> str:
    """``atob``: base64 text to a string of the decoded bytes (Latin-1, one char a byte)."""
    return base64.b64decode(base64Data).decode("latin-1")


def DecodeBase64ToBinary(base64Data: str) -> bytes:
    """Base64 text to its bytes (Babylon.js returns an ArrayBuffer)."""
    return base64.b64decode(base64Data)


def Vector2ToFixed(vector: Any, decimalCount: int) -> str:
    """``"{X: x Y: y}"`` with ``decimalCount`` decimals (JavaScript's ``toFixed``)."""
    return (
        f"{{X: {Tools.Format(vector.x, decimalCount)} Y: {Tools.Format(vector.y, decimalCount)}}}"
    )


def Vector3ToFixed(vector: Any, decimalCount: int) -> str:
    """``"{X: x Y: y Z: z}"`` with ``decimalCount`` decimals."""
    x, y, z = (Tools.Format(c, decimalCount) for c in (vector.x, vector.y, vector.z))
    return f"{{X: {x} Y: {y} Z: {z}}}"


def Vector4ToFixed(vector: Any, decimalCount: int) -> str:
    """``"{X: x Y: y Z: z W: w}"`` with ``decimalCount`` decimals."""
    x, y, z, w = (Tools.Format(c, decimalCount) for c in (vector.x, vector.y, vector.z, vector.w))
    return f"{{X: {x} Y: {y} Z: {z} W: {w}}}"
