"""Babylon.js material state beyond colours: alpha modes, flags, plugins, clone/serialize.

Port of the state (not the shaders) of ``@babylonjs/core`` 9.31 ``Materials/material.pure.js``,
``standardMaterial.pure.js``, ``PBR/pbrBaseMaterial.pure.js`` and their default plugins
(``PBRClearCoatConfiguration`` ...), as mixins of :mod:`lite_compat.materials.material` and
:mod:`lite_compat.materials.pbr_material`: the dirty-flag and transparency constants,
``alphaMode``/``setAlphaMode``, ``freeze``/``isFrozen``, ``atomicMaterialsUpdate``, the alpha
blending/testing decisions (``needAlphaBlendingForMesh`` ...), the active texture list and
``hasTexture``, the image-processing and plugin settings (plain state with Babylon's
defaults, measured under Node), ``clone``, ``serialize``, ``Parse`` and ``toString``.
Members that bind effects, uniforms or compile shaders are refused (rendering).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from typing import Any, ClassVar, Final

from lite.errors import LiteError
from lite_compat._js import js_callable
from lite_compat._refusal import RENDERING, Refused
from lite_compat.materials.textures.texture import Texture
from lite_compat.math import Color3, Color4, Vector2
from lite_compat.observable import Observable

__all__ = [
    "MaterialPluginState",
    "MaterialStateMixin",
    "PBRMaterialStateMixin",
    "StandardMaterialStateMixin",
]

#: Materials by Babylon ``customType`` (``"BABYLON.StandardMaterial"`` ...), for ``Parse``.
_MATERIAL_CLASSES: dict[str, type[MaterialStateMixin]] = {}
#: One ImageProcessingConfiguration per scene (Babylon materials share the scene's).
_SCENE_IMAGE_PROCESSING: weakref.WeakKeyDictionary[Any, MaterialPluginState] = (
    weakref.WeakKeyDictionary()
)


class MaterialPluginState:
    """Plain settings of a Babylon material plugin or configuration object (``clearCoat``,
    ``sheen``, ``detailMap``, ``imageProcessingConfiguration``, ``stencil`` ...), with
    Babylon's defaults; nothing is compiled from them.

    Parameters
    ----------
    className
        Babylon's class name (``getClassName()``).
    defaults
        Attribute -> default value (colours and vectors are copied).
    """

    def __init__(self, className: str, defaults: dict[str, Any]) -> None:
        self._className = className
        for key, value in defaults.items():
            setattr(self, key, value.clone() if hasattr(value, "clone") else value)

    def __repr__(self) -> str:
        return f"<{self._className}>"

    def getClassName(self) -> str:
        """Babylon's class name."""
        return self._className

    def copyTo(self, target: MaterialPluginState) -> None:
        """Copy every setting into ``target`` (colours copied)."""
        for key, value in vars(self).items():
            if not key.startswith("_"):
                setattr(target, key, value.clone() if hasattr(value, "clone") else value)

    def clone(self) -> MaterialPluginState:
        """A copy."""
        copy = MaterialPluginState(self._className, {})
        self.copyTo(copy)
        return copy

    def serialize(self) -> dict[str, Any]:
        """The settings (colours as lists, textures by their own ``serialize``)."""
        out: dict[str, Any] = {}
        for key, value in vars(self).items():
            if key.startswith("_"):
                continue
            if hasattr(value, "asArray"):
                value = value.asArray()
            elif isinstance(value, Texture | MaterialPluginState):
                value = value.serialize()
            out[key] = value
        return out


def _plugin(name: str, priority: int, extra_events: bool, **defaults: Any) -> dict[str, Any]:
    base = {"name": name, "priority": priority, "resolveIncludes": False}
    return {**base, "registerForExtraEvents": extra_events, "doNotSerialize": False, **defaults}


