"""The pose-graph pictures of docs/motion.md: blend-space weights and a state machine's fades.

``python -m lite.tools.pose_figures --out docs/images`` writes ``pose_blend_space_1d.png``
(weights and blended duration over a 1D space's parameter), ``pose_blend_space_2d.png`` (each
clip's weight over a 2D space, with its triangulation) and ``pose_cross_fade.png`` (a state
machine's weights over time through a condition, an interrupting trigger and an exit time).
Each is computed with the public functions (:func:`lite.blend_space_weights`,
:func:`lite.blend_space_duration`, :func:`lite.create_state_machine`) on the bundled figure,
so the picture shows what the code does.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import numpy as np

import lite
from lite.assets import figure_path

__all__ = [
    "CROSS_FADE_SCRIPT",
    "POSITIONS_1D",
    "POINTS_2D",
    "blend_space_1d_figure",
    "blend_space_2d_figure",
    "cross_fade_figure",
    "cross_fade_weights",
    "main",
]

#: The 1D picture's clips (the figure's) and their positions (a speed, m/s).
POSITIONS_1D: Final = (("wave", 0.0), ("walk", 1.5), ("run", 4.0))
#: The 2D picture's clips and points (a velocity: x sideways, y forwards).
POINTS_2D: Final = (
    ("wave", (0.0, 0.0)),
    ("walk", (0.0, 1.5)),
    ("run", (0.0, 4.0)),
    ("blink", (-2.0, 1.0)),
    ("tint", (2.0, 1.0)),
)
#: (time in s, action) for the cross-fade picture; actions run before that update.
CROSS_FADE_SCRIPT: Final = ((0.3, "speed=3"), (0.5, "greet"), (0.6, "speed=1"), (1.6, "speed=3"))
_STEP_MS: Final = 10.0
_DURATION_S: Final = 2.2


def _clips(names: Sequence[str]) -> list[lite.AnimationClip]:
    clips = {c.name: c for c in lite.load_gltf(figure_path()).animation_data.clips}
    return [clips[n] for n in names]


def _plt() -> object:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def blend_space_1d_figure(out: Path) -> Path:
    """Weights over the parameter of a 1D space, and its blended duration."""
    plt = _plt()
    names = [n for n, _ in POSITIONS_1D]
    space = lite.create_blend_space_1d(_clips(names), [p for _, p in POSITIONS_1D])
    xs = np.linspace(-1.0, 5.0, 301)
    weights = np.array([lite.blend_space_weights(space, float(x)) for x in xs])
    durations = [lite.blend_space_duration(space, float(x)) for x in xs]
    fig, ax = plt.subplots(figsize=(8.0, 4.0), dpi=100)  # type: ignore[attr-defined]
    for k, name in enumerate(names):
        ax.plot(xs, weights[:, k], lw=2, label=f"{name} (at {POSITIONS_1D[k][1]:g})")
    ax.plot(xs, weights.sum(axis=1), color="k", ls=":", lw=1, label="sum of weights")
    for _, p in POSITIONS_1D:
        ax.axvline(p, color="0.8", lw=1)
    ax.set_xlabel("parameter (speed)")
    ax.set_ylabel("weight")
    ax.set_ylim(-0.05, 1.15)
    twin = ax.twinx()
    twin.plot(xs, durations, color="0.4", ls="--", lw=1.5, label="blended duration (s)")
    twin.set_ylabel("blend_space_duration (s)")
    lines = ax.get_legend_handles_labels()
    more = twin.get_legend_handles_labels()
    ax.legend(lines[0] + more[0], lines[1] + more[1], loc="center right", fontsize=8)
    ax.set_title(
        "lite.create_blend_space_1d: linear between neighbours, clamped outside", fontsize=10
    )
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)  # type: ignore[attr-defined]
    return out


def blend_space_2d_figure(out: Path) -> Path:
    """Each clip's weight over the plane of a 2D space, with the triangulation on top."""
    plt = _plt()
    names = [n for n, _ in POINTS_2D]
    points = np.array([p for _, p in POINTS_2D])
    space = lite.create_blend_space_2d(_clips(names), points)
    xs = np.linspace(-3.0, 3.0, 121)
    ys = np.linspace(-1.0, 5.0, 121)
    grid = np.zeros((len(ys), len(xs), len(names)))
    for i, y in enumerate(ys):
        for j, x in enumerate(xs):
            grid[i, j] = lite.blend_space_weights(space, (float(x), float(y)))
    fig, axes = plt.subplots(2, 3, figsize=(10.5, 7.0), dpi=100)  # type: ignore[attr-defined]
    extent = (xs[0], xs[-1], ys[0], ys[-1])
    for k, ax in enumerate(axes.flat):
        if k < len(names):
            image = ax.imshow(
                grid[:, :, k], origin="lower", extent=extent, vmin=0, vmax=1, cmap="viridis"
            )
            ax.set_title(f"weight of {names[k]}", fontsize=9)
        else:
            dominant = grid.argmax(axis=2)
            ax.imshow(dominant, origin="lower", extent=extent, cmap="tab10", vmin=0, vmax=9)
            ax.set_title("largest weight (colour per clip)", fontsize=9)
        for a, b, c in space.triangles:
            tri = points[[a, b, c, a]]
            ax.plot(tri[:, 0], tri[:, 1], color="w", lw=0.8)
        ax.plot(points[:, 0], points[:, 1], "o", color="r", ms=4)
        ax.set_xlabel("x (sideways)", fontsize=8)
        ax.set_ylabel("y (forwards)", fontsize=8)
        ax.tick_params(labelsize=7)
    fig.colorbar(image, ax=axes, shrink=0.6, label="weight")
    fig.suptitle(
        "lite.create_blend_space_2d: barycentric inside the triangles (white), "
        "nearest hull edge outside",
        fontsize=10,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)  # type: ignore[attr-defined]
    return out


