"""Babylon.js ``Texture`` as an animation target: UV transform state, no pixels.

Port of the CPU side of ``@babylonjs/core`` 9.31 ``Materials/Textures/texture.pure.js`` and
``baseTexture.pure.js``: ``uOffset``/``vOffset``/``uScale``/``vScale``/``uAng``/``vAng``/
``wAng`` and their rotation centres, ``level``, ``coordinatesIndex``/``coordinatesMode``,
``hasAlpha`` and the sampling/wrap settings, with ``getTextureMatrix()`` computed as Babylon
computes it (float32, through :class:`lite_compat.math.Matrix`) and cached on its inputs.
These are what an ``Animation`` on ``"albedoTexture.uOffset"`` (or a glTF
``KHR_texture_transform`` pointer) writes.

A texture is constructed without fetching anything: as under Babylon's ``NullEngine``, a
texture with a url reports itself ready with a 512 x 512 size, and one without a url is not
ready (0 x 0). Reading pixels or the GPU texture object is refused (rendering).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from lite.errors import LiteError
from lite_compat._refusal import RENDERING, Refused
from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_add,
    scene_remove,
    scene_unique_id,
)
from lite_compat.math import Matrix, Size, TmpVectors, Vector3
from lite_compat.observable import Observable

__all__ = ["Texture"]

#: The size Babylon's NullEngine gives every texture it "loads".
_NULL_ENGINE_TEXTURE_SIZE: Final = 512
#: ``Constants.TEXTURE_TRILINEAR_SAMPLINGMODE``.
_TRILINEAR: Final = 3
#: ``BaseTexture`` delay-load states (``Constants.DELAYLOADSTATE_*``).
_DELAY_NONE: Final = 0
_DELAY_LOADED: Final = 1
_DELAY_NOTLOADED: Final = 4

#: The properties ``Texture.serialize`` writes, in Babylon's order.
_SERIALIZED: Final = (
    "isBlocking", "url", "uOffset", "vOffset", "uScale", "vScale", "uAng", "vAng", "wAng",
    "uRotationCenter", "vRotationCenter", "wRotationCenter", "homogeneousRotationInUVTransform",
    "wrapU", "wrapV", "isCube", "is3D", "is2DArray", "gammaSpace", "lodGenerationOffset",
    "lodGenerationScale", "linearSpecularLOD", "name", "hasAlpha", "getAlphaFromRGB", "level",
    "coordinatesIndex", "optimizeUVAllocation", "coordinatesMode", "wrapR",
    "anisotropicFilteringLevel", "invertZ", "lodLevelInAlpha", "isRenderTarget",
)  # fmt: skip
#: The UV-transform and flag properties a clone or a parse copies.
_COPIED: Final = (
    "uOffset", "vOffset", "uScale", "vScale", "uAng", "vAng", "wAng", "uRotationCenter",
    "vRotationCenter", "wRotationCenter", "homogeneousRotationInUVTransform", "wrapU", "wrapV",
    "wrapR", "gammaSpace", "lodGenerationOffset", "lodGenerationScale", "linearSpecularLOD",
    "hasAlpha", "getAlphaFromRGB", "level", "coordinatesIndex", "optimizeUVAllocation",
    "coordinatesMode", "anisotropicFilteringLevel", "invertZ", "lodLevelInAlpha",
    "isRenderTarget", "isBlocking",
)  # fmt: skip


def _bad(member: str, argument: str, value: object, hint: str) -> LiteError:
    return LiteError(
        "LITE-COMPAT-145",
        f"Texture.{member}: {argument} must be {hint}, got {type(value).__name__} {value!r}",
        hint=f"pass {hint}",
        input_name=f"Texture.{member}.{argument}",
    )


class Texture:
    """A 2D texture's state (``BABYLON.Texture``); nothing is fetched or uploaded.

    Parameters
    ----------
    url
        Where Babylon.js would load the picture from (kept as ``url`` and ``name``; never
        fetched). ``None`` makes an empty texture that is never ready.
    sceneOrEngine
        Owning scene (the texture joins ``scene.textures``).
    noMipmapOrOptions
        ``noMipmap`` (bool) or Babylon's options dict (``noMipmap``, ``invertY``,
        ``samplingMode``, ``onLoad``, ``onError``, ``mimeType`` ...).
    invertY, samplingMode, onLoad, onError, buffer, deleteBuffer, format, mimeType
        As in Babylon.js; ``onLoad`` runs at once for a texture with a url (Babylon's
        ``NullEngine`` "loads" synchronously).

    Examples
    --------
    >>> texture = Texture("grass.png")
    >>> texture.uOffset = 0.25
    >>> [round(v, 6) for v in texture.getTextureMatrix().m[8:10]]
    [0.25, 0.0]
    """

    # -- Babylon's static constants ----------------------------------------------------------
    NEAREST_SAMPLINGMODE: ClassVar[int] = 1
    NEAREST_NEAREST_MIPLINEAR: ClassVar[int] = 8
    BILINEAR_SAMPLINGMODE: ClassVar[int] = 2
    LINEAR_LINEAR_MIPNEAREST: ClassVar[int] = 11
    TRILINEAR_SAMPLINGMODE: ClassVar[int] = 3
    LINEAR_LINEAR_MIPLINEAR: ClassVar[int] = 3
    NEAREST_NEAREST_MIPNEAREST: ClassVar[int] = 4
    NEAREST_LINEAR_MIPNEAREST: ClassVar[int] = 5
    NEAREST_LINEAR_MIPLINEAR: ClassVar[int] = 6
    NEAREST_LINEAR: ClassVar[int] = 7
    NEAREST_NEAREST: ClassVar[int] = 1
    LINEAR_NEAREST_MIPNEAREST: ClassVar[int] = 9
    LINEAR_NEAREST_MIPLINEAR: ClassVar[int] = 10
    LINEAR_LINEAR: ClassVar[int] = 2
    LINEAR_NEAREST: ClassVar[int] = 12
    EXPLICIT_MODE: ClassVar[int] = 0
    SPHERICAL_MODE: ClassVar[int] = 1
    PLANAR_MODE: ClassVar[int] = 2
    CUBIC_MODE: ClassVar[int] = 3
    PROJECTION_MODE: ClassVar[int] = 4
    SKYBOX_MODE: ClassVar[int] = 5
    INVCUBIC_MODE: ClassVar[int] = 6
    EQUIRECTANGULAR_MODE: ClassVar[int] = 7
    FIXED_EQUIRECTANGULAR_MODE: ClassVar[int] = 8
    FIXED_EQUIRECTANGULAR_MIRRORED_MODE: ClassVar[int] = 9
    CLAMP_ADDRESSMODE: ClassVar[int] = 0
    WRAP_ADDRESSMODE: ClassVar[int] = 1
    MIRROR_ADDRESSMODE: ClassVar[int] = 2
    DEFAULT_ANISOTROPIC_FILTERING_LEVEL: ClassVar[int] = 4
    SerializeBuffers: ClassVar[bool] = True
    ForceSerializeBuffers: ClassVar[bool] = False
    UseSerializedUrlIfAny: ClassVar[bool] = False
    #: Notified when any texture fails to load (never, here: nothing is loaded).
    OnTextureLoadErrorObservable: ClassVar[Observable[Any]] = Observable()

    # -- flags Babylon's BaseTexture has as getters with constant values ---------------------
    isCube: ClassVar[bool] = False
    is3D: ClassVar[bool] = False
    is2DArray: ClassVar[bool] = False
    isRGBD: ClassVar[bool] = False
    canRescale: ClassVar[bool] = False

    readPixels = Refused(RENDERING, "reads the texture's pixels back from the GPU")
    getInternalTexture = Refused(RENDERING, "the engine's GPU texture object")

    def __init__(
        self,
        url: str | None,
        sceneOrEngine: object | None = None,
        noMipmapOrOptions: bool | dict[str, Any] | None = None,
        invertY: bool = True,
        samplingMode: int = _TRILINEAR,
        onLoad: Callable[[], object] | None = None,
        onError: Callable[..., object] | None = None,
        buffer: object = None,
        deleteBuffer: bool = False,
        format: int | None = None,  # noqa: A002 - Babylon's parameter name
        mimeType: str | None = None,
        loaderOptions: object = None,
        creationFlags: int | None = None,
        forcedExtension: str | None = None,
    ) -> None:
        if url is not None and not isinstance(url, str):
            raise _bad("constructor", "url", url, "a str (or None)")
        options = noMipmapOrOptions if isinstance(noMipmapOrOptions, dict) else {}
        noMipmap = bool(options.get("noMipmap", False)) if options else bool(noMipmapOrOptions)
        if options:
            invertY = bool(options.get("invertY", invertY))
            samplingMode = int(options.get("samplingMode", samplingMode))
            onLoad = options.get("onLoad", onLoad)
            onError = options.get("onError", onError)
            buffer = options.get("buffer", buffer)
            mimeType = options.get("mimeType", mimeType)
        self._scene = resolve_scene(sceneOrEngine)
        self.name = url or ""
        self.url: str | None = url
        self.uniqueId = scene_unique_id(self._scene)
        self._uid: str | None = None
        self.metadata: object = None
        self.reservedDataStore: object = None
        self.inspectableCustomProperties: object = None
        self.displayName: str | None = None
        self.mimeType = mimeType
        self.animations: list[Any] = []
        self.onDisposeObservable: Observable[Texture] = Observable()
        self.onLoadObservable: Observable[Texture] = Observable()
        # UV transform (what animations drive)
        self.uOffset = 0.0
        self.vOffset = 0.0
        self.uScale = 1.0
        self.vScale = 1.0
        self.uAng = 0.0
        self.vAng = 0.0
        self.wAng = 0.0
        self.uRotationCenter = 0.5
        self.vRotationCenter = 0.5
        self.wRotationCenter = 0.5
        self.homogeneousRotationInUVTransform = False
        # material-facing state
        self.level = 1.0
        self.coordinatesIndex = 0
        self.coordinatesMode = Texture.EXPLICIT_MODE
        self.hasAlpha = False
        self.getAlphaFromRGB = False
        self.gammaSpace = True
        self.invertZ = False
        self.lodLevelInAlpha = False
        self.lodGenerationOffset = 0.0
        self.lodGenerationScale = 0.0
        self.linearSpecularLOD = False
        self.irradianceTexture: Texture | None = None
        self.sphericalPolynomial: object = None
        self.isRenderTarget = False
        self.optimizeUVAllocation = True
        self.wrapU = Texture.WRAP_ADDRESSMODE
        self.wrapV = Texture.WRAP_ADDRESSMODE
        self.wrapR = Texture.WRAP_ADDRESSMODE
        self.anisotropicFilteringLevel = Texture.DEFAULT_ANISOTROPIC_FILTERING_LEVEL
        self.delayLoadState = _DELAY_NONE
        self._isBlocking = True
        self._noMipmap = noMipmap
        self._invertY = invertY
        self._samplingMode = samplingMode
        self._buffer = buffer
        self._deleteBuffer = deleteBuffer
        self._format = format
        self._onError = onError
        self._loaded = url is not None
        self._isDisposed = False
        self._cachedKey: tuple[float, ...] | None = None
        self._cachedTextureMatrix = Matrix.Zero()
        self._cachedReflectionKey: tuple[float, ...] | None = None
        self._cachedReflectionTextureMatrix = Matrix.Zero()
        scene_add(self._scene, "addTexture", "textures", self)
        if self._loaded:
            if onLoad is not None:
                onLoad()
            self.onLoadObservable.notifyObservers(self)

    def __repr__(self) -> str:
        return f"Texture(url={self.url!r}, uniqueId={self.uniqueId})"

    # -- identity --------------------------------------------------------------------------

    def getClassName(self) -> str:
        """``"Texture"``."""
        return "Texture"

    def toString(self) -> str:
        """The texture's name."""
        return self.name

    def getScene(self) -> object | None:
        """The owning scene."""
        return self._scene

    @property
    def uid(self) -> str:
        """A random GUID, made on first read."""
        if self._uid is None:
            self._uid = str(uuid.uuid4())
        return self._uid

    @property
    def isBlocking(self) -> bool:
        """Whether materials wait for this texture before drawing (True)."""
        return self._isBlocking

    @isBlocking.setter
    def isBlocking(self, value: bool) -> None:
        self._isBlocking = value

    @property
    def noMipmap(self) -> bool:
        """Whether the texture was created without mipmaps."""
        return self._noMipmap

    @property
    def invertY(self) -> bool:
        """Whether the picture is flipped vertically on load (True)."""
        return self._invertY

    @property
    def samplingMode(self) -> int:
        """The sampling mode (``TRILINEAR_SAMPLINGMODE`` = 3 by default)."""
        return self._samplingMode

    def updateSamplingMode(self, samplingMode: int) -> None:
        """Change the sampling mode."""
        self._samplingMode = samplingMode

    @property
    def textureType(self) -> int:
        """The GPU texel type: -1 for a "loaded" texture (as Babylon's NullEngine reports),
        0 (unsigned byte) without one."""
        return -1 if self._loaded else 0

    @property
    def textureFormat(self) -> int:
        """The GPU texel format: -1 for a "loaded" texture (NullEngine), 5 (RGBA) without."""
        return -1 if self._loaded else 5

    @property
    def loadingError(self) -> bool:
        """Whether loading failed (never: nothing is fetched)."""
        return False

    @property
    def errorObject(self) -> object:
        """The loading error, if any (None)."""
        return None

    @property
    def onDispose(self) -> None:
        """Write-only in Babylon.js: assigning a callback observes the disposal."""
        return None

    @onDispose.setter
    def onDispose(self, callback: Callable[..., object]) -> None:
        self.onDisposeObservable.add(callback)

    # -- readiness, size --------------------------------------------------------------------

    def isReady(self) -> bool:
        """True for a texture with a url (NullEngine loads at once), False without one."""
        return self._loaded and self.delayLoadState != _DELAY_NOTLOADED

    def isReadyOrNotBlocking(self) -> bool:
        """``isReady()`` or not blocking."""
        return self.isReady() or not self.isBlocking

    def getSize(self) -> Size:
        """512 x 512 once "loaded" (NullEngine's size for every texture), else 0 x 0."""
        side = _NULL_ENGINE_TEXTURE_SIZE if self.isReady() else 0
        return Size(side, side)

    def getBaseSize(self) -> Size:
        """The size before any rescale (as :meth:`getSize`)."""
        return self.getSize()

    def scale(self, ratio: float) -> None:
        """Babylon's base textures ignore this (``canRescale`` is False)."""

    def delayLoad(self) -> None:
        """Finish a delayed load (the state becomes loaded; nothing is fetched)."""
        if self.delayLoadState != _DELAY_NOTLOADED:
            return
        self.delayLoadState = _DELAY_LOADED
        self._loaded = self.url is not None
        if self._loaded:
            self.onLoadObservable.notifyObservers(self)

    def updateURL(
        self,
        url: str,
        buffer: object = None,
        onLoad: Callable[[], object] | None = None,
        forcedExtension: str | None = None,
    ) -> None:
        """Point the texture at another url (its name follows unless it has its own)."""
        if not isinstance(url, str):
            raise _bad("updateURL", "url", url, "a str")
        if not self.name or self.name.startswith("data:"):
            self.name = url
        self.url = url
        self._buffer = buffer
        self.delayLoadState = _DELAY_NOTLOADED
        if onLoad is not None:
            self.onLoadObservable.addOnce(lambda *_: onLoad())
        self.delayLoad()

    def releaseInternalTexture(self) -> None:
        """Drop the (notional) GPU texture: the texture is no longer ready."""
        self._loaded = False

    def forceSphericalPolynomialsRecompute(self) -> None:
        """Forget the spherical harmonics (none are computed here)."""
        self.sphericalPolynomial = None

    # -- matrices ---------------------------------------------------------------------------

    def _uvRow(self, x: float, y: float, z: float, u_scale: float, out: Vector3) -> Vector3:
        """Babylon's ``_prepareRowForTextureGeneration`` for one corner of the UV square."""
        x = x * u_scale - self.uRotationCenter * u_scale
        y = y * self.vScale - self.vRotationCenter * self.vScale
        z -= self.wRotationCenter
        Vector3.TransformCoordinatesFromFloatsToRef(x, y, z, self._rowGenerationMatrix, out)
        out.x += self.uRotationCenter * u_scale + self.uOffset
        out.y += self.vRotationCenter * self.vScale + self.vOffset
        out.z += self.wRotationCenter
        return out

    def getTextureMatrix(self, uBase: float = 1) -> Matrix:
        """The UV transform (offset, scale, rotation about the rotation centres) as Babylon's
        shaders read it: rows 0-1 the transformed U/V axes, row 2 the translation."""
        for name in ("uOffset", "vOffset", "uScale", "vScale", "uAng", "vAng", "wAng"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise _bad("getTextureMatrix", name, value, "a number")
        u_scale = self.uScale * uBase
        key = (self.uOffset, self.vOffset, u_scale, self.vScale, self.uAng, self.vAng,
               self.wAng, self.uRotationCenter, self.vRotationCenter, self.wRotationCenter,
               float(self.homogeneousRotationInUVTransform))  # fmt: skip
        if key == self._cachedKey:
            return self._cachedTextureMatrix
        self._cachedKey = key
        self._rowGenerationMatrix = Matrix()
        Matrix.RotationYawPitchRollToRef(self.vAng, self.uAng, self.wAng, self._rowGenerationMatrix)
        result = self._cachedTextureMatrix
        if self.homogeneousRotationInUVTransform:
            tmp = TmpVectors.Matrix
            Matrix.TranslationToRef(
                -self.uRotationCenter, -self.vRotationCenter, -self.wRotationCenter, tmp[0]
            )
            Matrix.TranslationToRef(
                self.uRotationCenter, self.vRotationCenter, self.wRotationCenter, tmp[1]
            )
            Matrix.ScalingToRef(u_scale, self.vScale, 0, tmp[2])
            Matrix.TranslationToRef(self.uOffset, self.vOffset, 0, tmp[3])
            tmp[0].multiplyToRef(self._rowGenerationMatrix, result)
            result.multiplyToRef(tmp[1], result)
            result.multiplyToRef(tmp[2], result)
            result.multiplyToRef(tmp[3], result)
            m = result.m
            result.setRowFromFloats(2, m[12], m[13], m[14], 1)
        else:
            t0 = self._uvRow(0, 0, 0, u_scale, Vector3.Zero())
            t1 = self._uvRow(1.0, 0, 0, u_scale, Vector3.Zero())
            t2 = self._uvRow(0, 1.0, 0, u_scale, Vector3.Zero())
            t1.subtractInPlace(t0)
            t2.subtractInPlace(t0)
            Matrix.FromValuesToRef(t1.x, t1.y, t1.z, 0.0, t2.x, t2.y, t2.z, 0.0,
                                   t0.x, t0.y, t0.z, 0.0, 0.0, 0.0, 0.0, 1.0, result)  # fmt: skip
        return result

    def getReflectionTextureMatrix(self) -> Matrix:
        """The reflection transform: identity, except in ``PROJECTION_MODE`` (the scene's
        projection matrix x Babylon's clip-to-UV matrix). Babylon's ``PLANAR_MODE`` branch
        writes its scales onto the Matrix object instead of its values, so it is the
        identity too."""
        key = (self.uOffset, self.vOffset, self.uScale, self.vScale, float(self.coordinatesMode))
        result = self._cachedReflectionTextureMatrix
        if self.coordinatesMode == Texture.PROJECTION_MODE:
            get_projection = getattr(self._scene, "getProjectionMatrix", None)
            if not callable(get_projection):
                raise LiteError(
                    "LITE-COMPAT-146",
                    "Texture.getReflectionTextureMatrix: PROJECTION_MODE needs the scene's "
                    f"projection matrix; scene {type(self._scene).__name__} has none",
                    hint="give the texture a scene with an active camera",
                    input_name="Texture.coordinatesMode",
                )
            clip_to_uv = Matrix.FromValues(0.5, 0.0, 0.0, 0.0, 0.0, -0.5, 0.0, 0.0,
                                           0.0, 0.0, 0.0, 0.0, 0.5, 0.5, 1.0, 1.0)  # fmt: skip
            get_projection().multiplyToRef(clip_to_uv, result)
        elif key != self._cachedReflectionKey:
            Matrix.IdentityToRef(result)
        self._cachedReflectionKey = key
        return result

    def getRefractionTextureMatrix(self) -> Matrix:
        """Babylon returns the reflection matrix for refraction too."""
        return self.getReflectionTextureMatrix()

    # -- copies ---------------------------------------------------------------------------

    def _copyStateTo(self, other: Texture) -> None:
        for name in _COPIED:
            setattr(other, name, getattr(self, name))
        other.animations = list(self.animations)

    def clone(self) -> Texture:
        """A new texture on the same url with the same transform and flags."""
        copy = Texture(
            self.url, self._scene, self._noMipmap, self._invertY, self._samplingMode,
            None, None, self._buffer, self._deleteBuffer, self._format, self.mimeType,
        )  # fmt: skip
        self._copyStateTo(copy)
        copy.name = self.name
        return copy

    def serialize(self) -> dict[str, Any] | None:
        """Babylon's serialized form (None for a texture without a name)."""
        if not self.name:
            return None
        out: dict[str, Any] = {"tags": None}
        for name in _SERIALIZED:
            out[name] = getattr(self, name)
        out["animations"] = [a.serialize() for a in self.animations if hasattr(a, "serialize")]
        out["invertY"] = self._invertY
        out["samplingMode"] = self._samplingMode
        out["_useSRGBBuffer"] = False
        out["noMipmap"] = self._noMipmap
        return out

    @staticmethod
    def Parse(parsedTexture: dict[str, Any], scene: object, rootUrl: str = "") -> Texture | None:
        """Build a texture from :meth:`serialize`'s form (``rootUrl`` prefixes its url)."""
        if not isinstance(parsedTexture, dict):
            raise _bad("Parse", "parsedTexture", parsedTexture, "a serialized texture dict")
        name = parsedTexture.get("name")
        if not name and not parsedTexture.get("url"):
            return None
        url = parsedTexture.get("url") if Texture.UseSerializedUrlIfAny else None
        texture = Texture(
            rootUrl + str(url or name),
            scene,
            bool(parsedTexture.get("noMipmap", False)),
            bool(parsedTexture.get("invertY", True)),
            int(parsedTexture.get("samplingMode", _TRILINEAR)),
        )
        for key in _COPIED:
            if key in parsedTexture:
                setattr(texture, key, parsedTexture[key])
        texture.name = str(name or texture.name)
        if parsedTexture.get("url"):
            texture.url = str(parsedTexture["url"])  # Babylon copies the serialized url back
        return texture

    @staticmethod
    def CreateFromBase64String(
        data: str,
        name: str,
        scene: object,
        noMipmapOrOptions: bool | dict[str, Any] | None = None,
        invertY: bool = True,
        samplingMode: int = _TRILINEAR,
        onLoad: Callable[[], object] | None = None,
        onError: Callable[..., object] | None = None,
        format: int = 5,  # noqa: A002 - Babylon's parameter name
        creationFlags: int | None = None,
    ) -> Texture:
        """A texture named ``"data:" + name`` holding ``data`` (not decoded)."""
        return Texture("data:" + name, scene, noMipmapOrOptions, invertY, samplingMode,
                       onLoad, onError, data, False, format)  # fmt: skip

    @staticmethod
    def LoadFromDataString(
        name: str,
        buffer: object,
        scene: object,
        deleteBuffer: bool = False,
        noMipmapOrOptions: bool | dict[str, Any] | None = None,
        invertY: bool = True,
        samplingMode: int = _TRILINEAR,
        onLoad: Callable[[], object] | None = None,
        onError: Callable[..., object] | None = None,
        format: int = 5,  # noqa: A002 - Babylon's parameter name
        creationFlags: int | None = None,
    ) -> Texture:
        """A texture holding ``buffer`` (not decoded); ``name`` gets a ``data:`` prefix."""
        if name[:5] != "data:":
            name = "data:" + name
        return Texture(name, scene, noMipmapOrOptions, invertY, samplingMode, onLoad, onError,
                       buffer, deleteBuffer, format)  # fmt: skip

    @staticmethod
    def WhenAllReady(textures: Sequence[Texture], callback: Callable[[], object]) -> None:
        """Run ``callback`` once every texture is ready (at once when they all are)."""
        pending = [t for t in textures if not t.isReady()]
        if not pending:
            callback()
            return
        remaining = [len(pending)]

        def one_ready(*_args: object) -> None:
            remaining[0] -= 1
            if remaining[0] == 0:
                callback()

        for texture in pending:
            texture.onLoadObservable.addOnce(one_ready)

    # -- lifetime ---------------------------------------------------------------------------

    def isDisposed(self) -> bool:
        """True once :meth:`dispose` ran."""
        return self._isDisposed

    def dispose(self) -> None:
        """Leave the scene and notify ``onDisposeObservable``."""
        if self._isDisposed:
            return
        self._isDisposed = True
        scene_remove(self._scene, "removeTexture", "textures", self)
        self._loaded = False
        self.onDisposeObservable.notifyObservers(self)
        self.onDisposeObservable.clear()
        self.onLoadObservable.clear()
