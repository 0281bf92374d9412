"""Unit tests for lite_compat.materials.material_state (Babylon.js 9.31 values, measured under
Node; parity/scenarios/compat_surface_look_objects.* records more)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lite.errors import LiteError, UnsupportedError
from lite_compat.materials.material import Material
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.materials.standard_material import StandardMaterial
from lite_compat.materials.textures.texture import Texture
from lite_compat.math import Color3
from lite_compat.scene.scene import Scene


def test_defaults(scene: Scene) -> None:
    std = StandardMaterial("std", scene)
    assert (std.alphaMode, std.alphaModes, std.isFrozen, std.transparencyMode) == (
        2,
        [2],
        False,
        None,
    )
    assert std.hasTexture(None) and not Material("m", scene).hasTexture(None)
    assert std.isReady() is False and Material("b", scene).isReady() is True
    assert std.stencil.func == 519 and std.textureRepetitionHexTilingParams == [1, 0.6, 7, 0.5]
    assert Material.AllDirtyFlag == 127 and StandardMaterial.DiffuseTextureEnabled is True
    pbr = PBRMaterial("pbr", scene)
    assert std.imageProcessingConfiguration is pbr.imageProcessingConfiguration
    assert (pbr.clearCoat.intensity, pbr.sheen.isEnabled, pbr.iridescence.maximumThickness) == (
        1, False, 400)  # fmt: skip
    assert (pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff) == (True, False)
    pbr.useGLTFLightFalloff = True
    pbr.usePhysicalLightFalloff = False
    assert (pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff) == (False, True)


def test_alpha_decisions(scene: Scene) -> None:
    std = StandardMaterial("std", scene)
    std.diffuseTexture = Texture("d.png", scene)
    std.opacityTexture = Texture("o.png", scene)
    mesh = SimpleNamespace(visibility=1, hasVertexAlpha=False)
    assert std.needAlphaTesting() is True  # an opacity texture gives an alpha channel
    assert (std.needAlphaBlendingForMesh(mesh), std.needAlphaTestingForMesh(mesh)) == (True, False)
    std.transparencyMode = Material.MATERIAL_ALPHATESTANDBLEND
    assert (std.needAlphaBlendingForMesh(mesh), std.needAlphaTestingForMesh(mesh)) == (True, True)
    std.transparencyMode = Material.MATERIAL_OPAQUE
    assert (std.needAlphaBlendingForMesh(mesh), std.needAlphaTestingForMesh(mesh)) == (False, False)


def test_alpha_modes_freeze_atomic(scene: Scene) -> None:
    std = StandardMaterial("std", scene)
    std.alphaMode = 1
    std.setAlphaMode(7, 2)
    assert std.alphaModes == [1, None, 7]  # Babylon leaves a hole (undefined)
    with pytest.raises(LiteError) as info:
        std.setAlphaMode(1, -1)
    assert info.value.code == "LITE-COMPAT-147"
    std.freeze()
    assert std.isFrozen
    std.unfreeze()
    seen: list[bool] = []
    std.atomicMaterialsUpdate(lambda m: seen.append(m.blockDirtyMechanism))
    assert seen == [True] and std.blockDirtyMechanism is False
    std.useLogarithmicDepth = True
    assert std.useLogarithmicDepth is False  # a NullEngine has no fragment depth


def test_clone_serialize_parse(scene: Scene) -> None:
    std = StandardMaterial("std", scene)
    std.diffuseColor = Color3(0.2, 0.4, 0.6)
    std.diffuseTexture = Texture("d.png", scene)
    copy = std.clone("copy")
    assert copy.id == "copy" and copy.diffuseColor is not std.diffuseColor
    assert copy.diffuseColor.asArray() == [0.2, 0.4, 0.6]
    assert copy.diffuseTexture is not std.diffuseTexture and copy.diffuseTexture.name == "d.png"
    data = std.serialize()
    assert data["diffuse"] == [0.2, 0.4, 0.6] and data["_alphaMode"] == [2]
    parsed = Material.Parse(data, scene)
    assert parsed.getClassName() == "StandardMaterial" and parsed.diffuseTexture.name == "d.png"
    with pytest.raises(LiteError) as info:
        Material.Parse({"customType": "BABYLON.NoSuch"}, scene)
    assert info.value.code == "LITE-COMPAT-148"


@pytest.mark.parametrize("member", ["bind", "getEffect", "forceCompilation", "isReadyForSubMesh"])
def test_shader_members_are_refused(scene: Scene, member: str) -> None:
    with pytest.raises(UnsupportedError) as info:
        getattr(PBRMaterial("p", scene), member)
    assert info.value.code == "LITE-COMPAT-021"
