"""Members made on first read (:class:`LazyField`), and their observables skipped if never made.

Babylon.js constructors create every observable, cached vector and matrix an object might
need. A crowd of ten thousand nodes or animatables reads few of them, and each one created up
front is another object for CPython's cyclic garbage collector to scan on every full pass. A
:class:`LazyField` class attribute creates its value the first time it is read and stores it
as a plain instance attribute, so later reads are ordinary attribute lookups and always give
the same object, and assignment replaces it as it would a constructor-set attribute.

An observable never made has no observer: code that only notifies or clears one asks
:func:`created` (None for a member never read, without making it), or uses
:func:`notify_created`, :func:`clear_created`, :func:`swap_observer`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

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


def created(obj: Any, name: str) -> Any:
    """``getattr(obj, name)``, except that a :class:`LazyField` member never read gives
    None and is not made; a member the script assigned None raises TypeError, where
    Babylon.js's unguarded read of that observable throws.

    For members such as observables that are only notified or cleared: an observable never
    made has no observers, so notifying or clearing it would do nothing. A subclass that
    replaces the member (a property, a class attribute) is read as usual.
    """
    value = obj.__dict__.get(name, _ABSENT)
    if value is None:
        raise _null_member(obj, name)
    if value is not _ABSENT:
        return value
    if isinstance(getattr(type(obj), name, None), LazyField):
        return None
    value = getattr(obj, name)
    if value is None:
        raise _null_member(obj, name)
    return value


def _null_member(obj: object, name: str) -> TypeError:
    # Babylon.js reads these members unguarded (``this.onDisposeObservable.clear()``): a
    # script that assigned null gets "Cannot read properties of null" at that point, after
    # the steps before it were done; the port raises there too, instead of skipping it.
    return TypeError(
        f"{type(obj).__name__}.{name} is None: Babylon.js calls it here and throws "
        "(Cannot read properties of null); leave the observable in place and call "
        f"{name}.clear() instead of assigning None"
    )


def notify_created(owner: object, name: str, value: object) -> None:
    """``owner.<name>.notifyObservers(value)``, skipped where that observable was never made
    (:func:`created`)."""
    observable = created(owner, name)
    if observable is not None:
        observable.notifyObservers(value)


def clear_created(owner: object, names: tuple[str, ...]) -> None:
    """``owner.<name>.clear()`` for each name, skipping the observables never made
    (:func:`created`)."""
    for name in names:
        observable = created(owner, name)
        if observable is not None:
            observable.clear()


def swap_observer(owner: object, name: str, previous: Any, callback: Any) -> Any:
    """Babylon.js's write-only ``onX = callback`` setters: remove ``previous`` from the
    observable ``owner.<name>`` and add ``callback``; returns the new observer. A falsy
    callback adds nothing, so an observable never made is not made for it (a mesh clone
    copies these members as None). Babylon.js reads the observable whatever the callback:
    one assigned None raises, as it throws there."""
    if not callback:
        observable = created(owner, name)
        if observable is None:
            return None
    else:
        observable = getattr(owner, name)
        if observable is None:
            raise _null_member(owner, name)
    if previous is not None:
        observable.remove(previous)
    return observable.add(callback)


_ABSENT: Any = object()
