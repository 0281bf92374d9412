"""Retargeting by joint name: rest-pose corrected rotations, proportional translations."""

from __future__ import annotations

import math

import numpy as np
import pytest

import lite
from lite.animation.constants import PATH_ROTATION, PATH_TRANSLATION, PATH_WEIGHTS
from lite.animation.evaluate import evaluate_sampler
from lite.errors import AnimationStateError, LiteWarning
from lite.skeleton.pose import create_node_pose

S = math.sqrt(0.5)


def rig(names: tuple[str, ...], nodes: tuple[lite.NodeRest, ...]) -> lite.GltfAnimationData:
    return lite.GltfAnimationData(
        clips=(),
        nodes=nodes,
        skeletons=(),
        morph_bindings=(),
        node_names=names,
        pose=create_node_pose(nodes),
    )


SOURCE = rig(
    ("hips", "knee", "tail"),
    (
        lite.NodeRest(ty=1.0),
        lite.NodeRest(parent_idx=0, ty=-0.5),
        lite.NodeRest(parent_idx=0, tz=-0.3),
    ),
)
# Twice as tall; the knee's rest is turned 90 degrees about y.
TARGET = rig(
    ("Hips", "Knee"),
    (lite.NodeRest(ty=2.0), lite.NodeRest(parent_idx=0, ty=-1.0, ry=S, rw=S)),
)


def clip(interp: int = lite.INTERP_LINEAR) -> lite.AnimationClip:
    if interp == lite.INTERP_CUBICSPLINE:
        hips = lite.AnimationSampler(
            [0.0, 1.0],
            [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0],
            interp,
        )
    else:
        hips = lite.AnimationSampler([0.0, 1.0], [0, 1, 0, 0, 1, 1], interp)
    knee = lite.AnimationSampler([0.0, 1.0], [0, 0, 0, 1, S, 0, 0, S], lite.INTERP_LINEAR)
    tail = lite.AnimationSampler([0.0, 1.0], [0, 0, 0, 1, 0, S, 0, S], lite.INTERP_LINEAR)
    weights = lite.AnimationSampler([0.0, 1.0], [0.0, 1.0], lite.INTERP_LINEAR)
    return lite.AnimationClip(
        "walk",
        (
            lite.AnimationChannel(0, 0, PATH_TRANSLATION),
            lite.AnimationChannel(1, 1, PATH_ROTATION),
            lite.AnimationChannel(2, 2, PATH_ROTATION),
            lite.AnimationChannel(3, 1, PATH_WEIGHTS),
        ),
        (hips, knee, tail, weights),
        1.0,
        30.0,
    )


def sample(c: lite.AnimationClip, node: int, path: int, t: float) -> np.ndarray:
    for ch in c.channels:
        if ch.node_idx == node and ch.path == path:
            stride = 4 if path == PATH_ROTATION else 3
            out = np.zeros(stride)
            evaluate_sampler(c.samplers[ch.sampler_idx], t, stride, path == PATH_ROTATION, out, 0)
            return out
    raise AssertionError("no channel")


def qmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return np.array(
        [
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz,
        ]
    )


def test_rotations_are_rest_corrected_and_translations_scaled() -> None:
    joint_map = {"hips": "Hips", "knee": "Knee"}
    with pytest.warns(LiteWarning) as caught:
        out = lite.retarget_clip(clip(), SOURCE, TARGET, joint_map)
    assert [w.message.code for w in caught] == ["LITE-MOTION-W01"]  # type: ignore[union-attr]
    assert "'tail'" in str(caught[0].message) and "weights" in str(caught[0].message)
    assert (out.name, out.duration, out.frame_rate) == ("walk", 1.0, 30.0)
    assert sorted((ch.node_idx, ch.path) for ch in out.channels) == [
        (0, PATH_TRANSLATION),
        (1, PATH_ROTATION),
    ]
    # Hips: rest (0, 2, 0), and the 1-unit stride of a rig half the height becomes 2 units.
    np.testing.assert_allclose(sample(out, 0, PATH_TRANSLATION, 0.0), [0, 2, 0], atol=1e-7)
    np.testing.assert_allclose(sample(out, 0, PATH_TRANSLATION, 1.0), [0, 2, 2], atol=1e-7)
    # Knee: at rest it is the target's rest; the 90-degree swing about x plays from there.
    rest = np.array([0, S, 0, S])
    np.testing.assert_allclose(sample(out, 1, PATH_ROTATION, 0.0), rest, atol=1e-7)
    np.testing.assert_allclose(
        sample(out, 1, PATH_ROTATION, 1.0), qmul(rest, np.array([S, 0, 0, S])), atol=1e-7
    )


def test_identical_rigs_give_the_same_values() -> None:
    with pytest.warns(LiteWarning):
        out = lite.retarget_clip(clip(), SOURCE, SOURCE)
    for t in (0.0, 0.3, 1.0):
        np.testing.assert_allclose(
            sample(out, 0, PATH_TRANSLATION, t), sample(clip(), 0, PATH_TRANSLATION, t), atol=1e-7
        )
        np.testing.assert_allclose(
            sample(out, 2, PATH_ROTATION, t), sample(clip(), 2, PATH_ROTATION, t), atol=1e-7
        )


def test_cubic_tangents_map_with_the_linear_part() -> None:
    with pytest.warns(LiteWarning):
        out = lite.retarget_clip(
            clip(lite.INTERP_CUBICSPLINE), SOURCE, TARGET, {"hips": "Hips", "knee": "Knee"}
        )
    for t in (0.25, 0.5, 0.8):
        src = sample(clip(lite.INTERP_CUBICSPLINE), 0, PATH_TRANSLATION, t)
        want = 2.0 * src + np.array([0.0, 2.0 - 2.0 * 1.0, 0.0])
        np.testing.assert_allclose(sample(out, 0, PATH_TRANSLATION, t), want, atol=1e-6)


def test_strict_mode_and_bad_maps_are_refused() -> None:
    with pytest.raises(AnimationStateError) as exc:
        lite.retarget_clip(clip(), SOURCE, TARGET, {"hips": "Hips", "knee": "Knee"}, strict=True)
    assert exc.value.code == "LITE-MOTION-032"
    with pytest.raises(AnimationStateError) as exc:
        lite.retarget_clip(clip(), SOURCE, TARGET, {"hips": "Pelvis"})
    assert exc.value.code == "LITE-MOTION-031" and "'Pelvis'" in str(exc.value)
    with pytest.raises(AnimationStateError) as exc:
        lite.retarget_clip(clip(), SOURCE, TARGET, {"spine": "Hips"})
    assert exc.value.code == "LITE-MOTION-031"
    with pytest.raises(AnimationStateError) as exc:
        lite.retarget_clip(clip(), "rig", TARGET)
    assert exc.value.code == "LITE-MOTION-030"
    with pytest.raises(AnimationStateError) as exc:
        lite.retarget_clip("clip", SOURCE, TARGET)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-MOTION-010"
