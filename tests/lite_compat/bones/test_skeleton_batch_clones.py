"""The batched palette pass's clone shortcut (``skeleton_batch.clone_pass``): skeletons of one
structure whose linked nodes all hold the same TRS, bit for bit, are computed once and copied.

Differential: seeded programs pose a crowd of clone skeletons alike, then move one clone's
node (the last one among them), write a ``-0.0`` where the others hold ``0.0``, edit a vector
in place, and bind one clone differently; every render's palettes, final matrices and bone
TRS reads equal the pass without the shortcut (``clone_pass = False``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from lite_compat import (
    Bone,
    Matrix,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)
from lite_compat.bones import skeleton_batch

_BONES = 7
_CLONES = 5


def _crowd(seed: int, odd_bind: bool) -> tuple[Scene, list[Skeleton], list[list[TransformNode]]]:
    rng = random.Random(seed)
    scene = Scene(NullEngine())
    parents = [-1] + [rng.randrange(b) if rng.random() < 0.85 else -1 for b in range(1, _BONES)]
    rest = [
        Matrix.Compose(
            Vector3(1, 1, 1),
            Quaternion.RotationYawPitchRoll(rng.uniform(-3, 3), rng.uniform(-3, 3), 0.5),
            Vector3(rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)),
        )
        for _ in range(_BONES)
    ]
    skeletons: list[Skeleton] = []
    nodes: list[list[TransformNode]] = []
    for c in range(_CLONES):
        skeleton = Skeleton(f"s{c}", f"s{c}", scene)
        own: list[TransformNode] = []
        for b in range(_BONES):
            parent = skeleton.bones[parents[b]] if parents[b] >= 0 else None
            local = rest[b]
            if odd_bind and c == _CLONES - 1 and b == _BONES - 1:
                local = Matrix.Translation(0.125, 0, 0).multiply(local)
            bone = Bone(f"b{b}", skeleton, parent, local.clone())
            node = TransformNode(f"n{c}_{b}", scene)
            node.rotationQuaternion = Quaternion()
            bone.linkTransformNode(node)
            own.append(node)
        skeletons.append(skeleton)
        nodes.append(own)
    return scene, skeletons, nodes


def _pose_all(rng: random.Random, nodes: list[list[TransformNode]]) -> None:
    pose = [
        (
            (rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)),
            Quaternion.RotationYawPitchRoll(rng.uniform(-3, 3), rng.uniform(-3, 3), 0.25),
            (rng.uniform(0.5, 1.5), rng.uniform(0.5, 1.5), rng.uniform(0.5, 1.5)),
        )
        for _ in range(_BONES)
    ]
    for own in nodes:
        for node, (p, q, s) in zip(own, pose, strict=True):
            node.position = Vector3(*p)
            node.rotationQuaternion = q.clone()
            node.scaling = Vector3(*s)


def _state(skeletons: list[Skeleton]) -> list[Any]:
    out: list[Any] = []
    for skeleton in skeletons:
        out.append(bytes(skeleton._transformMatrices))
        for bone in skeleton.bones:
            out.append(tuple(bone.getFinalMatrix()._m))
            out.append(tuple(bone.position.asArray() + bone.scaling.asArray()))
            out.append(tuple(bone.rotationQuaternion.asArray()))
    return out


def _play(seed: int, clone_pass: bool, odd_bind: bool) -> tuple[list[Any], int]:
    previous = skeleton_batch.clone_pass
    skeleton_batch.clone_pass = clone_pass
    try:
        scene, skeletons, nodes = _crowd(seed, odd_bind)
        rng = random.Random(seed * 31 + 7)
        states: list[Any] = []
        shortcuts = 0
        for frame in range(14):
            action = frame % 5
            _pose_all(rng, nodes)
            if action == 1:
                nodes[-1][rng.randrange(_BONES)].position.x += 0.5  # in place, the last clone
            elif action == 2:
                nodes[2][0].position = Vector3(0.0, 1.0, 2.0)
                for own in nodes[:2] + nodes[3:]:
                    own[0].position = Vector3(-0.0, 1.0, 2.0)  # equal, not the same bits
            elif action == 3:
                nodes[1][3].rotationQuaternion.w += 0.0  # the same number again
            for skeleton in skeletons:
                skeleton._currentRenderId = -99
            skeleton_batch.prepare_skeletons(skeletons, len(skeletons), scene)
            layout = scene._skeletonBatchLayout
            if layout is not None and skeleton_batch._same_pose(layout):
                shortcuts += 1
            states.append(_state(skeletons))
        scene.getEngine().dispose()
        return states, shortcuts
    finally:
        skeleton_batch.clone_pass = previous


@pytest.mark.parametrize("odd_bind", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_clones_posed_alike_give_the_numbers_of_each_computed(seed: int, odd_bind: bool) -> None:
    fast, shortcuts = _play(seed, True, odd_bind)
    slow, _ = _play(seed, False, odd_bind)
    assert fast == slow
    # Taken in the frames where every clone reads the same bits, unless one is bound apart.
    assert (shortcuts > 0) == (not odd_bind)
    assert shortcuts < len(fast)


def test_a_shortcut_that_ignores_a_clone_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    slow, _ = _play(0, False, False)

    def first_two(layout: Any) -> bool:
        # Compares only the first two skeletons (forgets the last clone's move).
        if layout.first is None:
            return False
        words = layout.trs.view(np.uint64).reshape(len(layout.spans), layout.rows)
        return bool((words[:2] == words[0]).all())

    monkeypatch.setattr(skeleton_batch, "_same_pose", first_two)
    broken, _ = _play(0, True, False)
    assert broken != slow