_WHITE: Final = Color3(1, 1, 1)
#: Babylon.js 9.31 plugin defaults, read from ``new PBRMaterial(...)`` under Node.
_CLEAR_COAT: Final = _plugin(
    "PBRClearCoat", 100, False, intensity=1.0, roughness=0.0, tintColor=_WHITE,
    tintColorAtDistance=1.0, tintThickness=1.0, isEnabled=False, indexOfRefraction=1.5,
    texture=None, useRoughnessFromMainTexture=True, textureRoughness=None,
    remapF0OnInterfaceChange=True, bumpTexture=None, isTintEnabled=False, tintTexture=None,
)  # fmt: skip
_SHEEN: Final = _plugin(
    "Sheen", 120, False, intensity=1.0, color=_WHITE, isEnabled=False,
    linkSheenWithAlbedo=False, texture=None, useRoughnessFromMainTexture=True, roughness=None,
    textureRoughness=None, albedoScaling=False,
)  # fmt: skip
_IRIDESCENCE: Final = _plugin(
    "PBRIridescence", 110, False, intensity=1.0, minimumThickness=100.0,
    maximumThickness=400.0, indexOfRefraction=1.3, isEnabled=False, texture=None,
    thicknessTexture=None,
)  # fmt: skip
_ANISOTROPY: Final = _plugin(
    "PBRAnisotropic", 110, False, intensity=1.0, direction=Vector2(1, 0), isEnabled=False,
    angle=0.0, texture=None, legacy=False,
)  # fmt: skip
_SUB_SURFACE: Final = _plugin(
    "PBRSubSurface", 130, True, refractionIntensity=1.0, translucencyIntensity=1.0,
    minimumThickness=0.0, maximumThickness=1.0, useThicknessAsDepth=False, tintColor=_WHITE,
    tintColorAtDistance=1.0, dispersion=0.0, diffusionDistance=_WHITE, translucencyColor=None,
    applyAlbedoAfterSubSurface=False, legacyTranslucency=False, isRefractionEnabled=False,
    isTranslucencyEnabled=False, isDispersionEnabled=False, isScatteringEnabled=False,
    scatteringDiffusionProfile=None, useAlbedoToTintRefraction=False,
    useAlbedoToTintTranslucency=False, thicknessTexture=None, refractionTexture=None,
    indexOfRefraction=1.5, volumeIndexOfRefraction=1.5, invertRefractionY=False,
    linkRefractionWithTransparency=False, useMaskFromThicknessTexture=False,
    refractionIntensityTexture=None, translucencyIntensityTexture=None,
    translucencyColorTexture=None, useGltfStyleTextures=True, disableAlphaBlending=False,
)  # fmt: skip
_BRDF: Final = _plugin(
    "PBRBRDF", 90, False, useEnergyConservation=True, useSmithVisibilityHeightCorrelated=True,
    useSphericalHarmonics=True, useSpecularGlossinessInputEnergyConservation=True,
    mixIblRadianceWithIrradiance=True, useLegacySpecularEnergyConservation=True,
    baseDiffuseModel=0, dielectricSpecularModel=0, conductorSpecularModel=0,
)  # fmt: skip
_DETAIL_MAP: Final = _plugin(
    "DetailMap", 140, False, diffuseBlendLevel=1.0, roughnessBlendLevel=1.0, bumpLevel=1.0,
    texture=None, normalBlendMethod=0, isEnabled=False,
)  # fmt: skip
_DECAL_MAP: Final = _plugin("DecalMap", 150, True, isEnabled=False, smoothAlpha=False)
_STENCIL: Final = {
    "func": 519, "backFunc": 519, "funcRef": 1, "funcMask": 255, "opStencilFail": 7680,
    "opDepthFail": 7680, "opStencilDepthPass": 7681, "backOpStencilFail": 7680,
    "backOpDepthFail": 7680, "backOpStencilDepthPass": 7681, "mask": 255, "enabled": False,
}  # fmt: skip
_COLOR_CURVES: Final = {
    f"{band}{what}": (30.0 if what == "Hue" else 0.0)
    for band in ("global", "highlights", "midtones", "shadows")
    for what in ("Hue", "Density", "Saturation", "Exposure")
}
_IMAGE_PROCESSING: Final = {
    "vignetteStretch": 0.0, "vignetteCenterX": 0.0, "vignetteCenterY": 0.0,
    "vignetteWeight": 1.5, "vignetteColor": Color4(0, 0, 0, 0), "vignetteCameraFov": 0.5,
    "outputTextureWidth": 0, "outputTextureHeight": 0, "colorCurvesEnabled": False,
    "colorGradingTexture": None, "colorGradingEnabled": False, "colorGradingWithGreenDepth": True,
    "colorGradingBGR": True, "exposure": 1.0, "toneMappingEnabled": False, "toneMappingType": 0,
    "contrast": 1.0, "whiteBalanceEnabled": False, "temperature": 6500.0, "tint": 0.0,
    "vignetteBlendMode": 0, "vignetteEnabled": False, "ditheringEnabled": False,
    "ditheringIntensity": 1.0 / 255.0, "skipFinalColorClamp": False,
    "applyByPostProcess": False, "isEnabled": True,
}  # fmt: skip


def _image_processing(scene: Any) -> MaterialPluginState:
    """The scene's ImageProcessingConfiguration (one per scene, as Babylon shares it)."""
    own = getattr(scene, "imageProcessingConfiguration", None)
    if isinstance(own, MaterialPluginState):
        return own
    if scene is not None:
        try:
            existing = _SCENE_IMAGE_PROCESSING.get(scene)
        except TypeError:  # pragma: no cover - a scene that cannot be weakly referenced
            existing = None
        if existing is not None:
            return existing
    config = MaterialPluginState("ImageProcessingConfiguration", _IMAGE_PROCESSING)
    config.colorCurves = MaterialPluginState("ColorCurves", _COLOR_CURVES)  # type: ignore[attr-defined]
    config.onUpdateParameters = Observable()  # type: ignore[attr-defined]
    if scene is not None:
        with contextlib.suppress(TypeError):
            _SCENE_IMAGE_PROCESSING[scene] = config
    return config


