"""Offscreen preview rendering of skinned and morphed meshes through wgpu (no window).

Not a port: Babylon Lite draws through its own WebGPU engine; this is a small stand-alone
renderer for looking at what the animation runtime computes. It takes plain numpy arrays
(meshes, per-frame joint palettes, morph weights, model matrices, base-colour textures),
skins and morphs them on the GPU in WGSL, lights them with a key light, a fill light and a
sky/ground hemisphere, draws with 4x MSAA and reads the frames back as ``(F, H, W, 4)``
uint8. :func:`render_asset_frames` feeds it a loaded glTF asset; :func:`main_render` is the
``lite-anim render`` command (framing from the animated points, per-frame labels, a progress
bar).

This module is the public face and the command line; the work is split by concern:

- :mod:`lite.tools.render_scene`: the input dataclasses (:class:`RenderMesh`,
  :class:`RenderTexture`, :class:`Camera`, :class:`RenderScene`) and their validation;
- :mod:`lite.tools.render_camera`: view / projection matrices, animated points and bounds,
  and the framing (:func:`frame_points`, :func:`frame_camera`);
- :mod:`lite.tools.render_gpu`: the shader, pipeline, textures and :func:`render_frames`;
- :mod:`lite.tools.render_gltf`: :func:`sample_asset` (poses, materials, textures) and
  :func:`render_asset_frames`, and :func:`sample_poses` / :func:`render_poses` for poses
  you made yourself (``lite.snapshot_pose`` after each update of a cross-fade, a blend, IK);
- :mod:`lite.tools.images`: labels, contact sheets and GIFs.

``wgpu`` is imported inside the functions that need it, so ``import lite.tools.render`` (and the
unit suite) works on a machine without a GPU. Without an adapter,
:func:`create_render_device` raises :class:`~lite.errors.UnsupportedError` ``LITE-GPU-001``
naming Mesa's CPU Vulkan driver.

Matrix conventions
------------------
A ``(4, 4)`` array is a mathematical matrix in numpy's row-major order, column-vector
convention (``p' = M @ p``): model, view and projection matrices. A ``(..., 16)`` array is
column-major, exactly as ``SkeletonBinding.joint_matrices`` (lite.skeleton.skeleton_updater)
stores joint palettes. The shape tells the layout.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from lite.errors import LiteError
from lite.tools.images import contact_sheet, label_band, label_frames, save_gif
from lite.tools.progress import Progress
from lite.tools.render_camera import (
    VIEW_AZIMUTH_DEG,
    VIEW_ELEVATION_DEG,
    animated_bounds,
    animated_points,
    frame_camera,
    frame_points,
    look_at,
    perspective,
)
from lite.tools.render_gltf import (
    load_base_color_textures,
    render_asset_frames,
    render_poses,
    sample_asset,
    sample_poses,
)
from lite.tools.render_gpu import (
    DEFAULT_AMBIENT,
    DEFAULT_BACKGROUND,
    DEFAULT_EXPOSURE,
    DEFAULT_LIGHT_DIR,
    DEFAULT_SAMPLES,
    MESA_HINT,
    create_render_device,
    render_frames,
)
from lite.tools.render_scene import (
    DEFAULT_BASE_COLOR,
    MAX_FRAMES,
    Camera,
    RenderMesh,
    RenderScene,
    RenderTexture,
    smooth_normals,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "DEFAULT_AMBIENT",
    "DEFAULT_BACKGROUND",
    "DEFAULT_BASE_COLOR",
    "DEFAULT_EXPOSURE",
    "DEFAULT_LIGHT_DIR",
    "DEFAULT_SAMPLES",
    "MESA_HINT",
    "VIEW_AZIMUTH_DEG",
    "VIEW_ELEVATION_DEG",
    "Camera",
    "RenderMesh",
    "RenderScene",
    "RenderTexture",
    "animated_bounds",
    "animated_points",
    "contact_sheet",
    "create_render_device",
    "frame_camera",
    "frame_labels",
    "frame_points",
    "label_band",
    "label_frames",
    "load_base_color_textures",
    "look_at",
    "main_render",
    "perspective",
    "render_asset_frames",
    "render_frames",
    "render_poses",
    "sample_asset",
    "sample_poses",
    "save_gif",
    "smooth_normals",
]

# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def frame_labels(scene: RenderScene) -> list[str]:
    """One label per sampled frame: clip name, time in seconds and frame ``i/N``.

    Examples
    --------
    ``"Walk  0.25 s  3/16"`` (the rest pose reads ``"rest pose"``).
    """
    clip = scene.clip_name if scene.clip_name is not None else "rest pose"
    n = int(scene.times.shape[0])
    return [f"{clip}  {float(t):.2f} s  {i + 1}/{n}" for i, t in enumerate(scene.times)]


def _parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected WxH such as 256x256, got {text!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (1 <= w <= 4096 and 1 <= h <= 4096):
        raise argparse.ArgumentTypeError(f"width and height must lie in [1, 4096], got {text!r}")
    return w, h


def _render_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lite-anim render",
        description="Render a glTF clip offscreen (wgpu) to a contact sheet or a GIF: framed\n"
        "on the poses it reaches, lit, textured, 4x MSAA, each frame labelled.",
        epilog="example: lite-anim render --clip walk --frames 12 -o walk.png   (the bundled "
        "figure)\n         lite-anim render model.glb --clip Run --gif run.gif",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        nargs="?",
        default=None,
        help="a .gltf or .glb file; default: the bundled figure (lite.assets.figure_path())",
    )
    parser.add_argument("--clip", help="animation name (default: the first one)")
    parser.add_argument("--frames", type=int, default=16, help="samples over the clip (16)")
    parser.add_argument("--size", type=_parse_size, default=(256, 256), help="WxH (256x256)")
    parser.add_argument("--columns", type=int, default=None, help="contact sheet columns")
    parser.add_argument(
        "--fps",
        type=float,
        default=None,
        help="GIF rate (default: real time, frames / clip duration)",
    )
    parser.add_argument(
        "--msaa", type=int, choices=(1, 4), default=DEFAULT_SAMPLES, help="samples per pixel (4)"
    )
    parser.add_argument("--no-labels", action="store_true", help="no clip/time label per frame")
    parser.add_argument("--no-textures", action="store_true", help="base colour factors only")
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress report (a bar on a terminal, plain lines on stderr otherwise)",
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", help="contact sheet PNG (default: <file stem>_sheet.png)")
    out.add_argument("--gif", help="animated GIF instead of a sheet")
    return parser


def _fail(message: str) -> int:
    print("lite-anim render: " + " ".join(message.split()), file=sys.stderr)
    return 2


#: ``lite-anim render`` writes plain progress lines into a pipe or log from this many frames.
LONG_RENDER_FRAMES = 64


class _Progress(Progress):
    """The render's report: sampling, then rendering, ``2 * frames`` steps in all."""

    def __init__(self, total: int, desc: str, enabled: bool) -> None:
        super().__init__(2 * total, desc, "step", enabled=None if enabled else False)


