"""The linked nodes' TRS read through their vectors' words (``trs_words``) against the Python
read it replaces (``numpy.fromiter`` over ``attrgetter`` of every component), bit for bit.

Two checks: the reader alone over vectors whose components a seeded script sets to floats
(``-0.0``, NaNs with payloads, infinities), ints, bools, float subclasses, numpy scalars,
deletes or replaces; and whole ``scene.render()`` frames of two copies of one seeded scene,
the reader on in one and off in the other, while a script edits the linked nodes between
renders and inside ``onBeforeRenderObservable`` (components in place, vectors replaced,
``rotationQuaternion = None`` and back, re-parenting): every palette (as bytes), every read
value and every bone's final state are the same. Each check fails on a broken reader.
"""

from __future__ import annotations

import math
import random
import struct
from itertools import chain
from operator import attrgetter, call
from typing import Any

import numpy as np
import pytest

from lite_compat import (
    Bone,
    FreeCamera,
    Matrix,
    MeshBuilder,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
    _words,
)
from lite_compat.bones import skeleton_batch, trs_words
from lite_compat.bones.trs_words import TrsWords
from lite_compat.nodes import transform_node
from tests._seeds import sweep
from tests.lite_compat._support import random_quaternion as _quat
from tests.lite_compat._support import random_vector3 as _vec

pytestmark = pytest.mark.skipif(not trs_words.SUPPORTED, reason="needs CPython 3.11-3.13")

_XYZ = attrgetter("x", "y", "z")
_XYZW = attrgetter("x", "y", "z", "w")


class _Float(float):
    """A float subclass (read through Python: its type word is not float's)."""


def _nan(payload: int) -> float:
    return float(struct.unpack("<d", struct.pack("<Q", 0x7FF8000000000000 | payload))[0])


def _number(rng: random.Random, numbers: bool = False) -> Any:
    """A component value a script may store (``numbers``: only what converts to a float)."""
    pick = rng.random()
    if pick < 0.75:
        return rng.choice([rng.uniform(-5, 5), -0.0, 0.0, math.inf, -math.inf, 1e-310])
    if pick < 0.8:
        return _nan(rng.randrange(1, 1 << 40))
    if pick < 0.85:
        return rng.randint(-3, 3)
    if pick < 0.88:
        return rng.choice([True, False, 2**70])
    if pick < 0.92:
        return _Float(rng.uniform(-1, 1))
    if numbers or pick < 0.97:
        return rng.choice([np.float64(rng.uniform(-1, 1)), np.float32(0.1), np.zeros(())])
    return rng.choice(["abc", 1j, None])


class _Doubled(Vector3):
    """A vector class a script may give a vector (``__class__``): its ``x`` is a property."""

    __slots__ = ()

    @property
    def x(self) -> Any:
        return 2 * _SLOT_X.__get__(self, Vector3)

    @x.setter
    def x(self, value: Any) -> None:
        _SLOT_X.__set__(self, value)


def _recast(vector: Any, cls: type) -> None:
    vector.__class__ = cls


_SLOT_X = Vector3.__dict__["x"]


def _python_read(vectors: list[Any]) -> np.ndarray:
    getters = [_XYZW if isinstance(v, Quaternion) else _XYZ for v in vectors]
    return np.fromiter(chain.from_iterable(map(call, getters, vectors)), np.float64)


def _members(kind: type) -> tuple[str, ...]:
    return ("x", "y", "z", "w") if kind is Quaternion else ("x", "y", "z")


@pytest.mark.parametrize("seed", range(30))
def test_reader_equals_the_python_read(seed: int) -> None:
    rng = random.Random(seed)
    kinds = [rng.choice([Vector3, Quaternion]) for _ in range(rng.randint(1, 4))]
    pattern = [_members(kind) for kind in kinds]
    vectors: list[Any] = []
    for _ in range(rng.randint(1, 12)):
        for kind in kinds:
            vectors.append(kind(*(rng.uniform(-3, 3) for _ in _members(kind))))
    reader = TrsWords.build(vectors, pattern)
    assert reader is not None
    size = sum(len(_members(type(v))) for v in vectors)
    fast_reads = 0
    for _round in range(40):
        for _ in range(rng.randint(0, 4)):
            vector = rng.choice(vectors)
            name = rng.choice(_members(type(vector)))
            if rng.random() < 0.03:
                delattr(vector, name)
            elif rng.random() < 0.03 and type(vector) is Vector3:
                _recast(vector, _Doubled)
            elif rng.random() < 0.1 and type(vector) is _Doubled:
                _recast(vector, Vector3)
            elif rng.random() < 0.6:
                setattr(vector, name, _number(rng))
            else:
                setattr(vector, name, rng.uniform(-9, 9))
        # Floats made and dropped between reads: the reader must follow them anywhere.
        churn = [rng.random() for _ in range(rng.randint(0, 2000))]
        del churn
        out = np.full(size, np.nan)
        try:
            expected: np.ndarray | None = _python_read(vectors)
        except (AttributeError, TypeError, ValueError):
            expected = None
        exact = all(type(getattr(v, n, None)) is float for v in vectors for n in _members(type(v)))
        classes = all(type(v) in (Vector3, Quaternion) for v in vectors)
        ok = reader.read(out)
        assert ok == (expected is not None and classes)
        if ok:
            fast_reads += exact
            assert expected is not None
            assert np.array_equal(out.view(np.uint64), expected.view(np.uint64))
        # Repair what made the Python read fail or take part (as a script may).
        if not exact and rng.random() < 0.5:
            for v in vectors:
                if type(v) is _Doubled:
                    _recast(v, Vector3)
                for n in _members(type(v)):
                    if type(getattr(v, n, None)) is not float:
                        setattr(v, n, rng.uniform(-1, 1))
    assert fast_reads > 0