def _serial(value: Any) -> Any:
    if isinstance(value, Texture | MaterialPluginState):
        return value.serialize()
    if hasattr(value, "asArray"):
        return value.asArray()
    return value


#: Instance attributes a material clone never copies (identity, scene links, observers).
_NOT_CLONED: Final = frozenset(
    {"name", "id", "uniqueId", "_scene", "_indexInSceneMaterialArray", "_isDisposed",
     "animations", "meshMap", "metadata", "reservedDataStore", "_lazyObservables",
     "_imageProcessingConfiguration"}
)  # fmt: skip


class MaterialStateMixin:
    """Alpha modes, flags, texture queries and copies of ``BABYLON.Material``."""

    TextureDirtyFlag: ClassVar[int] = 1
    LightDirtyFlag: ClassVar[int] = 2
    FresnelDirtyFlag: ClassVar[int] = 4
    AttributesDirtyFlag: ClassVar[int] = 8
    MiscDirtyFlag: ClassVar[int] = 16
    PrePassDirtyFlag: ClassVar[int] = 32
    ImageProcessingDirtyFlag: ClassVar[int] = 64
    AllDirtyFlag: ClassVar[int] = 127
    MATERIAL_OPAQUE: ClassVar[int] = 0
    MATERIAL_ALPHATEST: ClassVar[int] = 1
    MATERIAL_ALPHABLEND: ClassVar[int] = 2
    MATERIAL_ALPHATESTANDBLEND: ClassVar[int] = 3
    MATERIAL_NORMALBLENDMETHOD_WHITEOUT: ClassVar[int] = 0
    MATERIAL_NORMALBLENDMETHOD_RNM: ClassVar[int] = 1
    LIGHTFALLOFF_PHYSICAL: ClassVar[int] = 0
    LIGHTFALLOFF_GLTF: ClassVar[int] = 1
    LIGHTFALLOFF_STANDARD: ClassVar[int] = 2
    ForceVertexOutputInvariant: ClassVar[bool] = False
    #: Babylon's static material event observable (nothing notifies it: no shaders).
    OnEventObservable: ClassVar[Observable[Any]] = Observable()

    allowShaderHotSwapping: bool = True
    blockDirtyMechanism: bool = False
    canRenderToMRT: ClassVar[bool] = False
    isPrePassCapable: ClassVar[bool] = False
    hasRenderTargetTextures: ClassVar[bool] = False
    getRenderTargetTextures: object = None
    clipPlane: object = None
    customShaderNameResolve: object = None
    inspectableCustomProperties: object = None
    onCompiled: object = None
    onError: object = None
    pluginManager: object = None
    shaderLanguage: int = 0
    shadowDepthWrapper: object = None
    textureRepetitionMode: int = 0
    useVertexPulling: bool = False
    isVertexOutputInvariant: bool = False
    #: ``MATERIAL_OPAQUE`` ... or None (Babylon then decides from alpha and textures).
    transparencyMode: int | None = None

    bind = Refused(RENDERING, "binds the material's effect and uniforms for a draw")
    bindForSubMesh = Refused(RENDERING, "binds the material's effect for a submesh draw")
    bindOnlyWorldMatrix = Refused(RENDERING, "uploads the world matrix uniform")
    bindOnlyNormalMatrix = Refused(RENDERING, "uploads the normal matrix uniform")
    bindView = Refused(RENDERING, "uploads the view matrix uniform")
    bindViewProjection = Refused(RENDERING, "uploads the view-projection uniform")
    bindEyePosition = Refused(RENDERING, "uploads the eye position uniform")
    buildUniformLayout = Refused(RENDERING, "builds the material's uniform buffer layout")
    unbind = Refused(RENDERING, "unbinds the material's effect")
    getEffect = Refused(RENDERING, "the compiled shader effect")
    forceCompilation = Refused(RENDERING, "compiles the material's shaders")
    forceCompilationAsync = Refused(RENDERING, "compiles the material's shaders")
    isReadyForSubMesh = Refused(RENDERING, "whether the submesh's shader is compiled")
    resetDrawCache = Refused(RENDERING, "forgets the cached draw wrappers")
    setPrePassRenderer = Refused(RENDERING, "registers the material with the prepass renderer")

    #: Texture slot attribute names, in Babylon's getActiveTextures order (per class).
    _TEXTURE_SLOTS: ClassVar[tuple[str, ...]] = ()
    #: The slot ``getAlphaTestTexture`` returns (None: the base material has none).
    _ALPHA_TEST_SLOT: ClassVar[str | None] = None
    #: Babylon's serialized names of colour attributes (``diffuseColor`` -> ``diffuse``).
    _COLOR_KEYS: ClassVar[dict[str, str]] = {}

    # Attributes of the Material this mixes into (declared for the type checker).
    name: str
    id: str
    checkReadyOnlyOnce: bool
    _scene: object | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _MATERIAL_CLASSES[f"BABYLON.{cls.__name__}"] = cls

    def _initMaterialState(self) -> None:
        """Constructor-time state (called from ``Material.__init__``)."""
        self._alphaMode: list[int] = [2]
        self._needDepthPrePass = False
        self._useLogarithmicDepth: bool | None = None
        self.meshMap: dict[int, Any] = {}
        self.stencil = MaterialPluginState("MaterialStencilState", _STENCIL)
        self.textureRepetitionHexTilingParams: list[float] = [1.0, 0.6, 7.0, 0.5]
        self._lazyObservables: dict[str, Observable[Any]] = {}

    # -- alpha ------------------------------------------------------------------------------

    @property
    def alphaMode(self) -> int:
        """Blend mode of the first render target (``ALPHA_COMBINE`` = 2)."""
        return self._alphaMode[0]

    @alphaMode.setter
    def alphaMode(self, value: int) -> None:
        self._alphaMode[0] = value

    @property
    def alphaModes(self) -> list[int]:
        """Blend mode per render target."""
        return self._alphaMode

    def setAlphaMode(self, value: int, targetIndex: int = 0) -> None:
        """Set the blend mode of render target ``targetIndex``."""
        if not isinstance(targetIndex, int) or targetIndex < 0:
            raise LiteError(
                "LITE-COMPAT-147",
                f"Material.setAlphaMode: targetIndex must be an int >= 0, got {targetIndex!r}",
                hint="pass 0 (the first render target) or a later target's index",
                input_name="Material.setAlphaMode.targetIndex",
            )
        modes: list[Any] = self._alphaMode
        while len(modes) <= targetIndex:
            modes.append(None)  # a JavaScript array hole (undefined)
        modes[targetIndex] = value

    @staticmethod
    def ParseAlphaMode(parsedMaterial: dict[str, Any], material: Any) -> None:
        """Read ``_alphaMode`` (or ``alphaMode``) from a serialized material."""
        raw = parsedMaterial.get("_alphaMode", parsedMaterial.get("alphaMode"))
        if raw is None:
            material._alphaMode = [2]
        else:
            material._alphaMode = list(raw) if isinstance(raw, list | tuple) else [raw]

    @property
    def needDepthPrePass(self) -> bool:
        """Whether a depth pre-pass is requested (False)."""
        return self._needDepthPrePass

    @needDepthPrePass.setter
    def needDepthPrePass(self, value: bool) -> None:
        self._needDepthPrePass = value

    @property
    def useLogarithmicDepth(self) -> bool | None:
        """Logarithmic depth: ``undefined`` (None) until set; a NullEngine has no fragment
        depth, so Babylon stores False whatever is assigned."""
        return self._useLogarithmicDepth

    @useLogarithmicDepth.setter
    def useLogarithmicDepth(self, value: bool) -> None:
        self._useLogarithmicDepth = False

    #: The opacity slot (Standard and PBR materials: ``opacityTexture``).
    _OPACITY_SLOT: ClassVar[str | None] = None
    #: The flag letting the alpha-test texture's alpha blend (``useAlphaFrom...Texture``).
    _ALPHA_FROM_TEXTURE_FLAG: ClassVar[str | None] = None

    def _transparency(self) -> int | None:
        value = getattr(self, "transparencyMode", None)
        return value if isinstance(value, int) else None

    def needAlphaBlendingForMesh(self, mesh: Any) -> bool:
        """Whether ``mesh`` drawn with this material needs blending (transparency mode,
        mesh visibility < 1, vertex alpha, or the material's own needAlphaBlending)."""
        mode = self._transparency()
        if mode is not None:
            return mode in (2, 3)
        if float(getattr(mesh, "visibility", 1.0)) < 1.0:
            return True
        need: Callable[[], bool] = getattr(self, "needAlphaBlending")  # noqa: B009
        return bool(getattr(mesh, "hasVertexAlpha", False)) or need()

    def needAlphaTesting(self) -> bool:
        """Whether an alpha test is needed (transparency mode, else the alpha-test texture's
        ``hasAlpha`` for materials that have one)."""
        mode = self._transparency()
        if mode is not None:
            return mode in (1, 3)
        if self._ALPHA_TEST_SLOT is None:
            return False
        if bool(getattr(self, "forceAlphaTest", False)):
            return True
        return self._hasAlphaChannel()

    def _hasAlphaChannel(self) -> bool:
        texture = getattr(self, self._ALPHA_TEST_SLOT, None) if self._ALPHA_TEST_SLOT else None
        if texture is not None and bool(getattr(texture, "hasAlpha", False)):
            return True
        return self._OPACITY_SLOT is not None and getattr(self, self._OPACITY_SLOT) is not None

    def _slotAlphaBlending(self) -> bool:
        """Standard/PBR ``needAlphaBlending``: the transparency mode, else alpha < 1, an
        opacity texture, or the alpha-test texture's alpha when its flag says so."""
        mode = self._transparency()
        if mode is not None:
            return mode in (2, 3)
        if float(getattr(self, "alpha", 1.0)) < 1.0:
            return True
        if self._OPACITY_SLOT is not None and getattr(self, self._OPACITY_SLOT) is not None:
            return True
        flag = self._ALPHA_FROM_TEXTURE_FLAG
        texture = getattr(self, self._ALPHA_TEST_SLOT, None) if self._ALPHA_TEST_SLOT else None
        return (
            texture is not None
            and bool(getattr(texture, "hasAlpha", False))
            and bool(flag and getattr(self, flag, False))
        )

    def needAlphaTestingForMesh(self, mesh: Any) -> bool:
        """Alpha testing for ``mesh``: the transparency mode, else testing without blending."""
        mode = self._transparency()
        if mode is not None:
            return mode in (1, 3)
        return not self.needAlphaBlendingForMesh(mesh) and self.needAlphaTesting()

    def getAlphaTestTexture(self) -> Any:
        """The texture the alpha test reads (None for a base material)."""
        return getattr(self, self._ALPHA_TEST_SLOT) if self._ALPHA_TEST_SLOT else None

    # -- state switches ---------------------------------------------------------------------

    @property
    def isFrozen(self) -> bool:
        """``checkReadyOnlyOnce`` (set by :meth:`freeze`)."""
        return self.checkReadyOnlyOnce

    def freeze(self) -> None:
        """Lock the material's defines (``checkReadyOnlyOnce = True``)."""
        self.checkReadyOnlyOnce = True

    def unfreeze(self) -> None:
        """Unlock the material's defines."""
        self.checkReadyOnlyOnce = False

    def markDirty(self, forceMaterialDirty: bool = False) -> None:
        """Babylon flags the meshes' draw wrappers dirty; nothing is cached here."""

    def atomicMaterialsUpdate(self, callback: Callable[[Any], object]) -> None:
        """Run ``callback(material)`` with ``blockDirtyMechanism`` set."""
        self.blockDirtyMechanism = True
        try:
            js_callable(callback, 1)(self)
        finally:
            self.blockDirtyMechanism = False

    def isReady(self, mesh: Any = None, useInstances: bool = False) -> bool:
        """A base material is always ready (Babylon.js ``Material.isReady``)."""
        return True

    # -- observables and callbacks ------------------------------------------------------

    def _observable(self, name: str) -> Observable[Any]:
        found = self._lazyObservables.get(name)
        if found is None:
            found = self._lazyObservables[name] = Observable()
        return found

    @property
    def onBindObservable(self) -> Observable[Any]:
        """Notified when the material is bound to a mesh (never: nothing is drawn)."""
        return self._observable("onBind")

    @property
    def onUnBindObservable(self) -> Observable[Any]:
        """Notified when the material is unbound (never: nothing is drawn)."""
        return self._observable("onUnBind")

    @property
    def onEffectCreatedObservable(self) -> Observable[Any]:
        """Notified when a shader effect is created (never: no shaders)."""
        return self._observable("onEffectCreated")

    @property
    def onBind(self) -> None:
        """Write-only in Babylon.js: assigning a callback observes ``onBindObservable``."""
        return None

    @onBind.setter
    def onBind(self, callback: Callable[..., object]) -> None:
        self.onBindObservable.add(callback)

    @property
    def onDispose(self) -> None:
        """Write-only in Babylon.js: assigning a callback observes the disposal."""
        return None

    @onDispose.setter
    def onDispose(self, callback: Callable[..., object]) -> None:
        observable: Observable[Any] = getattr(self, "onDisposeObservable")  # noqa: B009
        observable.add(callback)

    # -- textures and meshes ----------------------------------------------------------------

    def getActiveTextures(self) -> list[Any]:
        """The non-empty texture slots, in Babylon's order."""
        return [t for t in (getattr(self, s, None) for s in self._TEXTURE_SLOTS) if t is not None]

    def hasTexture(self, texture: Any) -> bool:
        """Whether ``texture`` is in one of the slots (Babylon compares by identity, so an
        empty slot matches ``None``)."""
        return any(getattr(self, slot, None) is texture for slot in self._TEXTURE_SLOTS)

    def getBindedMeshes(self) -> list[Any]:
        """The scene's meshes using this material."""
        if self.meshMap:
            return [m for m in self.meshMap.values() if m is not None]
        meshes: list[Any] = getattr(self._scene, "meshes", None) or []
        return [m for m in meshes if getattr(m, "material", None) is self]

    # -- text, copies -----------------------------------------------------------------------

    def toString(self, fullDetails: bool = False) -> str:
        """``"Name: <name>"``."""
        return "Name: " + self.name

    def clone(self, name: str, cloneTexturesOnlyOnce: bool = True, rootUrl: str = "") -> Any:
        """A new material of the same class with this one's state (colours and textures
        copied, each shared texture once when ``cloneTexturesOnlyOnce``); id = name."""
        factory: Any = type(self)
        copy: Any = factory(name, self._scene)
        cloned: dict[int, Any] = {}
        for key, value in vars(self).items():
            if key in _NOT_CLONED or isinstance(value, Observable):
                continue
            if isinstance(value, Texture) and not value.isRenderTarget:
                if cloneTexturesOnlyOnce and id(value) in cloned:
                    value = cloned[id(value)]
                else:
                    value = cloned.setdefault(id(value), value.clone())
            elif isinstance(value, MaterialPluginState | Color3 | Color4 | Vector2):
                value = value.clone()
            elif isinstance(value, list):
                value = list(value)
            setattr(copy, key, value)
        copy.name = name
        copy.id = name
        return copy

    def serialize(self) -> dict[str, Any]:
        """Babylon's serialized form: the public state under Babylon's keys (colours as
        lists, textures and plugins by their own ``serialize``)."""
        out: dict[str, Any] = {"tags": None}
        for key, value in vars(self).items():
            if key.startswith("_") or isinstance(value, Observable) or key in _NOT_CLONED:
                continue
            out[self._COLOR_KEYS.get(key, key)] = _serial(value)
        for public in ("alpha", "backFaceCulling", "cullBackFaces", "fillMode", "pointsCloud",
                       "fogEnabled", "needDepthPrePass"):  # fmt: skip
            if hasattr(self, public):
                out[public] = getattr(self, public)
        out.update(id=self.id, name=self.name, uniqueId=getattr(self, "uniqueId", None))
        out["_alphaMode"] = list(self._alphaMode)
        out["customType"] = f"BABYLON.{type(self).__name__}"
        return out

    @staticmethod
    def Parse(parsedMaterial: dict[str, Any], scene: object, rootUrl: str = "") -> Any:
        """Build a material from :meth:`serialize`'s form (``customType`` picks the class;
        a StandardMaterial without one, as in Babylon.js)."""
        if not isinstance(parsedMaterial, dict):
            raise LiteError(
                "LITE-COMPAT-148",
                "Material.Parse: parsedMaterial must be a serialized material dict, got "
                f"{type(parsedMaterial).__name__}",
                hint="pass what material.serialize() returned",
                input_name="Material.Parse.parsedMaterial",
            )
        custom = str(parsedMaterial.get("customType") or "BABYLON.StandardMaterial")
        cls = _MATERIAL_CLASSES.get(custom)
        if cls is None:
            raise LiteError(
                "LITE-COMPAT-148",
                f"Material.Parse: customType {custom!r} is not a material lite_compat has",
                hint="use BABYLON.StandardMaterial or BABYLON.PBRMaterial",
                input_name="Material.Parse.parsedMaterial.customType",
            )
        material: Any = cls(str(parsedMaterial.get("name", "")), scene)  # type: ignore[call-arg]
        keys = {v: k for k, v in cls._COLOR_KEYS.items()}
        for key, value in parsedMaterial.items():
            attr = keys.get(key, key)
            if attr in ("tags", "customType", "uniqueId", "_alphaMode") or attr.startswith("_"):
                continue
            current = getattr(material, attr, None)
            if isinstance(current, Color3) and isinstance(value, list):
                current.copyFromFloats(*value[:3])
            elif attr in cls._TEXTURE_SLOTS and isinstance(value, dict):
                setattr(material, attr, Texture.Parse(value, scene, rootUrl))
            elif isinstance(current, MaterialPluginState) and isinstance(value, dict):
                for sub_key, sub_value in value.items():
                    if not isinstance(getattr(current, sub_key, None), Color3 | Vector2):
                        setattr(current, sub_key, sub_value)
            elif not isinstance(current, MaterialPluginState | Observable):
                with contextlib.suppress(AttributeError):  # a read-only getter (isFrozen ...)
                    setattr(material, attr, value)
        MaterialStateMixin.ParseAlphaMode(parsedMaterial, material)
        return material


