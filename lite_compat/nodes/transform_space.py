"""Babylon.js ``TransformNode`` members beyond the core transform (a mixin of ``TransformNode``).

LookAt, directions, rotateAround/addRotation, absolute pivot, bone attachment, pose matrix,
camera-space queries, clone/instantiateHierarchy, serialize/Parse, unit-cube normalisation and
the physics-body slot.

Port of the corresponding parts of ``@babylonjs/core`` 9.31 ``Meshes/transformNode.pure.js`` and
of the TransformNode half of ``Physics/v2/physicsEngineComponent.pure.js`` (the ``physicsBody``
slot and the calls it forwards; lite_compat has no physics engine, so a body is whatever object
the script assigns). :class:`TransformSpace` is a base of
:class:`lite_compat.nodes.node.TransformNode`; scratch objects and the order of arithmetic are
Babylon's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from lite.errors import AnimationStateError
from lite_compat._js import js_callable
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.nodes.arg_checks import check_number, check_object, check_vector
from lite_compat.nodes.node_lifecycle import HierarchyBounds

__all__ = ["TransformSpace"]

_LOCAL = 0
_WORLD = 1


def _class_listing(klass: type, mixin: type) -> type:
    """The class in ``klass``'s MRO that lists ``mixin`` as a direct base (``TransformNode``):
    what Babylon's ``new TransformNode(...)`` inside these methods constructs."""
    for candidate in klass.__mro__:
        if mixin in candidate.__bases__:
            return candidate
    return klass


def _need_vector(value: object, member: str, arg: str) -> None:
    check_vector(value, f"TransformNode.{member}", arg)


