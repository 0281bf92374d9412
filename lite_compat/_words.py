"""Machine words of live CPython objects, read through ctypes and numpy: the primitives that
``lite_compat.animations.object_words`` (the key watch's guard),
``lite_compat.bones.trs_words`` (the palette pass's TRS reader) and
``lite_compat.animations.late_binding`` (the late plan's quaternion reads) share;
:class:`FloatWords` is the float-member reader the last two use (``trs_words`` tells how it
reads).

Each reads object layout that CPython does not promise and runs its own self-test at import
(after :func:`layout_interpreter` admits the interpreter) and turns itself off where the
layout is not the one it reads. Nothing here checks an address: callers hold every object
whose words they read, so the addresses stay valid.
"""

from __future__ import annotations

import ctypes
import struct
import sys
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

__all__ = [
    "FLOATS_SUPPORTED",
    "LIST_ITEMS_SUPPORTED",
    "WORD",
    "FloatWords",
    "layout_interpreter",
    "list_item_words",
    "member_offset",
    "span",
    "word",
]

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


#: ``PyObject.ob_type`` and ``PyFloatObject.ob_fval``, in words from the object's start.
_TYPE_WORD: Final = 1
_VALUE_WORD: Final = 2
_FLOAT_TYPE: Final = id(float)

_U64 = npt.NDArray[np.uint64]
_I64 = npt.NDArray[np.int64]


#: Member offsets by (class, name): an int, or None where the name is no plain member.
_OFFSETS: dict[tuple[type, str], int | None] = {}


def member_offset(cls: type, name: str) -> int | None:
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
            for at in range(2 * WORD, cls.__basicsize__ - WORD + 1, WORD)
            if word(id(probe) + at) == id(marker)
        ]
        if len(found) == 1 and descriptor.__get__(probe, cls) is marker:
            offset = found[0]
    _OFFSETS[key] = offset
    return offset


class _Probe:
    __slots__ = ("x", "y", "z")

    def __init__(self, x: float, y: float, z: float) -> None:
        self.x = x
        self.y = y
        self.z = z


def _self_test() -> bool:
    """Whether this interpreter lays out members and floats as they are read here."""
    if not layout_interpreter():
        return False
    try:
        probe = float.fromhex("0x1.921fb54442d18p+1")
        vector = _Probe(probe, 2.5, -0.0)
        offset = member_offset(_Probe, "z")
        return (
            offset is not None
            and word(id(vector) + offset) == id(vector.z)
            and word(id(probe) + WORD * _TYPE_WORD) == _FLOAT_TYPE
            and ctypes.c_double.from_address(id(probe) + WORD * _VALUE_WORD).value == probe
        )
    except (ValueError, OverflowError, TypeError):  # pragma: no cover - another layout
        return False


#: Whether this interpreter lays out members and floats as :class:`FloatWords` reads them.
FLOATS_SUPPORTED: Final = _self_test()

#: ``PyListObject.ob_item`` (the address of the list's item array), in bytes from its start.
_LIST_ITEMS: Final = 24


def list_item_words(values: list[Any]) -> bytes:
    """The item pointers of the exact list ``values`` (the words of its item array), as bytes:
    which objects it holds, in order, read in one copy. Two reads are equal exactly when the
    lists hold the same objects in the same places, as long as the caller holds the objects
    of the first (so that no other object is made at one of their addresses). Only where
    :data:`LIST_ITEMS_SUPPORTED`."""
    count = len(values)
    if not count:
        return b""
    items = word(id(values) + _LIST_ITEMS)
    return span(items, items + WORD * (count - 1)).tobytes()


def _list_self_test() -> bool:
    """Whether this interpreter lays lists out as :func:`list_item_words` reads them."""
    if not layout_interpreter():
        return False
    try:
        first, second = object(), object()
        probe = [first, second, first]
        expected = struct.pack("3n", *map(id, probe))
        return list_item_words(probe) == expected and list_item_words([]) == b""
    except (ValueError, OverflowError, TypeError):  # pragma: no cover - another layout
        return False


#: Whether :func:`list_item_words` reads this interpreter's lists (the self-test at import).
LIST_ITEMS_SUPPORTED: Final = _list_self_test()


