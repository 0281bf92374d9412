"""Benchmarks of the workloads ports actually write (issue 24), beside their JS peers.

``python -m lite.tools.bench {gltf-crowd,eased,own-clips,blend}`` (``lite-anim bench``) runs one
of them on our side; ``--side-by-side`` also runs its peer under Node (``parity/bench/ports_*.mjs``:
Babylon.js 9.31 with loaders 9.28 for the ``compat`` side, Babylon Lite 1.10 for the ``lite``
sides), in interleaved rounds: each round runs every (side, size) once on our side and once on
the peer's, each in a fresh process, and each figure is the best of ``--repeat`` rounds.

Every run of one (side, size), on either side, does the same thing: build and start the
workload (the *setup* seconds: loading, instantiating, starting and the first frame), advance
``PROBE_FRAMES`` frames and read a few animated values (the *probe*, compared between the two
sides where they compute the same numbers), then ``WARMUP`` untimed and ``--frames`` timed
frames (the median is the ms/frame). Frames advance a constant 16 ms on the ``compat`` sides
(``useConstantAnimationDeltaTime``) and 1000/60 ms on the ``lite`` sides.

``gltf-crowd``
    ``compat``: a glTF character (``--asset``, default the bundled ``lite/assets/figure.glb``)
    loaded once with ``LoadAssetContainerAsync``, ``instantiateModelsToScene(rename, False,
    {"doNotInstantiate": True})`` K times, each clone's first group (or ``--clip``) played
    looping and the others stopped, then per frame ``scene.render()`` (NullEngine, one
    FreeCamera) and ``skeleton.prepare()`` on every skeleton (a no-op for those the render
    already prepared, so every palette is computed every frame on both sides). ``lite``: K
    instances of the asset (:func:`lite.instantiate_many`) in one manager, the chosen group of
    each playing; the peer builds each instance's groups with Babylon Lite's own glTF animation
    parser, as its loader does.
``eased``
    N meshes (``Mesh`` without geometry: MeshBuilder's vertex data is not what is measured),
    each with a ``StandardMaterial``, sharing three looping Animations: ``position`` VECTOR3,
    ``rotation.y`` FLOAT whose keys carry their own ``easingFunction`` (CubicEase EASEINOUT,
    SineEase EASEOUT), and ``material.alpha`` FLOAT; the step is ``scene._animate(16)`` alone.
``own-clips``
    ``compat``: N TransformNodes, each with its OWN ``position`` / ``rotationQuaternion`` /
    eased ``scaling.x`` Animations whose middle key frame and key values differ per node
    (:func:`own_value`, exact in both languages), stepped by ``scene.render()``. ``lite``: M
    plain objects each with its own property clip (``position.x`` + ``position``, values
    differing per object) in one manager. ``lite-arrays``: the array form
    (:func:`lite.create_array_animation_group`) of M entities; it holds one clip for all
    entities, so entity ``k`` plays object 0's clip offset in time (not the same values: see
    the table's note); its peer is Babylon Lite's ``lite`` run.
``blend``
    K clones of the asset cross-fading its walk and run groups (named ``walk``/``run`` in any
    case, else the first two) every ``BLEND_PERIOD`` frames over ``BLEND_FRAMES`` frames.
    ``compat``: both groups play looping with ``enableBlending`` off and ``group.weight`` set
    each frame of a fade (Babylon's ``setWeightForAllAnimatables``), ``scene.render()`` per
    frame. ``lite``: :func:`lite.cross_fade_animation_groups` on a blending manager, the same
    on Babylon Lite (``crossFadeAnimationGroups``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lite.tools.progress import Progress

if TYPE_CHECKING:
    from lite.animation.property_animation import PropertyAnimationTrackOptions

__all__ = ["WORKLOADS", "bench_port", "main", "own_value"]

#: Untimed frames before the probe is read, then before timing.
PROBE_FRAMES = 5
WARMUP = 10
#: Constant step of the compat sides (ms) and of the lite sides.
COMPAT_STEP_MS = 16.0
LITE_STEP_MS = 1000.0 / 60.0
#: Blend workload: a cross-fade starts every BLEND_PERIOD frames and lasts BLEND_FRAMES.
BLEND_PERIOD = 60
BLEND_FRAMES = 30
DEFAULT_ASSET = Path(__file__).resolve().parents[1] / "assets" / "figure.glb"
BJS = "babylonjs-9.31"
LITE = "babylon-lite-1.10"

#: workload -> side -> (default sizes, peer column label, peer script).
WORKLOADS: dict[str, dict[str, tuple[tuple[int, ...], str, str]]] = {
    "gltf-crowd": {
        "compat": ((100, 500), BJS, "ports_gltf.mjs"),
        "lite": ((100, 500), LITE, "ports_gltf.mjs"),
    },
    "eased": {"compat": ((1_000, 10_000), BJS, "ports_eased.mjs")},
    "own-clips": {
        "compat": ((1_000, 10_000), BJS, "ports_own_clips.mjs"),
        "lite": ((10_000,), LITE, "ports_own_clips.mjs"),
        "lite-arrays": ((10_000,), LITE, "ports_own_clips.mjs"),
    },
    "blend": {
        "compat": ((100,), BJS, "ports_gltf.mjs"),
        "lite": ((100,), LITE, "ports_gltf.mjs"),
    },
}


def own_value(i: int, k: int) -> float:
    """The ``k``-th seeded value of object ``i`` in [0, 1): the same double in Python and JS."""
    return ((i * 7919 + k * 104729) % 1000) / 1000.0


def _median_ms(step: Callable[[], object], frames: int) -> float:
    for _ in range(WARMUP):
        step()
    samples: list[float] = []
    for _ in range(max(1, frames)):
        t0 = time.perf_counter()
        step()
        samples.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(samples)


def _finish(
    count: int,
    setup_s: float,
    step: Callable[[], object],
    probe: Callable[[], list[float]],
    frames: int,
) -> dict[str, Any]:
    for _ in range(PROBE_FRAMES):
        step()
    values = probe()
    ms = _median_ms(step, frames)
    after = probe()
    return {
        "count": count,
        "ms_per_frame": ms,
        "setup_s": setup_s,
        "probe": values,
        "animated": any(a != b for a, b in zip(values, after, strict=True)),
    }


# --- glTF crowd and blend --------------------------------------------------------------------


def _pick(names: Sequence[str], wanted: str | None, fallback: int) -> int:
    lower = [n.lower() for n in names]
    if wanted is not None:
        if wanted.lower() not in lower:
            raise SystemExit(f"--clip {wanted!r}: the asset's groups are {list(names)}")
        return lower.index(wanted.lower())
    return fallback


def _blend_pair(names: Sequence[str]) -> tuple[int, int]:
    lower = [n.lower() for n in names]
    if "walk" in lower and "run" in lower:
        return lower.index("walk"), lower.index("run")
    if len(names) < 2:
        raise SystemExit(f"blend needs two animation groups; the asset has {list(names)}")
    return 0, 1


def _blend_weight(frame: int) -> float | None:
    """Weight of the second group at ``frame`` while a fade runs (None between fades)."""
    cycle, at = divmod(frame, BLEND_PERIOD)
    if at > BLEND_FRAMES:
        return None
    w = min(1.0, at / BLEND_FRAMES)
    return w if cycle % 2 == 0 else 1.0 - w


def _palette_probe(matrices: Callable[[], Any]) -> Callable[[], list[float]]:
    def probe() -> list[float]:
        m = matrices()
        return [float(m[i]) for i in range(16, 48)]

    return probe


def _gltf_compat(
    count: int, frames: int, asset: Path, clip: str | None, *, blend: bool
) -> dict[str, Any]:
    import lite_compat as bjs

    data = asset.read_bytes()
    t0 = time.perf_counter()
    engine = bjs.NullEngine()
    scene = bjs.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    camera = bjs.FreeCamera("camera", bjs.Vector3(0, 1, -10), scene)
    camera.setTarget(bjs.Vector3.Zero())
    container = asyncio.run(bjs.LoadAssetContainerAsync(data, scene, {"pluginExtension": ".glb"}))
    names = [g.name for g in container.animationGroups]
    pair = _blend_pair(names) if blend else (_pick(names, clip, 0), -1)
    played: list[list[Any]] = []
    meshes: list[Any] = []
    for k in range(count):
        entries = container.instantiateModelsToScene(
            _renamer(f"c{k}_"), False, {"doNotInstantiate": True}
        )
        groups = entries.animationGroups
        for g in groups:
            g.stop()
        mine = [groups[pair[0]]] + ([groups[pair[1]]] if blend else [])
        for g in mine:
            g.start(True)
        if blend:
            mine[0].weight = 1.0
            mine[1].weight = 0.0
        played.append(mine)
        if k == 0:
            meshes = [m for m in _all_meshes(entries.rootNodes) if m.skeleton is not None]
    skeletons = list(scene.skeletons)
    frame = [0]

    def step() -> None:
        if blend:
            w = _blend_weight(frame[0])
            if w is not None:
                for a, b in played:
                    a.weight = 1.0 - w
                    b.weight = w
        frame[0] += 1
        scene.render()
        for s in skeletons:
            s.prepare()

    step()
    setup = time.perf_counter() - t0
    if not meshes:
        raise RuntimeError(f"{asset.name}: no skinned mesh in the first clone")
    mesh = meshes[0]
    row = _finish(
        count, setup, step, _palette_probe(lambda: mesh.skeleton.getTransformMatrices(mesh)), frames
    )
    scene.dispose()
    return row


def _renamer(prefix: str) -> Callable[[str], str]:
    return lambda name: prefix + name


def _all_meshes(roots: Sequence[Any]) -> list[Any]:
    out: list[Any] = []
    for root in roots:
        for node in [root, *root.getDescendants(False)]:
            if getattr(node, "skeleton", None) is not None or node.getClassName() == "Mesh":
                out.append(node)
    return out


def _gltf_lite(
    count: int, frames: int, asset: Path, clip: str | None, *, blend: bool
) -> dict[str, Any]:
    import lite

    data = asset.read_bytes()
    t0 = time.perf_counter()
    base = lite.load_gltf(data)
    names = [g.name for g in base.animation_groups]
    pair = _blend_pair(names) if blend else (_pick(names, clip, 0), -1)
    instances = lite.instantiate_many(base, count)
    manager = lite.create_animation_manager()
    played: list[list[Any]] = []
    for inst in instances:
        groups = inst.animation_groups
        for g in groups:
            lite.stop_animation(g)
        mine = [groups[pair[0]]] + ([groups[pair[1]]] if blend else [])
        for g in mine:
            lite.play_animation(g)
        if blend:
            mine[1].weight = 0.0
        lite.add_animation_groups(manager, mine)
        played.append(mine)
    if blend:
        lite.enable_animation_blending(manager)
    frame = [0]

    def step() -> None:
        if blend and frame[0] % BLEND_PERIOD == 0:
            forward = (frame[0] // BLEND_PERIOD) % 2 == 0
            for a, b in played:
                src, dst = (a, b) if forward else (b, a)
                lite.cross_fade_animation_groups(
                    manager, src, dst, duration_ms=BLEND_FRAMES * LITE_STEP_MS
                )
        frame[0] += 1
        lite.update_animation_manager(manager, LITE_STEP_MS)

    step()
    setup = time.perf_counter() - t0
    palette = instances[0].skeletons[0].joint_matrices
    return _finish(count, setup, step, _palette_probe(lambda: palette.reshape(-1)), frames)


# --- eased boxes -----------------------------------------------------------------------------


def _eased(count: int, frames: int) -> dict[str, Any]:
    import lite_compat as bjs

    t0 = time.perf_counter()
    engine = bjs.NullEngine()
    scene = bjs.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    bjs.FreeCamera("camera", bjs.Vector3(0, 0, -10), scene)
    anim = bjs.Animation
    cycle = anim.ANIMATIONLOOPMODE_CYCLE
    position = anim("p", "position", 60, anim.ANIMATIONTYPE_VECTOR3, cycle)
    position.setKeys(
        [
            {"frame": 0, "value": bjs.Vector3(0, 0, 0)},
            {"frame": 30, "value": bjs.Vector3(1, 2, 3)},
            {"frame": 60, "value": bjs.Vector3(0, 0, 0)},
        ]
    )
    cubic = bjs.CubicEase()
    cubic.setEasingMode(bjs.EasingFunction.EASINGMODE_EASEINOUT)
    sine = bjs.SineEase()
    sine.setEasingMode(bjs.EasingFunction.EASINGMODE_EASEOUT)
    rotation = anim("r", "rotation.y", 60, anim.ANIMATIONTYPE_FLOAT, cycle)
    rotation.setKeys(
        [
            {"frame": 0, "value": 0.0, "easingFunction": cubic},
            {"frame": 30, "value": 1.5, "easingFunction": sine},
            {"frame": 60, "value": 0.0},
        ]
    )
    alpha = anim("a", "material.alpha", 60, anim.ANIMATIONTYPE_FLOAT, cycle)
    alpha.setKeys(
        [{"frame": 0, "value": 1.0}, {"frame": 30, "value": 0.25}, {"frame": 60, "value": 1.0}]
    )
    animations: list[Any] = [position, rotation, alpha]
    boxes = []
    for i in range(count):
        box = bjs.Mesh(f"b{i}", scene)
        box.material = bjs.StandardMaterial(f"m{i}", scene)
        box.animations = animations
        scene.beginAnimation(box, 0, 60, True)
        boxes.append(box)

    def step() -> None:
        scene._animate(COMPAT_STEP_MS)

    step()
    setup = time.perf_counter() - t0
    ends = (boxes[0], boxes[-1])

    def probe() -> list[float]:
        out: list[float] = []
        for b in ends:
            out += [b.position.x, b.position.y, b.position.z, b.rotation.y, b.material.alpha]
        return [float(v) for v in out]

    row = _finish(count, setup, step, probe, frames)
    scene.dispose()
    return row


# --- own clips -------------------------------------------------------------------------------


def _own_compat(count: int, frames: int) -> dict[str, Any]:
    import lite_compat as bjs

    t0 = time.perf_counter()
    engine = bjs.NullEngine()
    scene = bjs.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    bjs.FreeCamera("camera", bjs.Vector3(0, 0, -10), scene)
    anim = bjs.Animation
    cycle = anim.ANIMATIONLOOPMODE_CYCLE
    axis = bjs.Vector3(0, 1, 0)
    nodes = []
    for i in range(count):
        mid = 20 + (i * 7) % 21

        def v(k: int, i: int = i) -> float:
            return own_value(i, k)

        position = anim("p", "position", 60, anim.ANIMATIONTYPE_VECTOR3, cycle)
        position.setKeys(
            [
                {"frame": 0, "value": bjs.Vector3(v(0), v(1), v(2))},
                {"frame": mid, "value": bjs.Vector3(v(3), v(4), v(5))},
                {"frame": 60, "value": bjs.Vector3(v(0), v(1), v(2))},
            ]
        )
        rotation = anim("r", "rotationQuaternion", 60, anim.ANIMATIONTYPE_QUATERNION, cycle)
        rotation.setKeys(
            [
                {"frame": 0, "value": bjs.Quaternion.RotationAxis(axis, v(6))},
                {"frame": mid, "value": bjs.Quaternion.RotationAxis(axis, 1 + v(7))},
                {"frame": 60, "value": bjs.Quaternion.RotationAxis(axis, v(6))},
            ]
        )
        scaling = anim("s", "scaling.x", 60, anim.ANIMATIONTYPE_FLOAT, cycle)
        scaling.setKeys(
            [
                {"frame": 0, "value": 1 + v(8)},
                {"frame": mid, "value": 2 + v(9)},
                {"frame": 60, "value": 1 + v(8)},
            ]
        )
        ease = bjs.CubicEase()
        ease.setEasingMode(bjs.EasingFunction.EASINGMODE_EASEINOUT)
        scaling.setEasingFunction(ease)
        node = bjs.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = bjs.Quaternion.Identity()
        node.animations = [position, rotation, scaling]
        scene.beginAnimation(node, 0, 60, True)
        nodes.append(node)
    scene.render()
    setup = time.perf_counter() - t0
    ends = (nodes[0], nodes[-1])

    def probe() -> list[float]:
        out: list[float] = []
        for n in ends:
            q = n.rotationQuaternion
            assert q is not None
            out += [n.position.x, n.position.y, n.position.z, q.x, q.y, q.z, q.w, n.scaling.x]
        return [float(x) for x in out]

    row = _finish(count, setup, scene.render, probe, frames)
    scene.dispose()
    return row


class _Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x = x
        self.y = y
        self.z = z


class _Obj:
    __slots__ = ("position",)

    def __init__(self) -> None:
        self.position = _Vec3()


def _own_tracks(i: int) -> list[PropertyAnimationTrackOptions]:
    def v(k: int) -> float:
        return own_value(i, k)

    return [
        {
            "path": "position.x",
            "keys": [
                {"time": 0.0, "value": v(0)},
                {"time": 0.5, "value": 1 + v(1)},
                {"time": 1.0, "value": v(0)},
            ],
        },
        {
            "path": "position",
            "keys": [
                {"time": 0.0, "value": [v(2), v(3), v(4)]},
                {"time": 0.5, "value": [1 + v(5), 2 + v(6), 3 + v(7)]},
                {"time": 1.0, "value": [v(2), v(3), v(4)]},
            ],
        },
    ]


def _own_lite(count: int, frames: int, *, arrays: bool) -> dict[str, Any]:
    import numpy as np

    import lite

    t0 = time.perf_counter()
    manager = lite.create_animation_manager()
    if arrays:
        clip = lite.create_property_animation_clip("own", _own_tracks(0))
        xs = np.zeros(count, dtype=np.float32)
        positions = np.zeros((count, 3), dtype=np.float32)
        offsets = (np.arange(count, dtype=np.float64) * 0.6180339887498949) % 1.0
        offsets[0] = offsets[-1] = 0.0
        lite.create_array_animation_group(
            manager, clip, {"position.x": xs, "position": positions}, time_offsets=offsets
        )

        def ends() -> list[float]:
            return [float(v) for v in (*positions[0], *positions[-1])]

    else:
        objects = [_Obj() for _ in range(count)]
        for i, obj in enumerate(objects):
            clip = lite.create_property_animation_clip(f"own{i}", _own_tracks(i))
            lite.create_property_animation_group(manager, obj, clip)

        def ends() -> list[float]:
            a, b = objects[0].position, objects[-1].position
            return [a.x, a.y, a.z, b.x, b.y, b.z]

    def step() -> None:
        lite.update_animation_manager(manager, LITE_STEP_MS)

    step()
    setup = time.perf_counter() - t0
    return _finish(count, setup, step, ends, frames)


# --- dispatch --------------------------------------------------------------------------------


def bench_port(
    workload: str,
    side: str,
    count: int,
    frames: int,
    *,
    asset: Path = DEFAULT_ASSET,
    clip: str | None = None,
) -> dict[str, Any]:
    """Run one (workload, side, size) on our side in this process; one result row.

    The row holds ``count``, ``ms_per_frame`` (median of ``frames`` timed frames),
    ``setup_s``, ``probe`` (values read after ``PROBE_FRAMES`` frames) and ``animated``
    (whether the probed values changed over the timed frames).
    """
    if workload not in WORKLOADS or side not in WORKLOADS[workload]:
        raise ValueError(f"no side {side!r} in workload {workload!r}")
    if workload in ("gltf-crowd", "blend"):
        run = _gltf_compat if side == "compat" else _gltf_lite
        return run(count, frames, asset, clip, blend=workload == "blend")
    if workload == "eased":
        return _eased(count, frames)
    if side == "compat":
        return _own_compat(count, frames)
    return _own_lite(count, frames, arrays=side == "lite-arrays")


def _peer_args(
    workload: str, side: str, count: int, frames: int, asset: Path, clip: str | None
) -> list[str]:
    return [workload, side, str(count), str(frames), str(asset), clip or "", str(PROBE_FRAMES)]


def _run(cmd: list[str], timeout_s: float) -> tuple[dict[str, Any] | None, str | None]:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout_s:.0f} s"
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return None, f"exit {done.returncode}: {tail}"
    row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return row, None


def _better(best: dict[str, Any] | None, row: dict[str, Any]) -> dict[str, Any]:
    if best is None:
        return dict(row)
    best["ms_per_frame"] = min(best["ms_per_frame"], row["ms_per_frame"])
    best["setup_s"] = min(best["setup_s"], row["setup_s"])
    return best


def _max_diff(a: Sequence[float], b: Sequence[float]) -> float | None:
    if len(a) != len(b) or not a:
        return None
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def _one_round(
    args: argparse.Namespace,
    side: str,
    count: int,
    asset: Path,
    bench: Path | None,
    node: str | None,
    ours: dict[tuple[str, int], dict[str, Any]],
    peers: dict[tuple[str, int], dict[str, Any]],
    errors: dict[str, str],
) -> None:
    """One (side, size) on our side, then on the peer's (side by side), best figures kept."""
    sides = WORKLOADS[args.workload]
    frames = _frames(args.frames, count)
    if not args.side_by_side:
        row = bench_port(args.workload, side, count, frames, asset=asset, clip=args.clip)
    else:
        cmd = [
            sys.executable,
            "-m",
            "lite.tools.bench_ports",
            "--one",
            args.workload,
            side,
            str(count),
            str(frames),
            str(asset),
            args.clip or "",
        ]
        got, error = _run(cmd, args.timeout)
        if got is None:
            errors[f"{side} {count} (ours)"] = error or "?"
            return
        row = got
    ours[(side, count)] = _better(ours.get((side, count)), row)
    if bench is None or node is None:
        return
    label, script = sides[side][1], sides[side][2]
    register = bench.parent / "recorder" / "register.mjs"
    cmd = [
        node,
        "--import",
        str(register),
        str(bench / script),
        *_peer_args(args.workload, side, count, frames, asset, args.clip),
    ]
    got, error = _run(cmd, args.timeout)
    if got is None:
        errors[f"{side} {count} ({label})"] = error or "?"
        return
    peers[(side, count)] = _better(peers.get((side, count)), got)


