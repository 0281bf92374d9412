"""The active-mesh evaluation of scene.render() (lite_compat/scene/scene_render.py): which
skeletons a pass prepares, how often, the default material and the SmartArray it returns.
Babylon's numbers are checked by the parity scenarios compat_render_prepare and
compat_render_pipeline; these tests pin the mechanics around them."""

from __future__ import annotations

from typing import Any

import pytest

from lite.errors import LiteError
from lite_compat import (
    Bone,
    FreeCamera,
    Matrix,
    MeshBuilder,
    NullEngine,
    Scene,
    Skeleton,
    StandardMaterial,
    TransformNode,
    Vector3,
)
from lite_compat.scene.smart_array import SmartArray, SmartArrayNoDuplicate


def _rig(scene: Scene, name: str) -> tuple[Any, Skeleton, TransformNode]:
    """A box skinned to a two-bone skeleton whose second bone follows a transform node."""
    skeleton = Skeleton(name, name, scene)
    root = Bone("root", skeleton)
    tip = Bone("tip", skeleton, root, Matrix.Translation(0, 1, 0))
    node = TransformNode(f"{name}-tip", scene)
    node.position = Vector3(0, 1, 0)
    tip.linkTransformNode(node)
    mesh = MeshBuilder.CreateBox(name, {"size": 1}, scene)
    mesh.skeleton = skeleton
    return mesh, skeleton, node


@pytest.fixture
def scene() -> Any:
    engine = NullEngine()
    scene = Scene(engine)
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    yield scene
    engine.dispose()


def test_render_prepares_active_skeletons_once_per_pass(scene: Any) -> None:
    mesh, skeleton, node = _rig(scene, "seen")
    twin = MeshBuilder.CreateBox("twin", {"size": 1}, scene)
    twin.skeleton = skeleton  # two meshes, one skeleton: prepared once
    computed: list[int] = []
    skeleton.onBeforeComputeObservable.add(lambda *_: computed.append(scene.getRenderId()))
    node.position.y = 3
    scene.render()
    assert computed == [2]
    assert skeleton.bones[1].getAbsolutePosition(mesh).y == pytest.approx(3)
    skeleton.prepare()  # the same render id: nothing
    assert computed == [2]
    # Copying a linked node's TRS goes through the bone setters, which mark the skeleton
    # dirty (as in Babylon.js): a linked skeleton is recomputed every render.
    scene.render()
    assert computed == [2, 4] and skeleton._currentRenderId == 4
    node.position.y = 4
    scene.render()
    assert computed == [2, 4, 6]
    assert skeleton.bones[1].getWorldMatrix().m[13] == pytest.approx(4)


def test_culled_disabled_and_switched_off_skeletons_are_not_prepared(scene: Any) -> None:
    _, behind, _ = _rig(scene, "behind")
    scene.getMeshByName("behind").position.z = -50
    disabled_mesh, disabled, _ = _rig(scene, "disabled")
    disabled_mesh.setEnabled(False)
    scene.render()
    assert behind._currentRenderId == -1 and disabled._currentRenderId == -1
    scene.skeletonsEnabled = False
    seen_mesh, seen, _ = _rig(scene, "seen")
    scene.render()
    assert seen._currentRenderId == -1
    scene.skeletonsEnabled = True
    scene.render()
    assert seen._currentRenderId == scene.getRenderId()
    assert [m.name for m in scene.getActiveMeshes().data[: scene.getActiveMeshes().length]] == [
        "seen"
    ]


def test_prepare_skeletons_is_the_one_seam_for_per_render_skeleton_work(scene: Any) -> None:
    _, skeleton, _ = _rig(scene, "seen")
    batches: list[tuple[int, list[Skeleton]]] = []

    def batched(render_id: int) -> None:
        active = scene._activeSkeletons
        batches.append((render_id, active.data[: active.length]))

    scene._prepareSkeletons = batched
    scene.render()
    assert batches == [(2, [skeleton])] and skeleton._currentRenderId == -1


def test_default_material_is_created_by_the_first_render_drawing_a_bare_mesh(scene: Any) -> None:
    red = StandardMaterial("red", scene)
    MeshBuilder.CreateBox("red", {"size": 1}, scene).material = red
    scene.render()
    assert scene.materials == [red]
    bare = MeshBuilder.CreateBox("bare", {"size": 1}, scene)
    scene.render()
    default = scene.materials[-1]
    assert (default.name, default.getClassName()) == ("default material", "StandardMaterial")
    assert scene.defaultMaterial is default and bare.material is None
    scene.render()
    assert len(scene.materials) == 2


def test_default_material_factory_can_be_replaced() -> None:
    saved = Scene.DefaultMaterialFactory
    Scene.DefaultMaterialFactory = staticmethod(lambda s: StandardMaterial("mine", s))
    try:
        engine = NullEngine()
        scene = Scene(engine)
        assert scene.defaultMaterial.name == "mine"
        engine.dispose()
    finally:
        Scene.DefaultMaterialFactory = saved


def test_need_initial_skin_matrix_palettes_are_per_mesh(scene: Any) -> None:
    skeleton = Skeleton("rooted", "rooted", scene)
    skeleton.needInitialSkinMatrix = True
    Bone("root", skeleton, None, Matrix.Translation(1, 0, 0))
    mesh = MeshBuilder.CreateBox("rooted", {"size": 1}, scene)
    mesh.skeleton = skeleton
    assert skeleton.getPoseMatrix() is mesh.getPoseMatrix()
    with pytest.raises(LiteError) as info:
        skeleton.getTransformMatrices()
    assert info.value.code == "LITE-COMPAT-290"
    palette = skeleton.getTransformMatrices(mesh)
    assert len(palette) == 32 and palette is mesh._bonesTransformMatrices
    mesh.skeleton = None
    assert skeleton.getPoseMatrix() is None and mesh._bonesTransformMatrices is None


def test_smart_arrays_keep_their_storage() -> None:
    arr: SmartArray[str] = SmartArray(2)
    for item in "abc":
        arr.push(item)
    assert (arr.length, arr.data, arr.indexOf("b"), arr.contains("z")) == (
        3,
        ["a", "b", "c"],
        1,
        False,
    )
    arr.reset()
    assert arr.length == 0 and arr.data == ["a", "b", "c"] and arr.indexOf("a") == -1
    unique: SmartArrayNoDuplicate[object] = SmartArrayNoDuplicate(4)
    thing = object()
    assert unique.pushNoDuplicate(thing) and not unique.pushNoDuplicate(thing)
    unique.reset()
    assert unique.pushNoDuplicate(thing) and unique.length == 1
