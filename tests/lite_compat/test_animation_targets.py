"""Unit tests for scene objects as animation targets: every animatable path of nodes, materials, cameras and lights.

Section 12 of the test specification in docs/architecture/compat-nodes.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

import math

import pytest
from numpy.testing import assert_allclose

from lite_compat.animations.animation import Animation
from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.lights.hemispheric_light import HemisphericLight
from lite_compat.lights.point_light import PointLight
from lite_compat.materials.standard_material import StandardMaterial
from lite_compat.math import Color3, Quaternion, Vector3
from lite_compat.meshes.builders.mesh_builder import MeshBuilder
from lite_compat.nodes.node import Node
from lite_compat.scene.scene import Scene
from tests.lite_compat._support import TOL, FakeScene, translation


def resolve_path(target: object, path: str) -> tuple[object, str]:
    """Babylon's dotted-path binding: walk every segment but the last."""
    *head, leaf = path.split(".")
    for name in head:
        target = getattr(target, name)
    return target, leaf


# 12. Animation targets ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "position.x",
        "rotation.y",
        "scaling",
        "rotationQuaternion",
        "material.diffuseColor",
        "material.diffuseColor.r",
        "material.alpha",
        "visibility",
        "isVisible",
    ],
)
def test_mesh_paths_resolve_and_write(path: str) -> None:
    scene = FakeScene()
    mesh = MeshBuilder.CreateBox("b", {}, scene)
    mesh.material = StandardMaterial("m", scene)
    owner, leaf = resolve_path(mesh, path)
    current = getattr(owner, leaf)
    value: object = {
        "scaling": Vector3(2, 2, 2),
        "rotationQuaternion": Quaternion(0, 0, 0, 1),
        "material.diffuseColor": Color3(0.5, 0.5, 0.5),
        "isVisible": False,
    }.get(path, 0.25)
    assert current is not None or path == "rotationQuaternion"
    setattr(owner, leaf, value)
    assert getattr(owner, leaf) == value


@pytest.mark.parametrize(
    ("factory", "path"),
    [
        ("arc", "alpha"),
        ("arc", "beta"),
        ("arc", "radius"),
        ("arc", "fov"),
        ("arc", "target.y"),
        ("free", "position.z"),
        ("free", "rotation.x"),
        ("light", "intensity"),
        ("light", "diffuse.g"),
        ("light", "position.y"),
        ("hemi", "groundColor.b"),
        ("hemi", "direction.x"),
    ],
)
def test_camera_and_light_paths_resolve_and_write(factory: str, path: str) -> None:
    scene = FakeScene()
    target = {
        "arc": lambda: ArcRotateCamera("a", 0, 1, 5, Vector3.Zero(), scene),
        "free": lambda: FreeCamera("f", Vector3(0, 0, -5), scene),
        "light": lambda: PointLight("p", Vector3.Zero(), scene),
        "hemi": lambda: HemisphericLight("h", None, scene),
    }[factory]()
    owner, leaf = resolve_path(target, path)
    assert isinstance(getattr(owner, leaf), float | int)
    setattr(owner, leaf, 0.75)
    assert getattr(owner, leaf) == 0.75


def test_begin_animation_drives_scene_objects_to_their_last_keys(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("b", {}, scene)
    box.material = StandardMaterial("m", scene)
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), scene)
    light = PointLight("p", Vector3(0, 1, 0), scene)

    def animation(path: str, kind: int, start: object, end: object) -> Animation:
        anim = Animation("a", path, 30, kind, Animation.ANIMATIONLOOPMODE_CONSTANT)
        anim.setKeys([{"frame": 0, "value": start}, {"frame": 30, "value": end}])
        return anim

    box.animations.append(animation("position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 3))
    box.animations.append(
        animation(
            "material.diffuseColor",
            Animation.ANIMATIONTYPE_COLOR3,
            Color3(1, 0, 0),
            Color3(0, 0, 1),
        )
    )
    cam.animations.append(animation("alpha", Animation.ANIMATIONTYPE_FLOAT, 0, math.pi / 2))
    light.animations.append(animation("intensity", Animation.ANIMATIONTYPE_FLOAT, 0, 2))
    for target in (box, cam, light):
        scene.beginAnimation(target, 0, 30, False)
    for _ in range(120):
        scene._animate(16)
    cam.update()
    assert box.position.x == 3 and light.intensity == 2
    assert box.material is not None
    assert isinstance(box.material, StandardMaterial)
    assert box.material.diffuseColor.asArray() == [0, 0, 1]
    assert cam.alpha == pytest.approx(math.pi / 2)
    assert_allclose(cam.position.asArray(), [0, 10 * math.cos(1), 10 * math.sin(1)], **TOL)
    assert_allclose(translation(box.computeWorldMatrix(True)), [3, 0, 0], **TOL)


def test_begin_animation_on_a_mesh_also_plays_its_material(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("b", {}, scene)
    material = StandardMaterial("m", scene)
    box.material = material
    assert box.getAnimatables() == [material] and material.getAnimatables() == []
    fade = Animation(
        "fade", "alpha", 30, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT
    )
    fade.setKeys([{"frame": 0, "value": 1}, {"frame": 30, "value": 0.5}])
    material.animations = [fade]
    scene.beginAnimation(box, 0, 30, False)
    for _ in range(120):
        scene._animate(16)
    assert material.alpha == 0.5


def test_node_base_class_is_usable() -> None:
    scene = FakeScene()
    node = Node("plain", scene)
    assert node.getClassName() == "Node" and node.computeWorldMatrix().isIdentity()
    assert node in scene.rootNodes  # type: ignore[attr-defined]