def cross_fade_weights() -> tuple[np.ndarray, list[str], np.ndarray, list[tuple[float, str]]]:
    """Run the picture's state machine: (times, state names, weights (T, S), events)."""
    asset = lite.load_gltf(figure_path())
    manager = lite.create_animation_manager()
    machine = lite.create_state_machine(
        manager,
        asset,
        states={"walk": "walk", "run": "run", "wave": "wave"},
        transitions=[
            {"from": "walk", "to": "run", "when": [("speed", ">", 2.0)], "duration_ms": 400},
            {"from": "*", "to": "wave", "trigger": "greet", "duration_ms": 250},
            {"from": "wave", "to": "walk", "exit_time": 0.4, "duration_ms": 300},
        ],
        parameters={"speed": 1.0},
        initial="walk",
    )
    events: list[tuple[float, str]] = []
    clock = [0.0]
    machine.on_state_enter.add(lambda m, name: events.append((clock[0], f"enter {name}")))
    machine.on_state_exit.add(lambda m, name: events.append((clock[0], f"exit {name}")))
    names = list(machine.states)
    times: list[float] = []
    rows: list[list[float]] = []
    script = list(CROSS_FADE_SCRIPT)
    frames = int(_DURATION_S * 1000.0 / _STEP_MS)
    for k in range(frames + 1):
        t = k * _STEP_MS / 1000.0
        while script and script[0][0] <= t + 1e-9:
            action = script.pop(0)[1]
            if action == "greet":
                lite.fire_state_trigger(machine, "greet")
            else:
                key, value = action.split("=")
                lite.set_state_parameter(machine, key, float(value))
            events.append((t, action))
        clock[0] = t
        if k:
            lite.update_animation_manager(manager, _STEP_MS)
        weights = machine.weights
        times.append(t)
        rows.append([weights[n] for n in names])
    return np.array(times), names, np.array(rows), events


def cross_fade_figure(out: Path) -> Path:
    """A state machine's weights over time: a condition, an interrupting trigger, exit time."""
    plt = _plt()
    times, names, weights, events = cross_fade_weights()
    fig, ax = plt.subplots(figsize=(9.0, 4.2), dpi=100)  # type: ignore[attr-defined]
    ax.stackplot(times, weights.T, labels=names, alpha=0.85)
    ax.plot(times, weights.sum(axis=1), color="k", lw=1, ls=":", label="sum")
    for i, (t, text) in enumerate(events):
        ax.axvline(t, color="0.3", lw=0.6)
        ax.annotate(
            text,
            (t, 1.02 + 0.07 * (i % 3)),
            fontsize=7,
            va="bottom",
            ha="left",
            annotation_clip=False,
        )
    ax.set_xlim(times[0], times[-1])
    ax.set_ylim(0.0, 1.0)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("state weight (machine.weights)")
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(
        "lite.create_state_machine: walk -> run when speed > 2 (400 ms), '*' -> wave on the "
        "trigger greet (250 ms),\nwave -> walk at exit time 0.4 (300 ms); weights sum to 1",
        fontsize=9,
        pad=40,
    )
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)  # type: ignore[attr-defined]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write the pose-graph pictures into ``--out`` (default ``docs/images``)."""
    parser = argparse.ArgumentParser(prog="python -m lite.tools.pose_figures")
    parser.add_argument("--out", default="docs/images", help="folder for the PNGs")
    args = parser.parse_args(argv)
    folder = Path(args.out)
    for path in (
        blend_space_1d_figure(folder / "pose_blend_space_1d.png"),
        blend_space_2d_figure(folder / "pose_blend_space_2d.png"),
        cross_fade_figure(folder / "pose_cross_fade.png"),
    ):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
