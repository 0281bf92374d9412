# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_look_texture_pointer.mjs against lite_compat's glTF loader.

tests/fixtures/texture_transform.glb: the loader builds a Texture per material slot (names
"<material> (Base Color)" ..., channel flags, normal-map inversions, KHR_texture_transform
offset/rotation/scale/texCoord with the rotation centre moved to the origin), maps the
KHR_animation_pointer channels on .../extensions/KHR_texture_transform/offset|rotation|scale
onto albedoTexture.uOffset ... (an emissive texture without the extension included), and the
group plays them (LINEAR and STEP keys) through scene._animate(70 ms); each sample holds every
slot's UV transform and texture matrix. An asset container load keeps the textures in the
container.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from lite_compat import NullEngine, Scene
from lite_compat.loading.scene_loader import ImportMeshAsync, LoadAssetContainerAsync

SLOTS = ["albedoTexture", "bumpTexture", "metallicTexture", "ambientTexture", "emissiveTexture"]
FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "texture_transform.glb"
engine = NullEngine()


def mat(m: Any) -> list[float]:
    return list(m.m)


def uv(t: Any) -> dict[str, Any]:
    return {
        "uv": [t.uOffset, t.vOffset, t.uScale, t.vScale, t.uAng, t.vAng, t.wAng, t.uRotationCenter, t.vRotationCenter, t.wRotationCenter],
        "matrix": mat(t.getTextureMatrix()),
    }


async def main() -> None:
    scene = Scene(engine)
    await ImportMeshAsync(FIXTURE.read_bytes(), scene, {"pluginExtension": ".glb"})
    material = next(m for m in scene.materials if m.name == "Tiles")
    loaded: dict[str, Any] = {}
    for slot in SLOTS:
        t = getattr(material, slot)
        loaded[slot] = {
            **uv(t), "name": t.name, "className": t.getClassName(), "coordinatesIndex": t.coordinatesIndex, "level": t.level,
            "invertY": t.invertY, "samplingMode": t.samplingMode, "wrap": [t.wrapU, t.wrapV], "ready": t.isReady(), "hasAlpha": t.hasAlpha,
        }
    flags = [material.ambientTextureStrength, material.useRoughnessFromMetallicTextureAlpha, material.useRoughnessFromMetallicTextureGreen, material.useMetallnessFromMetallicTextureBlue, material.useAmbientInGrayScale, material.invertNormalMapX, material.invertNormalMapY, material.forceIrradianceInFragment, material.albedoTexture is material.emissiveTexture]
    group = scene.animationGroups[0]
    animations = [
        {
            "property": ta.animation.targetProperty, "target": ta.target.name, "dataType": ta.animation.dataType,
            "keys": [[k["frame"], k["value"]] for k in ta.animation.getKeys()],
        }
        for ta in group.targetedAnimations
    ]
    group.stop()
    group.start(True)
    samples = []
    for i in range(40):
        scene._animate(70)
        if i % 3 == 2:
            animatables = group.animatables
            sample: dict[str, Any] = {"frame": animatables[0].masterFrame if animatables else None}
            for slot in SLOTS:
                sample[slot] = uv(getattr(material, slot))
            samples.append(sample)

    container_scene = Scene(engine)
    container = await LoadAssetContainerAsync(FIXTURE.read_bytes(), container_scene, {"pluginExtension": ".glb"})
    container_textures = sorted(t.name for t in container.textures)
    container_material = container.materials[0]
    in_scene = len([t for t in container_scene.textures if t.name in container_textures])

    print(json.dumps({"loaded": loaded, "flags": flags, "animations": animations, "samples": samples, "container": {"textures": container_textures, "inScene": in_scene, "albedo": uv(container_material.albedoTexture)}}))


asyncio.run(main())
