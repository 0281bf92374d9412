"""Unit tests for lite_compat's scene objects (node, mesh, mesh_builder, materials, cameras,
lights).

Numbered after the test specification in docs/architecture/compat-scene-objects.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from numpy.testing import assert_allclose

import lite_compat.nodes.vertex_data as vertex_data
from lite.errors import UnsupportedError
from lite_compat.animations.animation import Animation
from lite_compat.math import Color3, Matrix, Quaternion, Vector3, Vector4
from lite_compat.nodes.cameras import ArcRotateCamera, Camera, FreeCamera
from lite_compat.nodes.lights import DirectionalLight, HemisphericLight, Light, PointLight
from lite_compat.nodes.materials import Material, StandardMaterial
from lite_compat.nodes.mesh import GroundMesh, Mesh
from lite_compat.nodes.mesh_builder import MeshBuilder
from lite_compat.nodes.node import Node, Space, TransformNode
from lite_compat.nodes.vertex_data import VertexBuffer, VertexData
from lite_compat.scene.engine_store import NullEngine
from lite_compat.scene.scene import Scene

TOL = {"rtol": 1e-6, "atol": 1e-6}


class FakeScene:
    """A scene with a render id we control and no add*/remove* methods (lists are created)."""

    def __init__(self) -> None:
        self.render_id = 0
        self.activeCamera: object = None

    def getRenderId(self) -> int:
        return self.render_id


@pytest.fixture
def scene() -> Scene:
    return Scene(NullEngine())


def translation(m: Matrix) -> list[float]:
    return [m.m[12], m.m[13], m.m[14]]


def resolve_path(target: object, path: str) -> tuple[object, str]:
    """Babylon's dotted-path binding: walk every segment but the last."""
    *head, leaf = path.split(".")
    for name in head:
        target = getattr(target, name)
    return target, leaf


# 1. Identity and defaults -----------------------------------------------------------------


def test_transform_node_defaults_match_babylon() -> None:
    node = TransformNode("n", FakeScene())
    assert (node.name, node.id, node.state, node.metadata) == ("n", "n", "", None)
    assert node.position.asArray() == [0, 0, 0]
    assert node.rotation.asArray() == [0, 0, 0]
    assert node.scaling.asArray() == [1, 1, 1]
    assert node.rotationQuaternion is None
    assert node.animations == [] and node.animations is not TransformNode("m").animations
    assert node.scalingDeterminant == 1
    assert node.isEnabled() and node.isVisible
    assert node.getClassName() == "TransformNode"


def test_unique_ids_increase(scene: Scene) -> None:
    a, b = TransformNode("a", scene), Mesh("b", scene)
    assert b.uniqueId > a.uniqueId


def test_node_without_scene_uses_last_created_scene() -> None:
    last = Scene(NullEngine())
    node = TransformNode("orphan")
    assert node.getScene() is last
    assert node in last.transformNodes


# 2. TRS properties ------------------------------------------------------------------------


def test_position_setter_stores_the_object_itself() -> None:
    node = TransformNode("n", FakeScene())
    v = Vector3(1, 2, 3)
    node.position = v
    assert node.position is v
    node.position.set(4, 5, 6)
    assert node.position is v and v.asArray() == [4, 5, 6]


def test_assigning_rotation_quaternion_zeroes_rotation() -> None:
    node = TransformNode("n", FakeScene())
    node.rotation.set(0.1, 0.2, 0.3)
    node.rotationQuaternion = Quaternion(0, 0, 0, 1)
    assert node.rotation.asArray() == [0, 0, 0]


def test_assigning_rotation_clears_rotation_quaternion() -> None:
    node = TransformNode("n", FakeScene())
    node.rotationQuaternion = Quaternion(0, 0, 0, 1)
    node.rotation = Vector3(0, 1, 0)
    assert node.rotationQuaternion is None


def test_rotation_quaternion_wins_over_rotation() -> None:
    node = TransformNode("n", FakeScene())
    node.rotationQuaternion = Quaternion.Identity()
    node.rotation.y = 1.0  # ignored while a quaternion is set
    assert node.computeWorldMatrix(True).isIdentity()


# 3. World-matrix composition ----------------------------------------------------------------


