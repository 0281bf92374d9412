"""The batched palette pass (``skeleton_batch``) against ``Skeleton.prepare``, the scalar port
of Babylon.js's per-bone code (itself checked against recordings by compat_render_prepare,
compat_render_skin_pose, compat_render_skeletons, which run the batched pass).

Bound: every palette entry, final matrix and bone TRS equal as numbers (``==``; Babylon's
identity-flag copy in ``multiplyToRef`` may keep a ``-0.0`` the batched sum writes as ``+0.0``).
"""

from __future__ import annotations

import random
import tracemalloc
from typing import Any

import numpy as np
import pytest

from lite_compat import Bone, Matrix, Quaternion, Scene, Skeleton, TransformNode, Vector3
from lite_compat.bones import skeleton_batch
from tests.lite_compat._support import random_quaternion as _quat
from tests.lite_compat._support import random_vector3 as _vec


class _Override(Bone):
    """A Bone subclass (takes the setters' path; its skeleton goes the scalar way)."""


class _PoseMesh:
    """A stand-in skinned mesh for ``needInitialSkinMatrix`` (a pose matrix and a palette)."""

    def __init__(self, pose: Matrix) -> None:
        self._pose = pose
        self._bonesTransformMatrices: Any = None

    def getPoseMatrix(self) -> Matrix:
        return self._pose


def _scale(rng: random.Random) -> Vector3:
    return Vector3(rng.uniform(0.5, 1.5), rng.uniform(0.5, 1.5), rng.uniform(-1.5, 1.5))


def _node_pose(rng: random.Random, node: TransformNode) -> None:
    node.position = _vec(rng)
    node.scaling = _scale(rng)
    if node.rotationQuaternion is not None:
        node.rotationQuaternion = _quat(rng)
    else:
        node.rotation = _vec(rng, -3, 3)


def _world(seed: int, scene: Scene) -> tuple[list[Skeleton], list[TransformNode], list[Any]]:
    rng = random.Random(seed)
    nodes = []
    for i in range(12):
        node = TransformNode(f"n{i}", scene)
        if rng.random() < 0.8:
            node.rotationQuaternion = Quaternion()
        _node_pose(rng, node)
        nodes.append(node)
    skeletons: list[Skeleton] = []
    meshes: list[Any] = []
    for s in range(rng.randint(2, 6)):
        sk = Skeleton(f"s{s}", f"s{s}", scene)
        count = rng.randint(1, 12)
        override = rng.random() < 0.15
        for b in range(count):
            parent = sk.bones[rng.randrange(b)] if b and rng.random() < 0.85 else None
            local = Matrix.Compose(_scale(rng), _quat(rng), _vec(rng))
            cls = _Override if override and b == count - 1 else Bone
            index = None
            if rng.random() < 0.1:
                index = -1
            bone = cls(f"b{b}", sk, parent, local, None, None, index)
            if rng.random() < 0.6:
                bone.linkTransformNode(rng.choice(nodes))  # nodes shared across skeletons
        if rng.random() < 0.2:
            # A palette order other than the bone order.
            order = list(range(count))
            rng.shuffle(order)
            for bone, target in zip(sk.bones, order, strict=True):
                if bone._index != -1:
                    bone._index = target
        if rng.random() < 0.15:
            sk.needInitialSkinMatrix = True
            mesh = _PoseMesh(Matrix.Compose(_scale(rng), _quat(rng), _vec(rng)))
            sk._registerMeshWithPoseMatrix(mesh)
            meshes.append(mesh)
        skeletons.append(sk)
    return skeletons, nodes, meshes


def _palette(sk: Skeleton, meshes: list[Any]) -> np.ndarray:
    if sk.needInitialSkinMatrix:
        return np.array(sk._meshesWithPoseMatrix[0]._bonesTransformMatrices, dtype=np.float32)
    return np.array(sk._transformMatrices, dtype=np.float32)


def _state(skeletons: list[Skeleton], meshes: list[Any]) -> list[np.ndarray]:
    out = []
    for sk in skeletons:
        out.append(_palette(sk, meshes))
        for bone in sk.bones:
            out.append(np.array(bone.getFinalMatrix()._m, dtype=np.float32))
            out.append(np.array(bone.getLocalMatrix()._m, dtype=np.float32))
            out.append(np.array(bone.position.asArray() + bone.scaling.asArray()))
            out.append(np.array(bone.rotationQuaternion.asArray()))
    return out


def _batched(scene: Scene, skeletons: list[Skeleton]) -> None:
    for sk in skeletons:
        sk._currentRenderId = -99
    skeleton_batch.prepare_skeletons(skeletons, len(skeletons), scene)


def _scalar(skeletons: list[Skeleton]) -> None:
    for sk in skeletons:
        sk._isDirty = True
        sk.prepare(True)


@pytest.mark.parametrize("seed", range(40))
def test_batched_pass_equals_scalar_prepare(seed: int, scene: Scene) -> None:
    rng = random.Random(1000 + seed)
    skeletons, nodes, meshes = _world(seed, scene)
    for _round in range(3):
        _batched(scene, skeletons)
        batched = _state(skeletons, meshes)
        _scalar(skeletons)
        scalar = _state(skeletons, meshes)
        assert len(batched) == len(scalar)
        for a, b in zip(batched, scalar, strict=True):
            assert np.array_equal(a, b), (a, b)
        # What a script changes between renders: linked nodes' TRS, bones without a linked
        # node (setPosition / the _matrix a Matrix animation writes), dirty marks.
        for node in rng.sample(nodes, 4):
            _node_pose(rng, node)
        for sk in skeletons:
            for bone in sk.bones:
                if bone.getTransformNode() is None and rng.random() < 0.5:
                    if rng.random() < 0.5:
                        bone.setPosition(_vec(rng))
                    else:
                        bone._matrix = Matrix.Compose(_scale(rng), _quat(rng), _vec(rng))
            if rng.random() < 0.3:
                sk._markAsDirty()


