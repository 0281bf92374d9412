"""Old module paths of ``lite_compat``, kept for one release as deprecation aliases.

``lite_compat.nodes`` used to hold every scene object; they now live in one subpackage per
Babylon.js folder (:mod:`lite_compat.meshes`, :mod:`lite_compat.cameras`, ...). A script that
imports an old path still works: importing ``lite_compat.nodes.mesh_builder`` gives the module
``lite_compat.meshes.builders.mesh_builder`` itself (the same module object, so the same
classes) and emits a :class:`DeprecationWarning` naming the new path; the old paths go in
:data:`REMOVED_IN`. A module that was split
in several (``lite_compat.nodes.cameras``) maps to its new package, which re-exports its
names. The top-level names (``lite_compat.MeshBuilder`` ...) never moved.

One mechanism: :data:`MOVED_MODULES` read by a meta-path finder that the package root installs
(:func:`install`) after importing every new module, so an alias never imports anything; and
:data:`MOVED_NAMES` for the few names that left a module which stays (read by that module's
``__getattr__``, through :func:`moved_name`). docs/CHANGELOG.md lists the same table.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Mapping, Sequence
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Final

__all__ = ["MOVED_MODULES", "MOVED_NAMES", "REMOVED_IN", "install", "moved_name"]

#: The release that drops the old paths (as ``lite._moved``).
REMOVED_IN: Final = "0.3.0"

_OLD: Final = "lite_compat.nodes."
_SHAPES: Final = [
    "basic",
    "common",
    "decal",
    "earcut",
    "geodesic",
    "lines",
    "polygon",
    "polyhedra",
    "ribbon",
    "solid",
    "text",
    "tiled",
]

#: Old module path -> new module (or package) path.
MOVED_MODULES: Final[Mapping[str, str]] = {
    _OLD + old: "lite_compat." + new
    for old, new in (
        ("abstract_mesh_members", "meshes.abstract_mesh_members"),
        ("bone_controllers", "bones"),
        ("bone_space", "bones.bone_space"),
        ("bounding", "meshes.bounding_info"),
        ("camera_controls", "cameras.camera_controls"),
        ("camera_projection", "cameras.camera_projection"),
        ("cameras", "cameras"),
        ("geometry", "meshes.geometry"),
        ("instanced_mesh", "meshes.instanced_mesh"),
        ("light_shadows", "lights.light_shadows"),
        ("lights", "lights"),
        ("material_state", "materials.material_state"),
        ("materials", "materials"),
        ("mesh", "meshes"),
        ("mesh_builder", "meshes.builders.mesh_builder"),
        ("mesh_create", "meshes.mesh_create"),
        ("mesh_geometry_ops", "meshes.mesh_geometry_ops"),
        ("mesh_members", "meshes.mesh_members"),
        ("mesh_merge", "meshes.mesh_merge"),
        ("mesh_serialize", "meshes.mesh_serialize"),
        ("mesh_simplify", "meshes.mesh_simplification"),
        ("morph", "morph"),
        ("normals", "meshes.normals"),
        ("pbr_material", "materials.pbr_material"),
        ("shape_budget", "meshes.shape_budget"),
        *((f"shapes_{shape}", f"meshes.builders.shapes_{shape}") for shape in _SHAPES),
        ("skeleton", "bones"),
        ("skeleton_batch", "bones.skeleton_batch"),
        ("spot_light", "lights.spot_light"),
        ("texture", "materials.textures.texture"),
        ("thin_instances", "meshes.thin_instance_mesh"),
        ("universal_camera", "cameras.universal_camera"),
        ("vertex_data", "meshes.vertex_data"),
    )
}

#: (module that stays, name that left it) -> the module that holds the name now.
MOVED_NAMES: Final[Mapping[tuple[str, str], str]] = {
    ("lite_compat.nodes.node", "TransformNode"): "lite_compat.nodes.transform_node",
    ("lite_compat.nodes.node", "NON_UNIFORM_SCALING_EPSILON"): "lite_compat.nodes.transform_node",
}


def _warn(old: str, new: str, stacklevel: int) -> None:
    warnings.warn(
        f"{old} is deprecated and will be removed in lite-anim {REMOVED_IN}: import {new} instead",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


class _MovedModuleFinder(MetaPathFinder, Loader):
    """Answers only for :data:`MOVED_MODULES`: the old name becomes the new module."""

    def __init__(self) -> None:
        self._specs: dict[str, ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MOVED_MODULES:
            return None
        return ModuleSpec(fullname, self)

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        new = MOVED_MODULES[spec.name]
        module = sys.modules[new]  # the package root imported it before installing this finder
        # The import system stamps the alias spec on the module it gets; exec_module puts the
        # module's own spec back.
        self._specs[new] = module.__spec__
        _warn(spec.name, new, 3)  # past create_module and the import system's frames
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._specs.pop(module.__name__, module.__spec__)


_FINDER: Final = _MovedModuleFinder()


def install() -> None:
    """Put the alias finder first on ``sys.meta_path`` (idempotent)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def moved_name(module: str, name: str) -> object:
    """A module ``__getattr__``'s answer: the moved name's object (with a warning), else the
    usual ``AttributeError``."""
    new = MOVED_NAMES.get((module, name))
    if new is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    _warn(f"{module}.{name}", f"{name} from {new}", 4)  # past the module's __getattr__
    return getattr(sys.modules[new], name)
