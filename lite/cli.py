"""The ``lite-anim`` command line.

    lite-anim demo [--out DIR] [--no-plot]
    lite-anim parity [run|list|record|check] ...     (the parity harness, ``python -m parity``)
    lite-anim bench property [--counts ...] [--json] (``python -m lite.bench``)
    lite-anim render FILE [--clip NAME] [--frames N] [-o sheet.png | --gif out.gif]

Every subcommand has ``--help`` with an example. Bad input exits non-zero with a one-line
reason on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

from lite.errors import LiteError

__all__ = ["main", "run_demo"]


class _Vec3:
    """A tiny vector with Babylon's ``set`` so the demo writes through it."""

    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


def run_demo(out_dir: Path | None, plot: bool = True) -> list[dict[str, float]]:
    """Animate a box's properties: a looping slide, an eased bob, a walk->run cross-fade.

    Returns the sampled rows (time, x, y, z, walk and run weights) and, when ``plot`` is set,
    writes ``demo_curves.png`` into ``out_dir``.
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
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        out_dir.mkdir(parents=True, exist_ok=True)
        fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
        ts = [r["t"] for r in rows]
        for key in ("x", "y", "z"):
            ax1.plot(ts, [r[key] for r in rows], label=f"position.{key}")
        ax1.set_ylabel("value")
        ax1.legend(loc="upper right")
        ax1.set_title("lite-anim demo: slide (linear), bob (bounce ease), walk->run cross-fade")
        ax2.plot(ts, [r["walk"] for r in rows], label="walk weight")
        ax2.plot(ts, [r["run"] for r in rows], label="run weight")
        ax2.set_xlabel("time (s)")
        ax2.set_ylabel("weight")
        ax2.legend(loc="center right")
        fig.tight_layout()
        fig.savefig(out_dir / "demo_curves.png", dpi=100)
        plt.close(fig)
    return rows


def _demo(args: argparse.Namespace) -> int:
    out = Path(args.out)
    rows = run_demo(out, plot=not args.no_plot)
    print("lite-anim demo: a box animated by three property groups on one manager")
    print(f"{'t (s)':>6} {'x':>9} {'y':>9} {'z':>9} {'walk':>6} {'run':>6}")
    for row in rows[::30]:
        print(
            f"{row['t']:>6.2f} {row['x']:>9.4f} {row['y']:>9.4f} {row['z']:>9.4f} "
            f"{row['walk']:>6.2f} {row['run']:>6.2f}"
        )
    if not args.no_plot:
        print(f"wrote {out / 'demo_curves.png'}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lite-anim`` console script."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "parity":
        from parity.cli import main as parity_main

        return parity_main(args_list[1:], prog="lite-anim parity")
    if args_list and args_list[0] == "render":
        from lite.render import main_render

        return main_render(args_list[1:])
    if args_list and args_list[0] == "bench":
        from lite.bench import main as bench_main

        return bench_main(args_list[1:])
    parser = argparse.ArgumentParser(
        prog="lite-anim",
        description="Babylon Lite's animation runtime for Python: demo, parity, bench.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser(
        "demo",
        help="animate a box and print what happened (the main job)",
        description="Animate a box with a looping slide, an eased bob and a cross-fade.",
        epilog="example: lite-anim demo --out out/",
    )
    demo.add_argument("--out", default="out", help="folder for demo_curves.png (default: out)")
    demo.add_argument("--no-plot", action="store_true", help="skip the PNG")
    sub.add_parser("parity", help="run or record parity scenarios (see lite-anim parity --help)")
    sub.add_parser("bench", help="benchmarks (see lite-anim bench --help)")
    sub.add_parser("render", help="render a glTF to a contact sheet or GIF (see --help)")
    args = parser.parse_args(args_list)
    try:
        if args.command == "demo":
            return _demo(args)
    except LiteError as exc:
        print(f"lite-anim: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"lite-anim: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
