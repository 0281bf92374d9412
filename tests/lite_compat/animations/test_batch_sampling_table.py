"""Per-row key tables in compat's batch sampler (``batch_sampling.sample_table``).

Objects playing their own animations of one shape (the same tracks and key counts) share a
batch kind; each row's keys sit in a table. Sampling the table must give, row for row, what
sampling that row's own spec gives (``sample_rows``), including at the key frames themselves,
before the first key and after the last, with or without easing, for Lite-rounded and exact
(Babylon's float64) specs and for quaternions.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch_sampling
from lite_compat.animations.batch_sampling import (
    FLOAT,
    QUAT,
    VEC,
    TrackSpec,
    sample_columns,
    sample_rows,
    sample_table,
)


class _Holder:
    """What a spec reads of its animation: the animation-level easing."""

    def __init__(self, easing: Any) -> None:
        self._easing = easing

    def getEasingFunction(self) -> Any:  # noqa: N802
        return self._easing


def _specs(kind: int, exact: bool, easing: bool, seed: int) -> list[TrackSpec]:
    rng = random.Random(seed)
    stride = {FLOAT: 1, VEC: 3, QUAT: 4}[kind]
    specs = []
    for i in range(40):
        frames = [0.0, float(rng.randint(5, 25)), float(rng.randint(26, 50)), 60.0]
        if exact:
            frames = [f * 1.37 / 1.37 + (1e-9 if 0 < f < 60 else 0.0) for f in frames]
        rows = []
        for _ in frames:
            if kind == QUAT:
                q = BABYLON.Quaternion.RotationAxis(
                    BABYLON.Vector3(0.3, 1, 0.2).normalize(), rng.uniform(-3, 3)
                )
                rows.append([q.x, q.y, q.z, q.w])
            else:
                comps = [rng.uniform(-5, 5) for _ in range(stride)]
                rows.append(comps if exact else [float(np.float32(c)) for c in comps])
        ease = None
        if easing and i % 3:
            ease = (BABYLON.CubicEase(), BABYLON.SineEase(), BABYLON.BackEase(0.4))[i % 3]
            ease.setEasingMode(i % 3)
        specs.append(TrackSpec(_Holder(ease), kind, stride, frames, rows, exact))
    return specs


@pytest.mark.parametrize("easing", [False, True])
@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("kind", [FLOAT, VEC, QUAT])
def test_a_table_samples_each_row_as_its_own_spec(kind: int, exact: bool, easing: bool) -> None:
    specs = _specs(kind, exact, easing, seed=kind * 4 + exact * 2 + easing)
    frames = np.array([s.frame_list for s in specs])
    values = np.stack([s.values for s in specs])
    easings = [s.animation.getEasingFunction() for s in specs]
    rng = np.random.default_rng(3)
    for trial in range(30):
        # Times between keys, on the keys themselves, before the first and after the last.
        t = rng.uniform(-5, 65, len(specs))
        if trial % 3 == 0:
            t = frames[np.arange(len(specs)), rng.integers(0, 4, len(specs))].copy()
        got = sample_table(specs[0], frames, values, t, easings if any(easings) else None)
        for i, spec in enumerate(specs):
            one = sample_rows(spec, t[i : i + 1])
            assert got[i].tolist() == one[0].tolist(), (trial, i, t[i])


@pytest.mark.parametrize("kind", [FLOAT, VEC, QUAT])
@pytest.mark.parametrize("exact", [False, True])
def test_rows_sharing_one_key_list_sample_as_the_full_table(kind: int, exact: bool) -> None:
    """A table whose rows share one key list is passed as a broadcast view (row stride 0,
    as ``BatchKind._tables`` makes it): one binary search instead of the per-row comparison,
    the same numbers bit for bit, including at keys, outside the range, at repeated keys,
    at infinities and NaN; an unsorted (or NaN) key list takes the comparison."""
    rng = np.random.default_rng(kind * 2 + exact)
    key_lists = [
        [0.0, 10.0, 25.0, 60.0],
        [0.0, 10.0, 10.0, 60.0],  # a repeated key
        [-0.0, 0.0, 30.0, 60.0],
        [0.0, 40.0, 20.0, 60.0],  # unsorted: the comparison decides
        [0.0, float("nan"), 30.0, 60.0],
    ]
    specs = _specs(kind, exact, False, seed=11)
    for keys in key_lists:
        count = 24
        shared = np.array(keys, dtype=np.float64)
        frames = np.broadcast_to(shared, (count, len(keys)))
        values = np.stack([specs[i % len(specs)].values for i in range(count)])
        for trial in range(12):
            t = rng.uniform(-5, 65, count)
            if trial % 3 == 0:
                t = shared[rng.integers(0, len(keys), count)].copy()
            if trial == 1:
                t[:4] = [np.inf, -np.inf, np.nan, -0.0]
            got = sample_table(specs[0], frames, values, t, None)
            want = sample_table(specs[0], np.ascontiguousarray(frames), values, t, None)
            assert got.tobytes() == want.tobytes(), (keys, trial)


@pytest.mark.parametrize("kind", [FLOAT, VEC, QUAT])
@pytest.mark.parametrize("shared_keys", [False, True])
def test_rows_sharing_specs_at_one_frame_sample_each_spec_once(
    kind: int, shared_keys: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table whose rows share a few specs (clones: ``Distinct``) samples each spec once
    when every row is at the same frame bit for bit, and row by row otherwise: the same
    columns as the full table, at keys, between them, outside the range, at infinities,
    NaN and both zeros (a row at -0.0 among rows at 0.0 is not at the same frame)."""
    rng = np.random.default_rng(kind * 2 + shared_keys)
    specs = _specs(kind, True, False, seed=5)[:6]
    take = rng.integers(0, len(specs), 30)
    take[: len(specs)] = np.arange(len(specs))
    lists = np.array([s.frame_list for s in specs], dtype=np.float64)
    if shared_keys:
        lists[:] = lists[0]
    rows = np.stack([s.values for s in specs])
    animations = [_Holder(None) for _ in take]
    table = (lists[take], rows[take], animations, None, (lists, rows, take))
    calls = [0]
    full = sample_table

    def counted(*args: Any) -> Any:
        calls[0] += 1
        assert len(args[3]) == (len(specs) if once else len(take))
        return full(*args)

    monkeypatch.setattr(batch_sampling, "sample_table", counted)
    frames = [0.0, 3.5, lists[0][1], lists[1][2], 60.0, 61.0, -2.0, np.inf, -np.inf, np.nan, -0.0]
    for at in frames:
        for once in (True, False):
            t = np.full(len(take), at)
            if not once:
                t[7] = -t[7] if at == 0 else at + 0.25 if np.isfinite(at) else 1.0
            got = sample_columns(specs[0], t, table)
            want = full(specs[0], lists[take], rows[take], t, None).T.tolist()
            assert np.array(got).tobytes() == np.array(want).tobytes(), (at, once)
    assert calls[0] == 2 * len(frames)