def test_world_matrix_is_local_trs_times_parent() -> None:
    scene = FakeScene()
    parent = TransformNode("p", scene)
    parent.position = Vector3(1, 2, 3)
    parent.scaling = Vector3(2, 2, 2)
    parent.rotation.y = math.pi / 2  # left-handed yaw: +X turns to -Z
    child = TransformNode("c", scene)
    child.parent = parent
    child.position.x = 1
    world = child.computeWorldMatrix(True)
    assert_allclose(translation(world), [1, 2, 1], **TOL)
    assert_allclose(list(world.m[0:3]), [0, 0, -2], **TOL)


def test_negative_scale_gives_negative_determinant() -> None:
    node = TransformNode("n", FakeScene())
    node.scaling = Vector3(1, -1, 0.5)
    world = node.computeWorldMatrix(True)
    assert world.determinant() == pytest.approx(-0.5)
    assert node.nonUniformScaling


def test_scaling_determinant_mirrors_all_axes() -> None:
    node = TransformNode("n", FakeScene())
    node.scalingDeterminant = -1
    assert list(node.computeWorldMatrix(True).m[0:11:5]) == [-1, -1, -1]


def test_non_uniform_scaling_is_inherited_from_parent() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    parent.scaling.set(1, 2, 1)
    parent.computeWorldMatrix(True)
    child.computeWorldMatrix(True)
    assert child.nonUniformScaling


def test_pivot_point_rotates_around_the_pivot() -> None:
    node = TransformNode("n", FakeScene())
    node.rotation.z = math.pi
    node.setPivotPoint(Vector3(1, 0, 0))
    # Rotating 180 degrees about the pivot (1, 0, 0) sends the origin to (2, 0, 0).
    assert_allclose(translation(node.computeWorldMatrix(True)), [2, 0, 0], **TOL)


def test_billboard_mode_is_refused_with_a_code() -> None:
    node = TransformNode("n", FakeScene())
    with pytest.raises(UnsupportedError) as exc:
        node.billboardMode = TransformNode.BILLBOARDMODE_ALL
    assert exc.value.code == "LITE-UNSUP-001"
    node.billboardMode = TransformNode.BILLBOARDMODE_NONE


# 4. World-matrix cache ----------------------------------------------------------------------


def test_in_place_edit_is_stale_until_forced_within_one_render_id() -> None:
    node = TransformNode("n", FakeScene())
    node.position.x = 1
    assert node.computeWorldMatrix().m[12] == 1
    node.position.x = 5
    assert node.computeWorldMatrix().m[12] == 1
    assert node.getWorldMatrix().m[12] == 1
    assert node.computeWorldMatrix(True).m[12] == 5


def test_assignment_marks_dirty() -> None:
    node = TransformNode("n", FakeScene())
    node.computeWorldMatrix()
    node.position = Vector3(7, 0, 0)
    assert node.computeWorldMatrix().m[12] == 7


def test_new_render_id_recomputes_only_what_changed() -> None:
    scene = FakeScene()
    node = TransformNode("n", scene)
    node.computeWorldMatrix()
    node.position.x = 3
    scene.render_id = 1
    assert node.getWorldMatrix().m[12] == 3
    calls: list[object] = []
    node.onAfterWorldMatrixUpdateObservable.add(lambda n, _s: calls.append(n))
    scene.render_id = 2
    node.getWorldMatrix()  # nothing changed: the cached matrix is kept
    assert calls == []


def test_mark_as_dirty_recomputes() -> None:
    node = TransformNode("n", FakeScene())
    node.computeWorldMatrix()
    node.rotation.y = 1
    node.markAsDirty()
    assert node.getWorldMatrix().m[0] == pytest.approx(math.cos(1), abs=1e-7)


def test_force_recomputes_the_ancestors() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    child.computeWorldMatrix()
    parent.position.z = 3
    assert child.computeWorldMatrix().m[14] == 0
    assert child.computeWorldMatrix(True).m[14] == 3


def test_frozen_world_matrix_ignores_changes() -> None:
    node = TransformNode("n", FakeScene())
    node.position.x = 1
    node.freezeWorldMatrix()
    node.position.x = 2
    assert node.computeWorldMatrix(True).m[12] == 1
    node.unfreezeWorldMatrix()
    assert node.computeWorldMatrix().m[12] == 2


