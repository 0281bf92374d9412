"""lite_compat.loading.scene_loader: SceneLoader / ImportMeshAsync on the glTF fixtures.

Structure (names, parents, handedness root, bones, morph targets, groups) is checked against
what Babylon.js 9.31 + loaders 9.28 build for the same files (values read off
``parity/recorded/compat_gltf_loader.json``, which also compares playback numerically); here
the cases are the entry points, input forms, options, errors and the scene bookkeeping.
"""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path
from typing import Any

import pytest

import lite.loader_gltf.loader as lite_loader
from lite.errors import GltfLoadError, LiteWarning, UnsupportedError
from lite_compat import Mesh, NullEngine, Quaternion, Scene, TransformNode
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.lights.spot_light import SpotLight
from lite_compat.loading.scene_loader import (
    AppendSceneAsync,
    GLTFLoaderAnimationStartMode,
    GLTFLoaderCoordinateSystemMode,
    ImportMeshAsync,
    ISceneLoaderAsyncResult,
    LoadAssetContainerAsync,
    LoadSceneAsync,
    SceneLoader,
)
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.morph.morph_target_manager import MorphTargetManager
from lite_compat.scene.asset_container import AssetContainer

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
RIGGED_NODES = [
    "Figure",
    "Armature",
    "Hips",
    "Spine",
    "Chest",
    "Neck",
    "Head",
    "LeftArm",
    "LeftForeArm",
    "RightArm",
    "RightForeArm",
    "LeftUpLeg",
    "Body",
]


def new_scene() -> Scene:
    return Scene(NullEngine())


def load(name: str, scene: Scene | None = None, **options: Any) -> tuple[Scene, Any]:
    scene = scene or new_scene()
    result = asyncio.run(ImportMeshAsync(FIXTURES / name, scene, options or None))
    return scene, result


def by_key(scene: Scene) -> dict[str, Any]:
    return {f"{n.getClassName()}:{n.name}": n for n in [*scene.meshes, *scene.transformNodes]}


# 1. Structure --------------------------------------------------------------------------------


def test_rigged_figure_nodes_and_parents_match_babylon() -> None:
    scene, result = load("rigged_figure.glb")
    assert isinstance(result, ISceneLoaderAsyncResult)
    assert [m.name for m in result.meshes] == ["__root__", "Body"]
    assert [n.name for n in result.transformNodes] == RIGGED_NODES
    assert [n.name for n in scene.transformNodes] == RIGGED_NODES
    assert [n.name for n in scene.rootNodes] == ["__root__"]
    nodes = by_key(scene)
    parents = {k: (n.parent.name if n.parent else None) for k, n in nodes.items()}
    assert parents["TransformNode:Figure"] == "__root__"
    assert parents["TransformNode:Hips"] == "Armature"
    assert parents["TransformNode:Body"] == "Figure"  # the skin node keeps its place
    assert parents["Mesh:Body"] == "Armature"  # the skinned mesh sits beside the skeleton root
    body = nodes["Mesh:Body"]
    assert isinstance(body, Mesh)
    assert body.getTotalVertices() == 30
    assert body.rotationQuaternion is None  # skinned node TRS is ignored (glTF spec)
    assert isinstance(body.material, PBRMaterial)
    assert body.material.name == "__GLTFLoader._default"
    assert body.metadata == {}
    assert body._internalMetadata == {"gltf": {"pointers": ["/meshes/0/primitives/0"]}}


def test_root_converts_right_handed_to_left_handed() -> None:
    scene, _ = load("two_skeletons.glb")
    root = scene.getMeshByName("__root__")
    assert root.rotationQuaternion.asArray() == [0, 1, 0, 0]
    assert root.scaling.asArray() == [1, 1, -1]
    assert root.position.asArray() == [0, 0, 0]
    assert root.isEnabled()


