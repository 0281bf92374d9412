"""Property groups batched by clip shape (lite.batch.property_batch): objects playing their own
clips of one shape (same paths, strides, interpolation, key counts) share a batch with
per-member value tables, and per-member key tables where their key times differ. Seeded
random programs (own values, own or shared key times, shared clips, LINEAR and STEP, scalar
quaternion tracks between them, seeks, speeds, loop changes, stops, plays, groups replaced
while the others play) give the same numbers, bit for bit, as the unbatched path."""

from __future__ import annotations

import random
import struct

import numpy as np
import pytest

import lite
from lite.batch.engine import BatchEngine, enable_batched_evaluation
from lite.batch.property_batch import PER_ROW_MAX_KEYS, _PropBatch

STEP = 1000.0 / 60.0


class _Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


class _Obj:
    def __init__(self) -> None:
        self.position = _Vec3()
        self.alpha = 0.0
        self.color = [0.0, 0.0, 0.0]
        self.q = [0.0, 0.0, 0.0, 1.0]


def _bits(x: float) -> int:
    return int(struct.unpack("<q", struct.pack("<d", x))[0])


def _state(objs: list[_Obj]) -> list[int]:
    out: list[float] = []
    for o in objs:
        out += [o.position.x, o.position.y, o.position.z, o.alpha, *o.color, *o.q]
    return [_bits(v) for v in out]


def _times(rng: random.Random, n_keys: int) -> list[float]:
    # Sorted, with repeated times now and then (empty segments).
    ts = sorted(round(rng.uniform(0.0, 1.5), rng.choice((1, 3, 6))) for _ in range(n_keys))
    if n_keys > 2 and rng.random() < 0.3:
        ts[1] = ts[0]
    return ts


class _Shape:
    """A clip shape: per track its path, stride, interpolation, and shared key times or None."""

    def __init__(self, rng: random.Random) -> None:
        self.n_keys = rng.choice((1, 2, 3, 5, PER_ROW_MAX_KEYS + 3))
        self.shared = rng.random() < 0.4
        self.step = rng.random() < 0.3
        self.with_quat = rng.random() < 0.2
        self.times = [_times(rng, self.n_keys) for _ in range(3)]

    def clip(self, rng: random.Random, name: str) -> lite.PropertyAnimationClip:
        n = self.n_keys
        own = not self.shared
        many = n > PER_ROW_MAX_KEYS  # past it, own key times make their own batches

        def keys(j: int, stride: int) -> list[dict[str, object]]:
            ts = _times(rng, n) if own and (not many or rng.random() < 0.5) else self.times[j]
            out: list[dict[str, object]] = []
            for t in ts:
                if stride == 1:
                    out.append({"time": t, "value": rng.uniform(-5.0, 5.0)})
                else:
                    out.append({"time": t, "value": [rng.uniform(-5.0, 5.0) for _ in range(3)]})
            return out

        tracks: list[dict[str, object]] = [
            {"path": "position.x", "keys": keys(0, 1)},
            {"path": "position", "keys": keys(1, 3)},
            {
                "path": "alpha",
                "interpolation": "step" if self.step else "linear",
                "keys": keys(2, 1),
            },
            {"path": "color", "keys": keys(1, 3)},
        ]
        if self.with_quat:
            tracks.append(
                {
                    "path": "q",
                    "quaternion": True,
                    "keys": [
                        {"time": 0.0, "value": [0.0, 0.0, 0.0, 1.0]},
                        {"time": 1.0, "value": [0.0, 0.6, 0.0, 0.8]},
                    ],
                }
            )
        return lite.create_property_animation_clip(name, tracks)  # type: ignore[arg-type]


def _opts(rng: random.Random) -> dict[str, object]:
    opts: dict[str, object] = {}
    r = rng.random()
    if r < 0.2:
        opts["loop"] = False
    if rng.random() < 0.3:
        opts["speed_ratio"] = rng.choice((-1.0, 0.5, 2.5, -0.25))
    if rng.random() < 0.15:
        opts["from_time"] = 0.1
        opts["to_time"] = 0.8
    return opts