@pytest.mark.parametrize("seed", range(12))
def test_a_moved_reader_reads_what_a_new_reader_reads(seed: int) -> None:
    """``moved``: vectors replaced by others (a blend's new positions every frame), some
    allocated far from the first ones (the reader's span then moves), read as a reader built
    for the new list reads them; a replacement of another class, or another count, is
    refused (the caller builds anew)."""
    rng = random.Random(seed)
    kinds = [rng.choice([Vector3, Quaternion]) for _ in range(rng.randint(1, 4))]
    pattern = [_members(kind) for kind in kinds]
    vectors: list[Any] = []
    for _ in range(rng.randint(2, 40)):
        for kind in kinds:
            vectors.append(kind(*(rng.uniform(-3, 3) for _ in _members(kind))))
    reader = TrsWords.build(vectors, pattern)
    assert reader is not None
    size = sum(len(_members(type(v))) for v in vectors)
    far: list[Any] = []
    for _round in range(30):
        vectors = list(vectors)
        for _ in range(rng.randint(0, 5)):
            k = rng.randrange(len(vectors))
            kind = type(vectors[k])
            if rng.random() < 0.3:
                # Many objects made first: the replacement lands outside the words read so far.
                far.append([kind() for _ in range(rng.randint(1000, 20000))])
            vectors[k] = kind(*(rng.uniform(-3, 3) for _ in _members(kind)))
        assert reader.moved(vectors)
        out = np.full(size, np.nan)
        assert reader.read(out)
        fresh = TrsWords.build(vectors, pattern)
        assert fresh is not None
        again = np.full(size, np.nan)
        assert fresh.read(again)
        expected = _python_read(vectors)
        assert np.array_equal(out.view(np.uint64), expected.view(np.uint64))
        assert np.array_equal(again.view(np.uint64), expected.view(np.uint64))
    k = rng.randrange(len(vectors))
    other = Quaternion if type(vectors[k]) is Vector3 else Vector3
    assert not reader.moved([*vectors[:k], other(), *vectors[k + 1 :]])
    assert not reader.moved(vectors[:-1])
    trs_words.enabled = False
    try:
        assert not reader.moved(vectors)
    finally:
        trs_words.enabled = True


def test_reader_refuses_what_it_cannot_read() -> None:
    class _Prop(Vector3):
        __slots__ = ()

        @property
        def x(self) -> float:  # type: ignore[override]
            return 1.0

    class _Attr(Vector3):
        __slots__ = ()

        def __getattribute__(self, name: str) -> Any:
            return object.__getattribute__(self, name)

    xyz = [("x", "y", "z")]
    assert TrsWords.build([Vector3(1.0, 2.0, 3.0), None], xyz) is None
    assert TrsWords.build([Vector3(1.0, 2.0, 3.0), _Doubled(1.0, 2.0, 3.0)], xyz) is None
    assert TrsWords.build([_Prop.__new__(_Prop)], xyz) is None
    assert TrsWords.build([_Attr(1.0, 2.0, 3.0)], xyz) is None
    assert TrsWords.build([Vector3(1.0, 2.0, 3.0)], xyz * 2) is None
    assert TrsWords.build([], xyz) is None