def test_force_right_handed_leaves_root_untransformed() -> None:
    mode = GLTFLoaderCoordinateSystemMode.FORCE_RIGHT_HANDED
    scene, _ = load("rigged_figure.glb", pluginOptions={"gltf": {"coordinateSystemMode": mode}})
    root = scene.getMeshByName("__root__")
    assert root.rotationQuaternion is None
    assert root.scaling.asArray() == [1, 1, 1]
    assert scene.useRightHandedSystem is True


def test_node_trs_is_the_gltf_local_trs() -> None:
    scene, _ = load("rigged_figure.glb")
    figure = scene.getTransformNodeByName("Figure")
    assert figure.position.asArray() == [0.25, 0.0, -0.5]
    assert figure.rotationQuaternion.asArray() == [0.0, 0.258819043636322, 0.0, 0.9659258127212524]
    armature = scene.getTransformNodeByName("Armature")
    assert armature.scaling.asArray() == [0.5, 0.5, 0.5]


def test_skeleton_bones_link_to_the_joint_nodes() -> None:
    scene, result = load("rigged_figure.glb")
    assert [s.name for s in result.skeletons] == ["FigureSkin"]
    skeleton = result.skeletons[0]
    assert isinstance(skeleton, Skeleton)
    assert skeleton.id == "skeleton0"
    assert scene.skeletons == [skeleton]
    assert len(skeleton.bones) == 10
    hips = skeleton.bones[0]
    assert isinstance(hips, Bone)
    assert (hips.name, hips.getIndex(), hips.getParent()) == ("Hips", 0, None)
    assert hips.getTransformNode() is scene.getTransformNodeByName("Hips")
    spine = skeleton.bones[1]
    assert spine.getParent() is hips
    assert spine in hips.getChildren()
    assert skeleton.getBoneIndexByName("LeftUpLeg") == 9
    left_up_leg = skeleton.findBoneFromLinkedTransformNodeName("LeftUpLeg")
    assert left_up_leg is skeleton.bones[9]
    assert scene.getMeshByName("Body").skeleton is skeleton
    inv = hips.getAbsoluteInverseBindMatrix().m
    assert [inv[12], inv[13], inv[14]] == pytest.approx([0, -1, 0.2], abs=1e-6)


def test_two_skins_give_two_skeletons_with_computed_roots() -> None:
    scene, result = load("two_skeletons.glb")
    assert [s.name for s in result.skeletons] == ["SkinA", "SkinB"]
    assert [len(s.bones) for s in result.skeletons] == [3, 3]
    assert [b.name for b in result.skeletons[1].bones] == ["RigB_Root", "RigB_Mid", "RigB_Tip"]
    # skins without "skeleton": the nearest common ancestor is the root, whose parent is __root__
    assert scene.getMeshByName("MeshA").parent is scene.getMeshByName("__root__")


def test_rest_palette_is_identity_when_inverse_binds_match_the_rest_pose() -> None:
    _, result = load("two_skeletons.glb")
    skeleton = result.skeletons[0]
    skeleton.prepare(True)
    palette = list(skeleton.getTransformMatrices(None))
    assert len(palette) == 16 * 4
    identity = [1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0]
    for j in range(4):
        assert palette[16 * j : 16 * j + 16] == pytest.approx(identity, abs=1e-6)


def test_morph_targets_per_primitive_with_names_and_weights() -> None:
    scene, result = load("morph_figure.glb")
    assert [m.name for m in result.meshes] == ["__root__", "Face_primitive0", "Face_primitive1"]
    face = scene.getTransformNodeByName("Face")
    assert [c.name for c in face.getChildren()] == ["Face_primitive0", "Face_primitive1"]
    assert len(scene.morphTargetManagers) == 2
    for mesh in result.meshes[1:]:
        manager = mesh.morphTargetManager
        assert isinstance(manager, MorphTargetManager)
        assert manager.numTargets == 6
        names = [manager.getTarget(i).name for i in range(6)]
        assert names == ["Smile", "Frown", "BlinkL", "BlinkR", "JawOpen", "Puff"]
        influences = [manager.getTarget(i).influence for i in range(6)]
        assert influences == pytest.approx([0.1, 0, 0, 0.2, 0, 0])
        assert manager.numInfluencers == 2  # zero influences are inactive
        positions = manager.getTarget(0).getPositions()
        assert positions is not None
        assert len(positions) == 3 * mesh.getTotalVertices()