class TransformSpace:
    """lookAt, directions, pivots, bones, pose, camera queries, clone and serialization."""

    #: The transform node whose world matrix follows the bone this node is attached to.
    _transformToBoneReferal: Any = None
    #: The node's parent before :meth:`attachToBone`.
    _currentParentWhenAttachingToBone: Any = None
    #: Babylon's pose matrix: the inverse of the first world matrix computed (or as set).
    _poseMatrix: Matrix | None = None
    _physicsBody: Any = None
    _disposePhysicsObserver: Any = None

    if TYPE_CHECKING:
        name: str
        id: str
        state: str
        metadata: object
        uniqueId: int
        animations: list[object]
        scalingDeterminant: float
        ignoreNonUniformScaling: bool
        reIntegrateRotationIntoRotationQuaternion: bool
        position: Vector3
        rotation: Vector3
        scaling: Vector3
        rotationQuaternion: Quaternion | None
        billboardMode: int
        infiniteDistance: bool
        _position: Vector3
        _rotation: Vector3
        _rotationQuaternion: Quaternion | None
        _scaling: Vector3
        _isWorldMatrixFrozen: bool
        _scene: object | None
        _LookAtVectorCache: ClassVar[Vector3]

        def getScene(self) -> object | None: ...
        def getWorldMatrix(self) -> Matrix: ...
        def computeWorldMatrix(
            self, force: bool = False, camera: object | None = None
        ) -> Matrix: ...
        def getAbsolutePosition(self) -> Vector3: ...
        def setDirection(
            self, localAxis: Any, yawCor: float = 0, pitchCor: float = 0, rollCor: float = 0
        ) -> Any: ...
        def getPivotPointToRef(self, result: Vector3) -> Any: ...
        def getPivotMatrix(self) -> Matrix: ...
        def setPivotMatrix(self, matrix: Matrix, postMultiplyPivotMatrix: bool = True) -> Any: ...
        def setPreTransformMatrix(self, matrix: Matrix) -> Any: ...
        def getDescendants(
            self,
            directDescendantsOnly: bool = False,
            predicate: Callable[[Any], bool] | None = None,
        ) -> list[Any]: ...
        def getChildTransformNodes(
            self,
            directDescendantsOnly: bool = False,
            predicate: Callable[[Any], bool] | None = None,
        ) -> list[Any]: ...
        def isEnabled(self, checkAncestors: bool = True) -> bool: ...
        def setEnabled(self, value: bool) -> None: ...
        def serializeAnimationRanges(self) -> list[dict[str, object]]: ...
        def getHierarchyBoundingVectors(
            self, includeDescendants: bool = True, predicate: Callable[[Any], bool] | None = None
        ) -> HierarchyBounds: ...
        def getClassName(self) -> str: ...
        @property
        def worldMatrixFromCache(self) -> Matrix: ...

        onDisposeObservable: Any

    def _parentAny(self) -> Any:
        node: Any = self
        return node.parent

    def _setParentAny(self, parent: Any) -> None:
        node: Any = self
        node.parent = parent

    # -- orientation ----------------------------------------------------------------------------

    def lookAt(
        self,
        targetPoint: Vector3,
        yawCor: float = 0,
        pitchCor: float = 0,
        rollCor: float = 0,
        space: int = _LOCAL,
    ) -> Any:
        """Orient the node so its +Z axis points at ``targetPoint`` (a local-space point by
        default; in ``Space.WORLD`` a world point, corrected for the parent's rotation)."""
        _need_vector(targetPoint, "lookAt", "targetPoint")
        dv = type(self)._LookAtVectorCache
        pos = self.position if space == _LOCAL else self.getAbsolutePosition()
        targetPoint.subtractToRef(pos, dv)
        self.setDirection(dv, yawCor, pitchCor, rollCor)
        parent = self._parentAny()
        if space == _WORLD and parent is not None:
            rq = self.rotationQuaternion
            if rq is not None:
                rotation_matrix = TmpVectors.Matrix[0]
                rq.toRotationMatrix(rotation_matrix)
                parent_rotation = TmpVectors.Matrix[1]
                parent.getWorldMatrix().getRotationMatrixToRef(parent_rotation)
                parent_rotation.invert()
                rotation_matrix.multiplyToRef(parent_rotation, rotation_matrix)
                rq.fromRotationMatrix(rotation_matrix)
            else:
                quaternion = TmpVectors.Quaternion[0]
                Quaternion.FromEulerVectorToRef(self.rotation, quaternion)
                rotation_matrix = TmpVectors.Matrix[0]
                quaternion.toRotationMatrix(rotation_matrix)
                parent_rotation = TmpVectors.Matrix[1]
                parent.getWorldMatrix().getRotationMatrixToRef(parent_rotation)
                parent_rotation.invert()
                rotation_matrix.multiplyToRef(parent_rotation, rotation_matrix)
                quaternion.fromRotationMatrix(rotation_matrix)
                quaternion.toEulerAnglesToRef(self.rotation)
        return self

    def getDirection(self, localAxis: Vector3) -> Vector3:
        """``localAxis`` transformed by the world matrix (not normalised), a new vector."""
        result = Vector3.Zero()
        self.getDirectionToRef(localAxis, result)
        return result

    def getDirectionToRef(self, localAxis: Vector3, result: Vector3) -> Any:
        """Write :meth:`getDirection` into ``result``."""
        _need_vector(localAxis, "getDirectionToRef", "localAxis")
        _need_vector(result, "getDirectionToRef", "result")
        Vector3.TransformNormalToRef(localAxis, self.getWorldMatrix(), result)
        return self

    def addRotation(self, x: float, y: float, z: float) -> Any:
        """Compose a further rotation (Euler x, y, z, applied after the current one) into the
        quaternion, or into ``rotation`` when the node has no quaternion."""
        x = check_number(x, "TransformNode.addRotation", "x")
        y = check_number(y, "TransformNode.addRotation", "y")
        z = check_number(z, "TransformNode.addRotation", "z")
        rq = self.rotationQuaternion
        if rq is not None:
            rotation_quaternion = rq
        else:
            rotation_quaternion = TmpVectors.Quaternion[1]
            Quaternion.RotationYawPitchRollToRef(
                self.rotation.y, self.rotation.x, self.rotation.z, rotation_quaternion
            )
        accumulation = TmpVectors.Quaternion[0]
        Quaternion.RotationYawPitchRollToRef(y, x, z, accumulation)
        rotation_quaternion.multiplyInPlace(accumulation)
        if self.rotationQuaternion is None:
            rotation_quaternion.toEulerAnglesToRef(self.rotation)
        return self

    def rotateAround(self, point: Vector3, axis: Vector3, amount: float) -> Any:
        """Rotate by ``amount`` radians around ``axis`` (normalised in place) through
        ``point`` (parent space): moves the position and switches to ``rotationQuaternion``."""
        _need_vector(point, "rotateAround", "point")
        _need_vector(axis, "rotateAround", "axis")
        amount = check_number(amount, "TransformNode.rotateAround", "amount")
        axis.normalize()
        if self.rotationQuaternion is None:
            self.rotationQuaternion = Quaternion.RotationYawPitchRoll(
                self.rotation.y, self.rotation.x, self.rotation.z
            )
            self.rotation.setAll(0)
        tmp = TmpVectors.Vector3[0]
        final_scale = TmpVectors.Vector3[1]
        final_translation = TmpVectors.Vector3[2]
        final_rotation = TmpVectors.Quaternion[0]
        translation = TmpVectors.Matrix[0]
        translation_inv = TmpVectors.Matrix[1]
        rotation_matrix = TmpVectors.Matrix[2]
        final = TmpVectors.Matrix[3]
        point.subtractToRef(self.position, tmp)
        Matrix.TranslationToRef(tmp.x, tmp.y, tmp.z, translation)
        Matrix.TranslationToRef(-tmp.x, -tmp.y, -tmp.z, translation_inv)
        Matrix.RotationAxisToRef(axis, amount, rotation_matrix)
        translation_inv.multiplyToRef(rotation_matrix, final)
        final.multiplyToRef(translation, final)
        final.decompose(final_scale, final_rotation, final_translation)
        self.position.addInPlace(final_translation)
        rq = self.rotationQuaternion
        assert rq is not None
        final_rotation.multiplyToRef(rq, rq)
        return self

    # -- pivot ----------------------------------------------------------------------------------

    def getAbsolutePivotPoint(self) -> Vector3:
        """The pivot point in world space, a new vector."""
        point = Vector3.Zero()
        self.getAbsolutePivotPointToRef(point)
        return point

    def getAbsolutePivotPointToRef(self, result: Vector3) -> Any:
        """Write the world-space pivot point into ``result``."""
        _need_vector(result, "getAbsolutePivotPointToRef", "result")
        self.getPivotPointToRef(result)
        Vector3.TransformCoordinatesToRef(result, self.getWorldMatrix(), result)
        return self

    # -- pose matrix ----------------------------------------------------------------------------

    def updatePoseMatrix(self, matrix: Matrix) -> Any:
        """Copy ``matrix`` into the pose matrix."""
        if self._poseMatrix is None:
            self._poseMatrix = matrix.clone()
            return self
        self._poseMatrix.copyFrom(matrix)
        return self

    def getPoseMatrix(self) -> Matrix:
        """The pose matrix: the inverse of the first world matrix computed, unless set with
        :meth:`updatePoseMatrix` (identity when read before any computation)."""
        if self._poseMatrix is None:
            self._poseMatrix = Matrix.Identity()
        return self._poseMatrix

    def _afterWorldMatrixPose(self) -> None:
        """Babylon's last step of ``computeWorldMatrix``: remember the first inverse world."""
        if self._poseMatrix is None:
            self._poseMatrix = Matrix.Invert(self.worldMatrixFromCache)

    # -- bones ----------------------------------------------------------------------------------

    def attachToBone(self, bone: Any, affectedTransformNode: Any) -> Any:
        """Parent the node to ``bone``: its world matrix becomes ``local * bone final *
        affectedTransformNode world`` (pass the skinned mesh); a mirrored bone flips
        ``scalingDeterminant``."""
        check_object(bone, "TransformNode.attachToBone", "bone", "getSkeleton", "Bone")
        self._currentParentWhenAttachingToBone = self._parentAny()
        self._transformToBoneReferal = affectedTransformNode
        self._setParentAny(bone)
        bone.getSkeleton().prepare(True)
        if bone.getFinalMatrix().determinant() < 0:
            self.scalingDeterminant *= -1
        return self

    def detachFromBone(self, resetToPreviousParent: bool = False) -> Any:
        """Undo :meth:`attachToBone` (back to the previous parent when
        ``resetToPreviousParent``, else unparented)."""
        parent = self._parentAny()
        if parent is None:
            if resetToPreviousParent:
                self._setParentAny(self._currentParentWhenAttachingToBone)
            return self
        if parent.getWorldMatrix().determinant() < 0:
            self.scalingDeterminant *= -1
        self._transformToBoneReferal = None
        if resetToPreviousParent:
            self._setParentAny(self._currentParentWhenAttachingToBone)
        else:
            self._setParentAny(None)
        return self

    def _multiplyByBoneParent(self, localMatrix: Matrix, worldMatrix: Matrix) -> bool:
        """``local * bone final * referal world`` into ``worldMatrix`` when attached to a
        bone through :meth:`attachToBone`; False (nothing written) otherwise."""
        referal = self._transformToBoneReferal
        if referal is None:
            return False
        bone: Any = self._parentAny()
        bone.getSkeleton().prepare()
        localMatrix.multiplyToRef(bone.getFinalMatrix(), TmpVectors.Matrix[6])
        TmpVectors.Matrix[6].multiplyToRef(referal.getWorldMatrix(), worldMatrix)
        return True

    # -- camera queries -------------------------------------------------------------------------

    def _camera(self, camera: Any, member: str) -> Any:
        if camera is None:
            camera = getattr(self._scene, "activeCamera", None)
        if camera is None:
            raise AnimationStateError(
                "LITE-COMPAT-162",
                f"TransformNode.{member} needs a camera: none was given and the scene has no "
                "activeCamera",
                hint="pass a camera, or set scene.activeCamera first",
                input_name="camera",
            )
        return camera

    def getPositionInCameraSpace(self, camera: Any = None) -> Vector3:
        """The world position in ``camera``'s view space (default: the active camera)."""
        cam = self._camera(camera, "getPositionInCameraSpace")
        return Vector3.TransformCoordinates(self.getAbsolutePosition(), cam.getViewMatrix())

    def getDistanceToCamera(self, camera: Any = None) -> float:
        """Distance from the world position to ``camera``'s global position."""
        cam = self._camera(camera, "getDistanceToCamera")
        return float(self.getAbsolutePosition().subtract(cam.globalPosition).length())

    # -- clone / instantiate --------------------------------------------------------------------

    def clone(self, name: str, newParent: Any = None, doNotCloneChildren: bool = False) -> Any:
        """A new ``TransformNode`` named ``name`` with copies of the position, rotation,
        quaternion, scaling and the serialized flags (``state``, ``metadata``,
        ``scalingDeterminant``, ``infiniteDistance`` ...), parented to ``newParent``; the direct
        children are cloned under it as ``name + "." + child.name`` unless
        ``doNotCloneChildren``."""
        klass = _class_listing(type(self), TransformSpace)
        result: Any = klass(name, self.getScene())
        if self.state is not None:
            result.state = self.state
        if self.metadata is not None:
            result.metadata = self.metadata
        result._position = self._position.clone()
        result._rotation = self._rotation.clone()
        if self._rotationQuaternion is not None:
            result._rotationQuaternion = self._rotationQuaternion.clone()
        result._scaling = self._scaling.clone()
        result.billboardMode = self.billboardMode
        result.scalingDeterminant = self.scalingDeterminant
        result.infiniteDistance = self.infiniteDistance
        result.ignoreNonUniformScaling = self.ignoreNonUniformScaling
        result.reIntegrateRotationIntoRotationQuaternion = (
            self.reIntegrateRotationIntoRotationQuaternion
        )
        result.name = name
        result.id = name
        if newParent is not None:
            result.parent = newParent
        if not doNotCloneChildren:
            for child in self.getDescendants(True):
                child_clone = getattr(child, "clone", None)
                if callable(child_clone):
                    child_clone(name + "." + child.name, result)
        return result

    def instantiateHierarchy(
        self,
        newParent: Any = None,
        options: Any = None,
        onNewNodeCreated: Callable[[Any, Any], object] | None = None,
    ) -> Any:
        """Clone this node (``"Clone of <name>"``, under ``newParent`` or this node's parent)
        and, recursively, its child transform nodes under the clone."""
        clone = self.clone(
            "Clone of " + (self.name or self.id), newParent or self._parentAny(), True
        )
        if clone is not None and onNewNodeCreated is not None:
            js_callable(onNewNodeCreated, 2)(self, clone)
        for child in self.getChildTransformNodes(True):
            child.instantiateHierarchy(clone, options, onNewNodeCreated)
        return clone

    # -- serialization --------------------------------------------------------------------------

    def serialize(self, currentSerializationObject: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``.babylon`` JSON shape of the node (:meth:`Parse` reads it back)."""
        out: dict[str, Any] = (
            currentSerializationObject if currentSerializationObject is not None else {}
        )
        for key, value in (("name", self.name), ("id", self.id), ("state", self.state)):
            if value is not None:
                out[key] = value
        if self.metadata is not None:
            out["metadata"] = self.metadata
        out["position"] = self._position.asArray()
        out["rotation"] = self._rotation.asArray()
        if self._rotationQuaternion is not None:
            out["rotationQuaternion"] = self._rotationQuaternion.asArray()
        out["scaling"] = self._scaling.asArray()
        out["billboardMode"] = self.billboardMode
        out["scalingDeterminant"] = self.scalingDeterminant
        out["infiniteDistance"] = self.infiniteDistance
        out["ignoreNonUniformScaling"] = self.ignoreNonUniformScaling
        out["reIntegrateRotationIntoRotationQuaternion"] = (
            self.reIntegrateRotationIntoRotationQuaternion
        )
        out["type"] = self.getClassName()
        out["uniqueId"] = self.uniqueId
        parent = self._parentAny()
        if parent is not None:
            out["parentId"] = parent.uniqueId
        out["localMatrix"] = list(self.getPivotMatrix().asArray())
        out["isEnabled"] = self.isEnabled()
        if self._isWorldMatrixFrozen:
            out["freezeWorldMatrix"] = True
        out["animations"] = [cast("Any", a).serialize() for a in self.animations]
        out["ranges"] = self.serializeAnimationRanges()
        return out

    @classmethod
    def Parse(cls, parsedTransformNode: dict[str, Any], scene: Any, rootUrl: str = "") -> Any:
        """A ``TransformNode`` built from :meth:`serialize`'s shape: TRS, flags, pre-transform
        (or pivot) matrix, enabled state, animations and ranges. The parent is not linked
        (Babylon does that after the whole scene is parsed; the id is kept in
        ``_waitingParentId``)."""
        if not isinstance(parsedTransformNode, dict):
            raise AnimationStateError(
                "LITE-COMPAT-161",
                "TransformNode.Parse: parsedTransformNode must be a dict; "
                f"received {type(parsedTransformNode).__name__}",
                hint="pass the dict TransformNode.serialize() returns (or a .babylon node)",
                input_name="parsedTransformNode",
            )
        data = parsedTransformNode
        klass = _class_listing(cls, TransformSpace)
        node: Any = klass(data.get("name"), scene)
        for key in ("name", "id", "state", "metadata"):
            if data.get(key) is not None:
                setattr(node, key, data[key])
        for key in ("position", "rotation", "scaling"):
            if data.get(key) is not None:
                setattr(node, "_" + key, Vector3.FromArray(data[key]))
        if data.get("rotationQuaternion") is not None:
            node._rotationQuaternion = Quaternion.FromArray(data["rotationQuaternion"])
        for key in (
            "billboardMode",
            "scalingDeterminant",
            "infiniteDistance",
            "ignoreNonUniformScaling",
            "reIntegrateRotationIntoRotationQuaternion",
        ):
            if data.get(key) is not None:
                setattr(node, key, data[key])
        if data.get("localMatrix"):
            node.setPreTransformMatrix(Matrix.FromArray(data["localMatrix"]))
        elif data.get("pivotMatrix"):
            node.setPivotMatrix(Matrix.FromArray(data["pivotMatrix"]))
        node.setEnabled(data.get("isEnabled"))
        node._waitingParsedUniqueId = data.get("uniqueId")
        if "parentId" in data:
            node._waitingParentId = data["parentId"]
        animations = data.get("animations")
        if animations is not None:  # JavaScript: an empty list is truthy
            animation_class = type(node)._AnimationClass
            if animation_class is not None:
                for parsed in animations:
                    node.animations.append(animation_class.Parse(parsed))
            type(node).ParseAnimationRanges(node, data, scene)
        if data.get("autoAnimate"):
            scene.beginAnimation(
                node,
                data.get("autoAnimateFrom"),
                data.get("autoAnimateTo"),
                data.get("autoAnimateLoop"),
                data.get("autoAnimateSpeed") or 1.0,
            )
        return node

    # -- unit cube ------------------------------------------------------------------------------

    def normalizeToUnitCube(
        self,
        includeDescendants: bool = True,
        ignoreRotation: bool = False,
        predicate: Callable[[Any], bool] | None = None,
    ) -> Any:
        """Scale the node so its hierarchy's bounding box fits a unit cube (rotation left out
        of the measure when ``ignoreRotation``)."""
        stored_rotation: Vector3 | None = None
        stored_quaternion: Quaternion | None = None
        if ignoreRotation:
            rq = self.rotationQuaternion
            if rq is not None:
                stored_quaternion = rq.clone()
                rq.copyFromFloats(0, 0, 0, 1)
            elif self.rotation is not None:
                stored_rotation = self.rotation.clone()
                self.rotation.copyFromFloats(0, 0, 0)
        bounds = self.getHierarchyBoundingVectors(includeDescendants, predicate)
        size = bounds["max"].subtract(bounds["min"])
        max_dimension = max(size.x, size.y, size.z)
        if max_dimension == 0:
            return self
        self.scaling.scaleInPlace(1 / max_dimension)
        if ignoreRotation:
            rq = self.rotationQuaternion
            if rq is not None and stored_quaternion is not None:
                rq.copyFrom(stored_quaternion)
            elif stored_rotation is not None:
                self.rotation.copyFrom(stored_rotation)
        return self

    # -- physics body slot ----------------------------------------------------------------------

    @property
    def physicsBody(self) -> Any:
        """The physics body (default ``None``). lite_compat has no physics engine: a body is
        whatever the script assigns, disposed with the node, and the ``apply...`` methods
        forward to it."""
        return self._physicsBody

    @physicsBody.setter
    def physicsBody(self, value: Any) -> None:
        if self._physicsBody is value:
            return
        if self._disposePhysicsObserver is not None:
            self.onDisposeObservable.remove(self._disposePhysicsObserver)
        self._physicsBody = value
        if value is not None:

            def dispose_body(*_args: object) -> None:
                body = self._physicsBody
                if body is not None:
                    body.dispose()
                    self.physicsBody = None

            self._disposePhysicsObserver = self.onDisposeObservable.add(dispose_body)

    def getPhysicsBody(self) -> Any:
        """:attr:`physicsBody`."""
        return self.physicsBody

    def _body(self, member: str) -> Any:
        body = self._physicsBody
        if body is None:
            raise AnimationStateError(
                "LITE-COMPAT-163",
                f"TransformNode.{member}: no physics body on node {self.name!r} (Babylon.js "
                "throws 'No Physics Body for TransformNode')",
                hint="assign node.physicsBody first (lite_compat has no physics engine)",
                input_name="physicsBody",
            )
        return body

    def applyImpulse(self, force: Vector3, contactPoint: Vector3) -> Any:
        """``physicsBody.applyImpulse(force, contactPoint)``."""
        self._body("applyImpulse").applyImpulse(force, contactPoint)
        return self

    def applyAngularImpulse(self, angularImpulse: Vector3) -> Any:
        """``physicsBody.applyAngularImpulse(angularImpulse)``."""
        self._body("applyAngularImpulse").applyAngularImpulse(angularImpulse)
        return self

    def applyTorque(self, torque: Vector3) -> Any:
        """``physicsBody.applyTorque(torque)``."""
        self._body("applyTorque").applyTorque(torque)
        return self
