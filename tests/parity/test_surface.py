"""lite_compat against the Babylon.js 9.31 surface manifest (issue 12), as a ratchet.

The manifest (``parity/surface/manifest.json``) is read from the real ``@babylonjs/core`` 9.31
by ``parity/surface/manifest.mjs``. This is not a pass on an unfinished surface: each class's
count of members that are neither implemented nor refused must not grow beyond the committed
``parity/surface/baseline.json`` (lower it with ``python -m parity.surface --ratchet`` as
members land). Issue 12 requires zero missing everywhere to be done; the table is printed
(``pytest -s``) and kept in docs/compat.md.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from parity.surface.coverage import (
    HERE,
    coverage,
    load_baseline,
    load_manifest,
    markdown_table,
    refusals_markdown,
    total_sentence,
)

# The classes issue 12 names (each also a top-level BABYLON.X name).
ISSUE_CLASSES = [
    "Animation",
    "Animatable",
    "AnimationGroup",
    "TargetedAnimation",
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "RuntimeAnimation",
    "AnimationEvent",
    "AnimationRange",
    "AnimationKeyInterpolation",
    "AnimationPropertiesOverride",
    "PrecisionDate",
    "EngineStore",
    "EasingFunction",
    "BackEase",
    "BezierCurveEase",
    "BounceEase",
    "CircleEase",
    "CubicEase",
    "ElasticEase",
    "ExponentialEase",
    "PowerEase",
    "QuadraticEase",
    "QuarticEase",
    "QuinticEase",
    "SineEase",
    "Scene",
    "Engine",
    "NullEngine",
    "Node",
    "TransformNode",
    "AbstractMesh",
    "Mesh",
    "InstancedMesh",
    "MeshBuilder",
    "Camera",
    "TargetCamera",
    "FreeCamera",
    "UniversalCamera",
    "ArcRotateCamera",
    "Light",
    "ShadowLight",
    "HemisphericLight",
    "DirectionalLight",
    "PointLight",
    "SpotLight",
    "Material",
    "StandardMaterial",
    "PBRMaterial",
    "Texture",
    "Skeleton",
    "Bone",
    "MorphTarget",
    "MorphTargetManager",
    "AssetContainer",
    "InstantiatedEntries",
    "SceneLoader",
    "SceneLoaderAnimationGroupLoadingMode",
    "Observable",
    "Vector2",
    "Vector3",
    "Vector4",
    "Quaternion",
    "Matrix",
    "Color3",
    "Color4",
    "Size",
    "Axis",
    "Space",
    "Tools",
    "Scalar",
    "Angle",
    "Path3D",
    "Curve3",
]
# Issue 29: the engines' common base, counted whole like Scene and the engines.
ISSUE_29_CLASSES = ["AbstractEngine"]
# Issue 29 item 9: the playground boilerplate the old, scoped manifest left out.
BOILERPLATE = {
    "Scene": {
        "clearColor",
        "isReady",
        "executeWhenReady",
        "whenReadyAsync",
        "onDispose",
        "uid",
        "useRightHandedSystem",
        "getDeterministicFrameTime",
    },
    "NullEngine": {
        "resize",
        "getRenderingCanvas",
        "getHardwareScalingLevel",
        "setHardwareScalingLevel",
        "maxFPS",
        "renderEvenInBackground",
        "QueueNewFrame",
        "customAnimationFrameRequester",
        "skipFrameRender",
        "enableOfflineSupport",
        "performanceMonitor",
    },
    "BABYLON": {
        "loadAssetContainerAsync",
        "importAnimationsAsync",
        "appendSceneAsync",
        "loadSceneAsync",
        "ImportMeshAsync",
        "registerSceneLoaderPlugin",
        "RegisterSceneLoaderPlugin",
        "GetRegisteredSceneLoaderPluginMetadata",
    },
}


def test_manifest_is_babylon_9_31_and_lists_the_issue_classes() -> None:
    manifest = load_manifest()
    assert manifest["package"] == "@babylonjs/core"
    assert manifest["version"] == "9.31.0"
    assert set(ISSUE_CLASSES) | set(ISSUE_29_CLASSES) | {"BABYLON"} == set(manifest["classes"])
    top_level = set(manifest["classes"]["BABYLON"]["statics"])
    assert set(ISSUE_CLASSES) <= top_level
    assert {"Epsilon", "LoadSceneAsync", "ImportAnimationsAsync"} <= top_level
    for name, entry in manifest["classes"].items():
        members = entry["statics"] + entry["members"]
        assert members, name
        assert not [m for m in members if m.startswith("_")], name
    # Babylon.js members these tests rely on being in it (read from the real package).
    scene = manifest["classes"]["Scene"]["members"]
    assert {"animationPropertiesOverride", "getStepId", "registerBeforeRender"} <= set(scene)
    assert "createAnimationRange" in manifest["classes"]["Node"]["members"]


def test_manifest_counts_scene_and_engines_whole_and_every_top_level_function() -> None:
    manifest = load_manifest()
    for name, members in BOILERPLATE.items():
        entry = manifest["classes"][name]
        assert members <= set(entry["statics"]) | set(entry["members"]), name
        assert "scope" not in entry and "outOfScope" not in entry, name
    top = manifest["classes"]["BABYLON"]
    # Every top-level name has the folder that exports it (the refusals are keyed on it).
    assert set(top["areas"]) == set(top["statics"])
    assert top["areas"]["PhysicsEngine"] == "Physics"
    assert len(top["statics"]) > 2500  # functions and classes, not issue 12's list


def test_missing_members_do_not_grow() -> None:
    rows = coverage()
    table = markdown_table(rows)
    sys.stdout.write("\n" + table)
    baseline = load_baseline()
    assert set(baseline) == {r.name for r in rows}, "baseline.json must cover every class"
    grown = {
        r.name: (baseline[r.name], len(r.missing), r.missing)
        for r in rows
        if len(r.missing) > baseline[r.name]
    }
    assert not grown, (
        "members went missing (implement or refuse them; see docs/compat.md):\n"
        + "\n".join(f"{n}: {was} -> {now}: {m}" for n, (was, now, m) in grown.items())
    )


def test_refused_members_are_not_counted_as_implemented() -> None:
    rows = {r.name: r for r in coverage()}
    assert "onPointerObservable" in rows["Scene"].refused
    assert rows["Scene"].reasons["onPointerObservable"] == "LITE-COMPAT-022"
    assert "ParseFromSnippetAsync" in rows["Animation"].refused
    assert "animationPropertiesOverride" in rows["Scene"].implemented
    assert rows["AnimationPropertiesOverride"].missing == []


def test_the_boilerplate_is_implemented_and_subsystems_are_refused_with_a_code() -> None:
    rows = {r.name: r for r in coverage()}
    for name, members in BOILERPLATE.items():
        assert members <= set(rows[name].implemented), (name, members - set(rows[name].implemented))
    assert rows["BABYLON"].reasons["PhysicsEngine"] == "LITE-COMPAT-025"
    assert rows["BABYLON"].reasons["StandardRenderingPipeline"] == "LITE-COMPAT-021"
    assert rows["NullEngine"].reasons["createTexture"] == "LITE-COMPAT-021"
    assert rows["Scene"].reasons["enablePhysics"] == "LITE-COMPAT-025"
    assert "CreateBox" in rows["BABYLON"].implemented


def test_the_baseline_only_counts_what_is_missing_today_or_more() -> None:
    # A lower actual count is fine (ratchet it down); the baseline never holds negative counts.
    assert all(isinstance(v, int) and v >= 0 for v in load_baseline().values())


@pytest.mark.skipif(
    shutil.which("node") is None
    or not (HERE.parent / "recorder" / "node_modules" / "@babylonjs" / "core").is_dir(),
    reason="needs node and parity/recorder/node_modules",
)
def test_manifest_is_what_the_pinned_package_gives() -> None:
    done = subprocess.run(
        [
            "node",
            "--import",
            str(HERE.parent / "recorder" / "register.mjs"),
            str(HERE / "manifest.mjs"),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(done.stdout) == load_manifest()


def test_docs_and_readme_show_the_tools_numbers() -> None:
    # Generated by ``python -m parity.surface --docs``, never copied by hand.
    rows = coverage()
    root = HERE.parents[1]
    docs = (root / "docs" / "compat.md").read_text(encoding="utf-8")
    assert markdown_table(rows) in docs
    assert refusals_markdown(rows) in docs
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert (
        "<!-- surface-total:start (python -m parity.surface --docs) -->"
        + total_sentence(rows)
        + "<!-- surface-total:end -->"
    ) in readme
