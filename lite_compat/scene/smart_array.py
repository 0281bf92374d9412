"""Babylon.js ``SmartArray`` and ``SmartArrayNoDuplicate``: arrays that never shrink.

Port of ``@babylonjs/core`` 9.31 ``Misc/smartArray.js``. ``data`` is the backing list (its
``len()`` is the capacity, like the JavaScript array's ``length``), ``length`` the number of
active items; ``reset()`` only sets ``length`` to 0, so items past ``length`` are stale, as in
Babylon.js. The scene's active meshes (``scene.getActiveMeshes()``) and active skeletons are
kept in these, so a port reading ``arr.data[i]`` for ``i < arr.length`` runs unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cmp_to_key
from typing import Any, Generic, TypeVar

__all__ = ["SmartArray", "SmartArrayNoDuplicate"]

_T = TypeVar("_T")


class SmartArray(Generic[_T]):
    """A list whose backing storage does not shrink (``BABYLON.SmartArray``).

    Parameters
    ----------
    capacity
        Initial size of ``data`` (slots hold ``None`` until used; JavaScript's holes).
    """

    _GlobalId = 0

    def __init__(self, capacity: int) -> None:
        #: The active length of the array.
        self.length = 0
        #: The backing list (``len(data)`` >= ``length``; entries past ``length`` are stale).
        self.data: list[Any] = [None] * max(int(capacity), 0)
        self._id = SmartArray._GlobalId
        SmartArray._GlobalId += 1

    def push(self, value: _T) -> None:
        """Append ``value`` to the active data (the storage doubles when full)."""
        data = self.data
        if self.length < len(data):
            data[self.length] = value
        else:
            data.append(value)
        self.length += 1

    def forEach(self, func: Callable[[_T], object]) -> None:
        """Call ``func`` on each active item."""
        for index in range(self.length):
            func(self.data[index])

    def sort(self, compareFn: Callable[[Any, Any], float]) -> None:
        """Sort the active items with a JavaScript-style comparator (Babylon sorts its whole
        array; the stale items past ``length`` are left where they are here)."""
        active = sorted(self.data[: self.length], key=cmp_to_key(_comparator(compareFn)))
        self.data[: self.length] = active

    def reset(self) -> None:
        """Empty the active data (the storage is kept)."""
        self.length = 0

    def dispose(self) -> None:
        """Empty the active data and release the storage."""
        self.reset()
        self.data.clear()

    def concat(self, array: SmartArray[_T] | Sequence[_T]) -> None:
        """Append the active items of ``array`` (a SmartArray or a sequence)."""
        items = _items(array)
        for item in items:
            self.push(item)

    def indexOf(self, value: object) -> int:
        """Position of ``value`` in the active data, or -1."""
        primitive = isinstance(value, str | int | float)  # JavaScript's === compares values
        for index in range(self.length):
            item = self.data[index]
            if item is value or (primitive and item == value):
                return index
        return -1

    def contains(self, value: object) -> bool:
        """Whether ``value`` is in the active data."""
        return self.indexOf(value) != -1


class SmartArrayNoDuplicate(SmartArray[_T]):
    """A :class:`SmartArray` whose :meth:`pushNoDuplicate` adds an item once per reset
    (``BABYLON.SmartArrayNoDuplicate``)."""

    def __init__(self, capacity: int) -> None:
        super().__init__(capacity)
        self._members: set[int] = set()

    def push(self, value: _T) -> None:
        """Append ``value`` (does not check for duplicates)."""
        super().push(value)
        self._members.add(id(value))

    def pushNoDuplicate(self, value: _T) -> bool:
        """Append ``value`` unless already added since the last reset; True when added."""
        if id(value) in self._members:
            return False
        self.push(value)
        return True

    def reset(self) -> None:
        """Empty the active data (and forget which items were added)."""
        super().reset()
        self._members.clear()

    def concatWithNoDuplicate(self, array: SmartArray[_T] | Sequence[_T]) -> None:
        """Append the items of ``array`` not already present."""
        for item in _items(array):
            self.pushNoDuplicate(item)


def _items(array: SmartArray[Any] | Sequence[Any]) -> list[Any]:
    if isinstance(array, SmartArray):
        return array.data[: array.length]
    return list(array)


def _comparator(compareFn: Callable[[Any, Any], float]) -> Callable[[Any, Any], int]:
    def compare(a: Any, b: Any) -> int:
        result = compareFn(a, b)
        return -1 if result < 0 else (1 if result > 0 else 0)

    return compare
