"""Babylon.js ``TransformNode``: position, rotation, scaling, pivots and the world matrix.

Port of ``@babylonjs/core`` 9.31 ``Meshes/transformNode.pure.js``. Names, argument order,
defaults and the order of arithmetic follow Babylon.js, so a world matrix composed here equals
Babylon's bit for bit (both go through :class:`lite_compat.math.Matrix`, float32 storage).

World-matrix caching follows Babylon.js too, including its surprises: without a render loop
the scene's render id never changes, so after the first computation
``getWorldMatrix()``/``computeWorldMatrix()`` return the cached matrix until the node is marked
dirty (a property *assignment* such as ``node.position = v``, ``markAsDirty()``, a new parent)
or ``computeWorldMatrix(True)`` is called. Babylon.js tracks in-place edits
(``node.position.x = 1``) with dirty flags on its vectors; these vectors have none, so the
node keeps a snapshot of the values it last composed and compares it instead, which gives
the same answer whenever Babylon would recompute.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Final, cast

from lite.errors import UnsupportedError
from lite_compat._lazy import LazyField, created
from lite_compat.engines.engine_store import (
    scene_add,
    scene_flag,
    scene_remove,
    scene_render_id,
    scene_stop_animation,
)
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.nodes.arg_checks import check_matrix, check_number, check_object, check_vector
from lite_compat.nodes.node import Node, Space, _observable
from lite_compat.nodes.transform_space import TransformSpace
from lite_compat.observable import Observable

if TYPE_CHECKING:
    from lite_compat.math.like import IVector3Like
    from lite_compat.math.vector import ScalingNodeLike

__all__ = ["TransformNode"]

#: Vector3.isNonUniformWithinEpsilon tolerance used by TransformNode.computeWorldMatrix.
NON_UNIFORM_SCALING_EPSILON: Final = 0.000001

_TRS = tuple[float, ...]

#: Read by the compat batch (lite_compat/animations/batch.py, duck-typed, through the class
#: attributes below): bumped when a TransformNode's position, rotation(Quaternion) or scaling
#: object is replaced, and when a TransformNode's dirty flag is cleared.
_LEAF_EPOCH: Final = [0]

#: The ids of the TransformNodes whose leaf was replaced, one per bump of the leaf epoch since
#: it stood at ``_LEAF_LOG_START[0]`` (bumped through :func:`_leaf_replaced`): a reader that
#: saw the epoch at some value finds the nodes replaced since (:func:`leaf_changes`) instead
#: of reading every node's leaves again. Emptied when it reaches ``_LEAF_LOG_MAX`` entries.
_LEAF_LOG: Final[list[int]] = []
_LEAF_LOG_START: Final = [0]
_LEAF_LOG_MAX: Final = 4096


def _leaf_replaced(node: object) -> None:
    """Bump the leaf epoch for ``node`` (one of its leaf objects was replaced) and log it."""
    _LEAF_EPOCH[0] += 1
    if len(_LEAF_LOG) >= _LEAF_LOG_MAX:
        _LEAF_LOG.clear()
        _LEAF_LOG_START[0] = _LEAF_EPOCH[0] - 1
    _LEAF_LOG.append(id(node))


def leaf_changes(seen: int) -> list[int] | None:
    """The ids of the TransformNodes whose leaf objects were replaced since the leaf epoch
    stood at ``seen`` (in order, repeats kept; an id may also be a node's that is gone), or
    None when that is not known: the log was emptied since, or the epoch was bumped other than
    through :func:`_leaf_replaced` (then the log starts again from here)."""
    epoch = _LEAF_EPOCH[0]
    start = _LEAF_LOG_START[0]
    if len(_LEAF_LOG) != epoch - start:
        _LEAF_LOG.clear()
        _LEAF_LOG_START[0] = epoch
        return None
    if not start <= seen <= epoch:
        return None
    return _LEAF_LOG[seen - start :]


_CLEAN_EPOCH: Final = [0]


class TransformNode(TransformSpace, Node):
    """A node with a position, rotation and scaling (``BABYLON.TransformNode``).

    Parameters
    ----------
    name
        Node name (and id).
    scene
        Owning scene; the node adds itself with ``scene.addTransformNode`` (or to
        ``scene.transformNodes``).
    isPure
        Internal: subclasses (meshes) pass False and register through ``scene.addMesh``.

    Notes
    -----
    ``position``, ``rotation``, ``scaling`` and ``rotationQuaternion`` are properties whose
    setters store the given object (no copy) and mark the node dirty, exactly like Babylon.js;
    animations may either write through ``node.position.set(...)``/``.x`` or assign.
    ``rotation`` holds Euler angles in radians applied as yaw (Y), pitch (X), roll (Z); a
    non-None ``rotationQuaternion`` wins and assigning one resets ``rotation`` to zero.

    Examples
    --------
    >>> from lite_compat.math import Vector3
    >>> parent = TransformNode("parent")
    >>> child = TransformNode("child")
    >>> child.parent = parent
    >>> parent.position = Vector3(1, 2, 3)
    >>> child.position.x = 1
    >>> child.computeWorldMatrix(True).m[12]
    2.0
    """

    BILLBOARDMODE_NONE: ClassVar[int] = 0
    BILLBOARDMODE_X: ClassVar[int] = 1
    BILLBOARDMODE_Y: ClassVar[int] = 2
    BILLBOARDMODE_Z: ClassVar[int] = 4
    BILLBOARDMODE_ALL: ClassVar[int] = 7
    BILLBOARDMODE_USE_POSITION: ClassVar[int] = 128
    BillboardUseParentOrientation: ClassVar[bool] = False

    # Babylon.js statics used as scratch by computeWorldMatrix / setParent.
    _TmpRotation: ClassVar[Quaternion] = Quaternion.Zero()
    _leafEpoch: ClassVar[list[int]] = _LEAF_EPOCH
    _cleanEpoch: ClassVar[list[int]] = _CLEAN_EPOCH
    _TmpScaling: ClassVar[Vector3] = Vector3.Zero()
    _TmpTranslation: ClassVar[Vector3] = Vector3.Zero()
    _LookAtVectorCache: ClassVar[Vector3] = Vector3(0, 0, 0)
    _RotationAxisCache: ClassVar[Quaternion] = Quaternion()

    # Made on first read (see LazyField): the same defaults Babylon.js's constructor sets.
    _forward: LazyField[Vector3] = LazyField(lambda: Vector3(0, 0, 1))
    _up: LazyField[Vector3] = LazyField(lambda: Vector3(0, 1, 0))
    _right: LazyField[Vector3] = LazyField(lambda: Vector3(1, 0, 0))
    _localMatrix: LazyField[Matrix] = LazyField(Matrix.Zero)
    _absolutePosition: LazyField[Vector3] = LazyField(Vector3.Zero)
    _absoluteScaling: LazyField[Vector3] = LazyField(Vector3.Zero)
    _absoluteRotationQuaternion: LazyField[Quaternion] = LazyField(Quaternion.Identity)
    _pivotMatrix: LazyField[Matrix] = LazyField(Matrix.Identity)
    #: Notified (with the node) after each world matrix update.
    onAfterWorldMatrixUpdateObservable: LazyField[Observable[TransformNode]] = LazyField(
        _observable
    )

    def __init__(self, name: str, scene: object | None = None, isPure: bool = True) -> None:
        super().__init__(name, scene, False)
        self._position = Vector3.Zero()
        self._rotation = Vector3.Zero()
        self._rotationQuaternion: Quaternion | None = None
        self._scaling = Vector3.One()
        self._isAbsoluteSynced = False
        self._billboardMode = TransformNode.BILLBOARDMODE_NONE
        #: Multiplies the scaling when composing (e.g. -1 mirrors the node).
        self.scalingDeterminant = 1.0
        self._infiniteDistance = False
        #: When True, non-uniform scaling is not tracked (``nonUniformScaling`` stays False).
        self.ignoreNonUniformScaling = False
        #: When True, a non-zero ``rotation`` is folded into ``rotationQuaternion`` and reset.
        self.reIntegrateRotationIntoRotationQuaternion = False
        self._usePivotMatrix = False
        self._pivotMatrixInverse: Matrix | None = None
        self._postMultiplyPivotMatrix = False
        self._isWorldMatrixFrozen = False
        self._indexInSceneTransformNodesArray = -1
        self._nonUniformScaling = False
        #: Optional callback run when the node becomes dirty (Babylon ``customMarkAsDirty``).
        self.customMarkAsDirty: Callable[[], None] | None = None
        if isPure:
            scene_add(self._scene, "addTransformNode", "transformNodes", self)
            self._indexInSceneTransformNodesArray = 0
            if self.parent is None:
                self._addToSceneRootNodes()

    def getClassName(self) -> str:
        """``"TransformNode"``."""
        return "TransformNode"

    # -- cache (see the module docstring) ---------------------------------------------------

    def _initCache(self) -> None:
        super()._initCache()
        self._cacheTRS: _TRS | None = None
        self._cacheBillboardMode = -1
        self._cachePivotMatrixUpdated = False
        self._cacheInfiniteDistance = False
        self._cacheUseBillboardPosition = False

    def _trsSnapshot(self) -> _TRS:
        """The values Babylon's per-vector dirty flags watch, in one tuple."""
        p, r, s = self._position, self._rotation, self._scaling
        q = self._rotationQuaternion
        if q is None:
            return (p.x, p.y, p.z, r.x, r.y, r.z, s.x, s.y, s.z)
        return (p.x, p.y, p.z, r.x, r.y, r.z, s.x, s.y, s.z, q.x, q.y, q.z, q.w)

    def _isSynchronized(self) -> bool:
        if self._billboardMode != self._cacheBillboardMode or self._billboardMode != 0:
            return False
        if self._cachePivotMatrixUpdated:
            return False
        if self._infiniteDistance:
            return False
        return self._trsSnapshot() == self._cacheTRS

    def _markAsDirtyInternal(self) -> None:
        if self._isDirty:
            return
        self._isDirty = True
        if self.customMarkAsDirty is not None:
            self.customMarkAsDirty()

    def markAsDirty(self, property: str | None = None) -> TransformNode:  # noqa: A002
        """Mark this node and its children dirty (recomputed on next access)."""
        if self._isDirty:
            return self
        if self._children:
            for child in self._children:
                child.markAsDirty(property)
        super().markAsDirty(property)
        return self

    # -- TRS properties ---------------------------------------------------------------------

    @property
    def position(self) -> Vector3:
        """Local position (default (0, 0, 0)); the setter stores the object itself."""
        return self._position

    @position.setter
    def position(self, newPosition: Vector3) -> None:
        # The leaf epoch tells readers a leaf object was replaced: the same object assigned
        # again (a late blend's own value, every frame) replaces nothing.
        if getattr(self, "_position", None) is not newPosition:
            _leaf_replaced(self)
        self._position = newPosition
        self._markAsDirtyInternal()

    @property
    def rotation(self) -> Vector3:
        """Euler angles in radians (yaw Y, pitch X, roll Z); ignored while
        ``rotationQuaternion`` is set. Assigning clears ``rotationQuaternion``."""
        return self._rotation

    @rotation.setter
    def rotation(self, newRotation: Vector3) -> None:
        self._rotation = newRotation
        self._rotationQuaternion = None
        _leaf_replaced(self)
        self._markAsDirtyInternal()

    @property
    def scaling(self) -> Vector3:
        """Local scaling (default (1, 1, 1)); the setter stores the object itself."""
        return self._scaling

    @scaling.setter
    def scaling(self, newScaling: Vector3) -> None:
        self._scaling = newScaling
        _leaf_replaced(self)
        self._markAsDirtyInternal()

    @property
    def rotationQuaternion(self) -> Quaternion | None:
        """Rotation as a unit quaternion (default None). When set it wins over ``rotation``,
        and assigning a quaternion resets ``rotation`` to (0, 0, 0)."""
        return self._rotationQuaternion

    @rotationQuaternion.setter
    def rotationQuaternion(self, quaternion: Quaternion | None) -> None:
        self._rotationQuaternion = quaternion
        _leaf_replaced(self)
        if quaternion is not None:
            self._rotation.setAll(0.0)
        self._markAsDirtyInternal()

    @property
    def billboardMode(self) -> int:
        """Billboard mode; only ``BILLBOARDMODE_NONE`` (0) is supported here."""
        return self._billboardMode

    @billboardMode.setter
    def billboardMode(self, value: int) -> None:
        if self._billboardMode == value:
            return
        if value != TransformNode.BILLBOARDMODE_NONE:
            raise UnsupportedError(
                "LITE-UNSUP-001",
                f"TransformNode.billboardMode = {value!r}: billboards need a camera-facing "
                "render path, which lite_compat does not have",
                hint="keep billboardMode at TransformNode.BILLBOARDMODE_NONE (0)",
                input_name="billboardMode",
            )
        self._billboardMode = value

    @property
    def infiniteDistance(self) -> bool:
        """When True (and unparented), the node follows the active camera's position."""
        return self._infiniteDistance

    @infiniteDistance.setter
    def infiniteDistance(self, value: bool) -> None:
        self._infiniteDistance = value

    @property
    def nonUniformScaling(self) -> bool:
        """True when this node's (or an ancestor's) scaling is non-uniform."""
        return self._nonUniformScaling

    def _updateNonUniformScalingState(self, value: bool) -> bool:
        if self._nonUniformScaling == value:
            return False
        self._nonUniformScaling = value
        return True

    @property
    def forward(self) -> Vector3:
        """World-space forward (+Z, or -Z in a right-handed scene), normalised."""
        z = -1.0 if scene_flag(self._scene, "useRightHandedSystem") else 1.0
        Vector3.TransformNormalFromFloatsToRef(0, 0, z, self.getWorldMatrix(), self._forward)
        return self._forward.normalize()

    @property
    def up(self) -> Vector3:
        """World-space up (+Y), normalised."""
        Vector3.TransformNormalFromFloatsToRef(0, 1, 0, self.getWorldMatrix(), self._up)
        return self._up.normalize()

    @property
    def right(self) -> Vector3:
        """World-space right (+X, or -X in a right-handed scene), normalised."""
        x = -1.0 if scene_flag(self._scene, "useRightHandedSystem") else 1.0
        Vector3.TransformNormalFromFloatsToRef(x, 0, 0, self.getWorldMatrix(), self._right)
        return self._right.normalize()

    # -- absolute values --------------------------------------------------------------------

    @property
    def absolutePosition(self) -> Vector3:
        """World position (same object as :meth:`getAbsolutePosition`)."""
        return self.getAbsolutePosition()

    @property
    def absoluteScaling(self) -> Vector3:
        """World scaling, decomposed from the world matrix."""
        self._syncAbsoluteScalingAndRotation()
        return self._absoluteScaling

    @property
    def absoluteRotationQuaternion(self) -> Quaternion:
        """World rotation, decomposed from the world matrix."""
        self._syncAbsoluteScalingAndRotation()
        return self._absoluteRotationQuaternion

    def _syncAbsoluteScalingAndRotation(self) -> None:
        if not self._isAbsoluteSynced:
            self._worldMatrix.decompose(self._absoluteScaling, self._absoluteRotationQuaternion)
            self._isAbsoluteSynced = True

    def getAbsolutePosition(self) -> Vector3:
        """World position (translation of the world matrix; computed if needed)."""
        self.computeWorldMatrix()
        return self._absolutePosition

    def setAbsolutePosition(
        self,
        absolutePosition: IVector3Like | float | None,
        y: float | None = None,
        z: float | None = None,
    ) -> TransformNode:
        """Place the node at a world position (a vector, or three floats)."""
        if absolutePosition is None:
            return self
        if isinstance(absolutePosition, int | float):
            if y is None or z is None:
                return self
            ax, ay, az = float(absolutePosition), y, z
        else:
            check_vector(absolutePosition, "TransformNode.setAbsolutePosition", "absolutePosition")
            ax, ay, az = absolutePosition.x, absolutePosition.y, absolutePosition.z
        parent = self.parent
        if parent is not None:
            invert_parent = TmpVectors.Matrix[0]
            parent.getWorldMatrix().invertToRef(invert_parent)
            Vector3.TransformCoordinatesFromFloatsToRef(ax, ay, az, invert_parent, self.position)
        else:
            self.position.x = ax
            self.position.y = ay
            self.position.z = az
        self._absolutePosition.copyFromFloats(ax, ay, az)
        return self

    def setPositionWithLocalVector(self, vector3: IVector3Like) -> TransformNode:
        """Set the position from a vector expressed in the node's local space."""
        check_vector(vector3, "TransformNode.setPositionWithLocalVector", "vector3")
        self.computeWorldMatrix()
        self.position = Vector3.TransformNormal(vector3, self._localMatrix)
        return self

    def getPositionExpressedInLocalSpace(self) -> Vector3:
        """The position expressed in the node's local space."""
        self.computeWorldMatrix()
        inv = TmpVectors.Matrix[0]
        self._localMatrix.invertToRef(inv)
        return Vector3.TransformNormal(self.position, inv)

    def locallyTranslate(self, vector3: IVector3Like) -> TransformNode:
        """Move by ``vector3`` expressed in the node's local space."""
        check_vector(vector3, "TransformNode.locallyTranslate", "vector3")
        self.computeWorldMatrix(True)
        self.position = Vector3.TransformCoordinates(vector3, self._localMatrix)
        return self

    def translate(self, axis: Vector3, distance: float, space: int = Space.LOCAL) -> TransformNode:
        """Move ``distance`` along ``axis`` in local (default) or world space."""
        check_vector(axis, "TransformNode.translate", "axis")
        distance = check_number(distance, "TransformNode.translate", "distance")
        displacement = axis.scale(distance)
        if not space or space == Space.LOCAL:
            self.setPositionWithLocalVector(
                self.getPositionExpressedInLocalSpace().add(displacement)
            )
        else:
            self.setAbsolutePosition(self.getAbsolutePosition().add(displacement))
        return self

    def rotate(self, axis: Vector3, amount: float, space: int = Space.LOCAL) -> TransformNode:
        """Rotate by ``amount`` radians around ``axis`` (normalised in place); switches the
        node to ``rotationQuaternion``."""
        check_vector(axis, "TransformNode.rotate", "axis")
        amount = check_number(amount, "TransformNode.rotate", "amount")
        axis.normalize()
        rq = self.rotationQuaternion
        if rq is None:
            rq = self.rotation.toQuaternion()
            self.rotationQuaternion = rq
            self.rotation.setAll(0)
        if not space or space == Space.LOCAL:
            rotation = Quaternion.RotationAxisToRef(axis, amount, TransformNode._RotationAxisCache)
            rq.multiplyToRef(rotation, rq)
        else:
            parent = self.parent
            if parent is not None:
                parent_world = parent.getWorldMatrix()
                inv = TmpVectors.Matrix[0]
                parent_world.invertToRef(inv)
                axis = Vector3.TransformNormal(axis, inv)
                if parent_world.determinant() < 0:
                    amount *= -1
            rotation = Quaternion.RotationAxisToRef(axis, amount, TransformNode._RotationAxisCache)
            rotation.multiplyToRef(rq, rq)
        return self

    def setDirection(
        self, localAxis: IVector3Like, yawCor: float = 0, pitchCor: float = 0, rollCor: float = 0
    ) -> TransformNode:
        """Orient the node so that its local +Z points along ``localAxis``."""
        check_vector(localAxis, "TransformNode.setDirection", "localAxis")
        yaw = -math.atan2(localAxis.z, localAxis.x) + math.pi / 2
        length = math.sqrt(localAxis.x * localAxis.x + localAxis.z * localAxis.z)
        pitch = -math.atan2(localAxis.y, length)
        if self.rotationQuaternion is not None:
            Quaternion.RotationYawPitchRollToRef(
                yaw + yawCor, pitch + pitchCor, rollCor, self.rotationQuaternion
            )
        else:
            self.rotation.x = pitch + pitchCor
            self.rotation.y = yaw + yawCor
            self.rotation.z = rollCor
        return self

    # -- pivot ------------------------------------------------------------------------------

    def setPivotMatrix(self, matrix: Matrix, postMultiplyPivotMatrix: bool = True) -> TransformNode:
        """Apply ``matrix`` before scaling/rotation (and its inverse after, by default)."""
        check_matrix(matrix, "TransformNode.setPivotMatrix", "matrix")
        self._pivotMatrix.copyFrom(matrix)
        self._usePivotMatrix = not self._pivotMatrix.isIdentity()
        self._cachePivotMatrixUpdated = True
        self._postMultiplyPivotMatrix = postMultiplyPivotMatrix
        if self._postMultiplyPivotMatrix:
            if self._pivotMatrixInverse is None:
                self._pivotMatrixInverse = Matrix.Invert(self._pivotMatrix)
            else:
                self._pivotMatrix.invertToRef(self._pivotMatrixInverse)
        return self

    def setPreTransformMatrix(self, matrix: Matrix) -> TransformNode:
        """``setPivotMatrix(matrix, False)``."""
        return self.setPivotMatrix(matrix, False)

    def getPivotMatrix(self) -> Matrix:
        """The pivot matrix (identity by default)."""
        return self._pivotMatrix

    def isUsingPivotMatrix(self) -> bool:
        """True when a non-identity pivot matrix is set."""
        return self._usePivotMatrix

    def isUsingPostMultiplyPivotMatrix(self) -> bool:
        """True when the inverse pivot is applied after rotation."""
        return self._postMultiplyPivotMatrix

    def setPivotPoint(self, point: Vector3, space: int = Space.LOCAL) -> TransformNode:
        """Rotate and scale around ``point`` (local space by default)."""
        check_vector(point, "TransformNode.setPivotPoint", "point")
        if scene_render_id(self._scene) == 0:
            self.computeWorldMatrix(True)
        wm = self.getWorldMatrix()
        if space == Space.WORLD:
            tmat = TmpVectors.Matrix[0]
            wm.invertToRef(tmat)
            point = Vector3.TransformCoordinates(point, tmat)
        return self.setPivotMatrix(Matrix.Translation(-point.x, -point.y, -point.z), True)

    def getPivotPoint(self) -> Vector3:
        """The pivot point in local space."""
        point = Vector3.Zero()
        self.getPivotPointToRef(point)
        return point

    def getPivotPointToRef(self, result: Vector3) -> TransformNode:
        """Store the local pivot point in ``result``."""
        m = self._pivotMatrix.m
        result.x = -m[12]
        result.y = -m[13]
        result.z = -m[14]
        return self

    # -- parenting --------------------------------------------------------------------------

    def setParent(
        self,
        node: Node | None,
        preserveScalingSign: bool = False,
        updatePivot: bool = False,
    ) -> TransformNode:
        """Re-parent while keeping the current world transform (``parent = x`` keeps the local
        transform instead)."""
        if node is not None:
            check_object(node, "TransformNode.setParent", "node", "computeWorldMatrix", "Node")
        if node is None and self.parent is None:
            return self
        quat_rotation = TmpVectors.Quaternion[0]
        position = TmpVectors.Vector3[0]
        scale = TmpVectors.Vector3[1]
        inv_parent = TmpVectors.Matrix[1]
        Matrix.IdentityToRef(inv_parent)
        composed = TmpVectors.Matrix[0]
        self.computeWorldMatrix(True)
        current_rotation = self.rotationQuaternion
        if current_rotation is None:
            current_rotation = TransformNode._TmpRotation
            Quaternion.RotationYawPitchRollToRef(
                self._rotation.y, self._rotation.x, self._rotation.z, current_rotation
            )
        Matrix.ComposeToRef(self.scaling, current_rotation, self.position, composed)
        if self.parent is not None:
            composed.multiplyToRef(self.parent.computeWorldMatrix(True), composed)
        if node is not None:
            node.computeWorldMatrix(True).invertToRef(inv_parent)
            composed.multiplyToRef(inv_parent, composed)
        # math's ScalingNodeLike protocol declares absoluteScaling as a plain attribute; ours is a
        # read-only property, which mypy will not match structurally.
        sign_node = cast("ScalingNodeLike", self) if preserveScalingSign else None
        composed.decompose(scale, quat_rotation, position, sign_node)
        if self.rotationQuaternion is not None:
            self.rotationQuaternion.copyFrom(quat_rotation)
        else:
            quat_rotation.toEulerAnglesToRef(self.rotation)
        self.scaling.copyFrom(scale)
        self.position.copyFrom(position)
        self.parent = node
        if updatePivot:
            self.setPivotMatrix(Matrix.Identity())
        return self

    def addChild(self, mesh: TransformNode, preserveScalingSign: bool = False) -> TransformNode:
        """``mesh.setParent(self)`` (keeps the child's world transform)."""
        check_object(mesh, "TransformNode.addChild", "mesh", "setParent", "TransformNode")
        mesh.setParent(self, preserveScalingSign)
        return self

    def removeChild(self, mesh: TransformNode, preserveScalingSign: bool = False) -> TransformNode:
        """Detach ``mesh`` from this node, keeping its world transform."""
        if mesh.parent is not self:
            return self
        mesh.setParent(None, preserveScalingSign)
        return self

    def getChildTransformNodes(
        self,
        directDescendantsOnly: bool = False,
        predicate: Callable[[Node], bool] | None = None,
    ) -> list[TransformNode]:
        """Descendants that are transform nodes (meshes included)."""
        results: list[Node] = []
        self._getDescendants(
            results,
            directDescendantsOnly,
            lambda node: (predicate is None or predicate(node)) and isinstance(node, TransformNode),
        )
        return [node for node in results if isinstance(node, TransformNode)]

    def _getEffectiveParent(self) -> Node | None:
        return self.parent

    # -- world matrix -----------------------------------------------------------------------

    def isWorldMatrixCameraDependent(self) -> bool:
        """True when the world matrix depends on the active camera (infinite distance)."""
        return (
            self._infiniteDistance and self.parent is None
        ) or self._billboardMode != TransformNode.BILLBOARDMODE_NONE

    @property
    def isWorldMatrixFrozen(self) -> bool:
        """True after :meth:`freezeWorldMatrix`."""
        return self._isWorldMatrixFrozen

    def freezeWorldMatrix(
        self, newWorldMatrix: Matrix | None = None, decompose: bool = False
    ) -> TransformNode:
        """Stop recomputing the world matrix (optionally replacing it first)."""
        if newWorldMatrix is not None:
            if decompose:
                self._rotation.setAll(0)
                self._rotationQuaternion = self._rotationQuaternion or Quaternion.Identity()
                _leaf_replaced(self)
                newWorldMatrix.decompose(self._scaling, self._rotationQuaternion, self._position)
                self.computeWorldMatrix(True)
            else:
                self._worldMatrix = newWorldMatrix
                m = self._worldMatrix.m
                self._absolutePosition.copyFromFloats(m[12], m[13], m[14])
                self._afterComputeWorldMatrix()
        else:
            self._isWorldMatrixFrozen = False
            self.computeWorldMatrix(True)
        self._isDirty = False
        _CLEAN_EPOCH[0] += 1
        self._isWorldMatrixFrozen = True
        return self

    def unfreezeWorldMatrix(self) -> TransformNode:
        """Resume world-matrix computation."""
        self._isWorldMatrixFrozen = False
        self.computeWorldMatrix(True)
        return self

    def computeWorldMatrix(self, force: bool = False, camera: object | None = None) -> Matrix:
        """Compose scaling, rotation (quaternion, else yaw/pitch/roll of ``rotation``) and
        translation, then multiply by the parent's world matrix (row vectors: local first).

        Returns the cached matrix when nothing changed, or when the scene's render id did not
        move since the last computation (Babylon.js semantics; pass ``force=True`` to always
        recompute, which also recomputes the ancestors).
        """
        if self._isWorldMatrixFrozen and not self._isDirty:
            return self._worldMatrix
        current_render_id = scene_render_id(self._scene)
        if (
            not self._isDirty
            and not force
            and (self._currentRenderId == current_render_id or self.isSynchronized())
        ):
            self._currentRenderId = current_render_id
            return self._worldMatrix
        return self._composeWorldMatrix(force, camera, current_render_id)

    def _composeWorldMatrix(
        self, force: bool, camera: object | None, current_render_id: int
    ) -> Matrix:
        """The recomputation half of :meth:`computeWorldMatrix` (after its cache checks said
        recompute): the render pipeline's plain-mesh pass calls it after making the same
        checks inline."""
        if camera is None:
            camera = getattr(self._scene, "activeCamera", None)
        self._updateCache()
        self._cachePivotMatrixUpdated = False
        self._cacheBillboardMode = self._billboardMode
        self._cacheInfiniteDistance = self._infiniteDistance
        self._currentRenderId = current_render_id
        self._childUpdateId += 1
        self._isDirty = False
        _CLEAN_EPOCH[0] += 1
        # Babylon clears the dirty flags of position/rotation/scaling(/quaternion) here.
        self._cacheTRS = self._trsSnapshot()
        parent = self._getEffectiveParent()

        scaling = TransformNode._TmpScaling
        translation = self._position
        if self._infiniteDistance and self.parent is None and camera is not None:
            camera_world = getattr(camera, "getWorldMatrix", None)
            if callable(camera_world):
                cm = camera_world().m
                translation = TransformNode._TmpTranslation
                translation.copyFromFloats(
                    self._position.x + cm[12], self._position.y + cm[13], self._position.z + cm[14]
                )
        sd = self.scalingDeterminant
        scaling.copyFromFloats(self._scaling.x * sd, self._scaling.y * sd, self._scaling.z * sd)

        rotation: Quaternion
        if self._rotationQuaternion is not None:
            rotation = self._rotationQuaternion
            if self.reIntegrateRotationIntoRotationQuaternion and self.rotation.lengthSquared():
                rotation.multiplyInPlace(
                    Quaternion.RotationYawPitchRoll(
                        self._rotation.y, self._rotation.x, self._rotation.z
                    )
                )
                self._rotation.copyFromFloats(0, 0, 0)
        else:
            rotation = TransformNode._TmpRotation
            Quaternion.RotationYawPitchRollToRef(
                self._rotation.y, self._rotation.x, self._rotation.z, rotation
            )

        if self._usePivotMatrix:
            scale_matrix = TmpVectors.Matrix[1]
            Matrix.ScalingToRef(scaling.x, scaling.y, scaling.z, scale_matrix)
            rotation_matrix = TmpVectors.Matrix[0]
            rotation.toRotationMatrix(rotation_matrix)
            self._pivotMatrix.multiplyToRef(scale_matrix, TmpVectors.Matrix[4])
            TmpVectors.Matrix[4].multiplyToRef(rotation_matrix, self._localMatrix)
            if self._postMultiplyPivotMatrix and self._pivotMatrixInverse is not None:
                self._localMatrix.multiplyToRef(self._pivotMatrixInverse, self._localMatrix)
            self._localMatrix.addTranslationFromFloats(translation.x, translation.y, translation.z)
        else:
            Matrix.ComposeToRef(scaling, rotation, translation, self._localMatrix)

        if parent is not None and hasattr(parent, "getWorldMatrix"):
            if force:
                parent.computeWorldMatrix(force)
            if not self._multiplyByBoneParent(self._localMatrix, self._worldMatrix):
                self._localMatrix.multiplyToRef(parent.getWorldMatrix(), self._worldMatrix)
            self._markSyncedWithParent()
        else:
            self._worldMatrix.copyFrom(self._localMatrix)

        if self.ignoreNonUniformScaling:
            self._updateNonUniformScalingState(False)
        else:
            # Babylon: own non-uniform scaling, else inherit the parent's state.
            self._updateNonUniformScalingState(
                self._scaling.isNonUniformWithinEpsilon(NON_UNIFORM_SCALING_EPSILON)
                or bool(getattr(parent, "_nonUniformScaling", False))
            )

        self._afterComputeWorldMatrix()
        m = self._worldMatrix.m
        self._absolutePosition.copyFromFloats(m[12], m[13], m[14])
        self._isAbsoluteSynced = False
        # Notified only where made (one never read has no observer; a dispose's unparented
        # children recompose without making it).
        observable = self.__dict__.get("onAfterWorldMatrixUpdateObservable")
        if observable is None:
            observable = created(self, "onAfterWorldMatrixUpdateObservable")
        if observable is not None:
            observable.notifyObservers(self)
        self._afterWorldMatrixPose()
        self._worldMatrixDeterminantIsDirty = True
        return self._worldMatrix

    def _afterComputeWorldMatrix(self) -> None:
        """Hook for subclasses (meshes update bounds here in Babylon.js)."""

    def registerAfterWorldMatrixUpdate(
        self, func: Callable[[TransformNode, object], None]
    ) -> TransformNode:
        """Call ``func(node, eventState)`` after every world-matrix computation."""
        self.onAfterWorldMatrixUpdateObservable.add(func)
        return self

    def unregisterAfterWorldMatrixUpdate(
        self, func: Callable[[TransformNode, object], None]
    ) -> TransformNode:
        """Remove a callback added with :meth:`registerAfterWorldMatrixUpdate`."""
        self.onAfterWorldMatrixUpdateObservable.removeCallback(func)
        return self

    def resetLocalMatrix(self, independentOfChildren: bool = True) -> None:
        """Bake the local transform into the children (by default) and reset it to identity."""
        self.computeWorldMatrix()
        if independentOfChildren:
            for child in self.getChildren():
                if isinstance(child, TransformNode):
                    child.computeWorldMatrix()
                    baked = TmpVectors.Matrix[0]
                    child._localMatrix.multiplyToRef(self._localMatrix, baked)
                    tmp_rotation = TmpVectors.Quaternion[0]
                    baked.decompose(child.scaling, tmp_rotation, child.position)
                    if child.rotationQuaternion is not None:
                        child.rotationQuaternion.copyFrom(tmp_rotation)
                    else:
                        tmp_rotation.toEulerAnglesToRef(child.rotation)
        self.scaling.copyFromFloats(1, 1, 1)
        self.position.copyFromFloats(0, 0, 0)
        self.rotation.copyFromFloats(0, 0, 0)
        if self.rotationQuaternion is not None:
            self.rotationQuaternion = Quaternion.Identity()
        self._worldMatrix = Matrix.Identity()

    # -- disposal ---------------------------------------------------------------------------

    def _removeFromScene(self) -> None:
        """Unregister from the scene's transform-node list (meshes override)."""
        scene_remove(self._scene, "removeTransformNode", "transformNodes", self)
        self._indexInSceneTransformNodesArray = -1
        if self.parent is None:
            self._removeFromSceneRootNodes()

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Stop its animations, leave the scene, and dispose the descendants (unless
        ``doNotRecurse``, which unparents the direct children instead)."""
        scene_stop_animation(self._scene, self)
        self._removeFromScene()
        on_world = created(self, "onAfterWorldMatrixUpdateObservable")
        if on_world is not None:
            on_world.clear()
        if doNotRecurse:
            for child in self.getChildTransformNodes(True):
                child.parent = None
                child.computeWorldMatrix(True)
        super().dispose(doNotRecurse, disposeMaterialAndTextures)
