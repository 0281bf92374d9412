"""One batched palette pass over every skeleton a ``scene.render()`` collected.

:meth:`Skeleton.prepare` is Babylon.js's per-bone code run one bone at a time. This module
does the same work for many skeletons at once with numpy, giving the same numbers:

- Babylon composes a bone's local matrix from float64 TRS and stores it in a ``Float32Array``;
  the compose here uses the same formula and order of operations in float64, then rounds to
  float32.
- ``local * parentFinal`` and ``inverseBind * final`` are float64 sums of exact float32
  products taken in Babylon's order (``a0*b0 + a1*b4 + a2*b8 + a3*b12``), each rounded to
  float32, level by level down the hierarchy. The one difference: Babylon's
  ``multiplyToRef`` copies when a factor carries the identity flag, so a ``-0.0`` there can
  come out ``+0.0`` here (equal as numbers; see ``tests/lite_compat/test_skeleton_batch.py``).

The linked nodes' TRS are read in one C-level pass, node by node (position, rotation,
scaling: each node's vectors are read together), straight into the ``(n, 10)`` TRS rows (the
list of vector objects is kept until a TransformNode setter replaces one:
``TransformNode._leafEpoch``; where every component is exactly a ``float``, the numbers are
read through the vectors' member words in three numpy gathers,
:mod:`lite_compat.bones.trs_words`, else through Python), and the matrices are computed
component-major (``(16, n)``) so that numpy's inner loop runs over the bones, every product
into preallocated arrays (the gathers of a depth level with ``np.take(out=)``, each product
term into one scratch array).
A skeleton whose bones all follow plain TransformNodes goes *lazy*
(:mod:`lite_compat.bones.bone_lazy`, :data:`lazy_bones`): its bones' state (the copied TRS,
counters, final matrices) is filled on the first read or write, exactly as the per-bone copies
would have left it, and a skeleton whose bone objects went to a script stays eager. What stays
per bone (Python) on an eager skeleton: copying the linked nodes' TRS into the bones (as
Babylon does, so ``bone.position`` reads the same), reading the local matrices of bones
without a linked node (``bone.setPosition`` and friends write those between renders), and
writing back each bone's final matrix (``getFinalMatrix``/``getWorldMatrix``). Local matrices
of linked bones are left to compose lazily on read (``bone._needToCompose``), as the same
formula.

A skeleton takes :meth:`Skeleton.prepare` instead (the scalar path) when it uses
``needInitialSkinMatrix``, has ``onBeforeComputeObservable`` observers, is a subclass, has a
bone listed before its parent or parented outside it, or when the batch is smaller than
:data:`BATCH_MIN_BONES` bones. :data:`enabled` = False turns the batched pass off.
"""

from __future__ import annotations

import array
from itertools import chain
from operator import attrgetter, call, is_
from typing import Any

import numpy as np
import numpy.typing as npt

from lite_compat.bones import bone_lazy
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.bones.trs_words import TrsWords
from lite_compat.engines.engine_store import scene_render_id
from lite_compat.nodes.transform_node import TransformNode, leaf_changes
from lite_compat.observable import Observable

__all__ = ["BATCH_MIN_BONES", "clone_pass", "enabled", "lazy_bones", "prepare_skeletons"]

#: Use the batched pass (False: every skeleton through ``Skeleton.prepare``).
enabled = True
#: Leave the bones of eligible skeletons lazy (``bone_lazy``; False: copy into every bone
#: every render, the per-bone path the lazy state is tested against).
lazy_bones = True
#: Skeletons of one structure whose bones all read the same TRS in a render (clones posed
#: alike) are computed once (False: each one, the pass the shortcut is tested against).
clone_pass = True
#: Fewer dirty bones than this in one render: the scalar path (0: always batch; the parity
#: scenarios run the batched pass this way).
BATCH_MIN_BONES = 0

_F64 = npt.NDArray[np.float64]
_F32 = npt.NDArray[np.float32]
_IDENTITY = array.array("f", (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))


def _view(values: _F32) -> memoryview:
    """A flat float32 memoryview of a C-contiguous array (slice-assignable to ``array('f')``)."""
    return values.reshape(-1).data


