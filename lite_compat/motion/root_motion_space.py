"""RootMotionClip's character space: node matrices at a frame, the up axis, yaw and travel.

Port of the geometry helpers of ``@babylonjs/core`` 9.31 ``Animations/rootMotion.js``: a node's
local matrix read off the clip's own channels at a frame, its matrix in the character node's
space, the horizontal projection along the up axis, the turn about it (best-fit twist), and
the sample index of a frame. :class:`RootMotionSpace` is the base class of
:class:`~lite_compat.motion.root_motion.RootMotionClip`, which sets the fields declared here.
"""

from __future__ import annotations

import math

from lite_compat._js import js_cos
from lite_compat.animations.animation import Animation
from lite_compat.bones.bone import Bone
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.motion.root_motion_options import _NONE, _fail, _is_joint, _wrap_angle
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["RootMotionSpace"]


class RootMotionSpace:
    """The character-space geometry of a root motion clip (fields set by the clip)."""

    _channels: dict[TransformNode, dict[str, Animation]]
    _characterNode: TransformNode
    _directionSnapAngle: float | None
    _extractLateral: bool
    _fromFrame: float
    _toFrame: float
    _sampleBlend: float
    _sampleCount: int
    _source: int
    _travelDirection: Vector3
    _turns: bool
    _upAxis: Vector3
    _yawMatrix: Matrix
    _yawQuaternion: Quaternion

    def _findRootNode(self) -> TransformNode | None:
        nodes = list(self._channels)
        best: TransformNode | None = None
        best_count = -1
        for node, channels in self._channels.items():
            if "position" not in channels:
                continue
            count = sum(1 for other in nodes if other is not node and other.isDescendantOf(node))
            if count > best_count or (
                count == best_count and best is not None and best.isDescendantOf(node)
            ):
                best = node
                best_count = count
        return best

    def _measureHeight(self, base: TransformNode) -> float:
        position = Vector3()
        lowest = math.inf
        highest = -math.inf
        for node in [base, *base.getDescendants(False, _is_joint)]:
            height = Vector3.Dot(
                self._positionInCharacter(node, self._fromFrame, position),
                self._upAxis,
            )
            lowest = min(lowest, height)
            highest = max(highest, height)
        return highest - lowest

    def _sampleAt(self, frame: float) -> int:
        frame_range = self._toFrame - self._fromFrame
        samples = self._sampleCount
        if frame_range <= 0 or (self._source == _NONE and not self._turns):
            self._sampleBlend = 0.0
            return 0
        exact = min(samples, max(0.0, ((frame - self._fromFrame) / frame_range) * samples))
        index = min(samples - 1, math.floor(exact))
        self._sampleBlend = exact - index
        return index

    def _frameAt(self, sample: int) -> float:
        return self._fromFrame + ((self._toFrame - self._fromFrame) * sample) / self._sampleCount

    def _horizontal(self, vector: Vector3, result: Vector3) -> Vector3:
        up = self._upAxis
        height = Vector3.Dot(vector, up)
        return result.set(
            vector.x - up.x * height, vector.y - up.y * height, vector.z - up.z * height
        )

    def _project(self, vector: Vector3, result: Vector3) -> Vector3:
        self._horizontal(vector, result)
        if not self._extractLateral:
            self._travelDirection.scaleToRef(Vector3.Dot(result, self._travelDirection), result)
        return result

    def _snapTravelDirection(self, defaultAngle: float) -> None:
        angle = self._directionSnapAngle if self._directionSnapAngle is not None else defaultAngle
        if angle <= 0:
            return
        up = self._upAxis
        axis = Vector3()
        best: Vector3 | None = None
        best_dot = js_cos(angle)
        for candidate in (Vector3.RightReadOnly, Vector3.UpReadOnly, Vector3.Forward(False)):
            if abs(Vector3.Dot(candidate, up)) > 0.5:
                continue
            self._horizontal(candidate, axis).normalize()
            for sign in (1, -1):
                dot = sign * Vector3.Dot(axis, self._travelDirection)
                if dot >= best_dot:
                    best_dot = dot
                    best = axis.scale(sign)
        if best is not None:
            self._travelDirection.copyFrom(best)

    def _rotateAboutUp(self, vector: Vector3, angle: float, result: Vector3) -> Vector3:
        if angle == 0:
            return result.copyFrom(vector)
        Matrix.FromQuaternionToRef(
            Quaternion.RotationAxisToRef(self._upAxis, angle, self._yawQuaternion), self._yawMatrix
        )
        return Vector3.TransformNormalToRef(vector, self._yawMatrix, result)

    def _twist(self, rotation: Quaternion, referenceConjugate: Quaternion) -> float:
        delta = Matrix.FromQuaternionToRef(
            rotation.multiplyToRef(referenceConjugate, TmpVectors.Quaternion[1]),
            TmpVectors.Matrix[2],
        )
        up = self._upAxis
        first = self._horizontal(
            Vector3.RightReadOnly if abs(up.x) < 0.9 else Vector3.Forward(False),
            TmpVectors.Vector3[5],
        ).normalize()
        second = Vector3.CrossToRef(first, up, TmpVectors.Vector3[6])
        turned_first = Vector3.TransformNormalToRef(first, delta, TmpVectors.Vector3[7])
        turned_second = Vector3.TransformNormalToRef(second, delta, TmpVectors.Vector3[8])
        return _wrap_angle(
            math.atan2(
                Vector3.Dot(turned_second, first) - Vector3.Dot(turned_first, second),
                Vector3.Dot(turned_first, first) + Vector3.Dot(turned_second, second),
            )
        )

    def _positionInCharacter(self, node: TransformNode, frame: float, result: Vector3) -> Vector3:
        matrix = self._matrixToCharacter(node, frame, TmpVectors.Matrix[1])
        return result.set(matrix.m[12], matrix.m[13], matrix.m[14])

    def _rotationInCharacter(
        self, node: TransformNode, frame: float, result: Quaternion
    ) -> Quaternion:
        self._matrixToCharacter(node, frame, TmpVectors.Matrix[1]).decompose(None, result)
        return result

    def _matrixToCharacter(self, node: Node | None, frame: float, result: Matrix) -> Matrix:
        Matrix.IdentityToRef(result)
        local = TmpVectors.Matrix[0]
        current = node
        while current is not None and current is not self._characterNode:
            if isinstance(current, TransformNode):
                self._localMatrix(current, frame, local)
                result.multiplyToRef(local, result)
            current = current.parent
        return result

    def _localMatrix(self, node: TransformNode, frame: float, result: Matrix) -> Matrix:
        channels = self._channels.get(node)
        scaling = (
            channels["scaling"].evaluate(frame)
            if channels and "scaling" in channels
            else (node.scaling)
        )
        position = (
            channels["position"].evaluate(frame)
            if channels and "position" in channels
            else node.position
        )
        if channels and "rotationQuaternion" in channels:
            rotation = channels["rotationQuaternion"].evaluate(frame)
        elif channels and "rotation" in channels:
            rotation = Quaternion.FromEulerVectorToRef(
                channels["rotation"].evaluate(frame), TmpVectors.Quaternion[0]
            )
        else:
            rotation = node.rotationQuaternion or Quaternion.FromEulerVectorToRef(
                node.rotation, TmpVectors.Quaternion[0]
            )
        return Matrix.ComposeToRef(scaling, rotation, position, result)

    def _resolveNode(self, node: object) -> TransformNode:
        if isinstance(node, TransformNode):
            return node
        if isinstance(node, Bone):
            linked = node.getTransformNode()
            if linked is None:
                raise _fail(
                    "LITE-COMPAT-206",
                    f'RootMotionClip: bone "{node.name}" has no linked transform node',
                    "pass the transform node the bone drives instead",
                    "rootNode",
                )
            return linked
        raise _fail(
            "LITE-COMPAT-208",
            f"RootMotionClip: a node option must be a TransformNode or a Bone, got "
            f"{type(node).__name__}",
            "pass the node itself (scene.getTransformNodeByName(...)), not its name",
            "rootNode",
        )

    def _firstAnimatedNode(self) -> TransformNode | None:
        for node in self._channels:
            return node
        return None

    @staticmethod
    def _topmostAncestor(node: TransformNode) -> TransformNode:
        top = node
        current = node.parent
        while current is not None:
            if isinstance(current, TransformNode):
                top = current
            current = current.parent
        return top
