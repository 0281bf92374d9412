"""Clips stay immutable through copy.copy, copy.deepcopy and pickle (issue 15, finding 15).

A copy's key arrays are read-only like the original's, so an edit raises instead of splitting
the batched path (which reads ``sampler.output``) from the per-group path (``sampler._values``).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from types import SimpleNamespace

import numpy as np
import pytest

import lite
from lite.animation.types import AnimationClip, AnimationSampler, PropertyAnimationClip
from lite.batch.engine import enable_batched_evaluation

COPIES: dict[str, Callable[[object], object]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda obj: pickle.loads(pickle.dumps(obj)),
}


def _property_clip() -> PropertyAnimationClip:
    return lite.create_property_animation_clip(
        "c",
        [{"path": "x", "keys": [{"time": 0, "value": 0.0}, {"time": 1, "value": 1.0}]}],
    )


def _frozen(sampler: AnimationSampler) -> bool:
    arrays = (sampler.input, sampler.output, sampler.input_f64)
    return not any(a.flags.writeable for a in arrays)


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_sampler_keeps_read_only_arrays(how: str) -> None:
    s = AnimationSampler(np.array([0.0, 1.0, 2.0]), np.array([0.0, 0.5, 1.0]), 0)
    c = COPIES[how](s)
    assert isinstance(c, AnimationSampler)
    assert _frozen(c)
    np.testing.assert_array_equal(c.output, s.output)
    assert c.times == s.times
    with pytest.raises(ValueError, match="read-only"):
        c.output[1] = 50.0


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_gltf_clip_keeps_read_only_arrays(how: str) -> None:
    s = AnimationSampler(np.array([0.0, 1.0]), np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0]), 0)
    clip = AnimationClip("a", [lite.AnimationChannel(0, 0, 0)], [s], 1.0)
    c = COPIES[how](clip)
    assert isinstance(c, AnimationClip)
    assert all(_frozen(x) for x in c.samplers)


@pytest.mark.parametrize("how", sorted(COPIES))
def test_batched_and_per_group_agree_after_copying_a_property_clip(how: str) -> None:
    clip = COPIES[how](_property_clip())
    assert isinstance(clip, PropertyAnimationClip)
    sampler = clip.tracks[0].sampler
    assert _frozen(sampler)
    with pytest.raises(ValueError, match="read-only"):
        sampler.output[1] = 50.0
    values = []
    for batched in (False, True):
        m = lite.create_animation_manager(batched=False)
        if batched:
            enable_batched_evaluation(m).property_min = 1
        targets = [SimpleNamespace(x=0.0) for _ in range(3)]
        for t in targets:
            lite.create_property_animation_group(m, t, clip)
        lite.update_animation_manager(m, 0.0)
        lite.update_animation_manager(m, 500.0)
        values.append([t.x for t in targets])
    assert values[0] == pytest.approx([0.5] * 3, abs=1e-6)
    assert values[1] == pytest.approx(values[0], abs=1e-6)
