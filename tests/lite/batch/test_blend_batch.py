"""The weighted glTF mixer's batched path (lite.batch.blend_batch) against the mixer's own
one-asset-at-a-time path: the same bits, over seeded random programs that cross-fade, set
weights, change speeds, pause, stop, seek, loop and unloop, mask and layer additively while
they play (the last two send assets back to the mixer's loop; the rest stays batched)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lite
from lite.batch import blend_batch, blend_jit, root_jit
from lite.skeleton import weighted_gltf_mixer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FIGURE = Path(lite.__file__).parent / "assets" / "figure.glb"
ASSETS = {
    "figure": FIGURE,
    "rigged": FIXTURES / "rigged_figure.glb",
    "two_skeletons": FIXTURES / "two_skeletons.glb",
}

needs_numba = pytest.mark.skipif(
    not root_jit.ENABLED, reason="numba is not installed or LITE_JIT=0"
)


class _Sink:
    """An engine that records the uploads of the crowd's skeletons and morph sets by name."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.uploads: list[str] = []

    def upload_skeleton(self, skeleton: object) -> None:
        self.uploads.append(self.names.get(id(skeleton), "other"))

    def upload_morph(self, morph: object) -> None:
        self.uploads.append(self.names.get(id(morph), "other"))


class _Counts:
    def __init__(self) -> None:
        self.whole = 0  # frames the compiled whole-update loop handled
        self.partial = 0  # slabs blended through begin/add/finish


def _count(monkeypatch: pytest.MonkeyPatch) -> _Counts:
    counts = _Counts()
    run = blend_batch.GltfBlendBatch.run
    finish = blend_batch.GltfBlendBatch._finish_slab

    def counted_run(self: Any, manager: Any, delta_ms: float) -> bool:
        done = run(self, manager, delta_ms)
        counts.whole += done
        return done

    def counted_finish(self: Any, sb: Any) -> None:
        counts.partial += 1
        finish(self, sb)

    monkeypatch.setattr(blend_batch.GltfBlendBatch, "run", counted_run)
    monkeypatch.setattr(blend_batch.GltfBlendBatch, "_finish_slab", counted_finish)
    return counts


def _program(
    asset: Path,
    count: int,
    seed: int,
    frames: int,
    *,
    layers: bool,
    extra: bool = False,
) -> list[bytes]:
    """Play a seeded random program; every frame's poses, matrices, palettes, morph weights,
    and group times and clocks, as bytes."""
    rng = random.Random(seed)
    base = lite.load_gltf(asset)
    crowd = lite.instantiate_many(base, count)
    sink = _Sink()
    m = lite.create_animation_manager(engine=sink)
    for k, inst in enumerate(crowd):
        for j, skel in enumerate(inst.skeletons):
            sink.names[id(skel)] = f"{k}.{j}"
        for j, mb in enumerate(inst.animation_data.morph_bindings):
            sink.names[id(mb)] = f"{k}.m{j}"
    groups: list[lite.AnimationGroup] = []
    for inst in crowd:
        own = list(inst.animation_groups)
        for g in own:
            lite.stop_animation(g)
        for g in own[:3]:
            if rng.random() < 0.8:
                lite.play_animation(g)
            g.weight = rng.choice([0.0, rng.random()] if not layers else [0.0, 1.0, rng.random()])
        lite.add_animation_groups(m, own[:3])
        groups += own[:3]
    loaded = None
    if extra:  # a loaded asset (not a slab) blended beside the crowd: the mixer's loop
        loaded = lite.load_gltf(asset)
        lite.add_animation_groups(m, loaded.animation_groups[:2])
        for g in loaded.animation_groups[:2]:
            lite.play_animation(g)
            g.weight = 0.5
        groups += loaded.animation_groups[:2]
    lite.enable_animation_blending(m)
    names = [n for n in base.animation_data.node_names if n]
    slabs = {id(i.pose.slab): i.pose.slab for i in crowd}  # type: ignore[attr-defined]
    out: list[bytes] = []
    for _ in range(frames):
        for _ in range(rng.randrange(3)):
            g = rng.choice(groups)
            op = rng.random()
            if op < 0.25:
                h = rng.choice(groups)
                if h is not g:
                    lite.cross_fade_animation_groups(m, g, h, duration_ms=rng.uniform(5, 400))
            elif op < 0.4:
                weights = [0.0, 1.0, rng.random()] if layers or op < 0.3 else [0.0, 0.5]
                lite.set_animation_weight(g, rng.choice(weights))
            elif op < 0.5:
                g.speed_ratio = rng.choice([1.0, 0.0, -1.0, 2.5, rng.uniform(-3, 3)])
            elif op < 0.6:
                (lite.play_animation if rng.random() < 0.6 else lite.pause_animation)(g)
            elif op < 0.65 and (layers or op < 0.62):
                lite.stop_animation(g)
            elif op < 0.72:
                g.loop_animation = not g.loop_animation
            elif op < 0.8:
                g.current_time = rng.uniform(-0.5, 3.0)
            elif op < 0.85:
                lite.play_animation(g)
            elif layers and op < 0.9:
                g.mask = (
                    None
                    if g.mask is not None
                    else lite.create_animation_group_mask(rng.sample(names, 2))
                )
            elif layers and op < 0.93:
                lite.set_animation_additive(g, reference_frame=rng.choice([0, 3]))
            elif layers:
                g._additive = None
        lite.update_animation_manager(m, rng.choice([16.0, 33.3, 0.0, rng.uniform(0, 50)]))
        parts: list[bytes] = []
        for slab in slabs.values():
            parts += [slab.local.tobytes(), slab.world.tobytes()]
            parts += [p.tobytes() for p in slab.palettes]
        for inst in crowd:
            parts += [mb.weights.tobytes() for mb in inst.animation_data.morph_bindings]
        if loaded is not None:
            parts += [loaded.pose.local.tobytes(), loaded.pose.world.tobytes()]
        # Which skeletons and morph sets were uploaded, and how often (the batched paths
        # upload after the mixer's own assets: the order across assets may differ).
        parts.append(" ".join(sorted(sink.uploads)).encode())
        sink.uploads.clear()
        times = [(g.current_time, g.weight, g._clock.state[0], g._clock.state[1]) for g in groups]
        parts.append(np.array(times, dtype=np.float64).tobytes())
        out.append(b"".join(parts))
    return out