def _eligible(skeleton: Skeleton) -> bool:
    if type(skeleton) is not Skeleton or skeleton.needInitialSkinMatrix:
        return False
    observable = skeleton.onBeforeComputeObservable
    if type(observable) is Observable:
        # Observable.hasObservers, inline.
        if len(observable._observers) - observable._numObserversMarkedAsDeleted > 0:
            return False
    elif observable.hasObservers():
        return False
    key = (skeleton._structureVersion, len(skeleton.bones))
    cached = skeleton.__dict__.get("_batchBonesKey")
    if cached is not None and cached[0] == key:
        return bool(cached[1])
    plain = all(type(bone) is Bone for bone in skeleton.bones)
    skeleton.__dict__["_batchBonesKey"] = (key, plain)
    return plain


_POS = attrgetter("_position")
_ROT = attrgetter("_rotationQuaternion")
_SCL = attrgetter("_scaling")
_XYZ = attrgetter("x", "y", "z")
_XYZW = attrgetter("x", "y", "z", "w")
#: The members ``_XYZ``/``_XYZW`` read, per vector of a node (``trs_words``).
_MEMBERS = (("x", "y", "z"), ("x", "y", "z", "w"), ("x", "y", "z"))
#: Bumped when any TransformNode's position, rotation(Quaternion) or scaling object is replaced.
_LEAF_EPOCH: list[int] = TransformNode._leafEpoch
_PLAIN_TRS = (TransformNode.position, TransformNode.rotationQuaternion, TransformNode.scaling)


def _plain_trs(node: object) -> bool:
    """Whether ``node``'s TRS properties are TransformNode's own (read as their slots)."""
    cls = type(node)
    return (
        getattr(cls, "position", None),
        getattr(cls, "rotationQuaternion", None),
        getattr(cls, "scaling", None),
    ) == _PLAIN_TRS