def run_workload(args: argparse.Namespace) -> dict[str, Any]:
    """Every (side, size) of ``args.workload``: our rows and, side by side, the peers'."""
    from lite.tools.bench_env import node_bench_dir

    sides = WORKLOADS[args.workload]
    chosen = [args.side] if args.side else list(sides)
    asset = Path(args.asset) if args.asset else DEFAULT_ASSET
    plan = [(s, c) for s in chosen for c in (args.counts or sides[s][0])]
    ours: dict[tuple[str, int], dict[str, Any]] = {}
    peers: dict[tuple[str, int], dict[str, Any]] = {}
    errors: dict[str, str] = {}
    bench = node_bench_dir() if args.side_by_side else None
    node = shutil.which("node")
    if args.side_by_side and (bench is None or node is None):
        errors["node"] = "Node or parity/recorder/node_modules not found (npm ci there)"
    rounds = max(1, args.repeat) if args.side_by_side else 1
    with Progress(rounds * len(plan), f"bench {args.workload}", "run") as bar:
        for _ in range(rounds):
            for side, count in plan:
                bar.stage(f"{side} {count:,} ...")
                _one_round(args, side, count, asset, bench, node, ours, peers, errors)
                bar.update()
    results = []
    for (side, count), row in ours.items():
        peer = peers.get((side, count))
        entry: dict[str, Any] = {"side": side, **row}
        if peer is not None:
            entry["peer"] = sides[side][1]
            entry["peer_ms_per_frame"] = peer["ms_per_frame"]
            entry["peer_setup_s"] = peer["setup_s"]
            entry["peer_probe"] = peer["probe"]
            # As the other workloads' tables: the peer's figure over ours (> 1: we are faster).
            entry["ratio"] = peer["ms_per_frame"] / row["ms_per_frame"]
            entry["setup_ratio"] = peer["setup_s"] / row["setup_s"]
            if side != "lite-arrays":
                entry["probe_max_diff"] = _max_diff(row["probe"], peer["probe"])
        results.append(entry)
    doc: dict[str, Any] = {"workload": args.workload, "results": results}
    if args.workload in ("gltf-crowd", "blend"):
        doc["asset"] = asset.name
    if args.side_by_side:
        from lite.tools.bench_env import machine as _machine

        doc["errors"] = errors
        doc["machine"] = _machine()
        doc["commit"] = _commit()
        doc["repeat"] = args.repeat
    return doc


