"""The data of a bake: BakedClip and its parts, the formats, limits and progress callables.

Not a port: Babylon Lite has no baking tool. Everything the other modules of :mod:`lite.bake`
share sits here, below them all: the frozen dataclasses a bake returns, the format names and
their check, the bounds on rates, frames and workers, and the one error helper that gives each
code its family's class (``LITE-ANIM-*`` a ``KeyframeError``, ``LITE-STATE-*`` an
``AnimationStateError``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

import numpy as np
import numpy.typing as npt

from lite.errors import AnimationStateError, KeyframeError, LiteError

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array

__all__ = [
    "BAKE_FORMAT",
    "BAKE_FORMATS",
    "BAKE_VERSION",
    "LONG_BAKE_FRAMES",
    "MAX_BAKE_FPS",
    "MAX_BAKE_FRAMES",
    "MAX_BAKE_WORKERS",
    "BakeFormat",
    "BakeResult",
    "BakedClip",
    "BakedMorph",
    "BakedPointer",
    "BakedSkin",
    "FileProgress",
    "FrameProgress",
    "ProgressFactory",
    "bake_error",
    "check_format",
]

BakeFormat = Literal["npz", "json", "zarr", "glb"]
#: Wraps a bake's frame iterator (a progress bar, e.g. ``tqdm``); must yield the same frames.
FrameProgress = Callable[[Iterable[int]], Iterable[int]]
#: Called with (frame count, description) before a bake; returns a wrapper, or None for none.
ProgressFactory = Callable[[int, str], "FrameProgress | None"]
#: Called after each file of :func:`bake_files` finishes, with (files done, files in all).
FileProgress = Callable[[int, int], None]
I32Array = npt.NDArray[np.int32]

#: ``format`` field of every baked file (``meta`` in npz, top level in JSON).
BAKE_FORMAT: Final = "lite-anim-bake"
#: Bumped when the file layout changes.
BAKE_VERSION: Final = 1
#: Bakes with at least this many frames show a progress bar by default (``lite-anim bake``).
LONG_BAKE_FRAMES: Final = 600
#: Upper bound of ``fps`` (a typo such as ``--fps 60000`` fails fast instead of filling a disk).
MAX_BAKE_FPS: Final = 10_000.0
#: Upper bound of the frame count of one bake.
MAX_BAKE_FRAMES: Final = 1_000_000
#: Upper bound of ``bake_files(workers=...)`` (local processes).
MAX_BAKE_WORKERS: Final = 1024
#: Error class of each code family raised here (others: LiteError).
_FAMILY_ERRORS: Final[dict[str, type[LiteError]]] = {
    "ANIM": KeyframeError,
    "STATE": AnimationStateError,
}


@dataclass(frozen=True, slots=True, eq=False)
class BakedSkin:
    """Joint palettes of one skinned mesh node.

    Attributes
    ----------
    skin_index, mesh_node
        glTF skin index and the node carrying the skinned mesh.
    name
        Skin name (or ``skin_<index>``).
    joints
        ``(J,)`` int32 node index of each joint.
    palettes
        ``(F, J, 4, 4)`` float32 joint matrices
        ``inverse(mesh_world) @ joint_world @ inverse_bind`` (mathematical layout).
    """

    skin_index: int
    mesh_node: int
    name: str
    joints: I32Array
    palettes: F32Array


@dataclass(frozen=True, slots=True, eq=False)
class BakedMorph:
    """Morph weights of one mesh node: ``weights`` is ``(F, T)`` float32."""

    node: int
    target_names: tuple[str, ...]
    weights: F32Array


@dataclass(frozen=True, slots=True, eq=False)
class BakedPointer:
    """Values a KHR_animation_pointer channel writes: ``values`` is ``(F, arity)`` float32."""

    pointer: str
    values: F32Array


@dataclass(frozen=True, slots=True, eq=False)
class BakedClip:
    """One clip sampled at a fixed rate.

    Attributes
    ----------
    source, clip
        The file and the clip (animation group) name.
    fps, duration
        Sample rate (frames per second) and clip duration (seconds).
    times
        ``(F,)`` float64 sample times: ``min(i / fps, duration)``, so the last one is the
        clip's end.
    node_names, node_parents
        Per node: glTF name (``None`` when unnamed) and parent index (-1 for roots).
    translation, rotation, scale
        ``(F, N, 3)``, ``(F, N, 4)`` (x, y, z, w), ``(F, N, 3)`` float32 local TRS.
    world_matrices
        ``(F, N, 4, 4)`` float64, mathematical layout.
    skins, morphs, pointers
        Palettes per skinned mesh node, weights per morphed node, values per pointer channel
        of the clip.
    """

    source: str
    clip: str
    fps: float
    duration: float
    times: F64Array
    node_names: tuple[str | None, ...]
    node_parents: I32Array
    translation: F32Array
    rotation: F32Array
    scale: F32Array
    world_matrices: F64Array
    skins: tuple[BakedSkin, ...]
    morphs: tuple[BakedMorph, ...]
    pointers: tuple[BakedPointer, ...]

    @property
    def frame_count(self) -> int:
        """Number of sampled frames ``F``."""
        return int(self.times.shape[0])


#: One row of :func:`bake_files`: (input, output, frame count, error or None).
BakeResult = tuple[str, str, int, "str | None"]

#: Every bake format, in documentation order.
BAKE_FORMATS: Final[tuple[BakeFormat, ...]] = ("npz", "json", "zarr", "glb")


def bake_error(code: str, message: str, hint: str, name: str) -> LiteError:
    """The error of ``code``'s family (``LITE-STATE-*``: AnimationStateError, ...)."""
    cls = _FAMILY_ERRORS.get(code.split("-")[1], LiteError)
    return cls(code, message, hint=hint, input_name=name)


def check_format(fmt: object, name: str) -> BakeFormat:
    """``fmt`` when it is one of :data:`BAKE_FORMATS`, else ``LITE-BAKE-004``."""
    for known in BAKE_FORMATS:
        if isinstance(fmt, str) and fmt == known:
            return known
    raise bake_error(
        "LITE-BAKE-004",
        f"{name} must be one of {', '.join(map(repr, BAKE_FORMATS))}, got {fmt!r}",
        f"pass {name}='npz' (or 'json', 'zarr', 'glb')",
        name,
    )
