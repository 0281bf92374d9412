"""Compat's batch sampler: the compiled keys of one animation and their sampling.

A :class:`TrackSpec` holds one Animation's LINEAR keys (animation-level easing allowed) as the
batch path samples them: FLOAT and vector kinds reproduce Lite's property sampler to the bit
(``a + f * (b - a)`` in float64 on float32 key values, the result rounded to float32);
QUATERNION kinds reproduce Babylon.js ``Quaternion.SlerpToRef`` on the float64 key values (its
short-arc flip and its unnormalised lerp above a dot of 0.999999). :func:`sample` gives one
frame's value (the scalar path); :func:`sample_rows` many rows' values in one numpy pass (the
vectorised rows), the same numbers; :func:`sample_table` the same with each row's own keys, and
:func:`sample_columns` the one step both row commits take (shared keys or the run's table).
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from itertools import repeat
from operator import attrgetter, contains, eq, is_, methodcaller
from typing import Any, Final, Protocol

import numpy as np

from lite_compat._js_rows import acos_rows, sin_rows
from lite_compat.animations.easing import CubicEase, QuadraticEase, QuarticEase, QuinticEase

__all__ = [
    "FLOAT",
    "QUAT",
    "VEC",
    "Table",
    "TrackSpec",
    "sample",
    "sample_babylon_quat",
    "sample_lite",
    "sample_columns",
    "sample_rows",
    "sample_table",
]

#: Spec kinds: a number, a Vector2/Vector3 (Lite's arithmetic), a Quaternion (Babylon's slerp).
FLOAT: Final = 1
VEC: Final = 2
QUAT: Final = 4
_FLOAT: Final = FLOAT
_VEC: Final = VEC
_QUAT: Final = QUAT
_SLERP_LERP_THRESHOLD: Final = 0.999999

#: Easing classes whose curve is a power of the gradient (vectorised exactly).
_POWERS: Final = {CubicEase: 3, QuadraticEase: 2, QuarticEase: 4, QuinticEase: 5}
_MODE: Final = attrgetter("_easingMode")
_DICT: Final = attrgetter("__dict__")
_EASING_ATTR: Final = attrgetter("_easingFunction")
_GET_EASING: Final = methodcaller("getEasingFunction")
#: ``Animation.getEasingFunction``, registered by the planner (track_analysis imports
#: ``Animation``; this module cannot without closing an import cycle). None: always call.
BASE_EASING_GETTER: Final[list[Any]] = [None]


# ---------------------------------------------------------------------------------------------
# Track specs (one per Animation key state)
# ---------------------------------------------------------------------------------------------


class TrackSpec:
    """The compiled keys of one animation for the batch sampler (built by the planner).

    ``frames`` are the key frames, ``rows`` the key values' components (float32-rounded for
    FLOAT/VEC kinds, as Lite packs them; float64 for QUAT).
    """

    __slots__ = (
        "_frames",
        "_segment_slots",
        "_values",
        "animation",
        "exact",
        "frame_list",
        "key_easings",
        "shape",
        "slot_easings",
        "kind",
        "last",
        "stride",
        "value_rows",
    )

    def __init__(
        self,
        animation: Any,
        kind: int,
        stride: int,
        frames: Sequence[float],
        rows: Sequence[Sequence[float]],
        exact: bool = False,
        key_easings: list[Any] | None = None,
    ) -> None:
        self.animation = animation
        #: FLOAT/VEC: Babylon.js's own arithmetic (float64 key values and results), for tracks
        #: Lite cannot take (key frames float32 cannot hold: a glTF loader's ``time * 60``);
        #: else Lite's (float32 key values, results rounded to float32).
        self.exact = exact
        self.kind = kind
        self.stride = stride
        # Tuples of floats: the cyclic garbage collector stops tracking them (thousands of
        # nodes with their own animations hold thousands of specs).
        self.frame_list: tuple[float, ...] = tuple(frames)
        self.value_rows: tuple[tuple[float, ...], ...] = tuple(map(tuple, rows))
        # The arrays are made on first use (:attr:`frames`, :attr:`values`): rows sampled
        # with per-row key tables read ``frame_list``/``value_rows`` in bulk instead.
        self._frames: np.ndarray | None = None
        self._values: np.ndarray | None = None
        self._segment_slots: np.ndarray | None = None
        self.last = len(rows) - 1
        #: Per segment, its start key's easing function (None: the animation's), as Babylon's
        #: ``startKey.easingFunction || this.getEasingFunction()``; None when no key has one.
        self.key_easings = key_easings
        #: The distinct key easings and, per segment, the index of its own (-1: none).
        slot_easings: list[Any] = []
        slots: list[int] = []
        for easing in key_easings or ():
            if not easing:
                slots.append(-1)
                continue
            for i, known in enumerate(slot_easings):
                if known is easing:
                    slots.append(i)
                    break
            else:
                slots.append(len(slot_easings))
                slot_easings.append(easing)
        self.slot_easings: tuple[Any, ...] = tuple(slot_easings)
        if slots:
            self._segment_slots = np.array(slots, dtype=np.intp)
        #: What specs must share to be sampled together with per-row key tables
        #: (:func:`sample_table`); None with key easings (sampled one spec at a time).
        self.shape: tuple[int, int, bool, int] | None = (
            None if key_easings is not None else (kind, stride, exact, len(rows))
        )

    @property
    def frames(self) -> np.ndarray:
        """The key frames, float64 ``(keys,)`` (made on first use)."""
        frames = self._frames
        if frames is None:
            frames = self._frames = np.array(self.frame_list, dtype=np.float64)
        return frames

    @property
    def values(self) -> np.ndarray:
        """The key values' components, float64 ``(keys, stride)`` (made on first use)."""
        values = self._values
        if values is None:
            rows = self.value_rows
            values = np.array(rows, dtype=np.float64).reshape(len(rows), self.stride)
            self._values = values
        return values

    @property
    def segment_slots(self) -> np.ndarray:
        """Per segment, the index of its key easing in ``slot_easings`` (-1: none)."""
        slots = self._segment_slots
        if slots is None:
            slots = self._segment_slots = np.zeros(0, dtype=np.intp)
        return slots


