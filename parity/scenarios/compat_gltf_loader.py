# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.assets.*.runs.*[*].nodes.*.r", "$.assets.*.loaded.nodes.*.r", "$.assets.*.structure.bones.*[*].q"]}
"""Port of compat_gltf_loader.mjs: glTF loading through lite_compat.loading and the loaded
AnimationGroups playing (see the .mjs for what is recorded).

Each fixture is loaded through every entry point (``SceneLoader.ImportMeshAsync`` legacy form,
``ImportMeshAsync`` / ``AppendSceneAsync`` / ``LoadAssetContainerAsync`` + ``addAllToScene``)
into fresh scenes; the runs step ``scene._animate(70)`` and sample every other step.
"""

from __future__ import annotations

import asyncio
import json
import warnings
from pathlib import Path
from typing import Any

from lite.errors import LiteWarning
from lite_compat import (
    AnimationGroup,
    AnimationGroupMask,
    AnimationGroupMaskMode,
    NullEngine,
    Scene,
)
from lite_compat.loading.scene_loader import (
    AppendSceneAsync,
    ImportMeshAsync,
    LoadAssetContainerAsync,
    SceneLoader,
)

# Babylon's "Invalid pointer ... skipped" warning for pointer_material's roughnessFactor channel
# goes to stderr under Node (Logger); here it is a LiteWarning, silenced the same way.
warnings.simplefilter("ignore", LiteWarning)

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
ASSETS = ["rigged_figure", "morph_figure", "pointer_material", "two_skeletons"]
STEP_MS = 70
STEPS = 24
SEEK_FRAMES = [0, 7.5, 21.3, 36.6, 52.5, 59.9, 75, 95.5, 119.9]
engine = NullEngine()


def bytes_of(name: str) -> bytes:
    return (FIXTURES / f"{name}.glb").read_bytes()


async def load(name: str, how: str) -> Scene:
    scene = Scene(engine)
    data = bytes_of(name)
    if how == "legacy":
        await SceneLoader.ImportMeshAsync("", "", data, scene, None, ".glb")
    elif how == "import":
        await ImportMeshAsync(data, scene, {"pluginExtension": ".glb"})
    elif how == "append":
        await AppendSceneAsync(data, scene, {"pluginExtension": ".glb"})
    else:
        container = await LoadAssetContainerAsync(data, scene, {"pluginExtension": ".glb"})
        container.addAllToScene()
    return scene


def key(n: Any) -> str:
    return f"{n.getClassName()}:{n.name}"


def name_of(n: Any) -> str | None:
    return key(n) if n is not None else None


def arr(v: Any) -> list[float]:
    return list(v.asArray())


def snapshot(scene: Scene) -> dict[str, Any]:
    nodes = {}
    for n in [*scene.meshes, *scene.transformNodes]:
        nodes[key(n)] = {
            "t": arr(n.position),
            "r": arr(n.rotationQuaternion) if n.rotationQuaternion else None,
            "s": arr(n.scaling),
        }
    morphs = [
        [m.getTarget(i).influence for i in range(m.numTargets)] for m in scene.morphTargetManagers
    ]
    palettes = {}
    for s in scene.skeletons:
        s.prepare(True)
        palettes[s.name] = list(s.getTransformMatrices(None))
    out: dict[str, Any] = {"nodes": nodes, "morphs": morphs, "palettes": palettes}
    paint = scene.getMaterialByName("Paint")
    if paint:
        out["albedo"] = [*arr(paint.albedoColor), paint.alpha]
        out["emissive"] = arr(paint.emissiveColor)
        out["light_intensity"] = [light.intensity for light in scene.lights]
        out["camera_fov"] = [camera.fov for camera in scene.cameras]
    return out