class _Layout:
    """Preallocated arrays for one list of skeletons (rebuilt when the list changes)."""

    def __init__(self, skeletons: list[Skeleton]) -> None:
        self.skeletons = list(skeletons)
        self.key = [(s, s._structureVersion, s._bindVersion, len(s.bones)) for s in skeletons]
        bones: list[Bone] = []
        parents: list[int] = []
        depth: list[int] = []
        self.spans: list[tuple[int, int, bool]] = []
        self.mapped: list[list[tuple[int, int]]] = []
        #: Per skeleton: copies linked nodes (has one), and may go lazy (bone_lazy).
        self.linked: list[bool] = []
        self.lazy_ok: list[bool] = []
        #: Rows whose linked node's TRS is read in one batched pass, and their nodes.
        read_rows: list[int] = []
        self.read_nodes: list[Any] = []
        self.ok = True
        for skeleton in skeletons:
            start = len(bones)
            linked = skeleton._numBonesWithLinkedTransformNode > 0
            lazy_ok = linked
            for i, bone in enumerate(skeleton.bones):
                node = bone._linkedTransformNode if linked else None
                if node is not None and _plain_trs(node):
                    read_rows.append(start + i)
                    self.read_nodes.append(node)
                else:
                    lazy_ok = False
            self.linked.append(linked)
            self.lazy_ok.append(lazy_ok)
            local = {id(b): i for i, b in enumerate(skeleton.bones)}
            identity_map = True
            mapping: list[tuple[int, int]] = []
            for i, bone in enumerate(skeleton.bones):
                parent = bone.getParent()
                if parent is None:
                    parents.append(-1)
                    depth.append(0)
                else:
                    j = local.get(id(parent), -1)
                    if j < 0 or j >= i:
                        self.ok = False
                        return
                    parents.append(start + j)
                    depth.append(depth[start + j] + 1)
                if bone._index != -1:
                    target = i if bone._index is None else bone._index
                    mapping.append((i, target))
                    identity_map = identity_map and target == i
                else:
                    identity_map = False
                bones.append(bone)
            self.spans.append((start, len(bones), identity_map))
            self.mapped.append(mapping)
        n = len(bones)
        self.bones = bones
        self.n = n
        self.read_rows = np.asarray(read_rows, dtype=np.intp)
        #: The read nodes' vectors, node by node (position, rotation, scaling), and the
        #: getter of each (``x, y, z`` or ``x, y, z, w``).
        self.vectors: list[Any] | None = None
        self.getters = [_XYZ, _XYZW, _XYZ] * len(read_rows)
        self.vectors_epoch = -1
        #: Each read node's places in ``read_nodes`` by its id (made at first use).
        self.node_places: dict[int, list[int]] | None = None
        #: Reads ``vectors``' components through their words (``trs_words``; None: through
        #: Python), and the values it reads.
        self.words: TrsWords | None = None
        self.values = np.zeros(10 * len(read_rows), dtype=np.float64)
        self.read_all = read_rows == list(range(n))
        self.read_row = [False] * n
        for row in read_rows:
            self.read_row[row] = True
        self.levels: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]] = []
        parent_arr = np.asarray(parents, dtype=np.intp)
        depth_arr = np.asarray(depth, dtype=np.intp)
        self.roots = np.flatnonzero(depth_arr == 0)
        for d in range(1, int(depth_arr.max(initial=0)) + 1):
            idx = np.flatnonzero(depth_arr == d)
            self.levels.append((idx, parent_arr[idx]))
        inv = np.empty((n, 16), dtype=np.float32)
        inv_mv = _view(inv)
        for i, bone in enumerate(bones):
            inv_mv[16 * i : 16 * i + 16] = bone._absoluteInverseBindMatrix._m
        # Matrices are computed component-major ((16, n): one row per matrix element) so
        # that each numpy operation runs over every bone at once.
        self.inv64 = np.ascontiguousarray(inv.T, dtype=np.float64)
        self.local32 = np.zeros((n, 16), dtype=np.float32)
        self.local_mv = _view(self.local32)
        self.trs = np.zeros(10 * n, dtype=np.float64)
        self.use_trs = np.zeros(n, dtype=bool)
        self.composed32 = np.zeros((16, n), dtype=np.float32)
        self.local64 = np.zeros((16, n), dtype=np.float64)
        self.final64 = np.zeros((16, n), dtype=np.float64)
        self.final32 = np.zeros((n, 16), dtype=np.float32)
        self.final_mv = _view(self.final32)
        self.pal32 = np.zeros((n, 16), dtype=np.float32)
        self.pal_mv = _view(self.pal32)
        self.tmp = np.zeros((16, n), dtype=np.float64)
        #: Per level: its rows' local matrices, their parents' finals, the product, and the
        #: product rounded to float32; ``scratch`` holds one product term.
        self.level_tmp = [
            (
                np.zeros((16, len(idx)), dtype=np.float64),
                np.zeros((16, len(idx)), dtype=np.float64),
                np.zeros((16, len(idx)), dtype=np.float64),
                np.zeros((16, len(idx)), dtype=np.float32),
            )
            for idx, _ in self.levels
        ]
        self.scratch = np.zeros((16, n), dtype=np.float64)
        self.final_views = [memoryview(b._finalMatrix._m) for b in bones]
        #: Where every skeleton has the first one's structure (bone count, parents, inverse
        #: binds, bit for bit), the first one's own layout: a render whose skeletons all
        #: read the same TRS computes one skeleton and copies it (:func:`_compute`).
        self.first: _Layout | None = None
        self.rows = 10 * (self.spans[0][1] - self.spans[0][0]) if self.spans else 0
        if len(skeletons) > 1 and self._same_structure(parents, inv):
            first = _Layout(skeletons[:1])
            self.first = first if first.ok and first.n else None

    def _same_structure(self, parents: list[int], inv: _F32) -> bool:
        """Whether every skeleton's bones, parents and inverse binds are the first one's."""
        start, stop, _ = self.spans[0]
        size = stop - start
        if size == 0 or self.n != size * len(self.spans):
            return False
        shape = np.asarray(parents, dtype=np.intp).reshape(len(self.spans), size)
        base = np.arange(0, self.n, size, dtype=np.intp)[:, None]
        relative = np.where(shape < 0, -1, shape - base)
        if not bool((relative == relative[0]).all()):
            return False
        words = inv.reshape(len(self.spans), size * 16).view(np.uint32)
        return bool((words == words[0]).all())

    def matches(self, skeletons: list[Skeleton]) -> bool:
        key = self.key
        if len(key) != len(skeletons):
            return False
        for entry, s in zip(key, skeletons, strict=True):
            if (
                entry[0] is not s
                or entry[1] != s._structureVersion
                or entry[2] != s._bindVersion
                or entry[3] != len(s.bones)
            ):
                return False
        return True