# ---------------------------------------------------------------------------------------------
# Scalar sampling (one track, one frame)
# ---------------------------------------------------------------------------------------------

_F32: Final = array("f", [0.0])


def _f32(x: float) -> float:
    _F32[0] = x
    return _F32[0]


#: Float32 scratch rows by stride (the sampler's rounding).
_F32_ROWS: Final = {n: array("f", [0.0] * n) for n in (1, 2, 3, 4)}


def sample_lite(spec: TrackSpec, t: float) -> Sequence[float]:
    # lite.animation.evaluate.evaluate_property_sampler with the compat easing adapter.
    frames = spec.frame_list
    rows = spec.value_rows
    last = spec.last
    if t < frames[0] if spec.exact else t <= frames[0]:
        return rows[0]
    if t >= frames[last]:
        return rows[last]
    idx = bisect_right(frames, t) - 1
    t0 = frames[idx]
    dt = frames[idx + 1] - t0
    if dt > 0.0:
        easing = (
            spec.key_easings[idx] if spec.key_easings is not None else None
        ) or spec.animation.getEasingFunction()
        g = (t - t0) / dt
        f = float(easing.ease(g)) if easing else g
    else:
        f = 0.0
    a = rows[idx]
    b = rows[idx + 1]
    if spec.exact:
        # Scalar.Lerp / Vector2.Lerp / Vector3.Lerp: start + (end - start) * amount.
        return [a[c] + f * (b[c] - a[c]) for c in range(spec.stride)]
    # Each component rounded to float32 by the array's item store (the C cast _f32 makes).
    out = _F32_ROWS[spec.stride]
    if spec.stride == 3:
        out[0] = a[0] + f * (b[0] - a[0])
        out[1] = a[1] + f * (b[1] - a[1])
        out[2] = a[2] + f * (b[2] - a[2])
    else:
        for c in range(spec.stride):
            out[c] = a[c] + f * (b[c] - a[c])
    return out.tolist()


