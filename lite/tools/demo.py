"""The ``lite-anim demo``: the bundled figure's cross-fades, layers, morphs and pointers.

The bundled rigged figure walking, cross-fading into a run, waving on an additive layer,
blinking (morph target) and changing shirt colour (KHR_animation_pointer), with a printed table,
a contact sheet of rendered frames and a PNG of the blended curves.

Not a port: a tour of the runtime built from its public functions. The TRS clips (walk, run,
wave) play on a manager with :func:`lite.enable_animation_blending`; as in Babylon
Lite, blended glTF groups write only TRS, so the morph-weight clip (blink) and the pointer clip
(tint) play on a second, plain manager ticked with the same deltas.

:func:`run_property_demo` is the earlier property-animation demo (a box's properties), kept as
``lite-anim demo --property``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from PIL import Image

    from lite.animation.types import F32Array
    from lite.loader_gltf import GltfAsset
    from lite.tools.render import RenderMesh

__all__ = [
    "CROSS_FADE_AT",
    "CROSS_FADE_MS",
    "DEMO_FPS",
    "DEMO_SECONDS",
    "SHEET_EVERY",
    "WAVE_AT",
    "WAVE_FADE_MS",
    "DemoRow",
    "FigureDemo",
    "format_demo_table",
    "render_figure_demo",
    "run_property_demo",
    "simulate_figure_demo",
    "write_demo_sheet",
]

U8Array = npt.NDArray[np.uint8]

#: Length of the simulation (seconds) and its fixed update rate.
#: The pictures ``lite-anim demo`` writes into its folder (the README shows these, regenerated with
#: ``lite-anim demo --out docs/images``): the contact sheet, the curves, the root-motion view.
DEMO_PICTURES: Final = ("demo_sheet.png", "demo_curves.png", "demo_root_motion.png")
DEMO_SECONDS: Final = 3.0
DEMO_FPS: Final = 60
#: When walk starts cross-fading into run, and for how long.
CROSS_FADE_AT: Final = 0.8
CROSS_FADE_MS: Final = 1000.0
#: When the additive wave layer starts, and how long its weight takes to reach 1.
WAVE_AT: Final = 1.0
WAVE_FADE_MS: Final = 250.0
#: Every this many simulation frames, the pose is kept for the contact sheet (0.25 s).
SHEET_EVERY: Final = 15
#: Table rows are printed every this many frames.
TABLE_EVERY: Final = 15
#: The shirt material, the target of the figure's KHR_animation_pointer clip.
SHIRT_MATERIAL: Final = 0
#: Length of the figure's forearm box, to place the right hand.
_FOREARM: Final = 0.3


@dataclass(frozen=True, slots=True)
class DemoRow:
    """What the demo observed after one update.

    Attributes
    ----------
    t
        Time in seconds.
    walk, run, wave
        Group weights (wave is the additive layer).
    hips_y
        Hips translation y (metres).
    left_thigh
        LeftThigh local rotation about X (degrees; negative swings the leg forward).
    right_arm
        RightUpperArm local rotation angle from rest (degrees).
    hand_y
        World height of the right hand (end of RightForearm, metres).
    head_roll
        Head local roll about Z (degrees).
    blink
        Eyelids morph weight.
    shirt
        Shirt ``baseColorFactor`` (linear RGBA) written by the pointer clip.
    """

    t: float
    walk: float
    run: float
    wave: float
    hips_y: float
    left_thigh: float
    right_arm: float
    hand_y: float
    head_roll: float
    blink: float
    shirt: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True, eq=False)
class FigureDemo:
    """The simulation's result: one row per frame plus the poses kept for rendering.

    Attributes
    ----------
    source
        The glTF file.
    rows
        One :class:`DemoRow` per frame (``DEMO_SECONDS * DEMO_FPS + 1``).
    events
        ``(time, description)`` of each call the demo made.
    sheet_frames
        Indices into ``rows`` of the frames kept for the contact sheet.
    palettes
        Per skinned mesh node: ``(R, J, 16)`` column-major joint palettes of the kept frames.
    morph_weights
        Per morphed mesh node: ``(R, T)`` weights of the kept frames.
    """

    source: str
    rows: tuple[DemoRow, ...]
    events: tuple[tuple[float, str], ...]
    sheet_frames: tuple[int, ...]
    palettes: dict[int, F32Array] = field(default_factory=dict)
    morph_weights: dict[int, F32Array] = field(default_factory=dict)


def _group(asset: GltfAsset, name: str) -> Any:
    for g in asset.animation_groups:
        if g.name == name:
            return g
    from lite.errors import AnimationStateError, listed

    raise AnimationStateError(
        "LITE-STATE-041",
        f"{asset.source}: the demo needs a clip named {name!r} "
        f"(clips: {listed(g.name for g in asset.animation_groups)})",
        hint="run the demo on the bundled figure (lite/assets/figure.glb)",
        input_name="clip",
    )


def _node(asset: GltfAsset, name: str) -> Any:
    node = asset.find_node(name)
    if node is None:
        from lite.errors import AnimationStateError

        raise AnimationStateError(
            "LITE-STATE-042",
            f"{asset.source}: the demo needs a node named {name!r}",
            hint="run the demo on the bundled figure (lite/assets/figure.glb)",
            input_name="node",
        )
    return node


def _pitch_deg(q: F32Array) -> float:
    x, w = float(q[0]), float(q[3])
    if w < 0.0:
        x, w = -x, -w
    return math.degrees(2.0 * math.atan2(x, w))


def _angle_deg(q: F32Array) -> float:
    v = math.sqrt(float(q[0]) ** 2 + float(q[1]) ** 2 + float(q[2]) ** 2)
    return math.degrees(2.0 * math.atan2(v, abs(float(q[3]))))


def _roll_deg(q: F32Array) -> float:
    x, y, z, w = (float(c) for c in q)
    return math.degrees(math.asin(max(-1.0, min(1.0, 2.0 * (x * y + z * w)))))


def simulate_figure_demo(path: str | os.PathLike[str] | None = None) -> FigureDemo:
    """Run the demo's timeline on the figure and record what every frame looked like.

    Timeline (60 updates per second, 3 s): walk plays at weight 1 and run at weight 0 on a
    blending manager; at 0.8 s :func:`lite.cross_fade_animation_groups` fades walk into run
    over 1 s; at 1.0 s wave starts as an additive layer
    (:func:`lite.set_animation_additive`, reference frame 0) and its weight fades
    in over 250 ms. Blink and tint loop on a second manager.

    Parameters
    ----------
    path
        A glTF with the figure's clips and nodes; default the bundled ``figure.glb``.

    Returns
    -------
    FigureDemo

    Raises
    ------
    GltfLoadError
        When the file cannot be loaded.
    LiteError
        ``LITE-STATE-041`` / ``LITE-STATE-042`` when a clip / node the demo needs is missing.
    """
    import lite
    from lite.assets import DEFAULT_FIGURE
    from lite.loader_gltf import load_gltf
    from lite.skeleton.weighted_gltf_mixer import enable_animation_blending, set_animation_additive

    asset = load_gltf(DEFAULT_FIGURE if path is None else path)
    walk, run, wave = (_group(asset, n) for n in ("walk", "run", "wave"))
    blink, tint = _group(asset, "blink"), _group(asset, "tint")
    hips, thigh, arm, forearm, head = (
        _node(asset, n) for n in ("Hips", "LeftThigh", "RightUpperArm", "RightForearm", "Head")
    )
    shirt = asset.materials[SHIRT_MATERIAL].base_color_factor
    lids = asset.morph_targets[0].weights if asset.morph_targets else np.zeros(1, np.float32)

    body = lite.create_animation_manager()
    for g in asset.animation_groups:
        lite.stop_animation(g)
    lite.add_animation_groups(body, [walk, run, wave])
    enable_animation_blending(body)
    lite.play_animation(walk)
    lite.play_animation(run)
    lite.set_animation_weight(run, 0.0)
    lite.set_animation_weight(wave, 0.0)
    set_animation_additive(wave, reference_frame=0)

    face = lite.create_animation_manager()
    lite.add_animation_groups(face, [blink, tint])
    lite.play_animation(blink)
    lite.play_animation(tint)

    events: list[tuple[float, str]] = [
        (0.0, "walk plays at weight 1, run at weight 0 (blending manager)"),
        (0.0, "blink and tint loop on a second manager (morph weights, material pointer)"),
    ]
    frame_ms = 1000.0 / DEMO_FPS
    total = round(DEMO_SECONDS * DEMO_FPS)
    fade_frame = round(CROSS_FADE_AT * DEMO_FPS)
    wave_frame = round(WAVE_AT * DEMO_FPS)
    rows: list[DemoRow] = []
    kept: list[int] = []
    palettes: dict[int, list[F32Array]] = {s.mesh_node: [] for s in asset.skeletons}
    weights: dict[int, list[F32Array]] = {m.node_idx: [] for m in asset.morph_targets}
    arm_tip = np.array([0.0, -_FOREARM, 0.0, 1.0])
    for frame in range(total + 1):
        if frame == fade_frame:
            lite.cross_fade_animation_groups(body, walk, run, duration_ms=CROSS_FADE_MS)
            events.append(
                (
                    frame / DEMO_FPS,
                    f"cross_fade_animation_groups(walk -> run, {CROSS_FADE_MS:g} ms)",
                )
            )
        if frame == wave_frame:
            lite.play_animation(wave)
            lite.fade_animation_weight(body, wave, to=1.0, duration_ms=WAVE_FADE_MS)
            events.append(
                (
                    frame / DEMO_FPS,
                    f"wave starts: additive (reference frame 0), weight 0 -> 1 over "
                    f"{WAVE_FADE_MS:g} ms",
                )
            )
        delta = 0.0 if frame == 0 else frame_ms
        lite.update_animation_manager(body, delta)
        lite.update_animation_manager(face, delta)
        hand = forearm.world_matrix.reshape(4, 4).T @ arm_tip
        rows.append(
            DemoRow(
                t=frame / DEMO_FPS,
                walk=float(walk.weight),
                run=float(run.weight),
                wave=float(wave.weight),
                hips_y=float(hips.translation[1]),
                left_thigh=_pitch_deg(thigh.rotation),
                right_arm=_angle_deg(arm.rotation),
                hand_y=float(hand[1]),
                head_roll=_roll_deg(head.rotation),
                blink=float(lids[0]),
                shirt=(float(shirt[0]), float(shirt[1]), float(shirt[2]), float(shirt[3])),
            )
        )
        if frame % SHEET_EVERY == 0 and frame < total:
            kept.append(frame)
            for s in asset.skeletons:
                palettes[s.mesh_node].append(s.joint_matrices.copy())
            for m in asset.morph_targets:
                weights[m.node_idx].append(m.weights.copy())
    return FigureDemo(
        source=asset.source,
        rows=tuple(rows),
        events=tuple(events),
        sheet_frames=tuple(kept),
        palettes={k: np.stack(v) for k, v in palettes.items()},
        morph_weights={k: np.stack(v) for k, v in weights.items()},
    )


def _deg(value: float) -> str:
    # round first so -0.04 prints as 0.0, not -0.0
    return f"{round(value, 1) + 0.0:5.1f}°"


def format_demo_table(demo: FigureDemo, every: int = TABLE_EVERY) -> str:
    """The printed summary: the calls made, then one row per ``every`` frames."""
    lines = [f"lite-anim demo: {Path(demo.source).name} (bundled rigged figure)"]
    for t, text in demo.events:
        lines.append(f"  {t:4.2f} s  {text}")
    lines.append("")
    lines.append(
        f"{'t (s)':>5}  {'walk':>4} {'run':>4} {'wave':>4}  {'hips.y':>6} {'Lthigh':>6} "
        f"{'Rarm':>6} {'hand.y':>6} {'head':>6}  {'blink':>5}  shirt rgb"
    )
    for row in demo.rows[::every]:
        r, g, b, _ = row.shirt
        lines.append(
            f"{row.t:5.2f}  {row.walk:4.2f} {row.run:4.2f} {row.wave:4.2f}  "
            f"{row.hips_y:6.3f} {_deg(row.left_thigh)} {_deg(row.right_arm)} "
            f"{row.hand_y:6.3f} {_deg(row.head_roll)}  {row.blink:5.2f}  "
            f"{r:.2f} {g:.2f} {b:.2f}"
        )
    lines.append(
        "Lthigh: LeftThigh pitch; Rarm: RightUpperArm angle from rest; head: Head roll "
        "(degrees); hand.y: right hand height (m)"
    )
    return "\n".join(lines)


def _render_plan(asset: GltfAsset) -> list[tuple[int, int | None]]:
    """``(node, material)`` per mesh that ``lite.tools.render.sample_asset`` returns, in order."""
    return [
        (node.index, prim.material)
        for node in asset.nodes
        if node.mesh is not None
        for prim in asset.meshes[node.mesh].primitives
        if prim.mode in (4, 5, 6) and "POSITION" in prim.attributes
    ]


def render_figure_demo(
    demo: FigureDemo, size: tuple[int, int] = (200, 200), *, device: Any | None = None
) -> U8Array:
    """Render the kept frames of the demo (pose, blink and shirt colour of each).

    Returns
    -------
    numpy.ndarray
        ``(R, H, W, 4)`` uint8, one image per entry of ``demo.sheet_frames``.

    Raises
    ------
    UnsupportedError
        ``LITE-GPU-001`` when no GPU adapter is available.
    """
    from lite.loader_gltf import load_gltf
    from lite.tools.render import (
        animated_points,
        create_render_device,
        frame_points,
        render_frames,
        sample_asset,
    )

    asset = load_gltf(demo.source)
    scene = sample_asset(asset, None, 1)
    plan = _render_plan(asset)
    if len(plan) != len(scene.meshes):  # pragma: no cover - the figure has triangles only
        plan = [(-1, None)] * len(scene.meshes)
    palettes: list[F32Array | None] = []
    weights: list[F32Array | None] = []
    for (ni, _), mesh, pal, w in zip(
        plan, scene.meshes, scene.palettes, scene.morph_weights, strict=True
    ):
        palettes.append(demo.palettes.get(ni, pal) if mesh.joints is not None else None)
        weights.append(demo.morph_weights.get(ni, w) if mesh.morph_positions is not None else None)
    points = animated_points(scene.meshes, palettes, weights)
    # The sheet's labels (up to three lines) sit in the top fifth of each cell.
    camera = frame_points(points, math.radians(40.0), size[0] / size[1], top_fraction=0.2)
    if device is None:
        device = create_render_device()
    out = np.zeros((len(demo.sheet_frames), size[1], size[0], 4), dtype=np.uint8)
    for k, frame in enumerate(demo.sheet_frames):
        color = demo.rows[frame].shirt
        meshes: list[RenderMesh] = [
            replace(m, base_color=color) if mat == SHIRT_MATERIAL else m
            for m, (_, mat) in zip(scene.meshes, plan, strict=True)
        ]
        out[k] = render_frames(
            meshes,
            [p[k] if p is not None else None for p in palettes],
            [w[k] if w is not None else None for w in weights],
            camera,
            size,
            device=device,
        )[0]
    return out


def write_demo_sheet(
    frames: U8Array, demo: FigureDemo, path: str | os.PathLike[str], columns: int = 4
) -> Path:
    """Tile the rendered frames into a contact sheet labelled with time and weights."""
    from PIL import ImageDraw

    from lite.tools.images import contact_sheet

    sheet: Image.Image = contact_sheet(frames, columns)
    draw = ImageDraw.Draw(sheet)
    height, width = frames.shape[1:3]
    for k, frame in enumerate(demo.sheet_frames):
        row = demo.rows[frame]
        r, c = divmod(k, columns)
        label = f"t = {row.t:.2f} s   walk {row.walk:.2f}  run {row.run:.2f}"
        if row.wave > 0.0:
            label += f"\n+ wave {row.wave:.2f}"
        if row.blink > 0.05:
            label += f"\nblink {row.blink:.2f}"
        draw.multiline_text((c * width + 6, r * height + 4), label, fill=(230, 230, 230, 255))
    out = Path(path)
    sheet.save(out)
    return out


def demo_series(demo: FigureDemo) -> dict[str, list[float]]:
    """Columns of :attr:`FigureDemo.rows` by field name (for plotting)."""
    names = (
        "t",
        "walk",
        "run",
        "wave",
        "hips_y",
        "left_thigh",
        "right_arm",
        "hand_y",
        "head_roll",
        "blink",
    )
    return {n: [float(getattr(r, n)) for r in demo.rows] for n in names}


# ---------------------------------------------------------------------------------------------
# The property-animation demo (lite-anim demo --property)
# ---------------------------------------------------------------------------------------------


class _Vec3:
    """A tiny vector with Babylon's ``set`` so the demo writes through it."""

    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


