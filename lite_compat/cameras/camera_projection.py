"""Babylon.js camera projection, frustum and serialization members (a mixin of ``Camera``).

Port of the CPU side of ``@babylonjs/core`` 9.31 ``Cameras/camera.pure.js`` that
:mod:`lite_compat.cameras.camera` does not hold: the projection matrix (perspective and
orthographic, Babylon's cache of its inputs, freezing), the view-projection product,
``viewport``, ``screenArea``, ``setFocalLength``, ``applyVerticalCorrection``, the forward ray
(``Culling/ray.core.js``), the frustum planes (``Maths/math.frustum.js``) a target is tested
against, rig-camera accessors (always empty: there are no rigs), ``clone``/``serialize``/
``Parse``/``GetConstructorFromName`` and ``toString``. Drawing members (post processes, rigs,
the active-mesh list a render pass selects, input managers) are refused by reason.

The engine's size is read from ``scene.getEngine()`` (``getRenderWidth``/``getRenderHeight``,
512 x 256 for a ``NullEngine``, as in Babylon.js); the depth range is WebGL's (``-1..1``, no
reverse depth), as a Babylon ``NullEngine`` has it.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from typing import Any, ClassVar, Final

from lite.errors import LiteError
from lite_compat._js import js_div
from lite_compat._refusal import INPUT, RENDERING, Refused
from lite_compat.math import Matrix, TmpVectors, Vector3
from lite_compat.observable import Observable

__all__ = ["CameraProjectionMixin", "FrustumPlane", "Ray", "Viewport"]

#: NullEngine's default render size (Babylon.js ``NullEngine`` options).
_DEFAULT_RENDER_SIZE: Final = (512, 256)
#: Value types accepted without the detailed check of ``_checkProjectionInputs``.
_PLAIN_NUMBERS: Final = (float, int)
#: Babylon's ``engine.createRenderPassId`` counter, per engine (the first camera gets 1).
_RENDER_PASS_IDS: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
_NO_ENGINE_PASS_ID: list[int] = [0]
#: Camera classes by Babylon class name, for ``Camera.GetConstructorFromName``/``Parse``.
_CAMERA_CLASSES: dict[str, type[CameraProjectionMixin]] = {}


class Viewport:
    """A normalised viewport rectangle (``BABYLON.Viewport``): x, y, width, height in [0, 1].

    Parameters
    ----------
    x, y
        Lower-left corner, as fractions of the render size.
    width, height
        Size, as fractions of the render size.
    """

    def __init__(self, x: float, y: float, width: float, height: float) -> None:
        self.x = x
        self.y = y
        self.width = width
        self.height = height

    def __repr__(self) -> str:
        return f"Viewport(x={self.x}, y={self.y}, width={self.width}, height={self.height})"

    def toGlobal(self, renderWidth: float, renderHeight: float) -> Viewport:
        """This viewport in pixels of a ``renderWidth`` x ``renderHeight`` target."""
        return Viewport(
            self.x * renderWidth,
            self.y * renderHeight,
            self.width * renderWidth,
            self.height * renderHeight,
        )

    def clone(self) -> Viewport:
        """A copy."""
        return Viewport(self.x, self.y, self.width, self.height)


class Ray:
    """A half-line with a length (the ``Ray`` that ``camera.getForwardRay`` returns).

    Parameters
    ----------
    origin
        Start point (kept by reference).
    direction
        Unit direction (kept by reference).
    length
        Length (``Number.MAX_VALUE`` in Babylon by default).
    epsilon
        Babylon's intersection tolerance (0.001).
    """

    def __init__(
        self,
        origin: Vector3,
        direction: Vector3,
        length: float = 1.7976931348623157e308,
        epsilon: float = 0.001,
    ) -> None:
        self.origin = origin
        self.direction = direction
        self.length = length
        self.epsilon = epsilon

    def __repr__(self) -> str:
        return f"Ray(origin={self.origin!r}, direction={self.direction!r}, length={self.length})"


class FrustumPlane:
    """One frustum plane ``normal . p + d = 0`` (Babylon's ``Plane``, what a cullable object's
    ``isInFrustum(frustumPlanes)`` receives)."""

    def __init__(self, a: float, b: float, c: float, d: float) -> None:
        self.normal = Vector3(a, b, c)
        self.d = d

    def normalize(self) -> FrustumPlane:
        """Scale to a unit normal (Babylon's ``Plane.normalize``); returns itself."""
        norm = math.sqrt(self.normal.x**2 + self.normal.y**2 + self.normal.z**2)
        magnitude = 1.0 / norm if norm != 0 else 0.0
        self.normal.scaleInPlace(magnitude)
        self.d *= magnitude
        return self

    def dotCoordinate(self, point: Vector3) -> float:
        """Signed distance of ``point`` (positive: inside the frustum)."""
        n = self.normal
        return n.x * point.x + n.y * point.y + n.z * point.z + self.d

    def asArray(self) -> list[float]:
        """``[a, b, c, d]``."""
        return [self.normal.x, self.normal.y, self.normal.z, self.d]


def frustum_planes(transform: Matrix) -> list[FrustumPlane]:
    """The six planes (near, far, left, right, top, bottom) of a view-projection matrix
    (``Frustum.GetPlanes``)."""
    m = transform.m
    rows = (
        (m[3] + m[2], m[7] + m[6], m[11] + m[10], m[15] + m[14]),
        (m[3] - m[2], m[7] - m[6], m[11] - m[10], m[15] - m[14]),
        (m[3] + m[0], m[7] + m[4], m[11] + m[8], m[15] + m[12]),
        (m[3] - m[0], m[7] - m[4], m[11] - m[8], m[15] - m[12]),
        (m[3] - m[1], m[7] - m[5], m[11] - m[9], m[15] - m[13]),
        (m[3] + m[1], m[7] + m[5], m[11] + m[9], m[15] + m[13]),
    )
    return [FrustumPlane(float(a), float(b), float(c), float(d)).normalize() for a, b, c, d in rows]


def _vec(value: Any) -> list[float]:
    return [float(value.x), float(value.y), float(value.z)]


class CameraProjectionMixin:
    """Projection, frustum, viewport and serialization members of ``BABYLON.Camera``."""

    RIG_MODE_STEREOSCOPIC_ANAGLYPH: ClassVar[int] = 10
    RIG_MODE_STEREOSCOPIC_SIDEBYSIDE_PARALLEL: ClassVar[int] = 11
    RIG_MODE_STEREOSCOPIC_SIDEBYSIDE_CROSSEYED: ClassVar[int] = 12
    RIG_MODE_STEREOSCOPIC_OVERUNDER: ClassVar[int] = 13
    RIG_MODE_STEREOSCOPIC_INTERLACED: ClassVar[int] = 14
    RIG_MODE_VR: ClassVar[int] = 20
    RIG_MODE_CUSTOM: ClassVar[int] = 22
    #: Babylon's static switch for attachControl's preventDefault (state only here).
    ForceAttachControlToAlwaysPreventDefault: ClassVar[bool] = False

    #: Stereoscopic rig parameters (``undefined`` in Babylon until a rig is set).
    interaxialDistance: ClassVar[float | None] = None
    isStereoscopicSideBySide: ClassVar[bool | None] = None
    isLeftCamera: ClassVar[bool] = False
    isRightCamera: ClassVar[bool] = False
    rigPostProcess: ClassVar[object] = None

    inputs = Refused(INPUT, "the camera's pointer/keyboard input manager")
    attachPostProcess = Refused(RENDERING, "adds a post process to the camera's render")
    detachPostProcess = Refused(RENDERING, "removes a post process from the camera's render")
    setCameraRigMode = Refused(RENDERING, "stereoscopic/VR rig cameras and their post processes")
    setCameraRigParameter = Refused(RENDERING, "a stereoscopic/VR rig parameter")
    createRigCamera = Refused(RENDERING, "builds a stereoscopic/VR rig camera")
    getActiveMeshes = Refused(RENDERING, "the meshes a render pass selected for this camera")
    isActiveMesh = Refused(RENDERING, "whether a render pass selected the mesh")

    # Attributes of the Camera this mixes into (declared for the type checker).
    name: str
    id: str
    fov: float
    minZ: float
    maxZ: float
    fovMode: int
    projectionPlaneTilt: float
    ignoreCameraMaxZ: bool
    orthoLeft: float | None
    orthoRight: float | None
    orthoBottom: float | None
    orthoTop: float | None
    oblique: Any
    mode: int
    animations: list[Any]
    onProjectionMatrixChangedObservable: Observable[Any]
    _projectionMatrix: Matrix
    _computedViewMatrix: Matrix
    _transformMatrix: Matrix
    _refreshFrustumPlanes: bool
    _rigCameras: list[Any]
    _scene: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _CAMERA_CLASSES[cls.__name__] = cls
        # A camera class mixing in FreeCamera's or ArcRotateCamera's controls serializes
        # that mixin's properties in front of its parent camera's.
        if "_SERIALIZED" not in cls.__dict__:
            for base in cls.__bases__:
                own = base.__dict__.get("_SERIALIZED_OWN")
                if own:
                    parent = next(b for b in cls.__bases__ if issubclass(b, CameraProjectionMixin))
                    cls._SERIALIZED = (*own, *parent._SERIALIZED)
                    break

    def _initCameraProjection(self) -> None:
        """Constructor-time state (called from ``Camera.__init__``)."""
        self._viewport = Viewport(0, 0, 1.0, 1.0)
        self._doNotComputeProjectionMatrix = False
        self._projectionCache: tuple[object, ...] | None = None
        self._frustumPlanes: list[FrustumPlane] | None = None
        engine = self._cameraEngine()
        if engine is None:
            _NO_ENGINE_PASS_ID[0] += 1
            self.renderPassId = _NO_ENGINE_PASS_ID[0]
        else:
            try:
                count = _RENDER_PASS_IDS.get(engine, 0) + 1
                _RENDER_PASS_IDS[engine] = count
            except TypeError:  # an engine that cannot be weakly referenced
                _NO_ENGINE_PASS_ID[0] += 1
                count = _NO_ENGINE_PASS_ID[0]
            self.renderPassId = count

    # -- engine metrics ---------------------------------------------------------------------

    def _cameraEngine(self) -> Any:
        get_engine = getattr(self._scene, "getEngine", None)
        return get_engine() if callable(get_engine) else None

    def _renderSize(self) -> tuple[float, float]:
        engine = self._cameraEngine()
        width = getattr(engine, "getRenderWidth", None)
        height = getattr(engine, "getRenderHeight", None)
        if callable(width) and callable(height):
            return float(width()), float(height())
        return float(_DEFAULT_RENDER_SIZE[0]), float(_DEFAULT_RENDER_SIZE[1])

    def _aspectRatio(self) -> float:
        engine = self._cameraEngine()
        get_aspect = getattr(engine, "getAspectRatio", None)
        if callable(get_aspect):
            return float(get_aspect(self))
        width, height = self._renderSize()
        viewport = self.viewport
        denominator = height * viewport.height
        return width * viewport.width / denominator if denominator else math.inf

    def _useRightHanded(self) -> bool:
        return bool(getattr(self._scene, "useRightHandedSystem", False))

    # -- viewport, areas ----------------------------------------------------------------------

    @property
    def viewport(self) -> Viewport:
        """The normalised viewport (default (0, 0, 1, 1))."""
        return self._viewport

    @viewport.setter
    def viewport(self, value: Viewport) -> None:
        self._viewport = value

    @property
    def screenArea(self) -> float:
        """Area of the near plane (perspective) or of the ortho window, in world units."""
        if self.mode == 0:  # PERSPECTIVE_CAMERA
            side = self.minZ * 2 * math.tan(self.fov / 2)
            if self.fovMode == 0:  # FOVMODE_VERTICAL_FIXED
                return self._aspectRatio() * side * side
            return side * js_div(side, self._aspectRatio())
        width, height = self._renderSize()
        x = _or(self.orthoRight, width / 2) - _or(self.orthoLeft, -width / 2)
        y = _or(self.orthoTop, height / 2) - _or(self.orthoBottom, -height / 2)
        return x * y

    def setFocalLength(self, value: float, sensorSize: float = 36) -> None:
        """Set ``fov`` from a lens focal length and sensor size (mm): ``2 atan(s / 2f)``."""
        self.fov = 2 * math.atan(js_div(sensorSize, 2 * value))

    def applyVerticalCorrection(self) -> None:
        """Tilt the projection plane by the camera's pitch (keeps verticals vertical)."""
        rotation: Any = getattr(self, "absoluteRotation")  # noqa: B009 - Camera's property
        pitch = rotation.toEulerAngles().x
        self.projectionPlaneTilt = -pitch if self._useRightHanded() else pitch

    # -- projection -----------------------------------------------------------------------------

    def _projectionKey(self) -> tuple[object, ...]:
        max_z = 0 if self.ignoreCameraMaxZ else self.maxZ
        if self.mode == 0:
            return (0, self.minZ, max_z, self.fov, self.fovMode, self._aspectRatio(),
                    self.projectionPlaneTilt)  # fmt: skip
        width, height = self._renderSize()
        oblique = self.oblique
        oblique_key = (
            None
            if not oblique
            else (getattr(oblique, "angle", None), getattr(oblique, "length", None),
                  getattr(oblique, "offset", None))
        )  # fmt: skip
        return (self.mode, self.minZ, max_z, self.orthoLeft, self.orthoRight, self.orthoBottom,
                self.orthoTop, width, height, oblique_key)  # fmt: skip

    def _checkProjectionInputs(self) -> None:
        plain = _PLAIN_NUMBERS
        if (
            self.mode == 0
            and type(self.fov) in plain
            and type(self.minZ) in plain
            and type(self.maxZ) in plain
            and type(self.projectionPlaneTilt) in plain
        ):
            return  # the per-frame case (scene.render() asks every camera pass)
        names = ["fov", "minZ", "maxZ", "projectionPlaneTilt"]
        names += ["orthoLeft", "orthoRight", "orthoBottom", "orthoTop"] if self.mode else []
        for name in names:
            value = getattr(self, name)
            if value is None and name.startswith("ortho"):
                continue
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise LiteError(
                    "LITE-COMPAT-151",
                    f"Camera.getProjectionMatrix: camera.{name} must be a number, got "
                    f"{type(value).__name__} {value!r}",
                    hint=f"assign a float to camera.{name}",
                    input_name=f"Camera.{name}",
                )

    def freezeProjectionMatrix(self, projection: Matrix | None = None) -> None:
        """Stop recomputing the projection matrix (optionally using ``projection`` instead)."""
        self._doNotComputeProjectionMatrix = True
        if projection is not None:
            self._projectionMatrix = projection

    def unfreezeProjectionMatrix(self) -> None:
        """Recompute the projection matrix again when its inputs change."""
        self._doNotComputeProjectionMatrix = False

    def getProjectionMatrix(self, force: bool = False) -> Matrix:
        """Camera-to-clip matrix (``PerspectiveFov{LH,RH}`` or ``OrthoOffCenter{LH,RH}``),
        recomputed when ``fov``/``minZ``/``maxZ``/``mode``/ortho bounds/aspect change."""
        if self._doNotComputeProjectionMatrix:
            return self._projectionMatrix
        self._checkProjectionInputs()
        key = self._projectionKey()
        if not force and key == self._projectionCache:
            return self._projectionMatrix
        self._refreshFrustumPlanes = True
        max_z = 0 if self.ignoreCameraMaxZ else self.maxZ
        right_handed = self._useRightHanded()
        if self.mode == 0:
            if self.minZ <= 0:
                self.minZ = 0.1
                key = self._projectionKey()
            perspective = (
                Matrix.PerspectiveFovRHToRef if right_handed else Matrix.PerspectiveFovLHToRef
            )
            perspective(
                self.fov,
                self._aspectRatio(),
                self.minZ,
                max_z,
                self._projectionMatrix,
                self.fovMode == 0,
                False,
                self.projectionPlaneTilt,
                False,
            )
        else:
            width, height = self._renderSize()
            left = _or(self.orthoLeft, -width / 2)
            right = _or(self.orthoRight, width / 2)
            bottom = _or(self.orthoBottom, -height / 2)
            top = _or(self.orthoTop, height / 2)
            if self.oblique:
                self._obliqueProjection(left, right, bottom, top, max_z, right_handed)
            else:
                ortho = (
                    Matrix.OrthoOffCenterRHToRef if right_handed else Matrix.OrthoOffCenterLHToRef
                )
                ortho(left, right, bottom, top, self.minZ, max_z, self._projectionMatrix)
        self._projectionCache = key
        self.onProjectionMatrixChangedObservable.notifyObservers(self)
        return self._projectionMatrix

    def _obliqueProjection(
        self, left: float, right: float, bottom: float, top: float, max_z: float, rh: bool
    ) -> None:
        oblique = self.oblique
        builder = getattr(
            Matrix, "ObliqueOffCenterRHToRef" if rh else "ObliqueOffCenterLHToRef", None
        )
        if not callable(builder):
            raise LiteError(
                "LITE-COMPAT-140",
                "Camera.getProjectionMatrix: an oblique orthographic projection "
                f"(camera.oblique = {oblique!r}) needs Matrix.ObliqueOffCenter*, not provided",
                hint="set camera.oblique = None for a plain orthographic projection",
                input_name="Camera.oblique",
            )
        radius = getattr(self, "radius", None)
        if radius:
            distance = float(radius)
        else:
            target = getattr(self, "target", None)
            position: Any = getattr(self, "position")  # noqa: B009
            distance = Vector3.Distance(position, target) if target else position.length()
        builder(left, right, bottom, top, self.minZ, max_z, oblique.length, oblique.angle,
                distance + oblique.offset, self._projectionMatrix)  # fmt: skip

    def getTransformationMatrix(self) -> Matrix:
        """View x projection, from the last computed view and projection matrices."""
        self._computedViewMatrix.multiplyToRef(self._projectionMatrix, self._transformMatrix)
        return self._transformMatrix

    # -- frustum and rays --------------------------------------------------------------------

    def _updateFrustumPlanes(self) -> list[FrustumPlane]:
        if self._refreshFrustumPlanes or self._frustumPlanes is None:
            self._frustumPlanes = frustum_planes(self.getTransformationMatrix())
            self._refreshFrustumPlanes = False
        return self._frustumPlanes

    def _frustumTest(self, target: Any, method: str) -> bool:
        test = getattr(target, method, None)
        if not callable(test):
            raise LiteError(
                "LITE-COMPAT-141",
                f"Camera.{method}: target {type(target).__name__} has no {method}(frustumPlanes)",
                hint="pass a mesh (or any object with a bounding box and that method)",
                input_name=f"Camera.{method}.target",
            )
        return bool(test(self._updateFrustumPlanes()))

    def isInFrustum(self, target: Any, checkRigCameras: bool = False) -> bool:
        """Whether ``target`` (a mesh, or any cullable) intersects the frustum of the last
        computed view and projection matrices (``target.isInFrustum(planes)``)."""
        return self._frustumTest(target, "isInFrustum")

    def isCompletelyInFrustum(self, target: Any) -> bool:
        """Whether ``target`` lies completely inside the frustum."""
        return self._frustumTest(target, "isCompletelyInFrustum")

    def getForwardRay(
        self, length: float = 100, transform: Matrix | None = None, origin: Vector3 | None = None
    ) -> Ray:
        """A ray from the camera position along its forward axis (``Culling/ray.core.js``)."""
        return self.getForwardRayToRef(Ray(Vector3.Zero(), Vector3.Zero(), length), length,
                                       transform, origin)  # fmt: skip

    def getForwardRayToRef(
        self,
        refRay: Ray,
        length: float = 100,
        transform: Matrix | None = None,
        origin: Vector3 | None = None,
    ) -> Ray:
        """Store the forward ray in ``refRay`` (origin: ``origin`` or the camera position)."""
        if transform is None:
            transform = getattr(self, "getWorldMatrix")()  # noqa: B009
        refRay.length = length
        position: Vector3 = getattr(self, "position")  # noqa: B009
        refRay.origin.copyFrom(origin if origin is not None else position)
        forward = TmpVectors.Vector3[2]
        forward.set(0, 0, -1 if self._useRightHanded() else 1)
        world_forward = TmpVectors.Vector3[3]
        Vector3.TransformNormalToRef(forward, transform, world_forward)
        Vector3.NormalizeToRef(world_forward, refRay.direction)
        return refRay

    # -- rigs (none) ---------------------------------------------------------------------------

    @property
    def leftCamera(self) -> Any:
        """First rig camera (None: rigs are refused)."""
        return self._rigCameras[0] if self._rigCameras else None

    @property
    def rightCamera(self) -> Any:
        """Second rig camera (None: rigs are refused)."""
        return self._rigCameras[1] if len(self._rigCameras) > 1 else None

    def getLeftTarget(self) -> Vector3 | None:
        """Target of the left rig camera (None without a rig)."""
        left = self.leftCamera
        return left.getTarget() if left is not None else None

    def getRightTarget(self) -> Vector3 | None:
        """Target of the right rig camera (None without a rig)."""
        right = self.rightCamera
        return right.getTarget() if right is not None else None

    # -- serialization ---------------------------------------------------------------------

    #: Babylon's ``@serialize`` properties, per class (subclasses extend the tuple).
    _SERIALIZED: ClassVar[tuple[str, ...]] = (
        "inertia", "mode", "position", "upVector", "fov", "projectionPlaneTilt", "minZ", "maxZ",
        "layerMask", "fovMode", "cameraRigMode", "ignoreCameraMaxZ",
        "orthoLeft", "orthoRight", "orthoBottom", "orthoTop",
    )  # fmt: skip
    #: Copied again at the end of a clone (ArcRotateCamera's angles win over its position).
    _CLONE_LAST: ClassVar[tuple[str, ...]] = ()
    #: What a subclass adds in front of its parent's ``_SERIALIZED`` (a mixin sets it).
    _SERIALIZED_OWN: ClassVar[tuple[str, ...]] = ()

    def toString(self, fullDetails: bool = False) -> str:
        """``"Name: <name>, type: <class>"`` (plus each animation's ``toString``)."""
        text = f"Name: {self.name}, type: {self.getClassName()}"
        for animation in getattr(self, "animations", None) or []:
            text += ", animation[0]: " + animation.toString(fullDetails)
        return text

    def getClassName(self) -> str:
        """Overridden by each camera class."""
        return "Camera"  # pragma: no cover - every camera overrides it

    def serialize(self) -> dict[str, Any]:
        """Babylon's serialized form: the ``@serialize`` properties, name, id, type,
        animations, ranges and enabled state (vectors as lists; no input managers)."""
        out: dict[str, Any] = {"tags": None}
        for key in self._SERIALIZED:
            value = getattr(self, key, None)
            if value is None:
                continue
            out[key] = value.asArray() if hasattr(value, "asArray") else value
        out.update(name=self.name, id=self.id, state=getattr(self, "state", ""))
        out["uniqueId"] = getattr(self, "uniqueId", None)
        out["type"] = self.getClassName()
        parent = getattr(self, "parent", None)
        if parent is not None:
            out["parentId"] = getattr(parent, "uniqueId", None)
        out["animations"] = [
            a.serialize()
            for a in (getattr(self, "animations", None) or [])
            if hasattr(a, "serialize")
        ]
        ranges = getattr(self, "serializeAnimationRanges", None)
        out["ranges"] = ranges() if callable(ranges) else []
        is_enabled = getattr(self, "isEnabled", None)
        out["isEnabled"] = bool(is_enabled()) if callable(is_enabled) else True
        return out

    def _copySerializedTo(self, other: Any) -> None:
        for key in self._SERIALIZED:
            value: Any = getattr(self, key, None)
            clone = getattr(value, "clone", None)
            if callable(clone):
                value = clone()
            if value is not None or getattr(other, key, None) is not None:
                setattr(other, key, value)
        for key in self._CLONE_LAST:
            setattr(other, key, getattr(self, key))

    @classmethod
    def _CreateDefaultParsedCamera(cls, name: str, scene: object) -> Any:
        return cls(name, Vector3.Zero(), scene)  # type: ignore[call-arg]

    @staticmethod
    def GetConstructorFromName(
        type: str,  # noqa: A002 - Babylon's parameter name
        name: str,
        scene: object,
        interaxial_distance: float = 0,
        isStereoscopicSideBySide: bool = True,
    ) -> Callable[[], Any]:
        """A factory building a camera of Babylon class ``type``: a TargetCamera, TouchCamera
        or ArcRotateCamera by name, a ``UniversalCamera`` for any other name (``"FreeCamera"``
        included, as in Babylon.js)."""
        # Babylon registers these three by name ("FreeCamera" too, but as a UniversalCamera);
        # every other name, "Camera" and "FreeCamera" included, parses into a UniversalCamera.
        registered = type if type in ("TargetCamera", "TouchCamera", "ArcRotateCamera") else ""
        cls = _CAMERA_CLASSES.get(registered) or _CAMERA_CLASSES["UniversalCamera"]
        return lambda: cls._CreateDefaultParsedCamera(name, scene)

    @classmethod
    def Parse(cls, parsedCamera: dict[str, Any], scene: object) -> Any:
        """Build a camera from :meth:`serialize`'s form."""
        if not isinstance(parsedCamera, dict) or "type" not in parsedCamera:
            raise LiteError(
                "LITE-COMPAT-142",
                f"Camera.Parse: parsedCamera must be a serialized camera dict with a 'type', "
                f"got {type(parsedCamera).__name__}",
                hint="pass what camera.serialize() returned",
                input_name="Camera.Parse.parsedCamera",
            )
        camera = CameraProjectionMixin.GetConstructorFromName(
            str(parsedCamera["type"]), str(parsedCamera.get("name", "")), scene
        )()
        for key in camera._SERIALIZED:
            if key in parsedCamera and parsedCamera[key] is not None:
                value = parsedCamera[key]
                current = getattr(camera, key, None)
                if isinstance(current, Vector3) and isinstance(value, list | tuple):
                    value = Vector3.FromArray(list(value))
                setattr(camera, key, value)
        if "id" in parsedCamera:
            camera.id = parsedCamera["id"]
        if "target" in parsedCamera and hasattr(camera, "setTarget"):
            camera.setTarget(Vector3.FromArray(list(parsedCamera["target"])))
        return camera

    def clone(self, name: str, newParent: Any = None, doNotCloneChildren: bool = False) -> Any:
        """A new camera of the same class with this one's serialized state.

        ``doNotCloneChildren`` is accepted for ``Node.clone``'s signature; Babylon.js's
        Camera.clone has no such argument and neither does anything with it.
        """
        camera = CameraProjectionMixin.GetConstructorFromName(
            self.getClassName(), name, self._scene
        )()
        self._copySerializedTo(camera)
        camera.name = name
        camera.parent = newParent
        cloned = getattr(self, "onClonedObservable", None)  # Node's (when it has one)
        if cloned is not None:
            cloned.notifyObservers(camera)
        return camera


def _or(value: float | None, default: float) -> float:
    """JavaScript's ``value ?? default``."""
    return default if value is None else value
