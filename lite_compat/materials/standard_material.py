"""Babylon.js ``StandardMaterial``: the Blinn-Phong colours and texture slots an animation writes.

Port of the state (not the shaders) of ``@babylonjs/core`` 9.31
``Materials/standardMaterial.pure.js``: ``diffuseColor``/``specularColor``/``emissiveColor``/
``ambientColor`` (:class:`lite_compat.math.Color3` objects held as plain attributes, so an
animation on ``"material.diffuseColor"`` or ``"diffuseColor.r"`` writes straight into them),
``specularPower`` and the texture slots (opaque references, ``None`` by default). The rest of
its state is the :class:`~lite_compat.materials.material_state.StandardMaterialStateMixin`.
"""

from __future__ import annotations

from lite_compat.materials.material import Material
from lite_compat.materials.material_state import StandardMaterialStateMixin
from lite_compat.math import Color3

__all__ = ["StandardMaterial"]


class StandardMaterial(StandardMaterialStateMixin, Material):
    """Babylon's Blinn-Phong material (``BABYLON.StandardMaterial``).

    Parameters
    ----------
    name
        Material name (and id).
    scene
        Owning scene.

    Attributes
    ----------
    diffuseColor, specularColor : Color3
        Default (1, 1, 1).
    emissiveColor, ambientColor : Color3
        Default (0, 0, 0).
    specularPower : float
        Default 64.

    Examples
    --------
    >>> material = StandardMaterial("red")
    >>> material.diffuseColor.set(1, 0, 0).toHexString(), material.specularPower
    ('#FF0000', 64)
    """

    def __init__(self, name: str, scene: object | None = None, forceGLSL: bool = False) -> None:
        super().__init__(name, scene)
        self.diffuseTexture: object = None
        self.ambientTexture: object = None
        self.opacityTexture: object = None
        self.reflectionTexture: object = None
        self.emissiveTexture: object = None
        self.specularTexture: object = None
        self.bumpTexture: object = None
        self.lightmapTexture: object = None
        self.refractionTexture: object = None
        self.ambientColor = Color3(0, 0, 0)
        self.diffuseColor = Color3(1, 1, 1)
        self.specularColor = Color3(1, 1, 1)
        self.emissiveColor = Color3(0, 0, 0)
        self.specularPower: float = 64
        self.useAlphaFromDiffuseTexture = False
        self.useEmissiveAsIllumination = False
        self.linkEmissiveWithDiffuse = False
        self.useSpecularOverAlpha = False
        self.useReflectionOverAlpha = False
        self.disableLighting = False
        self.useObjectSpaceNormalMap = False
        self.useParallax = False
        self.useParallaxOcclusion = False
        self.parallaxScaleBias = 0.05
        self.roughness: float = 0
        self.indexOfRefraction = 0.98
        self.invertRefractionY = True
        self.alphaCutOff = 0.4
        self.useLightmapAsShadowmap = False
        self.maxSimultaneousLights = 4
        self.invertNormalMapX = False
        self.invertNormalMapY = False
        self.twoSidedLighting = False
        self._initImageProcessing()

    def getClassName(self) -> str:
        """``"StandardMaterial"``."""
        return "StandardMaterial"

    def getAnimatables(self) -> list[object]:
        """The texture slots whose ``animations`` list is non-empty, in Babylon's order."""
        results = super().getAnimatables()
        for texture in (
            self.diffuseTexture,
            self.ambientTexture,
            self.opacityTexture,
            self.reflectionTexture,
            self.emissiveTexture,
            self.specularTexture,
            self.bumpTexture,
            self.lightmapTexture,
            self.refractionTexture,
        ):
            if texture is not None and getattr(texture, "animations", None):
                results.append(texture)
        return results