def test_eligible_skeletons_take_the_batched_pass(scene: Scene) -> None:
    skeletons, _, _ = _world(3, scene)
    for sk in skeletons:
        sk.needInitialSkinMatrix = False
        for bone in sk.bones:
            bone.__class__ = Bone
    _batched(scene, skeletons)
    layout = scene._skeletonBatchLayout
    assert layout is not None and layout.n == sum(len(sk.bones) for sk in skeletons)
    assert all(not sk._isDirty for sk in skeletons)


def test_disabled_runs_the_scalar_path(scene: Scene, monkeypatch: pytest.MonkeyPatch) -> None:
    skeletons, _, meshes = _world(5, scene)
    monkeypatch.setattr(skeleton_batch, "enabled", False)
    calls: list[Skeleton] = []
    original = Skeleton.prepare

    def spy(self: Skeleton, dontCheckFrameId: bool = False) -> None:
        calls.append(self)
        original(self, dontCheckFrameId)

    monkeypatch.setattr(Skeleton, "prepare", spy)
    _batched(scene, skeletons)
    assert calls == skeletons


def test_a_prepared_skeleton_is_not_prepared_twice_in_one_render(scene: Scene) -> None:
    skeletons, nodes, _ = _world(7, scene)
    _batched(scene, skeletons)
    before = _state(skeletons, [])
    for node in nodes:
        node.position = Vector3(9, 9, 9)
    # Same render id: nothing recomputed (Babylon's _currentRenderId check).
    skeleton_batch.prepare_skeletons(skeletons, len(skeletons), scene)
    after = _state(skeletons, [])
    for a, b in zip(before, after, strict=True):
        assert np.array_equal(a, b)


def test_warm_batched_frames_allocate_nothing_net(scene: Scene) -> None:
    rng = random.Random(11)
    nodes = []
    skeletons = []
    for s in range(20):
        sk = Skeleton(f"s{s}", f"s{s}", scene)
        for b in range(16):
            parent = sk.bones[rng.randrange(b)] if b else None
            bone = Bone(f"b{b}", sk, parent, Matrix.Compose(_scale(rng), _quat(rng), _vec(rng)))
            if b % 2 == 0:
                node = TransformNode(f"n{s}_{b}", scene)
                node.rotationQuaternion = _quat(rng)
                bone.linkTransformNode(node)
                nodes.append(node)
        skeletons.append(sk)
    for _ in range(300):  # every per-bone counter past the small-int cache (256)
        _batched(scene, skeletons)
    layout = scene._skeletonBatchLayout
    tracemalloc.start()
    try:
        # One traced frame first: the counters it bumps (render ids, update flags) become
        # new ints once, then each frame replaces them.
        _batched(scene, skeletons)
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(200):
            _batched(scene, skeletons)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert scene._skeletonBatchLayout is layout
    assert after - before <= 2048


@pytest.mark.parametrize("seed", range(6))
def test_batched_cpu_skinning_is_bit_for_bit_the_scalar_loop(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # getPositionData(applySkeleton) / refreshBoundingInfo(applySkeleton): ApplySkeleton.
    import array
    import struct

    from lite_compat.meshes import vertex_deformation as amm
    from lite_compat.meshes.vertex_data import VertexBuffer

    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(1, 40)
        bones = rng.randint(1, 6)
        palette = array.array("f", [rng.uniform(-3, 3) for _ in range(16 * (bones + 1))])

        def influences(n: int = n, bones: int = bones) -> tuple[Any, Any]:
            idx = array.array("f", [rng.randrange(bones + 1) for _ in range(4 * n)])
            w = array.array("f", [max(0.0, rng.uniform(-0.3, 1)) for _ in range(4 * n)])
            return idx, w

        idx, w = influences()
        idx_x, w_x = influences() if rng.random() < 0.3 else (None, None)
        kind = rng.choice([VertexBuffer.PositionKind, VertexBuffer.NormalKind])
        base: Any = [rng.uniform(-5, 5) for _ in range(3 * n)]
        if rng.random() < 0.5:
            base = array.array("f", base)
        batched, scalar = base[:], base[:]
        assert amm._apply_skeleton_batched(batched, kind, palette, idx, w, idx_x, w_x)
        with monkeypatch.context() as patch:
            patch.setattr(amm, "_apply_skeleton_batched", lambda *_a: False)
            amm._apply_skeleton(scalar, kind, palette, idx, w, idx_x, w_x)
        assert [struct.pack("d", v) for v in batched] == [struct.pack("d", v) for v in scalar]


def test_batched_cpu_skinning_leaves_odd_indices_to_the_scalar_loop() -> None:
    import array

    from lite_compat.meshes import vertex_deformation as amm
    from lite_compat.meshes.vertex_data import VertexBuffer

    palette = array.array("f", [1.0] * 32)
    data = [1.0, 2.0, 3.0]
    for index in (-1.0, 5.0, 0.5, float("nan")):
        idx = array.array("f", [index, 0, 0, 0])
        w = array.array("f", [1, 0, 0, 0])
        assert not amm._apply_skeleton_batched(
            data, VertexBuffer.PositionKind, palette, idx, w, None, None
        )
        assert data == [1.0, 2.0, 3.0]
