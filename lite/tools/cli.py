"""The ``lite-anim`` command line.

    lite-anim demo [--out DIR] [--no-plot] [--no-render] [--property]
    lite-anim inspect [FILE] [--json] [--brief]
    lite-anim bake [FILE ...] [--clip NAME|all] [--fps N] [--format npz|json] [-o OUT]
                   [--force | --skip-existing]
    lite-anim plot [FILE] [--clip NAME] [--node NAME] [-o out.png]
    lite-anim plot-easing [-o out.png]
    lite-anim render [FILE] [--clip NAME] [--frames N] [-o sheet.png | --gif out.gif]
    lite-anim parity [run|list|record|check] ...     (the parity harness, ``python -m parity``)
    lite-anim bench property [--counts ...] [--json] (``python -m lite.tools.bench``)
    lite-anim --version

``python -m lite`` is the same command line.

Every subcommand has ``--help`` with an example. Without a FILE, ``inspect``, ``bake``,
``plot`` and ``render`` use the bundled figure (:func:`lite.assets.figure_path`). Exit status:
0 on success, 2 on bad input (a one-line reason on stderr naming the error code, never a
traceback), 130 on Ctrl-C (``bake`` says what it wrote), 1 on an internal error (one line
too; set ``LITE_ANIM_DEBUG=1`` to see the traceback). ``docs/cli.md`` documents each command.

Errors raised by the library carry hints phrased for Python callers (``pass e.g. fps=30``);
the command line rewrites the hints of the codes it knows into its own options
(``pass e.g. --fps 30``, see :data:`CLI_HINTS`), so each caller reads a fix it can type.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn

from lite.errors import LiteError

if TYPE_CHECKING:
    from lite.bake import BakeFormat
    from lite.loader_gltf import GltfAsset

__all__ = [
    "CLI_HINTS",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "cli_error_line",
    "inspect_asset",
    "main",
    "version_text",
]

#: Exit status for bad input (missing file, malformed glTF, unknown clip, bad option).
EXIT_BAD_INPUT: Final = 2
#: Exit status for an unexpected internal error.
EXIT_INTERNAL: Final = 1
#: Exit status when stdout's reader went away (``lite-anim inspect | head``), as a shell
#: reports a command ended by SIGPIPE (128 + 13); nothing is printed.
EXIT_BROKEN_PIPE: Final = 141
#: The distribution whose version ``--version`` prints (``pyproject.toml`` ``project.name``).
DISTRIBUTION: Final = "lite-anim"
#: Quaternion keys further than this from unit length are reported by ``inspect``.
UNIT_QUAT_TOLERANCE: Final = 1e-3
#: Hints of library errors, rephrased for the command line (code -> hint).
CLI_HINTS: Final[dict[str, str]] = {
    "LITE-ANIM-020": "pass e.g. --fps 30",
    "LITE-ANIM-021": "lower --fps",
    "LITE-STATE-041": "pick one of the listed names with --clip (lite-anim inspect FILE lists "
    "them)",
    "LITE-STATE-042": "pick one of the listed names with --node",
    "LITE-STATE-043": "give a file with at least one glTF animation (lite-anim inspect FILE)",
    "LITE-CLI-011": "pass --force to overwrite it, or choose another -o",
    "LITE-CLI-012": "bake one file or clip at a time with -o FILE, or rename a file",
}
#: ``plot`` reports its progress (stderr) for clips of at least this many channels.
LONG_PLOT_CHANNELS: Final = 16
#: Output suffixes of ``bake``.
BAKE_SUFFIXES: Final = {".npz": "npz", ".json": "json", ".zarr": "zarr", ".glb": "glb"}


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (usage stays in ``--help``)."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_BAD_INPUT)


class _BadInputError(Exception):
    """A one-line reason for exit status 2 that is not a LiteError (e.g. a bad option value)."""


def version_text() -> str:
    """What ``lite-anim --version`` prints: the installed version, where ``lite`` runs from.

    The version is the installed distribution's (``importlib.metadata``); a source tree run
    without installing (``PYTHONPATH=.``) says ``version unknown (not installed)``.
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version(DISTRIBUTION)
    except PackageNotFoundError:
        number = "version unknown (not installed)"
    where = Path(__file__).resolve().parents[1]
    python = ".".join(str(part) for part in sys.version_info[:3])
    return f"lite-anim {number} from {where} (Python {python})"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def cli_error_line(text: str) -> str:
    """One line for an error's text (``[CODE] message (hint: ...)``), its hint in CLI terms.

    A code listed in :data:`CLI_HINTS` has its hint replaced (or added); other text is kept.

    Examples
    --------
    >>> cli_error_line("[LITE-ANIM-020] fps must be a number, got 0 (hint: pass e.g. fps=30)")
    '[LITE-ANIM-020] fps must be a number, got 0 (hint: pass e.g. --fps 30)'
    """
    line = _one_line(text)
    if not line.startswith("["):
        return line
    code = line[1 : line.find("]")]
    hint = CLI_HINTS.get(code)
    if hint is None:
        return line
    cut = line.rfind(" (hint: ")
    body = line[:cut] if cut >= 0 and line.endswith(")") else line
    return f"{body} (hint: {hint})"


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