def _with(factory: Callable[[], Any] | None, fn: Callable[[], list[bytes]]) -> list[bytes]:
    old = weighted_gltf_mixer._batcher_factory
    weighted_gltf_mixer.set_blend_batcher_factory(factory)
    try:
        return fn()
    finally:
        weighted_gltf_mixer.set_blend_batcher_factory(old)


def _first_difference(a: list[bytes], b: list[bytes]) -> int | None:
    assert len(a) == len(b)
    for i, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            return i
    return None


@needs_numba
@pytest.mark.parametrize("asset", sorted(ASSETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_batched_blending_gives_the_mixers_bits(
    asset: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def program() -> list[bytes]:
        return _program(ASSETS[asset], 12, seed, 160, layers=False)

    scalar = _with(None, program)
    counts = _count(monkeypatch)
    batched = _with(blend_batch._factory, program)
    assert counts.whole > 10, "the compiled whole-update loop did not run"
    assert counts.whole + counts.partial > 100, "the batched paths did not run"
    assert _first_difference(batched, scalar) is None


@needs_numba
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_masks_additive_layers_and_other_assets_fall_back_with_the_same_bits(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def program() -> list[bytes]:
        return _program(FIGURE, 8, seed, 160, layers=True, extra=True)

    scalar = _with(None, program)
    counts = _count(monkeypatch)
    batched = _with(blend_batch._factory, program)
    assert counts.whole == 0  # the loaded asset keeps every frame off the whole-update loop
    assert counts.partial > 40, "the per-slab batched path did not run"
    assert _first_difference(batched, scalar) is None


@needs_numba
def test_a_crowd_of_three_is_not_a_slab_path_and_still_blends() -> None:
    def program() -> list[bytes]:
        return _program(FIGURE, 3, 7, 40, layers=False)

    assert _first_difference(_with(blend_batch._factory, program), _with(None, program)) is None


@needs_numba
def test_the_uncompiled_loops_give_the_compiled_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    def program() -> list[bytes]:
        return _program(ASSETS["rigged"], 5, 11, 30, layers=True)

    compiled = _with(blend_batch._factory, program)
    blend_jit.blend_kernel()
    for name in ("normalize", "slerp", "sample", "blend", "advance", "sum_error"):
        monkeypatch.setattr(blend_jit, f"_{name}", getattr(blend_jit, f"_{name}_impl"))

    def python_factory() -> blend_batch.GltfBlendBatch:
        return blend_batch.GltfBlendBatch(
            blend_jit.python_kernel(), blend_jit.python_frame_kernel()
        )

    assert _first_difference(_with(python_factory, program), compiled) is None


@needs_numba
def test_the_differential_catches_a_broken_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison is sharp: normalising in float32 arithmetic (what numba's ``float()`` of
    a float32 cell did before the loops widened with ``np.float64``) shows."""
    blend_jit.blend_kernel()
    for name in ("slerp", "sample", "blend", "advance", "sum_error"):
        monkeypatch.setattr(blend_jit, f"_{name}", getattr(blend_jit, f"_{name}_impl"))

    def sloppy_normalize(dst: Any, o: int) -> None:
        x, y, z, w = (np.float32(dst[o + i]) for i in range(4))
        len_sq = x * x + y * y + z * z + w * w
        if len_sq > 0.0:
            inv = 1.0 / np.sqrt(np.float64(len_sq))
            for i, v in enumerate((x, y, z, w)):
                dst[o + i] = v * inv

    monkeypatch.setattr(blend_jit, "_normalize", sloppy_normalize)

    def broken_factory() -> blend_batch.GltfBlendBatch:
        return blend_batch.GltfBlendBatch(
            blend_jit.python_kernel(), blend_jit.python_frame_kernel()
        )

    def program() -> list[bytes]:
        return _program(FIGURE, 5, 1, 30, layers=False)

    assert _first_difference(_with(broken_factory, program), _with(None, program)) is not None


def test_without_numba_the_mixer_blends_alone_with_the_same_numbers() -> None:
    """``LITE_JIT=0``: no batcher is made, and the numbers are those of the batched path."""
    code = (
        "import hashlib, sys; sys.path.insert(0, '.');"
        "from tests.lite.batch.test_blend_batch import _program, FIGURE;"
        "from lite.skeleton import weighted_gltf_mixer as w;"
        "import lite.batch.blend_batch as b;"
        "assert b._factory() is None;"
        "print(hashlib.sha256(b''.join(_program(FIGURE, 6, 9, 60, layers=False))).hexdigest())"
    )
    root = Path(__file__).resolve().parents[3]
    env = {"LITE_JIT": "0", "PATH": "/usr/bin:/bin"}
    off = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root, env=env
    )
    import hashlib

    here = hashlib.sha256(b"".join(_program(FIGURE, 6, 9, 60, layers=False))).hexdigest()
    assert off.stdout.strip() == here


def _growth(m: lite.AnimationManager, crowd_step: Callable[[int], None]) -> tuple[int, int]:
    """Growth of traced memory over frames 200..1,200 and then to 3,000 (both ends at the
    same phase of the 60-frame cross-fade cycle, with no fade alive).

    Hash tables (the mixer's per-frame sets and dicts, the fades' index) are reallocated in
    steps as they are cleared and refilled, so one window may end on a bigger table; a leak
    grows with the number of frames, which the second (longer) window shows.
    """
    import gc
    import tracemalloc

    for f in range(200):  # warm-up: plans, scratch, compiled loops
        crowd_step(f)
        lite.update_animation_manager(m, 16.0)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    marks = []
    for start, end in ((200, 1_200), (1_200, 3_000)):
        for f in range(start, end):
            crowd_step(f)
            lite.update_animation_manager(m, 16.0)
        gc.collect()
        marks.append(tracemalloc.get_traced_memory()[0] - before)
    tracemalloc.stop()
    return marks[0], marks[1]


@needs_numba
@pytest.mark.parametrize("mask_one", [False, True])
def test_warm_cross_fading_crowd_frames_do_not_grow_memory(
    mask_one: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = _count(monkeypatch)
    base = lite.load_gltf(FIGURE)
    crowd = lite.instantiate_many(base, 16)
    m = lite.create_animation_manager()
    pairs = []
    for inst in crowd:
        walk, run = inst.animation_groups[0], inst.animation_groups[1]
        for g in inst.animation_groups:
            lite.stop_animation(g)
        lite.play_animation(walk)
        lite.play_animation(run)
        run.weight = 0.0
        lite.add_animation_groups(m, [walk, run])
        pairs.append((walk, run))
    if mask_one:  # one masked group: every frame through begin/add/finish
        pairs[0][0].mask = lite.create_animation_group_mask(["root"])
    lite.enable_animation_blending(m)

    def step(f: int) -> None:
        if f % 60 == 0:
            forward = (f // 60) % 2 == 0
            for a, b in pairs:
                lite.cross_fade_animation_groups(
                    m, *((a, b) if forward else (b, a)), duration_ms=500.0
                )

    first, second = _growth(m, step)
    assert (counts.partial if mask_one else counts.whole) > 2_500
    assert first <= 4096, first
    assert second - first <= 1024, (first, second)


@needs_numba
def test_the_compiled_world_pass_follows_numpys_matmul_order() -> None:
    """On this machine numpy's 4x4 matmul is one of the compiled candidates (else the numpy
    pass is used, tested below); the compiled pass then gives the per-instance functions' bits
    (the differential tests above run it)."""
    assert blend_jit.matmul_mode() in (0, 1)
    assert blend_jit.world_kernel() is not None


@needs_numba
@pytest.mark.parametrize("asset", ["figure", "two_skeletons"])
def test_the_numpy_world_pass_gives_the_same_bits(
    asset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(blend_jit, "_mode", -1)  # as on a machine whose BLAS sums otherwise
    assert blend_jit.world_kernel() is None

    def program() -> list[bytes]:
        return _program(ASSETS[asset], 6, 13, 60, layers=False)

    assert _first_difference(_with(blend_batch._factory, program), _with(None, program)) is None


@needs_numba
def test_the_compiled_quaternion_helpers_are_evaluates_bit_for_bit() -> None:
    """``normalize_quat4`` and ``quat_slerp`` are written once, in lite.animation.evaluate;
    the loops compile that code with ``float`` widened to a double. Random pairs (near and far,
    opposite hemispheres, the nlerp branch) give the plain functions' float32 bytes; compiling
    without the widening (numba's ``float()`` of a float32 stays float32) is caught."""
    import numba

    from lite.animation.evaluate import normalize_quat4, quat_slerp

    blend_jit._compile()
    slerp, normalize = blend_jit._slerp, blend_jit._normalize
    assert slerp is not quat_slerp
    rng = np.random.default_rng(11)
    n = 2_000
    a = rng.standard_normal((n, 4))
    a /= np.linalg.norm(a, axis=1)[:, None]
    b = np.where(rng.random((n, 1)) < 0.3, a + rng.standard_normal((n, 4)) * 1e-3, 0.0)
    b = np.where(b == 0.0, rng.standard_normal((n, 4)), b)
    b /= np.linalg.norm(b, axis=1)[:, None]
    b[rng.random(n) < 0.5] *= -1.0
    t = rng.random(n)
    want = np.zeros((n, 4), np.float32)
    got = np.zeros((n, 4), np.float32)
    for i in range(n):
        args = (*map(float, a[i]), *map(float, b[i]), float(t[i]))
        quat_slerp(want[i], 0, *args)
        slerp(got[i], 0, *args)
    assert got.tobytes() == want.tobytes()
    raw = (rng.standard_normal((n, 4)) * 3).astype(np.float32)
    want_n, got_n, sloppy_n = raw.copy(), raw.copy(), raw.copy()
    plain = numba.njit(normalize_quat4)  # no widening: float32 arithmetic
    for i in range(n):
        normalize_quat4(want_n[i], 0)
        normalize(got_n[i], 0)
        plain(sloppy_n[i], 0)
    assert got_n.tobytes() == want_n.tobytes()
    assert sloppy_n.tobytes() != want_n.tobytes()


@needs_numba
def test_the_compiled_cubic_segment_is_evaluates_bit_for_bit() -> None:
    """``cubic_spline_segment`` (lite.animation.evaluate) compiled into the loops gives the
    plain function's float32 bytes on random keys, progress and segment lengths."""
    from lite.animation.evaluate import cubic_spline_segment

    blend_jit._compile()
    cubic = blend_jit._cubic
    assert cubic is not cubic_spline_segment
    rng = np.random.default_rng(12)
    for stride in (1, 3, 4, 7):
        values = rng.standard_normal(6 * stride * 5)
        want = np.zeros((200, stride), np.float32)
        got = np.zeros((200, stride), np.float32)
        for i in range(200):
            k = int(rng.integers(0, 4)) * stride * 3
            f, dt = float(rng.random()), float(rng.uniform(0.0, 3.0))
            cubic_spline_segment(values, k, k + stride * 3, f, dt, stride, want[i], 0)
            cubic(values, k, k + stride * 3, f, dt, stride, got[i], 0)
        assert got.tobytes() == want.tobytes()