class _ImageProcessingMixin:
    """The ``camera*`` image-processing shortcuts Standard and PBR materials share, and the
    push-material readiness and blending rules."""

    _scene: object | None
    _imageProcessingConfiguration: Any

    def needAlphaBlending(self) -> bool:
        """Blending: the transparency mode, else alpha < 1, an opacity texture, or the
        diffuse/albedo texture's alpha (with ``useAlphaFrom...Texture``)."""
        slot_blending: Callable[[], bool] = getattr(self, "_slotAlphaBlending")  # noqa: B009
        return slot_blending()

    def isReady(self, mesh: Any = None, useInstances: bool = False) -> bool:
        """False without a mesh, True for a mesh without submeshes (Babylon's
        ``PushMaterial.isReady``); a submesh's readiness is its shader's (refused)."""
        if mesh is None:
            return False
        if not getattr(mesh, "subMeshes", None):
            return True
        ready: Callable[..., bool] = getattr(self, "isReadyForSubMesh")  # noqa: B009
        return ready(mesh, mesh.subMeshes[0], useInstances)

    def _initImageProcessing(self) -> None:
        self._imageProcessingConfiguration = _image_processing(self._scene)
        self.detailMap = MaterialPluginState("DetailMapConfiguration", _DETAIL_MAP)
        self.decalMap = MaterialPluginState("DecalMapConfiguration", _DECAL_MAP)
        self.prePassConfiguration = MaterialPluginState(
            "PrePassConfiguration", {"previousWorldMatrices": {}, "previousBones": {}}
        )

    @property
    def imageProcessingConfiguration(self) -> Any:
        """The image-processing settings (the scene's, shared, unless assigned)."""
        return self._imageProcessingConfiguration

    @imageProcessingConfiguration.setter
    def imageProcessingConfiguration(self, value: Any) -> None:
        self._imageProcessingConfiguration = value

    def _ip(self, name: str) -> Any:
        return getattr(self._imageProcessingConfiguration, name)

    @property
    def cameraExposure(self) -> float:
        """``imageProcessingConfiguration.exposure`` (1)."""
        return float(self._ip("exposure"))

    @cameraExposure.setter
    def cameraExposure(self, value: float) -> None:
        self._imageProcessingConfiguration.exposure = value

    @property
    def cameraContrast(self) -> float:
        """``imageProcessingConfiguration.contrast`` (1)."""
        return float(self._ip("contrast"))

    @cameraContrast.setter
    def cameraContrast(self, value: float) -> None:
        self._imageProcessingConfiguration.contrast = value

    @property
    def cameraToneMappingEnabled(self) -> bool:
        """``imageProcessingConfiguration.toneMappingEnabled`` (False)."""
        return bool(self._ip("toneMappingEnabled"))

    @cameraToneMappingEnabled.setter
    def cameraToneMappingEnabled(self, value: bool) -> None:
        self._imageProcessingConfiguration.toneMappingEnabled = value

    @property
    def cameraColorCurvesEnabled(self) -> bool:
        """``imageProcessingConfiguration.colorCurvesEnabled`` (False)."""
        return bool(self._ip("colorCurvesEnabled"))

    @cameraColorCurvesEnabled.setter
    def cameraColorCurvesEnabled(self, value: bool) -> None:
        self._imageProcessingConfiguration.colorCurvesEnabled = value

    @property
    def cameraColorGradingEnabled(self) -> bool:
        """``imageProcessingConfiguration.colorGradingEnabled`` (False)."""
        return bool(self._ip("colorGradingEnabled"))

    @cameraColorGradingEnabled.setter
    def cameraColorGradingEnabled(self, value: bool) -> None:
        self._imageProcessingConfiguration.colorGradingEnabled = value

    @property
    def cameraColorGradingTexture(self) -> Any:
        """``imageProcessingConfiguration.colorGradingTexture`` (None)."""
        return self._ip("colorGradingTexture")

    @cameraColorGradingTexture.setter
    def cameraColorGradingTexture(self, value: Any) -> None:
        self._imageProcessingConfiguration.colorGradingTexture = value

    @property
    def cameraColorCurves(self) -> Any:
        """``imageProcessingConfiguration.colorCurves``."""
        return self._ip("colorCurves")

    @cameraColorCurves.setter
    def cameraColorCurves(self, value: Any) -> None:
        self._imageProcessingConfiguration.colorCurves = value