def _load(path: str) -> tuple[GltfAsset, list[str]]:
    """Load a glTF, collecting LiteWarnings as one-line strings instead of printing them.

    A missing or unreadable file is the loader's ``GltfLoadError`` ``LITE-GLTF-001``.
    """
    from lite.loader_gltf import load_gltf

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asset = load_gltf(path)
    return asset, [_one_line(str(w.message)) for w in caught]


def _print_warnings(prog: str, lines: Sequence[str]) -> None:
    for line in lines:
        print(f"{prog}: warning: {line}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# demo
# ---------------------------------------------------------------------------------------------


def _demo(args: argparse.Namespace) -> int:
    from lite.tools.demo import (
        DEMO_PICTURES,
        demo_series,
        format_demo_table,
        format_property_table,
        render_figure_demo,
        run_property_demo,
        simulate_figure_demo,
        write_demo_sheet,
    )
    from lite.tools.demo_root_motion import (
        format_root_motion_table,
        plot_root_motion_demo,
        simulate_root_motion_demo,
    )

    out = Path(args.out)
    if args.property:
        rows = run_property_demo(out, plot=not args.no_plot)
        print(format_property_table(rows))
        if not args.no_plot:
            print(f"wrote {out / 'property_demo_curves.png'}")
        return 0

    demo = simulate_figure_demo()
    print(format_demo_table(demo))
    if args.no_plot:
        return 0
    out.mkdir(parents=True, exist_ok=True)
    from lite.errors import UnsupportedError
    from lite.tools.plots import plot_demo_curves

    if not args.no_render:
        try:
            frames = render_figure_demo(demo)
        except UnsupportedError as exc:
            from lite.tools.render import MESA_HINT

            print(
                f"lite-anim demo: skipped demo_sheet.png, no GPU adapter for rendering "
                f"({MESA_HINT}) [{exc.code}]",
                file=sys.stderr,
            )
        else:
            sheet = write_demo_sheet(frames, demo, out / DEMO_PICTURES[0])
            print(f"wrote {sheet}: {len(frames)} rendered frames, one every 0.25 s")
    curves = plot_demo_curves(
        demo_series(demo),
        [r.shirt for r in demo.rows],
        [(t, "cross-fade walk → run") for t, e in demo.events if e.startswith("cross_fade")]
        + [(t, "additive wave fades in") for t, e in demo.events if e.startswith("wave")],
        out / DEMO_PICTURES[1],
    )
    print(f"wrote {curves}: weights, blended joint angles, heights, shirt colour")
    walk = simulate_root_motion_demo()
    print(format_root_motion_table(walk))
    view = plot_root_motion_demo(walk, out / DEMO_PICTURES[2])
    print(f"wrote {view}: the figure walking an arc with root motion (path, heading, poses)")
    return 0


# ---------------------------------------------------------------------------------------------
# inspect
# ---------------------------------------------------------------------------------------------


def inspect_asset(asset: GltfAsset, warnings_seen: Sequence[str] = ()) -> dict[str, Any]:
    """Describe a loaded asset's animation content as plain JSON-ready data.

    Parameters
    ----------
    asset
        From :func:`lite.loader_gltf.load_gltf`.
    warnings_seen
        Loader warnings (one line each) to include under ``"warnings"``.

    Returns
    -------
    dict
        ``file``, ``counts``, ``clips`` (each with ``duration``, ``channel_count``,
        ``channels_per_path``, ``interpolations``, ``key_count``, ``channels``), ``skins``,
        ``morph_targets``, ``pointer_targets``, ``warnings`` (loader warnings plus
        ``inspect``'s own checks: empty clips, rotation keys that are not unit length) and
        ``notes`` (observations that are not problems: clips that each animate one node).
        ``docs/cli.md`` lists every field.
    """
    import numpy as np

    from lite.animation.constants import INTERP_CUBICSPLINE, PATH_ROTATION
    from lite.tools.plots import INTERP_NAMES, PATH_NAMES

    data = asset.animation_data
    names = data.node_names

    def node_label(i: int) -> str:
        return names[i] or f"node {i}"

    problems = list(warnings_seen)
    clips: list[dict[str, Any]] = []
    weights_users: dict[int, list[str]] = {}
    pointer_users: dict[str, list[str]] = {}
    for group, clip in zip(asset.animation_groups, data.clips, strict=True):
        per_path: dict[str, int] = {}
        interps: dict[str, int] = {}
        channels: list[dict[str, Any]] = []
        total_keys = 0
        for ci, ch in enumerate(clip.channels):
            s = clip.samplers[ch.sampler_idx]
            path = PATH_NAMES[int(ch.path)]
            interp = INTERP_NAMES[int(s.interpolation)]
            keys = int(s.input.shape[0])
            total_keys += keys
            per_path[path] = per_path.get(path, 0) + 1
            interps[interp] = interps.get(interp, 0) + 1
            target = node_label(ch.node_idx) if ch.node_idx >= 0 else (ch.pointer or "")
            channels.append(
                {
                    "target": target,
                    "node": ch.node_idx if ch.node_idx >= 0 else None,
                    "path": path,
                    "pointer": ch.pointer,
                    "interpolation": interp,
                    "keys": keys,
                    "start": float(s.input_f64[0]),
                    "end": float(s.input_f64[-1]),
                }
            )
            if ch.pointer is not None:
                pointer_users.setdefault(ch.pointer, []).append(group.name)
            elif path == "weights":
                weights_users.setdefault(ch.node_idx, []).append(group.name)
            if ch.path == PATH_ROTATION:
                out = np.asarray(s.output, dtype=np.float64).reshape(keys, -1)
                vals = out[:, 4:8] if s.interpolation == INTERP_CUBICSPLINE else out
                lengths = np.linalg.norm(vals, axis=1)
                bad = np.flatnonzero(np.abs(lengths - 1.0) > UNIT_QUAT_TOLERANCE)
                if bad.size:
                    k = int(bad[0])
                    problems.append(
                        f"clip {group.name!r} channel {ci} ({target}.rotation): "
                        f"{bad.size} keys are not unit quaternions (key {k} has length "
                        f"{lengths[k]:.4f}); playback normalises them"
                    )
        if not clip.channels:
            problems.append(f"clip {group.name!r} has no playable channels")
        clips.append(
            {
                "name": group.name,
                "duration": float(group.duration),
                "channel_count": len(clip.channels),
                "channels_per_path": dict(sorted(per_path.items())),
                "interpolations": dict(sorted(interps.items())),
                "key_count": total_keys,
                "channels": channels,
            }
        )
    skins = []
    for skin in asset.skins:
        users = [node_label(n.index) for n in asset.nodes if n.skin == skin.index]
        skins.append(
            {
                "index": skin.index,
                "name": skin.name,
                "joint_count": len(skin.joints),
                "joints": [node_label(j) for j in skin.joints],
                "skeleton_root": node_label(skin.skeleton) if skin.skeleton is not None else None,
                "mesh_nodes": users,
            }
        )
    morphs = [
        {
            "node": m.node_idx,
            "node_name": node_label(m.node_idx),
            "mesh": asset.meshes[m.mesh_idx].name or f"mesh {m.mesh_idx}",
            "target_count": m.target_count,
            "targets": list(m.target_names),
            "default_weights": [float(w) for w in m.default_weights],
            "animated_by": weights_users.get(m.node_idx, []),
        }
        for m in asset.morph_targets
    ]
    pointers = [
        {"pointer": p, "arity": b.arity, "animated_by": pointer_users.get(p, [])}
        for p, b in sorted(data.pointers.items())
    ]
    joints = sorted({j for s in asset.skins for j in s.joints})
    notes: list[str] = []
    targets = [{ch["target"] for ch in c["channels"]} for c in clips if c["channels"]]
    if len(targets) >= 2 and all(len(t) == 1 for t in targets):
        nodes = sorted({next(iter(t)) for t in targets})
        shown = ", ".join(nodes[:6]) + (", ..." if len(nodes) > 6 else "")
        notes.append(
            f"each of the {len(targets)} clips animates a single node ({len(nodes)} "
            f"distinct: {shown}): the exporter split one motion into a clip per node; "
            "play them together (start every group at once) to see the whole motion"
        )
    return {
        "file": asset.source,
        "counts": {
            "nodes": len(asset.nodes),
            "meshes": len(asset.meshes),
            "skins": len(asset.skins),
            "joints": len(joints),
            "materials": len(asset.materials),
            "clips": len(clips),
            "morph_target_nodes": len(morphs),
            "pointer_targets": len(pointers),
        },
        "clips": clips,
        "skins": skins,
        "morph_targets": morphs,
        "pointer_targets": pointers,
        "warnings": problems,
        "notes": notes,
    }


def _n(count: int, noun: str, plural: str | None = None) -> str:
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def _counts_text(counter: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in counter.items()) or "-"


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [
            c.rjust(w) if ra else c.ljust(w) for c, w, ra in zip(r, widths, right, strict=True)
        ]
        out.append((indent + "  ".join(cells)).rstrip())
    return out


def format_inspect(report: dict[str, Any], brief: bool = False) -> str:
    """The readable text of ``lite-anim inspect`` for an :func:`inspect_asset` report."""
    c = report["counts"]
    lines = [
        f"{report['file']}: {_n(c['nodes'], 'node')}, {_n(c['meshes'], 'mesh', 'meshes')}, "
        f"{_n(c['skins'], 'skin')} ({_n(c['joints'], 'joint')}), "
        f"{_n(c['materials'], 'material')}, {_n(c['clips'], 'clip')}",
        "",
        "Clips",
    ]
    if report["clips"]:
        rows = [("name", "duration", "channels", "keys", "interpolations", "channels per path")]
        for clip in report["clips"]:
            rows.append(
                (
                    clip["name"],
                    f"{clip['duration']:.3f} s",
                    str(clip["channel_count"]),
                    str(clip["key_count"]),
                    _counts_text(clip["interpolations"]),
                    _counts_text(clip["channels_per_path"]),
                )
            )
        lines += _table(rows, (False, True, True, True, False, False))
    else:
        lines.append("  none")
    if not brief:
        for clip in report["clips"]:
            if not clip["channels"]:
                continue
            lines += ["", f"Channels of {clip['name']!r}"]
            rows = [("target", "path", "interpolation", "keys", "start", "end")]
            for ch in clip["channels"]:
                rows.append(
                    (
                        ch["target"],
                        ch["path"],
                        ch["interpolation"],
                        str(ch["keys"]),
                        f"{ch['start']:.3f}",
                        f"{ch['end']:.3f}",
                    )
                )
            lines += _table(rows, (False, False, False, True, True, True))
    lines += ["", "Skins"]
    for s in report["skins"]:
        joints = ", ".join(s["joints"])
        meshes = ", ".join(s["mesh_nodes"]) or "-"
        lines.append(
            f"  {s['name'] or 'skin ' + str(s['index'])} (skin {s['index']}): "
            f"{_n(s['joint_count'], 'joint')} ({joints}); meshes: {meshes}"
        )
    if not report["skins"]:
        lines.append("  none")
    lines += ["", "Morph targets"]
    for m in report["morph_targets"]:
        lines.append(
            f"  {m['node_name']} (mesh {m['mesh']}): {_n(m['target_count'], 'target')} "
            f"({', '.join(m['targets'])}); animated by: {', '.join(m['animated_by']) or '-'}"
        )
    if not report["morph_targets"]:
        lines.append("  none")
    lines += ["", "Pointer targets (KHR_animation_pointer)"]
    for p in report["pointer_targets"]:
        lines.append(
            f"  {p['pointer']} ({p['arity']} values); animated by: "
            f"{', '.join(p['animated_by']) or '-'}"
        )
    if not report["pointer_targets"]:
        lines.append("  none")
    if report.get("notes"):
        lines += ["", "Notes"]
        lines += [f"  {n}" for n in report["notes"]]
    lines += ["", "Warnings"]
    lines += [f"  {w}" for w in report["warnings"]] or ["  none"]
    return "\n".join(lines)


def _inspect(args: argparse.Namespace) -> int:
    asset, seen = _load(args.file)
    report = inspect_asset(asset, seen)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(format_inspect(report, brief=args.brief))
    return 0


# ---------------------------------------------------------------------------------------------
# bake
# ---------------------------------------------------------------------------------------------


def _bake_output(args: argparse.Namespace, several: bool) -> tuple[Path, Path | None, BakeFormat]:
    """(folder, file or None, format) of a bake from ``-o`` and ``--format``.

    ``-o`` names a file for one clip of one input (its suffix must name the format), else a
    folder (an existing one, or a name ending in ``/``), where each clip gets its
    :func:`lite.bake.output_name`.
    """
    from lite.bake import BAKE_FORMATS
    from lite.tools.outputs import check_suffix

    out_arg: str | None = args.output
    default: BakeFormat = args.format or "npz"
    if out_arg is None:
        return Path("."), None, default
    store = Path(out_arg).suffix.lower() == ".zarr"  # a zarr store is a folder, and an output
    if (Path(out_arg).is_dir() and not store) or out_arg.endswith(("/", os.sep)):
        return Path(out_arg), None, default
    if several and not Path(out_arg).exists() and Path(out_arg).suffix.lower() not in BAKE_SUFFIXES:
        return Path(out_arg), None, default  # a folder to create
    if several:
        what = "several files" if len(args.files) > 1 else "--clip all"
        raise LiteError(
            "LITE-CLI-013",
            f"-o {out_arg} names a file, but a bake of {what} writes one file per clip",
            hint="pass a folder (an existing one, or a name ending in /)",
            input_name="-o",
        )
    fmt = check_suffix(out_arg, BAKE_SUFFIXES, "-o", args.format, folder_ok=True)
    chosen: BakeFormat = next(f for f in BAKE_FORMATS if f == fmt)
    return Path(out_arg).parent, Path(out_arg), chosen


def _bake_pairs(
    args: argparse.Namespace,
    src: Path,
    asset: GltfAsset,
    pairs: Sequence[tuple[str, Path]],
    fmt: BakeFormat,
    progress: Any,
    done: list[str],
) -> None:
    """Bake and write each (clip, output) of one input, appending each written path to
    ``done``; the write phase is announced (a large JSON write takes a while)."""
    from lite.bake import LONG_BAKE_FRAMES, bake_clip, frame_times, save_baked

    for k, (name, out) in enumerate(pairs):
        # Each clip starts from the file's rest pose, as a bake of that clip alone does.
        source = asset if k == 0 else _load(str(src))[0]
        group = next(g for g in source.animation_groups if g.name == name)
        count = int(frame_times(float(group.duration), args.fps).shape[0])
        bar = progress(count, f"bake {src.name}:{name}")
        baked = bake_clip(source, name, args.fps, progress=bar)
        if args.progress is not False and (bar is not None or count >= LONG_BAKE_FRAMES):
            print(f"bake {src.name}:{name}: writing {out} ({fmt})", file=sys.stderr, flush=True)
        # An OSError here reaches main() as a LITE-CLI-014 line with an errno-specific hint
        # (the file there before is kept: outputs are written atomically).
        written = save_baked(baked, out, fmt)
        done.append(str(written))
        print(
            f"wrote {written}: {baked.frame_count} frames at {args.fps:g} fps ({fmt}, clip "
            f"{name!r})"
        )


def _skip_baked(
    files: Sequence[str], folder: Path, clip: str | None, fmt: BakeFormat, all_clips: bool
) -> list[str]:
    """``--skip-existing``: the inputs left to bake; a row for each one skipped."""
    from lite.bake import bake_targets
    from lite.tools.bake import bake_output_complete

    left: list[str] = []
    for f in files:
        try:
            asset, _ = _load(f)
            pairs = bake_targets(asset, folder, clip, fmt, all_clips=all_clips)
        except LiteError:
            left.append(f)  # the bake reports it in its row
            continue
        if all(bake_output_complete(t) for _, t in pairs):
            outs = ", ".join(str(t) for _, t in pairs)
            print(f"skipped {f}: already baked ({outs}; --skip-existing)")
        else:
            left.append(f)
    return left


def _bake(args: argparse.Namespace) -> int:
    from lite.bake import bake_files, bake_targets, frame_times, refuse_existing
    from lite.tools.bake import (
        bake_output_complete,
        dask_executor,
        file_progress,
        frame_progress,
        interrupted_report,
    )
    from lite.tools.outputs import check_writable

    frame_times(0.0, args.fps)  # validates --fps before any file is read
    files: list[str] = args.files
    all_clips = args.clip == "all"
    clip = None if all_clips else args.clip
    folder, target, fmt = _bake_output(args, len(files) > 1 or all_clips or bool(args.dask))
    if len(files) == 1 and not args.dask:
        src = Path(files[0])
        asset, seen = _load(str(src))
        pairs = bake_targets(asset, folder, clip, fmt, all_clips=all_clips)
        if target is not None:
            pairs = [(pairs[0][0], target)]
            check_writable(target, "-o")
        else:
            check_writable(folder / pairs[0][1].name, "-o", create_parent=True)
        if args.skip_existing:
            kept = [(n, t) for n, t in pairs if not bake_output_complete(t)]
            for n, t in pairs:
                if (n, t) not in kept:
                    print(f"skipped {t}: already baked (clip {n!r}, --skip-existing)")
            pairs = kept
        elif not args.force:
            refuse_existing(t for _, t in pairs)
        _print_warnings("lite-anim bake", seen)
        folder.mkdir(parents=True, exist_ok=True)
        progress = frame_progress(args.progress)
        done: list[str] = []
        try:
            _bake_pairs(args, src, asset, pairs, fmt, progress, done)
        except KeyboardInterrupt:
            left = [str(t) for _, t in pairs if str(t) not in done]
            print(
                f"lite-anim bake: interrupted: wrote {len(done)} complete output(s)"
                + (": " + ", ".join(done) if done else "")
                + (f"; not written: {', '.join(left)}" if left else ""),
                file=sys.stderr,
            )
            raise
        return 0
    check_writable(folder / "x", "-o", create_parent=True)
    overwrite = bool(args.force)
    if args.skip_existing:
        files = _skip_baked(files, folder, clip, fmt, all_clips)
        overwrite = True  # what is left is missing or incomplete: an interrupted bake's
        if not files:
            return 0
    started = time.time_ns()
    try:
        with (
            dask_executor(args.dask, args.workers) as executor,
            file_progress(len(files), args.progress is not False) as on_file,
        ):
            results = bake_files(
                files,
                folder,
                clip=clip,
                fps=args.fps,
                fmt=fmt,
                all_clips=all_clips,
                overwrite=overwrite,
                executor=executor,
                workers=None if executor is not None else args.workers,
                progress=on_file if on_file is not None else False,
            )
    except KeyboardInterrupt:
        for line in interrupted_report(files, folder, fmt, started):
            print(f"lite-anim bake: {line}", file=sys.stderr)
        raise
    failed = 0
    for input_file, dest, frames, error in results:
        if error is None:
            print(f"wrote {dest}: {frames} frames at {args.fps:g} fps")
        else:
            failed += 1
            print(f"lite-anim bake: {input_file}: {cli_error_line(error)}", file=sys.stderr)
    return EXIT_BAD_INPUT if failed else 0


# ---------------------------------------------------------------------------------------------
# plot, plot-easing
# ---------------------------------------------------------------------------------------------


def _plot(args: argparse.Namespace) -> int:
    from lite.tools.outputs import PNG_SUFFIXES, check_suffix, check_writable
    from lite.tools.plots import channel_curves, plot_channel_curves
    from lite.tools.progress import Progress

    if args.output:
        check_suffix(args.output, PNG_SUFFIXES, "-o")
        check_writable(args.output, "-o")
    asset, seen = _load(args.file)
    _print_warnings("lite-anim plot", seen)
    if not asset.animation_groups:
        raise LiteError(
            "LITE-STATE-043",
            f"{args.file} has no animations to plot",
            hint="give a file with at least one glTF animation",
            input_name="file",
        )
    clip = args.clip if args.clip is not None else asset.animation_groups[0].name
    bar: Progress | None = None

    def on_channel(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            show = None if total >= LONG_PLOT_CHANNELS else False
            bar = Progress(total, f"plot {Path(args.file).name}:{clip}", "channel", show)
            bar.stage(f"sampling {_n(total, 'channel')}")
        bar.update(done - bar.done)

    curves = channel_curves(asset, clip, args.node, samples=args.samples, progress=on_channel)
    stem = Path(args.file).stem
    target = Path(args.output) if args.output else Path(f"{stem}_{clip}_curves.png")
    title = f"{Path(args.file).name} · clip {clip!r}" + (
        f" · node {args.node!r}" if args.node else ""
    )
    if bar is not None:
        bar.stage(f"drawing and writing {target}")
        bar.close()
    plot_channel_curves(curves, target, title)
    print(f"wrote {target}: {_n(len(curves), 'channel')} of {clip!r}")
    return 0


def _plot_easing(args: argparse.Namespace) -> int:
    from lite.tools.outputs import PNG_SUFFIXES, check_suffix, check_writable
    from lite.tools.plots import EASING_CURVES, plot_easing_sheet

    check_suffix(args.output, PNG_SUFFIXES, "-o")
    check_writable(args.output, "-o")
    target = plot_easing_sheet(args.output)
    print(f"wrote {target}: {len(EASING_CURVES)} easing curves x 3 modes")
    return 0


# ---------------------------------------------------------------------------------------------
# Parser and entry point
# ---------------------------------------------------------------------------------------------


def _positive_fps(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not (math.isfinite(value) and value > 0.0):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


_FIGURE: Final = "the bundled figure (lite.assets.figure_path())"
_FILE_HELP: Final = "a .gltf or .glb file; default: " + _FIGURE


def _file_or_figure(path: str | None) -> str:
    """The FILE argument, or the bundled figure when it was left out."""
    from lite.assets import figure_path

    return str(figure_path()) if path is None else path


def _build_parser() -> _Parser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(
        prog="lite-anim",
        description="Babylon Lite's animation runtime for Python: a demo on a bundled rigged "
        "figure, and tools to inspect, bake, plot and render your own glTF animations.",
        epilog="example: lite-anim demo --out out   (then open out/demo_sheet.png)",
        formatter_class=fmt,
    )
    parser.add_argument(
        "--version", action="version", version=version_text(), help="print the version and exit"
    )
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    demo = sub.add_parser(
        "demo",
        help="walk -> run cross-fade, additive wave, blink and tint on the bundled figure",
        description="Load the bundled rigged figure, cross-fade walk into run, layer wave "
        "additively, play the blink (morph target) and the shirt tint (KHR_animation_pointer); "
        "print a table of what happened and write demo_sheet.png (rendered frames; needs a "
        "GPU adapter, Mesa's CPU Vulkan driver works) and demo_curves.png.",
        epilog="example: lite-anim demo --out out\n"
        "         lite-anim demo --property   (the property-animation demo on a box)",
        formatter_class=fmt,
    )
    demo.add_argument("--out", default="out", help="folder for the PNGs (default: out)")
    demo.add_argument("--no-plot", action="store_true", help="print the table only, no PNGs")
    demo.add_argument("--no-render", action="store_true", help="skip demo_sheet.png (no GPU)")
    demo.add_argument(
        "--property",
        action="store_true",
        help="run the property-animation demo (a box) instead; writes property_demo_curves.png",
    )

    ins = sub.add_parser(
        "inspect",
        help="list clips, channels, interpolations, skins, morph targets, pointers, warnings",
        description="Describe a glTF file's animation content: clips (duration, channels per "
        "target path, interpolations, key counts), every channel, skins and joints, morph "
        "targets, KHR_animation_pointer targets and validation warnings.",
        epilog="example: lite-anim inspect   (the bundled figure, lite.assets.figure_path())\n"
        "         lite-anim inspect model.gltf --json > model.json",
        formatter_class=fmt,
    )
    ins.add_argument("file", nargs="?", default=None, help=_FILE_HELP)
    ins.add_argument("--json", action="store_true", help="print JSON instead of tables")
    ins.add_argument("--brief", action="store_true", help="leave out the per-channel tables")

    bake = sub.add_parser(
        "bake",
        help="sample a clip to per-frame TRS, world matrices, palettes, morph weights",
        description="Sample one clip at a fixed rate and write, per frame, every node's local "
        "translation/rotation/scale and world matrix, each skin's joint palette, morph weights "
        "and pointer values, as .npz (numpy) or .json. Each clip is written as "
        "<stem>.<clip>.<format> (Fox.glb --clip Walk: Fox.Walk.npz) unless -o names a file; "
        "several files are baked in parallel, one process per file, into the -o folder. An "
        "existing output is never overwritten without --force. Without a FILE, the bundled "
        "figure is baked.",
        epilog="example: lite-anim bake --clip run --fps 30 -o run.npz   (the bundled figure)\n"
        "         lite-anim bake --clip all -o baked/\n"
        "         lite-anim bake a.glb b.glb c.gltf --format json -o baked/",
        formatter_class=fmt,
    )
    bake.add_argument(
        "files", nargs="*", metavar="FILE", help=".gltf or .glb file(s); default: " + _FIGURE
    )
    bake.add_argument(
        "--clip", help="clip (animation) name, or 'all' for every clip; default: the first one"
    )
    bake.add_argument("--fps", type=_positive_fps, default=60.0, help="samples per second (60)")
    bake.add_argument(
        "--format",
        choices=["npz", "json", "zarr", "glb"],
        help="default: from -o's suffix, else npz (zarr: a Zarr store, needs lite-anim[scale]; "
        "glb: the asset with the baked clip as its animation)",
    )
    bake.add_argument("--force", action="store_true", help="overwrite existing outputs")
    bake.add_argument(
        "--skip-existing",
        action="store_true",
        help="resume an interrupted bake: skip each input (or clip) whose outputs are all "
        "present and complete, bake the rest (replacing incomplete outputs)",
    )
    bake.add_argument(
        "-o",
        "--output",
        help="output file (.npz, .json, .zarr or .glb; one clip of one input) or folder "
        "(default: .), "
        "where each clip is written as <stem>.<clip>.<format>",
    )
    bake.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: on for long bakes and for several files)",
    )
    bake.add_argument(
        "--workers", type=_positive_int, help="processes for several files (or --dask local)"
    )
    bake.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for a "
        "LocalCluster of --workers processes; needs lite-anim[scale] (docs/bake.md)",
    )

    plot = sub.add_parser(
        "plot",
        help="draw a clip's channel curves with key markers",
        description="Draw every channel of a clip (or of one node) as curves sampled through "
        "the runtime, with the keys as markers; one panel per channel.",
        epilog="example: lite-anim plot --clip wave -o wave.png   (the bundled figure)\n"
        "         lite-anim plot model.glb --clip run --node LeftShin",
        formatter_class=fmt,
    )
    plot.add_argument("file", nargs="?", default=None, help=_FILE_HELP)
    plot.add_argument("--clip", help="clip name; default: the first one")
    plot.add_argument("--node", help="only this node's channels")
    plot.add_argument("-o", "--output", help="PNG path (default: <stem>_<clip>_curves.png)")
    plot.add_argument("--samples", type=_positive_int, default=400, help="samples per curve (400)")

    ease = sub.add_parser(
        "plot-easing",
        help="draw every easing curve in EASE_IN, EASE_OUT and EASE_IN_OUT",
        description="Draw every lite easing curve in its three modes on one sheet.",
        epilog="example: lite-anim plot-easing -o easing.png",
        formatter_class=fmt,
    )
    ease.add_argument("-o", "--output", default="easing_curves.png", help="PNG path")

    sub.add_parser("render", help="render a glTF clip to a contact sheet or GIF (see --help)")
    sub.add_parser("parity", help="run or record parity scenarios (see lite-anim parity --help)")
    sub.add_parser("bench", help="benchmarks (see lite-anim bench --help)")
    return parser


