"""The animated-bounds picture and tightness table of docs/targets-and-bounds.md.

``python -m lite.tools.bounds_figures --out docs/images`` draws ``animated_bounds.png``: the
bundled figure's skinned vertices over sampled frames of its clips (front and side), with the
box :func:`lite.animated_bounds` computes once from the keys and the tightest box of the
samples. ``--measure PATH ...`` prints the tightness table (bound against the tightest box of
densely sampled frames, per skinned mesh; all clips together, and each clip alone) for any
glTF files, e.g. ``/work/shared/gltf/Fox/Fox.glb``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

import lite
import lite.assets
from lite.animation.animation_group import go_to_frame

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = ["Tightness", "bounds_figure", "main", "measure", "sampled_box"]

#: Frames sampled per clip (evenly over its duration, both ends included).
SAMPLES: Final = 120


def sampled_box(
    asset: lite.GltfAsset, skin: int, groups: Sequence[int], samples: int = SAMPLES
) -> tuple[F64Array, F64Array, list[F64Array]]:
    """The tightest box of the skinned positions over ``samples`` frames of each group, and
    the positions of every frame (one array per frame)."""
    lo = np.full(3, np.inf)
    hi = np.full(3, -np.inf)
    frames: list[F64Array] = []
    for gi in groups:
        for other in asset.animation_groups:
            lite.stop_animation(other)
        group = asset.animation_groups[gi]
        lite.play_animation(group)
        for frame in np.linspace(0.0, group.duration * group.frame_rate, samples):
            go_to_frame(group, float(frame))
            p = lite.skinned_positions(asset, skin)
            frames.append(p)
            lo = np.minimum(lo, p.min(axis=0))
            hi = np.maximum(hi, p.max(axis=0))
    return lo, hi, frames


@dataclass(frozen=True, slots=True)
class Tightness:
    """One skinned mesh: the bound against the sampled box (ratios are bound / sampled)."""

    asset: str
    skin: int
    vertices: int
    clips: int
    extent_ratio: tuple[float, float, float]
    volume_ratio: float
    clip_volume_ratios: tuple[float, ...]
    contained: bool
    bound_ms: float


def _ratios(
    lo: F64Array, hi: F64Array, slo: F64Array, shi: F64Array
) -> tuple[F64Array, float, bool]:
    ext = hi - lo
    sext = np.maximum(shi - slo, 1e-9)
    return (
        ext / sext,
        float(np.prod(ext) / np.prod(sext)),
        bool(np.all(slo >= lo) and np.all(shi <= hi)),
    )


def measure(path: str | Path, samples: int = SAMPLES) -> list[Tightness]:
    """Tightness of :func:`lite.animated_bounds` for every skinned mesh of the file."""
    asset = lite.load_gltf(path)
    rows: list[Tightness] = []
    all_groups = list(range(len(asset.animation_groups)))
    for skin in range(len(asset.skeletons)):
        start = time.perf_counter()
        lo, hi = lite.animated_bounds(asset, skin=skin)
        bound_ms = (time.perf_counter() - start) * 1e3
        slo, shi, frames = sampled_box(asset, skin, all_groups, samples)
        ext, vol, ok = _ratios(lo, hi, slo, shi)
        per_clip: list[float] = []
        for gi in all_groups:
            clo, chi = lite.animated_bounds(asset, [gi], skin=skin)
            cslo, cshi, _ = sampled_box(asset, skin, [gi], samples)
            _, cvol, cok = _ratios(clo, chi, cslo, cshi)
            ok = ok and cok
            if np.all(cshi - cslo > 1e-6):
                per_clip.append(cvol)
        rows.append(
            Tightness(
                asset=Path(str(path)).name,
                skin=skin,
                vertices=frames[0].shape[0],
                clips=len(all_groups),
                extent_ratio=(float(ext[0]), float(ext[1]), float(ext[2])),
                volume_ratio=vol,
                clip_volume_ratios=tuple(per_clip),
                contained=ok,
                bound_ms=bound_ms,
            )
        )
    return rows


def table(rows: Sequence[Tightness]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| asset | skin | vertices | clips | extent ratio x / y / z (all clips) | volume ratio "
        "(all clips) | volume ratio per clip (median, max) | samples inside | bound (ms) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        per = r.clip_volume_ratios
        per_text = f"{np.median(per):.2f}, {max(per):.2f}" if per else "-"
        lines.append(
            f"| {r.asset} | {r.skin} | {r.vertices} | {r.clips} | "
            + " / ".join(f"{v:.2f}" for v in r.extent_ratio)
            + f" | {r.volume_ratio:.2f} | {per_text} | {'yes' if r.contained else 'NO'} | "
            f"{r.bound_ms:.0f} |"
        )
    return "\n".join(lines)


def bounds_figure(out: Path, samples: int = 24) -> Path:
    """Draw the bundled figure's sampled poses with the bound and the sampled box."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    asset = lite.load_gltf(lite.assets.figure_path())
    names = [g.name for g in asset.animation_groups]
    walk = names.index("walk") if "walk" in names else 0
    panels = [
        ("all clips, front (x, y)", list(range(len(names))), (0, 1)),
        ("all clips, side (z, y)", list(range(len(names))), (2, 1)),
        (f"'{names[walk]}' alone, front (x, y)", [walk], (0, 1)),
    ]
    fig, axes = plt.subplots(1, 3, figsize=(13, 5.2))
    for ax, (title, groups, (a, b)) in zip(axes, panels, strict=True):
        clips = None if len(groups) == len(names) else groups
        for skin in range(len(asset.skeletons)):
            lo, hi = lite.animated_bounds(asset, clips, skin=skin)
            slo, shi, frames = sampled_box(asset, skin, groups, samples)
            pts = np.concatenate(frames)
            ax.scatter(pts[:, a], pts[:, b], s=0.3, alpha=0.15, color=f"C{skin}")
            ax.add_patch(
                Rectangle(
                    (lo[a], lo[b]),
                    hi[a] - lo[a],
                    hi[b] - lo[b],
                    fill=False,
                    lw=1.6,
                    color=f"C{skin}",
                    label=f"skin {skin}: animated_bounds",
                )
            )
            ax.add_patch(
                Rectangle(
                    (slo[a], slo[b]),
                    shi[a] - slo[a],
                    shi[b] - slo[b],
                    fill=False,
                    lw=1.0,
                    ls="--",
                    color="k",
                    label="tightest sampled box" if skin == 0 else None,
                )
            )
        ax.set_title(title)
        ax.set_aspect("equal")
        ax.autoscale_view()
        ax.grid(alpha=0.3)
    axes[0].legend(loc="lower left", fontsize=7)
    fig.suptitle(
        "lite.animated_bounds (computed once from the keys) over sampled poses of the bundled "
        "figure"
    )
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    path = out / "animated_bounds.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lite.tools.bounds_figures [--out DIR] [--measure PATH ...]``."""
    parser = argparse.ArgumentParser(prog="python -m lite.tools.bounds_figures")
    parser.add_argument("--out", type=Path, default=None, help="folder for animated_bounds.png")
    parser.add_argument("--measure", nargs="*", default=None, help="glTF files to measure")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="frames per clip")
    args = parser.parse_args(argv)
    if args.out is not None:
        print(bounds_figure(args.out))
    if args.measure is not None:
        paths = args.measure or [str(lite.assets.figure_path())]
        rows = [row for p in paths for row in measure(p, args.samples)]
        print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