def test_pointer_material_objects() -> None:
    with pytest.warns(LiteWarning, match=r"LITE-GLTF-W01.*roughnessFactor"):
        scene, result = load("pointer_material.glb")
    paint = scene.getMaterialByName("Paint")
    assert isinstance(paint, PBRMaterial)
    assert paint.albedoColor.asArray() == pytest.approx([0.8, 0.2, 0.2])
    assert (paint.alpha, paint.metallic, paint.roughness) == (1.0, 0.25, 0.75)
    assert [light.name for light in result.lights] == ["Spot"]
    spot = result.lights[0]
    assert isinstance(spot, SpotLight)
    assert spot.parent is scene.getTransformNodeByName("Lamp")
    assert (spot.intensity, spot.range) == (5.0, 20.0)
    assert (spot.angle, spot.innerAngle) == pytest.approx((1.2, 0.4))
    camera = scene.cameras[0]
    assert (camera.name, camera.fov, camera.minZ, camera.maxZ) == ("EyeCam", 0.8, 0.1, 100.0)
    assert camera.parent is scene.getTransformNodeByName("Eye")
    assert scene.activeCamera is None
    # the camera node cancels the root's handedness flip
    assert scene.getTransformNodeByName("Eye").scaling.x == -1


# 2. Animation groups -------------------------------------------------------------------------


def test_one_group_per_animation_first_playing() -> None:
    scene, result = load("rigged_figure.glb")
    assert [g.name for g in scene.animationGroups] == ["Walk", "Wave", "Pose"]
    assert result.animationGroups == scene.animationGroups
    walk, wave, pose = scene.animationGroups
    assert walk.isPlaying and walk.loopAnimation
    assert not wave.isStarted and not pose.isStarted
    assert (walk.from_, walk.to, wave.to, pose.to) == (0, 60, 90, 120)
    names = [(ta.animation.name, ta.animation.targetProperty) for ta in walk.targetedAnimations]
    assert names[0] == ("Walk_channel0_0", "rotationQuaternion")
    assert names[-1] == ("Walk_channel4_0", "position")
    assert walk.targetedAnimations[0].target is scene.getTransformNodeByName("LeftUpLeg")
    assert all(ta.animation.framePerSecond == 60 for ta in walk.targetedAnimations)


def test_key_frames_are_input_times_60() -> None:
    scene, _ = load("two_skeletons.glb")
    swing_b = scene.getAnimationGroupByName("SwingB")
    keys = swing_b.targetedAnimations[0].animation.getKeys()
    # float32(1.2) * 60, as Babylon.js computes it
    assert keys[-1]["frame"] == pytest.approx(72.00000286102295, abs=0)
    assert keys[0]["interpolation"] == 1  # STEP


def test_cubic_spline_tangents_are_scaled_by_one_over_fps() -> None:
    scene, _ = load("rigged_figure.glb")
    wave = scene.getAnimationGroupByName("Wave")
    key = wave.targetedAnimations[0].animation.getKeys()[0]
    assert key["inTangent"].x == pytest.approx(0.004766997694969177)
    assert isinstance(key["value"], Quaternion)


def test_target_fps_option_scales_frames() -> None:
    scene, _ = load("rigged_figure.glb", pluginOptions={"gltf": {"targetFps": 30}})
    walk = scene.animationGroups[0]
    assert walk.to == 30
    assert walk.targetedAnimations[0].animation.framePerSecond == 30


def test_weight_channels_target_every_primitive_morph_target() -> None:
    scene, _ = load("morph_figure.glb")
    expressions = scene.getAnimationGroupByName("Expressions")
    assert len(expressions.targetedAnimations) == 13
    first, second = expressions.targetedAnimations[:2]
    assert first.animation.name == second.animation.name == "Expressions_channel0_0_0"
    assert first.target is not second.target
    assert first.target.name == second.target.name == "Smile"
    assert first.animation.targetProperty == "influence"
    # Babylon.js lists each clone twice in the target's animations (three groups here)
    assert len(first.target.animations) == 6


