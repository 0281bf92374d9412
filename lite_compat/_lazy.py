"""Members made on first read: :class:`LazyField`.

Babylon.js constructors create every observable, cached vector and matrix an object might
need. A crowd of ten thousand nodes or animatables reads few of them, and each one created up
front is another object for CPython's cyclic garbage collector to scan on every full pass. A
:class:`LazyField` class attribute creates its value the first time it is read and stores it
as a plain instance attribute, so later reads are ordinary attribute lookups and always give
the same object, and assignment replaces it as it would a constructor-set attribute.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, overload

_T = TypeVar("_T")


class LazyField(Generic[_T]):
    """A non-data descriptor that stores ``factory()`` on the instance at first read.

    Parameters
    ----------
    factory
        Called with no arguments, once per instance, to make the value (``Observable``,
        ``Vector3.Zero``, ``list``...).

    Notes
    -----
    The owner's instances need a ``__dict__``. Reading the member on the class gives the
    descriptor itself.
    """

    __slots__ = ("factory", "name")

    def __init__(self, factory: Callable[[], _T]) -> None:
        self.factory = factory
        self.name = "?"

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> LazyField[_T]: ...
    @overload
    def __get__(self, obj: object, objtype: type | None = None) -> _T: ...
    def __get__(self, obj: object, objtype: type | None = None) -> LazyField[_T] | _T:
        if obj is None:
            return self
        value = self.factory()
        obj.__dict__[self.name] = value
        return value
