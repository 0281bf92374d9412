"""The old ``lite_compat.nodes.*`` module paths: deprecation aliases for one release.

Each old path, imported afresh, warns with a ``DeprecationWarning`` naming its new path and
gives the new module itself; every name the old module exported (its ``__all__`` before the
move, listed here) is reachable through the alias, each class the same object as
``lite_compat``'s top-level class of that name.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import lite_compat as BABYLON  # noqa: N812
import lite_compat.nodes
from lite_compat import _moved

#: Every module that left lite_compat/nodes/ and the names it exported (its ``__all__``; the
#: public definitions of mesh_simplify, which had none), as of the release before the move.
OLD_EXPORTS: dict[str, tuple[str, ...]] = {
    "abstract_mesh_members": (
        "AbstractMeshMembers",
        "HierarchyBounds",
        "MeshDataError",
        "SubMesh",
        "require_mesh_arg",
    ),
    "bone_controllers": ("BoneIKController", "BoneLookController"),
    "bone_space": ("BoneSpace",),
    "bounding": ("BoundingBox", "BoundingInfo", "BoundingSphere", "MinMax", "extractMinAndMax"),
    "camera_controls": ("ArcRotateCameraControlsMixin", "FreeCameraControlsMixin"),
    "camera_projection": ("CameraProjectionMixin", "FrustumPlane", "Ray", "Viewport"),
    "cameras": ("ArcRotateCamera", "Camera", "FreeCamera", "TargetCamera"),
    "geometry": ("DataArray", "Geometry", "GeometryVertexBuffer"),
    "instanced_mesh": ("InstancedMesh",),
    "light_shadows": (
        "LightSerializationMixin",
        "ShadowLightMatricesMixin",
        "SpotLightProjectionMixin",
    ),
    "lights": ("DirectionalLight", "HemisphericLight", "Light", "PointLight", "ShadowLight"),
    "material_state": (
        "MaterialPluginState",
        "MaterialStateMixin",
        "PBRMaterialStateMixin",
        "StandardMaterialStateMixin",
    ),
    "materials": ("Material", "StandardMaterial"),
    "mesh": ("AbstractMesh", "GroundMesh", "Mesh"),
    "mesh_builder": (
        "CreateBox",
        "CreateBoxVertexData",
        "CreateGround",
        "CreateGroundVertexData",
        "CreatePlane",
        "CreatePlaneVertexData",
        "CreateSphere",
        "CreateSphereVertexData",
        "MeshBuilder",
    ),
    "mesh_create": ("MeshCreateStatics",),
    "mesh_geometry_ops": ("MeshGeometryOps",),
    "mesh_members": ("MeshLODLevel", "MeshMembers", "MinMaxVectors"),
    "mesh_merge": ("MergeError", "MergeMeshes", "MergeMeshesAsync"),
    "mesh_serialize": ("MeshSerializeMembers",),
    "mesh_simplify": (
        "MeshSimplifyMembers",
        "QuadraticErrorSimplification",
        "SimplificationQueue",
        "SimplificationSettings",
        "SimplificationType",
    ),
    "morph": ("MorphTarget", "MorphTargetManager"),
    "normals": ("DepthSortedFacet", "FacetParameters", "SubDiv", "compute_normals"),
    "pbr_material": ("PBRMaterial",),
    "shape_budget": ("MAX_SHAPE_VERTICES", "bounded", "check_shape_budget", "estimate_vertices"),
    "shapes_basic": (
        "CreateCylinder",
        "CreateCylinderVertexData",
        "CreateDisc",
        "CreateDiscVertexData",
        "CreateTorus",
        "CreateTorusKnot",
        "CreateTorusKnotVertexData",
        "CreateTorusVertexData",
    ),
    "shapes_common": (
        "CAP_ALL",
        "CAP_END",
        "CAP_START",
        "NO_CAP",
        "builder_options",
        "compute_normals",
        "float32_list",
        "guarded",
        "require_option",
    ),
    "shapes_decal": ("CreateDecal",),
    "shapes_earcut": ("earcut",),
    "shapes_geodesic": (
        "CreateGeodesic",
        "CreateGoldberg",
        "CreateGoldbergVertexData",
        "GoldbergMesh",
    ),
    "shapes_lines": (
        "CreateDashedLines",
        "CreateDashedLinesVertexData",
        "CreateLineSystem",
        "CreateLineSystemVertexData",
        "CreateLines",
        "LinesMesh",
    ),
    "shapes_polygon": ("CreatePolygon", "CreatePolygonVertexData", "ExtrudePolygon"),
    "shapes_polyhedra": ("POLYHEDRA",),
    "shapes_ribbon": (
        "CreateLathe",
        "CreateRibbon",
        "CreateRibbonVertexData",
        "CreateTube",
        "ExtrudeShape",
        "ExtrudeShapeCustom",
    ),
    "shapes_solid": (
        "CreateCapsule",
        "CreateCapsuleVertexData",
        "CreateIcoSphere",
        "CreateIcoSphereVertexData",
        "CreatePolyhedron",
        "CreatePolyhedronVertexData",
    ),
    "shapes_text": ("CreateText", "CreateTextShapePaths"),
    "shapes_tiled": (
        "CreateGroundFromHeightMap",
        "CreateGroundFromHeightMapVertexData",
        "CreateTiledBox",
        "CreateTiledBoxVertexData",
        "CreateTiledGround",
        "CreateTiledGroundVertexData",
        "CreateTiledPlane",
        "CreateTiledPlaneVertexData",
    ),
    "skeleton": ("Bone", "Skeleton"),
    "skeleton_batch": ("BATCH_MIN_BONES", "enabled", "prepare_skeletons"),
    "spot_light": ("SpotLight",),
    "texture": ("Texture",),
    "thin_instances": ("ThinInstanceMembers",),
    "universal_camera": ("TouchCamera", "UniversalCamera"),
    "vertex_data": (
        "CreateBoxVertexData",
        "CreateGroundVertexData",
        "CreatePlaneVertexData",
        "CreateSphereVertexData",
        "MeshLike",
        "VertexBuffer",
        "VertexData",
    ),
}

#: Modules that stayed in lite_compat/nodes/.
STAYED = ("node", "node_lifecycle", "transform_space", "arg_checks")


def _fresh_import(old: str, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.delitem(sys.modules, old, raising=False)
    monkeypatch.delattr(lite_compat.nodes, old.rsplit(".", 1)[1], raising=False)
    return importlib.import_module(old)


def test_the_table_lists_every_module_that_left_nodes() -> None:
    assert set(_moved.MOVED_MODULES) == {f"lite_compat.nodes.{m}" for m in OLD_EXPORTS}
    for name in STAYED:
        assert importlib.import_module(f"lite_compat.nodes.{name}").__name__.endswith(name)


def test_every_new_home_is_loaded_by_the_package_root() -> None:
    # The finder never imports: the package root imported every target before installing it.
    assert all(new in sys.modules for new in _moved.MOVED_MODULES.values())
    assert all(new in sys.modules for new in _moved.MOVED_NAMES.values())


@pytest.mark.parametrize("short", sorted(OLD_EXPORTS))
def test_an_old_path_warns_and_gives_the_new_module(
    short: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = f"lite_compat.nodes.{short}"
    new = _moved.MOVED_MODULES[old]
    with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated .*: import {new} instead"):
        module = _fresh_import(old, monkeypatch)
    assert module is sys.modules[new]
    assert module.__spec__ is not None and module.__spec__.name == new  # its own spec kept
    for name in OLD_EXPORTS[short]:
        value = getattr(module, name)
        if isinstance(value, type) and name in BABYLON.__all__:
            assert value is getattr(BABYLON, name), (old, name)
        if callable(value):  # defined in its new home, not in a copy left behind
            assert not value.__module__.startswith(old), (old, name)


def test_from_import_of_an_old_path_gives_the_same_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "lite_compat.nodes.mesh_builder", raising=False)
    monkeypatch.delattr(lite_compat.nodes, "mesh_builder", raising=False)
    with pytest.warns(DeprecationWarning, match="lite_compat.meshes.builders.mesh_builder"):
        from lite_compat.nodes.mesh_builder import MeshBuilder
    assert MeshBuilder is BABYLON.MeshBuilder
    monkeypatch.delitem(sys.modules, "lite_compat.nodes.cameras", raising=False)
    monkeypatch.delattr(lite_compat.nodes, "cameras", raising=False)
    with pytest.warns(DeprecationWarning, match="lite_compat.nodes.cameras is deprecated"):
        from lite_compat.nodes.cameras import ArcRotateCamera
    assert ArcRotateCamera is BABYLON.ArcRotateCamera


def test_a_name_that_left_a_module_that_stays_warns_and_resolves() -> None:
    with pytest.warns(
        DeprecationWarning, match="import TransformNode from lite_compat.nodes.transform_node"
    ):
        from lite_compat.nodes.node import TransformNode
    assert TransformNode is BABYLON.TransformNode
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from lite_compat.nodes.node import Node  # still there: no warning
    assert Node is BABYLON.Node


def test_unknown_names_and_modules_still_fail() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _moved.moved_name("lite_compat.nodes.node", "Nope")
    with pytest.raises(ImportError):
        from lite_compat.nodes.node import Nope  # noqa: F401
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("lite_compat.nodes.no_such_module")


def test_the_new_paths_import_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for new in set(_moved.MOVED_MODULES.values()):
            importlib.import_module(new)


def test_the_changelog_lists_every_moved_path() -> None:
    changelog = (Path(__file__).resolve().parents[2] / "docs" / "CHANGELOG.md").read_text()
    rows = [f"| `{old}` | `{new}` |" for old, new in _moved.MOVED_MODULES.items()]
    rows += [f"| `{m}.{n}` | `{new}.{n}` |" for (m, n), new in _moved.MOVED_NAMES.items()]
    missing = [row for row in rows if row not in changelog]
    assert not missing, "\n".join(missing)


def test_nothing_of_ours_imports_an_old_path() -> None:
    # The aliases are for users: lite_compat, lite, parity, tests and docs use the new paths.
    root = Path(__file__).resolve().parents[2]
    old = re.compile(r"lite_compat\.nodes\.(\w+)")
    allowed = {"node", "node_lifecycle", "transform_space", "transform_node", "arg_checks"}
    found = [
        f"{path.relative_to(root)}: lite_compat.nodes.{m.group(1)}"
        for folder in ("lite", "lite_compat", "parity", "tests", "docs")
        for path in sorted((root / folder).rglob("*.[pm][yd]"))
        if "node_modules" not in path.parts
        and path.name not in ("_moved.py", "test_moved.py", "CHANGELOG.md")
        for m in old.finditer(path.read_text(encoding="utf-8"))
        if m.group(1) not in allowed
    ]
    assert not found, "\n".join(found)


def test_importing_lite_compat_warns_nothing() -> None:
    probe = "import warnings; warnings.simplefilter('error'); import lite_compat"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