def _mul(a: _F64, b: _F64, out: _F64, scratch: _F64) -> None:
    """``out = a * b`` for component-major 4x4s (``(16, n)``, row-major elements), Babylon's
    sum order (``a0*b0 + a1*b4 + a2*b8 + a3*b12``), float64; ``scratch`` (``(16, n)``) holds
    each product term (no temporary is allocated)."""
    a4 = a.reshape(4, 4, -1)
    b4 = b.reshape(4, 4, -1)
    o4 = out.reshape(4, 4, -1)
    t4 = scratch.reshape(4, 4, -1)
    np.multiply(a4[:, 0:1, :], b4[0:1, :, :], out=o4)
    np.multiply(a4[:, 1:2, :], b4[1:2, :, :], out=t4)
    np.add(o4, t4, out=o4)
    np.multiply(a4[:, 2:3, :], b4[2:3, :, :], out=t4)
    np.add(o4, t4, out=o4)
    np.multiply(a4[:, 3:4, :], b4[3:4, :, :], out=t4)
    np.add(o4, t4, out=o4)


def _compose(trs: _F64, out: _F32) -> None:
    """``Matrix.ComposeToRef`` for every row of ``trs`` (px py pz qx qy qz qw sx sy sz), into
    the component-major ``out`` (``(16, n)``)."""
    t = trs.reshape(-1, 10)
    x, y, z, w = t[:, 3], t[:, 4], t[:, 5], t[:, 6]
    x2, y2, z2 = x + x, y + y, z + z
    xx, xy, xz = x * x2, x * y2, x * z2
    yy, yz, zz = y * y2, y * z2, z * z2
    wx, wy, wz = w * x2, w * y2, w * z2
    sx, sy, sz = t[:, 7], t[:, 8], t[:, 9]
    out[0] = (1 - (yy + zz)) * sx
    out[1] = (xy + wz) * sx
    out[2] = (xz - wy) * sx
    out[3] = 0
    out[4] = (xy - wz) * sy
    out[5] = (1 - (xx + zz)) * sy
    out[6] = (yz + wx) * sy
    out[7] = 0
    out[8] = (xz + wy) * sz
    out[9] = (yz - wx) * sz
    out[10] = (1 - (xx + yy)) * sz
    out[11] = 0
    out[12] = t[:, 0]
    out[13] = t[:, 1]
    out[14] = t[:, 2]
    out[15] = 1


def _read_nodes(layout: _Layout) -> bool:
    """The linked nodes' TRS into ``layout.trs``, in one C-level pass over the nodes' vectors
    (node by node: position, rotation quaternion, scaling, so that each node's vectors are
    read together). False, with nothing written, when one cannot be read (a node without a
    quaternion).

    The nodes' vector objects are listed again only when one of any TransformNode's was
    replaced (``TransformNode._leafEpoch``, bumped by the setters): reading three
    attributes of every node is most of the cost otherwise; and where the epoch's log
    names the nodes replaced since (``transform_node.leaf_changes``), only theirs."""
    nodes = layout.read_nodes
    n = len(nodes)
    if n == 0:
        return True
    epoch = _LEAF_EPOCH[0]
    if layout.vectors is None or layout.vectors_epoch != epoch:
        old = layout.vectors
        changes = None if old is None else leaf_changes(layout.vectors_epoch)
        if changes is not None and old is not None:
            # The nodes whose leaves were replaced since (the epoch's log) are read again.
            places = layout.node_places
            if places is None:
                places = layout.node_places = {}
                for k, node in enumerate(nodes):
                    places.setdefault(id(node), []).append(k)
            vectors = list(old)
            for node_id in set(changes):
                for k in places.get(node_id, ()):
                    node = nodes[k]
                    vectors[3 * k : 3 * k + 3] = (_POS(node), _ROT(node), _SCL(node))
        else:
            vectors = list(
                chain.from_iterable(
                    zip(map(_POS, nodes), map(_ROT, nodes), map(_SCL, nodes), strict=True)
                )
            )
        layout.vectors_epoch = epoch
        words = layout.words
        if words is not None:
            # Only the vectors replaced are read anew (a few positions a blend replaces
            # every frame; the epoch may also be another node's).
            layout.vectors = vectors
            if not words.moved(vectors):
                layout.words = TrsWords.build(vectors, _MEMBERS)
        elif old is None or len(old) != len(vectors) or not all(map(is_, vectors, old)):
            layout.vectors = vectors
            layout.words = TrsWords.build(vectors, _MEMBERS)
    values = layout.values
    words = layout.words
    if words is None or not words.read(values):
        listed = layout.vectors
        assert listed is not None  # listed above
        try:
            values[:] = np.fromiter(
                chain.from_iterable(map(call, layout.getters, listed)), np.float64, 10 * n
            )
        except (AttributeError, TypeError, ValueError):
            return False
    if layout.read_all:
        layout.trs[:] = values
    else:
        layout.trs.reshape(-1, 10)[layout.read_rows] = values.reshape(n, 10)
    return True


