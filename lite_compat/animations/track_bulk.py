"""Many plain animations analysed at once: the planner's bulk form of the plain-key fast path.

A crowd of nodes with their own animations (each node its own position / rotation / scaling
keys) gives the planner thousands of distinct ``Animation`` objects in one step, each with a
few plain keys (:func:`~lite_compat.animations.track_analysis._plain_signature`). Analysed one
by one, each costs a signature and a compiled spec of a few dozen calls. :func:`analyse_plain`
reads them grouped by shape (data type and key count): the key types, frames and values of a
whole group are read with C-level passes over all its keys, the checks of
:func:`~lite_compat.animations.track_analysis._plain_spec` are made on one NumPy table per
group, and each animation then only gets its slices. The result is cached on each animation
exactly as :func:`~lite_compat.animations.track_analysis._analysis` would cache it: the same
signature, the same spec numbers. Anything unusual (an Animation subclass, keys that are not
plain dicts, a huge int, a row the checks refuse) is simply left for the one-by-one path.
"""

from __future__ import annotations

import contextlib
import math
from array import array
from collections.abc import Iterable, Iterator
from itertools import chain, repeat
from typing import Any, Final

import numpy as np

from lite_compat.animations.animation import Animation
from lite_compat.animations.batch import FLOAT, QUAT, VEC, TrackSpec
from lite_compat.animations.track_analysis import (
    _EXACT_INT,
    _FLOAT32_MAX,
    _PASS,
    _PLAIN,
    _PLAIN_VALUES,
    _Analysis,
    _overridden,
)

__all__ = ["analyse_plain"]

#: Fewer new animations than this are left to the one-by-one path (a table is not worth it).
MIN_BULK: Final = 64
_DICT: Final = frozenset({dict})
_TWO: Final = frozenset({2})
_FLOAT_ONLY: Final = frozenset({float})
_INT_FLOAT: Final = frozenset({int, float})
#: Ints up to this magnitude convert to doubles exactly (range checks on doubles are exact).
_EXACT_DOUBLE_INT: Final = 1 << 53


def analyse_plain(animations: Iterable[Animation]) -> int:
    """Analyse the not yet analysed plain ``animations`` in bulk, within the planning pass.

    Only exact :class:`Animation` objects with no cached analysis are taken; each one taken
    gets the analysis :func:`~lite_compat.animations.track_analysis._analysis` would make
    (marked checked in this pass). Returns how many were taken (the rest are left untouched).
    """
    if _PASS[0] < 0:
        return 0
    groups: dict[tuple[int, int], list[tuple[Animation, list[Any]]]] = {}
    seen: set[int] = set()
    for animation in animations:
        if type(animation) is not Animation or id(animation) in seen:
            continue
        seen.add(id(animation))
        if getattr(animation, "_litePlanAnalysis", None) is not None:
            continue
        keys = animation.getKeys()
        if (
            type(keys) is not list
            or len(keys) < 2
            or not _DICT.issuperset(map(type, keys))
            or not _TWO.issuperset(map(len, keys))
        ):
            continue
        data_type = animation.dataType
        if type(data_type) is not int:
            continue
        groups.setdefault((data_type, len(keys)), []).append((animation, keys))
    if sum(map(len, groups.values())) < MIN_BULK:
        return 0
    taken = 0
    for (data_type, count), members in groups.items():
        if data_type == Animation.ANIMATIONTYPE_FLOAT or data_type in _PLAIN_VALUES:
            taken += _analyse_split(data_type, count, members)
    return taken


#: A group refused as a whole is split in halves down to this size (then left).
_MIN_SPLIT: Final = 16


def _analyse_split(data_type: int, count: int, members: list[tuple[Animation, list[Any]]]) -> int:
    # A group with some unusual member (a huge int, a value of another class) is split in
    # halves until the parts are taken or small.
    taken = _analyse_group(data_type, count, members)
    if taken is not None:
        return taken
    if len(members) < 2 * _MIN_SPLIT:
        return 0
    half = len(members) // 2
    return _analyse_split(data_type, count, members[:half]) + _analyse_split(
        data_type, count, members[half:]
    )


def _signs(numbers: list[Any], types: list[type]) -> list[float]:
    # As track_analysis._signs, over a whole group's numbers.
    if int not in types:
        return list(map(math.copysign, repeat(1.0), numbers))
    return [
        math.copysign(1.0, x) if t is float else 0.0 for x, t in zip(numbers, types, strict=True)
    ]


