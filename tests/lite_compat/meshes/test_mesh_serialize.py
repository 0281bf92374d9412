"""Unit tests for lite_compat.meshes.mesh_serialize (Mesh.serialize and Mesh.Parse).

Expected values were printed by Babylon.js 9.31 under Node for the same calls (the recording
parity/recorded/compat_surface_mesh_serialize_roundtrip.json holds the full output).
"""

from __future__ import annotations

from typing import Any

import pytest

from lite.errors import LiteError
from lite_compat import (
    Mesh,
    MeshBuilder,
    NullEngine,
    Scene,
    Skeleton,
    StandardMaterial,
    Vector3,
)


def _scene() -> Scene:
    return Scene(NullEngine())


def _box(scene: Scene) -> Mesh:
    # Unique ids come from one process-wide counter (as in Babylon.js): in a fresh process
    # the material is 2, the box 3, its geometry 4 and the skeleton 5 (the recording).
    material = StandardMaterial("boxMat", scene)
    box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
    box.material = material
    box.position = Vector3(1, 2, 3)
    box.setPivotPoint(Vector3(0.5, 0, 0))
    box.skeleton = Skeleton("rig", "rigId", scene)  # 5
    return box


def test_serialize_ids_pivot_and_submeshes_match_babylon() -> None:
    box = _box(_scene())
    data = box.serialize()
    base = data["uniqueId"]
    assert base == box.uniqueId
    assert data["type"] == "Mesh"
    assert data["materialUniqueId"] == base - 1
    assert data["materialId"] == "boxMat"
    assert data["geometryUniqueId"] == base + 1
    assert isinstance(data["geometryId"], str)
    assert data["skeletonId"] == "rigId"
    assert data["skeletonUniqueId"] == base + 2
    assert data["numBoneInfluencers"] == 4
    # setPivotPoint post-multiplies the pivot: Babylon writes pivotMatrix, not localMatrix.
    assert data["pivotMatrix"] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -0.5, 0, 0, 1]
    assert "localMatrix" not in data
    assert data["subMeshes"] == [
        {
            "materialIndex": 0,
            "verticesStart": 0,
            "verticesCount": 24,
            "indexStart": 0,
            "indexCount": 36,
        }
    ]
    assert data["rotation"] == [0, 0, 0]
    assert "rotationQuaternion" not in data
    assert data["layerMask"] == 268435455
    assert data["alphaIndex"] == 1.7976931348623157e308
    assert data["sideOrientation"] == 1
    assert data["overlayColor"] == [1, 0, 0]
    assert "renderOverlay" not in data  # undefined in Babylon until set
    assert data["animations"] == [] and data["ranges"] == [] and data["instances"] == []


def test_serialize_fills_the_given_dict_and_refuses_a_non_dict() -> None:
    box = _box(_scene())
    target: dict[str, Any] = {"extra": 1}
    assert box.serialize(target) is target
    assert target["extra"] == 1 and target["name"] == "box"
    with pytest.raises(LiteError) as info:
        box.serialize([])  # type: ignore[arg-type]
    assert info.value.code == "LITE-COMPAT-242"


def test_parented_and_instance_parent_ids() -> None:
    scene = _scene()
    box = _box(scene)
    ball = MeshBuilder.CreateSphere("ball", {"diameter": 1, "segments": 3}, scene)
    ball.parent = box
    assert ball.serialize()["parentId"] == box.uniqueId
    inst = box.createInstance("inst")
    child = MeshBuilder.CreateBox("child", {}, scene)
    child.parent = inst
    data = child.serialize()
    assert data["parentId"] == box.uniqueId
    assert data["parentInstanceIndex"] == 0


def test_parse_rebuilds_geometry_from_inline_vertex_data() -> None:
    scene = _scene()
    box = _box(scene)
    data = box.serialize()
    del data["geometryUniqueId"], data["geometryId"]
    data["positions"] = list(box.getVerticesData("position") or [])
    data["normals"] = list(box.getVerticesData("normal") or [])
    data["uvs"] = list(box.getVerticesData("uv") or [])
    data["indices"] = list(box.getIndices() or [])
    other = _scene()
    rebuilt = Mesh.Parse(data, other, "")
    assert rebuilt in other.meshes
    assert rebuilt.getTotalVertices() == 24 and rebuilt.getTotalIndices() == 36
    assert list(rebuilt.getVerticesData("position") or [])[:9] == [1, -1, 1, -1, -1, 1, -1, 1, 1]
    bb = rebuilt.getBoundingInfo().boundingBox
    assert [bb.minimum.x, bb.maximum.z] == [-1, 1]
    assert rebuilt.getPivotMatrix().m[12] == -0.5
    assert [rebuilt.position.x, rebuilt.position.y, rebuilt.position.z] == [1, 2, 3]
    # Links wait for the whole file, as in Babylon: material by unique id, skeleton by id.
    assert rebuilt._waitingMaterialId == box.material.uniqueId  # type: ignore[union-attr]
    assert rebuilt._waitingSkeletonId == "rigId"
    assert rebuilt._waitingSkeletonUniqueId == box.uniqueId + 2
    assert rebuilt._waitingParsedUniqueId == box.uniqueId
    assert rebuilt.skeleton is None  # no "rigId" skeleton in the new scene