# 5. Hierarchy, enabled state, disposal -------------------------------------------------------


def test_parent_setter_moves_between_children_lists_and_root_nodes() -> None:
    scene = FakeScene()
    a, b, c = TransformNode("a", scene), TransformNode("b", scene), TransformNode("c", scene)
    roots = scene.rootNodes  # type: ignore[attr-defined]
    assert [n.name for n in roots] == ["a", "b", "c"]
    c.parent = a
    assert a.getChildren() == [c] and [n.name for n in roots] == ["a", "b"]
    c.parent = b
    assert a.getChildren() == [] and b.getChildren() == [c]
    c.parent = None
    assert [n.name for n in roots] == ["a", "b", "c"]


def test_root_node_removal_swaps_in_the_last_root() -> None:
    scene = FakeScene()
    a, _, c = TransformNode("a", scene), TransformNode("b", scene), TransformNode("c", scene)
    a.parent = c
    assert [n.name for n in scene.rootNodes] == ["c", "b"]  # type: ignore[attr-defined]


def test_descendants_are_depth_first() -> None:
    scene = FakeScene()
    a, b, c, d = (TransformNode(n, scene) for n in "abcd")
    b.parent, c.parent, d.parent = a, b, a
    assert [n.name for n in a.getDescendants()] == ["b", "c", "d"]
    assert [n.name for n in a.getDescendants(True)] == ["b", "d"]
    assert c.isDescendantOf(a) and not a.isDescendantOf(c)


def test_disabled_parent_disables_children() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    parent.setEnabled(False)
    assert not child.isEnabled() and child.isEnabled(False)
    parent.setEnabled(True)
    assert child.isEnabled()


def test_dispose_recurses_or_unparents(scene: Scene) -> None:
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    parent.dispose()
    assert parent not in scene.transformNodes and child not in scene.transformNodes
    assert child.isDisposed()
    keeper, kept = TransformNode("k", scene), TransformNode("kc", scene)
    kept.parent = keeper
    keeper.dispose(doNotRecurse=True)
    assert kept.parent is None and not kept.isDisposed() and kept in scene.rootNodes


# 6. Absolute transforms and re-parenting ------------------------------------------------------


def test_set_absolute_position_under_a_parent() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    parent.position.set(1, 0, 0)
    parent.scaling.set(2, 2, 2)
    child.parent = parent
    child.setAbsolutePosition(Vector3(5, 4, 2))
    assert_allclose(child.position.asArray(), [2, 2, 1], **TOL)
    assert_allclose(translation(child.computeWorldMatrix(True)), [5, 4, 2], **TOL)


def test_set_parent_keeps_the_world_matrix() -> None:
    scene = FakeScene()
    other = TransformNode("o", scene)
    other.position.set(-3, 1, 0)
    other.rotation.y = 1
    node = TransformNode("n", scene)
    node.position.set(1, 1, 1)
    node.rotation.set(0.2, 0.4, 0.6)
    before = list(node.computeWorldMatrix(True).m)
    node.setParent(other)
    assert node.parent is other
    assert_allclose(list(node.computeWorldMatrix(True).m), before, **TOL)


def test_rotate_switches_to_a_quaternion() -> None:
    node = TransformNode("n", FakeScene())
    node.rotate(Vector3(0, 2, 0), math.pi / 2, Space.LOCAL)
    q = node.rotationQuaternion
    assert q is not None
    assert_allclose(
        [q.x, q.y, q.z, q.w], [0, math.sin(math.pi / 4), 0, math.cos(math.pi / 4)], **TOL
    )


# 7. Mesh builders -----------------------------------------------------------------------------


def test_default_box_counts_and_first_face() -> None:
    box = MeshBuilder.CreateBox("b", {}, FakeScene())
    assert (box.getTotalVertices(), box.getTotalIndices()) == (24, 36)
    assert box.getVerticesData(VertexBuffer.PositionKind)[:12] == [
        0.5, -0.5, 0.5, -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
    ]  # fmt: skip
    assert box.getVerticesData(VertexBuffer.UVKind)[:8] == [1, 1, 0, 1, 0, 0, 1, 0]
    assert box.getVerticesDataKinds() == ["position", "normal", "uv"]


