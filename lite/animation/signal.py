"""End and loop notifications of an animation group (lite's own addition, for three.js and
Babylon.js users: Babylon Lite 1.10 has no group events; its users poll ``isPlaying``).

A :class:`GroupSignal` is a list of callbacks shaped like Lite's small signal classes:
``add(callback)`` returns a function that removes it again. Each group has two,
``group.on_animation_end`` and ``group.on_animation_loop``; the manager fires them after an
update (see :func:`lite.update_animation_manager`). Groups that ever had a listener are kept
in a weak set, so a manager whose groups have none pays one emptiness check per update.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from typing import Any

from lite.errors import AnimationStateError

__all__ = ["OBSERVED_GROUPS", "GroupSignal"]

#: Groups that have had a listener (weakly held): the only ones an update inspects.
OBSERVED_GROUPS: weakref.WeakSet[Any] = weakref.WeakSet()

GroupCallback = Callable[[Any], object]


class GroupSignal:
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

    __slots__ = ("_callbacks", "_owner")

    def __init__(self, owner: object) -> None:
        self._owner = weakref.ref(owner)
        self._callbacks: list[GroupCallback] = []

    def add(self, callback: GroupCallback) -> Callable[[], None]:
        """Call ``callback(group)`` on every event; returns a function that removes it.

        Raises
        ------
        AnimationStateError
            ``LITE-STATE-011`` when ``callback`` is not callable (nothing is added).
        """
        if not callable(callback):
            raise AnimationStateError(
                "LITE-STATE-011",
                f"an animation group callback must be callable, got {type(callback).__name__}",
                hint="pass a function taking the group, e.g. lambda group: print(group.name)",
                input_name="callback",
            )
        self._callbacks.append(callback)
        owner = self._owner()
        if owner is not None:
            OBSERVED_GROUPS.add(owner)

        def remove() -> None:
            self.remove(callback)

        return remove

    def remove(self, callback: GroupCallback) -> bool:
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

    def __iter__(self) -> Iterator[GroupCallback]:
        return iter(tuple(self._callbacks))

    def __repr__(self) -> str:
        return f"GroupSignal({len(self._callbacks)} callback(s))"
