"""The linked nodes' TRS numbers read straight from their vectors' slots, in three gathers.

The batched palette pass (:mod:`lite_compat.bones.skeleton_batch`) needs, every render, the
ten numbers (position, rotation quaternion, scaling) of every bone's linked node: at a
crowd's size that is tens of thousands of attribute reads, each a Python-level call, right
after the animation step wrote them. :class:`TrsWords` reads the same numbers without a
Python call per number, using CPython's object layout (the one
``lite_compat.animations.object_words`` reads; a self-test at import checks it):

* ``Vector3.x`` and ``Quaternion.w`` are ``__slots__`` members: a machine word inside the
  vector holding the pointer to the number object (``getattr`` returns that very object);
* a ``float`` object's type pointer is the word at ``+8`` and its value the double at ``+16``
  (``PyFloatObject``; a float is immutable).

One gather reads the member words of every component (the vectors are held, so their
addresses stay valid), one reads the type word of every object they point to (each is alive:
the vector holds it), and the third reads the value word of each ``float``. A component that
is not exactly a ``float`` (an ``int``, a float subclass, a numpy number) is read through
Python (``numpy.fromiter``'s conversion), and a missing member makes :meth:`TrsWords.read`
return False (the caller reads through Python, which decides). A vector class whose ``x`` is
not a plain member gets no reader, and a vector whose class a script changed since
(``__class__`` assignment: the first gather reads each vector's type word too) sends the read
back to the caller. So the numbers are always the ones ``getattr`` gives, as
``numpy.fromiter`` would store them (the double of a ``float``, bit for bit).

Like every frame of a scene, the read assumes no other thread edits the vectors while it
runs. :data:`SUPPORTED` is False where the self-test at import does not find this layout
(then :meth:`TrsWords.build` returns None); :data:`enabled` turns it off (the differential
tests compare both).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lite_compat._words import WORD as _WORD
from lite_compat._words import layout_interpreter
from lite_compat._words import span as _span
from lite_compat._words import word as _word
from lite_compat.math import Vector3

__all__ = ["SUPPORTED", "TrsWords", "enabled"]

#: ``PyObject.ob_type`` and ``PyFloatObject.ob_fval``, in words from the object's start.
_TYPE_WORD: Final = 1
_VALUE_WORD: Final = 2
_FLOAT_TYPE: Final = id(float)

_U64 = npt.NDArray[np.uint64]
_I64 = npt.NDArray[np.int64]


#: Member offsets by (class, name): an int, or None where the name is no plain member.
_OFFSETS: dict[tuple[type, str], int | None] = {}


def _member_offset(cls: type, name: str) -> int | None:
    """Where ``cls``'s ``__slots__`` member ``name`` lives in its instances (found by storing
    a fresh object through the member into a bare instance and finding its address among
    the instance's words), or None when ``cls.name`` is no such member."""
    key = (cls, name)
    if key in _OFFSETS:
        return _OFFSETS[key]
    offset: int | None = None
    descriptor: Any = None
    for base in cls.__mro__:
        if name in base.__dict__:
            descriptor = base.__dict__[name]
            break
    new: object = cls.__new__
    if type(descriptor).__name__ == "member_descriptor" and new is object.__new__:
        probe: Any = object.__new__(cls)
        marker = object()
        descriptor.__set__(probe, marker)
        found = [
            at
            for at in range(2 * _WORD, cls.__basicsize__ - _WORD + 1, _WORD)
            if _word(id(probe) + at) == id(marker)
        ]
        if len(found) == 1 and descriptor.__get__(probe, cls) is marker:
            offset = found[0]
    _OFFSETS[key] = offset
    return offset


def _self_test() -> bool:
    """Whether this interpreter lays out members and floats as they are read here."""
    if not layout_interpreter():
        return False
    try:
        probe = float.fromhex("0x1.921fb54442d18p+1")
        vector = Vector3(probe, 2.5, -0.0)
        offset = _member_offset(Vector3, "z")
        return (
            offset is not None
            and _word(id(vector) + offset) == id(vector.z)
            and _word(id(probe) + _WORD * _TYPE_WORD) == _FLOAT_TYPE
            and ctypes.c_double.from_address(id(probe) + _WORD * _VALUE_WORD).value == probe
        )
    except (ValueError, OverflowError, TypeError):  # pragma: no cover - another layout
        return False


#: Whether this interpreter lays out members and floats as read here.
SUPPORTED: Final = _self_test()
#: Read through the words where possible (False: always through Python).
enabled = True