def _gather_span(layout: _Layout, start: int, stop: int, copy_linked: bool, read: bool) -> None:
    """Per-bone state copies of one eager skeleton (as ``Skeleton._copyLinkedTransforms``) and
    the inputs of its rows (``read``: the batched node read filled the rows it could)."""
    use = layout.use_trs
    local_mv = layout.local_mv
    trs = layout.trs
    read_row = layout.read_row
    bones = layout.bones
    for i in range(start, stop):
        bone = bones[i]
        node = bone._linkedTransformNode if copy_linked else None
        if node is not None:
            q = node.rotationQuaternion
            if q is not None and type(bone) is Bone:
                if bone._needToDecompose:
                    bone._decompose()
                p = node.position
                s = node.scaling
                px, py, pz = p.x, p.y, p.z
                qx, qy, qz, qw = q.x, q.y, q.z, q.w
                sx, sy, sz = s.x, s.y, s.z
                lp = bone._localPosition
                lp.x, lp.y, lp.z = px, py, pz
                lq = bone._localRotation
                lq.x, lq.y, lq.z, lq.w = qx, qy, qz, qw
                ls = bone._localScaling
                assert ls is not None  # set by _decompose
                ls.x, ls.y, ls.z = sx, sy, sz
                bone._currentRenderId += 3
                bone._childUpdateId += 4
                bone._needToCompose = True
                if not (read and read_row[i]):
                    trs[10 * i : 10 * i + 10] = (px, py, pz, qx, qy, qz, qw, sx, sy, sz)
                use[i] = True
                continue
            bone.position = node.position
            if q is not None:
                bone.rotationQuaternion = q
            else:
                bone.rotation = node.rotation
            bone.scaling = node.scaling
        bone._childUpdateId += 1
        use[i] = False
        bone._compose()
        local_mv[16 * i : 16 * i + 16] = bone._localMatrix._m


def _same_pose(layout: _Layout) -> bool:
    """Whether every skeleton of ``layout`` reads the first one's TRS, bit for bit, for every
    bone (each bone's local matrix composed from them)."""
    if not clone_pass or layout.first is None or not bool(layout.use_trs.all()):
        return False
    words = layout.trs.view(np.uint64).reshape(len(layout.spans), layout.rows)
    return bool((words == words[0]).all())


def _compute(layout: _Layout) -> None:
    first = layout.first
    if first is not None and _same_pose(layout):
        # The same inputs give the same numbers (every operation below is column-wise): one
        # skeleton computed, its finals and palette copied to the others.
        first.trs[:] = layout.trs[: layout.rows]
        first.use_trs.fill(True)
        _compute(first)
        count = len(layout.spans)
        np.copyto(layout.final32.reshape(count, -1, 16), first.final32)
        np.copyto(layout.pal32.reshape(count, -1, 16), first.pal32)
        return
    _compose(layout.trs, layout.composed32)
    local64 = layout.local64
    np.copyto(local64, layout.local32.T)
    np.copyto(local64, layout.composed32, where=layout.use_trs[None, :])
    final64 = layout.final64
    roots = layout.roots
    final64[:, roots] = local64[:, roots]
    tmp = layout.tmp
    scratch = layout.scratch
    for (idx, parent), (a, b, out, out32) in zip(layout.levels, layout.level_tmp, strict=True):
        np.take(local64, idx, axis=1, out=a)
        np.take(final64, parent, axis=1, out=b)
        _mul(a, b, out, scratch[:, : len(idx)])
        np.copyto(out32, out, casting="same_kind")
        final64[:, idx] = out32
    layout.final32[:] = final64.T
    _mul(layout.inv64, final64, tmp, scratch)
    layout.pal32[:] = tmp.T


