"""Input-tuning state, framing and goal interpolation of Babylon.js cameras (mixins).

Port of the state members of ``@babylonjs/core`` 9.31 ``Cameras/freeCamera.pure.js`` and
``arcRotateCamera.pure.js`` that proxy the attached input devices (``keysUp``,
``angularSensibility``, ``wheelPrecision``, ...: plain values with Babylon's defaults here, as
no device is attached), the camera behaviours' switches (``useAutoRotationBehavior`` ...,
off), ``ArcRotateCamera.zoomOn``/``focusOn`` (framing a bounding box: ``Mesh.MinMax`` of the
meshes' world boxes) and ``interpolateTo``/``stopInterpolation`` with the per-frame goal
interpolation ``_checkInputs`` runs (``t = 1 - 2^(-dt / factor)``, ``dt`` from
``engine.getDeltaTime()``). The movement system that turns input into deltas is refused.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from lite.errors import LiteError
from lite_compat._js import js_div
from lite_compat._refusal import INPUT, Refused
from lite_compat.math import Epsilon, Quaternion, TmpVectors, Vector2, Vector3

__all__ = ["ArcRotateCameraControlsMixin", "FreeCameraControlsMixin"]


def _check_nan(value: float, fallback: float) -> float:
    return fallback if math.isnan(value) else value


def _clamp(value: float, low: float | None, high: float | None) -> float:
    lo = -math.inf if low is None else low
    hi = math.inf if high is None else high
    return min(hi, max(lo, value))


class FreeCameraControlsMixin:
    """``FreeCamera``'s keyboard/mouse tuning (Babylon's defaults; no device reads them)."""

    movement = Refused(INPUT, "the input movement system that turns key/pointer input into deltas")
    #: Babylon's collision-with-gravity flag (set by the collision system; False here).
    needMoveForGravity: ClassVar[bool] = False
    #: Mouse rotation sensibility (2000: pixels per radian).
    angularSensibility: float = 2000.0
    #: Babylon's ``@serialize`` properties FreeCamera adds (before TargetCamera's).
    _SERIALIZED_OWN: ClassVar[tuple[str, ...]] = (
        "ellipsoid", "ellipsoidOffset", "checkCollisions", "applyGravity",
    )  # fmt: skip

    def _initFreeCameraControls(self) -> None:
        """Constructor-time key lists (key codes, as Babylon's keyboard input has them)."""
        self.keysUp: list[int] = [38]
        self.keysUpward: list[int] = [33]
        self.keysDown: list[int] = [40]
        self.keysDownward: list[int] = [34]
        self.keysLeft: list[int] = [37]
        self.keysRight: list[int] = [39]
        self.keysRotateLeft: list[int] = []
        self.keysRotateRight: list[int] = []
        self.keysRotateUp: list[int] = []
        self.keysRotateDown: list[int] = []


class ArcRotateCameraControlsMixin:
    """``ArcRotateCamera``'s input tuning, behaviour switches, framing and interpolation."""

    movement = Refused(INPUT, "the input movement system that turns key/pointer input into deltas")
    angularSensibilityX: float = 1000.0
    angularSensibilityY: float = 1000.0
    panningSensibility: float = 1000.0
    pinchPrecision: float = 12.0
    pinchDeltaPercentage: float = 0.0
    useNaturalPinchZoom: bool = False
    wheelPrecision: float = 3.0
    wheelDeltaPercentage: float = 0.0
    zoomToMouseLocation: bool = False
    #: Camera behaviours are not provided: always None, and the switches stay False.
    autoRotationBehavior: ClassVar[object] = None
    bouncingBehavior: ClassVar[object] = None
    framingBehavior: ClassVar[object] = None
    #: Babylon's ``@serialize`` properties ArcRotateCamera adds (before TargetCamera's).
    _SERIALIZED_OWN: ClassVar[tuple[str, ...]] = (
        "inertialAlphaOffset", "inertialBetaOffset", "inertialRadiusOffset", "panningInertia",
        "zoomToMouseLocation", "alpha", "beta", "radius", "target", "lowerAlphaLimit",
        "upperAlphaLimit", "lowerBetaLimit", "upperBetaLimit", "lowerRadiusLimit",
        "upperRadiusLimit", "lowerTargetYLimit", "inertialPanningX", "inertialPanningY",
        "pinchToPanMaxDistance", "panningOriginTarget", "zoomOnFactor", "targetScreenOffset",
        "allowUpsideDown", "useInputToRestoreState", "restoreStateInterpolationFactor",
    )  # fmt: skip

    _CLONE_LAST: ClassVar[tuple[str, ...]] = ("alpha", "beta", "radius")

    @classmethod
    def _CreateDefaultParsedCamera(cls, name: str, scene: object) -> Any:
        return cls(name, 0, 0, 1.0, Vector3.Zero(), scene)  # type: ignore[call-arg]

    # Attributes of the ArcRotateCamera this mixes into (declared for the type checker).
    alpha: float
    beta: float
    radius: float
    fov: float
    maxZ: float
    zoomOnFactor: float
    inertialAlphaOffset: float
    inertialBetaOffset: float
    inertialRadiusOffset: float
    inertialPanningX: float
    inertialPanningY: float
    restoreStateInterpolationFactor: float
    lowerAlphaLimit: float | None
    upperAlphaLimit: float | None
    lowerBetaLimit: float | None
    upperBetaLimit: float | None
    lowerRadiusLimit: float | None
    upperRadiusLimit: float | None
    lowerTargetYLimit: float
    targetScreenOffset: Vector2
    orthoLeft: float | None
    orthoRight: float | None
    orthoBottom: float | None
    orthoTop: float | None
    _target: Vector3
    _scene: Any

    def _initArcRotateControls(self) -> None:
        """Constructor-time state."""
        self.keysUp: list[int] = [38]
        self.keysDown: list[int] = [40]
        self.keysLeft: list[int] = [37]
        self.keysRight: list[int] = [39]
        self._isInterpolating = False
        self._currentInterpolationFactor = 0.1
        self._goalAlpha = math.nan
        self._goalBeta = math.nan
        self._goalRadius = math.nan
        self._goalTarget = Vector3(math.nan, math.nan, math.nan)
        self._goalTargetScreenOffset = Vector2(math.nan, math.nan)

    # -- behaviours (off) -------------------------------------------------------------------

    def _behaviorSwitch(self, name: str, value: bool) -> None:
        if value:
            raise LiteError(
                "LITE-COMPAT-143",
                f"ArcRotateCamera.{name} = True: camera behaviours (auto-rotation, bouncing, "
                "framing) are not provided by lite_compat",
                hint="animate alpha/beta/radius yourself (an Animation or interpolateTo)",
                input_name=f"ArcRotateCamera.{name}",
            )

    @property
    def useAutoRotationBehavior(self) -> bool:
        """False (the auto-rotation behaviour is not provided; assigning True raises)."""
        return False

    @useAutoRotationBehavior.setter
    def useAutoRotationBehavior(self, value: bool) -> None:
        self._behaviorSwitch("useAutoRotationBehavior", value)

    @property
    def useBouncingBehavior(self) -> bool:
        """False (the bouncing behaviour is not provided; assigning True raises)."""
        return False

    @useBouncingBehavior.setter
    def useBouncingBehavior(self, value: bool) -> None:
        self._behaviorSwitch("useBouncingBehavior", value)

    @property
    def useFramingBehavior(self) -> bool:
        """False (the framing behaviour is not provided; assigning True raises)."""
        return False

    @useFramingBehavior.setter
    def useFramingBehavior(self, value: bool) -> None:
        self._behaviorSwitch("useFramingBehavior", value)

    # -- framing ------------------------------------------------------------------------------

    def _minMax(self, meshes: Any) -> tuple[Vector3, Vector3]:
        """``Mesh.MinMax``: the union of the meshes' world bounding boxes."""
        low: Vector3 | None = None
        high: Vector3 | None = None
        for mesh in meshes:
            get_info = getattr(mesh, "getBoundingInfo", None)
            if not callable(get_info):
                raise LiteError(
                    "LITE-COMPAT-144",
                    f"ArcRotateCamera.zoomOn/focusOn: {type(mesh).__name__} has no bounding info",
                    hint="pass meshes, or {'min': Vector3, 'max': Vector3, 'distance': float}",
                    input_name="ArcRotateCamera.zoomOn.meshes",
                )
            box = get_info().boundingBox
            if low is None or high is None:
                low, high = box.minimumWorld.clone(), box.maximumWorld.clone()
            else:
                low.minimizeInPlace(box.minimumWorld)
                high.maximizeInPlace(box.maximumWorld)
        if low is None or high is None:
            return Vector3.Zero(), Vector3.Zero()
        return low, high

    def _aspect(self) -> float:
        aspect: Any = getattr(self, "_aspectRatio")  # noqa: B009 - CameraProjectionMixin's
        return float(aspect())

    def _calculateLowerRadiusFromModelBoundingSphere(
        self, minimumWorld: Vector3, maximumWorld: Vector3, radiusScale: float = 1
    ) -> float:
        diagonal = Vector3.Distance(minimumWorld, maximumWorld)
        slope_y = math.tan(self.fov / 2)
        slope_x = slope_y * self._aspect()
        radius = diagonal * 0.5 * radiusScale
        horizontal = radius * math.sqrt(1.0 + js_div(1.0, slope_x * slope_x))
        vertical = radius * math.sqrt(1.0 + js_div(1.0, slope_y * slope_y))
        return max(horizontal, vertical)

    def zoomOn(self, meshes: Any = None, doNotUpdateMaxZ: bool = False) -> None:
        """Frame ``meshes`` (default: every scene mesh): set ``radius`` so their bounding
        sphere fits the view, aim at their centre and (unless told not to) set ``maxZ``."""
        if meshes is None:
            meshes = list(getattr(self._scene, "meshes", None) or [])
        low, high = self._minMax(meshes)
        distance = self._calculateLowerRadiusFromModelBoundingSphere(low, high)
        distance = max(
            min(distance, self.upperRadiusLimit or 1.7976931348623157e308),
            self.lowerRadiusLimit or 0,
        )
        self.radius = distance * self.zoomOnFactor
        if getattr(self, "mode", 0) == 1:  # ORTHOGRAPHIC_CAMERA
            aspect = self._aspect()
            extent = distance * self.zoomOnFactor / 2
            self.orthoLeft = -extent * aspect
            self.orthoRight = extent * aspect
            self.orthoBottom = -extent
            self.orthoTop = extent
        self.focusOn({"min": low, "max": high, "distance": distance}, doNotUpdateMaxZ)

    def focusOn(self, meshesOrMinMaxVectorAndDistance: Any, doNotUpdateMaxZ: bool = False) -> None:
        """Aim at the centre of meshes or of ``{'min', 'max', 'distance'}`` (the target is
        replaced, the radius kept); ``maxZ`` becomes twice the distance unless told not to."""
        spec = meshesOrMinMaxVectorAndDistance
        if isinstance(spec, dict) and "min" in spec:
            low, high = spec["min"], spec["max"]
            distance = float(spec["distance"])
        else:
            low, high = self._minMax(spec if spec else getattr(self._scene, "meshes", []))
            distance = Vector3.Distance(low, high)
        self._target = Vector3.Center(low, high)
        if not doNotUpdateMaxZ:
            self.maxZ = distance * 2

    # -- goal interpolation ------------------------------------------------------------------

    @property
    def isInterpolating(self) -> bool:
        """True while an :meth:`interpolateTo` goal is being approached."""
        return self._isInterpolating

    def stopInterpolation(self) -> None:
        """Forget every interpolation goal (the camera stays where it is)."""
        self._goalAlpha = math.nan
        self._goalBeta = math.nan
        self._goalRadius = math.nan
        self._goalTarget.set(math.nan, math.nan, math.nan)
        self._goalTargetScreenOffset.set(math.nan, math.nan)

    def interpolateTo(
        self,
        alpha: float | None = None,
        beta: float | None = None,
        radius: float | None = None,
        target: Vector3 | None = None,
        targetScreenOffset: Vector2 | None = None,
        interpolationFactor: float | None = None,
    ) -> None:
        """Glide towards the given goals over the next frames (None: the current value, which
        stops that channel; NaN: keep that channel's current goal). Goals are clamped to the
        limits; each frame moves ``1 - 2^(-dt / interpolationFactor)`` of the way."""
        alpha = self.alpha if alpha is None else alpha
        beta = self.beta if beta is None else beta
        radius = self.radius if radius is None else radius
        goal_target = getattr(self, "target") if target is None else target  # noqa: B009
        offset = self.targetScreenOffset if targetScreenOffset is None else targetScreenOffset
        self.inertialAlphaOffset = 0
        self.inertialBetaOffset = 0
        self.inertialRadiusOffset = 0
        self.inertialPanningX = 0
        self.inertialPanningY = 0
        if interpolationFactor is not None:
            self._currentInterpolationFactor = interpolationFactor
        elif self.restoreStateInterpolationFactor != 0:
            self._currentInterpolationFactor = self.restoreStateInterpolationFactor
        else:
            self._currentInterpolationFactor = 0.1
        self._goalAlpha = _check_nan(alpha, self._goalAlpha)
        self._goalBeta = _check_nan(beta, self._goalBeta)
        self._goalRadius = _check_nan(radius, self._goalRadius)
        gt = self._goalTarget
        gt.set(
            _check_nan(goal_target.x, gt.x),
            _check_nan(goal_target.y, gt.y),
            _check_nan(goal_target.z, gt.z),
        )
        go = self._goalTargetScreenOffset
        go.set(_check_nan(offset.x, go.x), _check_nan(offset.y, go.y))
        self._goalAlpha = _clamp(self._goalAlpha, self.lowerAlphaLimit, self.upperAlphaLimit)
        self._goalBeta = _clamp(self._goalBeta, self.lowerBetaLimit, self.upperBetaLimit)
        self._goalRadius = _clamp(self._goalRadius, self.lowerRadiusLimit, self.upperRadiusLimit)
        gt.y = _clamp(gt.y, self.lowerTargetYLimit, None)
        self._isInterpolating = True

    def _interpolationStep(self, hadUserInteraction: bool) -> None:
        """One frame of goal interpolation (called by ``_checkInputs`` before the limits)."""
        if hadUserInteraction:
            self.stopInterpolation()
            return
        if not self._isInterpolating:
            return
        engine = getattr(self._scene, "getEngine", lambda: None)()
        delta = getattr(engine, "getDeltaTime", lambda: 0.0)()
        t = 1 - math.pow(2, js_div(-(float(delta) / 1000), self._currentInterpolationFactor))
        moving = False
        goal_radius = _check_nan(self._goalRadius, self.radius)
        gt = self._goalTarget
        if not (math.isnan(gt.x) and math.isnan(gt.y) and math.isnan(gt.z)):
            current = self._target
            goal = TmpVectors.Vector3[0].set(
                _check_nan(gt.x, current.x),
                _check_nan(gt.y, current.y),
                _check_nan(gt.z, current.z),
            )
            Vector3.LerpToRef(current, goal, t, current)
            if js_div(Vector3.Distance(current, goal) * 10, goal_radius) < Epsilon:
                gt.set(math.nan, math.nan, math.nan)
                current.copyFrom(goal)
                getattr(self, "setTarget")(current, False, True, True)  # noqa: B009
            else:
                moving = True
        if not (math.isnan(self._goalAlpha) and math.isnan(self._goalBeta)):
            goal_rotation = Quaternion.RotationAlphaBetaGammaToRef(
                _check_nan(self._goalAlpha, self.alpha),
                _check_nan(self._goalBeta, self.beta),
                0,
                TmpVectors.Quaternion[0],
            )
            current_rotation = Quaternion.RotationAlphaBetaGammaToRef(
                self.alpha, self.beta, 0, TmpVectors.Quaternion[1]
            )
            rotation = Quaternion.SlerpToRef(
                current_rotation, goal_rotation, t, TmpVectors.Quaternion[2]
            )
            rotation.normalize()
            angles = rotation.toAlphaBetaGammaToRef(TmpVectors.Vector3[0])
            self.alpha, self.beta = angles.x, angles.y
            if rotation.isApprox(goal_rotation, Epsilon / 5):
                self._goalAlpha = math.nan
                self._goalBeta = math.nan
                goal_angles = goal_rotation.toAlphaBetaGammaToRef(TmpVectors.Vector3[0])
                self.alpha, self.beta = goal_angles.x, goal_angles.y
            else:
                moving = True
        if not math.isnan(self._goalRadius):
            self.radius += (goal_radius - self.radius) * t
            if abs(js_div(goal_radius, self.radius) - 1) < Epsilon:
                self._goalRadius = math.nan
                self.radius = goal_radius
            else:
                moving = True
        go = self._goalTargetScreenOffset
        if not (math.isnan(go.x) and math.isnan(go.y)):
            offset = self.targetScreenOffset
            goal_offset = TmpVectors.Vector2[0].set(
                _check_nan(go.x, offset.x), _check_nan(go.y, offset.y)
            )
            Vector2.LerpToRef(offset, goal_offset, t, offset)
            if Vector2.Distance(offset, goal_offset) < Epsilon:
                go.set(math.nan, math.nan)
                offset.copyFrom(goal_offset)
            else:
                moving = True
        self._isInterpolating = moving
