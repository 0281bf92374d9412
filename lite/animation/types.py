"""Data types shared across the runtime. Port of the interfaces in src/animation/types.ts.

Load-time data (samplers, channels, clips, rest poses) is immutable and shareable between
groups and instances; runtime state lives on the group and manager objects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

__all__ = [
    "AnimationChannel",
    "AnimationClip",
    "AnimationEasing",
    "AnimationSampler",
    "F32Array",
    "F64Array",
    "I32Array",
    "InterpMode",
    "NodeRest",
    "TargetPath",
    "Vec3Like",
]

F32Array = npt.NDArray[np.float32]
F64Array = npt.NDArray[np.float64]
I32Array = npt.NDArray[np.int32]

InterpMode = Literal[0, 1, 2]
TargetPath = Literal[0, 1, 2, 3, 4]

#: Segment-progress transform for property tracks: receives normalised progress in [0, 1)
#: and returns the progress used for interpolation (not clamped).
AnimationEasing = Callable[[float], float]


class Vec3Like(Protocol):
    """A vector-like leaf that a property writer updates through ``set``."""

    def set(self, x: float, y: float, z: float) -> object:
        """Assign all three components at once."""
        ...


@dataclass(frozen=True, slots=True, eq=False)
class AnimationSampler:
    """Keyframes of one animated value.

    Parameters
    ----------
    input
        ``(K,)`` float32 key times in seconds, non-decreasing (glTF asks strictly increasing).
    output
        Packed float32 values: ``K * stride`` for LINEAR/STEP, ``K * 3 * stride`` for
        CUBICSPLINE (in-tangent, value, out-tangent per key).
    interpolation
        ``INTERP_LINEAR``, ``INTERP_STEP`` or ``INTERP_CUBICSPLINE``.

    Notes
    -----
    The arrays are converted to float32 and marked read-only, so one sampler is shared safely
    between groups and instances. ``input_f64`` is a float64 copy of ``input`` (exact) kept so
    key searches compare times in double precision, as Babylon Lite does in JavaScript.
    """

    input: F32Array
    output: F32Array
    interpolation: InterpMode
    input_f64: F64Array = field(init=False, repr=False)
    times: tuple[float, ...] = field(init=False, repr=False)
    _values: tuple[float, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from lite.evaluate import _validate_sampler_arrays

        inp, out = _validate_sampler_arrays(self.input, self.output, self.interpolation)
        object.__setattr__(self, "input", inp)
        object.__setattr__(self, "output", out)
        f64 = inp.astype(np.float64)
        f64.flags.writeable = False
        object.__setattr__(self, "input_f64", f64)
        object.__setattr__(self, "times", tuple(f64.tolist()))
        # Python floats, exact copies of the float32 values, for the scalar hot path.
        object.__setattr__(self, "_values", tuple(out.astype(np.float64).tolist()))


@dataclass(frozen=True, slots=True)
class AnimationChannel:
    """Binds a sampler to a node's TRS/weights path (glTF channels).

    ``node_idx`` is -1 for channels whose target is not a node (KHR_animation_pointer).
    """

    sampler_idx: int
    node_idx: int
    path: TargetPath
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class AnimationClip:
    """A named set of channels and samplers (one glTF animation)."""

    name: str
    channels: Sequence[AnimationChannel]
    samplers: Sequence[AnimationSampler]
    duration: float
    frame_rate: float = 60.0


@dataclass(slots=True)
class NodeRest:
    """Rest pose of one node: translation, rotation quaternion (x, y, z, w), scale."""

    parent_idx: int = -1
    tx: float = 0.0
    ty: float = 0.0
    tz: float = 0.0
    rx: float = 0.0
    ry: float = 0.0
    rz: float = 0.0
    rw: float = 1.0
    sx: float = 1.0
    sy: float = 1.0
    sz: float = 1.0
