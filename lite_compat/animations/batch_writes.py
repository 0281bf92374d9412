"""The batched rows' writes and loop callbacks: attribute stores CPython specialises.

Helpers of :class:`~lite_compat.animations.batch.BatchKind`: the stores of one track's values into
the captured owners (FLOAT) or the runtimes' own leaf objects (vectors, quaternions), the
side effects Babylon.js's setters have, and the loop callbacks a batched row may call itself
(a group's own loop counter while nobody observes the group's loops).
"""

from __future__ import annotations

from collections import deque
from itertools import repeat
from typing import Any

__all__: list[str] = []

Animatable = Any


def _write_float(owners: list[Any], name: str, values: list[float]) -> None:
    # STORE_ATTR with a constant name is specialised by CPython (slots, instance values):
    # about twice as fast as map(setattr, ...) for the component names.
    if name == "x":
        for owner, x in zip(owners, values, strict=True):
            owner.x = x
    elif name == "y":
        for owner, y in zip(owners, values, strict=True):
            owner.y = y
    elif name == "z":
        for owner, z in zip(owners, values, strict=True):
            owner.z = z
    else:
        deque(map(setattr, owners, repeat(name), values), 0)


def _write_leaves(leaves: list[Any], columns: list[list[float]]) -> None:
    # The components in Babylon's order (x, y[, z[, w]]) of each leaf.
    if len(columns) == 3:
        for leaf, x, y, z in zip(leaves, *columns, strict=True):
            leaf.x = x
            leaf.y = y
            leaf.z = z
    elif len(columns) == 4:
        for leaf, x, y, z, w in zip(leaves, *columns, strict=True):
            leaf.x = x
            leaf.y = y
            leaf.z = z
            leaf.w = w
    else:
        for leaf, x, y in zip(leaves, *columns, strict=True):
            leaf.x = x
            leaf.y = y


def _zero_rotations(rotations: list[Any]) -> None:
    # What zero_rotation does to each owner's rotation, skipping the ones already at zero (all
    # of them unless a script or another track wrote a rotation since the last step; a -0.0
    # component, equal to 0, is left as it is).
    for rotation in rotations:
        if rotation.x or rotation.y or rotation.z:
            rotation.setAll(0.0)


def _restore_leaves(owners: list[Any], name: str, leaves: list[Any]) -> None:
    # Babylon.js assigns its own value object to the property on every write.
    for owner, leaf in zip(owners, leaves, strict=True):
        if getattr(owner, name) is not leaf:
            setattr(owner, name, leaf)


def _loop_leaves(animatable: Animatable) -> bool:
    """Whether a loop of ``animatable`` must be stepped on the scalar path: its callbacks can
    see the scene (an observer, a script's ``onAnimationLoop``). A group's own counter with no
    observer on the group's loop observables only counts: the row calls it (:func:`_quiet`)."""
    if animatable.onAnimationLoopObservable.hasObservers():
        return True
    callback = animatable._onAnimationLoop
    return callback is not None and not _quiet(callback)


def _quiet(callback: Any) -> bool:
    cls = type(callback)
    quiet = getattr(cls, "quiet", None)
    return (
        quiet is not None
        and str(getattr(cls, "__module__", "")).startswith("lite_compat.")
        and bool(quiet(callback))
    )


def _call_loops(animatable: Animatable, count: int) -> None:
    """A quiet loop's callbacks: one per runtime animation that looped, as the scalar path."""
    callback = animatable._onAnimationLoop
    if callback is not None:
        for _ in range(count):
            callback()
