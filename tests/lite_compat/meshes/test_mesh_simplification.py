"""Unit tests for lite_compat.meshes.mesh_simplification (Mesh.simplify, quadratic error decimation).

Expected numbers were printed by Babylon.js 9.31 under Node for the same calls (the recording
parity/recorded/compat_surface_simplify_quadratic.json holds the full arrays).
"""

from __future__ import annotations

from typing import Any

import pytest

from lite.errors import LiteError
from lite_compat import (
    GroundMesh,
    Mesh,
    MeshBuilder,
    QuadraticErrorSimplification,
    SimplificationQueue,
    SimplificationSettings,
    SimplificationType,
    StandardMaterial,
    TransformNode,
)
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.scene.scene import Scene


def _counts(mesh: Mesh) -> list[tuple[float, int, int]]:
    out = []
    for level in mesh.getLODLevels():
        lod: Any = level.mesh
        out.append((level.distanceOrScreenCoverage, lod.getTotalVertices(), lod.getTotalIndices()))
    return out


def test_settings_and_type_defaults() -> None:
    st = SimplificationSettings(0.5, 12, True)
    assert (st.quality, st.distance, st.optimizeMesh) == (0.5, 12, True)
    bare = SimplificationSettings(0.25)
    assert (bare.distance, bare.optimizeMesh) == (None, None)
    assert SimplificationType.QUADRATIC == 0


def test_sphere_parallel_levels_match_babylon(scene: Scene) -> None:
    root = TransformNode("root", scene)
    mat = StandardMaterial("mat", scene)
    sphere = MeshBuilder.CreateSphere("sphere", {"segments": 6, "diameter": 2}, scene)
    sphere.parent = root
    sphere.material = mat
    sphere.renderingGroupId = 1
    calls: list[int] = []
    settings = [
        {"quality": 0.8, "distance": 10},
        {"quality": 0.5, "distance": 30},
        {"quality": 0.2, "distance": 20},
    ]
    returned = sphere.simplify(
        settings, True, SimplificationType.QUADRATIC, lambda: calls.append(1)
    )
    assert returned is sphere
    assert calls == [1]
    # Babylon: 256 triangles -> 204, 128 and 110 (0.2 stops at 100 iterations); LODs by distance.
    assert _counts(sphere) == [(30, 89, 384), (20, 80, 330), (10, 127, 612)]
    lod: Any = sphere.getLODLevels()[0].mesh
    assert lod.name == "sphereDecimated"
    assert type(lod) is Mesh
    assert lod.isVisible is True
    assert lod.parent is root and lod.material is mat and lod.renderingGroupId == 1
    assert list(lod.getIndices())[:9] == [0, 1, 17, 17, 1, 18, 1, 2, 18]
    assert scene.simplificationQueue.running is False  # type: ignore[attr-defined]


def test_sphere_optimized_sequential_matches_babylon(scene: Scene) -> None:
    sphere = MeshBuilder.CreateSphere("sphere2", {"segments": 8, "diameter": 3}, scene)
    sphere.simplify(
        [SimplificationSettings(0.6, 5, True), SimplificationSettings(0.3, 15, True)], False
    )
    assert _counts(sphere) == [(15, 65, 360), (5, 168, 720)]
    lod: Any = sphere.getLODLevels()[0].mesh
    assert list(lod.getVerticesData("position"))[:3] == pytest.approx(
        [0.23371286017068968, 1.501578315469867, -0.10204196681135082], abs=1e-12
    )
    assert list(lod.getIndices())[:9] == [1, 0, 2, 2, 0, 3, 3, 0, 4]


def test_ground_keeps_its_border_and_decimates_as_a_plain_mesh(scene: Scene) -> None:
    ground = MeshBuilder.CreateGround("ground", {"width": 4, "height": 3, "subdivisions": 5}, scene)
    assert isinstance(ground, GroundMesh)
    ground.simplify([SimplificationSettings(0.4, 8)], False)
    assert _counts(ground) == [(8, 20, 60)]
    lod: Any = ground.getLODLevels()[0].mesh
    assert type(lod) is Mesh  # Babylon builds a plain Mesh
    assert list(lod.getVerticesData("position"))[:6] == pytest.approx(
        [-0.4, 0, 1.5, 1.2, 0, 1.5], abs=1e-12
    )
    assert list(lod.getIndices())[:9] == [5, 2, 1, 7, 0, 3, 6, 7, 3]