def run_property_demo(out_dir: Path | None, plot: bool = True) -> list[dict[str, float]]:
    """Animate a box's properties: a looping slide, an eased bob, a walk->run cross-fade.

    Returns the sampled rows (time, x, y, z, walk and run weights) and, when ``plot`` is set,
    writes ``property_demo_curves.png`` into ``out_dir``.
    """
    import lite

    box = SimpleNamespace(position=_Vec3(), scaling=_Vec3(), alpha=1.0)
    manager = lite.create_animation_manager()
    slide = lite.create_property_animation_clip(
        "slide",
        [
            {
                "path": "position.x",
                "frame_rate": 10,
                "keys": [
                    {"frame": 0, "value": 2},
                    {"frame": 10, "value": -2},
                    {"frame": 20, "value": 2},
                ],
            },
            {
                "path": "position.y",
                "easing": lite.create_bounce_ease(3, 2),
                "keys": [{"time": 0.0, "value": 1.0}, {"time": 2.0, "value": 0.0}],
            },
        ],
    )
    walk = lite.create_property_animation_clip(
        "walk", [{"path": "position.z", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}]
    )
    run = lite.create_property_animation_clip(
        "run",
        [{"path": "position.z", "keys": [{"time": 0, "value": 0}, {"time": 0.5, "value": 3}]}],
    )
    lite.create_property_animation_group(manager, box, slide)
    walk_group = lite.create_property_animation_group(manager, box, walk)
    run_group = lite.create_property_animation_group(manager, box, run)
    lite.enable_property_animation_blending(manager)
    lite.set_animation_weight(run_group, 0.0)
    rows: list[dict[str, float]] = []
    frame_ms = 1000.0 / 60.0
    for frame in range(241):
        if frame == 60:
            lite.cross_fade_animation_groups(manager, walk_group, run_group, duration_ms=1000.0)
        lite.update_animation_manager(manager, 0.0 if frame == 0 else frame_ms)
        rows.append(
            {
                "t": frame / 60.0,
                "x": box.position.x,
                "y": box.position.y,
                "z": box.position.z,
                "walk": walk_group.weight,
                "run": run_group.weight,
            }
        )
    if plot and out_dir is not None:
        from matplotlib.figure import Figure

        out_dir.mkdir(parents=True, exist_ok=True)
        fig = Figure(figsize=(8, 6), dpi=100, layout="constrained")
        ax1, ax2 = fig.subplots(2, 1, sharex=True)
        ts = [r["t"] for r in rows]
        for key in ("x", "y", "z"):
            ax1.plot(ts, [r[key] for r in rows], label=f"position.{key}")
        ax1.set_ylabel("value")
        ax1.legend(loc="upper right")
        ax1.set_title("lite-anim demo --property: slide (linear), bob (bounce), cross-fade")
        ax2.plot(ts, [r["walk"] for r in rows], label="walk weight")
        ax2.plot(ts, [r["run"] for r in rows], label="run weight")
        ax2.set_xlabel("time (s)")
        ax2.set_ylabel("weight")
        ax2.legend(loc="center right")
        fig.savefig(out_dir / "property_demo_curves.png", format="png")
    return rows


def format_property_table(rows: Sequence[dict[str, float]]) -> str:
    """The printed table of :func:`run_property_demo` (every half second)."""
    lines = [
        "lite-anim demo --property: a box animated by three property groups on one manager",
        f"{'t (s)':>6} {'x':>9} {'y':>9} {'z':>9} {'walk':>6} {'run':>6}",
    ]
    for row in rows[::30]:
        lines.append(
            f"{row['t']:>6.2f} {row['x']:>9.4f} {row['y']:>9.4f} {row['z']:>9.4f} "
            f"{row['walk']:>6.2f} {row['run']:>6.2f}"
        )
    return "\n".join(lines)
