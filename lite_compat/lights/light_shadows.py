"""Babylon.js light shadow matrices, projection-texture matrices and serialization (mixins).

Port of the CPU side of ``@babylonjs/core`` 9.31 ``Lights/light.js``, ``shadowLight.js``,
``pointLight.pure.js``, ``directionalLight.pure.js`` and ``spotLight.pure.js`` that
:mod:`lite_compat.lights.light` does not hold: the shadow view matrix (a left-handed look-at
along the shadow direction), the default shadow projections (a 1:1 perspective for point and
spot lights, a fixed or fitted orthographic box for directional lights, ``shadowMinZ``/
``shadowMaxZ`` falling back to the active camera's clip planes), ``getRotation``, the spot
light's projection-texture matrices, ``clone``/``serialize``/``Parse``/``toString``. Members
that upload uniforms or prepare shader defines are refused (rendering); there are no shadow
generators, so the shadow-generator lookups return None as in a Babylon scene without any.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from lite.errors import LiteError
from lite_compat._js import js_div
from lite_compat._refusal import RENDERING, Refused
from lite_compat.math import Matrix, TmpVectors, Vector3

__all__ = ["LightSerializationMixin", "ShadowLightMatricesMixin", "SpotLightProjectionMixin"]

_MAX: Final = 1.7976931348623157e308
#: Babylon's light type ids (``getTypeID``) and the class each one parses into.
_TYPE_NAMES: Final = {0: "PointLight", 1: "DirectionalLight", 2: "SpotLight", 3: "HemisphericLight"}
_LIGHT_CLASSES: dict[str, type[LightSerializationMixin]] = {}
#: ``@serialize`` properties per light type (after the Light ones), in Babylon's order.
_OWN_KEYS: Final = {
    0: ("shadowAngle", "position", "direction", "shadowMinZ", "shadowMaxZ"),
    1: ("shadowFrustumSize", "shadowOrthoScale", "autoUpdateExtends", "autoCalcShadowZBounds",
        "orthoTop", "orthoBottom", "orthoLeft", "orthoRight", "position", "direction",
        "shadowMinZ", "shadowMaxZ"),
    2: ("angle", "innerAngle", "shadowAngleScale", "exponent", "projectionTextureLightNear",
        "projectionTextureLightFar", "projectionTextureUpDirection", "position", "direction",
        "shadowMinZ", "shadowMaxZ"),
    3: ("groundColor", "direction"),
}  # fmt: skip
_LIGHT_KEYS: Final = (
    "range", "intensityMode", "radius", "diffuse", "specular", "falloffType", "intensity",
    "renderPriority", "shadowEnabled", "excludeWithLayerMask", "includeOnlyWithLayerMask",
    "lightmapMode",
)  # fmt: skip


def _plain(value: Any) -> Any:
    return value.asArray() if hasattr(value, "asArray") else value


class LightSerializationMixin:
    """``toString``, ``serialize``, ``clone``, ``Parse`` and the shader refusals of
    ``BABYLON.Light``."""

    transferToEffect = Refused(RENDERING, "uploads the light's uniforms to an effect")
    transferTexturesToEffect = Refused(RENDERING, "binds the light's textures to an effect")
    transferToNodeMaterialEffect = Refused(RENDERING, "uploads the light to a node material")
    prepareLightSpecificDefines = Refused(RENDERING, "sets the light's shader defines")

    # Attributes of the Light this mixes into (declared for the type checker).
    name: str
    id: str
    animations: list[Any]
    _scene: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _LIGHT_CLASSES[cls.__name__] = cls

    def getTypeID(self) -> int:
        """Overridden by each light class."""
        return -1  # pragma: no cover - every light overrides it

    def getViewMatrix(self, faceIndex: int | None = None) -> Matrix | None:
        """A light without a shadow direction has no view matrix (None)."""
        return None

    def getProjectionMatrix(
        self, viewMatrix: Matrix | None = None, renderList: list[Any] | None = None
    ) -> Matrix | None:
        """A light without shadows has no projection matrix (None)."""
        return None

    def getShadowGenerator(self, camera: Any = None) -> None:
        """The shadow generator for ``camera`` (None: lite_compat makes none)."""
        return None

    def getShadowGenerators(self) -> None:
        """Every shadow generator of the light (None, as before Babylon creates one)."""
        return None

    def areLightTexturesReady(self) -> bool:
        """True (Babylon's base lights have no textures to wait for)."""
        return True

    def toString(self, fullDetails: bool = False) -> str:
        """``"Name: <name>, type: <Point|Directional|Spot|Hemispheric>"`` (plus animations)."""
        kinds = ("Point", "Directional", "Spot", "Hemispheric", "Clustered")
        type_id = self.getTypeID()
        text = f"Name: {self.name}, type: {kinds[type_id] if 0 <= type_id < 5 else 'undefined'}"
        for animation in getattr(self, "animations", None) or []:
            text += ", animation[0]: " + animation.toString(fullDetails)
        return text

    def _serializedKeys(self) -> tuple[str, ...]:
        return (*_OWN_KEYS.get(self.getTypeID(), ()), *_LIGHT_KEYS)

    def serialize(self) -> dict[str, Any]:
        """Babylon's serialized form: the ``@serialize`` properties (unset ones left out),
        name, id, uniqueId, type id, parent, mesh inclusion lists, animations, ranges."""
        out: dict[str, Any] = {"tags": None}
        for key in self._serializedKeys():
            value = getattr(self, key, None)
            if value is not None:
                # Babylon serializes projectionTextureUpDirection as the Vector3 itself
                plain = value if key == "projectionTextureUpDirection" else _plain(value)
                out["_renderPriority" if key == "renderPriority" else key] = plain
        out.update(name=self.name, id=self.id, state=getattr(self, "state", ""))
        out["uniqueId"] = getattr(self, "uniqueId", None)
        out["type"] = self.getTypeID()
        parent = getattr(self, "parent", None)
        if parent is not None:
            out["parentId"] = getattr(parent, "uniqueId", None)
        for attr, key in (("excludedMeshes", "excludedMeshesIds"),
                          ("includedOnlyMeshes", "includedOnlyMeshesIds")):  # fmt: skip
            meshes = getattr(self, attr, None) or []
            if meshes:
                out[key] = [m.id for m in meshes]
        out["animations"] = [
            a.serialize() for a in self.animations or [] if hasattr(a, "serialize")
        ]
        ranges = getattr(self, "serializeAnimationRanges", None)
        out["ranges"] = ranges() if callable(ranges) else []
        is_enabled = getattr(self, "isEnabled", None)
        out["isEnabled"] = bool(is_enabled()) if callable(is_enabled) else True
        return out

    @staticmethod
    def GetConstructorFromName(type: int, name: str, scene: object) -> Callable[[], Any] | None:  # noqa: A002
        """A factory for Babylon light type id ``type`` (None for an unknown type)."""
        cls = _LIGHT_CLASSES.get(_TYPE_NAMES.get(type, ""))
        if cls is None:
            return None
        z: Callable[[], Vector3] = Vector3.Zero
        factories: dict[int, Callable[[], Any]] = {
            0: lambda: cls(name, z(), scene),  # type: ignore[call-arg]
            1: lambda: cls(name, z(), scene),  # type: ignore[call-arg]
            2: lambda: cls(name, z(), z(), 0, 0, scene),  # type: ignore[call-arg]
            3: lambda: cls(name, z(), scene),  # type: ignore[call-arg]
        }
        return factories[type]

    def _copyInto(self, other: Any, source: dict[str, Any] | None = None) -> None:
        for key in self._serializedKeys():
            value = getattr(self, key, None) if source is None else source.get(
                "_renderPriority" if key == "renderPriority" else key)  # fmt: skip
            if value is None:
                continue
            current = getattr(other, key, None)
            if (
                isinstance(value, list)
                and current is not None
                and hasattr(current, "copyFromFloats")
            ):
                current.copyFromFloats(*value)
                value = current
            elif hasattr(value, "clone"):
                value = value.clone()
            setattr(other, key, value)

    def clone(self, name: str, newParent: Any = None, doNotCloneChildren: bool = False) -> Any:
        """A new light of the same type with this one's serialized state.

        ``doNotCloneChildren`` is accepted for ``Node.clone``'s signature; Babylon.js's
        Light.clone has no such argument and neither does anything with it.
        """
        factory = LightSerializationMixin.GetConstructorFromName(
            self.getTypeID(), name, self._scene
        )
        if factory is None:
            return None
        light = factory()
        self._copyInto(light)
        if name:
            light.name = name
        if newParent is not None:
            light.parent = newParent
        light.setEnabled(getattr(self, "isEnabled")())  # noqa: B009
        cloned = getattr(self, "onClonedObservable", None)  # Node's (when it has one)
        if cloned is not None:
            cloned.notifyObservers(light)
        return light

    @staticmethod
    def Parse(parsedLight: dict[str, Any], scene: object, rootUrl: str = "") -> Any:
        """Build a light from :meth:`serialize`'s form (None for an unknown type)."""
        if not isinstance(parsedLight, dict) or "type" not in parsedLight:
            raise LiteError(
                "LITE-COMPAT-149",
                "Light.Parse: parsedLight must be a serialized light dict with a 'type', got "
                f"{type(parsedLight).__name__}",
                hint="pass what light.serialize() returned",
                input_name="Light.Parse.parsedLight",
            )
        factory = LightSerializationMixin.GetConstructorFromName(
            parsedLight["type"], str(parsedLight.get("name", "")), scene
        )
        if factory is None:
            return None
        light = factory()
        light._copyInto(light, parsedLight)
        if "id" in parsedLight:
            light.id = parsedLight["id"]
        return light


class ShadowLightMatricesMixin:
    """Shadow view/projection matrices of ``BABYLON.ShadowLight`` (point, directional, spot)."""

    #: ``(viewMatrix, renderList, result)`` callback replacing the default projection.
    customProjectionMatrixBuilder: Any = None

    # Attributes of the ShadowLight this mixes into (declared for the type checker).
    position: Vector3
    direction: Vector3 | None
    shadowMinZ: float | None
    shadowMaxZ: float | None
    transformedPosition: Vector3 | None
    _viewMatrix: Matrix
    _projectionMatrix: Matrix
    _scene: Any

    def _activeCamera(self) -> Any:
        return getattr(self._scene, "activeCamera", None)

    def getDepthMinZ(self, activeCamera: Any = None) -> float:
        """``shadowMinZ``, else the camera's ``minZ`` (else 0)."""
        if self.shadowMinZ is not None:
            return self.shadowMinZ
        return float(getattr(activeCamera, "minZ", 0) or 0)

    def getDepthMaxZ(self, activeCamera: Any = None) -> float:
        """``shadowMaxZ``, else the camera's ``maxZ`` (else 10000)."""
        if self.shadowMaxZ is not None:
            return self.shadowMaxZ
        return float(getattr(activeCamera, "maxZ", 0) or 10000)

    def getRotation(self) -> Vector3:
        """Euler angles turning +Z onto the (normalised, in place) ``direction``."""
        direction = self._requireDirection("getRotation")
        direction.normalize()
        x_axis = Vector3.Cross(direction, Vector3(0, 1, 0))
        y_axis = Vector3.Cross(x_axis, direction)
        return Vector3.RotationFromAxis(x_axis, y_axis, direction)

    def _requireDirection(self, member: str) -> Vector3:
        direction = self.direction
        if direction is None:
            raise LiteError(
                "LITE-COMPAT-150",
                f"{type(self).__name__}.{member}: the light has no direction (direction is None)",
                hint="set light.direction (or call setDirectionToTarget) first",
                input_name=f"{type(self).__name__}.direction",
            )
        return direction

    def getViewMatrix(self, faceIndex: int | None = None) -> Matrix:
        """Left-handed look-at from the (world) position along the shadow direction."""
        compute: Callable[[], bool] = getattr(self, "computeTransformedInformation")  # noqa: B009
        position = self.position
        if compute() and self.transformedPosition is not None:
            position = self.transformedPosition
        shadow: Callable[[int | None], Vector3 | None] = getattr(self, "getShadowDirection")  # noqa: B009
        raw = shadow(faceIndex)
        if raw is None:
            raw = self._requireDirection("getViewMatrix")
        direction = TmpVectors.Vector3[0]
        Vector3.NormalizeToRef(raw, direction)
        if abs(Vector3.Dot(direction, Vector3.Up())) == 1.0:
            direction.z = 0.0000000000001
        target = TmpVectors.Vector3[1]
        position.addToRef(direction, target)
        Matrix.LookAtLHToRef(position, target, Vector3.Up(), self._viewMatrix)
        return self._viewMatrix

    def getProjectionMatrix(
        self, viewMatrix: Matrix | None = None, renderList: list[Any] | None = None
    ) -> Matrix:
        """The shadow projection (see :meth:`setShadowProjectionMatrix`)."""
        self.setShadowProjectionMatrix(
            self._projectionMatrix, viewMatrix or self._viewMatrix, renderList or []
        )
        return self._projectionMatrix

    def setShadowProjectionMatrix(
        self, matrix: Matrix, viewMatrix: Matrix, renderList: list[Any]
    ) -> ShadowLightMatricesMixin:
        """Write the shadow projection into ``matrix``: ``customProjectionMatrixBuilder`` if
        set, else the light type's default."""
        if self.customProjectionMatrixBuilder is not None:
            self.customProjectionMatrixBuilder(viewMatrix, renderList, matrix)
            return self
        type_id: int = getattr(self, "getTypeID")()  # noqa: B009 - each light's own
        camera = self._activeCamera()
        if type_id == 0:
            fov = float(getattr(self, "shadowAngle", math.pi / 2))
            Matrix.PerspectiveFovLHToRef(
                fov, 1.0, self.getDepthMinZ(camera), self.getDepthMaxZ(camera), matrix
            )
        elif type_id == 2:
            if camera is None:
                return self
            scale = float(getattr(self, "shadowAngleScale", 1) or 1)
            angle = scale * float(getattr(self, "angle"))  # noqa: B009
            min_z = self.shadowMinZ if self.shadowMinZ is not None else camera.minZ
            max_z = self.shadowMaxZ if self.shadowMaxZ is not None else camera.maxZ
            Matrix.PerspectiveFovLHToRef(angle, 1.0, min_z, max_z, matrix, True, False)
        elif type_id == 1:
            self._directionalProjection(matrix, viewMatrix, renderList, camera)
        return self

    def _directionalProjection(
        self, matrix: Matrix, viewMatrix: Matrix, renderList: list[Any], camera: Any
    ) -> None:
        light: Any = self
        size = float(light.shadowFrustumSize)
        if size > 0:
            Matrix.OrthoLHToRef(size, size, self.getDepthMinZ(camera), self.getDepthMaxZ(camera),
                                matrix)  # fmt: skip
            return
        if light.autoUpdateExtends or light.orthoLeft == _MAX:
            left, right, top, bottom = _MAX, -_MAX, -_MAX, _MAX
            low_z, high_z = _MAX, -_MAX
            point = Vector3.Zero()
            for mesh in renderList:
                if mesh is None:
                    continue
                for corner in mesh.getBoundingInfo().boundingBox.vectorsWorld:
                    Vector3.TransformCoordinatesToRef(corner, viewMatrix, point)
                    left, right = min(left, point.x), max(right, point.x)
                    bottom, top = min(bottom, point.y), max(top, point.y)
                    low_z, high_z = min(low_z, point.z), max(high_z, point.z)
            light.orthoLeft, light.orthoRight = left, right
            light.orthoTop, light.orthoBottom = top, bottom
            if light.autoCalcShadowZBounds:
                light._shadowMinZ, light._shadowMaxZ = low_z, high_z
        x_offset = light.orthoRight - light.orthoLeft
        y_offset = light.orthoTop - light.orthoBottom
        scale = float(light.shadowOrthoScale)
        Matrix.OrthoOffCenterLHToRef(
            light.orthoLeft - x_offset * scale,
            light.orthoRight + x_offset * scale,
            light.orthoBottom - y_offset * scale,
            light.orthoTop + y_offset * scale,
            self.getDepthMinZ(camera),
            self.getDepthMaxZ(camera),
            matrix,
        )

    def needCube(self) -> bool:
        """Whether shadows need a cube map (False; point lights override)."""
        return False


class SpotLightProjectionMixin:
    """The projection texture of ``BABYLON.SpotLight`` and its matrices."""

    iesProfileTexture: object = None

    # Attributes of the SpotLight this mixes into (declared for the type checker).
    angle: float
    _scene: Any

    def _initSpotProjection(self) -> None:
        """Constructor-time state (called from ``SpotLight.__init__``)."""
        self._projectionTexture: Any = None
        self._projectionTextureLightNear = 1e-6
        self._projectionTextureLightFar = 1000.0
        self._projectionTextureUpDirection = Vector3.Up()
        self._projectionTextureMatrix = Matrix.Zero()
        self._projectionTextureProjectionLightMatrix = Matrix.Zero()
        self._projectionTextureViewLightMatrix = Matrix.Zero()
        self._projectionTextureScalingMatrix = Matrix.FromValues(
            0.5, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.5, 0.5, 0.5, 1.0
        )

    @property
    def projectionTexture(self) -> Any:
        """The texture projected by the light (None)."""
        return self._projectionTexture

    @projectionTexture.setter
    def projectionTexture(self, value: Any) -> None:
        self._projectionTexture = value

    @property
    def projectionTextureLightNear(self) -> float:
        """Near clip of the texture projection (1e-6)."""
        return self._projectionTextureLightNear

    @projectionTextureLightNear.setter
    def projectionTextureLightNear(self, value: float) -> None:
        self._projectionTextureLightNear = value

    @property
    def projectionTextureLightFar(self) -> float:
        """Far clip of the texture projection (1000)."""
        return self._projectionTextureLightFar

    @projectionTextureLightFar.setter
    def projectionTextureLightFar(self, value: float) -> None:
        self._projectionTextureLightFar = value

    @property
    def projectionTextureUpDirection(self) -> Vector3:
        """Up direction of the texture projection ((0, 1, 0))."""
        return self._projectionTextureUpDirection

    @projectionTextureUpDirection.setter
    def projectionTextureUpDirection(self, value: Vector3) -> None:
        self._projectionTextureUpDirection = value

    @property
    def projectionTextureProjectionLightMatrix(self) -> Matrix:
        """The light's projection for its texture: ``s = 1 / tan(angle / 2)`` on x and y,
        the near/far range on z. Babylon computes it when it binds a projection texture, so
        it stays zero until ``projectionTexture`` is set (then it is recomputed on read)."""
        if self._projectionTexture is None:
            return self._projectionTextureProjectionLightMatrix
        far = self._projectionTextureLightFar
        near = self._projectionTextureLightNear
        p = js_div(far, far - near)
        q = -p * near
        s = js_div(1.0, math.tan(self.angle / 2.0))
        result = self._projectionTextureProjectionLightMatrix
        Matrix.FromValuesToRef(s, 0.0, 0.0, 0.0, 0.0, s, 0.0, 0.0, 0.0, 0.0, p, 1.0,
                               0.0, 0.0, q, 0.0, result)  # fmt: skip
        return result

    @projectionTextureProjectionLightMatrix.setter
    def projectionTextureProjectionLightMatrix(self, value: Matrix) -> None:
        self._projectionTextureProjectionLightMatrix = value

    @property
    def projectionTextureMatrix(self) -> Matrix:
        """View x projection x texture scaling of the projected texture (zero until
        ``projectionTexture`` is set, as Babylon computes it when binding that texture)."""
        if self._projectionTexture is None:
            return self._projectionTextureMatrix
        position: Vector3 = getattr(self, "getAbsolutePosition")()  # noqa: B009
        direction: Vector3 = getattr(self, "getShadowDirection")()  # noqa: B009
        target = position.add(direction)
        Matrix.LookAtLHToRef(position, target, self._projectionTextureUpDirection,
                             self._projectionTextureViewLightMatrix)  # fmt: skip
        self._projectionTextureViewLightMatrix.multiplyToRef(
            self.projectionTextureProjectionLightMatrix, self._projectionTextureMatrix
        )
        texture = self._projectionTexture
        if texture is not None and hasattr(texture, "uScale"):
            u = texture.uScale / 2.0
            v = texture.vScale / 2.0
            scaling = self._projectionTextureScalingMatrix
            Matrix.FromValuesToRef(u, 0.0, 0.0, 0.0, 0.0, v, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0,
                                   0.5, 0.5, 0.5, 1.0, scaling)  # fmt: skip
        self._projectionTextureMatrix.multiplyToRef(
            self._projectionTextureScalingMatrix, self._projectionTextureMatrix
        )
        return self._projectionTextureMatrix
