"""End and loop notifications of an animation group (lite's own addition).

For three.js and Babylon.js users: Babylon Lite 1.10 has no group events; its users poll
``isPlaying``.

A :class:`GroupSignal` is a list of callbacks shaped like Lite's small signal classes:
``add(callback)`` returns a function that removes it again. Each group has two,
``group.on_animation_end`` and ``group.on_animation_loop``; the manager fires them after an
update (see :func:`lite.update_animation_manager`). Groups that ever had a listener are kept
in a weak set, so a manager whose groups have none pays one emptiness check per update.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Generic, TypeVar

from lite.errors import AnimationStateError

__all__ = ["OBSERVED_GROUPS", "CallbackList", "GroupSignal"]

#: Groups that have had a listener (weakly held): the only ones an update inspects.
OBSERVED_GROUPS: weakref.WeakSet[Any] = weakref.WeakSet()

GroupCallback = Callable[[Any], object]


_C = TypeVar("_C", bound=Callable[..., object])


class CallbackList(Generic[_C]):
    """An ordered list of callbacks: ``add(callback)`` returns the function that removes it.

    The shared shape of lite's signals (a group's end and loop signals, a state machine's enter
    and exit signals); each names its callback's arguments in ``_hint``.
    """

    __slots__ = ("_callbacks",)
    #: What a callback is and how it is called, for the error of a non-callable one.
    _what: ClassVar[str] = "a callback"
    _hint: ClassVar[str] = "pass a function"

    def __init__(self) -> None:
        self._callbacks: list[_C] = []

    def add(self, callback: _C) -> Callable[[], None]:
        """Call ``callback`` on every event; returns a function that removes it.

        Raises
        ------
        AnimationStateError
            ``LITE-STATE-011`` when ``callback`` is not callable (nothing is added).
        """
        if not callable(callback):
            raise AnimationStateError(
                "LITE-STATE-011",
                f"{self._what} must be callable, got {type(callback).__name__}",
                hint=self._hint,
                input_name="callback",
            )
        self._callbacks.append(callback)

        def remove() -> None:
            self.remove(callback)

        return remove

    def remove(self, callback: _C) -> bool:
        """Remove ``callback`` (its first registration); False when it was not there."""
        try:
            self._callbacks.remove(callback)
        except ValueError:
            return False
        return True

    def clear(self) -> None:
        """Remove every callback."""
        self._callbacks.clear()

    def __len__(self) -> int:
        return len(self._callbacks)

    def __iter__(self) -> Iterator[_C]:
        return iter(tuple(self._callbacks))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self._callbacks)} callback(s))"


class GroupSignal(CallbackList[GroupCallback]):
    """Callbacks ``callback(group)`` fired by the manager after the update that caused them.

    Examples
    --------
    >>> import lite
    >>> from types import SimpleNamespace
    >>> box = SimpleNamespace(x=0.0)
    >>> clip = lite.create_property_animation_clip(
    ...     "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}])
    >>> manager = lite.create_animation_manager()
    >>> group = lite.create_property_animation_group(manager, box, clip, loop=False)
    >>> ended = []
    >>> remove = group.on_animation_end.add(lambda g: ended.append(g.current_time))
    >>> for _ in range(3):
    ...     lite.update_animation_manager(manager, 400.0)
    >>> ended
    [1.0]
    >>> remove()
    """

    __slots__ = ("_owner",)
    _what = "an animation group callback"
    _hint = "pass a function taking the group, e.g. lambda group: print(group.name)"

    def __init__(self, owner: object) -> None:
        super().__init__()
        self._owner = weakref.ref(owner)

    def add(self, callback: GroupCallback) -> Callable[[], None]:
        """Call ``callback(group)`` on every event; returns a function that removes it.

        Raises
        ------
        AnimationStateError
            ``LITE-STATE-011`` when ``callback`` is not callable (nothing is added).
        """
        remove = super().add(callback)
        owner = self._owner()
        if owner is not None:
            OBSERVED_GROUPS.add(owner)
        return remove