class TrsWords:
    """Where the components of some vectors live (see the module doc)."""

    __slots__ = (
        "_bad",
        "_high",
        "_index",
        "_kinds",
        "_kinds_diff",
        "_kinds_seen",
        "_low",
        "_objects",
        "_period",
        "_pointers",
        "_slot_index",
        "_slots",
        "_types",
        "_vectors",
        "_where",
        "_words",
    )

    def __init__(
        self,
        vectors: list[Any],
        addresses: _I64,
        kinds: tuple[_I64, _I64],
        period: int,
        where: list[tuple[int, str]],
    ) -> None:
        self._vectors = vectors
        self._period = period
        #: Per component of one period of the pattern: its vector's place and member name
        #: (the components read through Python are found by these).
        self._where = where
        # The member words, then each vector's type word (a vector whose class was changed
        # by ``__class__`` assignment is read through Python).
        heads = np.concatenate([addresses, kinds[0]])
        low = int(heads.min())
        self._slots = _span(low, int(heads.max()))
        self._slot_index = ((heads - low) // _WORD).astype(np.intp)
        n = len(addresses)
        self._words = np.zeros(len(heads), dtype=np.uint64)
        self._pointers = self._words[:n]
        self._kinds = self._words[n:]
        self._kinds_seen = kinds[1].astype(np.uint64)
        self._kinds_diff = np.zeros(len(self._kinds), dtype=np.bool_)
        self._index = np.zeros(n, dtype=np.intp)
        self._types = np.zeros(n, dtype=np.uint64)
        self._bad = np.zeros(n, dtype=np.bool_)
        # The span of number objects read last: kept while the pointers stay inside it.
        self._low = 0
        self._high = -1
        self._objects: _U64 | None = None

    @classmethod
    def build(cls, vectors: list[Any], pattern: Sequence[tuple[str, ...]]) -> TrsWords | None:
        """The reader of ``vectors`` (held), ``vectors[i]``'s members being
        ``pattern[i % len(pattern)]``, in that order; None where one cannot be read this way
        (the vectors at one place of the pattern not all of one class, a class whose members
        are not plain ``__slots__`` members: see the module doc) or the reader is off."""
        period = len(pattern)
        if not (enabled and SUPPORTED) or not vectors or len(vectors) % period:
            return None
        columns: list[_I64] = []
        where: list[tuple[int, str]] = []
        # Each vector's type word and its class now, in the vectors' order.
        type_words = np.fromiter(map(id, vectors), np.int64, len(vectors)) + _WORD * _TYPE_WORD
        classes = np.zeros(len(vectors), dtype=np.int64)
        for place, members in enumerate(pattern):
            group = vectors[place::period]
            kinds = set(map(type, group))
            if len(kinds) != 1:
                return None
            kind = kinds.pop()
            classes[place::period] = id(kind)
            getter: object = kind.__getattribute__
            if getter is not object.__getattribute__:
                return None
            offsets: list[int] = []
            for name in members:
                offset = _member_offset(kind, name)
                if offset is None:
                    return None
                offsets.append(offset)
                where.append((place, name))
            ids = np.fromiter(map(id, group), np.int64, len(group))
            columns.append(ids[:, None] + np.asarray(offsets, dtype=np.int64)[None, :])
        addresses = np.concatenate(columns, axis=1).reshape(-1)
        return cls(vectors, addresses, (type_words, classes), period, where)

    def _component(self, k: int) -> Any:
        """Component ``k`` read through Python."""
        where = self._where
        node, at = divmod(k, len(where))
        place, name = where[at]
        return getattr(self._vectors[node * self._period + place], name)

    def read(self, out: npt.NDArray[np.float64]) -> bool:
        """The components into ``out`` (float64, one per member, in order): the ``float`` s
        through their words, any other object through Python (``numpy.fromiter``'s
        conversion); False, with ``out`` left unspecified, where a member has no value or
        one cannot be converted (the caller's Python read decides)."""
        pointers = self._pointers
        np.take(self._slots, self._slot_index, out=self._words, mode="clip")
        np.not_equal(self._kinds, self._kinds_seen, out=self._kinds_diff)
        if self._kinds_diff.any():
            return False  # a vector's class changed since the reader was made
        low = int(pointers.min())
        high = int(pointers.max())
        if low == 0:
            return False  # a member without a value (AttributeError through Python)
        objects = self._objects
        if objects is None or low < self._low or high > self._high:
            # Room around the numbers seen, so that the next frame's usually fit.
            self._low = max(_WORD, low - (1 << 24))
            self._high = high + (1 << 24)
            objects = self._objects = _span(self._low, self._high + _WORD * _VALUE_WORD)
        index = self._index
        np.subtract(pointers.view(np.int64), self._low, out=index, casting="unsafe")
        np.right_shift(index, 3, out=index)
        np.add(index, _TYPE_WORD, out=index)
        np.take(objects, index, out=self._types, mode="clip")
        bad = self._bad
        np.not_equal(self._types, _FLOAT_TYPE, out=bad)
        # The value word of a float; an other object's type word (always there), replaced
        # below by its Python read.
        np.add(index, _VALUE_WORD - _TYPE_WORD, out=index)
        np.subtract(index, bad, out=index, casting="unsafe")
        np.take(objects, index, out=out.view(np.uint64), mode="clip")
        if bad.any():
            rows = np.flatnonzero(bad)
            try:
                out[rows] = np.fromiter(map(self._component, rows.tolist()), np.float64, len(rows))
            except (AttributeError, TypeError, ValueError):
                return False
        return True
