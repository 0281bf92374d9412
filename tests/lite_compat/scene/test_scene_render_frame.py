"""A whole ``scene.render()`` frame with every fast path of the render pipeline on (the
plain-mesh pass, the inline frustum test, the batched palette pass with its node read and lazy
bones) against the paths they replace (every mesh through its methods, ``mesh.isInFrustum``,
``Skeleton.prepare`` one skeleton at a time).

Two copies of one seeded scene (skinned meshes whose bones follow TransformNodes, a few bones
without a node, nested parents) run the same seeded script: between renders it edits the linked
nodes in place and by assignment, swaps their vector objects, re-parents them, reads bones
(and holds their vectors and matrices), writes bones, disables meshes and swaps skeletons.
Every value the script reads, every palette after every render and every bone's final state
are equal (``==``: the batched sum may write ``+0.0`` where Babylon's identity copy keeps
``-0.0``), and so are the skeletons' dirty flags and render ids.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import lite_compat.scene.scene_render as scene_render
from lite_compat import (
    Bone,
    FreeCamera,
    Matrix,
    MeshBuilder,
    NullEngine,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)
from lite_compat.bones import skeleton_batch
from tests.lite_compat._support import random_quaternion as _quat
from tests.lite_compat._support import random_vector3 as _vec


def _build(rng: random.Random) -> tuple[Scene, list[Any], list[Skeleton], list[TransformNode]]:
    scene = Scene(NullEngine())
    camera = FreeCamera("camera", Vector3(0, 1, -10), scene)
    camera.setTarget(Vector3.Zero())
    skeletons: list[Skeleton] = []
    nodes: list[TransformNode] = []
    meshes: list[Any] = []
    # Some worlds link every bone (every skeleton goes lazy), others leave a few unlinked.
    p_link = rng.choice([1.0, 0.9])
    for s in range(rng.randint(3, 6)):
        skeleton = Skeleton(f"s{s}", f"s{s}", scene)
        linked: list[TransformNode] = []
        for b in range(rng.randint(2, 8)):
            parent = skeleton.bones[rng.randrange(b)] if b else None
            bone = Bone(
                f"b{b}",
                skeleton,
                parent,
                Matrix.Compose(_vec(rng, 0.5, 1.5), _quat(rng), _vec(rng)),
            )
            if rng.random() < p_link:
                node = TransformNode(f"n{s}_{b}", scene)
                node.rotationQuaternion = _quat(rng)
                node.position = _vec(rng)
                if linked and rng.random() < 0.7:
                    node.parent = linked[rng.randrange(len(linked))]
                bone.linkTransformNode(node)
                linked.append(node)
        nodes += linked
        skeletons.append(skeleton)
        for m in range(rng.randint(1, 2)):
            mesh = MeshBuilder.CreateBox(f"m{s}_{m}", {"size": 1}, scene)
            mesh.position = _vec(rng, -3, 3)
            mesh.skeleton = skeleton
            meshes.append(mesh)
    return scene, meshes, skeletons, nodes


def _matrix(m: Matrix) -> list[float]:
    return list(m._m)


def _script(
    rng: random.Random,
    meshes: list[Any],
    skeletons: list[Skeleton],
    nodes: list[TransformNode],
    held: list[Any],
) -> list[Any]:
    """One round of a script's edits and reads; returns what it read."""
    out: list[Any] = []
    for _ in range(rng.randint(0, 6)):
        op = rng.randrange(14)
        node = rng.choice(nodes)
        skeleton = rng.choice(skeletons)
        bone = rng.choice(skeleton.bones)
        if op == 0:
            node.position.x = rng.uniform(-1, 1)
        elif op == 1:
            node.position = _vec(rng)
        elif op == 2:
            node.rotationQuaternion.copyFrom(_quat(rng))  # type: ignore[union-attr]
        elif op == 3:
            node.rotationQuaternion = _quat(rng)
        elif op == 4:
            node.scaling.y = rng.uniform(0.5, 2)
        elif op == 5:
            node.scaling = _vec(rng, 0.5, 1.5)
        elif op == 6:
            held.append(bone.position)
            out.append(bone.position.asArray())
        elif op == 7:
            held.append(bone.getFinalMatrix())
            out.append(_matrix(bone.getFinalMatrix()))
        elif op == 8:
            out.append(bone.getAbsolutePosition(rng.choice(meshes)).asArray())
        elif op == 9:
            bone.setPosition(_vec(rng))
        elif op == 10:
            mesh = rng.choice(meshes)
            mesh.setEnabled(not mesh.isEnabled())
        elif op == 11:
            rng.choice(meshes).skeleton = rng.choice([None, *skeletons])
        elif op == 12:
            out.append(_matrix(bone.getLocalMatrix()))
        else:
            skeleton.computeAbsoluteMatrices()
            out.append(_matrix(bone.getAbsoluteMatrix()))
    out.append([v.asArray() if isinstance(v, Vector3) else _matrix(v) for v in held])
    return out


def _frame(scene: Scene, skeletons: list[Skeleton]) -> list[Any]:
    return [
        (
            list(sk._transformMatrices) if sk._transformMatrices is not None else None,
            sk._isDirty,
            sk._absoluteTransformIsDirty,
            sk._currentRenderId,
        )
        for sk in skeletons
    ] + [scene.getActiveBones()]


def _bones(skeletons: list[Skeleton]) -> list[Any]:
    out = []
    for sk in skeletons:
        for bone in sk.bones:
            out.append(
                (
                    bone.position.asArray(),
                    bone.rotationQuaternion.asArray(),
                    bone.scaling.asArray(),
                    _matrix(bone.getFinalMatrix()),
                    _matrix(bone.getLocalMatrix()),
                    bone._currentRenderId,
                    bone._childUpdateId,
                )
            )
    return out


def _run(seed: int, fast: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    monkeypatch.setattr(scene_render, "FAST_MESHES", fast)
    monkeypatch.setattr(scene_render, "FAST_FRUSTUM", fast)
    monkeypatch.setattr(skeleton_batch, "enabled", fast)
    rng = random.Random(seed)
    scene, meshes, skeletons, nodes = _build(rng)
    trace: list[Any] = []
    held: list[Any] = []
    for _ in range(12):
        scene.render()
        trace.append(_frame(scene, skeletons))
        trace.append(_script(rng, meshes, skeletons, nodes, held))
    trace.append(_bones(skeletons))
    scene.getEngine().dispose()
    return trace


@pytest.mark.parametrize("seed", range(12))
def test_render_frame_fast_paths_match_the_paths_they_replace(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _run(seed, True, monkeypatch)
    reference = _run(seed, False, monkeypatch)
    assert len(fast) == len(reference)
    for step, (a, b) in enumerate(zip(fast, reference, strict=True)):
        assert a == b, (seed, step)


def test_render_frame_test_fails_on_a_broken_node_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batched node read that misses a node's rotation (reads the stale row) is caught."""
    original = skeleton_batch._read_nodes

    def stale_rotation(layout: Any) -> bool:
        before = layout.trs.copy()
        ok = original(layout)
        if ok and layout.n:
            layout.trs[3:7] = before[3:7]
        return ok

    reference = _run(4, False, monkeypatch)
    monkeypatch.setattr(skeleton_batch, "_read_nodes", stale_rotation)
    assert _run(4, True, monkeypatch) != reference