def _frames(frames: int, count: int) -> int:
    return frames if count < 1_000 else max(5, frames // (2 if count < 10_000 else 4))


def _commit() -> str:
    root = Path(__file__).resolve().parents[2]
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    return out.stdout.strip() or "?"


def _x(ratio: float) -> str:
    return f"{ratio:.3g}x"


def print_table(doc: dict[str, Any]) -> None:
    """The table ``lite-anim bench <workload>`` prints (ratios > 1 mean we are faster)."""
    print(
        f"{doc['workload']}: ms per frame and setup seconds (best of rounds; ratio = peer / ours,"
    )
    print("  > 1 means lite-anim is faster)")
    head = f"{'side':>12} {'size':>7} {'ms (py)':>10} {'ms (peer)':>10} {'ratio':>7}"
    head += f" {'setup s':>9} {'peer s':>8} {'ratio':>7} {'probe diff':>11}"
    print(head)
    for r in doc["results"]:
        peer = r.get("peer_ms_per_frame")
        line = f"{r['side']:>12} {r['count']:>7} {r['ms_per_frame']:>10.3f}"
        line += f" {peer:>10.3f} {_x(r['ratio']):>7}" if peer else f" {'-':>10} {'-':>7}"
        line += f" {r['setup_s']:>9.3f}"
        ps = r.get("peer_setup_s")
        line += f" {ps:>8.3f} {_x(r['setup_ratio']):>7}" if ps else f" {'-':>8} {'-':>7}"
        diff = r.get("probe_max_diff")
        line += f" {diff:>11.2e}" if diff is not None else f" {'-':>11}"
        print(line)
    for key, error in doc.get("errors", {}).items():
        print(f"  {key}: {error}", file=sys.stderr)
    peers = {r.get("peer") for r in doc["results"] if r.get("peer")}
    if peers:
        print("peers: " + ", ".join(sorted(str(p) for p in peers)))
    if "machine" in doc:
        print(f"machine: {doc['machine']}; commit {doc['commit']}")


def main(argv: Sequence[str] | None = None) -> int:
    """``lite-anim bench {gltf-crowd,eased,own-clips,blend}`` (dispatched from bench.py)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--one"]:  # one (workload, side, size) row, for the interleaved rounds
        workload, side, count, frames, asset, clip = argv[1:7]
        row = bench_port(
            workload, side, int(count), int(frames), asset=Path(asset), clip=clip or None
        )
        print(json.dumps(row))
        return 0
    parser = argparse.ArgumentParser(
        prog="lite-anim bench",
        description="The workloads ports write (issue 24), optionally side by side with "
        "Babylon.js 9.31 / Babylon Lite 1.10 under Node.",
        epilog="example: lite-anim bench gltf-crowd --asset Fox.glb --side-by-side",
    )
    parser.add_argument("workload", choices=list(WORKLOADS))
    parser.add_argument("--side", help="one side only (compat, lite, lite-arrays)")
    parser.add_argument("--counts", type=int, nargs="+", help="sizes (clones, boxes, nodes)")
    parser.add_argument("--frames", type=int, default=60, help="timed frames per size")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds (best kept)")
    parser.add_argument(
        "--asset", metavar="PATH", help="glTF binary (default lite/assets/figure.glb)"
    )
    parser.add_argument("--clip", help="gltf-crowd: the group to play (default the first)")
    parser.add_argument("--side-by-side", action="store_true", help="also run the JS peers")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per process")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.side is not None and args.side not in WORKLOADS[args.workload]:
        parser.error(f"--side of {args.workload}: one of {', '.join(WORKLOADS[args.workload])}")
    doc = run_workload(args)
    if args.json:
        print(json.dumps(doc, indent=1))
    else:
        print_table(doc)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
