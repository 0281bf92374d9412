"""Pictures of animation data with matplotlib: channel curves, easing curves, demo curves.

A glTF clip's channel curves with key markers (``lite-anim plot``), every easing curve in its
three modes (``lite-anim plot-easing``) and the figure demo's blended curves (``lite-anim
demo``).

Not a port. Uses matplotlib's object API (``Figure`` + the Agg canvas) and never ``pyplot``,
so it changes no global backend or state and works without a display. matplotlib is imported
inside the functions, so ``import lite`` does not pay for it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    INTERP_STEP,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.errors import AnimationStateError, listed, short_repr
from lite.tools.outputs import PNG_SUFFIXES, check_suffix

if TYPE_CHECKING:
    from lite.animation.types import AnimationEasing, F64Array
    from lite.loader_gltf import GltfAsset

__all__ = [
    "EASING_CURVES",
    "INTERP_NAMES",
    "PATH_NAMES",
    "ChannelCurve",
    "channel_curves",
    "plot_channel_curves",
    "plot_easing_sheet",
]

#: Interpolation names as glTF spells them, by ``INTERP_*`` value.
INTERP_NAMES: Final = ("LINEAR", "STEP", "CUBICSPLINE")
#: Channel target paths as glTF spells them, by ``PATH_*`` value.
PATH_NAMES: Final = {
    PATH_TRANSLATION: "translation",
    PATH_ROTATION: "rotation",
    PATH_SCALE: "scale",
    PATH_WEIGHTS: "weights",
    PATH_POINTER: "pointer",
}
#: Channels drawn on one sheet at most (use ``--node`` to pick the rest).
MAX_PLOTTED_CHANNELS: Final = 40
_MODE_NAMES: Final = ("EASE_IN", "EASE_OUT", "EASE_IN_OUT")


def _easing_curves() -> tuple[tuple[str, AnimationEasing], ...]:
    from lite.animation import easing as e

    return (
        ("circle", e.circle_ease),
        ("sine", e.sine_ease),
        ("quadratic", e.quadratic_ease),
        ("cubic", e.cubic_ease),
        ("quartic", e.quartic_ease),
        ("quintic", e.quintic_ease),
        ("power (3.5)", e.create_power_ease(3.5)),
        ("exponential (4)", e.create_exponential_ease(4.0)),
        ("back (1)", e.create_back_ease(1.0)),
        ("elastic (3, 3)", e.create_elastic_ease(3.0, 3.0)),
        ("bounce (3, 2)", e.create_bounce_ease(3.0, 2.0)),
        ("bezier (.3, -.4, .6, 1.4)", e.create_bezier_curve_ease(0.3, -0.4, 0.6, 1.4)),
    )


#: ``(label, raw ease-in curve)`` for every lite easing, as drawn by :func:`plot_easing_sheet`.
EASING_CURVES: Final = _easing_curves()


@dataclass(frozen=True, slots=True, eq=False)
class ChannelCurve:
    """One channel sampled densely, plus its keys.

    Attributes
    ----------
    target
        Node name (``node <i>`` when unnamed) or the KHR_animation_pointer string.
    path
        ``translation``, ``rotation``, ``scale``, ``weights`` or ``pointer``.
    interpolation
        ``LINEAR``, ``STEP`` or ``CUBICSPLINE``.
    components
        Label per value component (``x, y, z``, ``x, y, z, w``, morph target names, ...).
    times, values
        ``(S,)`` float64 sample times and ``(S, C)`` float64 sampled values.
    key_times, key_values
        ``(K,)`` and ``(K, C)`` float64: the keys (a CUBICSPLINE key's value, not its
        tangents).
    """

    target: str
    path: str
    interpolation: str
    components: tuple[str, ...]
    times: F64Array
    values: F64Array
    key_times: F64Array
    key_values: F64Array


def _components(path: int, stride: int, target_names: Sequence[str], pointer: str) -> list[str]:
    if path == PATH_ROTATION:
        return ["x", "y", "z", "w"]
    if path in (PATH_TRANSLATION, PATH_SCALE):
        return ["x", "y", "z"]
    if path == PATH_WEIGHTS and len(target_names) == stride:
        return list(target_names)
    if path == PATH_POINTER and "Color" in pointer and stride in (3, 4):
        return ["r", "g", "b", "a"][:stride]
    if stride <= 4:
        return ["x", "y", "z", "w"][:stride]
    return [f"c{i}" for i in range(stride)]


def channel_curves(
    asset: GltfAsset,
    clip: str,
    node: str | None = None,
    samples: int = 400,
    progress: Callable[[int, int], None] | None = None,
) -> list[ChannelCurve]:
    """Sample every channel of ``clip`` (optionally only ``node``'s) for plotting.

    Parameters
    ----------
    asset
        From :func:`lite.loader_gltf.load_gltf`.
    clip
        Animation group name.
    node
        Only channels targeting the node with this name.
    samples
        Evenly spaced samples over the clip (key times are added, and STEP channels get a
        sample just before each key so the steps stay vertical).
    progress
        Called as ``progress(done, total)`` after each channel (``lite-anim plot`` reports
        long plots through it).

    Returns
    -------
    list[ChannelCurve]
        In channel order.

    Raises
    ------
    LiteError
        ``LITE-STATE-041`` for an unknown clip, ``LITE-STATE-042`` for an unknown node (the
        message lists the known names).
    """
    from lite.animation.evaluate import evaluate_sampler

    groups = asset.animation_groups
    index = next((i for i, g in enumerate(groups) if g.name == clip), None)
    if index is None:
        raise AnimationStateError(
            "LITE-STATE-041",
            f"{asset.source}: no clip named {short_repr(clip)} "
            f"(clips: {listed(g.name for g in groups)})",
            hint="pick one of the listed clip names",
            input_name="clip",
        )
    data = asset.animation_data
    gclip = data.clips[index]
    names = data.node_names
    morph_names = {m.node_idx: m.target_names for m in data.morph_bindings}
    channels = list(gclip.channels)
    if node is not None:
        channels = [ch for ch in channels if ch.node_idx >= 0 and names[ch.node_idx] == node]
        if not channels:
            animated = sorted(
                {
                    names[c.node_idx] or f"node {c.node_idx}"
                    for c in gclip.channels
                    if c.node_idx >= 0
                }
            )
            raise AnimationStateError(
                "LITE-STATE-042",
                f"{asset.source}: clip {short_repr(clip)} animates no node named "
                f"{short_repr(node)} (animated nodes: {listed(animated)})",
                hint="pick one of the listed node names",
                input_name="node",
            )
    duration = max(float(gclip.duration), 1e-6)
    out: list[ChannelCurve] = []
    for done, ch in enumerate(channels, start=1):
        sampler = gclip.samplers[ch.sampler_idx]
        keys = sampler.input_f64
        k = int(keys.shape[0])
        interp = int(sampler.interpolation)
        per_key = int(sampler.output.size) // k
        stride = per_key // 3 if interp == INTERP_CUBICSPLINE else per_key
        quat = ch.path == PATH_ROTATION or (
            ch.path == PATH_POINTER
            and ch.pointer is not None
            and ch.pointer in data.pointers
            and data.pointers[ch.pointer].quaternion
        )
        t = np.linspace(0.0, duration, samples)
        extra = [keys]
        if interp == INTERP_STEP:
            extra.append(np.maximum(keys - duration * 1e-6, 0.0))
        ts = np.unique(np.concatenate([t, *extra]))
        vals = np.zeros((ts.shape[0], stride), dtype=np.float64)
        scratch = np.zeros(stride, dtype=np.float32)
        for i, tt in enumerate(ts.tolist()):
            evaluate_sampler(sampler, tt, stride, quat, scratch, 0)
            vals[i] = scratch
        raw = np.asarray(sampler.output, dtype=np.float64).reshape(k, -1)
        key_vals = raw[:, stride : 2 * stride] if interp == INTERP_CUBICSPLINE else raw
        target = (
            (names[ch.node_idx] or f"node {ch.node_idx}")
            if ch.node_idx >= 0
            else (ch.pointer or "")
        )
        out.append(
            ChannelCurve(
                target=target,
                path=PATH_NAMES[int(ch.path)],
                interpolation=INTERP_NAMES[interp],
                components=tuple(
                    _components(
                        int(ch.path), stride, morph_names.get(ch.node_idx, ()), ch.pointer or ""
                    )
                ),
                times=ts,
                values=vals,
                key_times=keys.astype(np.float64),
                key_values=key_vals,
            )
        )
        if progress is not None:
            progress(done, len(channels))
    return out


#: Legend placement beside a panel (right of it, top-aligned), never over its curves.
_BESIDE: Final[dict[str, Any]] = {
    "loc": "upper left",
    "bbox_to_anchor": (1.01, 1.0),
    "borderaxespad": 0.0,
}


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _save(fig: Any, path: str | os.PathLike[str]) -> Path:
    """Write ``fig`` as PNG to ``path``, which must end in .png (``LITE-CLI-010``)."""
    check_suffix(path, PNG_SUFFIXES, "path")
    out = Path(path)
    fig.savefig(out, format="png")
    return out


def plot_channel_curves(
    curves: Sequence[ChannelCurve], path: str | os.PathLike[str], title: str = ""
) -> Path:
    """Draw each channel in its own panel: sampled components as lines, keys as markers.

    At most :data:`MAX_PLOTTED_CHANNELS` panels are drawn (the title says how many were
    left out).

    Returns
    -------
    pathlib.Path
        The written PNG.
    """
    shown = list(curves[:MAX_PLOTTED_CHANNELS])
    n = max(len(shown), 1)
    cols = 1 if n <= 3 else 2
    rows = math.ceil(n / cols)
    fig = _figure(7.0 * cols, 2.3 * rows + 0.6)
    axes = fig.subplots(rows, cols, squeeze=False)
    for i, ax in enumerate(axes.reshape(-1)):
        if i >= len(shown):
            ax.set_axis_off()
            continue
        c = shown[i]
        for j, label in enumerate(c.components):
            line = ax.plot(c.times, c.values[:, j], lw=1.4, label=label)[0]
            ax.plot(
                c.key_times,
                c.key_values[:, j],
                ls="none",
                marker="o",
                ms=3.5,
                color=line.get_color(),
            )
        ax.set_title(
            f"{c.target} · {c.path} · {c.interpolation} · {c.key_times.shape[0]} keys",
            fontsize=9,
        )
        ax.grid(alpha=0.3)
        # Beside the panel, never over the curves (a 4-component rotation fills the axes).
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0), borderaxespad=0.0)
        ax.tick_params(labelsize=7)
        ax.set_xlabel("time (s)", fontsize=8)
    left_out = len(curves) - len(shown)
    if left_out > 0:
        title = f"{title} ({left_out} more channels not shown; use --node)"
    if title:
        fig.suptitle(title, fontsize=11)
    return _save(fig, path)


def plot_easing_sheet(path: str | os.PathLike[str], samples: int = 201) -> Path:
    """Draw every lite easing curve (:data:`EASING_CURVES`) in EASE_IN, EASE_OUT and
    EASE_IN_OUT on one sheet.

    Returns
    -------
    pathlib.Path
        The written PNG.
    """
    from lite.animation.easing import ease_with_mode

    g = np.linspace(0.0, 1.0, samples)
    cols = 4
    rows = math.ceil(len(EASING_CURVES) / cols)
    fig = _figure(3.2 * cols, 2.8 * rows + 0.4)
    axes = fig.subplots(rows, cols, squeeze=False)
    for i, ax in enumerate(axes.reshape(-1)):
        if i >= len(EASING_CURVES):
            ax.set_axis_off()
            continue
        name, curve = EASING_CURVES[i]
        for mode, mode_name in enumerate(_MODE_NAMES):
            ys = [ease_with_mode(curve, mode, float(x)) for x in g]
            ax.plot(g, ys, lw=1.5, label=mode_name)
        ax.plot([0, 1], [0, 1], color="0.7", lw=0.8, ls="--")
        ax.set_title(name, fontsize=10)
        ax.grid(alpha=0.3)
        ax.tick_params(labelsize=7)
        if i == 0:
            ax.legend(fontsize=7, loc="upper left")
    fig.suptitle("lite easing curves (gradient in, eased gradient out)", fontsize=12)
    return _save(fig, path)


def plot_demo_curves(
    series: Mapping[str, Sequence[float]],
    colors: Sequence[Sequence[float]],
    events: Sequence[tuple[float, str]],
    path: str | os.PathLike[str],
) -> Path:
    """The figure demo's curves: weights, blended joint angles, heights and the shirt colour.

    Parameters
    ----------
    series
        ``t`` plus the demo's per-frame columns (see :mod:`lite.tools.demo`).
    colors
        Per frame, the shirt's RGB(A) base colour factor (linear, as glTF stores it; drawn
        sRGB-encoded, as the renderer shows it).
    events
        ``(time, label)`` marked with vertical lines.

    Returns
    -------
    pathlib.Path
        The written PNG.
    """
    t = np.asarray(series["t"], dtype=np.float64)
    fig = _figure(10.5, 8.2)
    axes = fig.subplots(4, 1, sharex=True, gridspec_kw={"height_ratios": [1.0, 1.1, 0.9, 0.18]})
    ax_w, ax_r, ax_p, ax_c = axes
    for key, label in (
        ("walk", "walk weight"),
        ("run", "run weight"),
        ("wave", "wave weight (additive)"),
        ("blink", "blink morph weight"),
    ):
        ax_w.plot(t, series[key], lw=1.6, label=label)
    ax_w.set_ylabel("weight")
    ax_w.set_ylim(-0.05, 1.1)
    ax_w.legend(fontsize=8, **_BESIDE)
    for key, label in (
        ("left_thigh", "LeftThigh pitch"),
        ("right_arm", "RightUpperArm angle from rest"),
        ("head_roll", "Head roll (wave: STEP)"),
    ):
        ax_r.plot(t, series[key], lw=1.5, label=label)
    ax_r.set_ylabel("degrees")
    ax_r.legend(fontsize=8, **_BESIDE)
    for key, label in (("hips_y", "Hips height"), ("hand_y", "right hand height")):
        ax_p.plot(t, series[key], lw=1.5, label=label)
    ax_p.set_ylabel("metres")
    ax_p.legend(fontsize=8, **_BESIDE)
    # glTF colour factors are linear; the renderer writes sRGB, so the bar shows them encoded
    # the same way (the colour the rendered sheet shows, not the raw factor as if sRGB).
    linear = np.clip(np.asarray([c[:3] for c in colors], dtype=np.float64), 0.0, 1.0)
    rgb = np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * np.power(linear, 1.0 / 2.4) - 0.055)
    ax_c.imshow(rgb[None, :, :], aspect="auto", extent=(float(t[0]), float(t[-1]), 0.0, 1.0))
    ax_c.set_yticks([])
    ax_c.set_ylabel("shirt", rotation=0, ha="right", va="center", fontsize=8)
    ax_c.set_xlabel("time (s)")
    for ax in (ax_w, ax_r, ax_p):
        ax.grid(alpha=0.3)
        for te, _ in events:
            ax.axvline(te, color="0.5", lw=0.8, ls=":")
    # Labels sit above the top panel: the first ends at its line, the others start at theirs.
    for k, (te, label) in enumerate(events):
        ax_w.annotate(
            label,
            xy=(te, 1.0),
            xycoords=("data", "axes fraction"),
            xytext=(-3 if k == 0 else 3, 2),
            textcoords="offset points",
            fontsize=8,
            color="0.3",
            ha="right" if k == 0 else "left",
            va="bottom",
        )
    fig.suptitle(
        "lite-anim demo: walk -> run cross-fade, additive wave, blink, KHR_animation_pointer tint",
        fontsize=11,
    )
    return _save(fig, path)