def test_pointer_channels_target_material_light_and_camera() -> None:
    with pytest.warns(LiteWarning):
        scene, _ = load("pointer_material.glb")
    pulse = scene.animationGroups[0]
    targets = [(ta.target.name, ta.animation.targetProperty) for ta in pulse.targetedAnimations]
    assert targets == [
        ("Paint", "albedoColor"),
        ("Paint", "alpha"),
        ("Box", "position"),
        ("Box", "rotationQuaternion"),
        ("Paint", "emissiveColor"),
        ("Spot", "intensity"),
        ("EyeCam", "fov"),
        ("Spinner", "scaling"),
    ]


def test_start_mode_none_and_all() -> None:
    none = GLTFLoaderAnimationStartMode.NONE
    scene, _ = load("rigged_figure.glb", pluginOptions={"gltf": {"animationStartMode": none}})
    assert not any(g.isStarted for g in scene.animationGroups)
    every = GLTFLoaderAnimationStartMode.ALL
    scene, _ = load("rigged_figure.glb", pluginOptions={"gltf": {"animationStartMode": every}})
    assert all(g.isPlaying for g in scene.animationGroups)


def test_playback_writes_the_nodes() -> None:
    scene, _ = load("two_skeletons.glb")
    swing_a = scene.animationGroups[0]
    swing_a.pause()
    swing_a.goToFrame(0)
    mid = scene.getTransformNodeByName("RigA_Mid")
    key = swing_a.targetedAnimations[0].animation.getKeys()[0]["value"]
    assert mid.rotationQuaternion.asArray() == pytest.approx(key.asArray())
    scene.animationGroups[1].start(True)
    for _ in range(10):
        scene._animate(16)
    root_b = scene.getTransformNodeByName("RigB_Root")
    assert root_b.position.asArray() == pytest.approx([1, 0, 0])  # STEP, first key held


def test_mask_and_weights_work_on_loaded_groups() -> None:
    from lite_compat.animations.animation_group import AnimationGroupMask, AnimationGroupMaskMode

    scene, _ = load("rigged_figure.glb")
    walk = scene.animationGroups[0]
    walk.stop()
    walk.mask = AnimationGroupMask(["Hips"], AnimationGroupMaskMode.Exclude)
    walk.weight = 0.5
    walk.start(True)
    hips = scene.getTransformNodeByName("Hips")
    before = hips.position.asArray()
    for _ in range(20):
        scene._animate(16)
    assert hips.position.asArray() == before
    assert scene.getTransformNodeByName("Spine").rotationQuaternion.asArray() != [0, 0, 0, 1]


def test_skin_palette_follows_the_animated_nodes() -> None:
    scene, result = load("two_skeletons.glb")
    skeleton = result.skeletons[0]
    skeleton.prepare(True)
    rest = list(skeleton.getTransformMatrices(None))
    scene.animationGroups[0].goToFrame(30)
    skeleton.prepare(True)
    assert list(skeleton.getTransformMatrices(None)) != rest
    mid_bone = skeleton.bones[1]
    node = mid_bone.getTransformNode()
    assert mid_bone.rotationQuaternion.asArray() == pytest.approx(
        node.rotationQuaternion.asArray(), abs=1e-6
    )


# 3. Entry points and input forms ------------------------------------------------------------


def structure(scene: Scene) -> list[Any]:
    return [
        [(m.name, m.parent.name if m.parent else None) for m in scene.meshes],
        [(n.name, n.parent.name if n.parent else None) for n in scene.transformNodes],
        [(s.name, [b.name for b in s.bones]) for s in scene.skeletons],
        [(g.name, g.from_, g.to, len(g.targetedAnimations)) for g in scene.animationGroups],
    ]