def test_box_size_zero_falls_back_like_javascript_or() -> None:
    box = MeshBuilder.CreateBox("b", {"size": 0, "width": 4}, FakeScene())
    assert box.getVerticesData("position")[:3] == [2.0, -0.5, 0.5]


def test_double_sided_box_appends_reversed_back_faces() -> None:
    box = MeshBuilder.CreateBox("b", {"sideOrientation": Mesh.DOUBLESIDE}, FakeScene())
    indices = box.getIndices()
    normals = box.getVerticesData("normal")
    assert (box.getTotalVertices(), len(indices)) == (48, 72)
    assert indices[36:39] == [2 + 24, 1 + 24, 0 + 24]
    assert normals[72:75] == [-0.0, -0.0, -1.0]


def test_back_side_reverses_winding_and_normals() -> None:
    plane = MeshBuilder.CreatePlane("p", {"sideOrientation": Mesh.BACKSIDE}, FakeScene())
    assert plane.getIndices() == [2, 1, 0, 3, 2, 0]
    assert plane.getVerticesData("normal")[:3] == [-0.0, -0.0, 1.0]


def test_double_sided_plane_maps_front_and_back_uvs() -> None:
    plane = MeshBuilder.CreatePlane(
        "p",
        {
            "sideOrientation": Mesh.DOUBLESIDE,
            "frontUVs": Vector4(0, 0, 0.5, 1),
            "backUVs": Vector4(0.5, 0, 1, 1),
        },
        FakeScene(),
    )
    uvs = plane.getVerticesData("uv")
    assert uvs[:8] == [0, 0, 0.5, 0, 0.5, 1, 0, 1]
    assert uvs[8:] == [0.5, 0, 1, 0, 1, 1, 0.5, 1]


def test_box_face_colors_give_four_per_face() -> None:
    colors = [SimpleNamespace(r=i / 5, g=0, b=0, a=1) for i in range(6)]
    box = MeshBuilder.CreateBox("b", {"faceColors": colors}, FakeScene())
    data = box.getVerticesData("color")
    assert len(data) == 96 and data[16:20] == [0.2, 0, 0, 1]


def test_plane_honours_zero_width() -> None:
    plane = MeshBuilder.CreatePlane("p", {"width": 0, "size": 3}, FakeScene())
    positions = plane.getVerticesData("position")
    assert positions[0::3] == [0, 0, 0, 0] and positions[1] == -1.5


@pytest.mark.parametrize("segments", [1, 2, 5])
def test_sphere_counts(segments: int) -> None:
    sphere = MeshBuilder.CreateSphere("s", {"segments": segments}, FakeScene())
    total_z = segments + 2
    assert sphere.getTotalVertices() == (total_z + 1) * (2 * total_z + 1)
    assert sphere.getTotalIndices() == 6 * (2 * total_z) * total_z


def test_sphere_vertices_lie_on_the_ellipsoid() -> None:
    options = {"segments": 3, "diameterX": 2, "diameterY": 4, "diameterZ": 6}
    positions = MeshBuilder.CreateSphere("s", options, FakeScene()).getVerticesData("position")
    for i in range(0, len(positions), 3):
        x, y, z = positions[i : i + 3]
        assert (x / 1) ** 2 + (y / 2) ** 2 + (z / 3) ** 2 == pytest.approx(1, abs=1e-6)


def test_sphere_segments_truncate_and_zero_means_default() -> None:
    scene = FakeScene()
    assert MeshBuilder.CreateSphere("a", {"segments": 2.7}, scene).getTotalVertices() == 45
    assert MeshBuilder.CreateSphere("b", {"segments": 0}, scene).getTotalVertices() == 2415


def test_ground_rows_run_from_plus_z_to_minus_z() -> None:
    ground = MeshBuilder.CreateGround("g", {"width": 4, "height": 2, "subdivisions": 2}, None)
    positions = ground.getVerticesData("position")
    assert isinstance(ground, GroundMesh) and ground.subdivisions == 2
    assert ground.getTotalVertices() == 9
    assert positions[:3] == [-2, 0, 1] and positions[-3:] == [2, 0, -1]
    assert ground.getVerticesData("uv")[:2] == [0, 1]
    assert ground.getIndices()[:6] == [4, 1, 0, 3, 4, 0]


