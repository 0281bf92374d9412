"""Clocks of a whole glTF batch at once: the batch engine's pass 1 without a loop per group.

Python-only. The batch engine's pass 1 advances each glTF member's clock as
:class:`lite.skeleton.animation_controller.GltfController` does (advance when playing; wrap
whenever the group loops, else clamp to ``[0, duration]``; no completion), one group at a
time. For a batch whose members are plain (every one on its own instance of one slab, in slot
order, no root motion, no mask, no sibling group, no engine, none stopped), this does the
same arithmetic on the members' rows of the manager's
:class:`~lite.animation.state.GroupStateStore` in array form: the compensated two-sum of
:mod:`lite.animation.animation_tick`, operation for operation, so every time and clock equals
the scalar clock's to the bit (as :func:`lite.batch.property_batch.advance_prop_batch` does for
property groups, whose loop condition differs).
"""

from __future__ import annotations

import operator
from itertools import repeat
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite.animation.state import (
    COL_CLOCK_ERROR,
    COL_CLOCK_TIME,
    COL_LOOP,
    COL_PLAYING,
    COL_SPEED,
    COL_STOPPED,
    COL_TIME,
)
from lite.batch.array_clock import advance_rows, wrap_rows

if TYPE_CHECKING:
    from lite.animation.types import F64Array
    from lite.batch.members import _Batch

__all__ = ["advance_gltf_clocks", "plain_members"]

_IS: Final = operator.is_
_MASK: Final = operator.attrgetter("mask")
_HOOK: Final = operator.attrgetter("post_sample")
_SINK: Final = operator.attrgetter("_engine")


def plain_members(batch: _Batch, sinks: bool) -> bool:
    """Whether no member of ``batch`` has a mask or a root-motion hook this frame, nor (when
    ``sinks``) an engine: C-level passes over the members (``batch.fast`` lists their groups
    and controllers). A controller's engine changes only when it ticks with an engine, so
    while the manager has none, the engines need checking once, on the batch's first array
    frame."""
    fast = batch.fast
    assert fast is not None
    groups, ctrls = fast.groups, fast.ctrls
    none = repeat(None)
    return (
        all(map(_IS, map(_MASK, groups), none))
        and all(map(_IS, map(_HOOK, ctrls), none))
        and (not sinks or all(map(_IS, map(_SINK, ctrls), none)))
    )


def advance_gltf_clocks(
    data: F64Array,
    sel: slice | np.ndarray[Any, np.dtype[np.intp]],
    duration: float,
    delta_ms: float,
    out: F64Array,
) -> bool:
    """Advance, wrap or clamp the clocks of the rows ``sel`` of ``data`` (the manager's
    group state array) as the batch engine's pass 1 does for each glTF member, and put the
    sampled times in ``out``. False, with nothing written, when a member is stopped."""
    st = np.ascontiguousarray(data[sel].T)
    if st[COL_STOPPED].any():
        return False
    time = st[COL_TIME]
    speed = st[COL_SPEED]
    playing = st[COL_PLAYING] != 0.0
    clock_t = st[COL_CLOCK_TIME]
    clock_e = st[COL_CLOCK_ERROR]
    with np.errstate(all="ignore"):
        if playing.any():
            advance_rows(time, speed, clock_t, clock_e, playing, delta_ms)
        looping = st[COL_LOOP] != 0.0
        np.copyto(out, time)
        if looping.any():
            # wrap_clock(clock, time, 0.0, duration)
            np.copyto(out, wrap_rows(time, clock_t, clock_e, 0.0, duration, looping), where=looping)
        if not looping.all():
            # clamp_time(time, 0.0, duration)
            held = np.where(time >= duration, duration, np.where(time <= 0.0, 0.0, time))
            np.copyto(out, held, where=~looping)
    data[sel, COL_TIME] = out
    data[sel, COL_CLOCK_TIME] = clock_t
    data[sel, COL_CLOCK_ERROR] = clock_e
    return True