def _write(layout: _Layout, lazy: list[bool]) -> None:
    final_mv = layout.final_mv
    views = layout.final_views
    bones = layout.bones
    pal_mv = layout.pal_mv
    for s_index, skeleton in enumerate(layout.skeletons):
        start, stop, identity_map = layout.spans[s_index]
        if not lazy[s_index]:
            for i in range(start, stop):
                views[i][:] = final_mv[16 * i : 16 * i + 16]
                bones[i]._finalMatrix.markAsUpdated()
        n = stop - start
        size = 16 * (n + 1)
        target = skeleton._transformMatrices
        if target is None or len(target) != size:
            target = array.array("f", bytes(4 * size))
            skeleton._transformMatrices = target
        out = memoryview(target)
        if identity_map:
            out[: 16 * n] = pal_mv[16 * start : 16 * stop]
        else:
            for local_index, mapped in layout.mapped[s_index]:
                g = start + local_index
                out[16 * mapped : 16 * mapped + 16] = pal_mv[16 * g : 16 * g + 16]
        out[16 * n : 16 * n + 16] = _IDENTITY
        skeleton._isDirty = False


def prepare_skeletons(
    skeletons: list[Skeleton], count: int, owner: Any, owner_render_id: bool = False
) -> None:
    """Prepare ``skeletons[:count]`` as ``skeleton.prepare()`` each would, batched.

    ``owner`` (the scene) holds the cached layout in ``owner._skeletonBatchLayout``.
    Skeletons the batched pass does not take go through :meth:`Skeleton.prepare`.
    ``owner_render_id``: the owner's ``getRenderId()`` is its ``_renderId`` (read directly
    for the skeletons of that scene).
    """
    batch: list[Skeleton] = []
    bone_count = 0
    for index in range(count):
        skeleton = skeletons[index]
        if not enabled or not _eligible(skeleton):
            skeleton.prepare()
            continue
        scene: Any = skeleton._scene
        render_id = (
            scene._renderId if owner_render_id and scene is owner else scene_render_id(scene)
        )
        if skeleton._currentRenderId == render_id:
            continue
        skeleton._currentRenderId = render_id
        has_linked = skeleton._numBonesWithLinkedTransformNode > 0
        if has_linked:
            # Skeleton._markAsDirty (the class is Skeleton's own: _eligible).
            skeleton._isDirty = True
            skeleton._absoluteTransformIsDirty = True
        elif not skeleton._isDirty:
            continue
        batch.append(skeleton)
        bone_count += len(skeleton.bones)
    if not batch:
        return
    layout: _Layout | None = None
    if bone_count >= BATCH_MIN_BONES:
        layout = getattr(owner, "_skeletonBatchLayout", None)
        if layout is None or not layout.matches(batch):
            for skeleton in batch:
                # Pending state refers to an older layout's rows: settle it first.
                bone_lazy.materialize(skeleton, False)
            layout = _Layout(batch)
            owner._skeletonBatchLayout = layout if layout.ok else None
    if layout is None or not layout.ok or layout.n == 0:
        for skeleton in batch:
            skeleton.prepare(True)
        return
    read = _read_nodes(layout)
    lazy: list[bool] = []
    if lazy_bones and read:
        lazy = [
            ok and not skeleton._bonesExposed
            for ok, skeleton in zip(layout.lazy_ok, layout.skeletons, strict=True)
        ]
    else:
        lazy = [False] * len(layout.skeletons)
    if all(lazy):
        layout.use_trs.fill(True)
    else:
        for s_index, skeleton in enumerate(layout.skeletons):
            start, stop, _ = layout.spans[s_index]
            if lazy[s_index]:
                layout.use_trs[start:stop] = True
            else:
                bone_lazy.materialize(skeleton, False)
                _gather_span(layout, start, stop, layout.linked[s_index], read)
    with np.errstate(all="ignore"):  # NaN and infinite bones give NaN silently, as in JS
        _compute(layout)
    _write(layout, lazy)
    for s_index, skeleton in enumerate(layout.skeletons):
        if lazy[s_index]:
            start, stop, _ = layout.spans[s_index]
            bone_lazy.enter(skeleton, layout, start, stop)
