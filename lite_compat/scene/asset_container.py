"""Babylon.js ``AssetContainer``: loaded objects kept out of the scene until added.

Port of ``@babylonjs/core`` 9.31 ``assetContainer.js`` (the lists, ``addAllToScene``,
``addToScene``, ``removeAllFromScene``, ``removeFromScene``, ``populateRootNodes``,
``getNodes``, ``dispose``). ``SceneLoader.LoadAssetContainerAsync`` fills one.

Babylon.js keeps a container's objects out of the scene lists while they are created
(``scene._blockEntityCollection``); the scene objects of ``lite_compat`` always register
themselves, so the loader takes them out again once loading is done (:meth:`_takeFromScene`).
The end state is the same: nothing of the container is in ``scene.meshes``,
``scene.transformNodes``, ``scene.rootNodes``, ... until :meth:`addAllToScene`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lite_compat.engines.engine_store import resolve_scene, scene_add, scene_remove

__all__ = ["AbstractAssetContainer", "AssetContainer"]

#: (container list, scene adder, scene remover, scene list) in Babylon's add/remove order.
_KINDS: tuple[tuple[str, str, str, str], ...] = (
    ("cameras", "addCamera", "removeCamera", "cameras"),
    ("lights", "addLight", "removeLight", "lights"),
    ("meshes", "addMesh", "removeMesh", "meshes"),
    ("skeletons", "addSkeleton", "removeSkeleton", "skeletons"),
    ("animations", "addAnimation", "removeAnimation", "animations"),
    ("animationGroups", "addAnimationGroup", "removeAnimationGroup", "animationGroups"),
    ("multiMaterials", "addMultiMaterial", "removeMultiMaterial", "multiMaterials"),
    ("materials", "addMaterial", "removeMaterial", "materials"),
    (
        "morphTargetManagers",
        "addMorphTargetManager",
        "removeMorphTargetManager",
        "morphTargetManagers",
    ),
    ("geometries", "addGeometry", "removeGeometry", "geometries"),
    ("transformNodes", "addTransformNode", "removeTransformNode", "transformNodes"),
    ("textures", "addTexture", "removeTexture", "textures"),
)
#: Lists whose members are scene-graph nodes (they may be scene roots).
_NODE_KINDS = frozenset({"cameras", "lights", "meshes", "transformNodes"})


class AbstractAssetContainer:
    """The lists every asset container has (``BABYLON.AbstractAssetContainer``)."""

    def __init__(self) -> None:
        self.rootNodes: list[Any] = []
        self.cameras: list[Any] = []
        self.lights: list[Any] = []
        self.meshes: list[Any] = []
        self.skeletons: list[Any] = []
        self.particleSystems: list[Any] = []
        self.animations: list[Any] = []
        self.animationGroups: list[Any] = []
        self.multiMaterials: list[Any] = []
        self.materials: list[Any] = []
        self.morphTargetManagers: list[Any] = []
        self.geometries: list[Any] = []
        self.transformNodes: list[Any] = []
        self.actionManagers: list[Any] = []
        self.textures: list[Any] = []
        self.postProcesses: list[Any] = []
        self.effectLayers: list[Any] = []
        self.layers: list[Any] = []
        self.reflectionProbes: list[Any] = []
        self.spriteManagers: list[Any] = []
        self.sounds: list[Any] | None = None
        self.environmentTexture: Any = None

    def getNodes(self) -> list[Any]:
        """Meshes, lights, cameras, transform nodes, then every skeleton's bones."""
        nodes: list[Any] = [*self.meshes, *self.lights, *self.cameras, *self.transformNodes]
        for skeleton in self.skeletons:
            nodes.extend(skeleton.bones)
        return nodes


