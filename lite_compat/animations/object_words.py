"""Words of live objects read in bulk: one numpy gather tells that none of them changed.

:class:`~lite_compat.animations.state.KeyStateWatch` must notice, every frame, any edit a
script made to the keys a batched kind compiled (Babylon.js reads its keys live). Its full
poll reads every key of every animation through Python attribute and item access, which at
tens of thousands of animations costs more than the batched evaluation it guards. Most frames
nothing changed; this module makes *nothing changed* cheap to prove.

CPython keeps, inside each object, a machine word that moves whenever the part of the object
the poll reads changes:

* a ``__slots__`` member (``Vector3.x``, ``Animation._keys``, ``Animation.framePerSecond``,
  the key state's ``version``) is a pointer to its value object: ``v.x = 2.0`` stores another
  pointer (numbers are immutable, so the same pointer is the same number);
* a dict's private version tag (PEP 509 ``ma_version_tag``, CPython 3.11-3.13) takes a new
  value on every insertion, replacement (by another object) or deletion;
* a list's size and item-array pointer, then its item pointers (an item replaced, keys
  appended, popped, inserted, sorted or reversed).

:class:`WordGuard` records these words of the objects a poll approved (their addresses are
``id(obj) + offset``; the guard holds every object, and every object a member word points
to, so the addresses stay valid and none is taken by a new object) and
:meth:`WordGuard.unchanged` gathers them again through one read-only numpy view spanning
their addresses. Equal words mean the objects hold what the poll approved, so the poll would
approve again; any different word sends the caller back to the poll, which decides (an equal
number written again as a new object is no change to it). A list's item pointers are read
only after its size and item-array pointer were found unchanged (the array is then the one
the list still owns). numpy gathers without the GIL: like every frame of a scene, the check
assumes no other thread edits the keys while it runs (a list resized by another thread
between the two reads could leave its old item array freed; nothing else read can be).

:data:`SUPPORTED` is True only where a self-test at import finds this layout (64-bit CPython
3.11-3.13 with the GIL); elsewhere :meth:`WordGuard.build` returns None and callers poll every
time. :func:`set_word_guard` turns the guard off (the differential tests compare both).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lite_compat._words import WORD as _WORD
from lite_compat._words import layout_interpreter, member_offset
from lite_compat._words import span as _span
from lite_compat._words import word as _word

__all__ = [
    "SUPPORTED",
    "WordGuard",
    "class_word",
    "dict_word",
    "set_word_guard",
    "slot_offset",
    "word_guard_enabled",
]

#: Offsets in CPython's object layouts (64-bit, 3.11-3.13).
_DICT_USED: Final = 16
_DICT_TAG: Final = 24
_LIST_SIZE: Final = 16
_LIST_ITEMS: Final = 24
#: Guards of at most this many words compare their reads as bytes (:meth:`WordGuard.unchanged`).
_SMALL_WORDS: Final = 1024


def _view(addresses: Sequence[npt.NDArray[np.int64]]) -> tuple[npt.NDArray[np.uint64], int]:
    low = min(int(a.min()) for a in addresses if len(a))
    high = max(int(a.max()) for a in addresses if len(a))
    return _span(low, high), low


def slot_offset(cls: type, name: str) -> int | None:
    """The offset of ``cls``'s ``__slots__`` member ``name`` in its instances, or None when
    ``cls.name`` is not such a member (a property, a plain attribute, another layout) or the
    guard does not read this interpreter (:data:`SUPPORTED`). Found by
    :func:`lite_compat._words.member_offset`, as the TRS and late-plan readers find theirs."""
    return member_offset(cls, name) if SUPPORTED else None


def _self_test() -> bool:
    """Whether this interpreter lays objects out as the guard reads them."""
    if not layout_interpreter():
        return False
    try:
        marker, other = object(), object()
        probe: dict[str, Any] = {"a": marker}
        tags = [_word(id(probe) + _DICT_TAG)]
        probe["a"] = other
        tags.append(_word(id(probe) + _DICT_TAG))
        probe["b"] = marker
        tags.append(_word(id(probe) + _DICT_TAG))
        del probe["a"]
        tags.append(_word(id(probe) + _DICT_TAG))
        if len(set(tags)) != len(tags) or _word(id(probe) + _DICT_USED) != 1:
            return False
        items = [marker, other, probe]
        array = _word(id(items) + _LIST_ITEMS)
        read = [_word(array + _WORD * i) for i in range(3)]
        if _word(id(items) + _LIST_SIZE) != 3 or read != [id(marker), id(other), id(probe)]:
            return False

        class _Slotted:
            __slots__ = ("first", "second")
            first: object
            second: object

        slotted = _Slotted()
        slotted.first, slotted.second = marker, other
        offset = member_offset(_Slotted, "second")
        return offset is not None and _word(id(slotted) + offset) == id(other)
    except (ValueError, OverflowError, TypeError):  # pragma: no cover - another layout
        return False


#: Whether this interpreter's layout is the one read here (the self-test at import).
SUPPORTED: Final = _self_test()

#: Whether guards are made (:func:`set_word_guard`).
_ENABLED: Final = [SUPPORTED]


def set_word_guard(enabled: bool) -> bool:
    """Turn the guard on (where :data:`SUPPORTED`) or off; the previous state. Off, every
    :class:`~lite_compat.animations.state.KeyStateWatch` polls every frame."""
    previous = _ENABLED[0]
    _ENABLED[0] = bool(enabled) and SUPPORTED
    return previous


def word_guard_enabled() -> bool:
    """Whether :meth:`WordGuard.build` makes guards."""
    return _ENABLED[0]


def _dict_ptr_function() -> Any:
    # CPython's ``_PyObject_GetDictPtr``: the address of an object's instance dict pointer.
    if not SUPPORTED:
        return None
    function = ctypes.pythonapi._PyObject_GetDictPtr
    function.restype = ctypes.c_void_p
    function.argtypes = [ctypes.py_object]
    return function


_GET_DICT_PTR: Final = _dict_ptr_function()


def class_word(obj: object) -> int:
    """The address of ``obj``'s class pointer (``ob_type``: ``obj.__class__ = X`` moves it)."""
    return id(obj) + _WORD


