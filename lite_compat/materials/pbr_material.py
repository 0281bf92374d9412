"""Babylon.js ``PBRMaterial``: the metallic-roughness parameters glTF materials load into.

Port of the state (not the shaders) of ``@babylonjs/core`` 9.31
``Materials/PBR/pbrMaterial.pure.js`` that the glTF loader sets and KHR_animation_pointer
animates: ``albedoColor``, ``alpha``, ``emissiveColor``, ``emissiveIntensity``, ``metallic``,
``roughness``, ``transparencyMode``, ``alphaCutOff``, ``twoSidedLighting``,
``ambientTextureStrength``, ``indexOfRefraction`` and friends, with Babylon's defaults. Colours are
:class:`lite_compat.math.Color3` attributes, so ``"albedoColor"`` or ``"albedoColor.r"``
animations write straight into them. Textures are opaque references (``None``).
"""

from __future__ import annotations

from typing import ClassVar

from lite_compat.materials.material import Material
from lite_compat.materials.material_state import PBRMaterialStateMixin
from lite_compat.math import Color3

__all__ = ["PBRMaterial"]


class PBRMaterial(PBRMaterialStateMixin, Material):
    """Physically based material (``BABYLON.PBRMaterial``).

    Parameters
    ----------
    name
        Material name (and id).
    scene
        Owning scene.

    Attributes
    ----------
    albedoColor, reflectivityColor, reflectionColor : Color3
        Default (1, 1, 1).
    emissiveColor, ambientColor : Color3
        Default (0, 0, 0).
    metallic, roughness : float | None
        Default None (Babylon.js then uses the specular-glossiness workflow).
    transparencyMode : int | None
        ``MATERIAL_OPAQUE`` 0, ``MATERIAL_ALPHATEST`` 1, ``MATERIAL_ALPHABLEND`` 2,
        ``MATERIAL_ALPHATESTANDBLEND`` 3, or None.

    Examples
    --------
    >>> material = PBRMaterial("paint")
    >>> material.albedoColor.asArray(), material.metallic
    ([1, 1, 1], None)
    """

    MATERIAL_OPAQUE: ClassVar[int] = 0
    MATERIAL_ALPHATEST: ClassVar[int] = 1
    MATERIAL_ALPHABLEND: ClassVar[int] = 2
    MATERIAL_ALPHATESTANDBLEND: ClassVar[int] = 3
    PBRMATERIAL_OPAQUE: ClassVar[int] = 0
    PBRMATERIAL_ALPHATEST: ClassVar[int] = 1
    PBRMATERIAL_ALPHABLEND: ClassVar[int] = 2
    PBRMATERIAL_ALPHATESTANDBLEND: ClassVar[int] = 3
    LIGHTFALLOFF_PHYSICAL: ClassVar[int] = 0
    LIGHTFALLOFF_GLTF: ClassVar[int] = 1
    LIGHTFALLOFF_STANDARD: ClassVar[int] = 2

    def __init__(self, name: str, scene: object | None = None, forceGLSL: bool = False) -> None:
        super().__init__(name, scene)
        self.directIntensity = 1.0
        self.emissiveIntensity = 1.0
        self.environmentIntensity = 1.0
        self.specularIntensity = 1.0
        self.disableBumpMap = False
        self.albedoTexture: object = None
        self.baseWeightTexture: object = None
        self.ambientTexture: object = None
        self.ambientTextureStrength = 1.0
        self.ambientTextureImpactOnAnalyticalLights = 0.0
        self.opacityTexture: object = None
        self.reflectionTexture: object = None
        self.emissiveTexture: object = None
        self.reflectivityTexture: object = None
        self.metallicTexture: object = None
        self.metallic: float | None = None
        self.roughness: float | None = None
        self.metallicF0Factor = 1.0
        self.metallicReflectanceColor = Color3(1, 1, 1)
        self.microSurfaceTexture: object = None
        self.bumpTexture: object = None
        self.lightmapTexture: object = None
        self.ambientColor = Color3(0, 0, 0)
        self.albedoColor = Color3(1, 1, 1)
        self.baseWeight = 1.0
        self.reflectivityColor = Color3(1, 1, 1)
        self.reflectionColor = Color3(1.0, 1.0, 1.0)
        self.emissiveColor = Color3(0, 0, 0)
        self.microSurface = 1.0
        self.indexOfRefraction = 1.5
        self.useLightmapAsShadowmap = False
        self.useAlphaFromAlbedoTexture = False
        self.forceAlphaTest = False
        self.alphaCutOff = 0.4
        self.useSpecularOverAlpha = True
        self.useRoughnessFromMetallicTextureAlpha = True
        self.useRoughnessFromMetallicTextureGreen = False
        self.useMetallnessFromMetallicTextureBlue = False
        self.useAmbientOcclusionFromMetallicTextureRed = False
        self.useRadianceOverAlpha = True
        self.disableLighting = False
        self.maxSimultaneousLights = 4
        self.invertNormalMapX = False
        self.invertNormalMapY = False
        self.twoSidedLighting = False
        self.unlit = False
        self.transparencyMode: int | None = None
        self._initPBRState()

    def getClassName(self) -> str:
        """``"PBRMaterial"``."""
        return "PBRMaterial"

    def getAnimatables(self) -> list[object]:
        """The texture slots whose ``animations`` list is non-empty, in Babylon's order."""
        results = super().getAnimatables()
        for texture in (
            self.albedoTexture,
            self.ambientTexture,
            self.opacityTexture,
            self.reflectionTexture,
            self.emissiveTexture,
            self.metallicTexture,
            self.reflectivityTexture,
            self.bumpTexture,
            self.lightmapTexture,
        ):
            if texture is not None and getattr(texture, "animations", None):
                results.append(texture)
        return results