def test_bytes_path_gltf_embedded_and_data_url_give_the_same_scene() -> None:
    glb = (FIXTURES / "rigged_figure.glb").read_bytes()
    sources: list[tuple[Any, dict[str, Any] | None]] = [
        (FIXTURES / "rigged_figure.glb", None),
        (str(FIXTURES / "rigged_figure.glb"), None),
        (glb, {"pluginExtension": ".glb"}),
        (bytearray(glb), {"pluginExtension": "glb"}),
        (FIXTURES / "rigged_figure.gltf", None),
        (FIXTURES / "rigged_figure_embedded.gltf", None),
        ("data:model/gltf-binary;base64," + base64.b64encode(glb).decode(), None),
        ("data:" + (FIXTURES / "rigged_figure_embedded.gltf").read_text(), None),
    ]
    expected = None
    for source, options in sources:
        scene = new_scene()
        asyncio.run(ImportMeshAsync(source, scene, options))
        if expected is None:
            expected = structure(scene)
        assert structure(scene) == expected, source if isinstance(source, Path) else type(source)


def test_legacy_forms_root_url_and_file_name() -> None:
    scene = new_scene()
    result = asyncio.run(
        SceneLoader.ImportMeshAsync("", str(FIXTURES) + "/", "two_skeletons.glb", scene)
    )
    assert [m.name for m in result.meshes] == ["__root__", "MeshA", "MeshB"]
    scene = new_scene()
    asyncio.run(SceneLoader.ImportMeshAsync(None, str(FIXTURES / "two_skeletons.glb"), "", scene))
    assert len(scene.skeletons) == 2
    scene = new_scene()
    assert asyncio.run(SceneLoader.AppendAsync(str(FIXTURES) + "/", "two_skeletons.glb", scene))
    assert [g.name for g in scene.animationGroups] == ["SwingA", "SwingB", "Both"]


def test_mesh_names_filter_loads_those_nodes_only() -> None:
    scene, result = load("rigged_figure.glb", meshNames=["Hips"])
    assert [m.name for m in result.meshes] == ["__root__"]
    assert [n.name for n in result.transformNodes] == RIGGED_NODES[2:12]
    assert scene.getTransformNodeByName("Hips").parent is scene.getMeshByName("__root__")
    assert [len(g.targetedAnimations) for g in result.animationGroups] == [5, 5, 3]
    # a skinned mesh alone: its bones have no nodes, its groups are empty and disposed
    scene, result = load("rigged_figure.glb", meshNames="Body")
    assert [m.name for m in result.meshes] == ["__root__", "Body"]
    assert all(b.getTransformNode() is None for b in result.skeletons[0].bones)
    assert [g.name for g in result.animationGroups] == ["Walk", "Wave", "Pose"]
    assert scene.animationGroups == []


def test_append_scene_and_load_scene() -> None:
    scene = new_scene()
    assert asyncio.run(AppendSceneAsync(FIXTURES / "morph_figure.glb", scene)) is None
    assert len(scene.morphTargetManagers) == 2
    engine = NullEngine()
    loaded = asyncio.run(LoadSceneAsync(FIXTURES / "morph_figure.glb", engine))
    assert loaded in engine.scenes
    assert [g.name for g in loaded.animationGroups] == ["Expressions", "Talk", "Blink"]


def test_asset_container_keeps_objects_out_of_the_scene_until_added() -> None:
    scene = new_scene()
    container = asyncio.run(LoadAssetContainerAsync(FIXTURES / "rigged_figure.glb", scene))
    assert isinstance(container, AssetContainer)
    assert (scene.meshes, scene.transformNodes, scene.skeletons) == ([], [], [])
    assert (scene.animationGroups, scene.materials, scene.rootNodes) == ([], [], [])
    assert [m.name for m in container.meshes] == ["__root__", "Body"]
    assert [n.name for n in container.transformNodes] == RIGGED_NODES
    assert [s.name for s in container.skeletons] == ["FigureSkin"]
    assert [g.name for g in container.animationGroups] == ["Walk", "Wave", "Pose"]
    assert [r.name for r in container.rootNodes] == ["__root__"]
    assert container.meshes[0]._parentContainer is container
    container.addAllToScene()
    assert [m.name for m in scene.meshes] == ["__root__", "Body"]
    assert [r.name for r in scene.rootNodes] == ["__root__"]
    assert [g.name for g in scene.animationGroups] == ["Walk", "Wave", "Pose"]
    assert scene.skeletons == container.skeletons
    container.removeAllFromScene()
    assert (scene.meshes, scene.transformNodes, scene.rootNodes) == ([], [], [])


