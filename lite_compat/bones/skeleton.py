"""Babylon.js ``Skeleton``: a bone hierarchy linked to transform nodes, and its palette.

Port of the CPU side of ``@babylonjs/core`` 9.31 ``Bones/skeleton.js``: the bone list and
hierarchy, absolute bind and inverse-bind matrices, ``linkTransformNode`` (how the glTF loader
ties each bone to the ``TransformNode`` its animations move, see
:class:`~lite_compat.bones.bone.Bone`), ``prepare`` (copies the linked nodes' TRS into the
bones, then computes the skinning matrices) and ``getTransformMatrices``. No bone texture or GPU
state is kept; ``lite.skeleton`` and ``lite.gpu`` own the GPU palette path.

Arithmetic goes through :class:`lite_compat.math.Matrix` (float32 storage, Babylon.js order of
operations), so a palette computed here equals Babylon's.
"""

from __future__ import annotations

import array
import struct
from collections.abc import Callable
from typing import Any, Final, cast

from lite.errors import AnimationStateError, LiteError
from lite_compat.bones.bone import Bone
from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_add,
    scene_remove,
    scene_render_id,
    scene_stop_animation,
    scene_unique_id,
)
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.nodes.arg_checks import check_object
from lite_compat.nodes.node import Node
from lite_compat.observable import Observable

__all__ = ["Skeleton"]

#: True while ``Skeleton.clone`` runs its clone's first prepare (the memoized palette path).
_CLONE_PREPARE = [False]
#: ``Skeleton._computeClonePalette``'s records: a bone's inputs -> (composed local numbers,
#: final numbers or None when the final matrix copies the local one, palette entry). Cleared
#: when full.
_PALETTE_MEMO: dict[tuple[object, ...], tuple[Any, ...]] = {}
_PALETTE_MEMO_SIZE = 4096
_PACK10 = struct.Struct("10d")
#: ``{float}``: a TRS whose every number is exactly a float (a superset test of its types).
_FLOAT_ONLY: Final = frozenset({float})


#: ``id`` (Skeleton.clone takes a parameter of that name).
_object_id: Final = id