def test_opengl_uv_orientation_flips_v(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vertex_data, "useOpenGLOrientationForUV", True)
    plane = MeshBuilder.CreatePlane("p", {}, FakeScene())
    assert plane.getVerticesData("uv")[:4] == [0, 1, 1, 1]


def test_builder_leaves_the_options_dict_untouched() -> None:
    options: dict[str, object] = {"size": 2}
    MeshBuilder.CreateBox("b", options, FakeScene())
    assert options == {"size": 2}


# 8. Mesh vertex data ---------------------------------------------------------------------------


def test_mesh_without_geometry() -> None:
    mesh = Mesh("m", FakeScene())
    assert mesh.getTotalVertices() == 0
    assert mesh.getIndices() == []
    assert mesh.getVerticesData("position") is None
    assert not mesh.isVerticesDataPresent("position")
    assert (mesh.isVisible, mesh.visibility, mesh.material) == (True, 1.0, None)


def test_vertices_data_is_shared_unless_copied() -> None:
    mesh = Mesh("m", FakeScene())
    data = [0.0, 0, 0, 1, 0, 0, 0, 1, 0]
    mesh.setVerticesData(VertexBuffer.PositionKind, data)
    assert mesh.getVerticesData("position") is data
    copy = mesh.getVerticesData("position", forceCopy=True)
    assert copy == data and copy is not data
    assert mesh.getTotalVertices() == 3


def test_vertex_data_apply_to_mesh() -> None:
    vertex_data = VertexData()
    vertex_data.positions = [0, 0, 0, 1, 0, 0, 0, 1, 0]
    vertex_data.indices = [0, 1, 2]
    mesh = Mesh("m", FakeScene())
    vertex_data.applyToMesh(mesh)
    assert mesh.getIndices() == [0, 1, 2] and mesh.getTotalIndices() == 3


# 9. Materials ----------------------------------------------------------------------------------


def test_standard_material_defaults(scene: Scene) -> None:
    material = StandardMaterial("m", scene)
    assert material.diffuseColor.asArray() == [1, 1, 1]
    assert material.specularColor.asArray() == [1, 1, 1]
    assert material.emissiveColor.asArray() == [0, 0, 0]
    assert material.ambientColor.asArray() == [0, 0, 0]
    assert (material.alpha, material.specularPower) == (1, 64)
    assert material.backFaceCulling and not material.wireframe
    assert material.animations is None
    assert material in scene.materials and material.id == "m"


def test_wireframe_and_points_cloud_are_fill_modes() -> None:
    material = StandardMaterial("m", FakeScene())
    material.wireframe = True
    assert material.fillMode == Material.WireFrameFillMode
    material.pointsCloud = True
    assert (material.fillMode, material.wireframe) == (Material.PointFillMode, False)
    material.fillMode = Material.LineStripDrawMode
    assert material.wireframe


def test_scene_force_wireframe() -> None:
    scene = FakeScene()
    scene.forceWireframe = True  # type: ignore[attr-defined]
    assert StandardMaterial("m", scene).wireframe


def test_unnamed_material_gets_a_random_id() -> None:
    assert len(Material("", FakeScene()).id) == 36


def test_material_dispose_unassigns_meshes(scene: Scene) -> None:
    material = StandardMaterial("m", scene)
    mesh = Mesh("mesh", scene)
    mesh.material = material
    material.dispose()
    assert mesh.material is None and material not in scene.materials


# 10. Cameras ------------------------------------------------------------------------------------


def test_arc_rotate_position_from_angles() -> None:
    cam = ArcRotateCamera("c", 0, math.pi / 2, 10, Vector3(1, 2, 3), FakeScene())
    assert_allclose(cam.position.asArray(), [11, 2, 3], **TOL)
    cam.alpha = math.pi / 2
    assert_allclose(cam.position.asArray(), [11, 2, 3], **TOL)  # stale until the view matrix
    cam.getViewMatrix()
    assert_allclose(cam.position.asArray(), [1, 2, 13], **TOL)


def test_arc_rotate_keeps_target_by_reference_unless_equal() -> None:
    target = Vector3(1, 2, 3)
    assert ArcRotateCamera("a", 0, 1, 5, target, FakeScene()).target is target
    zero = Vector3.Zero()
    # Babylon returns early when the new target equals the current (0, 0, 0) one.
    assert ArcRotateCamera("b", 0, 1, 5, zero, FakeScene()).target is not zero