def dict_word(obj: object) -> int | None:
    """The address of ``obj``'s instance dict pointer (``obj.__dict__ = d`` moves it), or
    None where it has no instance dict or the pointer there is not its ``__dict__``."""
    own = getattr(obj, "__dict__", None)
    if not SUPPORTED or type(own) is not dict:
        return None
    address = _GET_DICT_PTR(obj)
    if not address or _word(address) != id(own):
        return None
    return int(address)


def _ids(objects: Sequence[Any]) -> npt.NDArray[np.int64]:
    return np.fromiter(map(id, objects), np.int64, len(objects))


class WordGuard:
    """The words of some objects as they were (see the module doc)."""

    __slots__ = (
        "_head_diff",
        "_head_index",
        "_head_read",
        "_head_seen",
        "_item_diff",
        "_item_index",
        "_item_read",
        "_item_seen",
        "_objects",
        "_small",
        "_view",
    )

    def __init__(
        self,
        view: npt.NDArray[np.uint64],
        head_index: npt.NDArray[np.intp],
        item_index: npt.NDArray[np.intp],
        objects: tuple[Any, ...],
    ) -> None:
        self._view = view
        self._objects = objects
        self._head_index = head_index
        self._head_read = np.empty(len(head_index), np.uint64)
        self._head_diff = np.empty(len(head_index), np.bool_)
        self._item_index = item_index
        self._item_read = np.empty(len(item_index), np.uint64)
        self._item_diff = np.empty(len(item_index), np.bool_)
        self._head_seen = view.take(head_index)
        self._item_seen = view.take(item_index)
        #: The words as bytes, where there are few (:meth:`unchanged` compares those).
        self._small: tuple[bytes, bytes] | None = None
        if len(head_index) + len(item_index) <= _SMALL_WORDS:
            self._small = (self._head_seen.tobytes(), self._item_seen.tobytes())

    @classmethod
    def build(
        cls,
        members: Sequence[tuple[Sequence[Any], str]],
        dicts: Sequence[dict[Any, Any]],
        lists: Sequence[list[Any]],
        words: Sequence[int] = (),
        pointees: Sequence[Any] = (),
    ) -> WordGuard | None:
        """The guard of ``members`` (objects and the name of a ``__slots__`` member each
        has: the same exact class within one entry), the contents of ``dicts`` (exact
        dicts) and the items of ``lists`` (exact lists), as they are now; None where one
        cannot be read this way (or the guard is off).

        ``words``: more addresses of object pointers (an object's class word, its instance
        dict pointer: :func:`class_word`, :func:`dict_word`) inside objects the caller
        holds, and ``pointees`` the objects they point to now (held by the guard, so none
        of them is freed and replaced by a new object at the same address)."""
        if not _ENABLED[0]:
            return None
        heads: list[npt.NDArray[np.int64]] = []
        # The objects the member words point to, held: while the guard lives none of them
        # is freed, so no other object can take its address (a word that reads the same is
        # the same object, not a new one allocated where a replaced one was).
        held: list[list[Any]] = [list(pointees)]
        if len(words):
            heads.append(np.fromiter(words, np.int64, len(words)))
        for objects, name in members:
            if not objects:
                continue
            kind = type(objects[0])
            offset = slot_offset(kind, name)
            if offset is None or any(type(o) is not kind for o in objects):
                return None
            heads.append(_ids(objects) + offset)
            held.append(list(map(attrgetter(name), objects)))
        if any(type(d) is not dict for d in dicts) or any(type(x) is not list for x in lists):
            return None
        heads.append(_ids(dicts) + _DICT_TAG)
        list_ids = _ids(lists)
        heads.append(list_ids + _LIST_SIZE)
        heads.append(list_ids + _LIST_ITEMS)
        # Each list's item pointers, where its item array is now.
        sizes = np.fromiter(map(len, lists), np.int64, len(lists))
        arrays = np.zeros(0, np.int64)
        if len(lists):
            array_words, low = _view([list_ids + _LIST_ITEMS])
            arrays = array_words.take((list_ids + _LIST_ITEMS - low) // _WORD).astype(np.int64)
        starts = np.repeat(np.cumsum(sizes) - sizes, sizes)
        items = np.repeat(arrays, sizes) + _WORD * (np.arange(int(sizes.sum())) - starts)
        every = [*heads, items]
        if not any(len(a) for a in every) or any(bool((a % _WORD).any()) for a in every):
            return None
        view, low = _view(every)
        # In address order: the words of one object (a vector's components, a list's size
        # and array) share cache lines, read once; the order is free (all are compared).
        head = np.sort(np.concatenate(heads))
        items.sort()
        return cls(
            view,
            ((head - low) // _WORD).astype(np.intp),
            ((items - low) // _WORD).astype(np.intp),
            (tuple(tuple(objects) for objects, _ in members), held, tuple(dicts), tuple(lists)),
        )

    def unchanged(self) -> bool:
        """Whether every word is what it was when the guard was made."""
        view = self._view
        # (The array's own take: numpy's module-level take adds a Python call.)
        view.take(self._head_index, None, self._head_read, "clip")
        small = self._small
        if small is not None:
            # A few words: one byte comparison of the whole read (equal bytes, equal words)
            # costs less than a comparison array and its reduction.
            if self._head_read.tobytes() != small[0]:
                return False
            view.take(self._item_index, None, self._item_read, "clip")
            return self._item_read.tobytes() == small[1]
        np.not_equal(self._head_read, self._head_seen, out=self._head_diff)
        if self._head_diff.any():
            return False
        view.take(self._item_index, None, self._item_read, "clip")
        np.not_equal(self._item_read, self._item_seen, out=self._item_diff)
        return not self._item_diff.any()
