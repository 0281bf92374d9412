"""``batch_sampling.sample_table``'s key search and gathers (keys counted column by column up to
``_COLUMN_COUNT_MAX`` keys, flat takes) against the 2-D fancy indexing they replace, bit for
bit: 2 to 12 keys (both sides of the column limit), times on keys, between them, before the
first, after the last, NaN and infinities, FLOAT, vector and quaternion tables, Lite-rounded
and exact. A broken search or gather changes a row's value and is caught.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from lite_compat.animations import batch_sampling
from lite_compat.animations.batch_sampling import (
    FLOAT,
    QUAT,
    VEC,
    TrackSpec,
    _eased_rows,
    _slerp_rows,
    sample_table,
)


class _Holder:
    def getEasingFunction(self) -> Any:  # noqa: N802 - Babylon's name
        return None


def _reference(
    spec: TrackSpec, frames: np.ndarray, values: np.ndarray, t: np.ndarray
) -> np.ndarray:
    # sample_table as it was: searchsorted by a row sum, 2-D fancy indexing.
    count, keys = frames.shape
    last = keys - 1
    idx = (frames <= t[:, None]).sum(axis=1) - 1
    np.clip(idx, 0, last - 1, out=idx)
    rows = np.arange(count)
    start = frames[rows, idx]
    a = values[rows, idx]
    b = values[rows, idx + 1]
    low = t < frames[:, 0] if spec.exact or spec.kind == QUAT else t <= frames[:, 0]
    high = t >= frames[:, last]
    inner = ~(low | high)
    with np.errstate(all="ignore"):
        g = _eased_rows((t - start) / (frames[rows, idx + 1] - start), inner, None, None)
        if spec.kind != QUAT:
            out: np.ndarray = a + g[:, None] * (b - a)
            if not spec.exact:
                out = out.astype(np.float32)
        else:
            out = _slerp_rows(a, b, g)
    if low.any():
        out[low] = values[low, 0]
    if high.any():
        out[high] = values[high, last]
    return out


@pytest.mark.parametrize("keys", [2, 3, batch_sampling._COLUMN_COUNT_MAX, 9, 12])
@pytest.mark.parametrize("kind", [FLOAT, VEC, QUAT])
def test_table_search_and_gathers_equal_the_fancy_indexing(kind: int, keys: int) -> None:
    rng = np.random.default_rng(keys * 7 + kind)
    stride = {FLOAT: 1, VEC: 3, QUAT: 4}[kind]
    rows = 300
    frames = np.sort(rng.uniform(0, 60, (rows, keys)), axis=1)
    frames[:, 0] = 0.0
    frames[:, -1] = 60.0
    frames[::7, 1] = frames[::7, 0]  # repeated key frames
    values = rng.uniform(-2, 2, (rows, keys, stride))
    if kind == QUAT:
        values /= np.linalg.norm(values, axis=2, keepdims=True)
    for exact in (False, True):
        spec = TrackSpec(_Holder(), kind, stride, frames[0].tolist(), values[0].tolist(), exact)
        for trial in range(6):
            t = rng.uniform(-5, 65, rows)
            if trial % 2:
                t[::3] = frames[np.arange(0, rows, 3), rng.integers(0, keys, len(t[::3]))]
            t[5] = np.nan
            t[6] = np.inf
            t[7] = -np.inf
            got = sample_table(spec, frames, values, t, None)
            want = _reference(spec, frames, values, t)
            assert got.dtype == want.dtype
            assert got.tobytes() == want.tobytes(), (kind, keys, exact, trial)