def test_box_only_collapses_with_optimize_mesh(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
    box.simplify([SimplificationSettings(0.5, 4)])
    assert _counts(box) == [(4, 24, 36)]  # every vertex is on a face border
    box2 = MeshBuilder.CreateBox("box2", {"width": 1, "height": 2, "depth": 3}, scene)
    box2.simplify([SimplificationSettings(0.5, 6, True), {"quality": 0.3}], False)
    assert _counts(box2) == [(6, 15, 18)]  # the setting without distance adds no level
    made: list[Any] = [m for m in scene.meshes if m.name == "box2Decimated"]
    assert [(m.getTotalVertices(), m.getTotalIndices(), m.isVisible) for m in made] == [
        (15, 18, True),
        (24, 36, True),
    ]
    assert list(made[0].getIndices()) == [0, 3, 6, 9, 13, 1, 9, 1, 7, 4, 0, 12, 4, 12, 10, 5, 9, 8]


def test_two_sub_meshes_are_decimated_one_after_the_other(scene: Scene) -> None:
    split = MeshBuilder.CreateGround("split", {"width": 4, "height": 3, "subdivisions": 5}, scene)
    split.subMeshes = []
    SubMesh(0, 0, 36, 0, 72, split)
    SubMesh(1, 0, 36, 72, 78, split)
    split.simplify([SimplificationSettings(0.5, 3)], False)
    lod: Any = split.getLODLevels()[0].mesh
    assert (lod.getTotalVertices(), lod.getTotalIndices()) == (30, 72)
    subs = [
        [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]
        for s in lod.subMeshes
    ]
    assert subs == [[0, 0, 15, 0, 36], [1, 15, 15, 36, 36]]


def test_the_source_mesh_is_left_unchanged(scene: Scene) -> None:
    sphere = MeshBuilder.CreateSphere("s", {"segments": 4}, scene)
    before = (list(sphere.getVerticesData("position") or []), list(sphere.getIndices() or []))
    sphere.simplify([SimplificationSettings(0.5, 10)])
    assert (
        list(sphere.getVerticesData("position") or []),
        list(sphere.getIndices() or []),
    ) == before


def test_queue_runs_the_last_task_first_and_goes_idle(scene: Scene) -> None:
    a = MeshBuilder.CreateSphere("a", {"segments": 3}, scene)
    b = MeshBuilder.CreateSphere("b", {"segments": 3}, scene)
    queue = SimplificationQueue()
    order: list[str] = []
    for mesh in (a, b):
        queue.addTask(
            {
                "settings": [SimplificationSettings(0.5, 1)],
                "parallelProcessing": False,
                "mesh": mesh,
                "simplificationType": 0,
                "successCallback": lambda name=mesh.name: order.append(name),
            }
        )
    queue.executeNext()
    assert order == ["b", "a"]  # pop(): Babylon's last-in-first-out order
    assert queue.running is False


def test_decimator_direct_use(scene: Scene) -> None:
    ground = MeshBuilder.CreateGround("g", {"width": 4, "height": 3, "subdivisions": 5}, scene)
    got: list[Any] = []
    simplifier = QuadraticErrorSimplification(ground)
    assert (simplifier.syncIterations, simplifier.aggressiveness) == (5000, 7)
    assert simplifier.decimationIterations == 100
    simplifier.simplify(SimplificationSettings(0.4), got.append)
    assert (got[0].getTotalVertices(), got[0].getTotalIndices()) == (20, 60)
    assert got[0].isVisible is False  # the queue, not the decimator, shows it
    assert ground.getLODLevels() == []


def test_empty_settings_sequential_still_calls_back(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("box", {}, scene)
    calls: list[int] = []
    box.simplify([], False, 0, lambda: calls.append(1))
    assert calls == [1] and box.getLODLevels() == []


@pytest.mark.parametrize(
    "settings",
    [
        SimplificationSettings(0.5),
        "0.5",
        [{"distance": 3}],
        [SimplificationSettings("0.5")],  # type: ignore[arg-type]
        [{"quality": True}],
        [{"quality": 0.5, "distance": "far"}],
    ],
)
def test_bad_settings_are_refused_before_anything_is_made(scene: Scene, settings: Any) -> None:
    box = MeshBuilder.CreateBox("box", {}, scene)
    count = len(scene.meshes)
    with pytest.raises(LiteError) as err:
        box.simplify(settings)
    assert err.value.code == "LITE-COMPAT-230"
    assert "Mesh.simplify" in str(err.value)
    assert len(scene.meshes) == count and box.getLODLevels() == []


def test_mesh_without_geometry_or_with_bad_sub_meshes(scene: Scene) -> None:
    empty = Mesh("empty", scene)
    with pytest.raises(LiteError) as err:
        empty.simplify([SimplificationSettings(0.5, 1)])
    assert err.value.code == "LITE-COMPAT-231"
    ground = MeshBuilder.CreateGround("g", {"subdivisions": 2}, scene)
    ground.subMeshes = []
    SubMesh(0, 0, 9, 0, 48, ground)  # the ground has 24 indices
    count = len(scene.meshes)
    with pytest.raises(LiteError) as err:
        ground.simplify([SimplificationSettings(0.5, 1)])
    assert err.value.code == "LITE-COMPAT-231"
    assert len(scene.meshes) == count


def test_uncallable_callback_is_refused(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("box", {}, scene)
    with pytest.raises(LiteError) as err:
        box.simplify([SimplificationSettings(0.5, 1)], True, 0, "done")  # type: ignore[arg-type]
    assert err.value.code == "LITE-COMPAT-232"
    assert box.getLODLevels() == []


@pytest.mark.parametrize("source", [None, 3, "mesh"])
def test_decimator_refuses_a_source_that_is_not_a_mesh(source: Any) -> None:
    with pytest.raises(LiteError) as err:
        QuadraticErrorSimplification(source).simplify(SimplificationSettings(0.5), print)
    assert err.value.code == "LITE-COMPAT-231"
    assert "QuadraticErrorSimplification.simplify" in str(err.value)
