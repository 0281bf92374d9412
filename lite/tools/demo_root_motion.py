"""The demo's root-motion view: the bundled figure walking through space on a curve.

The figure's own ``walk`` is authored in place (its hips only bob). This view derives a
*travelling* walk from it: the hips also move :data:`STRIDE` metres forward and turn
:data:`TURN_DEG` degrees about the vertical per 1 s loop. :func:`lite.enable_root_motion`
takes that motion out of the clip every tick (the hips stay pinned at their time-0 pose) and
moves the character instead, so after ``n`` loops it has walked ``n`` strides along an arc.
:func:`simulate_root_motion_demo` records the path and the skeleton, and
:func:`plot_root_motion_demo` draws them: the trajectory from above, and a stick figure every
0.4 s placed by the tracker's world transform, from above and from the side.

Not a port: lite's own root motion (``docs/motion.md``).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

import lite
from lite.animation.constants import INTERP_LINEAR, PATH_ROTATION, PATH_TRANSLATION

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, F64Array
    from lite.loader_gltf import GltfAsset

__all__ = [
    "ROOT_MOTION_FPS",
    "ROOT_MOTION_SECONDS",
    "STRIDE",
    "TURN_DEG",
    "RootMotionDemo",
    "format_root_motion_table",
    "plot_root_motion_demo",
    "simulate_root_motion_demo",
    "travelling_walk",
]

#: Length of the walk (seconds) and its update rate.
ROOT_MOTION_SECONDS: Final = 6.0
ROOT_MOTION_FPS: Final = 60
#: How far (metres) and how much (degrees, about +y) the hips travel per 1 s loop.
STRIDE: Final = 1.2
TURN_DEG: Final = 30.0
#: A stick figure is drawn every this many frames (0.4 s: the walk's phase changes each time;
#: every 0.5 s would catch only its two neutral poses).
FIGURE_EVERY: Final = 24


@dataclass(frozen=True, slots=True)
class RootMotionDemo:
    """What the root-motion view recorded, one row per update.

    Attributes
    ----------
    times
        ``(F,)`` seconds.
    positions
        ``(F, 3)`` the character's world position (the tracker's).
    headings
        ``(F,)`` its heading in degrees about +y (0 = facing +z).
    figures
        ``(t, joints)`` every :data:`FIGURE_EVERY` frames: ``joints`` ``(N, 3)`` world positions
        of every node (the pinned pose placed by the character's transform).
    parents
        Each node's parent index (-1 for a root), to draw the bones.
    """

    times: F64Array
    positions: F64Array
    headings: F64Array
    figures: tuple[tuple[float, F64Array], ...]
    parents: tuple[int, ...]


def _yaw(deg: float) -> list[float]:
    half = math.radians(deg) / 2.0
    return [0.0, math.sin(half), 0.0, math.cos(half)]


def travelling_walk(asset: GltfAsset) -> AnimationClip:
    """The figure's ``walk`` with the hips travelling forward and turning (see the module).

    Raises
    ------
    LiteError
        ``LITE-STATE-041`` / ``LITE-STATE-042`` when the asset has no ``walk`` clip or
        ``Hips`` node (as the main demo).
    """
    from lite.tools.demo import _group, _node

    walk = _group(asset, "walk")._ctrl.clip
    hips = int(_node(asset, "Hips").index)
    samplers = list(walk.samplers)
    channels = list(walk.channels)
    period = float(walk.duration)
    rotation_keys: list[float] = []
    times: list[float] = []
    # Along an arc: after a distance s the hips have turned s / radius and stand on the circle
    # of that radius (so the walk goes where it faces).
    radius = STRIDE / math.radians(TURN_DEG)
    for k, ch in enumerate(channels):
        if ch.node_idx != hips or ch.path != PATH_TRANSLATION:
            continue
        src = samplers[ch.sampler_idx]
        times = [float(t) for t in src.times]
        values = np.asarray(src._values, dtype=np.float64).reshape(len(times), 3).copy()
        angle = math.radians(TURN_DEG) * np.asarray(times) / period
        values[:, 0] += radius * (1.0 - np.cos(angle))
        values[:, 2] += radius * np.sin(angle)
        key_times = np.asarray(times, dtype=np.float32)
        samplers.append(
            lite.AnimationSampler(key_times, values.reshape(-1).astype(np.float32), INTERP_LINEAR)
        )
        channels[k] = lite.AnimationChannel(len(samplers) - 1, hips, PATH_TRANSLATION)
    for t in times:
        rotation_keys.extend(_yaw(TURN_DEG * t / period))
    samplers.append(
        lite.AnimationSampler(
            np.asarray(times, dtype=np.float32),
            np.asarray(rotation_keys, dtype=np.float32),
            INTERP_LINEAR,
        )
    )
    channels.append(lite.AnimationChannel(len(samplers) - 1, hips, PATH_ROTATION))
    return lite.AnimationClip("walk_travelling", channels, samplers, period)


def _place(rotation: F64Array, position: F64Array, points: F64Array) -> F64Array:
    """``points`` ``(N, 3)`` rotated by the unit quaternion ``rotation``, then moved."""
    x, y, z, w = (float(v) for v in rotation)
    m = np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )
    placed: F64Array = points @ m.T + position
    return placed


def simulate_root_motion_demo(path: str | os.PathLike[str] | None = None) -> RootMotionDemo:
    """Walk the figure's travelling walk for :data:`ROOT_MOTION_SECONDS` with root motion on.

    Parameters
    ----------
    path
        A glTF with the figure's ``walk`` clip and ``Hips`` node; default the bundled figure.
    """
    from lite.assets import DEFAULT_FIGURE
    from lite.loader_gltf import load_gltf

    asset = load_gltf(DEFAULT_FIGURE if path is None else path)
    clip = travelling_walk(asset)
    data = replace(asset.animation_data, clips=(clip,))
    group = lite.create_animation_groups(data)[0]
    tracker = lite.enable_root_motion(group, "Hips")
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    lite.play_animation(group)
    frames = int(round(ROOT_MOTION_SECONDS * ROOT_MOTION_FPS))
    times = np.zeros(frames + 1)
    positions = np.zeros((frames + 1, 3))
    headings = np.zeros(frames + 1)
    figures: list[tuple[float, F64Array]] = []
    pose = asset.pose
    for f in range(frames + 1):
        if f:
            lite.update_animation_manager(manager, 1000.0 / ROOT_MOTION_FPS)
        times[f] = f / ROOT_MOTION_FPS
        positions[f] = tracker.position
        q = tracker.rotation
        headings[f] = math.degrees(2.0 * math.atan2(float(q[1]), float(q[3])))
        if f % FIGURE_EVERY == 0:
            joints = np.array([pose.world[i][3, 0:3] for i in range(pose.node_count)])
            figures.append((float(times[f]), _place(q, tracker.position, joints)))
    return RootMotionDemo(
        times=times,
        positions=positions,
        headings=headings,
        figures=tuple(figures),
        parents=tuple(int(p) for p in pose.parent.tolist()),
    )


def format_root_motion_table(demo: RootMotionDemo, every: int = ROOT_MOTION_FPS) -> str:
    """One line per second: time, world x and z, heading, distance walked."""
    lines = [
        "root motion: the figure's walk travelling "
        f"{STRIDE:g} m and turning {TURN_DEG:g} deg per loop (lite.enable_root_motion)",
        f"{'t (s)':>5}  {'x (m)':>7} {'z (m)':>7} {'heading':>8} {'walked (m)':>10}",
    ]
    steps = np.linalg.norm(np.diff(demo.positions[:, [0, 2]], axis=0), axis=1)
    walked = np.concatenate([[0.0], np.cumsum(steps)])
    for f in range(0, len(demo.times), every):
        p = np.round(demo.positions[f], 3) + 0.0  # no "-0.000"
        lines.append(
            f"{demo.times[f]:5.2f}  {p[0]:7.3f} {p[2]:7.3f} {demo.headings[f]:7.1f}° "
            f"{walked[f]:10.3f}"
        )
    return "\n".join(lines)


def plot_root_motion_demo(demo: RootMotionDemo, out: Path) -> Path:
    """Draw the trajectory and a stick figure every half second, seen from above (x, z)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Stacked, each panel as wide as the figure and as tall as its data (equal aspect), so
    # neither is a small picture in a large empty margin.
    xz = demo.positions[:, [0, 2]]
    span = np.ptp(xz, axis=0) + 1.0
    walked_total = float(np.sum(np.linalg.norm(np.diff(xz, axis=0), axis=1))) + 1.0
    top_ratio = float(span[1] / span[0])
    side_ratio = 2.4 / walked_total
    width = 10.0
    fig = plt.figure(
        figsize=(width, width * 0.85 * (top_ratio + side_ratio) + 1.6),
        dpi=100,
        layout="constrained",
    )
    top, side = fig.subplots(2, 1, gridspec_kw={"height_ratios": [top_ratio, side_ratio]})
    cmap = plt.get_cmap("viridis")
    last = max(float(demo.times[-1]), 1e-9)
    top.plot(demo.positions[:, 0], demo.positions[:, 2], color="#3465a4", lw=2, label="trajectory")
    steps = np.linalg.norm(np.diff(demo.positions[:, [0, 2]], axis=0), axis=1)
    walked = np.concatenate([[0.0], np.cumsum(steps)])
    for t, joints in demo.figures:
        colour = cmap(t / last)
        f = int(round(t * ROOT_MOTION_FPS))
        pos = demo.positions[f]
        heading = math.radians(float(demo.headings[f]))
        ahead = np.array([math.sin(heading), 0.0, math.cos(heading)])
        top.arrow(pos[0], pos[2], 0.35 * ahead[0], 0.35 * ahead[2], width=0.02, color=colour)
        # Side view: each joint's distance ahead of the character plus the distance walked.
        along = (joints - pos) @ ahead + walked[f]
        for child, parent in enumerate(demo.parents):
            if parent >= 0:
                top.plot(
                    [joints[parent, 0], joints[child, 0]],
                    [joints[parent, 2], joints[child, 2]],
                    color=colour,
                    lw=1.0,
                )
                side.plot(
                    [along[parent], along[child]],
                    [joints[parent, 1], joints[child, 1]],
                    color=colour,
                    lw=1.5,
                )
        if f % (2 * FIGURE_EVERY) == 0:
            side.annotate(
                f"{t:.1f} s",
                (float(along.mean()), float(joints[:, 1].max()) + 0.08),
                fontsize=8,
                ha="center",
                va="bottom",
            )
    top.set_aspect("equal")
    top.set_xlabel("world x (m)")
    top.set_ylabel("world z (m)")
    top.set_title("from above: path and heading", fontsize=10)
    top.grid(True, alpha=0.3)
    top.legend(loc="upper left", fontsize=8)
    side.set_aspect("equal")
    lowest = float(min(float(j[:, 1].min()) for _, j in demo.figures))
    highest = float(max(float(j[:, 1].max()) for _, j in demo.figures))
    side.set_ylim(min(lowest, 0.0) - 0.1, highest + 0.45)  # room for the time labels
    side.set_xlabel("distance walked (m)")
    side.set_ylabel("height (m)")
    side.set_title("from the side: the figure every 0.4 s", fontsize=10)
    side.grid(True, alpha=0.3)
    fig.suptitle(
        f"Root motion (lite.enable_root_motion): {STRIDE:g} m and {TURN_DEG:g}° per loop, "
        f"{demo.times[-1]:g} s",
        fontsize=11,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out
