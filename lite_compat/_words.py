"""Machine words of live CPython objects, read through ctypes and numpy: the primitives that
``lite_compat.animations.object_words`` (the key watch's guard) and
``lite_compat.bones.trs_words`` (the palette pass's TRS reader) share.

Both read object layout that CPython does not promise: each runs its own self-test at import
(after :func:`layout_interpreter` admits the interpreter) and turns itself off where the
layout is not the one it reads. Nothing here checks an address: callers hold every object
whose words they read, so the addresses stay valid.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["WORD", "layout_interpreter", "span", "word"]

#: Bytes in a machine word (64-bit builds only: :func:`layout_interpreter`).
WORD: Final = 8


def word(address: int) -> int:
    """The signed machine word at ``address``."""
    return int(ctypes.c_ssize_t.from_address(address).value)


def layout_interpreter() -> bool:
    """Whether this interpreter is one whose layout the readers know: 64-bit CPython 3.11-3.13
    with the GIL (the readers' own self-tests then check the layout itself)."""
    return (
        sys.implementation.name == "cpython"
        and sys.maxsize == 2**63 - 1
        and (3, 11) <= sys.version_info[:2] <= (3, 13)
        and bool(getattr(sys, "_is_gil_enabled", lambda: True)())
    )


class _Span:
    """A read-only uint64 array over ``[low, low + 8 * count)`` (numpy's array interface)."""

    __slots__ = ("__array_interface__",)

    def __init__(self, low: int, count: int) -> None:
        self.__array_interface__ = {
            "data": (low, True),
            "shape": (count,),
            "typestr": "<u8",
            "version": 3,
        }


def span(low: int, high: int) -> npt.NDArray[np.uint64]:
    """A read-only uint64 view of the words from ``low`` to ``high`` (both included)."""
    return np.asarray(_Span(low, (high - low) // WORD + 1))
