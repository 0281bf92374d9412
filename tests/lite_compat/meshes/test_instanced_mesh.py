"""Unit tests for lite_compat.meshes.instanced_mesh (values printed by Babylon.js 9.31)."""

from __future__ import annotations

import pytest

from lite.errors import LiteError
from lite_compat import Animation, InstancedMesh, MeshBuilder, StandardMaterial, TransformNode
from lite_compat.scene.scene import Scene


def test_an_instance_shares_data_and_has_its_own_transform(scene: Scene) -> None:
    material = StandardMaterial("mat", scene)
    source = MeshBuilder.CreateBox("source", {"width": 2, "height": 1, "depth": 1}, scene)
    source.material = material
    source.position.set(1, 0, 0)
    source.rotation.y = 0.25
    source.visibility = 0.5
    source.parent = TransformNode("parent", scene)
    inst = source.createInstance("inst")
    assert isinstance(inst, InstancedMesh) and inst.getClassName() == "InstancedMesh"
    assert inst.sourceMesh is source and inst.geometry is source.geometry
    assert (inst.material, inst.visibility, inst.parent) == (material, 0.5, source.parent)
    assert inst.getTotalVertices() == 24 and source.instances == [inst]
    inst.material = None  # no effect on an instance (Babylon warns)
    assert inst.material is material
    inst.position.set(-3, 2, 1)
    inst.scaling.set(2, 2, 2)
    inst.computeWorldMatrix(True)
    box = inst.getBoundingInfo().boundingBox
    assert [box.minimumWorld.x, box.maximumWorld.x] == pytest.approx(
        [-5.185228809714317, -0.8147711902856827]
    )
    assert inst.getBoundingInfo().boundingSphere.radiusWorld == pytest.approx(2.9793545140759607)


def test_an_instance_animates(scene: Scene) -> None:
    source = MeshBuilder.CreateBox("source", {}, scene)
    inst = source.createInstance("inst")
    slide = Animation("slide", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT)
    slide.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 6}])
    inst.animations.append(slide)
    scene.beginAnimation(inst, 0, 30, False)
    xs = []
    for _ in range(4):
        scene._animate(250)
        inst.computeWorldMatrix(True)
        xs.append(inst.getBoundingInfo().boundingBox.centerWorld.x)
    assert xs == pytest.approx([0, 1.5, 3, 4.5])


def test_dispose_swaps_the_last_instance_in(scene: Scene) -> None:
    source = MeshBuilder.CreateBox("source", {}, scene)
    a, b, c = (source.createInstance(n) for n in "abc")
    a.dispose()
    assert [m.name for m in source.instances] == ["c", "b"]
    assert a not in scene.meshes


def test_a_source_must_be_a_mesh(scene: Scene) -> None:
    with pytest.raises(LiteError) as caught:
        InstancedMesh("bad", TransformNode("t", scene))  # type: ignore[arg-type]
    assert caught.value.code == "LITE-COMPAT-104"