def _slerp(left: Sequence[float], right: Sequence[float], amount: float) -> list[float]:
    # Babylon.js Quaternion.SlerpToRef (math.vector.js), operation for operation.
    dot = left[0] * right[0] + left[1] * right[1] + left[2] * right[2] + left[3] * right[3]
    flip = False
    if dot < 0:
        flip = True
        dot = -dot
    if dot > _SLERP_LERP_THRESHOLD:
        s_left = 1 - amount
        s_right = -amount if flip else amount
    else:
        omega = math.acos(dot)
        inv_sin = 1.0 / math.sin(omega)
        s_left = math.sin((1.0 - amount) * omega) * inv_sin
        s_right = (
            -math.sin(amount * omega) * inv_sin if flip else math.sin(amount * omega) * inv_sin
        )
    return [s_left * left[c] + s_right * right[c] for c in range(4)]


def sample_babylon_quat(spec: TrackSpec, t: float) -> Sequence[float]:
    # Animation._interpolate for a LINEAR quaternion track.
    frames = spec.frame_list
    rows = spec.value_rows
    if t < frames[0]:
        return rows[0]
    idx = bisect_right(frames, t) - 1
    if idx + 1 > spec.last:
        return rows[spec.last]
    start = frames[idx]
    gradient = (t - start) / (frames[idx + 1] - start)
    easing = (
        spec.key_easings[idx] if spec.key_easings is not None else None
    ) or spec.animation.getEasingFunction()
    if easing:
        gradient = easing.ease(gradient)
    return _slerp(rows[idx], rows[idx + 1], gradient)


def sample(spec: TrackSpec, t: float) -> Sequence[float]:
    return sample_babylon_quat(spec, t) if spec.kind == _QUAT else sample_lite(spec, t)


# ---------------------------------------------------------------------------------------------
# Rows: many frames in one pass
# ---------------------------------------------------------------------------------------------


def _ease_array(easing: Any, g: np.ndarray) -> Any:
    """``easing.ease`` on every element, vectorised for the power curves, else one by one."""
    power = _POWERS.get(type(easing))
    own = getattr(easing, "__dict__", {})
    if power is not None and "ease" not in own and "easeInCore" not in own:
        mode = easing._easingMode

        def curve(x: Any) -> Any:
            out = x * x
            for _ in range(power - 2):
                out = out * x
            return out

        if mode == 0:
            return curve(g)
        if mode == 1:
            return 1.0 - curve(1.0 - g)
        return np.where(g >= 0.5, (1.0 - curve((1.0 - g) * 2.0)) * 0.5 + 0.5, curve(g * 2.0) * 0.5)
    return np.fromiter((float(easing.ease(x)) for x in g.tolist()), np.float64, len(g))