class StandardMaterialStateMixin(_ImageProcessingMixin):
    """StandardMaterial's static texture switches, fresnel slots and extra flags."""

    DiffuseTextureEnabled: ClassVar[bool] = True
    DetailTextureEnabled: ClassVar[bool] = True
    AmbientTextureEnabled: ClassVar[bool] = True
    OpacityTextureEnabled: ClassVar[bool] = True
    ReflectionTextureEnabled: ClassVar[bool] = True
    EmissiveTextureEnabled: ClassVar[bool] = True
    SpecularTextureEnabled: ClassVar[bool] = True
    BumpTextureEnabled: ClassVar[bool] = True
    LightmapTextureEnabled: ClassVar[bool] = True
    RefractionTextureEnabled: ClassVar[bool] = True
    ColorGradingTextureEnabled: ClassVar[bool] = True
    FresnelEnabled: ClassVar[bool] = True
    ForceGLSL: ClassVar[bool] = False
    canRenderToMRT: ClassVar[bool] = True
    isPrePassCapable: ClassVar[bool] = True
    applyDecalMapAfterDetailMap: bool = False
    skipOutOfRangeLighting: bool = False
    useGlossinessFromSpecularMapAlpha: bool = False
    useReflectionFresnelFromSpecular: bool = False
    diffuseFresnelParameters: object = None
    opacityFresnelParameters: object = None
    reflectionFresnelParameters: object = None
    refractionFresnelParameters: object = None
    emissiveFresnelParameters: object = None

    _TEXTURE_SLOTS: ClassVar[tuple[str, ...]] = (
        "diffuseTexture", "ambientTexture", "opacityTexture", "reflectionTexture",
        "emissiveTexture", "specularTexture", "bumpTexture", "lightmapTexture",
        "refractionTexture",
    )  # fmt: skip
    _ALPHA_TEST_SLOT: ClassVar[str | None] = "diffuseTexture"
    _OPACITY_SLOT: ClassVar[str | None] = "opacityTexture"
    _ALPHA_FROM_TEXTURE_FLAG: ClassVar[str | None] = "useAlphaFromDiffuseTexture"
    _COLOR_KEYS: ClassVar[dict[str, str]] = {
        "ambientColor": "ambient", "diffuseColor": "diffuse", "specularColor": "specular",
        "emissiveColor": "emissive",
    }  # fmt: skip