class FloatWords:
    """Where the float members of some slotted objects live, read in three gathers (the
    reader of ``lite_compat.bones.trs_words``, whose module doc tells how)."""

    __slots__ = (
        "_bad",
        "_classes",
        "_heads",
        "_high",
        "_ids",
        "_index",
        "_kinds",
        "_kinds_diff",
        "_kinds_seen",
        "_low",
        "_objects",
        "_offsets",
        "_period",
        "_pointers",
        "_slot_index",
        "_slot_low",
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
        #: The words' addresses (kept for :meth:`moved`).
        self._heads = heads
        low = int(heads.min())
        self._slot_low = low
        self._slots = span(low, int(heads.max()))
        self._slot_index = ((heads - low) // WORD).astype(np.intp)
        n = len(addresses)
        #: The vectors' ids, each place's class and its members' offsets (set by
        #: :meth:`build`; :meth:`moved` reads them).
        self._ids = kinds[0] - WORD * _TYPE_WORD
        self._classes: list[type] = []
        self._offsets: list[_I64] = []
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
    def build(cls, vectors: list[Any], pattern: Sequence[tuple[str, ...]]) -> FloatWords | None:
        """The reader of ``vectors`` (held), ``vectors[i]``'s members being
        ``pattern[i % len(pattern)]``, in that order; None where one cannot be read this way
        (the vectors at one place of the pattern not all of one class, a class whose members
        are not plain ``__slots__`` members) or the layout is not the one read here."""
        period = len(pattern)
        if not FLOATS_SUPPORTED or not vectors or len(vectors) % period:
            return None
        columns: list[_I64] = []
        where: list[tuple[int, str]] = []
        # Each vector's type word and its class now, in the vectors' order.
        type_words = np.fromiter(map(id, vectors), np.int64, len(vectors)) + WORD * _TYPE_WORD
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
                offset = member_offset(kind, name)
                if offset is None:
                    return None
                offsets.append(offset)
                where.append((place, name))
            ids = np.fromiter(map(id, group), np.int64, len(group))
            columns.append(ids[:, None] + np.asarray(offsets, dtype=np.int64)[None, :])
        addresses = np.concatenate(columns, axis=1).reshape(-1)
        reader = cls(vectors, addresses, (type_words, classes), period, where)
        reader._classes = [type(vectors[place]) for place in range(period)]
        reader._offsets = [
            np.array([member_offset(reader._classes[place], name) for name in members], np.int64)
            for place, members in enumerate(pattern)
        ]
        return reader

    def moved(self, vectors: list[Any]) -> bool:
        """Read ``vectors`` (held) from now on instead of the vectors given before, as a new
        reader of them would: False, changing nothing, where they are not as many or one
        that is another object than before is not of its place's class (the caller then
        builds a new reader). Only the vectors that were replaced are looked at (a few
        nodes' leaves replaced must not cost a reader of all of them)."""
        count = len(vectors)
        if count != len(self._ids):
            return False
        ids = np.fromiter(map(id, vectors), np.int64, count)
        changed = np.flatnonzero(ids != self._ids)
        if len(changed):
            period = self._period
            classes = self._classes
            replaced = changed.tolist()
            if any(type(vectors[k]) is not classes[k % period] for k in replaced):
                return False
            heads = self._heads
            members = len(self._pointers)
            width = members // (count // period)
            places = changed % period
            # Each replaced vector's member words, at its place's columns of its period,
            # then its type word.
            touched = [members + changed]
            start = 0
            for place, offsets in enumerate(self._offsets):
                at = changed[places == place]
                if len(at):
                    columns = (at // period * width + start)[:, None] + np.arange(len(offsets))
                    heads[columns] = ids[at][:, None] + offsets[None, :]
                    touched.append(columns.ravel())
                start += len(offsets)
            heads[members + changed] = ids[changed] + WORD * _TYPE_WORD
            self._ids = ids
            where = np.concatenate(touched)
            new = heads[where]
            low = self._slot_low
            if int(new.min()) < low or int(new.max()) > low + WORD * (len(self._slots) - 1):
                # Outside the span the words were read through: a new one, as build makes.
                low = int(heads.min())
                self._slot_low = low
                self._slots = span(low, int(heads.max()))
                self._slot_index = ((heads - low) // WORD).astype(np.intp)
            else:
                self._slot_index[where] = (new - low) // WORD
        self._vectors = vectors
        return True

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
            self._low = max(WORD, low - (1 << 24))
            self._high = high + (1 << 24)
            objects = self._objects = span(self._low, self._high + WORD * _VALUE_WORD)
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
