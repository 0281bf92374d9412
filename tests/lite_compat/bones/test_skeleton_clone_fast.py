"""``Skeleton.clone``'s fast paths vs the paths they replace, bit for bit.

New bones take their absolute bind matrices from a memo keyed on the exact inputs
(``Bone._initAbsoluteBindMatrices``) and a clone hands its source's bind matrix to the Bone
constructor uncopied. The reference is the plain computation
(``Bone._updateAbsoluteBindMatrices``) with Babylon's extra copy; every attribute of the
clones, their bones and their matrices (numbers, identity caches, which update flags are
shared) must be the same, over seeded random skeletons and scripts that edit the source or
the clone after cloning.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.bones import bone as bone_module
from lite_compat.bones import skeleton as skeleton_module
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.math import Matrix, Quaternion, Vector3
from tests._seeds import sweep


def _matrix(rng: random.Random) -> Matrix:
    kind = rng.random()
    if kind < 0.15:
        return Matrix.Identity()
    if kind < 0.2:
        return Matrix.Zero()  # singular: the path the memo leaves alone
    s = [rng.choice([-1.0, 1.0]) * rng.uniform(0.3, 2.0) for _ in range(3)]
    q = Quaternion.RotationYawPitchRoll(*(rng.uniform(-math.pi, math.pi) for _ in range(3)))
    t = Vector3(*(rng.uniform(-5, 5) for _ in range(3)))
    return Matrix.Compose(Vector3(*s), q, t)


def _build(seed: int) -> tuple[Any, Skeleton]:
    rng = random.Random(seed)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    skeleton = Skeleton("s", "s", scene)
    for i in range(rng.randint(1, 12)):
        parent = rng.choice([None, *skeleton.bones]) if skeleton.bones else None
        bone = Bone(f"b{i}", skeleton, parent, _matrix(rng), index=rng.choice([None, -1, i]))
        if rng.random() < 0.7:
            node = BABYLON.TransformNode(f"n{i}", scene)
            node.position.set(*(rng.choice([0, 1, -0.0, rng.uniform(-1, 1)]) for _ in range(3)))
            node.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.1 * i, 0.2, 0.3)
            node.scaling.set(1.0, rng.uniform(0.5, 1.5), 1.0)
            bone.linkTransformNode(node)
    skeleton.needInitialSkinMatrix = False
    return scene, skeleton


def _script(rng: random.Random, source: Skeleton, clone: Skeleton) -> None:
    # Edits after cloning, on the source or the clone, then a prepare of both.
    for _ in range(3):
        target = rng.choice([source, clone])
        bone = rng.choice(target.bones)
        op = rng.randrange(3)
        if op == 0:
            bone.updateMatrix(_matrix(rng))
        elif op == 1:
            bone.position = Vector3(rng.uniform(-1, 1), 0.5, 0.25)
        else:
            bone.setParent(None)
    source.prepare(True)
    clone.prepare(True)


def _snapshot(root: object) -> list[Any]:
    """Every attribute reachable from ``root`` through bones and matrices, update flags
    replaced by their rank among the flags seen."""
    flags: list[_Flag] = []
    seen: dict[int, int] = {}
    out: list[Any] = []

    def value(v: Any) -> Any:
        if isinstance(v, Matrix):
            flag = _Flag(v.updateFlag)
            flags.append(flag)
            return ("M", v.m.tobytes(), v._isIdentity, v._isIdentityDirty, v._isIdentity3x2,
                    v._isIdentity3x2Dirty, flag)  # fmt: skip
        if isinstance(v, Quaternion):
            return ("Q", v.x, v.y, v.z, v.w)
        if isinstance(v, Vector3):
            return ("V", v.x, v.y, v.z)
        if isinstance(v, (Bone, Skeleton)):
            if id(v) not in seen:
                seen[id(v)] = len(seen)
                todo.append(v)
            return (type(v).__name__, seen[id(v)])
        if isinstance(v, BABYLON.TransformNode):
            return ("N", v.name)
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        if isinstance(v, dict):
            return sorted((k, repr(value(x))) for k, x in v.items())
        if v is None or isinstance(v, (bool, int, float, str, bytes)):
            return v
        if hasattr(v, "tobytes"):
            return ("A", v.tobytes())
        return type(v).__name__

    todo: list[Any] = [root]
    base = root.uniqueId  # type: ignore[attr-defined]
    seen[id(root)] = 0
    while todo:
        obj = todo.pop(0)
        for name in sorted(vars(obj)):
            if name == "_scene":
                continue
            v = vars(obj)[name]
            if name in ("uniqueId", "_uniqueId"):
                v -= base  # ids are a process-wide counter: compare them relative
            out.append((seen[id(obj)], name, value(v)))
    # Update flags are a process-wide counter: keep their order (which matrix was updated
    # after which, which share a flag), not their values.
    rank = {f: i for i, f in enumerate(sorted({f.raw for f in flags}))}
    for f in flags:
        f.raw = rank[f.raw]
    return out


class _Flag:
    __slots__ = ("raw",)

    def __init__(self, raw: int) -> None:
        self.raw = raw

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Flag) and other.raw == self.raw

    def __repr__(self) -> str:
        return f"flag{self.raw}"

    __hash__ = None  # type: ignore[assignment]


def _reference_clone(self: Skeleton, name: str, id: str | None = None) -> Skeleton:  # noqa: A002
    # The replaced path: Babylon's copy of the bind matrix handed to the constructor, which
    # computes the absolute bind matrices.
    original = Bone.__init__

    def init(
        bone: Bone,
        name: str,
        skeleton: Skeleton,
        parent: Any = None,
        local: Matrix | None = None,
        rest: Matrix | None = None,
        *a: Any,
    ) -> None:
        original(bone, name, skeleton, parent, local.clone() if local is not None else None,
                 rest, *a)  # fmt: skip

    saved = Bone._initAbsoluteBindMatrices
    saved_flag = skeleton_module._CLONE_PREPARE
    skeleton_module._CLONE_PREPARE = _Never()  # the plain palette computation
    Bone.__init__ = init  # type: ignore[method-assign,assignment]
    Bone._initAbsoluteBindMatrices = Bone._updateAbsoluteBindMatrices  # type: ignore[method-assign]
    try:
        return _FAST_CLONE(self, name, id)
    finally:
        Bone.__init__ = original  # type: ignore[method-assign]
        Bone._initAbsoluteBindMatrices = saved  # type: ignore[method-assign]
        skeleton_module._CLONE_PREPARE = saved_flag


class _Never(list[bool]):
    def __init__(self) -> None:
        super().__init__([False])

    def __setitem__(self, index: Any, value: Any) -> None:
        pass


_FAST_CLONE = Skeleton.clone


def _run(seed: int, fast: bool, clones: int) -> list[Any]:
    bone_module._ABS_BIND_MEMO.clear()
    skeleton_module._PALETTE_MEMO.clear()
    scene, source = _build(seed)
    fired: list[str] = []
    scene.onNewSkeletonAddedObservable.add(lambda s, _e: fired.append(s.name))
    clone_fn = _FAST_CLONE if fast else _reference_clone
    result: list[Any] = []
    rng = random.Random(seed + 1)
    for k in range(clones):
        clone = clone_fn(source, f"c{k}")
        result.append(_snapshot(clone))
        _script(rng, source, clone)
        result.append(_snapshot(clone))
        result.append(_snapshot(source))
    result.append(fired)
    return result


@pytest.mark.parametrize("seed", sweep(40, [0, 1, 2, 5, 25, 33, 37]))
def test_fast_clone_equals_reference(seed: int) -> None:
    hits = Bone._absoluteBindMemoHits
    palette_hits = Skeleton._paletteMemoHits
    fast = _run(seed, True, 3)
    fast_hits = Skeleton._paletteMemoHits - palette_hits
    assert fast == _run(seed, False, 3)
    assert Skeleton._paletteMemoHits - palette_hits == fast_hits  # none on the plain path
    if seed == 0:
        assert Bone._absoluteBindMemoHits > hits
        assert fast_hits > 0


def test_memo_serves_every_bone_of_a_repeated_clone() -> None:
    bone_module._ABS_BIND_MEMO.clear()
    _scene, source = _build(7)
    source.clone("warm")
    before = Bone._absoluteBindMemoHits
    source.clone("again")
    recordable = sum(
        1 for b in source.bones
        if b._absoluteBindMatrix._isIdentity is not True
        and b._absoluteInverseBindMatrix.updateFlag != b._absoluteBindMatrix.updateFlag
    )  # fmt: skip
    assert Bone._absoluteBindMemoHits - before >= recordable - 1
    assert Bone._absoluteBindMemoHits - before <= len(source.bones)


def _reference_copy_linked(self: Skeleton) -> None:
    # The replaced path of Skeleton._copyLinkedTransforms: a full decompose, then the copies.
    for bone in self.bones:
        node = bone._linkedTransformNode
        if node is None:
            continue
        quaternion = node.rotationQuaternion
        if type(bone) is not Bone or quaternion is None:
            bone.position = node.position
            if quaternion is not None:
                bone.rotationQuaternion = quaternion
            else:
                bone.rotation = node.rotation
            bone.scaling = node.scaling
            continue
        bone._decompose()
        bone._localPosition.copyFrom(node.position)
        bone._localRotation.copyFrom(quaternion)
        scaling = bone._localScaling
        assert scaling is not None
        scaling.copyFrom(node.scaling)
        bone._currentRenderId += 3
        bone._childUpdateId += 3
        bone._needToCompose = True
    self._markAsDirty()


_ODD = [0.0, -0.0, 1e-30, -3.5, float("inf"), float("nan"), 2.0]


def _run_prepare(seed: int, fast: bool) -> list[Any]:
    rng = random.Random(seed)
    scene, source = _build(seed)
    saved = Skeleton._copyLinkedTransforms
    if not fast:
        Skeleton._copyLinkedTransforms = _reference_copy_linked  # type: ignore[method-assign]
    try:
        out: list[Any] = []
        skeletons = [source, source.clone("c")]
        for _ in range(4):
            for skeleton in skeletons:
                for bone in skeleton.bones:
                    node = bone._linkedTransformNode
                    if node is not None and rng.random() < 0.5:
                        node.position.set(*(rng.choice(_ODD) for _ in range(3)))
                        node.scaling.set(*(rng.choice(_ODD) for _ in range(3)))
                    if rng.random() < 0.2:
                        bone.updateMatrix(_matrix(rng))  # decompose pending again
                skeleton.prepare(True)
                out.append(_snapshot(skeleton))
        return [repr(x) for x in out]  # NaN-safe: compare the printed values
    finally:
        Skeleton._copyLinkedTransforms = saved  # type: ignore[method-assign]


@pytest.mark.parametrize("seed", sweep(30, [0, 1, 2, 19, 27]))
def test_prepare_skipping_decompose_equals_reference(seed: int) -> None:
    assert _run_prepare(seed, True) == _run_prepare(seed, False)


class _EqualBone(Bone):
    """A bone subclass equal to every bone of its name (list.index then finds the first)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bone) and other.name == self.name

    __hash__ = Bone.__hash__