def test_parse_without_vertex_data_keeps_submeshes_only() -> None:
    scene = _scene()
    data = _box(scene).serialize()
    bare = Mesh.Parse(data, _scene(), "")
    assert bare.getTotalVertices() == 0
    assert bare.geometry is None
    assert len(bare.subMeshes or []) == 1


def test_parse_delay_loaded_mesh_and_layer_masks() -> None:
    scene = _scene()
    lazy = Mesh.Parse(
        {
            "name": "lazy",
            "position": [0, 1, 0],
            "scaling": [1, 1, 1],
            "delayLoadingFile": "lazy.babylonmeshdata",
            "boundingBoxMinimum": [-1, -2, -3],
            "boundingBoxMaximum": [1, 2, 3],
            "hasUVs": True,
            "hasColors": True,
            "hasMatricesWeights": True,
            "layerMask": "-12.7",
        },
        scene,
        "assets/",
    )
    assert lazy.delayLoadState == 4
    assert lazy.delayLoadingFile == "assets/lazy.babylonmeshdata"
    assert lazy._delayInfo == ["uv", "color", "matricesWeights"]
    bb = lazy.getBoundingInfo().boundingBox
    assert [bb.minimum.z, bb.maximum.y] == [-3, 2]
    assert lazy.layerMask == 12
    masks = [
        Mesh.Parse({"position": [0, 0, 0], "scaling": [1, 1, 1], "layerMask": m}, scene).layerMask
        for m in (0, 7, 3.9, "5", "abc")
    ]
    assert masks == [268435455, 7, 3, 5, 268435455]


def test_instances_round_trip() -> None:
    scene = _scene()
    box = _box(scene)
    inst = box.createInstance("boxInst")
    inst.position = Vector3(-3, 0, 0)
    inst.rotation = Vector3(0, 1, 0)
    inst.metadata = {"inst": True}
    data = box.serialize()
    assert data["instances"][0]["position"] == [-3, 0, 0]
    assert data["instances"][0]["rotation"] == [0, 1, 0]
    assert data["instances"][0]["metadata"] == {"inst": True}
    rebuilt = Mesh.Parse(data, _scene())
    assert [i.name for i in rebuilt.instances] == ["boxInst"]
    assert rebuilt.instances[0].rotation.y == 1
    assert rebuilt.instances[0].metadata == {"inst": True}


def test_thin_instances_round_trip() -> None:
    scene = _scene()
    box = MeshBuilder.CreateBox("t", {}, scene)
    matrices = [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 3, 4, 1] * 2
    box.thinInstanceSetBuffer("matrix", matrices, 16, False)
    box.thinInstanceSetBuffer("color", [1.0, 0, 0, 1] * 2, 4, False)
    data = box.serialize()
    thin = data["thinInstances"]
    assert thin["instancesCount"] == 2
    assert thin["matrixData"] == matrices
    # Babylon stores a "color" buffer as "instanceColor".
    assert thin["userThinInstance"]["strides"] == {"instanceColor": 4}
    rebuilt = Mesh.Parse(data, _scene())
    assert rebuilt.thinInstanceCount == 2
    assert rebuilt.serialize()["thinInstances"]["matrixData"] == matrices


@pytest.mark.parametrize(
    ("parsed", "code"),
    [
        ([], "LITE-COMPAT-240"),
        ({"name": "m", "scaling": [1, 1, 1]}, "LITE-COMPAT-241"),
        ({"position": [0, "a", 0], "scaling": [1, 1, 1]}, "LITE-COMPAT-241"),
        ({"position": [0, 0, 0], "scaling": [1, 1, 1], "rotation": [0]}, "LITE-COMPAT-241"),
        ({"position": [0, 0, 0], "scaling": [1, 1, 1], "billboardMode": 7}, "LITE-COMPAT-243"),
    ],
)
def test_parse_refuses_what_babylon_cannot_read_and_adds_nothing(parsed: Any, code: str) -> None:
    scene = _scene()
    with pytest.raises(LiteError) as info:
        Mesh.Parse(parsed, scene)
    assert info.value.code == code
    assert scene.meshes == []


def test_ground_serialize_needs_its_dict_and_parses_back_as_ground() -> None:
    scene = _scene()
    ground = MeshBuilder.CreateGround("ground", {"width": 4, "height": 2, "subdivisions": 2}, scene)
    with pytest.raises(LiteError) as info:
        ground.serialize()  # Babylon.js throws a TypeError here
    assert info.value.code == "LITE-COMPAT-244"
    data: dict[str, Any] = {}
    assert ground.serialize(data) is None  # Babylon's GroundMesh.serialize returns undefined
    assert data["type"] == "GroundMesh"
    assert [
        data[k] for k in ("subdivisionsX", "subdivisionsY", "minX", "maxX", "minZ", "maxZ")
    ] == [
        2,
        2,
        -2,
        2,
        -1,
        1,
    ]
    assert [data["width"], data["height"]] == [4, 2]
    del data["geometryUniqueId"], data["geometryId"]
    data["positions"] = list(ground.getVerticesData("position") or [])
    data["normals"] = list(ground.getVerticesData("normal") or [])
    data["indices"] = list(ground.getIndices() or [])
    rebuilt = Mesh.Parse(data, _scene())
    assert rebuilt.getClassName() == "GroundMesh"
    assert [rebuilt.subdivisions, rebuilt.getTotalVertices()] == [2, 9]
    assert list(rebuilt.getVerticesData("position") or [])[:6] == [-2, 0, 1, 0, 0, 1]
