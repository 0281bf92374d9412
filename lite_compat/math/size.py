"""Babylon.js ``Size``. Port of ``@babylonjs/core`` 9.31 ``Maths/math.size.js``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lite_compat._js import hash_chain, js_str, to_int32
from lite_compat.math.like import ISizeLike

if TYPE_CHECKING:
    from typing import Self

__all__ = ["Size"]


class Size:
    """A width/height pair (``BABYLON.Size``).

    Parameters
    ----------
    width, height
        The size (required, as in Babylon.js).
    """

    __slots__ = ("height", "width")

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height

    def __repr__(self) -> str:
        return f"Size({self.width!r}, {self.height!r})"

    def __str__(self) -> str:
        return self.toString()

    def toString(self) -> str:
        """``{W: width, H: height}`` with JS number formatting."""
        return f"{{W: {js_str(self.width)}, H: {js_str(self.height)}}}"

    def getClassName(self) -> str:
        """Return ``"Size"``."""
        return "Size"

    def getHashCode(self) -> int:
        """Babylon's hash of the integer parts."""
        return hash_chain([to_int32(self.width), to_int32(self.height)])

    def copyFrom(self, src: ISizeLike) -> None:
        """Copy ``src`` (returns nothing, as in Babylon.js)."""
        self.width = src.width
        self.height = src.height

    def copyFromFloats(self, width: float, height: float) -> Self:
        """Set the size."""
        self.width = width
        self.height = height
        return self

    def set(self, width: float, height: float) -> Self:
        """Set the size (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(width, height)

    def multiplyByFloats(self, w: float, h: float) -> Size:
        """Return ``(width * w, height * h)``."""
        return Size(self.width * w, self.height * h)

    def clone(self) -> Size:
        """Return a copy."""
        return Size(self.width, self.height)

    def equals(self, other: ISizeLike | None) -> bool:
        """Exact equality (``False`` for ``None``)."""
        if other is None:
            return False
        return self.width == other.width and self.height == other.height

    @property
    def surface(self) -> float:
        """``width * height``."""
        return self.width * self.height

    @staticmethod
    def Zero() -> Size:
        """``(0, 0)``."""
        return Size(0.0, 0.0)

    def add(self, otherSize: ISizeLike) -> Size:
        """Return the sum."""
        return Size(self.width + otherSize.width, self.height + otherSize.height)

    def subtract(self, otherSize: ISizeLike) -> Size:
        """Return the difference."""
        return Size(self.width - otherSize.width, self.height - otherSize.height)

    def scale(self, scale: float) -> Size:
        """Return the size multiplied by ``scale``."""
        return Size(self.width * scale, self.height * scale)

    @staticmethod
    def Lerp(start: ISizeLike, end: ISizeLike, amount: float) -> Size:
        """Linear interpolation."""
        w = start.width + (end.width - start.width) * amount
        h = start.height + (end.height - start.height) * amount
        return Size(w, h)


# --------------------------------------------------------------------------------------------