def _eased(spec: TrackSpec, g: np.ndarray, idx: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """The gradients ``g`` (of segments ``idx``) through each segment's easing, where inner."""
    default = spec.animation.getEasingFunction()
    if spec.key_easings is None:
        if not default:
            return g
        f = g.copy()
        f[inner] = _ease_array(default, g[inner])
        return f
    slots = spec.segment_slots[idx]
    f = g.copy()
    for k, easing in enumerate(spec.slot_easings):
        mask = inner & (slots == k)
        if mask.any():
            f[mask] = _ease_array(easing, g[mask])
    if default:
        mask = inner & (slots == -1)
        if mask.any():
            f[mask] = _ease_array(default, g[mask])
    return f


def _eased_rows(
    g: np.ndarray, inner: np.ndarray, easings: list[Any] | None, uniform: bool | None = None
) -> np.ndarray:
    """The gradients ``g`` through each row's own easing (``easings[i]``, falsy: none);
    ``uniform``: whether one vectorised curve serves every row, when the caller knows."""
    if easings is None:
        return g
    first = easings[0]
    f = g.copy()
    if uniform is None:
        uniform = all(map(is_, easings, repeat(first))) or _same_power_curve(easings)
    if uniform:
        if first:
            f[inner] = _ease_array(first, g[inner])
        return f
    index = np.flatnonzero(inner)
    f[index] = [
        float(easings[i].ease(x)) if easings[i] else x
        for i, x in zip(index.tolist(), g[index].tolist(), strict=True)
    ]
    return f


def _same_power_curve(easings: list[Any]) -> bool:
    # One power curve class in one mode, no instance overrides: _ease_array's vectorised curve
    # depends on nothing else, so one call serves every row. Each a C-level pass.
    first = easings[0]
    cls = type(first)
    if cls not in _POWERS:
        return False
    mode = first._easingMode
    if not all(map(is_, map(type, easings), repeat(cls))):
        return False
    if not all(map(eq, map(_MODE, easings), repeat(mode))):
        return False
    dicts = list(map(_DICT, easings))
    return not any(map(contains, dicts, repeat("ease"))) and not any(
        map(contains, dicts, repeat("easeInCore"))
    )


def row_easings(animations: list[Any], plain: EasingGetters) -> list[Any]:
    """Each animation's easing function now (``getEasingFunction()``, read live).

    ``plain`` (:func:`plain_easing_getters`, made with the rows' table): the animations'
    instance dicts and classes; while no instance holds its own ``getEasingFunction`` and each
    class's is ``Animation``'s (checked on every call, in C), the ``_easingFunction``
    attribute it returns is read directly instead of calling it.
    """
    if plain is not None:
        dicts, classes = plain
        if not any(map(contains, dicts, repeat("getEasingFunction"))) and all(
            getattr(cls, "getEasingFunction", None) is BASE_EASING_GETTER[0] for cls in classes
        ):
            return list(map(_EASING_ATTR, animations))
    return list(map(_GET_EASING, animations))


#: What :func:`row_easings` checks before reading the attribute (None: always call).
EasingGetters = tuple[list[dict[str, Any]], tuple[type, ...]] | None


def plain_easing_getters(animations: list[Any]) -> EasingGetters:
    """The instance dicts and distinct classes of ``animations`` (:func:`row_easings`), or
    None when one's class does not have Animation's ``getEasingFunction`` or it has no
    instance dict."""
    base = BASE_EASING_GETTER[0]
    dicts: list[dict[str, Any]] = []
    classes: dict[type, None] = {}
    for animation in animations:
        own = getattr(animation, "__dict__", None)
        if base is None or getattr(type(animation), "getEasingFunction", None) is not base:
            return None
        if type(own) is not dict:
            return None
        dicts.append(own)
        classes[type(animation)] = None
    return dicts, tuple(classes)


def sample_table(
    spec: TrackSpec,
    frames: np.ndarray,
    values: np.ndarray,
    t: np.ndarray,
    easings: list[Any] | None,
    uniform: bool | None = None,
) -> np.ndarray:
    """:func:`sample_rows` with each row's own keys (specs of one shape: ``spec`` is any of
    them): ``frames`` (rows, keys), ``values`` (rows, keys, stride), ``easings`` each row's
    animation easing (None: no row has one), ``uniform`` whether one curve serves them all
    (None: decided here). The same arithmetic, row for row."""
    count, keys = frames.shape
    last = keys - 1
    # searchsorted(side="right") - 1 on each row's (sorted) frames.
    idx = (frames <= t[:, None]).sum(axis=1) - 1
    np.clip(idx, 0, last - 1, out=idx)
    rows = np.arange(count)
    start = frames[rows, idx]
    a = values[rows, idx]
    b = values[rows, idx + 1]
    low = t < frames[:, 0] if spec.exact or spec.kind == _QUAT else t <= frames[:, 0]
    high = t >= frames[:, last]
    inner = ~(low | high)
    with np.errstate(all="ignore"):
        g = _eased_rows((t - start) / (frames[rows, idx + 1] - start), inner, easings, uniform)
        if spec.kind != _QUAT:
            out: np.ndarray = a + g[:, None] * (b - a)
            if not spec.exact:
                out = out.astype(np.float32)
        else:
            out = _slerp_rows(a, b, g)
    if low.any():
        out[low] = values[low, 0]
    if high.any():
        out[high] = values[high, last]
    return out


def _slerp_rows(a: np.ndarray, b: np.ndarray, g: np.ndarray) -> np.ndarray:
    """Babylon.js ``Quaternion.SlerpToRef`` on rows of float64 quaternions."""
    lx, ly, lz, lw = a.T
    rx, ry, rz, rw = b.T
    dot = lx * rx + ly * ry + lz * rz + lw * rw
    flip = dot < 0
    dot = np.where(flip, -dot, dot)
    lerp = dot > _SLERP_LERP_THRESHOLD
    # The C library's acos and sin, as the scalar _slerp (numpy's own kernels differ in the
    # last bits on some CPUs: lite_compat._js_rows).
    omega = acos_rows(dot)
    inv_sin = 1.0 / sin_rows(omega)
    s_left = np.where(lerp, 1 - g, sin_rows((1.0 - g) * omega) * inv_sin)
    s_right = np.where(lerp, g, sin_rows(g * omega) * inv_sin)
    s_right = np.where(flip, -s_right, s_right)
    out: np.ndarray = s_left[:, None] * a + s_right[:, None] * b
    return out


def sample_rows(spec: TrackSpec, t: np.ndarray) -> np.ndarray:
    """Every row's value at its frame ``t``: shape (rows, stride), float32 (FLOAT/VEC: the
    float32-rounded values) or float64 (QUAT)."""
    frames = spec.frames
    last = spec.last
    idx = np.searchsorted(frames, t, side="right") - 1
    np.clip(idx, 0, last - 1, out=idx)
    start = frames[idx]
    a = spec.values[idx]
    b = spec.values[idx + 1]
    # Lite holds the first key from its frame on; Babylon.js interpolates there (an easing
    # need not map 0 to 0), as the exact and quaternion specs do.
    low = t < frames[0] if spec.exact or spec.kind == _QUAT else t <= frames[0]
    high = t >= frames[last]
    inner = ~(low | high)
    with np.errstate(all="ignore"):
        if spec.kind != _QUAT:
            g = (t - start) / (frames[idx + 1] - start)
            f = _eased(spec, g, idx, inner)
            out: np.ndarray = a + f[:, None] * (b - a)
            if not spec.exact:
                # float32 (Lite's rounding); tolist() gives the float64 values of the floats.
                out = out.astype(np.float32)
        else:
            g = _eased(spec, (t - start) / (frames[idx + 1] - start), idx, inner)
            out = _slerp_rows(a, b, g)
    if low.any():
        out[low] = spec.values[0]
    if high.any():
        out[high] = spec.values[last]
    return out


class EasingSource(Protocol):
    """What reads a run's rows' easings for :func:`sample_table` (``easing_watch.EasingWatch``):
    each row's easing (None: no row has one) and whether one curve serves them (None: not
    decided)."""

    def read(self) -> tuple[list[Any] | None, bool | None]: ...


#: A run's per-row key table of one track: frames, values, the rows' animations, and what
#: :func:`row_easings` checks before reading their easings as attributes (or what reads them).
Table = tuple[np.ndarray, np.ndarray, list[Any], EasingGetters | EasingSource]


def sample_columns(spec: TrackSpec, frames: np.ndarray, table: Table | None) -> list[list[float]]:
    """One track of a run of rows at their ``frames``, as columns of Python floats (one list
    per component, a value per row): the shared keys (:func:`sample_rows`) when ``table`` is
    None, else the rows' own keys (:func:`sample_table`, easings read live)."""
    if table is None:
        out = sample_rows(spec, frames)
    else:
        key_frames, values, animations, plain = table
        if plain is None or isinstance(plain, tuple):
            easings = row_easings(animations, plain)
            out = sample_table(spec, key_frames, values, frames, easings if any(easings) else None)
        else:
            read, uniform = plain.read()
            out = sample_table(spec, key_frames, values, frames, read, uniform)
    columns: list[list[float]] = out.T.tolist()
    return columns
