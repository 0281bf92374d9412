"""Babylon.js ``Bone``: a skeleton joint with a local matrix, a rest pose and TRS accessors.

Port of ``@babylonjs/core`` 9.31 ``Bones/bone.js``. Its getters and setters in
``Space.LOCAL``/``Space.WORLD`` are the :class:`~lite_compat.bones.bone_space.BoneSpace` mixin;
the owning :class:`~lite_compat.bones.skeleton.Skeleton` computes the absolute matrices.
"""

from __future__ import annotations

import array as _array
from typing import TYPE_CHECKING, Any, cast

from lite.errors import AnimationStateError
from lite_compat.bones import bone_lazy
from lite_compat.bones.bone_space import BoneSpace
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.nodes.node import Node

if TYPE_CHECKING:
    from lite_compat.bones.skeleton import Skeleton
    from lite_compat.nodes.transform_node import TransformNode

__all__ = ["Bone"]

#: ``Bone._initAbsoluteBindMatrices``'s records: inputs -> (flag source, absolute bind
#: numbers, its identity caches, inverse numbers, determinant sign). Cleared when full.
#: ``Bone._absoluteBindMemoHits`` counts the hits (tests bound the work by it).
_ABS_BIND_MEMO: dict[tuple[object, ...], tuple[Any, ...]] = {}
_ABS_BIND_MEMO_SIZE = 4096