class PBRMaterialStateMixin(_ImageProcessingMixin):
    """PBRMaterial's plugins (clear coat, sheen, ...), workflow flags and extra slots."""

    DEFAULT_AO_ON_ANALYTICAL_LIGHTS: ClassVar[int] = 0
    ForceGLSL: ClassVar[bool] = False
    canRenderToMRT: ClassVar[bool] = True
    isPrePassCapable: ClassVar[bool] = True
    applyDecalMapAfterDetailMap: bool = False
    baseDiffuseRoughness: float | None = None
    baseDiffuseRoughnessTexture: object = None
    debugFactor: float = 1.0
    debugLimit: float = -1.0
    debugMode: int = 0
    enableSpecularAntiAliasing: bool = False
    #: Babylon loads a BRDF look-up picture here; there are no pixels in lite_compat.
    environmentBRDFTexture: object = None
    forceIrradianceInFragment: bool = False
    forceNormalForward: bool = False
    invertRefractionY: bool = False
    linkRefractionWithTransparency: bool = False
    metallicReflectanceTexture: object = None
    reflectanceTexture: object = None
    refractionTexture: object = None
    parallaxScaleBias: float = 0.05
    realTimeFiltering: bool = False
    realTimeFilteringQuality: int = 8
    useAlphaFresnel: bool = False
    useAmbientInGrayScale: bool = False
    useAutoMicroSurfaceFromReflectivityMap: bool = False
    useHorizonOcclusion: bool = True
    useLinearAlphaFresnel: bool = False
    useMicroSurfaceFromReflectivityMapAlpha: bool = False
    useObjectSpaceNormalMap: bool = False
    useOnlyMetallicFromMetallicReflectanceTexture: bool = False
    useParallax: bool = False
    useParallaxOcclusion: bool = False
    useRadianceOcclusion: bool = True

    _TEXTURE_SLOTS: ClassVar[tuple[str, ...]] = (
        "albedoTexture", "ambientTexture", "opacityTexture", "reflectionTexture",
        "emissiveTexture", "reflectivityTexture", "metallicTexture",
        "metallicReflectanceTexture", "reflectanceTexture", "microSurfaceTexture",
        "bumpTexture", "lightmapTexture",
    )  # fmt: skip
    _ALPHA_TEST_SLOT: ClassVar[str | None] = "albedoTexture"
    _OPACITY_SLOT: ClassVar[str | None] = "opacityTexture"
    _ALPHA_FROM_TEXTURE_FLAG: ClassVar[str | None] = "useAlphaFromAlbedoTexture"

    def _initPBRState(self) -> None:
        """Constructor-time plugins (called from ``PBRMaterial.__init__``)."""
        self._initImageProcessing()
        self.clearCoat = MaterialPluginState("PBRClearCoatConfiguration", _CLEAR_COAT)
        self.sheen = MaterialPluginState("PBRSheenConfiguration", _SHEEN)
        self.iridescence = MaterialPluginState("PBRIridescenceConfiguration", _IRIDESCENCE)
        self.anisotropy = MaterialPluginState("PBRAnisotropicConfiguration", _ANISOTROPY)
        self.subSurface = MaterialPluginState("PBRSubSurfaceConfiguration", _SUB_SURFACE)
        self.brdf = MaterialPluginState("PBRBRDFConfiguration", _BRDF)
        self._lightFalloff = 0

    @property
    def usePhysicalLightFalloff(self) -> bool:
        """Physical (inverse-square) light falloff (True); False selects the standard one."""
        return self._lightFalloff == 0

    @usePhysicalLightFalloff.setter
    def usePhysicalLightFalloff(self, value: bool) -> None:
        if value != self.usePhysicalLightFalloff:
            self._lightFalloff = 0 if value else 2

    @property
    def useGLTFLightFalloff(self) -> bool:
        """glTF light falloff (False); False goes back to the physical one."""
        return self._lightFalloff == 1

    @useGLTFLightFalloff.setter
    def useGLTFLightFalloff(self, value: bool) -> None:
        if value != self.useGLTFLightFalloff:
            self._lightFalloff = 1 if value else 0

    def isMetallicWorkflow(self) -> bool:
        """True when ``metallic``, ``roughness`` or ``metallicTexture`` is set."""
        return any(getattr(self, n, None) is not None
                   for n in ("metallic", "roughness", "metallicTexture"))  # fmt: skip
