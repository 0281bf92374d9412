"""The pictures of docs/motion.md: two-bone IK reaching targets, and springs.

``python -m lite.tools.motion_figures --out docs/images`` writes ``motion_ik.png``,
``motion_springs.png`` and ``motion_retarget.png``. Each is drawn from the public functions
(:func:`lite.solve_two_bone_ik`, :func:`lite.sample_spring`, :func:`lite.sample_spring_chain`,
:func:`lite.retarget_clip`) on inputs built here, so the picture shows what the code
computes. The root-motion picture is the demo's (:mod:`lite.tools.demo_root_motion`).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

import lite
from lite.skeleton.pose import create_node_pose, update_world_matrices

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, F64Array

__all__ = ["IK_TARGETS", "TALL", "ik_figure", "main", "retarget_figure", "springs_figure"]

#: Upper and lower bone lengths of the IK picture's chain (it hangs from the origin).
UPPER: Final = 1.0
LOWER: Final = 0.8
#: Targets the chain reaches for, in the x-y plane (the last is out of reach).
IK_TARGETS: Final = ((0.9, -1.2), (1.4, -0.3), (0.3, -0.6), (-0.6, -1.3), (2.4, 0.6))
#: The pole: the knee bends towards +x.
POLE: Final = (3.0, -0.5, 0.0)


def _chain_pose() -> lite.NodePose:
    nodes = (
        lite.NodeRest(),
        lite.NodeRest(parent_idx=0, ty=-UPPER),
        lite.NodeRest(parent_idx=1, ty=-LOWER),
    )
    pose = create_node_pose(nodes)
    update_world_matrices(pose)
    return pose


def _points(pose: lite.NodePose) -> F64Array:
    return np.array([pose.world[i][3, 0:3] for i in range(3)])


def ik_figure(out: Path) -> Path:
    """Solve the chain for every target of :data:`IK_TARGETS` and draw the results."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle

    fig, ax = plt.subplots(figsize=(6.0, 5.0), dpi=100)
    rest = _points(_chain_pose())
    ax.plot(rest[:, 0], rest[:, 1], color="0.7", lw=3, label="rest pose")
    colours = plt.get_cmap("tab10")
    for k, (x, y) in enumerate(IK_TARGETS):
        pose = _chain_pose()
        reached = lite.solve_two_bone_ik(pose, 0, 1, 2, (x, y, 0.0), pole=POLE)
        pts = _points(pose)
        colour = colours(k)
        ax.plot(pts[:, 0], pts[:, 1], "-o", color=colour, lw=2, ms=4)
        ax.plot([x], [y], "x", color=colour, ms=10, mew=2)
        label = "reached" if reached else "out of reach: straight towards it"
        ax.annotate(label, (x, y), textcoords="offset points", xytext=(6, 6), fontsize=8)
    reach = Circle((0.0, 0.0), UPPER + LOWER, fill=False, ls="--", color="0.5")
    ax.add_patch(reach)
    ax.plot([POLE[0]], [POLE[1]], "s", color="k", ms=6, label="pole (the knee points here)")
    ax.set_aspect("equal")
    ax.set_xlim(-2.0, 3.2)
    ax.set_ylim(-2.2, 1.2)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title(
        f"lite.solve_two_bone_ik: bones {UPPER:g} and {LOWER:g}, reach circle dashed", fontsize=10
    )
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


def _step(t: float, out: F64Array) -> None:
    out[:] = (1.0 if t >= 0.5 else 0.0, 0.0, 0.0)


def _circle(t: float, out: F64Array) -> None:
    out[:] = (math.cos(2.0 * t), 0.0, math.sin(2.0 * t))