def _program(seed: int, property_min: int) -> tuple[int, int]:
    """Run one seeded program on both paths; return (batched members seen, per-row tracks)."""
    rng = random.Random(seed)
    shapes = [_Shape(rng) for _ in range(rng.randint(1, 3))]
    n = rng.randint(20, 60)
    plan = []
    clips: list[lite.PropertyAnimationClip] = []
    for i in range(n):
        shape = rng.choice(shapes)
        if clips and rng.random() < 0.2:
            clip = rng.choice(clips)  # a clip shared with another object
        else:
            clip = shape.clip(rng, f"c{i}")
            clips.append(clip)
        plan.append((clip, _opts(rng)))
    ops = []
    for _ in range(40):
        r = rng.random()
        k = rng.randrange(n)
        if r < 0.1:
            ops.append(("seek", k, rng.uniform(-1.0, 2.0)))
        elif r < 0.17:
            ops.append(("speed", k, rng.choice((0.0, 1.0, -2.0, 3.5))))
        elif r < 0.22:
            ops.append(("stop", k, 0.0))
        elif r < 0.27:
            ops.append(("play", k, 0.0))
        elif r < 0.3:
            ops.append(("pause", k, 0.0))
        elif r < 0.34:
            ops.append(("loop", k, 0.0))
        elif r < 0.38:
            ops.append(("replace", k, float(rng.randrange(len(clips)))))
        ops.append(("step", 0, rng.choice((0.0, STEP, STEP, 37.5, 260.0, 1100.0))))

    reference: list[list[int]] = []
    seen = 0
    per_row = 0
    for batched in (False, True):
        m = lite.create_animation_manager(batched=False)
        eng: BatchEngine | None = None
        if batched:
            eng = enable_batched_evaluation(m)
            eng.property_min = property_min
        objs = [_Obj() for _ in range(n)]
        groups = [
            lite.create_property_animation_group(m, o, clip, **opts)  # type: ignore[arg-type]
            for o, (clip, opts) in zip(objs, plan, strict=True)
        ]
        states: list[list[int]] = []
        for op, k, x in ops:
            g = groups[k]
            if op == "seek":
                g.current_time = x
            elif op == "speed":
                g.speed_ratio = x
            elif op == "stop":
                lite.stop_animation(g)
            elif op == "play":
                lite.play_animation(g)
            elif op == "pause":
                lite.pause_animation(g)
            elif op == "loop":
                g.loop_animation = not g.loop_animation
            elif op == "replace":
                # The object gets another clip while everything else plays on.
                lite.remove_animation_group(m, g)
                groups[k] = lite.create_property_animation_group(m, objs[k], clips[int(x)])
            else:
                lite.update_animation_manager(m, x)
                states.append(_state(objs))
                states.append([_bits(gr.current_time) for gr in groups])
                states.append([int(gr.is_playing) for gr in groups])
                if eng is not None:
                    seen += sum(len(pb.members) for pb in eng.prop_batches)
                    per_row += sum(
                        tr.tbase is not None for pb in eng.prop_batches for tr in pb.tracks
                    )
        if batched:
            assert states == reference, f"seed {seed}: batched differs from the scalar path"
        else:
            reference = states
    return seen, per_row


@pytest.mark.parametrize("property_min", [1, 8])
def test_shape_batches_equal_the_scalar_path(property_min: int) -> None:
    seen = per_row = 0
    for seed in range(12):
        s, p = _program(seed, property_min)
        seen += s
        per_row += p
    # The programs really went through shape batches, own key times included.
    assert seen > 0
    assert per_row > 0


def _own_clip(i: int, times: list[float]) -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip(
        f"own{i}",
        [
            {
                "path": "position.x",
                "keys": [{"time": t, "value": float(i + k)} for k, t in enumerate(times)],
            },
            {
                "path": "position",
                "keys": [{"time": t, "value": [i, k - i, k]} for k, t in enumerate(times)],
            },
        ],
    )


def test_own_clips_of_one_shape_share_one_batch() -> None:
    m = lite.create_animation_manager()
    objs = [_Obj() for _ in range(40)]
    for i, o in enumerate(objs):
        times = [0.0, 0.5, 1.0] if i % 2 else [0.0, 0.25 + i / 100.0, 1.0]
        lite.create_property_animation_group(m, o, _own_clip(i, times))
    lite.update_animation_manager(m, 300.0)
    eng = enable_batched_evaluation(m)
    assert len(eng.prop_batches) == 1
    batch: _PropBatch = eng.prop_batches[0]
    assert len(batch.members) == 40
    for tr in batch.tracks:
        assert tr.vbase is not None and tr.tbase is not None
    # The two tracks have the same key times per member: one key search serves both.
    assert batch.tracks[0].search == batch.tracks[1].search
    # At t = 0.3 s, object 3 (keys at 0, 0.5, 1 s; y keys -3, -2, -1) is on its first
    # segment; object 4 (middle key at 0.29 s; y keys -4, -3, -2) on its second.
    assert objs[3].position.y == float(np.float32(-3.0 + 0.6 * 1.0))
    f = (0.3 - 0.29) / (1.0 - 0.29)
    assert objs[4].position.y == float(np.float32(-3.0 + f * 1.0))


def test_long_tracks_with_own_key_times_batch_by_their_times() -> None:
    m = lite.create_animation_manager()
    n_keys = PER_ROW_MAX_KEYS + 1
    for i in range(30):
        times = [k / n_keys + (0.001 * (i % 2) if k else 0.0) for k in range(n_keys)]
        lite.create_property_animation_group(m, _Obj(), _own_clip(i, times))
    eng = enable_batched_evaluation(m)
    eng.property_min = 10
    lite.update_animation_manager(m, STEP)
    assert sorted(len(pb.members) for pb in eng.prop_batches) == [15, 15]
    for pb in eng.prop_batches:
        assert all(tr.tbase is None and tr.vbase is not None for tr in pb.tracks)


def test_warm_own_clip_frames_do_not_grow_memory() -> None:
    import gc
    import tracemalloc

    m = lite.create_animation_manager()
    for i in range(100):
        times = [0.0, 0.2 + (i % 7) / 10.0, 1.0]
        lite.create_property_animation_group(m, _Obj(), _own_clip(i, times))
    for _ in range(200):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(1_000):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before <= 1024, after - before
    assert peak - before < 64 * 1024, peak - before