class Skeleton:
    """A list of bones and their skinning matrices (``BABYLON.Skeleton``).

    Parameters
    ----------
    name
        Skeleton name.
    id
        Skeleton id.
    scene
        Owning scene (``None``: the last created scene); the skeleton adds itself to
        ``scene.skeletons``.

    Attributes
    ----------
    bones : list[Bone]
        Bones in creation order (parents first when built by the glTF loader).
    needInitialSkinMatrix : bool
        False (Babylon's default): palettes are relative to the skeleton root.
    """

    #: How many bones a clone's first prepare took from the palette memo.
    _paletteMemoHits: int = 0

    def __init__(self, name: str, id: str, scene: object | None = None) -> None:  # noqa: A002
        self.name = name
        self.id = id
        self.bones: list[Bone] = []
        self.needInitialSkinMatrix = False
        self.doNotSerialize = False
        self.metadata: object = None
        self.animations: list[object] = []
        self._isDirty = True
        self._absoluteTransformIsDirty = True
        self._currentRenderId = -1
        self._numBonesWithLinkedTransformNode = 0
        #: Bumped when a bone is re-parented or (un)linked, or an inverse bind matrix is
        #: recomputed: the batched palette pass (``skeleton_batch``) rebuilds its layout.
        self._structureVersion = 0
        self._bindVersion = 0
        #: Pending bone state of a lazy skeleton (``bone_lazy``), and whether a script has
        #: read its bones (then the batched pass copies into them every render).
        self._lazyBones: Any = None
        self._bonesExposed = False
        self._parentContainer: object = None
        self._animationPropertiesOverride: object = None
        self._transformMatrices: array.array[float] | None = None
        self._animatables: list[Bone] | None = None
        self._ranges: dict[str, Any] = {}
        self._identity = Matrix.Identity()
        #: Meshes whose pose matrix roots the palettes (``needInitialSkinMatrix``).
        self._meshesWithPoseMatrix: list[Any] = []
        self._synchronizedWithMesh: Any = None
        self.onBeforeComputeObservable: Observable[Skeleton] = Observable()
        self._scene = resolve_scene(scene)
        self._uniqueId = scene_unique_id(self._scene) if self._scene is not None else 0
        if self._scene is not None:
            scene_add(self._scene, "addSkeleton", "skeletons", self)

    def __repr__(self) -> str:
        return f"Skeleton(name={self.name!r}, bones={len(self.bones)})"

    #: Size of the skeleton at rest (Babylon leaves it unset; copyAnimationRange rescales by it).
    dimensionsAtRest: Vector3 | None = None

    def getClassName(self) -> str:
        """``"Skeleton"``."""
        return "Skeleton"

    @property
    def uniqueId(self) -> int:
        """Unique id given by the scene."""
        return self._uniqueId

    def getScene(self) -> object | None:
        """The owning scene."""
        return self._scene

    @property
    def animationPropertiesOverride(self) -> object:
        """Per-skeleton animation overrides, else the scene's."""
        if self._animationPropertiesOverride is None:
            return getattr(self._scene, "animationPropertiesOverride", None)
        return self._animationPropertiesOverride

    @animationPropertiesOverride.setter
    def animationPropertiesOverride(self, value: object) -> None:
        self._animationPropertiesOverride = value

    @property
    def isUsingTextureForMatrices(self) -> bool:
        """False: no bone texture in lite_compat (see ``lite.gpu`` for the GPU path)."""
        return False

    def getChildren(self) -> list[Bone]:
        """Root bones (bones without a parent)."""
        return [b for b in self.bones if b.getParent() is None]

    def getBoneIndexByName(self, name: str) -> int:
        """Index in ``bones`` of the first bone called ``name``, or -1."""
        for i, bone in enumerate(self.bones):
            if bone.name == name:
                return i
        return -1

    def findBoneFromLinkedTransformNode(self, transformNode: object) -> Bone | None:
        """The bone linked to ``transformNode``, or None."""
        for bone in self.bones:
            if bone._linkedTransformNode is transformNode:
                return bone
        return None

    def findBoneFromLinkedTransformNodeName(self, name: str) -> Bone | None:
        """The bone whose linked transform node is called ``name``, or None."""
        for bone in self.bones:
            node = bone._linkedTransformNode
            if node is not None and node.name == name:
                return bone
        return None

    # -- animation ranges (skeleton.js) ---------------------------------------------------------

    def createAnimationRange(self, name: str, from_: float, to: float) -> None:
        """Create the range ``name`` on the skeleton and on each bone's first animation
        (nothing when the skeleton already has a range of that name)."""
        if not self._ranges.get(name):
            self._ranges[name] = Node._AnimationRangeFactory(name, from_, to)
            for bone in self.bones:
                if bone.animations and bone.animations[0]:
                    cast("Any", bone.animations[0]).createRange(name, from_, to)

    def deleteAnimationRange(self, name: str, deleteFrames: bool = True) -> None:
        """Delete the range ``name`` from each bone's first animation (and, by default, the
        keys inside it), then from the skeleton (the name stays, set to ``None``)."""
        for bone in self.bones:
            if bone.animations and bone.animations[0]:
                cast("Any", bone.animations[0]).deleteRange(name, deleteFrames)
        self._ranges[name] = None

    def getAnimationRange(self, name: str) -> Any:
        """The range ``name``, or ``None``."""
        return self._ranges.get(name) or None

    def getAnimationRanges(self) -> list[Any]:
        """Every range, in creation order (a deleted one reads ``None``, as in Babylon.js)."""
        return list(self._ranges.values())

    def beginAnimation(
        self,
        name: str,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
    ) -> object | None:
        """Play the bones' animations over the range ``name``
        (``scene.beginAnimation(skeleton, range.from, range.to, ...)``); ``None`` when the
        skeleton has no such range."""
        rng = self.getAnimationRange(name)
        if not rng:
            return None
        begin = cast("Callable[..., object]", getattr(self._scene, "beginAnimation"))  # noqa: B009
        return begin(self, rng.from_, rng.to, loop, speedRatio, onAnimationEnd)

    def getAnimatables(self) -> list[Bone]:
        """The bones (what ``scene.beginAnimation(skeleton, ...)`` animates)."""
        if self._animatables is None or len(self._animatables) != len(self.bones):
            self._animatables = list(self.bones)
        return self._animatables

    def returnToRest(self) -> None:
        """Every bone with a palette entry back to its rest matrix."""
        for bone in self.bones:
            if bone._index != -1:
                bone.returnToRest()

    def _markAsDirty(self) -> None:
        self._isDirty = True
        self._absoluteTransformIsDirty = True

    def _registerMeshWithPoseMatrix(self, mesh: Any) -> None:
        self._meshesWithPoseMatrix.append(mesh)

    def _unregisterMeshWithPoseMatrix(self, mesh: Any) -> None:
        for index, item in enumerate(self._meshesWithPoseMatrix):
            if item is mesh:
                del self._meshesWithPoseMatrix[index]
                return

    def getPoseMatrix(self) -> Matrix | None:
        """The root pose matrix: the pose matrix of the first mesh given this skeleton while
        ``needInitialSkinMatrix`` was set (None when there is none)."""
        if self._meshesWithPoseMatrix:
            pose: Matrix = self._meshesWithPoseMatrix[0].getPoseMatrix()
            return pose
        return None

    def computeAbsoluteMatrices(self, forceUpdate: bool = False) -> None:
        """Compute every bone's absolute matrix (from the first bone down)."""
        if (self._absoluteTransformIsDirty or forceUpdate) and self.bones:
            self.bones[0].computeAbsoluteMatrices()
            self._absoluteTransformIsDirty = False

    def computeAbsoluteTransforms(self, forceUpdate: bool = False) -> None:
        """Alias of :meth:`computeAbsoluteMatrices`."""
        self.computeAbsoluteMatrices(forceUpdate)

    def _computeTransformMatrices(
        self, targetMatrix: array.array[float], initialSkinMatrix: Matrix | None = None
    ) -> None:
        self.onBeforeComputeObservable.notifyObservers(self)
        if _CLONE_PREPARE[0] and initialSkinMatrix is None:
            self._computeClonePalette(targetMatrix)
            return
        # The bones' members directly (getLocalMatrix/getFinalMatrix mark a bone's objects as
        # handed to a script, which keeps its skeleton off the lazy path: bone_lazy).
        for index, bone in enumerate(self.bones):
            bone._childUpdateId += 1
            parent = bone.getParent()
            bone._compose()
            final = bone._finalMatrix
            if parent is not None:
                bone._localMatrix.multiplyToRef(parent._finalMatrix, final)
            elif initialSkinMatrix is not None:
                bone._localMatrix.multiplyToRef(initialSkinMatrix, final)
            else:
                final.copyFrom(bone._localMatrix)
            if bone._index != -1:
                mapped = index if bone._index is None else bone._index
                bone.getAbsoluteInverseBindMatrix().multiplyToArray(
                    final, targetMatrix, mapped * 16
                )
        self._identity.copyToArray(targetMatrix, len(self.bones) * 16)

    def _computeClonePalette(self, targetMatrix: array.array[float]) -> None:
        # _computeTransformMatrices(targetMatrix, None) for a new clone's first prepare, each
        # bone's composed local matrix, final matrix and palette entry taken from a memo keyed
        # on their exact inputs (the bone's TRS, the parent's final matrix, the inverse bind
        # matrix): clones of one skeleton repeat the same numbers. A hit writes the recorded
        # numbers and makes the same update-flag draws and copies, in the same order; bones
        # outside the common case (a non-float TRS, nothing to compose) take the plain path.
        memo = _PALETTE_MEMO
        pack = _PACK10.pack
        for index, bone in enumerate(self.bones):
            bone._childUpdateId += 1
            parent = bone.getParent()
            final = bone._finalMatrix
            local = bone._localMatrix
            scaling = bone._localScaling
            key: tuple[object, ...] | None = None
            if type(bone) is Bone and bone._needToCompose and scaling is not None:
                r = bone._localRotation
                t = bone._localPosition
                trs = (scaling.x, scaling.y, scaling.z, r.x, r.y, r.z, r.w, t.x, t.y, t.z)
                if _FLOAT_ONLY.issuperset(map(type, trs)):
                    if parent is None:
                        key = (pack(*trs), None, False)
                    else:
                        pf = parent._finalMatrix
                        key = (pack(*trs), pf._m.tobytes(), pf._isIdentity)
                    if bone._index != -1:
                        key += (bone._absoluteInverseBindMatrix._m.tobytes(),)
            hit = memo.get(key) if key is not None else None
            if hit is not None:
                Skeleton._paletteMemoHits += 1
                bone._needToCompose = False
                local_numbers, final_numbers, palette = hit
                local._m[:] = local_numbers
                local.markAsUpdated()
                if final_numbers is None:
                    final.copyFrom(local)
                else:
                    final._m[:] = final_numbers
                    final.markAsUpdated()
            else:
                bone._compose()
                if parent is not None:
                    local.multiplyToRef(parent._finalMatrix, final)
                else:
                    final.copyFrom(local)
            if bone._index != -1:
                mapped = index if bone._index is None else bone._index
                if hit is not None:
                    targetMatrix[mapped * 16 : mapped * 16 + 16] = hit[2]
                else:
                    bone.getAbsoluteInverseBindMatrix().multiplyToArray(
                        final, targetMatrix, mapped * 16
                    )
            if key is not None and hit is None and local._isIdentity is False:
                # Recorded when the plain path drew a fresh flag for the final matrix (a
                # product) or copied the local one (a root, or a parent final flagged identity).
                copied = final.updateFlag == local.updateFlag
                if len(memo) >= _PALETTE_MEMO_SIZE:
                    memo.clear()
                memo[key] = (
                    array.array("f", local._m),
                    None if copied else array.array("f", final._m),
                    array.array("f", targetMatrix[mapped * 16 : mapped * 16 + 16])
                    if bone._index != -1
                    else None,
                )
        self._identity.copyToArray(targetMatrix, len(self.bones) * 16)

    def prepare(self, dontCheckFrameId: bool = False) -> None:
        """Copy the linked nodes' TRS into their bones, then recompute the skinning matrices.

        Runs once per scene render id unless ``dontCheckFrameId``. ``scene.render()`` calls
        it for the skeleton of every active mesh (see ``lite_compat.scene.scene_render``); a
        script that animates with ``scene._animate(ms)`` alone and never renders calls
        ``prepare(True)`` itself. With ``needInitialSkinMatrix`` each registered mesh gets
        its own palette (``mesh._bonesTransformMatrices``) rooted at its pose matrix.
        """
        if not dontCheckFrameId:
            render_id = scene_render_id(self._scene)
            if self._currentRenderId == render_id:
                return
            self._currentRenderId = render_id
        if self._numBonesWithLinkedTransformNode > 0:
            self._copyLinkedTransforms()
        size = 16 * (len(self.bones) + 1)
        if self.needInitialSkinMatrix:
            for mesh in self._meshesWithPoseMatrix:
                pose = mesh.getPoseMatrix()
                needs_update = self._isDirty
                matrices = getattr(mesh, "_bonesTransformMatrices", None)
                if matrices is None or len(matrices) != size:
                    matrices = array.array("f", bytes(4 * size))
                    mesh._bonesTransformMatrices = matrices
                    needs_update = True
                if not needs_update:
                    continue
                if self._synchronizedWithMesh is not mesh:
                    self._synchronizedWithMesh = mesh
                    scratch = TmpVectors.Matrix[1]
                    for bone in self.bones:
                        if bone.getParent() is None:
                            bone.getBindMatrix().multiplyToRef(pose, scratch)
                            bone._updateAbsoluteBindMatrices(scratch)
                self._computeTransformMatrices(matrices, pose)
        else:
            if not self._isDirty:
                return
            if self._transformMatrices is None or len(self._transformMatrices) != size:
                self._transformMatrices = array.array("f", bytes(4 * size))
            self._computeTransformMatrices(self._transformMatrices, None)
        self._isDirty = False

    def _copyLinkedTransforms(self) -> None:
        """``bone.position = node.position``, ``bone.rotationQuaternion = ...`` (or
        ``rotation``) and ``bone.scaling = ...`` for each linked bone, as Babylon's prepare
        does. A plain ``Bone`` takes the setters' local path inline (the same copies and
        dirty marks, without re-validating the node's own vectors every render)."""
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
            if bone._needToDecompose:
                # ``bone._decompose()`` minus the numbers: the three copies below overwrite
                # every component it would write (a new bone gets its vectors here).
                bone._needToDecompose = False
                if bone._localScaling is None:
                    bone._localScaling = Vector3.Zero()
                    bone._localRotation = Quaternion.Zero()
                    bone._localPosition = Vector3.Zero()
            bone._localPosition.copyFrom(node.position)
            bone._localRotation.copyFrom(quaternion)
            scaling = bone._localScaling
            assert scaling is not None  # set by _decompose
            scaling.copyFrom(node.scaling)
            # Three setters, three markAsDirty calls.
            bone._currentRenderId += 3
            bone._childUpdateId += 3
            bone._needToCompose = True
        self._markAsDirty()

    def getTransformMatrices(self, mesh: Any = None) -> array.array[float]:
        """Skinning palette: ``inverse absolute bind * final`` per bone, then an identity
        (16 float32 per bone, Babylon's ``Float32Array`` layout). Prepares the skeleton when
        it has no palette yet or is dirty (``prepare``, keyed on the render id after the
        first). With ``needInitialSkinMatrix`` the palette is ``mesh``'s own.

        Raises
        ------
        LiteError
            ``LITE-COMPAT-290`` with ``needInitialSkinMatrix`` and no ``mesh``.
        """
        if self.needInitialSkinMatrix:
            if mesh is None:
                raise LiteError(
                    "LITE-COMPAT-290",
                    "getTransformMatrices: When using the needInitialSkinMatrix flag, a mesh "
                    "must be provided",
                    hint="pass the skinned mesh: skeleton.getTransformMatrices(mesh)",
                    input_name="mesh",
                )
            if getattr(mesh, "_bonesTransformMatrices", None) is None:
                self.prepare(True)
            palette: array.array[float] = mesh._bonesTransformMatrices
            return palette
        if self._transformMatrices is None or self._isDirty:
            self.prepare(self._transformMatrices is None)
        assert self._transformMatrices is not None  # allocated by prepare
        return self._transformMatrices

    def sortBones(self) -> None:
        """Reorder ``bones`` so every parent comes before its children."""
        bones: list[Bone] = []
        visited = [False] * len(self.bones)

        def visit(index: int) -> None:
            if visited[index]:
                return
            visited[index] = True
            bone = self.bones[index]
            if bone._index is None:
                bone._index = index
            parent = bone.getParent()
            if parent is not None and parent in self.bones:
                visit(self.bones.index(parent))
            bones.append(bone)

        for i in range(len(self.bones)):
            visit(i)
        self.bones = bones

    def setCurrentPoseAsRest(self) -> None:
        """Every bone's current local matrix becomes its rest matrix."""
        for bone in self.bones:
            bone.setCurrentPoseAsRest()

    def dispose(self) -> None:
        """Stop animations, leave the scene (and the asset container)."""
        self.metadata = None
        scene_stop_animation(self._scene, self)
        scene_remove(self._scene, "removeSkeleton", "skeletons", self)
        container = self._parentContainer
        if container is not None:
            skeletons = getattr(container, "skeletons", None)
            if isinstance(skeletons, list) and self in skeletons:
                skeletons.remove(self)
            self._parentContainer = None

    # -- texture flag, description ------------------------------------------------------------

    @property
    def useTextureToStoreBoneMatrices(self) -> bool:
        """Babylon's request to keep the palette in a float texture (default True). Plain
        state here: lite_compat keeps no texture, so :attr:`isUsingTextureForMatrices` stays
        False, as on an engine without float textures."""
        return bool(self.__dict__.get("_useTextureToStoreBoneMatrices", True))

    @useTextureToStoreBoneMatrices.setter
    def useTextureToStoreBoneMatrices(self, value: bool) -> None:
        self.__dict__["_useTextureToStoreBoneMatrices"] = value

    def getTransformMatrixTexture(self, mesh: object = None) -> None:
        """The bone-matrix texture: ``None`` (Babylon's value too until a GPU engine creates
        one; lite_compat never does). Read :meth:`getTransformMatrices` for the palette."""
        return None

    def toString(self, fullDetails: bool = False) -> str:
        """``"Name: <name>, nBones: <n>, nAnimationRanges: <n>"`` (plus the range names, with
        Babylon's own odd separator, when ``fullDetails``)."""
        ret = f"Name: {self.name}, nBones: {len(self.bones)}"
        ret += f", nAnimationRanges: {len(self._ranges)}"
        if fullDetails:
            ret += ", Ranges: {"
            first = True
            for name in self._ranges:
                if first:
                    ret += ", "
                    first = False
                ret += name
            ret += "}"
        return ret

    # -- copy, clone, serialization -----------------------------------------------------------

    def _getHighestAnimationFrame(self) -> float:
        ret: float = 0
        for bone in self.bones:
            if bone.animations and bone.animations[0]:
                highest = cast("Any", bone.animations[0]).getHighestFrame()
                if ret < highest:
                    ret = highest
        return ret

    def copyAnimationRange(
        self, source: Skeleton, name: str, rescaleAsRequired: bool = False
    ) -> bool:
        """Append ``source``'s range ``name`` to this skeleton's bones (matched by name), after
        this skeleton's highest key frame, and create the shifted range. False when the range
        exists here already or not in ``source``, or when the rigs differ (bone count or a
        missing bone); as in Babylon.js, once the result is False no further bone is copied
        (the range is still created)."""
        check_object(
            source, "Skeleton.copyAnimationRange", "source", "getAnimationRange", "Skeleton"
        )
        if self._ranges.get(name) or not source.getAnimationRange(name):
            return False
        ret = True
        frame_offset = self._getHighestAnimationFrame() + 1
        by_name = {bone.name: bone for bone in source.bones}
        if len(self.bones) != len(source.bones):
            ret = False
        mine = getattr(self, "dimensionsAtRest", None)
        theirs = getattr(source, "dimensionsAtRest", None)
        ratio = mine.divide(theirs) if rescaleAsRequired and mine and theirs else None
        for bone in self.bones:
            source_bone = by_name.get(bone.name)
            if source_bone is not None:
                ret = ret and bone.copyAnimationRange(
                    source_bone, name, frame_offset, rescaleAsRequired, ratio
                )
            else:
                ret = False
        rng = source.getAnimationRange(name)
        if rng:
            self._ranges[name] = Node._AnimationRangeFactory(
                name, rng.from_ + frame_offset, rng.to + frame_offset
            )
        return ret

    def clone(self, name: str, id: str | None = None) -> Skeleton:  # noqa: A002
        """A new skeleton in the same scene with a copy of every bone (bind and rest matrices,
        palette index, linked node, cloned animations) and of the ranges; prepared at once."""
        result = Skeleton(name, id or name, self._scene)
        result.needInitialSkinMatrix = self.needInitialSkinMatrix
        result.metadata = self.metadata
        # Each source bone's position in ``self.bones`` (the first, as list.index finds it
        # for bones compared by identity).
        positions: dict[int, int] = {}
        for position, source in enumerate(self.bones):
            positions.setdefault(_object_id(source), position)
        for source in self.bones:
            parent = source.getParent()
            parent_bone = (
                result.bones[
                    positions[_object_id(parent)]
                    if _object_id(parent) in positions and type(parent).__eq__ is object.__eq__
                    else self.bones.index(parent)
                ]
                if parent is not None
                else None
            )
            # The bind matrix as the local matrix: Bone copies it (Babylon clones it first,
            # then the constructor clones that copy; same numbers, flags and caches).
            bone = Bone(
                source.name,
                result,
                parent_bone,
                source.getBindMatrix(),
                source.getRestMatrix().clone(),
            )
            bone._index = source._index
            if source._linkedTransformNode is not None:
                bone.linkTransformNode(source._linkedTransformNode)
            for animation in source.animations:
                bone.animations.append(cast("Any", animation).clone())
        result._ranges = {}
        for range_name, rng in self._ranges.items():
            if rng:
                result._ranges[range_name] = rng.clone()
        self._isDirty = True
        _CLONE_PREPARE[0] = True
        try:
            result.prepare(True)
        finally:
            _CLONE_PREPARE[0] = False
        return result

    def serialize(self) -> dict[str, Any]:
        """The ``.babylon`` JSON shape of the skeleton (:meth:`Parse` reads it back); matrices
        are lists of 16 floats."""
        out: dict[str, Any] = {"name": self.name, "id": self.id, "uniqueId": self.uniqueId}
        dims = getattr(self, "dimensionsAtRest", None)
        if dims:
            out["dimensionsAtRest"] = dims.asArray()
        out["bones"] = []
        out["needInitialSkinMatrix"] = self.needInitialSkinMatrix
        if self.metadata:
            out["metadata"] = self.metadata
        for bone in self.bones:
            parent = bone.getParent()
            node = bone.getTransformNode()
            serialized: dict[str, Any] = {
                "parentBoneIndex": self.bones.index(parent) if parent is not None else -1,
                "index": bone.getIndex(),
                "name": bone.name,
                "id": bone.id,
                "uniqueId": bone.uniqueId,
                "matrix": list(bone.getBindMatrix().asArray()),
                "rest": list(bone.getRestMatrix().asArray()),
            }
            if node is not None:
                serialized["linkedTransformNodeId"] = node.id
                serialized["linkedTransformNodeUniqueId"] = node.uniqueId
            out["bones"].append(serialized)
            length = getattr(bone, "length", None)
            if length:
                serialized["length"] = length
            if bone.metadata:
                serialized["metadata"] = bone.metadata
            if bone.animations:
                serialized["animation"] = cast("Any", bone.animations[0]).serialize()
            out["ranges"] = [
                {"name": range_name, "from": rng.from_, "to": rng.to}
                for range_name, rng in self._ranges.items()
                if rng
            ]
        return out

    @staticmethod
    def Parse(parsedSkeleton: dict[str, Any], scene: object) -> Skeleton:
        """A skeleton built from :meth:`serialize`'s shape (bones, animations, ranges); linked
        transform nodes are left to the caller (Babylon links them after the scene loads)."""
        if not isinstance(parsedSkeleton, dict) or not isinstance(
            parsedSkeleton.get("bones"), list
        ):
            raise AnimationStateError(
                "LITE-COMPAT-161",
                "Skeleton.Parse: parsedSkeleton must be a dict with a 'bones' list; "
                f"received {type(parsedSkeleton).__name__}",
                hint="pass the dict Skeleton.serialize() returns (or a .babylon skeleton)",
                input_name="parsedSkeleton",
            )
        skeleton = Skeleton(parsedSkeleton["name"], parsedSkeleton["id"], scene)
        dims = parsedSkeleton.get("dimensionsAtRest")
        if dims:
            skeleton.dimensionsAtRest = Vector3.FromArray(dims)
        skeleton.needInitialSkinMatrix = bool(parsedSkeleton.get("needInitialSkinMatrix"))
        if parsedSkeleton.get("metadata"):
            skeleton.metadata = parsedSkeleton["metadata"]
        for parsed in parsedSkeleton["bones"]:
            parent_index = parsed.get("parentBoneIndex", -1)
            parent = skeleton.bones[parent_index] if parent_index > -1 else None
            rest = Matrix.FromArray(parsed["rest"]) if parsed.get("rest") else None
            bone = Bone(
                parsed["name"],
                skeleton,
                parent,
                Matrix.FromArray(parsed["matrix"]),
                rest,
                None,
                parsed.get("index"),
            )
            if parsed.get("id") is not None:
                bone.id = parsed["id"]
            if parsed.get("length"):
                bone.length = parsed["length"]
            if parsed.get("metadata"):
                bone.metadata = parsed["metadata"]
            if parsed.get("animation"):
                bone.animations.append(Node._AnimationClass.Parse(parsed["animation"]))
            if parsed.get("linkedTransformNodeId") is not None:
                bone._waitingTransformNodeId = parsed["linkedTransformNodeId"]
        for data in parsedSkeleton.get("ranges") or []:
            skeleton.createAnimationRange(data["name"], data["from"], data["to"])
        return skeleton

    @staticmethod
    def MakeAnimationAdditive(
        skeleton: Skeleton,
        referenceFrame: float = 0,
        range: str | None = None,  # noqa: A002
    ) -> Skeleton | None:
        """Turn every bone animation of ``skeleton`` additive relative to ``referenceFrame``
        inside the range ``range``, and mark a playing animatable over that range additive.
        ``None`` when the skeleton has no such range."""
        range_value = skeleton.getAnimationRange(range) if range is not None else None
        if not range_value:
            return None
        finder = getattr(skeleton._scene, "getAllAnimatablesByTarget", None)
        playing = finder(skeleton) if callable(finder) else []
        range_animatable = None
        for animatable in playing:
            if (
                getattr(animatable, "fromFrame", None) == range_value.from_
                and getattr(animatable, "toFrame", None) == range_value.to
            ):
                range_animatable = animatable
                break
        for target in skeleton.getAnimatables():
            for animation in target.animations or []:
                Node._AnimationClass.MakeAnimationAdditive(animation, referenceFrame, range)
        if range_animatable is not None:
            range_animatable.isAdditive = True
        return skeleton

    def enableBlending(self, blendingSpeed: float = 0.01) -> None:
        """Turn on blending for every bone's animations (not the linked nodes')."""
        for bone in self.bones:
            for animation in bone.animations:
                setattr(animation, "enableBlending", True)  # noqa: B010
                setattr(animation, "blendingSpeed", blendingSpeed)  # noqa: B010