def _build(rng: random.Random) -> tuple[Scene, list[Any], list[Skeleton], list[TransformNode]]:
    scene = Scene(NullEngine())
    camera = FreeCamera("camera", Vector3(0, 1, -10), scene)
    camera.setTarget(Vector3.Zero())
    skeletons: list[Skeleton] = []
    nodes: list[TransformNode] = []
    meshes: list[Any] = []
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
            node = TransformNode(f"n{s}_{b}", scene)
            node.rotationQuaternion = _quat(rng)
            node.position = _vec(rng)
            node.scaling = _vec(rng, 0.5, 1.5)
            if linked and rng.random() < 0.7:
                node.parent = linked[rng.randrange(len(linked))]
            bone.linkTransformNode(node)
            linked.append(node)
        nodes += linked
        skeletons.append(skeleton)
        mesh = MeshBuilder.CreateBox(f"m{s}", {"size": 1}, scene)
        mesh.skeleton = skeleton
        meshes.append(mesh)
    return scene, meshes, skeletons, nodes


def _edit(rng: random.Random, nodes: list[TransformNode], out: list[Any]) -> None:
    """One script edit of a linked node (what an animation or a user script does)."""
    node = rng.choice(nodes)
    op = rng.randrange(12)
    q = node.rotationQuaternion
    if op == 0:
        node.position.x = _number(rng, True)
    elif op == 1:
        node.position.set(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1))
    elif op == 2:
        node.position = _vec(rng)
    elif op == 3 and q is not None:
        q.copyFrom(_quat(rng))
    elif op == 4 and q is not None:
        q.w = _number(rng, True)
    elif op == 5:
        node.rotationQuaternion = _quat(rng)
    elif op == 6:
        node.rotationQuaternion = None
    elif op == 7:
        node.scaling.z = _number(rng, True)
    elif op == 8:
        node.scaling = _vec(rng, 0.5, 1.5)
    elif op == 9 and rng.random() < 0.5:
        node.parent = rng.choice([None, *nodes]) if rng.random() < 0.3 else node.parent
    elif op == 9:
        vector = node.scaling
        _recast(vector, _Doubled if type(vector) is Vector3 else Vector3)
    elif op == 10:
        # A float written, then the same value again as a new object.
        value = rng.uniform(-1, 1)
        node.scaling.x = value
        node.scaling.x = float(str(value))
    else:
        out.append(list(node.position.asArray()) + list(node.scaling.asArray()))


def _bits(values: Any) -> bytes:
    return np.asarray(values, dtype=np.float64).tobytes()


def _run(
    seed: int, words: bool, monkeypatch: pytest.MonkeyPatch, log: bool = True
) -> tuple[list[Any], int]:
    monkeypatch.setattr(trs_words, "enabled", words)
    if not log:
        # Every listing reads all the nodes' leaves (the leaf epoch's log unused).
        monkeypatch.setattr(skeleton_batch, "leaf_changes", lambda seen: None)
    reads = [0]
    original = TrsWords.read

    def counted(self: TrsWords, out: np.ndarray) -> bool:
        ok = original(self, out)
        reads[0] += ok
        return ok

    monkeypatch.setattr(TrsWords, "read", counted)
    rng = random.Random(seed)
    scene, meshes, skeletons, nodes = _build(rng)
    trace: list[Any] = []

    def observer(*_: Any) -> None:
        if rng.random() < 0.3:
            _edit(rng, nodes, trace)

    scene.onBeforeRenderObservable.add(observer)
    # A node no bone follows whose position a script replaces every frame (every
    # TransformNode's vectors are listed again; the reader of the same vectors stays).
    outsider = TransformNode("outsider", scene)
    for frame in range(30):
        outsider.position = Vector3(frame, 0.0, 0.0)
        if frame % 7 == 5:
            # A bump the log did not see (its readers then list every node again).
            TransformNode._leafEpoch[0] += 1
        scene.render()
        trace.append(
            [
                _bits(sk._transformMatrices) if sk._transformMatrices is not None else None
                for sk in skeletons
            ]
        )
        layout = scene._skeletonBatchLayout
        trace.append(None if layout is None else _bits(layout.trs))
        # Most frames nothing edits the nodes between renders (the animation's own frames).
        if frame % 3 == 0:
            for _ in range(rng.randint(0, 4)):
                _edit(rng, nodes, trace)
        if frame % 4 == 3:
            # Repair the quaternions and components a script broke, as a script may.
            for node in nodes:
                if node.rotationQuaternion is None:
                    node.rotationQuaternion = _quat(rng)
                for v in (node.position, node.scaling):
                    _recast(v, Vector3)
                    v.x, v.y, v.z = float(v.x), float(v.y), float(v.z)
                q = node.rotationQuaternion
                q.x, q.y, q.z, q.w = float(q.x), float(q.y), float(q.z), float(q.w)
    for sk in skeletons:
        for bone in sk.bones:
            trace.append(
                _bits(
                    [
                        *bone.position.asArray(),
                        *bone.rotationQuaternion.asArray(),
                        *bone.scaling.asArray(),
                        *bone.getFinalMatrix()._m,
                    ]
                )
            )
    scene.getEngine().dispose()
    return trace, reads[0]