def test_calls_are_awaitable_inside_a_running_loop() -> None:
    async def main() -> list[str]:
        scene = new_scene()
        first = await ImportMeshAsync(FIXTURES / "two_skeletons.glb", scene)
        second = await SceneLoader.ImportMeshAsync("", "", FIXTURES / "two_skeletons.glb", scene)
        return [m.name for m in [*first.meshes, *second.meshes]]

    assert asyncio.run(main()) == ["__root__", "MeshA", "MeshB"] * 2


def test_on_progress_reports_the_size() -> None:
    events: list[Any] = []
    load("two_skeletons.glb", onProgress=events.append)
    size = (FIXTURES / "two_skeletons.glb").stat().st_size
    assert [(e.lengthComputable, e.loaded, e.total) for e in events] == [(True, size, size)]


def test_scene_defaults_to_the_last_created_scene() -> None:
    scene = new_scene()
    asyncio.run(ImportMeshAsync(FIXTURES / "two_skeletons.glb"))
    assert [m.name for m in scene.meshes] == ["__root__", "MeshA", "MeshB"]


def test_mesh_get_animatables_includes_the_skeleton() -> None:
    scene, result = load("rigged_figure.glb")
    body = scene.getMeshByName("Body")
    assert body.getAnimatables() == [body.material, result.skeletons[0]]


# 4. Errors -----------------------------------------------------------------------------------


def truncated_glb() -> bytes:
    data = (FIXTURES / "two_skeletons.glb").read_bytes()
    return data[: len(data) // 2]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"glTF\x02\x00\x00\x00", "LITE-GLTF-001"),
        (b"{not json", "LITE-GLTF-001"),
        (b"\x01" * 30, "LITE-GLTF-001"),
    ],
)
def test_malformed_bytes_raise_gltf_load_error(data: bytes, code: str) -> None:
    with pytest.raises(GltfLoadError) as exc:
        asyncio.run(ImportMeshAsync(data, new_scene(), {"pluginExtension": ".glb"}))
    assert exc.value.code == code


def test_truncated_glb_raises_with_a_code() -> None:
    with pytest.raises(GltfLoadError) as exc:
        asyncio.run(ImportMeshAsync(truncated_glb(), new_scene(), {"pluginExtension": ".glb"}))
    assert exc.value.code.startswith("LITE-GLTF-")


def test_out_of_range_joint_index_raises() -> None:
    gltf = json.loads((FIXTURES / "two_skeletons_embedded.gltf").read_text())
    gltf["skins"][0]["joints"][2] = 99
    with pytest.raises(GltfLoadError) as exc:
        asyncio.run(ImportMeshAsync("data:" + json.dumps(gltf), new_scene()))
    assert exc.value.code == "LITE-GLTF-002"


def test_unknown_mesh_name_raises() -> None:
    with pytest.raises(GltfLoadError, match="Failed to find node 'Nope'") as exc:
        load("rigged_figure.glb", meshNames=["Nope"])
    assert exc.value.code == "LITE-GLTF-021"


def test_bytes_need_the_plugin_extension() -> None:
    data = (FIXTURES / "two_skeletons.glb").read_bytes()
    with pytest.raises(GltfLoadError, match="file extension must be provided") as exc:
        asyncio.run(SceneLoader.ImportMeshAsync("", "", data, new_scene()))
    assert exc.value.code == "LITE-GLTF-020"


def test_missing_file_raises() -> None:
    with pytest.raises(GltfLoadError) as exc:
        asyncio.run(ImportMeshAsync(FIXTURES / "missing.glb", new_scene()))
    assert exc.value.code == "LITE-GLTF-001"