class AssetContainer(AbstractAssetContainer):
    """Objects loaded for a scene but not (yet) part of it (``BABYLON.AssetContainer``).

    Parameters
    ----------
    scene
        The scene the objects belong to (``None``: the last created scene).
    """

    def __init__(self, scene: object | None = None) -> None:
        super().__init__()
        self._wasAddedToScene = False
        self.scene: Any = resolve_scene(scene)

    def getClassName(self) -> str:
        """``"AssetContainer"``."""
        return "AssetContainer"

    # -- scene membership -----------------------------------------------------------------

    def _takeFromScene(self) -> None:
        """Take every object of this container out of the scene lists and root nodes (what
        Babylon's ``_blockEntityCollection`` achieves while loading)."""
        for kind, _adder, remover, list_name in _KINDS:
            for obj in getattr(self, kind):
                scene_remove(self.scene, remover, list_name, obj)
                if kind in _NODE_KINDS:
                    leave_roots = getattr(obj, "_removeFromSceneRootNodes", None)
                    if callable(leave_roots):
                        leave_roots()

    def addAllToScene(self) -> None:
        """Add every object to the scene (once; see :meth:`removeAllFromScene`)."""
        if self._wasAddedToScene:
            return
        self._wasAddedToScene = True
        self.addToScene(None)

    def addToScene(self, predicate: Callable[[Any], bool] | None = None) -> None:
        """Add the objects ``predicate`` accepts (all when None) to the scene.

        A node whose parent did not make it into the scene is detached from that parent, as
        in Babylon.js.
        """
        added_nodes: list[Any] = []
        for kind, adder, _remover, list_name in _KINDS:
            for obj in getattr(self, kind):
                if predicate is not None and not predicate(obj):
                    continue
                scene_add(self.scene, adder, list_name, obj)
                if kind in _NODE_KINDS:
                    added_nodes.append(obj)
                    if getattr(obj, "parent", None) is None:
                        join_roots = getattr(obj, "_addToSceneRootNodes", None)
                        if callable(join_roots):
                            join_roots()
        if added_nodes:
            in_scene: set[int] = set()
            for list_name in ("meshes", "lights", "cameras", "transformNodes"):
                in_scene.update(id(o) for o in getattr(self.scene, list_name, None) or [])
            for skeleton in self.skeletons:
                in_scene.update(id(b) for b in skeleton.bones)
            for node in added_nodes:
                parent = getattr(node, "parent", None)
                if parent is not None and id(parent) not in in_scene:
                    set_parent = getattr(node, "setParent", None)
                    if callable(set_parent):
                        set_parent(None)
                    else:
                        node.parent = None

    def removeAllFromScene(self) -> None:
        """Remove every object of this container from the scene."""
        self._wasAddedToScene = False
        self.removeFromScene(None)

    def removeFromScene(self, predicate: Callable[[Any], bool] | None = None) -> None:
        """Remove the objects ``predicate`` accepts (all when None) from the scene."""
        for kind, _adder, remover, list_name in _KINDS:
            for obj in getattr(self, kind):
                if predicate is not None and not predicate(obj):
                    continue
                scene_remove(self.scene, remover, list_name, obj)
                if kind in _NODE_KINDS:
                    leave_roots = getattr(obj, "_removeFromSceneRootNodes", None)
                    if callable(leave_roots):
                        leave_roots()

    def populateRootNodes(self) -> None:
        """``rootNodes`` = the parentless meshes, transform nodes, lights and cameras."""
        self.rootNodes.clear()
        for kind in ("meshes", "transformNodes", "lights", "cameras"):
            for obj in getattr(self, kind):
                if getattr(obj, "parent", None) is None and not any(
                    r is obj for r in self.rootNodes
                ):
                    self.rootNodes.append(obj)

    def dispose(self) -> None:
        """Dispose every object (Babylon's order) and empty the lists."""
        for kind in (
            "cameras",
            "lights",
            "meshes",
            "skeletons",
            "animationGroups",
            "multiMaterials",
            "materials",
            "geometries",
            "transformNodes",
            "actionManagers",
            "textures",
            "reflectionProbes",
            "morphTargetManagers",
            "spriteManagers",
        ):
            items: list[Any] = getattr(self, kind)
            for obj in list(items):
                dispose = getattr(obj, "dispose", None)
                if callable(dispose):
                    dispose()
            items.clear()