def springs_figure(out: Path) -> Path:
    """Step responses at three damping ratios, and a 4-link chain following a circling anchor."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10.0, 4.5), dpi=100)
    times = np.linspace(0.0, 3.0, 151)
    left.plot(
        times, [1.0 if t >= 0.5 else 0.0 for t in times], color="0.5", ls="--", label="anchor"
    )
    buf = np.zeros(3)
    for zeta, label in ((0.3, "under-damped (0.3)"), (1.0, "critical (1.0)"), (2.0, "over (2.0)")):
        settings = lite.SpringSettings(angular_frequency=8.0, damping_ratio=zeta)
        xs = [float(lite.sample_spring(settings, _step, float(t), buf)[0]) for t in times]
        left.plot(times, xs, lw=2, label=f"damping {label}")
    left.set_xlabel("time (s), each sample computed on its own")
    left.set_ylabel("position")
    left.set_title("lite.sample_spring: a step at 0.5 s, omega = 8", fontsize=10)
    left.grid(True, alpha=0.3)
    left.legend(fontsize=8)

    tail = lite.SpringSettings(angular_frequency=10.0, damping_ratio=0.5)
    offsets = np.tile([0.0, 0.0, 0.0], (4, 1))
    chain = np.zeros((4, 3))
    path = np.zeros((len(times), 4, 3))
    anchor = np.zeros((len(times), 3))
    for k, t in enumerate(times):
        lite.sample_spring_chain(tail, _circle, float(t), chain, offsets=offsets)
        path[k] = chain
        _circle(float(t), anchor[k])
    right.plot(anchor[:, 0], anchor[:, 2], color="0.5", ls="--", label="anchor (circling)")
    for link in range(4):
        right.plot(path[:, link, 0], path[:, link, 2], lw=1.5, label=f"link {link + 1}")
    right.set_aspect("equal")
    right.set_title("lite.sample_spring_chain: each link lags the one above", fontsize=10)
    right.grid(True, alpha=0.3)
    right.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


#: The retargeting picture's second rig: the bundled figure scaled by this much.
TALL: Final = 1.5


def _tall_rig(data: lite.GltfAnimationData) -> lite.GltfAnimationData:
    """The figure's rig with every bone :data:`TALL` times longer (same names)."""
    nodes = tuple(
        replace(nd, tx=nd.tx * TALL, ty=nd.ty * TALL, tz=nd.tz * TALL) for nd in data.nodes
    )
    pose = create_node_pose(nodes)
    return replace(data, nodes=nodes, pose=pose, skeletons=(), morph_bindings=(), pointers={})


def _poses_over(
    data: lite.GltfAnimationData, clip: AnimationClip, times: Sequence[float]
) -> list[F64Array]:
    group = lite.create_animation_groups(replace(data, clips=(clip,)))[0]
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    lite.play_animation(group)
    out: list[F64Array] = []
    now = 0.0
    for t in times:
        lite.update_animation_manager(manager, (t - now) * 1000.0)
        now = t
        out.append(np.array([data.pose.world[i][3, 0:3] for i in range(data.pose.node_count)]))
    return out


def retarget_figure(out: Path) -> Path:
    """The figure's walk, and the same clip retargeted onto a rig 1.5 times as tall."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from lite.assets import DEFAULT_FIGURE
    from lite.loader_gltf import load_gltf

    asset = load_gltf(DEFAULT_FIGURE)
    source = asset.animation_data
    walk = next(c for c in source.clips if c.name == "walk")
    tall = _tall_rig(source)
    clip = lite.retarget_clip(walk, source, tall)
    times = [0.0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875]
    fig, ax = plt.subplots(figsize=(10.0, 4.2), dpi=100)
    parents = [int(p) for p in source.pose.parent.tolist()]
    for rig, data, c, colour, shift in (
        ("figure", source, walk, "#3465a4", 0.0),
        (f"{TALL:g}x taller rig", tall, clip, "#cc0000", 0.7),
    ):
        for k, joints in enumerate(_poses_over(data, c, times)):
            x = joints[:, 2] + 1.6 * k + shift  # side view: z forward, a step right per pose
            for child, parent in enumerate(parents):
                if parent >= 0:
                    ax.plot(
                        [x[parent], x[child]],
                        [joints[parent, 1], joints[child, 1]],
                        color=colour,
                        lw=1.5,
                        label=rig if (k == 0 and child == 1) else None,
                    )
    for k, t in enumerate(times):
        ax.annotate(f"{t:.3f} s", (1.6 * k + 0.35, -0.25), fontsize=8, ha="center")
    ax.set_aspect("equal")
    ax.set_ylim(-0.4, 2.9)
    ax.set_yticks([0.0, 1.0, 2.0])
    ax.set_xticks([])
    ax.set_ylabel("height (m)")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(
        "lite.retarget_clip: the walk on the figure and on a rig 1.5x as tall (rest-corrected "
        "rotations, translations scaled)",
        fontsize=10,
    )
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write the motion pictures into ``--out`` (default ``docs/images``)."""
    parser = argparse.ArgumentParser(prog="python -m lite.tools.motion_figures")
    parser.add_argument("--out", default="docs/images", help="folder for the PNGs")
    args = parser.parse_args(argv)
    folder = Path(args.out)
    for path in (
        ik_figure(folder / "motion_ik.png"),
        springs_figure(folder / "motion_springs.png"),
        retarget_figure(folder / "motion_retarget.png"),
    ):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
