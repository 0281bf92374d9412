"""Unit tests for lite_compat.engines.engine_store: the last created scene and SceneLike."""

from __future__ import annotations

from types import SimpleNamespace

from lite_compat.engines.engine_store import (
    EngineStore,
    NullEngine,
    SceneLike,
    resolve_scene,
    scene_add,
    scene_flag,
    scene_remove,
)
from lite_compat.scene.scene import Scene


def test_the_last_created_scene_is_the_fallback_and_moves_back_on_dispose() -> None:
    engine = NullEngine()
    first = Scene(engine)
    second = Scene(engine)
    assert EngineStore.LastCreatedEngine() is engine
    assert resolve_scene(None) is second
    explicit = object()
    assert resolve_scene(explicit) is explicit
    second.dispose()
    assert EngineStore.LastCreatedScene() is first
    engine.dispose()
    assert engine not in EngineStore.Instances


def test_scene_like_recognises_a_scene_and_not_a_target() -> None:
    scene = Scene(NullEngine())
    assert isinstance(scene, SceneLike)
    assert not isinstance(SimpleNamespace(x=1.0, getScene=lambda: scene), SceneLike)


def test_duck_typed_helpers_use_adders_or_create_the_list() -> None:
    bare = SimpleNamespace()
    item = object()
    scene_add(bare, "addMesh", "meshes", item)
    scene_add(bare, "addMesh", "meshes", item)  # idempotent
    assert bare.meshes == [item]
    scene_remove(bare, "removeMesh", "meshes", item)
    assert bare.meshes == []
    assert scene_flag(SimpleNamespace(useRightHandedSystem=True), "useRightHandedSystem")
    assert not scene_flag(bare, "useRightHandedSystem")
