"""The easings of a run's rows, read once and kept while no object word they depend on moves.

A vectorised kind whose rows play their own animations samples each track with the rows' own
easing functions, read live every frame (:func:`~lite_compat.animations.batch_sampling.row_easings`:
``getEasingFunction()`` of each animation), and decides every frame whether one vectorised
curve serves every row (the same easing object, or one power curve class in one mode with no
instance overrides: ``_same_power_curve``). At ten thousand rows those reads and checks cost
more than the sampling itself.

:class:`EasingWatch` does them once and then keeps their result while an
:class:`~lite_compat.animations.object_words.WordGuard` finds unchanged every word they read:

* each animation's instance dict (its version tag moves when ``_easingFunction`` is replaced,
  or an instance ``getEasingFunction`` is set or deleted), the pointer to that dict and its
  class pointer;
* each distinct easing object's instance dict (its mode, an instance ``ease``/``easeInCore``),
  dict pointer and class pointer.

The class-level check of :func:`row_easings` (each animation class's ``getEasingFunction`` is
``Animation``'s) runs every frame as before. Where the guard cannot be made (no word layout,
the guard turned off, an animation whose ``getEasingFunction`` is not ``Animation``'s, an
easing object whose truth value is its own), every frame reads everything, exactly as before;
so does every frame after a change, until the watch is made again (after a wait that doubles
while changes keep coming, up to :data:`_MAX_WAIT` frames).
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any, Final

from lite_compat.animations.batch_sampling import (
    BASE_EASING_GETTER,
    EasingGetters,
    _same_power_curve,
    row_easings,
)
from lite_compat.animations.object_words import WordGuard, class_word, dict_word

__all__ = ["EasingWatch", "plain_of", "set_easing_watch"]

#: Whether watches keep their result (the differential tests turn it off).
_ENABLED: Final = [True]
#: The longest wait (frames read in full) before a watch whose words keep moving is made again.
_MAX_WAIT: Final = 63


def set_easing_watch(enabled: bool) -> bool:
    """Turn the kept easings on or off (every frame then reads them); the previous setting."""
    previous = _ENABLED[0]
    _ENABLED[0] = bool(enabled)
    return previous


def plain_of(source: Any) -> Any:
    """What a part of a run reads its easings with: a watch's getters (read in full every
    frame, as :func:`row_easings` does), anything else as it is."""
    return source.plain if isinstance(source, EasingWatch) else source


def _plain_truth(easing: object) -> bool:
    # None, or an object whose truth value cannot change (no __bool__, no __len__).
    if easing is None:
        return True
    cls = type(easing)
    return getattr(cls, "__bool__", None) is None and getattr(cls, "__len__", None) is None


class EasingWatch:
    """The easings of one run's rows for :func:`sample_table` (see the module doc).

    :meth:`read` returns ``(easings, uniform)``: each row's easing (None when no row has one)
    and whether one vectorised curve serves them all (None: not decided, the sampler decides).
    """

    __slots__ = (
        "_classes",
        "_easings",
        "_guard",
        "_uniform",
        "_wait",
        "_waited",
        "animations",
        "plain",
    )

    def __init__(self, animations: list[Any], plain: EasingGetters) -> None:
        self.animations = animations
        #: :func:`row_easings`' instance dicts and classes (None: it calls the getters).
        self.plain = plain
        self._classes: tuple[type, ...] = () if plain is None else plain[1]
        self._guard: WordGuard | None = None
        self._easings: list[Any] | None = None
        self._uniform: bool | None = None
        self._wait = 0
        self._waited = 0

    def read(self) -> tuple[list[Any] | None, bool | None]:
        """Each row's easing now (None: none has one) and whether one curve serves them."""
        guard = self._guard
        base = BASE_EASING_GETTER[0]
        # Each class's getEasingFunction Animation's: the easings are the attributes (else
        # they are what the getters return, read every frame and never kept).
        plain = self.plain is not None and all(
            getattr(c, "getEasingFunction", None) is base for c in self._classes
        )
        if guard is not None:
            if plain and guard.unchanged():
                return self._easings, self._uniform
            self._guard = None
            # Changed: wait longer before watching again while changes keep coming.
            self._wait = min(2 * self._wait + 1, _MAX_WAIT)
            self._waited = 0
        easings: list[Any] | None = row_easings(self.animations, self.plain)
        assert easings is not None
        uniform: bool | None = None
        if not any(easings):
            easings = None
        else:
            first = easings[0]
            uniform = all(map(is_, easings, repeat(first))) or _same_power_curve(easings)
        if _ENABLED[0] and plain:
            if self._waited >= self._wait:
                self._easings, self._uniform = easings, uniform
                self._guard = self._make_guard(easings)
            else:
                self._waited += 1
        return easings, uniform

    def _make_guard(self, easings: list[Any] | None) -> WordGuard | None:
        # The animations' dicts now (one replaced since the getters were made is read here).
        dicts: list[dict[str, Any]] = []
        for animation in self.animations:
            own = getattr(animation, "__dict__", None)
            if type(own) is not dict:
                return None
            dicts.append(own)
        objects: list[Any] = list(self.animations)
        if easings is not None:
            distinct = list({id(e): e for e in easings if e is not None}.values())
            if not all(map(_plain_truth, distinct)):
                return None
            for easing in distinct:
                own = getattr(easing, "__dict__", None)
                if type(own) is dict:
                    dicts.append(own)
                    objects.append(easing)
                else:
                    objects.append(easing)
        words: list[int] = []
        pointees: list[Any] = []
        for obj in objects:
            words.append(class_word(obj))
            pointees.append(type(obj))
            own = getattr(obj, "__dict__", None)
            if type(own) is dict:
                word = dict_word(obj)
                if word is None:
                    return None
                words.append(word)
                pointees.append(own)
        return WordGuard.build([], dicts, [], words, [*pointees, objects])