def _analyse_group(
    data_type: int, count: int, members: list[tuple[Animation, list[Any]]]
) -> int | None:
    # How many of ``members`` were taken; None where the group is refused as a whole.
    all_keys = list(chain.from_iterable(keys for _, keys in members))
    total = len(all_keys)
    frames: list[Any] = list(map(dict.get, all_keys, repeat("frame", total)))
    frame_types = list(map(type, frames))
    kinds = set(frame_types)
    if not _INT_FLOAT.issuperset(kinds):
        return None
    if int in kinds and not all(
        0 <= x <= _EXACT_INT for x, t in zip(frames, frame_types, strict=True) if t is int
    ):
        return None
    raw: list[Any] = list(map(dict.get, all_keys, repeat("value", total)))
    if data_type == Animation.ANIMATIONTYPE_FLOAT:
        stride = 1
        values: list[Any] | None = None
        flat = raw
    else:
        cls, components, stride = _PLAIN_VALUES[data_type]
        if not frozenset({cls}).issuperset(map(type, raw)):
            return None
        values = raw
        flat = list(chain.from_iterable(map(components, raw)))
    flat_types = list(map(type, flat))
    value_kinds = set(flat_types)
    if not _INT_FLOAT.issuperset(value_kinds):
        return None
    if int in value_kinds and not all(
        -_EXACT_DOUBLE_INT <= x <= _EXACT_DOUBLE_INT
        for x, t in zip(flat, flat_types, strict=True)
        if t is int
    ):
        return None
    frame_floats = list(map(float, frames))
    flat_floats = list(map(float, flat))
    rows = len(members)
    width = count * stride
    table = np.array(frame_floats, dtype=np.float64).reshape(rows, count)
    numbers = np.array(flat_floats, dtype=np.float64).reshape(rows, width)
    with np.errstate(all="ignore"):
        # The checks of _plain_spec, per row.
        ok = ~np.isnan(table).any(axis=1)
        ok &= table.min(axis=1) >= 0.0
        ok &= table.max(axis=1) <= _FLOAT32_MAX
        ok &= (table.astype(np.float32).astype(np.float64) == table).all(axis=1)
        ok &= (table[:, 1:] >= table[:, :-1]).all(axis=1)
        ok &= table.max(axis=1) > 0.0
        ok &= ~np.isnan(numbers).any(axis=1)
        ok &= numbers.min(axis=1) >= -_FLOAT32_MAX
        ok &= numbers.max(axis=1) <= _FLOAT32_MAX
    if data_type == Animation.ANIMATIONTYPE_QUATERNION:
        packed = flat_floats
    else:
        # Lite packs key values as float32: so does this sampler (the same numbers).
        packed = array("f", flat_floats).tolist()
    frame_signs = _signs(frames, frame_types)
    flat_signs = _signs(flat, flat_types)
    kind = (
        QUAT
        if data_type == Animation.ANIMATIONTYPE_QUATERNION
        else (FLOAT if data_type == Animation.ANIMATIONTYPE_FLOAT else VEC)
    )
    pass_now = _PASS[0]
    taken = 0
    empty: tuple[Any, ...] = ()
    # Each row's slices, cut in C (zip over one iterator repeated: consecutive tuples).
    per_row = zip(
        members,
        ok.tolist(),
        _rows(frames, count),
        _rows(frame_types, count),
        _rows(frame_signs, count),
        [empty] * len(members) if values is None else _rows(values, count),
        _rows(flat, width),
        _rows(flat_types, width),
        _rows(flat_signs, width),
        _rows(frame_floats, count),
        _rows(list(_rows(packed, stride)), count),
        strict=True,
    )
    quaternion = kind == QUAT
    for (animation, _), good, fr, ft, fs, vs, fl, flt, fls, ff, cells in per_row:
        if not good or (quaternion and _overridden(animation, "quaternionInterpolateFunction")):
            continue
        signature = (
            _PLAIN,
            animation.name,
            animation.targetProperty,
            data_type,
            fr,
            ft,
            fs,
            vs,
            fl,
            flt,
            fls,
        )
        spec = TrackSpec(animation, kind, stride, ff, cells, False, None)
        analysis = _Analysis(animation, signature, spec)
        if analysis.batch is not spec:
            continue
        analysis.checked_pass = pass_now
        with contextlib.suppress(AttributeError):
            animation._litePlanAnalysis = analysis
        taken += 1
    return taken


def _rows(items: list[Any], size: int) -> Iterator[tuple[Any, ...]]:
    # Consecutive ``size``-tuples of ``items`` (whose length is a multiple of ``size``).
    return zip(*[iter(items)] * size, strict=True)
