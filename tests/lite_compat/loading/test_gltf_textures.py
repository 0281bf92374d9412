"""Unit tests for lite_compat.loading.gltf_textures: glTF textures and KHR_texture_transform.

Expected values are what Babylon.js 9.31 + loaders 9.28 built from the same fixture under
Node (parity/scenarios/compat_surface_look_texture_pointer.* records the playback).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lite.errors import GltfLoadError
from lite_compat import NullEngine, Scene
from lite_compat.loading.gltf_textures import load_material_textures
from lite_compat.loading.scene_loader import ImportMeshAsync
from lite_compat.materials.pbr_material import PBRMaterial

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "texture_transform.glb"


def test_loaded_slots_match_babylon() -> None:
    scene = Scene(NullEngine())
    asyncio.run(ImportMeshAsync(FIXTURE, scene))
    material = next(m for m in scene.materials if m.name == "Tiles")
    albedo = material.albedoTexture
    assert albedo.name == "Tiles (Base Color)" and albedo.invertY is False
    # KHR_texture_transform: offset, rotation about the origin (wAng = -rotation), scale
    assert [albedo.uOffset, albedo.vOffset, albedo.uScale, albedo.vScale, albedo.wAng] == [
        0.1, 0.2, 2, 3, -0.3]  # fmt: skip
    assert (albedo.uRotationCenter, albedo.vRotationCenter, albedo.wRotationCenter) == (0, 0, 0.5)
    assert material.bumpTexture.coordinatesIndex == 1  # the transform's texCoord
    assert material.emissiveTexture.uRotationCenter == 0.5  # no transform, centre kept
    assert material.ambientTextureStrength == 0.5 and material.useAmbientInGrayScale
    assert (material.invertNormalMapX, material.invertNormalMapY) == (True, False)
    assert material.albedoTexture is not material.emissiveTexture
    group = scene.animationGroups[0]
    properties = [ta.animation.targetProperty for ta in group.targetedAnimations]
    assert properties[:3] == [
        "albedoTexture.uOffset",
        "albedoTexture.vOffset",
        "albedoTexture.wAng",
    ]
    assert "emissiveTexture.wAng" in properties and len(properties) == 10


def test_bad_texture_index_is_a_coded_load_error() -> None:
    scene = Scene(NullEngine())
    material = PBRMaterial("m", scene)
    gltf = {"textures": [{"source": 0}]}
    with pytest.raises(GltfLoadError) as info:
        load_material_textures(gltf, {"emissiveTexture": {"index": 3}}, material, "/materials/0",
                               scene, False)  # fmt: skip
    assert info.value.code == "LITE-GLTF-010"
    with pytest.raises(GltfLoadError):
        load_material_textures(gltf, {"emissiveTexture": {"index": 0, "texCoord": 7}}, material,
                               "/materials/0", scene, False)  # fmt: skip
