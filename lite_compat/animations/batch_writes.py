"""The batched rows' writes and loop callbacks: attribute stores CPython specialises.

Helpers of :class:`~lite_compat.animations.batch.BatchKind`: the stores of one track's values into
the captured owners (FLOAT) or the runtimes' own leaf objects (vectors, quaternions), the
side effects Babylon.js's setters have, and the loop callbacks a batched row may call itself
(a group's own loop counter while nobody observes the group's loops).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import repeat
from operator import attrgetter
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lite_compat._lazy import created
from lite_compat._words import WORD, span
from lite_compat.animations.batch_sampling import _FLOAT
from lite_compat.animations.object_words import (
    SUPPORTED,
    WordGuard,
    class_word,
    word_guard_enabled,
)
from lite_compat.math import Vector3

__all__ = ["Warm", "run_warming", "set_write_warming"]

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


#: Whether runs gather the words their writes will touch first (:class:`Warm`).
_WARMING: Final = [SUPPORTED]
#: Fewer objects than this are not warmed (their lines stay in the caches between frames).
WARM_MIN: Final = 256
_BASICSIZE: Final = attrgetter("__basicsize__")


def set_write_warming(enabled: bool) -> bool:
    """Turn :class:`Warm` on (where ``object_words.SUPPORTED``) or off; the previous state."""
    previous = _WARMING[0]
    _WARMING[0] = bool(enabled) and SUPPORTED
    return previous


class Warm:
    """One gather over the words a run's stores into ``objects`` will touch, made before them.

    Thousands of rows write objects scattered over the heap (each node's leaf a few KiB from
    the next one): the interpreter's store loop then waits on one cache miss after another.
    A numpy gather of each object's type word and its last member word (the first and last
    lines of a small object) issues those misses together, so the stores find the lines in
    the caches. It reads the words only (the same layout ``object_words`` checks at import,
    no value used): the numbers written are the same with or without it. The objects are
    held by the caller's run, so every address stays valid while the gather lives.
    """

    __slots__ = ("_index", "_out", "_view")

    def __init__(self, objects: list[Any]) -> None:
        ids = np.fromiter(map(id, objects), np.int64, len(objects))
        sizes = np.fromiter(map(_BASICSIZE, map(type, objects)), np.int64, len(objects))
        # The type word (after the reference count) and the last word inside the object's
        # first 64 bytes (its members, for the small vectors written here).
        words = np.concatenate([ids + WORD, ids + np.minimum(sizes, 64) - WORD])
        words.sort()
        low = int(words[0])
        self._view: npt.NDArray[np.uint64] = span(low, int(words[-1]))
        self._index = ((words - low) // WORD).astype(np.intp)
        self._out = np.empty(len(words), np.uint64)

    @classmethod
    def build(cls, objects: list[Any]) -> Warm | None:
        """The gather of ``objects`` (held by the caller), or None where it is not made."""
        if not _WARMING[0] or len(objects) < WARM_MIN:
            return None
        return cls(objects)

    def touch(self) -> npt.NDArray[np.uint64]:
        """Gather the words (into a buffer made once; returned for the tests)."""
        np.take(self._view, self._index, out=self._out, mode="clip")
        return self._out


def _nothing() -> None:
    return None


class _Idle:
    """No warming for any track (a run's first commit, or a commit of part of its rows)."""

    __slots__ = ()

    def __getitem__(self, index: int) -> Callable[[], object]:
        return _nothing


_IDLE: Final = _Idle()


def run_warming(run: Any, specs: list[Any], stop: int) -> Any:
    """Per track of ``run``, what warms the objects its stores write (its FLOAT owners, its
    leaf objects), called before them: nothing at the run's first whole commit or a commit of
    its first ``stop`` rows only; the :class:`Warm` gathers from its second whole commit (a
    run made and dropped within a frame makes none)."""
    warm: list[Callable[[], object]] | None = run.warm
    if warm is None or stop < len(run.animatables):
        if warm is None:
            run.warm = []
        return _IDLE
    if not warm:
        for j, spec in enumerate(specs):
            gather = Warm.build(run.owners[j] if spec.kind == _FLOAT else run.objects[j])
            warm.append(_nothing if gather is None else gather.touch)
    return warm


#: Per rotations list (by id; the list held): its guard once a pass left every component a
#: zero number, or None until the list is seen again (see :func:`_zero_rotations`).
_ZEROED: dict[int, tuple[list[Any], WordGuard | None]] = {}
#: Lists remembered at most (then forgotten all at once: a forgotten list takes the loop).
_ZEROED_MAX = 256
#: The number types whose objects cannot change their truth (a member word that still points
#: to the same object still reads zero).
_ZERO_TYPES = (float, int, bool)


def _zero_rotations(rotations: list[Any]) -> None:
    # What zero_rotation does to each owner's rotation, skipping the ones already at zero (all
    # of them unless a script or another track wrote a rotation since the last step; a -0.0
    # component, equal to 0, is left as it is). After a pass of a list seen before, a guard
    # records the member words of every rotation's x, y, z (each then a zero number of an
    # immutable type) and the list's items: while none moved, every component is still that
    # zero, and the pass would change nothing (object_words.WordGuard).
    entry = _ZEROED.get(id(rotations))
    if entry is not None and entry[0] is rotations:
        guard = entry[1]
        # The words say the same zero objects, and the class words that each is still a
        # Vector3 reading them as slots (``__class__`` assignment moves a class word).
        if guard is not None and guard.unchanged():
            return
    exact = True
    for rotation in rotations:
        if rotation.x or rotation.y or rotation.z:
            rotation.setAll(0.0)
        if exact:
            if type(rotation) is not Vector3:
                exact = False
                continue
            x = rotation.x
            y = rotation.y
            z = rotation.z
            if (
                type(x) not in _ZERO_TYPES
                or type(y) not in _ZERO_TYPES
                or type(z) not in _ZERO_TYPES
                or x
                or y
                or z
            ):
                exact = False
    if entry is None or entry[0] is not rotations:
        if len(_ZEROED) >= _ZEROED_MAX:
            _ZEROED.clear()
        _ZEROED[id(rotations)] = (rotations, None)
        return
    guard = None
    if exact and word_guard_enabled():
        guard = WordGuard.build(
            [(rotations, "x"), (rotations, "y"), (rotations, "z")],
            [],
            [rotations],
            list(map(class_word, rotations)),
            [Vector3],
        )
    _ZEROED[id(rotations)] = (rotations, guard)


def _restore_leaves(owners: list[Any], name: str, leaves: list[Any]) -> None:
    # Babylon.js assigns its own value object to the property on every write.
    for owner, leaf in zip(owners, leaves, strict=True):
        if getattr(owner, name) is not leaf:
            setattr(owner, name, leaf)


def _loop_leaves(animatable: Animatable) -> bool:
    """Whether a loop of ``animatable`` must be stepped on the scalar path: its callbacks can
    see the scene (an observer, a script's ``onAnimationLoop``). A group's own counter with no
    observer on the group's loop observables only counts: the row calls it (:func:`_quiet`)."""
    if _loop_observed(animatable):
        return True
    callback = animatable._onAnimationLoop
    return callback is not None and not _quiet(callback)


def _loop_observed(animatable: Animatable) -> bool:
    """Whether the animatable's loop observable has an observer (one never made has none); one
    the script assigned None counts as observed: the scalar path raises where Babylon.js
    throws."""
    try:
        observable = created(animatable, "onAnimationLoopObservable")
    except TypeError:
        return True
    return observable is not None and bool(observable.hasObservers())


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