def main_render(argv: Sequence[str]) -> int:
    """The ``lite-anim render`` command:

    ```text
    lite-anim render FILE [--clip NAME] [--frames N] [--size WxH] [--msaa 1|4]
        [--no-labels] [--no-textures] [--no-progress] [-o sheet.png | --gif out.gif]
    ```

    Bad arguments, a missing file, an unreadable glTF, an unknown clip and a machine without
    a GPU adapter each print one line on stderr and return 2 (never a traceback).

    Returns
    -------
    int
        0 on success, 2 on bad input or no adapter.
    """
    try:
        args = _render_parser().parse_args(list(argv))
    except SystemExit as exc:  # argparse has printed usage and the error (or --help)
        return int(exc.code) if isinstance(exc.code, int) else 2
    if args.file is None:
        from lite.assets import figure_path

        args.file = str(figure_path())
    path = Path(args.file)
    if not 1 <= args.frames <= MAX_FRAMES:
        return _fail(f"--frames must lie in [1, {MAX_FRAMES}], got {args.frames}")
    if args.columns is not None and args.columns < 1:
        return _fail(f"--columns must be positive, got {args.columns}")
    if args.fps is not None and not (math.isfinite(args.fps) and args.fps > 0):
        return _fail(f"--fps must be positive, got {args.fps}")
    from lite.loader_gltf import load_gltf

    width, height = args.size
    # A bar on a terminal; in a pipe or log, plain lines for long renders only (a short one
    # fails or succeeds with its single line).
    show = not args.no_progress and (sys.stderr.isatty() or args.frames >= LONG_RENDER_FRAMES)
    bar = _Progress(args.frames, f"render {path.name}", show)
    try:
        asset = load_gltf(path)
        bar.stage("sampling")
        scene = sample_asset(asset, args.clip, args.frames, textures=not args.no_textures)
        bar(args.frames)
        points = animated_points(scene.meshes, scene.palettes, scene.morph_weights)
        band = 0 if args.no_labels else label_band(height)[1]
        camera = frame_points(
            points, math.radians(40.0), width / height, top_fraction=min(band / height, 0.4)
        )
        device = create_render_device()
        bar.stage("rendering")
        frames = render_frames(
            scene.meshes,
            scene.palettes,
            scene.morph_weights,
            camera,
            (width, height),
            device=device,
            samples=args.msaa,
            progress=bar,
        )
    except LiteError as exc:
        bar.close()
        return _fail(str(exc))
    bar.close()
    if not args.no_labels:
        frames = label_frames(frames, frame_labels(scene))
    try:
        if args.gif:
            if args.fps is not None:
                fps = float(args.fps)
            elif scene.duration > 0:
                fps = min(max(args.frames / scene.duration, 1.0), 50.0)
            else:
                fps = 12.0
            save_gif(frames, args.gif, fps)
            target = args.gif
        else:
            target = args.output or f"{path.stem}_sheet.png"
            contact_sheet(frames, args.columns).save(target)
    except OSError as exc:
        from lite.tools.outputs import os_error

        return _fail(str(os_error(exc, "--gif" if args.gif else "-o")))
    clip = scene.clip_name if scene.clip_name is not None else "rest pose"
    print(f"wrote {target}: {len(frames)} frames of {clip!r} at {width}x{height}")
    return 0