def structure(scene: Scene) -> dict[str, Any]:
    skeletons = {}
    bones = {}
    for s in scene.skeletons:
        skeletons[s.name] = {"id": s.id, "count": len(s.bones)}
        entries = []
        for b in s.bones:
            local = b.getLocalMatrix().asArray()
            inv = b.getAbsoluteInverseBindMatrix().asArray()
            entries.append(
                {
                    "name": b.name,
                    "index": b.getIndex(),
                    "parent": name_of(b.getParent()),
                    "node": name_of(b.getTransformNode()),
                    "t": [local[12], local[13], local[14]],
                    "q": arr(b.rotationQuaternion),
                    "s": arr(b.scaling),
                    "inv_t": [inv[12], inv[13], inv[14]],
                }
            )
        bones[s.name] = entries
    return {
        "meshes": [
            {
                "name": key(m),
                "parent": name_of(m.parent),
                "vertices": m.getTotalVertices(),
                "skeleton": m.skeleton.name if m.skeleton else None,
                "material": m.material.name if m.material else None,
                "morph_targets": m.morphTargetManager.numTargets if m.morphTargetManager else 0,
            }
            for m in scene.meshes
        ],
        "transform_nodes": [
            {"name": key(n), "parent": name_of(n.parent)} for n in scene.transformNodes
        ],
        "root_nodes": [key(n) for n in scene.rootNodes],
        "skeletons": skeletons,
        "bones": bones,
        "morph_targets": [
            [m.getTarget(i).name for i in range(m.numTargets)] for m in scene.morphTargetManagers
        ],
        "materials": [
            {
                "name": m.name,
                "albedo": arr(m.albedoColor),
                "alpha": m.alpha,
                "emissive": arr(m.emissiveColor),
                "metallic": m.metallic,
                "roughness": m.roughness,
            }
            for m in scene.materials
        ],
        "lights": [
            {
                "name": key(light),
                "parent": name_of(light.parent),
                "intensity": light.intensity,
                "range": light.range,
                "angle": getattr(light, "angle", None),
                "inner": getattr(light, "innerAngle", None),
                "diffuse": arr(light.diffuse),
            }
            for light in scene.lights
        ],
        "cameras": [
            {
                "name": key(c),
                "parent": name_of(c.parent),
                "fov": c.fov,
                "minZ": c.minZ,
                "maxZ": c.maxZ,
                "rotation": arr(c.rotation),
            }
            for c in scene.cameras
        ],
        "groups": [
            {
                "name": g.name,
                "from": g.from_,
                "to": g.to,
                "playing": bool(g.isPlaying),
                "animations": [
                    [
                        ta.animation.name,
                        ta.animation.targetProperty,
                        name_of(ta.target),
                        len(ta.animation.getKeys()),
                        ta.animation.getKeys()[0]["frame"],
                        ta.animation.getKeys()[-1]["frame"],
                    ]
                    for ta in g.targetedAnimations
                ],
            }
            for g in scene.animationGroups
        ],
    }


def steps(scene: Scene, samples: list[dict[str, Any]]) -> None:
    for i in range(1, STEPS + 1):
        scene._animate(STEP_MS)
        if i % 2 == 0:
            samples.append(snapshot(scene))


def target_names(group: AnimationGroup) -> list[str]:
    names: list[str] = []
    for ta in group.targetedAnimations:
        if ta.target.name not in names:
            names.append(ta.target.name)
    return names[:2]


async def main() -> None:
    assets = {}
    for name in ASSETS:
        entry: dict[str, Any] = {}
        # Structure and rest pose, compared across the four entry points.
        loaded = {}
        for how in ["legacy", "import", "append", "container"]:
            scene = await load(name, how)
            loaded[how] = structure(scene)
            if how == "legacy":
                entry["loaded"] = snapshot(scene)
            scene.dispose()
        entry["structure"] = loaded["legacy"]
        entry["same_structure"] = [
            json.dumps(loaded[how]) == json.dumps(loaded["legacy"])
            for how in ["import", "append", "container"]
        ]

        runs: dict[str, Any] = {}
        scene = await load(name, "legacy")
        samples: list[dict[str, Any]] = []
        steps(scene, samples)
        runs["play"] = samples
        scene.dispose()

        scene = await load(name, "import")
        groups = scene.animationGroups
        for g in groups:
            g.stop()
        samples = []
        groups[0].weight = 0.3
        groups[0].start(True)
        if len(groups) > 1:
            groups[1].weight = 0.7
            groups[1].start(True)
        steps(scene, samples)
        runs["weighted"] = samples
        scene.dispose()

        scene = await load(name, "append")
        groups = scene.animationGroups
        for g in groups:
            g.stop()
        samples = []
        for g in groups:
            g.enableBlending = True
            g.blendingSpeed = 0.05
        groups[0].start(True)
        for _ in range(5):
            scene._animate(STEP_MS)
        groups[1 if len(groups) > 1 else 0].start(True)
        steps(scene, samples)
        runs["blending"] = samples
        scene.dispose()

        scene = await load(name, "container")
        groups = scene.animationGroups
        for g in groups:
            g.stop()
        samples = []
        layer = groups[-1]
        AnimationGroup.MakeAnimationAdditive(layer)
        if layer is not groups[0]:
            groups[0].weight = 1
            groups[0].start(True)
        layer.weight = 0.6
        layer.start(True)
        steps(scene, samples)
        runs["additive"] = samples
        scene.dispose()

        scene = await load(name, "legacy")
        groups = scene.animationGroups
        for g in groups:
            g.stop()
        samples = []
        names = target_names(groups[0])
        groups[0].mask = AnimationGroupMask(names, AnimationGroupMaskMode.Include)
        groups[0].start(True)
        if len(groups) > 1:
            groups[1].mask = AnimationGroupMask(names, AnimationGroupMaskMode.Exclude)
            groups[1].start(True)
        steps(scene, samples)
        runs["mask"] = samples
        runs["mask_names"] = names
        scene.dispose()

        scene = await load(name, "import")
        samples = []
        for g in scene.animationGroups:
            for other in scene.animationGroups:
                other.stop()
            g.start(True, 1.0, g.from_, g.to)
            g.pause()
            for f in SEEK_FRAMES:
                if f > g.to:
                    break
                g.goToFrame(f)
                samples.append({"group": g.name, "frame": f, **snapshot(scene)})
        runs["seek"] = samples
        scene.dispose()
        entry["runs"] = runs
        assets[name] = entry
    print(json.dumps({"assets": assets}))


asyncio.run(main())