@pytest.mark.parametrize("source", ["model.obj", "https://example.com/model.glb"])
def test_other_formats_and_urls_are_unsupported(source: str) -> None:
    with pytest.raises(UnsupportedError) as exc:
        asyncio.run(ImportMeshAsync(source, new_scene()))
    assert exc.value.code == "LITE-UNSUP-001"


def test_disabled_plugin_is_refused() -> None:
    with pytest.raises(UnsupportedError):
        load("two_skeletons.glb", pluginOptions={"gltf": {"enabled": False}})


def test_failed_load_scene_disposes_its_scene() -> None:
    engine = NullEngine()
    with pytest.raises(GltfLoadError):
        asyncio.run(LoadSceneAsync(FIXTURES / "missing.glb", engine))
    assert engine.scenes == []


def test_transform_nodes_are_lite_compat_nodes() -> None:
    scene, _ = load("two_skeletons.glb")
    assert all(isinstance(n, TransformNode) for n in scene.transformNodes)


@pytest.mark.parametrize("form", [".glb", ".gltf", "_embedded.gltf"])
def test_a_load_reads_the_document_once_and_builds_no_lite_runtime(
    monkeypatch: pytest.MonkeyPatch, form: str
) -> None:
    # One validated read (lite.read_gltf_document): one JSON parse, and no lite.load_gltf
    # (which would bind groups, skeletons and writers that compat then throws away).
    parses: list[int] = []
    real = json.loads

    def counting(*args: Any, **kwargs: Any) -> Any:
        parses.append(1)
        return real(*args, **kwargs)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("lite_compat must not build a lite runtime to load a file")

    monkeypatch.setattr(json, "loads", counting)
    monkeypatch.setattr(lite_loader, "load_gltf", refuse)
    scene = Scene(NullEngine())
    result = asyncio.run(ImportMeshAsync(str(FIXTURES / f"rigged_figure{form}"), scene))
    assert len(parses) == 1
    assert [g.name for g in result.animationGroups] == ["Walk", "Wave", "Pose"]


def test_lites_pointer_warnings_are_filtered_by_code_and_babylons_remain(tmp_path: Path) -> None:
    # A pointer neither lite nor the Babylon port maps: lite's reader warns LITE-GLTF-W01 in its
    # own words, the builder warns in Babylon's ("Invalid pointer"). The reader's warning is
    # dropped by its code, so the caller sees exactly one warning, Babylon's.
    doc = json.loads((FIXTURES / "pointer_material_embedded.gltf").read_text("utf-8"))
    pointer = doc["animations"][0]["channels"][3]["target"]["extensions"]["KHR_animation_pointer"]
    pointer["pointer"] = "/nodes/0/extensions/KHR_node_visibility/visible"
    path = tmp_path / "visibility.gltf"
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.warns(LiteWarning) as caught:
        asyncio.run(ImportMeshAsync(str(path), Scene(NullEngine())))
    assert [getattr(w.message, "code", None) for w in caught] == ["LITE-GLTF-W01"]
    assert "Invalid pointer (/nodes/0/extensions/KHR_node_visibility/visible)" in str(
        caught[0].message
    )


@pytest.mark.parametrize("index", ["\u0661", "\uff10", "00"])
def test_a_pointer_index_that_is_not_a_canonical_ascii_integer_is_skipped(
    tmp_path: Path, index: str
) -> None:
    doc = json.loads((FIXTURES / "pointer_material_embedded.gltf").read_text("utf-8"))
    pointer = doc["animations"][0]["channels"][2]["target"]["extensions"]["KHR_animation_pointer"]
    pointer["pointer"] = f"/nodes/{index}/rotation"
    path = tmp_path / "odd_index.gltf"
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.warns(LiteWarning) as caught:
        asyncio.run(ImportMeshAsync(str(path), Scene(NullEngine())))
    # Channel 3 (roughnessFactor) is one Babylon.js never animates: its warning stays too.
    assert [getattr(w.message, "code", None) for w in caught] == ["LITE-GLTF-W01"] * 2
    assert "not a canonical ASCII integer" in str(caught[0].message)