@pytest.mark.parametrize("seed", sweep(12, [0, 1, 2, 5, 9]))
def test_clone_parents_are_the_positions_list_index_finds(seed: int) -> None:
    # Skeleton.clone finds each parent's position with a dict of first positions; list.index
    # (the replaced lookup) is the reference: a bone listed twice, a subclass equal to an
    # earlier bone, and a parent outside the list (both raise ValueError).
    rng = random.Random(seed)
    _scene, source = _build(seed)
    if rng.random() < 0.5:
        source.bones.append(rng.choice(source.bones))
    if rng.random() < 0.4:
        twin = _EqualBone(source.bones[0].name, source, rng.choice(source.bones))
        Bone(f"child{seed}", source, twin, _matrix(rng))
    if rng.random() < 0.2:
        outside = Bone("outside", source, None, _matrix(rng))
        source.bones.remove(outside)
        Bone("orphan", source, outside, _matrix(rng))
        with pytest.raises(ValueError, match="not in list"):
            source.clone("c")
        return
    clone = source.clone("c")
    assert len(clone.bones) == len(source.bones)
    for position, bone in enumerate(source.bones):
        parent = bone.getParent()
        expected = None if parent is None else clone.bones[source.bones.index(parent)]
        assert clone.bones[position].getParent() is expected
