"""glTF material textures as Babylon.js ``Texture`` objects, with KHR_texture_transform.

Port of the texture side of ``@babylonjs/loaders`` 9.28 ``glTF/2.0/glTFLoader.js``
(``loadTextureInfoAsync``, ``_createTextureAsync``, ``_GetTextureWrapMode``,
``_GetTextureSamplingMode``; the ``(Base Color)``/``(Normal)``/... names and the channel flags
a metallic-roughness, normal or occlusion texture sets on its PBRMaterial) and of
``Extensions/KHR_texture_transform.js`` (offset, rotation about the origin as ``wAng =
-rotation``, scale, texCoord). Textures are built without decoding the image (see
:class:`lite_compat.materials.textures.texture.Texture`); their url is ``data:`` plus the glTF
image index
(Babylon uses a random id there). KHR_animation_pointer channels on
``.../extensions/KHR_texture_transform/offset|scale|rotation`` then animate these objects
through the material (``albedoTexture.uOffset`` ...), as Babylon's loader maps them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from lite.errors import GltfLoadError
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.materials.textures.texture import Texture

__all__ = ["TEXTURE_SLOTS", "load_material_textures"]

#: (where in the material JSON, PBRMaterial slot, the name suffix Babylon gives the texture).
TEXTURE_SLOTS: Final = (
    (("normalTexture",), "bumpTexture", "Normal"),
    (("occlusionTexture",), "ambientTexture", "Occlusion"),
    (("emissiveTexture",), "emissiveTexture", "Emissive"),
    (("pbrMetallicRoughness", "baseColorTexture"), "albedoTexture", "Base Color"),
    (("pbrMetallicRoughness", "metallicRoughnessTexture"), "metallicTexture", "Metallic Roughness"),
)
_WRAP: Final = {33071: Texture.CLAMP_ADDRESSMODE, 33648: Texture.MIRROR_ADDRESSMODE}
_LINEAR_MAG: Final = {
    9728: Texture.LINEAR_NEAREST,
    9729: Texture.LINEAR_LINEAR,
    9984: Texture.LINEAR_NEAREST_MIPNEAREST,
    9985: Texture.LINEAR_LINEAR_MIPNEAREST,
    9986: Texture.LINEAR_NEAREST_MIPLINEAR,
    9987: Texture.LINEAR_LINEAR_MIPLINEAR,
}
_NEAREST_MAG: Final = {
    9728: Texture.NEAREST_NEAREST,
    9729: Texture.NEAREST_LINEAR,
    9984: Texture.NEAREST_NEAREST_MIPNEAREST,
    9985: Texture.NEAREST_LINEAR_MIPNEAREST,
    9986: Texture.NEAREST_NEAREST_MIPLINEAR,
    9987: Texture.NEAREST_LINEAR_MIPLINEAR,
}


def _sampling_mode(sampler: Mapping[str, Any]) -> int:
    mag = sampler.get("magFilter", 9729)
    minification = sampler.get("minFilter", 9987)
    if mag == 9729:
        return _LINEAR_MAG.get(minification, Texture.LINEAR_LINEAR_MIPLINEAR)
    return _NEAREST_MAG.get(minification, Texture.NEAREST_NEAREST_MIPNEAREST)


def _texture(
    gltf: Mapping[str, Any], info: Mapping[str, Any], context: str, scene: object
) -> Texture:
    """``loadTextureInfoAsync`` (+ KHR_texture_transform when the info carries it)."""
    textures = gltf.get("textures") or []
    index = info.get("index")
    if not isinstance(index, int) or not 0 <= index < len(textures):
        raise GltfLoadError(
            "LITE-GLTF-010",
            f"{context}/index: Failed to find index ({index})",
            hint="point the texture info at an entry of the glTF 'textures' array",
        )
    tex_coord = info.get("texCoord", 0) or 0
    if tex_coord >= 6:
        raise GltfLoadError(
            "LITE-GLTF-010",
            f"{context}/texCoord: Invalid value ({tex_coord})",
            hint="texCoord must be 0..5",
        )
    texture_json = textures[index]
    samplers = gltf.get("samplers") or []
    sampler_index = texture_json.get("sampler")
    sampler = samplers[sampler_index] if isinstance(sampler_index, int) else {}
    mipmaps = sampler.get("minFilter", 9987) not in (9728, 9729)
    texture = Texture(
        f"data:gltf-image-{texture_json.get('source', index)}",
        scene,
        {"noMipmap": not mipmaps, "invertY": False, "samplingMode": _sampling_mode(sampler)},
    )
    texture.wrapU = _WRAP.get(sampler.get("wrapS", 10497), Texture.WRAP_ADDRESSMODE)
    texture.wrapV = _WRAP.get(sampler.get("wrapT", 10497), Texture.WRAP_ADDRESSMODE)
    texture.coordinatesIndex = int(tex_coord)
    extension = (info.get("extensions") or {}).get("KHR_texture_transform")
    if isinstance(extension, Mapping):
        offset = extension.get("offset")
        if offset:
            texture.uOffset = float(offset[0])
            texture.vOffset = float(offset[1])
        texture.uRotationCenter = 0.0
        texture.vRotationCenter = 0.0
        rotation = extension.get("rotation")
        if rotation:
            texture.wAng = -float(rotation)
        scale = extension.get("scale")
        if scale:
            texture.uScale = float(scale[0])
            texture.vScale = float(scale[1])
        if extension.get("texCoord") is not None:
            texture.coordinatesIndex = int(extension["texCoord"])
    return texture


def load_material_textures(
    gltf: Mapping[str, Any],
    material_json: Mapping[str, Any],
    material: PBRMaterial,
    context: str,
    scene: object,
    right_handed: bool,
) -> list[Texture]:
    """Build every texture slot of one glTF material into ``material`` (Babylon's names and
    channel flags); returns the textures made, in Babylon's creation order."""
    made: list[Texture] = []
    for path, slot, label in TEXTURE_SLOTS:
        info: Any = material_json
        for key in path:
            info = info.get(key) if isinstance(info, Mapping) else None
        if not isinstance(info, Mapping):
            continue
        texture = _texture(gltf, info, f"{context}/{'/'.join(path)}", scene)
        texture.name = f"{material.name} ({label})"
        setattr(material, slot, texture)
        made.append(texture)
        if slot == "bumpTexture":
            if info.get("scale") is not None:
                texture.level = float(info["scale"])
            material.invertNormalMapX = not right_handed
            material.invertNormalMapY = right_handed
            material.forceIrradianceInFragment = True
        elif slot == "ambientTexture":
            material.useAmbientInGrayScale = True
        elif slot == "metallicTexture":
            material.useRoughnessFromMetallicTextureAlpha = False
            material.useRoughnessFromMetallicTextureGreen = True
            material.useMetallnessFromMetallicTextureBlue = True
    return made