class Bone(BoneSpace, Node):
    """A bone of a :class:`Skeleton` (``BABYLON.Bone``).

    Parameters
    ----------
    name
        Bone name.
    skeleton
        Owning skeleton; the bone appends itself to ``skeleton.bones``.
    parentBone
        Parent bone (None for a root bone).
    localMatrix
        Local matrix (copied; identity when None).
    restMatrix, bindMatrix
        Rest and bind matrices (copies of the local matrix when None).
    index
        Index of the bone's matrix in the skinning palette (None: its position in
        ``skeleton.bones``; -1: no palette entry).

    Notes
    -----
    ``position``, ``rotationQuaternion`` and ``scaling`` read the decomposed local matrix and
    write back through a recompose (Babylon's lazy ``_decompose``/``_compose``). A bone linked
    to a transform node (``linkTransformNode``) takes that node's TRS in
    :meth:`Skeleton.prepare`; animations target the node, not the bone.
    """

    def __init__(
        self,
        name: str,
        skeleton: Skeleton,
        parentBone: Bone | None = None,
        localMatrix: Matrix | None = None,
        restMatrix: Matrix | None = None,
        bindMatrix: Matrix | None = None,
        index: int | None = None,
    ) -> None:
        self.children: list[Bone] = []
        super().__init__(name, skeleton.getScene(), False)
        self.name = name
        self._index: int | None = index
        self._scalingDeterminant = 1.0
        # The lazy members (bone_lazy) straight into their dict slots: what their setters do
        # for a new bone, the pending skeleton materialized at the same point (the first write
        # after ``_skeleton`` is set).
        d = self.__dict__
        d["_lz_needToDecompose"] = True
        d["_lz_needToCompose"] = False
        self._linkedTransformNode: TransformNode | None = None
        self._skeleton = skeleton
        local = localMatrix.clone() if localMatrix is not None else Matrix.Identity()
        if skeleton._lazyBones is not None:
            bone_lazy.materialize(skeleton, True)
        d["_lz_localMatrix"] = local
        self._restMatrix = restMatrix if restMatrix is not None else local.clone()
        self._bindMatrix = bindMatrix if bindMatrix is not None else local.clone()
        self._absoluteMatrix = Matrix()
        self._absoluteBindMatrix = Matrix()
        self._absoluteInverseBindMatrix = Matrix()
        d["_lz_finalMatrix"] = Matrix()
        d["_lz_localScaling"] = None
        d["_lz_localRotation"] = Quaternion.Zero()
        d["_lz_localPosition"] = Vector3.Zero()
        skeleton.bones.append(self)
        self.setParent(parentBone, False)
        self._initAbsoluteBindMatrices()

    # The state a batched render leaves pending on a lazy skeleton (see bone_lazy): plain
    # slot reads, a miss (pending) goes to __getattr__, a write materializes first.
    if TYPE_CHECKING:
        _localPosition: Vector3
        _localRotation: Quaternion
        _localScaling: Vector3 | None
        _needToDecompose: bool
        _needToCompose: bool
        _currentRenderId: float
        _childUpdateId: int
        _finalMatrix: Matrix
        _localMatrix: Matrix
    else:
        _localPosition = bone_lazy.lazy_member("_localPosition")
        _localRotation = bone_lazy.lazy_member("_localRotation")
        _localScaling = bone_lazy.lazy_member("_localScaling")
        _needToDecompose = bone_lazy.lazy_member("_needToDecompose")
        _needToCompose = bone_lazy.lazy_member("_needToCompose")
        _currentRenderId = bone_lazy.lazy_member("_currentRenderId")
        _childUpdateId = bone_lazy.lazy_member("_childUpdateId")
        _finalMatrix = bone_lazy.lazy_member("_finalMatrix")
        _localMatrix = bone_lazy.lazy_member("_localMatrix")

        def __getattr__(self, name):
            slot = bone_lazy.SLOT_OF.get(name)
            if slot is not None:
                skeleton = self.__dict__.get("_skeleton")
                if skeleton is not None and skeleton._lazyBones is not None:
                    bone_lazy.materialize(skeleton, True)
                    if slot in self.__dict__:
                        return self.__dict__[slot]
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    #: How many new bones took their absolute bind matrices from the memo.
    _absoluteBindMemoHits: int = 0
    #: Bone length (Babylon declares it and leaves it unset; loaders and users set it).
    length: float | None = None
    #: Id of the transform node a parsed bone waits to be linked to.
    _waitingTransformNodeId: str | None = None

    def getClassName(self) -> str:
        """``"Bone"``."""
        return "Bone"

    # -- hierarchy ------------------------------------------------------------------------

    def _expose(self) -> None:
        # This bone's vectors or matrices go to a script: its skeleton stays eager
        # (bone_lazy), so a held reference sees every render as in Babylon.js.
        self._skeleton._bonesExposed = True

    def getSkeleton(self) -> Skeleton:
        """The owning skeleton."""
        return self._skeleton

    @property  # type: ignore[override]
    def parent(self) -> Bone | None:
        """Parent bone (assigning calls :meth:`setParent`)."""
        parent = self._parentNode
        return parent if isinstance(parent, Bone) else None

    @parent.setter
    def parent(self, newParent: Bone | None) -> None:
        self.setParent(newParent)

    def getParent(self) -> Bone | None:
        """Parent bone, or None."""
        return self.parent

    def getChildren(self, *_args: Any, **_kwargs: Any) -> list[Bone]:  # type: ignore[override]
        """Child bones (the list itself, as Babylon.js returns it)."""
        return self.children

    def getIndex(self) -> int:
        """Palette index: ``_index``, or the position in ``skeleton.bones`` when None."""
        return self._skeleton.bones.index(self) if self._index is None else self._index

    def setParent(self, parent: Bone | None, updateAbsoluteBindMatrices: bool = True) -> None:
        """Re-parent this bone (optionally recomputing absolute bind matrices)."""
        if self.parent is parent:
            return
        old = self.parent
        if old is not None:
            for i, child in enumerate(old.children):
                if child is self:
                    del old.children[i]
                    break
        self._parentNode = parent
        self._skeleton._structureVersion += 1
        if parent is not None:
            parent.children.append(self)
        if updateAbsoluteBindMatrices:
            self._updateAbsoluteBindMatrices()
        self.markAsDirty()

    # -- matrices ---------------------------------------------------------------------------

    @property
    def _matrix(self) -> Matrix:
        self._skeleton._bonesExposed = True
        self._compose()
        return self._localMatrix

    @_matrix.setter
    def _matrix(self, value: Matrix) -> None:
        # Babylon.js skips the copy when the matrices share an update flag.
        if value.updateFlag == self._localMatrix.updateFlag and not self._needToCompose:
            return
        self._needToCompose = False
        self._localMatrix.copyFrom(value)
        self._markAsDirtyAndDecompose()

    def getLocalMatrix(self) -> Matrix:
        """The local matrix (recomposed first when TRS were written)."""
        self._skeleton._bonesExposed = True  # a held reference must see every render
        self._compose()
        return self._localMatrix

    def getBindMatrix(self) -> Matrix:
        """The bind matrix (local, relative to the parent bone)."""
        return self._bindMatrix

    def getBaseMatrix(self) -> Matrix:
        """Alias of :meth:`getBindMatrix`."""
        return self.getBindMatrix()

    def getRestMatrix(self) -> Matrix:
        """The rest matrix."""
        return self._restMatrix

    def getRestPose(self) -> Matrix:
        """Alias of :meth:`getRestMatrix`."""
        return self.getRestMatrix()

    def setRestMatrix(self, matrix: Matrix) -> None:
        """Copy ``matrix`` into the rest matrix."""
        self._restMatrix.copyFrom(matrix)

    def setRestPose(self, matrix: Matrix) -> None:
        """Alias of :meth:`setRestMatrix`."""
        self.setRestMatrix(matrix)

    def getBindPose(self) -> Matrix:
        """Alias of :meth:`getBindMatrix`."""
        return self.getBindMatrix()

    def setBindMatrix(self, matrix: Matrix) -> None:
        """``updateMatrix(matrix)``."""
        self.updateMatrix(matrix)

    def setBindPose(self, matrix: Matrix) -> None:
        """Alias of :meth:`setBindMatrix`."""
        self.setBindMatrix(matrix)

    def getFinalMatrix(self) -> Matrix:
        """Bone matrix in skeleton space, as last computed by :meth:`Skeleton.prepare`."""
        self._skeleton._bonesExposed = True
        return self._finalMatrix

    def getWorldMatrix(self) -> Matrix:
        """Alias of :meth:`getFinalMatrix` (Babylon.js)."""
        return self.getFinalMatrix()

    def getAbsoluteInverseBindMatrix(self) -> Matrix:
        """Inverse of the absolute bind matrix."""
        return self._absoluteInverseBindMatrix

    def getInvertedAbsoluteTransform(self) -> Matrix:
        """Alias of :meth:`getAbsoluteInverseBindMatrix`."""
        return self.getAbsoluteInverseBindMatrix()

    def getAbsoluteMatrix(self) -> Matrix:
        """Absolute matrix (``local * parent absolute``), updated on demand."""
        self._skeleton.computeAbsoluteMatrices()
        return self._absoluteMatrix

    def getAbsoluteTransform(self) -> Matrix:
        """Alias of :meth:`getAbsoluteMatrix`."""
        return self.getAbsoluteMatrix()

    def updateMatrix(
        self,
        bindMatrix: Matrix,
        updateAbsoluteBindMatrices: bool = True,
        updateLocalMatrix: bool = True,
    ) -> None:
        """Set the bind matrix (and by default the local matrix) to ``bindMatrix``."""
        self._bindMatrix.copyFrom(bindMatrix)
        if updateAbsoluteBindMatrices:
            self._updateAbsoluteBindMatrices()
        if updateLocalMatrix:
            self._matrix = bindMatrix
        else:
            self.markAsDirty()

    def _updateAbsoluteBindMatrices(
        self, bindMatrix: Matrix | None = None, updateChildren: bool = True
    ) -> None:
        if bindMatrix is None:
            bindMatrix = self._bindMatrix
        parent = self.parent
        if parent is not None:
            bindMatrix.multiplyToRef(parent._absoluteBindMatrix, self._absoluteBindMatrix)
        else:
            self._absoluteBindMatrix.copyFrom(bindMatrix)
        self._absoluteBindMatrix.invertToRef(self._absoluteInverseBindMatrix)
        self._skeleton._bindVersion += 1
        if updateChildren:
            for child in self.children:
                child._updateAbsoluteBindMatrices()
        self._scalingDeterminant = -1.0 if self._absoluteBindMatrix.determinant() < 0 else 1.0

    def _initAbsoluteBindMatrices(self) -> None:
        # ``_updateAbsoluteBindMatrices()`` for a new bone (no children yet), memoized on its
        # exact inputs (the bind matrix's and the parent's absolute bind matrix's numbers and
        # identity caches): clones of one skeleton repeat the same products and inverses.
        # A hit writes the recorded numbers, caches and determinant sign and draws the same
        # fresh update flags, in the same order, as the computation; only the common path
        # (an invertible, non-identity absolute bind matrix) is recorded.
        bind = self._bindMatrix
        parent = self.parent
        if parent is not None:
            pa = parent._absoluteBindMatrix
            key: tuple[object, ...] = (
                bind._m.tobytes(), bind._isIdentity, bind._isIdentityDirty,
                bind._isIdentity3x2, bind._isIdentity3x2Dirty,
                pa._m.tobytes(), pa._isIdentity, pa._isIdentityDirty,
                pa._isIdentity3x2, pa._isIdentity3x2Dirty,
            )  # fmt: skip
        else:
            pa = None
            key = (
                bind._m.tobytes(), bind._isIdentity, bind._isIdentityDirty,
                bind._isIdentity3x2, bind._isIdentity3x2Dirty,
            )  # fmt: skip
        absolute = self._absoluteBindMatrix
        inverse = self._absoluteInverseBindMatrix
        hit = _ABS_BIND_MEMO.get(key)
        if hit is None:
            self._updateAbsoluteBindMatrices()
            if absolute._isIdentity is True or inverse.updateFlag == absolute.updateFlag:
                return  # the identity or singular paths: not recorded
            if absolute.updateFlag == bind.updateFlag:
                source = 1
            elif pa is not None and absolute.updateFlag == pa.updateFlag:
                source = 2
            else:
                source = 0
            if len(_ABS_BIND_MEMO) >= _ABS_BIND_MEMO_SIZE:
                _ABS_BIND_MEMO.clear()
            _ABS_BIND_MEMO[key] = (
                source,
                _array.array("f", absolute._m),
                (absolute._isIdentity, absolute._isIdentityDirty,
                 absolute._isIdentity3x2, absolute._isIdentity3x2Dirty),
                _array.array("f", inverse._m),
                self._scalingDeterminant,
            )  # fmt: skip
            return
        Bone._absoluteBindMemoHits += 1
        source, absolute_numbers, flags, inverse_numbers, sign = hit
        absolute._m[:] = absolute_numbers
        if source == 0:
            absolute.markAsUpdated()
        else:
            absolute.updateFlag = bind.updateFlag if source == 1 else cast(Matrix, pa).updateFlag
            (
                absolute._isIdentity, absolute._isIdentityDirty,
                absolute._isIdentity3x2, absolute._isIdentity3x2Dirty,
            ) = flags  # fmt: skip
        inverse._m[:] = inverse_numbers
        inverse.markAsUpdated()
        self._skeleton._bindVersion += 1
        self._scalingDeterminant = sign

    def computeAbsoluteMatrices(self) -> None:
        """Compute the absolute matrices of this bone and its descendants."""
        self._compose()
        parent = self.parent
        if parent is not None:
            self._localMatrix.multiplyToRef(parent._absoluteMatrix, self._absoluteMatrix)
        else:
            self._absoluteMatrix.copyFrom(self._localMatrix)
            pose = self._skeleton.getPoseMatrix()
            if pose is not None:
                self._absoluteMatrix.multiplyToRef(pose, self._absoluteMatrix)
        for child in self.children:
            child.computeAbsoluteMatrices()

    def computeAbsoluteTransforms(self) -> None:
        """Alias of :meth:`computeAbsoluteMatrices`."""
        self.computeAbsoluteMatrices()

    def markAsDirty(self, _property: str | None = None) -> Bone:
        """Flag this bone and its skeleton for recomputation."""
        self._currentRenderId += 1
        self._childUpdateId += 1
        self._skeleton._markAsDirty()
        return self

    def _markAsDirtyAndCompose(self) -> None:
        self.markAsDirty()
        self._needToCompose = True

    def _markAsDirtyAndDecompose(self) -> None:
        self.markAsDirty()
        self._needToDecompose = True

    def _decompose(self) -> None:
        if not self._needToDecompose:
            return
        self._needToDecompose = False
        if self._localScaling is None:
            self._localScaling = Vector3.Zero()
            self._localRotation = Quaternion.Zero()
            self._localPosition = Vector3.Zero()
        self._localMatrix.decompose(self._localScaling, self._localRotation, self._localPosition)

    def _compose(self) -> None:
        if not self._needToCompose:
            return
        if self._localScaling is None:
            self._needToCompose = False
            return
        self._needToCompose = False
        Matrix.ComposeToRef(
            self._localScaling, self._localRotation, self._localPosition, self._localMatrix
        )

    # -- linked transform node ------------------------------------------------------------

    def linkTransformNode(self, transformNode: TransformNode | None) -> None:
        """Tie this bone to ``transformNode``: :meth:`Skeleton.prepare` copies its TRS."""
        if self._linkedTransformNode is not None:
            self._skeleton._numBonesWithLinkedTransformNode -= 1
        self._linkedTransformNode = transformNode
        self._skeleton._structureVersion += 1
        if self._linkedTransformNode is not None:
            self._skeleton._numBonesWithLinkedTransformNode += 1

    def getTransformNode(self) -> TransformNode | None:
        """The linked transform node, or None."""
        return self._linkedTransformNode

    # -- local TRS (Space.LOCAL) ------------------------------------------------------------

    @property
    def position(self) -> Vector3:
        """Local position (decomposed from the local matrix)."""
        self._skeleton._bonesExposed = True
        self._decompose()
        return self._localPosition

    @position.setter
    def position(self, newPosition: Vector3) -> None:
        self._decompose()
        self._localPosition.copyFrom(newPosition)
        self._markAsDirtyAndCompose()

    @property
    def rotationQuaternion(self) -> Quaternion:
        """Local rotation (decomposed from the local matrix)."""
        self._skeleton._bonesExposed = True
        self._decompose()
        return self._localRotation

    @rotationQuaternion.setter
    def rotationQuaternion(self, newRotation: Quaternion) -> None:
        self.setRotationQuaternion(newRotation)

    @property
    def rotation(self) -> Vector3:
        """Local rotation as Euler angles (from the decomposed quaternion)."""
        return self.getRotation()

    @rotation.setter
    def rotation(self, newRotation: Vector3) -> None:
        self.setRotation(newRotation)

    @property
    def scaling(self) -> Vector3:
        """Local scaling (decomposed from the local matrix)."""
        return self.getScale()

    @scaling.setter
    def scaling(self, newScaling: Vector3) -> None:
        self.setScale(newScaling)

    @property
    def animationPropertiesOverride(self) -> object:
        """The skeleton's ``animationPropertiesOverride`` (read-only on a bone).

        Raises
        ------
        AnimationStateError
            ``LITE-COMPAT-020`` on assignment: Babylon.js's ``Bone`` has only the getter (a
            TypeError in a module script); set it on the skeleton.
        """
        return self._skeleton.animationPropertiesOverride

    @animationPropertiesOverride.setter
    def animationPropertiesOverride(self, value: object) -> None:
        raise AnimationStateError(
            "LITE-COMPAT-020",
            f"Bone.animationPropertiesOverride is read-only (Babylon.js 9.31 defines only a "
            f"getter); received {type(value).__name__} for bone {self.name!r}",
            hint="set skeleton.animationPropertiesOverride; its bones read the skeleton's",
            input_name="animationPropertiesOverride",
        )

    def returnToRest(self) -> None:
        """Put the linked node (or the bone) back at the rest matrix."""
        node = self._linkedTransformNode
        if node is not None:
            scaling = TmpVectors.Vector3[0]
            rotation = TmpVectors.Quaternion[0]
            position = TmpVectors.Vector3[1]
            self.getRestMatrix().decompose(scaling, rotation, position)
            node.position.copyFrom(position)
            if node.rotationQuaternion is None:
                node.rotationQuaternion = Quaternion.Identity()
            node.rotationQuaternion.copyFrom(rotation)
            node.scaling.copyFrom(scaling)
        else:
            self._matrix = self._restMatrix

    def copyAnimationRange(
        self,
        source: Bone,
        rangeName: str,
        frameOffset: float,
        rescaleAsRequired: bool = False,
        skelDimensionsRatio: Vector3 | None = None,
    ) -> bool:
        """Copy the keys of ``source``'s first animation inside its range ``rangeName`` into
        this bone's first animation (created as a ``_matrix`` animation when the bone has
        none), shifted by ``frameOffset``, and create the shifted range on it. With
        ``rescaleAsRequired`` the translations are rescaled by the parents' ``length`` ratio
        (or, on a root bone, by ``skelDimensionsRatio``). False when the source has no such
        range."""
        if not source.animations:
            return False
        src_anim = cast("Any", source.animations[0])
        if not self.animations:
            factory = Node._AnimationClass
            created = factory(
                self.name, "_matrix", src_anim.framePerSecond, factory.ANIMATIONTYPE_MATRIX, 0
            )
            created.setKeys([])
            self.animations.append(created)
        source_range = src_anim.getRange(rangeName)
        if not source_range:
            return False
        from_, to = source_range.from_, source_range.to
        source_keys = src_anim.getKeys()
        source_length = getattr(source, "length", None)
        own_length = getattr(self, "length", None)
        source_parent = source.getParent()
        parent = self.getParent()
        parent_scaling = bool(
            rescaleAsRequired
            and source_parent
            and source_length
            and own_length
            and source_length != own_length
        )
        parent_ratio = (
            getattr(parent, "length", 0) / getattr(source_parent, "length", 1)
            if parent_scaling and parent is not None and source_parent is not None
            else 1.0
        )
        ratio = skelDimensionsRatio
        dims_scaling = bool(
            rescaleAsRequired
            and parent is None
            and ratio is not None
            and (ratio.x != 1 or ratio.y != 1 or ratio.z != 1)
        )
        dest = cast("Any", self.animations[0])
        dest_keys = dest.getKeys()
        for orig in source_keys:
            frame = orig["frame"] if isinstance(orig, dict) else orig.frame
            if from_ <= frame <= to:
                value = orig["value"] if isinstance(orig, dict) else orig.value
                if rescaleAsRequired:
                    if parent_scaling:
                        value = value.clone()
                        value.setTranslation(value.getTranslation().scaleInPlace(parent_ratio))
                    elif dims_scaling and ratio is not None:
                        value = value.clone()
                        value.setTranslation(value.getTranslation().multiplyInPlace(ratio))
                dest_keys.append({"frame": frame + frameOffset, "value": value})
        dest.createRange(rangeName, from_ + frameOffset, to + frameOffset)
        return True

    def setCurrentPoseAsRest(self) -> None:
        """Use the current local matrix as the rest matrix."""
        self.setRestMatrix(self.getLocalMatrix())

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Unlink the transform node and leave the skeleton's bone list."""
        self._linkedTransformNode = None
        bones = self._skeleton.bones
        for i, bone in enumerate(bones):
            if bone is self:
                del bones[i]
                break
        if self._parentNode is not None and isinstance(self._parentNode, Bone):
            siblings = self._parentNode.children
            for i, child in enumerate(siblings):
                if child is self:
                    del siblings[i]
                    break
        self._isDisposed = True
