"""Bone state filled on first read after a batched ``scene.render()`` (lazy bones).

Babylon.js's ``Skeleton.prepare`` copies each linked ``TransformNode``'s TRS into its bone
(``bone.position = node.position``...), bumps the bone's counters and stores its final matrix,
bone by bone, every render. Scripts rarely read those bones, so the batched palette pass
(:mod:`lite_compat.bones.skeleton_batch`) gathers the linked nodes' TRS into arrays in one pass
and leaves the per-bone state pending: a skeleton whose bones are all linked to plain
``TransformNode`` s with a ``rotationQuaternion`` becomes *lazy*.

While a skeleton is lazy its bones' state members (:data:`FIELDS`: local TRS vectors, the
compose/decompose flags, the render/update counters, the local and final matrices) are absent
from the bones' instance dicts: the ``Bone`` class reads them through properties
(:func:`lazy_member`) whose miss lands in ``Bone.__getattr__``, which calls :func:`materialize`:
every bone of the skeleton gets, in one go, exactly the state the per-bone copies would have
left after the renders it missed (same vector objects, the last render's values, the counters
bumped once per render, the final matrix copied and marked updated). A write to one of these
members materializes first too. A skeleton whose bones a script has read this way stays eager
(``Skeleton._bonesExposed``): held references to a bone's vectors or matrices keep seeing every
render, as in Babylon.js.

The one visible difference is ``Matrix.updateFlag``: a bone's final matrix is marked updated
once per materialization instead of once per render (its value is a global counter in both
libraries; only its change is meaningful).
"""

from __future__ import annotations

import math
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt

# Bones and skeletons are duck-typed here (bone.py imports this module).
Bone = Any
Skeleton = Any

__all__ = ["FIELDS", "LazyBones", "enter", "lazy_member", "materialize"]

#: The bone members a batched render leaves pending on a lazy skeleton.
FIELDS = (
    "_localPosition",
    "_localRotation",
    "_localScaling",
    "_needToDecompose",
    "_needToCompose",
    "_currentRenderId",
    "_childUpdateId",
    "_finalMatrix",
    "_localMatrix",
)
#: Where a member lives in the bone's ``__dict__`` (absent while pending).
SLOTS = tuple("_lz" + name for name in FIELDS)
SLOT_OF = dict(zip(FIELDS, SLOTS, strict=True))


def lazy_member(name: str) -> property:
    """A ``Bone`` property for the member ``name``: a C-level read of its slot (a miss goes
    to ``Bone.__getattr__``, which materializes); a write materializes a pending skeleton
    first."""
    slot = SLOT_OF[name]

    def fset(bone: Any, value: Any) -> None:
        d = bone.__dict__
        if slot not in d:
            skeleton = d.get("_skeleton")
            if skeleton is not None and skeleton._lazyBones is not None:
                materialize(skeleton, True)
        d[slot] = value

    return property(attrgetter(slot), fset)


class LazyBones:
    """A lazy skeleton's pending state: where the last render's values are, and how many
    renders the bones missed."""

    __slots__ = ("bones", "final32", "layout", "renders", "stashes", "start", "trs")

    def __init__(
        self,
        layout: object,
        trs: npt.NDArray[np.float64],
        final32: npt.NDArray[np.float32],
        start: int,
        bones: list[Bone],
        stashes: list[tuple[Any, ...]],
    ) -> None:
        self.layout = layout
        self.trs = trs
        self.final32 = final32
        self.start = start
        self.bones = bones
        self.stashes = stashes
        self.renders = 0


def enter(skeleton: Skeleton, layout: Any, start: int, stop: int) -> None:
    """Record one batched render of ``skeleton``: its rows ``start:stop`` of ``layout.trs``
    (10 per bone) and ``layout.final32`` (16) hold the values; the first one takes its bones'
    members out of their dicts."""
    state = skeleton._lazyBones
    if state is not None and (state.layout is not layout or state.start != start):
        materialize(skeleton, False)
        state = None
    if state is None:
        bones: list[Bone] = layout.bones[start:stop]
        stashes = [tuple(map(bone.__dict__.pop, SLOTS)) for bone in bones]
        state = LazyBones(layout, layout.trs, layout.final32, start, bones, stashes)
        skeleton._lazyBones = state
    state.renders += 1


def _same(current: Any, snapshot: float) -> Any:
    # The node's own number object when it still equals the snapshot (so a bone reads the
    # object the per-bone copy would have stored: an int stays an int), else the snapshot.
    try:
        if current == snapshot and (
            current != 0 or math.copysign(1.0, current) == math.copysign(1.0, snapshot)
        ):
            return current
    except (TypeError, ValueError):
        pass
    return snapshot


def _components(vector: Any, names: str) -> tuple[Any, ...] | None:
    try:
        return tuple(getattr(vector, n) for n in names)
    except AttributeError:
        return None


def materialize(skeleton: Skeleton, expose: bool) -> None:
    """Give every bone of a lazy ``skeleton`` the state the per-bone copies would have left;
    ``expose``: a script read it, the skeleton stays eager from now on."""
    state = skeleton._lazyBones
    if expose:
        skeleton._bonesExposed = True
    if state is None:
        return
    skeleton._lazyBones = None
    for bone, stash in zip(state.bones, state.stashes, strict=True):
        bone.__dict__.update(zip(SLOTS, stash, strict=True))
    renders = state.renders
    if renders == 0:
        return
    start = state.start
    count = len(state.bones)
    trs = state.trs[10 * start : 10 * (start + count)].tolist()
    final = memoryview(state.final32.reshape(-1)[16 * start : 16 * (start + count)])
    for i, bone in enumerate(state.bones):
        if bone._needToDecompose:
            bone._decompose()
        t = trs[10 * i : 10 * i + 10]
        node: Any = bone._linkedTransformNode
        p = _components(getattr(node, "_position", None), "xyz") or (None, None, None)
        q = _components(getattr(node, "_rotationQuaternion", None), "xyzw") or (None,) * 4
        s = _components(getattr(node, "_scaling", None), "xyz") or (None, None, None)
        lp = bone._localPosition
        lp.x, lp.y, lp.z = _same(p[0], t[0]), _same(p[1], t[1]), _same(p[2], t[2])
        lq = bone._localRotation
        lq.x, lq.y = _same(q[0], t[3]), _same(q[1], t[4])
        lq.z, lq.w = _same(q[2], t[5]), _same(q[3], t[6])
        ls = bone._localScaling
        assert ls is not None  # set by _decompose
        ls.x, ls.y, ls.z = _same(s[0], t[7]), _same(s[1], t[8]), _same(s[2], t[9])
        bone._currentRenderId += 3 * renders
        bone._childUpdateId += 4 * renders
        bone._needToCompose = True
        matrix = bone._finalMatrix
        memoryview(matrix._m)[:] = final[16 * i : 16 * i + 16]
        matrix.markAsUpdated()