def _dispatch(args_list: list[str]) -> int:
    head = args_list[0] if args_list else ""
    if head == "parity":
        from parity.cli import main as parity_main

        return parity_main(args_list[1:], prog="lite-anim parity")
    if head == "render":
        from lite.tools.outputs import PNG_SUFFIXES, check_suffix, check_writable, option_values
        from lite.tools.render import main_render

        if "-h" not in args_list and "--help" not in args_list:
            for option, value in option_values(args_list[1:], ("-o", "--output", "--gif")):
                gif = option == "--gif"
                check_suffix(value, {".gif": "gif"} if gif else PNG_SUFFIXES, option)
                check_writable(value, option)
        return main_render(args_list[1:])
    if head == "bench":
        from lite.tools.bench import main as bench_main

        return bench_main(args_list[1:])
    args = _build_parser().parse_args(args_list)
    if args.command in ("inspect", "plot"):
        args.file = _file_or_figure(args.file)
    elif args.command == "bake" and not args.files:
        args.files = [_file_or_figure(None)]
    handlers = {
        "demo": _demo,
        "inspect": _inspect,
        "bake": _bake,
        "plot": _plot,
        "plot-easing": _plot_easing,
    }
    return handlers[args.command](args)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lite-anim`` console script.

    Returns
    -------
    int
        0 on success, :data:`EXIT_BAD_INPUT` (2) on bad input, :data:`EXIT_INTERNAL` (1) on
        an unexpected error; the reason is one line on stderr.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    command = args_list[0] if args_list and not args_list[0].startswith("-") else ""
    prog = f"lite-anim {command}".strip()
    try:
        return _dispatch(args_list)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2, already printed)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    except (LiteError, _BadInputError) as exc:
        print(f"{prog}: {cli_error_line(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # stdout piped into a reader that stopped (| head): not an error
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # writing an output: a coded line with a hint, as for LiteErrors
        from lite.tools.outputs import os_error

        print(f"{prog}: {cli_error_line(str(os_error(exc)))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("LITE_ANIM_DEBUG") == "1":
            raise
        print(
            f"{prog}: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
            "(set LITE_ANIM_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