def test_arc_rotate_update_applies_beta_limits() -> None:
    cam = ArcRotateCamera("c", 0, 0, 10, Vector3.Zero(), FakeScene())
    cam.update()
    assert cam.beta == 0.01
    cam.beta = 4
    cam.update()
    assert cam.beta == math.pi - 0.01


def test_arc_rotate_alpha_and_radius_limits() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    cam.lowerAlphaLimit, cam.upperAlphaLimit = -1, 1
    cam.lowerRadiusLimit, cam.upperRadiusLimit = 2, 8
    cam.alpha, cam.radius = 3, 20
    cam.update()
    assert (cam.alpha, cam.radius) == (1, 8)


def test_arc_rotate_zero_radius_and_beta_are_nudged() -> None:
    cam = ArcRotateCamera("c", 0, 0, 0, Vector3.Zero(), FakeScene())
    assert cam.radius == 0.0001
    assert_allclose(cam.position.asArray(), [0.0001 * 0.0001, 0.0001, 0], rtol=1e-9, atol=1e-15)


def test_arc_rotate_set_position_rebuilds_angles() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    cam.setPosition(Vector3(0, 0, 5))
    assert_allclose([cam.alpha, cam.beta, cam.radius], [math.pi / 2, math.pi / 2, 5], **TOL)
    cam.alpha = 20
    cam.position = Vector3(0, 0, -5)
    # alpha = 3*pi/2 is moved by whole turns to the representation closest to 20.
    assert cam.alpha == pytest.approx(3 * math.pi / 2 + 2 * 2 * math.pi)


def test_arc_rotate_follows_a_node_target() -> None:
    scene = FakeScene()
    host = TransformNode("host", scene)
    host.position.set(2, 0, -1)
    cam = ArcRotateCamera("c", 0, math.pi / 2, 3, host, scene)
    assert cam.targetHost is host
    host.position.set(-1, 3, 0)
    host.computeWorldMatrix(True)
    cam.getViewMatrix()
    assert_allclose(cam.position.asArray(), [2, 3, 0], **TOL)


def test_arc_rotate_up_vector_is_normalised_copy() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    up = Vector3(0, 0, 2)
    cam.upVector = up
    assert cam.upVector is not up and cam.upVector.asArray() == [0, 0, 1]


def test_arc_rotate_inertial_offsets_decay() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    cam.inertialAlphaOffset = 0.1
    cam.update()
    assert cam.alpha == pytest.approx(0.1)
    assert cam.inertialAlphaOffset == pytest.approx(0.09)


def test_camera_activation_and_defaults(scene: Scene) -> None:
    first = FreeCamera("first", Vector3(0, 0, -10), scene)
    second = FreeCamera("second", Vector3(0, 0, -5), scene, setActiveOnSceneIfNoneActive=True)
    assert scene.activeCamera is first
    assert (first.fov, first.minZ, first.maxZ) == (0.8, 1, 10000)
    assert (first.inertia, first.speed) == (0.9, 2)
    assert first.mode == Camera.PERSPECTIVE_CAMERA and first.rotationQuaternion is None
    first.dispose()
    assert scene.activeCamera is second and first not in scene.cameras


def test_free_camera_set_target() -> None:
    cam = FreeCamera("c", Vector3(0, 5, -10), FakeScene())
    cam.setTarget(Vector3.Zero())
    assert_allclose(cam.rotation.asArray(), [math.atan2(5, 10), 0, 0], **TOL)
    cam.getViewMatrix()
    assert_allclose(cam.getTarget().asArray(), [0, 0, 0], atol=1e-6)
    assert_allclose(cam.globalPosition.asArray(), [0, 5, -10], atol=1e-5)


def test_free_camera_same_z_target_nudges_position() -> None:
    cam = FreeCamera("c", Vector3(1, 2, 3), FakeScene())
    cam.setTarget(Vector3(4, 2, 3))
    assert cam.position.z == 3.001
    assert cam.rotation.y == pytest.approx(math.pi / 2, abs=1e-3)


