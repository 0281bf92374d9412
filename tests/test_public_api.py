"""The public API of ``lite`` and ``lite_compat``, pinned.

``tests/snapshots/public_api.json`` records, for each package, every name that was in
``__all__`` before the restructure, with its kind, its call signature (functions and classes)
and its public members (classes). Moving code between modules must not remove or change any of
it. Additions are allowed but named here, in ``ADDED``, so that each one is deliberate; a class
may gain members (the Babylon surface grows), never lose them.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pathlib
import re
import sys
from typing import Any

from lite_compat import _module_functions

SNAPSHOT = pathlib.Path(__file__).parent / "snapshots" / "public_api.json"
PACKAGES = ("lite", "lite_compat")

# Names exported since the snapshot was taken (each a deliberate addition).
ADDED: dict[str, frozenset[str]] = {
    "lite": frozenset(
        {
            # glTF: one validated read of a file (issue 11, the compat loader builds on it)
            "GltfDocument",
            "read_gltf_document",
            # Babylon Lite's createAnimationController (issue 11)
            "AnimatedNodeTarget",
            "create_animation_controller",
            # issue 16: the one matrix convention, converted (runtime column-major <-> bake)
            "as_column_major",
            "as_row_major",
            # issue 16: a copy of the live pose (frames recorded in a loop stay distinct)
            "PoseSnapshot",
            "snapshot_pose",
            # the compat/lite seam: a bound clip, sampled and written one track at a time
            "PropertyBinding",
            "bind_property_clip",
            "write_property_track",
            # motion beyond playback (issue 13): root motion and springs
            "CrowdRootMotion",
            "RootMotion",
            "RootMotionTracker",
            "SpringSettings",
            "disable_root_motion",
            "enable_crowd_root_motion",
            "enable_root_motion",
            "extract_root_motion",
            "sample_spring",
            "sample_spring_chain",
            "spring_chain_settle_time",
            "spring_settle_time",
            "strip_root_motion",
            "look_at",
            "solve_two_bone_ik",
            "retarget_clip",
            # issue 13: two-bone IK over all instances of a crowd in array operations
            "solve_crowd_two_bone_ik",
            # array targets: one property clip on M entities in numpy arrays (issue 14)
            "create_array_animation_group",
            # bake at scale (issue 17): many files on any concurrent.futures executor (Dask)
            "bake_files",
            # the pose graph (issue 25): poses, blends, blend spaces, state machines
            "BlendSpace",
            "GraphPose",
            "StateMachine",
            "StateSignal",
            "add_pose",
            "additive_pose",
            "apply_pose",
            "blend_poses",
            "blend_space_duration",
            "blend_space_weights",
            "create_blend_space_1d",
            "create_blend_space_2d",
            "create_pose",
            "create_state_machine",
            "fire_state_trigger",
            "sample_blend_space",
            "sample_clip",
            "set_state_parameter",
            # issue 25 (forgeax): stable target ids, structured diagnostics, animated bounds
            "AnimationDiagnostic",
            "animated_bounds",
            "derive_target_id",
            "find_node_by_target_id",
            "is_target_id",
            "skinned_positions",
            "subscribe_animation_diagnostics",
        }
    ),
    "lite_compat": frozenset(
        {
            # Babylon's blending/loop override for a scene, node, skeleton or morph (issue 12)
            "AnimationPropertiesOverride",
            # Babylon's three main axes (math.axis.js), stopping documentation ports (issue 12)
            "Axis",
            # issue 12 (scene/engine/loading/tools helper): Babylon's Engine, Tools, Angle,
            # Path3D, Curve3, the container entries and the animation-import mode
            "Angle",
            "Curve3",
            "Engine",
            "Path3D",
            "Tools",
            "ImportAnimationsAsync",
            "InstantiatedEntries",
            "SceneLoaderAnimationGroupLoadingMode",
            # mesh.createInstance's class (issue 12, mesh family)
            "InstancedMesh",
            # Babylon's bone controllers, IK and look-at (Bones/, issue 13)
            "BoneIKController",
            "BoneLookController",
            # Babylon's root motion (Animations/rootMotion.js, issue 13)
            "RootMotionClip",
            "RootMotionController",
            "RootMotionSource",
            # Babylon's retargeting (Animations/animatorAvatar.js, issue 13)
            "AnimatorAvatar",
            # cameras, lights, materials and textures (issue 12, compat_surface_look_*)
            "Texture",
            "TouchCamera",
            "UniversalCamera",
            "Viewport",
            # Mesh.simplify's settings, type, queue and decimator (issue 12, simplification)
            "QuadraticErrorSimplification",
            "SimplificationQueue",
            "SimplificationSettings",
            "SimplificationType",
            # issue 29: the playground boilerplate, the engines' base and Babylon 7+'s
            # module-level loaders and plugin registry
            "AbstractEngine",
            "Constants",
            # issue 29: Maths/math.vector.functions.js on any {x, y, z}
            "Vector3CopyToRef",
            "Vector3Distance",
            "Vector3DistanceSquared",
            "Vector3Dot",
            "Vector3FromFloatsToRef",
            "Vector3Length",
            "Vector3LengthSquared",
            "Vector3LerpToRef",
            "Vector3NormalizeToRef",
            "Vector3ScaleInPlace",
            "Vector3ScaleToRef",
            "Vector3SignedDistanceToPlaneFromPositionAndNormal",
            "Vector3SubtractToRef",
            "Vector4Dot",
            "Vector2ToFixed",
            "Vector3ToFixed",
            "Vector4ToFixed",
            # issue 29: Babylon names lite_compat already had in its modules, now top-level
            "RegisterTargetForLateAnimationBinding",
            "SubMesh",
            "extractMinAndMax",
            "ComputeAlpha",
            "ComputeBeta",
            "Geometry",
            "MeshLODLevel",
            "CreateCylinderVertexData",
            "CreateDiscVertexData",
            "CreateTorusKnotVertexData",
            "CreateTorusVertexData",
            "CreateGoldbergVertexData",
            "GoldbergMesh",
            "CreateDashedLinesVertexData",
            "CreateLineSystemVertexData",
            "LinesMesh",
            "CreatePolygonVertexData",
            "CreateRibbonVertexData",
            "CreateCapsuleVertexData",
            "CreateIcoSphereVertexData",
            "CreatePolyhedronVertexData",
            "CreateTextShapePaths",
            "CreateGroundFromHeightMapVertexData",
            "CreateTiledBoxVertexData",
            "CreateTiledGroundVertexData",
            "CreateTiledPlaneVertexData",
            "KeepAssets",
            "PerformanceMonitor",
            "QueueNewFrame",
            "RollingAverage",
            "GetRegisteredSceneLoaderPluginMetadata",
            "RegisterSceneLoaderPlugin",
            "registerSceneLoaderPlugin",
            "appendSceneAsync",
            "importAnimationsAsync",
            "loadAssetContainerAsync",
            "loadSceneAsync",
            # issue 29: top-level names scripts reach as BABYLON.X (Culling/, Misc/)
            "BoundingBox",
            "BoundingInfo",
            "BoundingSphere",
            "DecodeBase64ToBinary",
            "DecodeBase64ToString",
            "EncodeArrayBufferToBase64",
            "EndsWith",
            "IsDocumentAvailable",
            "IsNavigatorAvailable",
            "IsWindowObjectExist",
            "PadNumber",
            "StartsWith",
        }
    )
    # issue 29: Babylon.js 9's flat aliases of statics (CreateBox, Lerp, AnimationParse...)
    # and its no-op Register*() calls, listed in lite_compat/_module_functions.py
    | frozenset(_module_functions.__all__),
}


def _signature(obj: object) -> str | None:
    try:
        text = str(inspect.signature(obj))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return re.sub(r" at 0x[0-9a-f]+", "", text)  # default objects print their address


def describe(package: str) -> dict[str, Any]:
    """Every exported name of ``package`` with what a caller can see of it."""
    module = importlib.import_module(package)
    names: dict[str, Any] = {}
    for name in sorted(module.__all__):
        obj = getattr(module, name)
        if inspect.isclass(obj):
            members = sorted(m for m in dir(obj) if not m.startswith("_"))
            names[name] = {"kind": "class", "signature": _signature(obj), "members": members}
        elif callable(obj):
            names[name] = {"kind": "function", "signature": _signature(obj)}
        else:
            names[name] = {"kind": type(obj).__name__}
    return names


def current() -> dict[str, Any]:
    return {package: describe(package) for package in PACKAGES}


def test_no_exported_name_is_lost_and_additions_are_named() -> None:
    recorded = json.loads(SNAPSHOT.read_text())
    now = current()
    for package in PACKAGES:
        missing = sorted(set(recorded[package]) - set(now[package]))
        assert not missing, f"{package} no longer exports {missing}"
        added = set(now[package]) - set(recorded[package])
        assert added == ADDED[package], f"{package}: unlisted additions {sorted(added)}"


# Signatures deliberately widened since the snapshot (every old call still works), pinned here.
WIDENED: dict[str, dict[str, str]] = {
    "lite": {
        # a seconds keyword beside the positional milliseconds
        "update_animation_manager": "(manager: 'AnimationManager', delta_ms: 'float | None' = "
        "None, *, seconds: 'float | None' = None) -> 'None'",
        # tasks and groups kept in dicts (O(1) removal); ``animations`` is now a read-only
        # property made from them, so it left the constructor (managers come from
        # ``create_animation_manager``)
        "AnimationManager": "(fixed_delta_ms: 'float' = 0.0, running: 'bool' = False, engine: "
        "'object | None' = None, on_update: 'Callable[[float], None] | None' = None, "
        "loop_error: 'BaseException | None' = None, _task_category: 'str | None' = None, "
        "_task_category_handler: 'AnimationTaskCategoryHandler | None' = None, _snapshot: "
        "'list[AnimationTask]' = <factory>, _lock: 'threading.RLock' = <factory>, _thread: "
        "'threading.Thread | None' = None, _stop_event: 'threading.Event' = <factory>, "
        "_last_time: 'float' = 0.0, _frames: 'int' = 0) -> None",
        # a keyword switching the array clocks of plain glTF batches (issue 24)
        "BatchEngine": "(snapshot: 'list[AnimationGroup]' = <factory>, entries: "
        "'list[_Member | _PropMember | None]' = <factory>, kinds: 'list[int]' = <factory>, "
        "batches: 'list[_Batch]' = <factory>, prop_batches: 'list[_PropBatch]' = <factory>, "
        "structures: 'dict[int, tuple[object, StructurePlan]]' = <factory>, clips: "
        "'dict[tuple[int, int], tuple[object, object, ClipPlan]]' = <factory>, soa: 'bool' = "
        "True, soa_min: 'int' = 4, property_min: 'int' = 24, fast_clock: 'bool' = True) -> None",
    },
    "lite_compat": {},
}


def test_signatures_are_unchanged_and_members_only_grow() -> None:
    recorded = json.loads(SNAPSHOT.read_text())
    now = current()
    for package in PACKAGES:
        for name, seen in recorded[package].items():
            here = now[package][name]
            where = f"{package}.{name}"
            assert here["kind"] == seen["kind"], where
            expected = WIDENED[package].get(name, seen.get("signature"))
            assert here.get("signature") == expected, where
            lost = sorted(set(seen.get("members", [])) - set(here.get("members", [])))
            assert not lost, f"{where} lost members {lost}"


if __name__ == "__main__":  # the snapshot is taken once; regenerate only to drop a name on purpose
    sys.path[0] = str(SNAPSHOT.parents[2])  # the repository, not tests/ (whose lite/ would shadow)
    SNAPSHOT.write_text(json.dumps(current(), indent=1, sort_keys=True) + "\n")
    sys.stdout.write(f"wrote {SNAPSHOT}\n")