@pytest.mark.parametrize("seed", sweep(16, [0, 1, 8, 10]))
def test_render_frames_with_the_reader_equal_the_python_read(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, reads = _run(seed, True, monkeypatch)
    reference, none = _run(seed, False, monkeypatch)
    assert none == 0 and reads >= 10
    assert len(fast) == len(reference)
    for step, (a, b) in enumerate(zip(fast, reference, strict=True)):
        assert a == b, (seed, step)


@pytest.mark.parametrize("seed", [0, 1, 2, 8, 10])
def test_render_frames_listing_the_logged_nodes_equal_listing_all(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The nodes the leaf epoch's log names read again (``leaf_changes``) against every
    node's leaves listed at each epoch move, with the word reader on and off."""
    used = [0]
    original = skeleton_batch.leaf_changes

    def counted(seen: int) -> Any:
        changes = original(seen)
        used[0] += changes is not None
        return changes

    for words in (True, False):
        monkeypatch.setattr(skeleton_batch, "leaf_changes", counted)
        logged, _ = _run(seed, words, monkeypatch)
        monkeypatch.undo()
        listed, _ = _run(seed, words, monkeypatch, log=False)
        monkeypatch.undo()
        assert logged == listed, (seed, words)
    assert used[0] >= 10


def test_leaf_changes_name_the_replaced_nodes(scene: Scene) -> None:
    nodes = [TransformNode(f"n{k}", scene) for k in range(3)]
    # An earlier bump not through the setters leaves the log unknown until a reader asks.
    transform_node.leaf_changes(TransformNode._leafEpoch[0])
    seen = TransformNode._leafEpoch[0]
    nodes[1].position = Vector3(1.0, 2.0, 3.0)
    nodes[1].position = nodes[1].position  # the same object: nothing replaced
    nodes[0].rotationQuaternion = Quaternion.Identity()
    nodes[2].scaling = Vector3(2.0, 2.0, 2.0)
    nodes[0].rotation = Vector3(0.1, 0.2, 0.3)
    assert transform_node.leaf_changes(seen) == [
        id(nodes[1]),
        id(nodes[0]),
        id(nodes[2]),
        id(nodes[0]),
    ]
    assert transform_node.leaf_changes(TransformNode._leafEpoch[0]) == []
    assert transform_node.leaf_changes(seen - 1_000_000) is None
    TransformNode._leafEpoch[0] += 1  # not through the setters: unknown from here back
    assert transform_node.leaf_changes(seen) is None
    now = TransformNode._leafEpoch[0]
    nodes[2].position = Vector3(0.0, 1.0, 0.0)
    assert transform_node.leaf_changes(now) == [id(nodes[2])]
    for k in range(transform_node._LEAF_LOG_MAX + 5):
        nodes[0].position = Vector3(float(k), 0.0, 0.0)
    assert transform_node.leaf_changes(now) is None  # emptied since
    assert len(transform_node._LEAF_LOG) <= transform_node._LEAF_LOG_MAX
    assert transform_node.leaf_changes(TransformNode._leafEpoch[0] - 2) == [id(nodes[0])] * 2


def test_the_render_check_fails_on_a_broken_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader whose values are a frame stale, or that reads the wrong word, is caught."""
    reference, _ = _run(3, False, monkeypatch)
    original = TrsWords.read
    last: dict[int, np.ndarray] = {}

    def stale(self: TrsWords, out: np.ndarray) -> bool:
        previous = last.get(id(self))
        ok = original(self, out)
        last[id(self)] = out.copy()
        if ok and previous is not None:
            out[:] = previous
        return ok

    monkeypatch.setattr(TrsWords, "read", stale)
    assert _run(3, True, monkeypatch)[0] != reference
    monkeypatch.setattr(TrsWords, "read", original)
    monkeypatch.setattr(_words, "_VALUE_WORD", _words._TYPE_WORD)
    assert _run(3, True, monkeypatch)[0] != reference


def test_the_batched_pass_reads_through_the_words(scene: Scene) -> None:
    rng = random.Random(5)
    sk = Skeleton("s", "s", scene)
    for b in range(6):
        bone = Bone(f"b{b}", sk, sk.bones[-1] if b else None, Matrix.Identity())
        node = TransformNode(f"n{b}", scene)
        node.rotationQuaternion = _quat(rng)
        node.position = _vec(rng)
        bone.linkTransformNode(node)
    sk._currentRenderId = -1
    skeleton_batch.prepare_skeletons([sk], 1, scene)
    layout = scene._skeletonBatchLayout
    assert layout is not None and layout.words is not None