def test_free_camera_position_is_the_argument() -> None:
    position = Vector3(1, 2, 3)
    assert FreeCamera("c", position, FakeScene()).position is position


# 11. Lights --------------------------------------------------------------------------------------


def test_light_defaults(scene: Scene) -> None:
    direction = Vector3(0, 1, 0)
    hemi = HemisphericLight("h", direction, scene)
    assert hemi.direction is direction
    assert (hemi.intensity, hemi.range, hemi.getTypeID()) == (1, 1.7976931348623157e308, 3)
    assert hemi.diffuse.asArray() == [1, 1, 1] and hemi.specular.asArray() == [1, 1, 1]
    assert hemi.groundColor.asArray() == [0, 0, 0]
    assert HemisphericLight("h2", None, scene).direction.asArray() == [0, 1, 0]
    point = PointLight("p", Vector3(1, 2, 3), scene)
    assert point.direction is None and point.needCube()
    assert scene.lights == [hemi, scene.lights[1], point]


def test_directional_light_position_is_minus_direction() -> None:
    direction = Vector3(-1, -2, 0.5)
    sun = DirectionalLight("d", direction, FakeScene())
    assert sun.direction is direction
    assert sun.position.asArray() == [1, 2, -0.5]


@pytest.mark.parametrize(
    ("factory", "mode", "radius", "expected"),
    [
        ("point", Light.INTENSITYMODE_LUMINOUSPOWER, 0.5, 1 / (4 * math.pi)),
        ("point", Light.INTENSITYMODE_LUMINANCE, 0.5, 0.25),
        ("point", Light.INTENSITYMODE_ILLUMINANCE, 0.5, 0.0),
        ("sun", Light.INTENSITYMODE_LUMINANCE, 0.0, 2 * math.pi * (1 - math.cos(0.001))),
        ("sun", Light.INTENSITYMODE_AUTOMATIC, 0.5, 1.0),
        ("hemi", Light.INTENSITYMODE_LUMINANCE, 0.5, 1.0),
    ],
)
def test_photometric_scale(factory: str, mode: int, radius: float, expected: float) -> None:
    scene = FakeScene()
    lights: dict[str, Light] = {
        "point": PointLight("p", Vector3.Zero(), scene),
        "sun": DirectionalLight("d", Vector3(0, -1, 0), scene),
        "hemi": HemisphericLight("h", None, scene),
    }
    light = lights[factory]
    light.radius = radius
    light.intensityMode = mode
    light.intensity = 2
    assert light.getScaledIntensity() == pytest.approx(2 * expected)


def test_range_setter_updates_inverse_squared_range() -> None:
    light = PointLight("p", Vector3.Zero(), FakeScene())
    assert light._inverseSquaredRange == 0
    light.range = 4
    assert light._inverseSquaredRange == 1 / 16


def test_point_light_world_matrix_follows_parent() -> None:
    scene = FakeScene()
    parent = TransformNode("parent", scene)
    parent.position.set(10, 0, 0)
    light = PointLight("p", Vector3(1, 2, 3), scene)
    light.parent = parent
    assert translation(light.computeWorldMatrix(True)) == [11, 2, 3]
    assert light.computeTransformedInformation()
    assert light.getAbsolutePosition().asArray() == [11, 2, 3]


def test_lights_join_and_leave_mesh_light_sources(scene: Scene) -> None:
    mesh = Mesh("m", scene)
    light = PointLight("p", Vector3.Zero(), scene)
    assert mesh.lightSources == [light]
    light.setEnabled(False)
    assert mesh.lightSources == []
    light.setEnabled(True)
    light.excludedMeshes.append(mesh)
    mesh._resyncLightSources()
    assert mesh.lightSources == []
    light.excludedMeshes.clear()
    mesh._resyncLightSources()
    light.dispose()
    assert mesh.lightSources == [] and light not in scene.lights


def test_layer_masks_filter_meshes() -> None:
    light = PointLight("p", Vector3.Zero(), FakeScene())
    mesh = Mesh("m", FakeScene())
    mesh.layerMask = 0x2
    light.includeOnlyWithLayerMask = 0x1
    assert not light.canAffectMesh(mesh)
    light.includeOnlyWithLayerMask = 0
    light.excludeWithLayerMask = 0x2
    assert not light.canAffectMesh(mesh)


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
