"""Data types shared across the runtime. Port of the interfaces in src/animation/types.ts.

The sampler validates and freezes its own arrays here (:func:`validate_sampler_arrays`), so
the evaluator below it never needs to know about construction.

Load-time data (samplers, channels, clips, rest poses) is immutable and shareable between
groups and instances; runtime state lives on the group and manager objects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from lite.animation.constants import INTERP_CUBICSPLINE, INTERP_LINEAR, INTERP_STEP
from lite.animation.summary import describe_fields, short_repr
from lite.errors import KeyframeError, integer

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
    "PropertyAnimationClip",
    "PropertyAnimationTrack",
    "TargetPath",
    "Vec3Like",
    "validate_sampler_arrays",
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


def validate_sampler_arrays(
    input_: object, output: object, interpolation: int
) -> tuple[F32Array, F32Array]:
    """Check and freeze sampler arrays once, at the construction boundary.

    Returns
    -------
    tuple[F32Array, F32Array]
        Read-only float32 copies of ``input_`` and ``output``, flattened.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-007`` for an unknown interpolation, ``LITE-ANIM-010`` for non-numeric
        arrays or an output size that is not a multiple of the key count, ``LITE-ANIM-003``
        for non-finite or decreasing key times, ``LITE-ANIM-009`` for non-finite values.
    """
    if integer(interpolation) not in (INTERP_LINEAR, INTERP_STEP, INTERP_CUBICSPLINE):
        raise KeyframeError(
            "LITE-ANIM-007",
            f"sampler interpolation must be 0, 1 or 2, got {interpolation!r}",
            hint="use INTERP_LINEAR, INTERP_STEP or INTERP_CUBICSPLINE",
            input_name="interpolation",
        )
    for name, raw in (("input", input_), ("output", output)):
        # Numbers only: numpy would parse strings ("0.5") and bools into floats.
        kind = raw.dtype.kind if isinstance(raw, np.ndarray) else None
        if kind is None:
            try:
                kind = np.asarray(raw).dtype.kind
            except (TypeError, ValueError, OverflowError):
                kind = "O"
        if kind not in "iuf":
            raise KeyframeError(
                "LITE-ANIM-010",
                f"sampler {name} must hold numbers, got an array of dtype kind {kind!r}",
                hint="pass ints or floats (not strings, bools or objects)",
                input_name=name,
            )
    try:
        # Values beyond float32 range become inf here (refused below) without a warning.
        with np.errstate(over="ignore", invalid="ignore"):
            inp = np.array(input_, dtype=np.float32, copy=True).reshape(-1)
            out = np.array(output, dtype=np.float32, copy=True).reshape(-1)
    except (TypeError, ValueError, OverflowError) as exc:
        raise KeyframeError(
            "LITE-ANIM-010",
            f"sampler input/output must be numeric arrays: {exc}",
            hint="pass sequences or numpy arrays of numbers",
            input_name="input/output",
        ) from None
    if inp.size and not np.all(np.isfinite(inp)):
        raise KeyframeError(
            "LITE-ANIM-003",
            "sampler key times must be finite",
            hint="remove NaN/inf key times",
            input_name="input",
        )
    if inp.size > 1 and bool(np.any(np.diff(inp.astype(np.float64)) < 0.0)):
        bad = int(np.argmax(np.diff(inp.astype(np.float64)) < 0.0)) + 1
        raise KeyframeError(
            "LITE-ANIM-003",
            f"sampler key {bad} at t={float(inp[bad])} s comes before key {bad - 1} "
            f"at t={float(inp[bad - 1])} s",
            hint="sort key times in increasing order",
            input_name="input",
        )
    if out.size and not np.all(np.isfinite(out)):
        raise KeyframeError(
            "LITE-ANIM-009",
            "sampler output values must be finite (as float32)",
            hint="remove NaN/inf values, or values beyond float32 range (3.4e38)",
            input_name="output",
        )
    per_key = 3 if interpolation == INTERP_CUBICSPLINE else 1
    if inp.size and out.size % (inp.size * per_key) != 0:
        raise KeyframeError(
            "LITE-ANIM-010",
            f"sampler output has {out.size} values, not a multiple of {inp.size} keys"
            + (" x 3 (CUBICSPLINE)" if per_key == 3 else ""),
            hint="pack stride values per key (in-tangent, value, out-tangent for CUBICSPLINE)",
            input_name="output",
        )
    inp.flags.writeable = False
    out.flags.writeable = False
    return inp, out


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
        inp, out = validate_sampler_arrays(self.input, self.output, self.interpolation)
        self._store(inp, out, int(self.interpolation))

    @classmethod
    def _checked(cls, inp: F32Array, out: F32Array, interpolation: int) -> AnimationSampler:
        """A sampler of arrays its maker has already checked as :func:`validate_sampler_arrays`
        would (flat float32 arrays of its own, finite, times non-decreasing, ``out.size`` a
        multiple of the key count, a known interpolation): made without checking them again.
        The property clip compiler calls it; every public route validates."""
        sampler = object.__new__(cls)
        inp.flags.writeable = False
        out.flags.writeable = False
        sampler._store(inp, out, interpolation)
        return sampler

    def _store(self, inp: F32Array, out: F32Array, interpolation: int) -> None:
        object.__setattr__(self, "interpolation", interpolation)
        object.__setattr__(self, "input", inp)
        object.__setattr__(self, "output", out)
        f64 = inp.astype(np.float64)
        f64.flags.writeable = False
        object.__setattr__(self, "input_f64", f64)
        object.__setattr__(self, "times", tuple(f64.tolist()))
        # Python floats, exact copies of the float32 values, for the scalar hot path.
        object.__setattr__(self, "_values", tuple(out.astype(np.float64).tolist()))

    def __reduce__(self) -> tuple[type[AnimationSampler], tuple[F32Array, F32Array, InterpMode]]:
        # copy.copy, copy.deepcopy and pickle rebuild through the constructor, so the copy's
        # arrays are validated and read-only again (the default slots state restore would
        # hand back writable arrays, and an edit would then split the batched path, which
        # reads ``output``, from the scalar path, which reads ``_values``).
        return (AnimationSampler, (self.input, self.output, self.interpolation))


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

    def __repr__(self) -> str:
        return short_repr(
            self,
            name=repr(self.name),
            channels=len(self.channels),
            samplers=len(self.samplers),
            duration=self.duration,
            frame_rate=self.frame_rate,
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)


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


@dataclass(frozen=True, slots=True)
class PropertyAnimationTrack:
    """A compiled track: packed sampler plus what is needed to evaluate and write it."""

    path: str
    sampler: AnimationSampler
    stride: int
    quaternion: bool
    easing: AnimationEasing | None = None


@dataclass(frozen=True, slots=True)
class PropertyAnimationClip:
    """A reusable set of compiled tracks; ``duration`` is the latest key time (seconds)."""

    name: str
    tracks: tuple[PropertyAnimationTrack, ...]
    duration: float
    frame_rate: float

    def __repr__(self) -> str:
        return short_repr(
            self,
            name=repr(self.name),
            tracks=[t.path for t in self.tracks][:8] + (["..."] if len(self.tracks) > 8 else []),
            duration=self.duration,
            frame_rate=self.frame_rate,
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)
