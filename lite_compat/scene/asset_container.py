"""Babylon.js ``AssetContainer`` and ``InstantiatedEntries``: objects kept out of the scene.

Loaded objects are kept out of the scene until added; instantiating makes copies of them.

Port of ``@babylonjs/core`` 9.31 ``assetContainer.js`` (the lists, ``addAllToScene``,
``addToScene``, ``removeAllFromScene``, ``removeFromScene``, ``moveAllFromScene``,
``populateRootNodes``, ``addAllAssetsToContainer``, ``createRootMesh``, ``getNodes``, the tag
queries, ``mergeAnimationsTo``, ``instantiateModelsToScene`` with its topological sort and
``InstantiatedEntries``, ``dispose``). ``SceneLoader.LoadAssetContainerAsync`` fills one.

``instantiateModelsToScene`` copies nodes with their own ``clone`` / ``createInstance``,
skeletons with ``Skeleton.clone`` and animation groups with ``AnimationGroup.clone`` (retargeted
through the copies), exactly in Babylon's order; a node class without ``clone`` stops it with
``LITE-COMPAT-123`` naming the node.

Babylon.js keeps a container's objects out of the scene lists while they are created
(``scene._blockEntityCollection``); the scene objects of ``lite_compat`` always register
themselves, so the loader takes them out again once loading is done (:meth:`_takeFromScene`).
The end state is the same: nothing of the container is in ``scene.meshes``,
``scene.transformNodes``, ``scene.rootNodes``, ... until :meth:`addAllToScene`.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable
from typing import Any

from lite.errors import LiteError
from lite_compat._js import js_callable
from lite_compat.cameras.camera import Camera
from lite_compat.engines.engine_store import resolve_scene, scene_add, scene_remove
from lite_compat.lights.light import Light
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene_lookups import matches_tags_query
from lite_compat.scene.tools import Tools

__all__ = ["AbstractAssetContainer", "AssetContainer", "InstantiatedEntries", "KeepAssets"]

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


class InstantiatedEntries:
    """What :meth:`AssetContainer.instantiateModelsToScene` returns
    (``BABYLON.InstantiatedEntries``): the new root nodes, skeletons and animation groups."""

    def __init__(self) -> None:
        self.rootNodes: list[Any] = []
        self.skeletons: list[Any] = []
        self.animationGroups: list[Any] = []

    def dispose(self) -> None:
        """Dispose the root nodes, skeletons and animation groups, and empty the lists."""
        for items in (self.rootNodes, self.skeletons, self.animationGroups):
            for obj in list(items):
                obj.dispose()
            items.clear()


class KeepAssets(AbstractAssetContainer):
    """The assets :meth:`AssetContainer.moveAllFromScene` leaves in the scene."""


#: The list fields ``moveAllFromScene`` moves (Babylon iterates the container's own keys).
_MOVABLE = (
    "rootNodes",
    "cameras",
    "lights",
    "meshes",
    "skeletons",
    "particleSystems",
    "animations",
    "animationGroups",
    "multiMaterials",
    "materials",
    "morphTargetManagers",
    "geometries",
    "transformNodes",
    "actionManagers",
    "textures",
    "postProcesses",
    "effectLayers",
    "layers",
    "reflectionProbes",
    "spriteManagers",
    "sounds",
    "proceduralTextures",
)


def _by_tags(
    items: list[Any], tagsQuery: str | None, filter: Callable[[Any], bool] | None
) -> list[Any]:
    if tagsQuery is None:
        return items
    return [i for i in items if matches_tags_query(i, tagsQuery) and (filter is None or filter(i))]


def _class_name(obj: object) -> str:
    get = getattr(obj, "getClassName", None)
    return str(get()) if callable(get) else type(obj).__name__


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
        self.proceduralTextures: list[Any] = []

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

    # -- moving and grouping -------------------------------------------------------------------

    def moveAllFromScene(self, keepAssets: KeepAssets | None = None) -> None:
        """Move every scene object (except ``keepAssets``) into this container and remove
        them from the scene."""
        self._wasAddedToScene = False
        keep = keepAssets if keepAssets is not None else KeepAssets()
        for key in _MOVABLE:
            target = getattr(self, key, None)
            if target is None:
                target = []
                setattr(self, key, target)
            source = getattr(self.scene, key, None)
            if not isinstance(source, list):
                continue
            kept = getattr(keep, key, None) or []
            for asset in source:
                if any(asset is k for k in kept):
                    continue
                target.append(asset)
                with contextlib.suppress(AttributeError):
                    asset._parentContainer = self
        self.environmentTexture = getattr(self.scene, "environmentTexture", None)
        self.removeAllFromScene()

    def createRootMesh(self) -> Mesh:
        """A mesh ``assetContainerRootMesh`` parenting every parentless mesh, put first in
        ``meshes``."""
        root = Mesh("assetContainerRootMesh", self.scene)
        for mesh in list(self.meshes):
            if getattr(mesh, "parent", None) is None:
                root.addChild(mesh)
        self.meshes.insert(0, root)
        return root

    def addAllAssetsToContainer(self, root: Any) -> None:
        """Add ``root`` and everything below it (geometry, material, skeleton, morph target
        manager) to the container's lists, then :meth:`populateRootNodes`."""
        if root is None:
            return
        to_visit = [root]
        visited: set[int] = set()
        while to_visit:
            node = to_visit.pop()
            name = _class_name(node)
            if isinstance(node, Mesh):
                geometry = getattr(node, "geometry", None)
                if geometry is not None and not any(g is geometry for g in self.geometries):
                    self.geometries.append(geometry)
                self.meshes.append(node)
            elif name == "InstancedMesh":
                self.meshes.append(node)
            elif isinstance(node, TransformNode):
                self.transformNodes.append(node)
            elif isinstance(node, Light):
                self.lights.append(node)
            elif isinstance(node, Camera):
                self.cameras.append(node)
            if isinstance(node, AbstractMesh) or name == "InstancedMesh":
                material = getattr(node, "material", None)
                if material is not None and not any(m is material for m in self.materials):
                    self.materials.append(material)
                    active = getattr(material, "getActiveTextures", None)
                    for texture in active() if callable(active) else []:
                        if not any(t is texture for t in self.textures):
                            self.textures.append(texture)
                skeleton = getattr(node, "skeleton", None)
                if skeleton is not None and not any(k is skeleton for k in self.skeletons):
                    self.skeletons.append(skeleton)
                manager = getattr(node, "morphTargetManager", None)
                if manager is not None and not any(m is manager for m in self.morphTargetManagers):
                    self.morphTargetManagers.append(manager)
            for child in node.getChildren():
                if id(child) not in visited:
                    to_visit.append(child)
            visited.add(id(node))
        self.populateRootNodes()

    # -- tags ----------------------------------------------------------------------------------

    def getMeshesByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The meshes whose tags match ``tagsQuery`` (all when None)."""
        return _by_tags(self.meshes, tagsQuery, filter)

    def getCamerasByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The cameras whose tags match ``tagsQuery``."""
        return _by_tags(self.cameras, tagsQuery, filter)

    def getLightsByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The lights whose tags match ``tagsQuery``."""
        return _by_tags(self.lights, tagsQuery, filter)

    def getMaterialsByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The materials whose tags match ``tagsQuery``."""
        return _by_tags(self.materials, tagsQuery, filter)

    def getTransformNodesByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The transform nodes whose tags match ``tagsQuery``."""
        return _by_tags(self.transformNodes, tagsQuery, filter)

    # -- animations ----------------------------------------------------------------------------

    def mergeAnimationsTo(
        self,
        scene: Any = None,
        animatables: list[Any] | None = None,
        targetConverter: Callable[[Any], Any] | None = None,
    ) -> list[Any]:
        """Move this container's animations onto the scene's nodes of the same names
        (replacing animations of the same property), clone its animation groups onto them,
        and restart ``animatables`` on the converted targets; returns the new groups."""
        target_scene = resolve_scene(scene)
        if target_scene is None:
            Tools.Error("No scene available to merge animations to")
            return []
        ts: Any = target_scene

        def default_converter(target: Any) -> Any:
            anims = getattr(target, "animations", None) or []
            prop = anims[0].targetProperty if anims else ""
            name = str(getattr(target, "name", "")).replace(".", "").split("_primitive")[0]
            if prop in ("position", "rotationQuaternion"):
                return ts.getTransformNodeByName(target.name) or ts.getTransformNodeByName(name)
            if prop == "influence":
                return ts.getMorphTargetByName(target.name) or ts.getMorphTargetByName(name)
            return ts.getNodeByName(target.name) or ts.getNodeByName(name)

        convert = (  # JavaScript's calling convention, read once
            js_callable(targetConverter, 1) if targetConverter is not None else default_converter
        )
        for node in self.getNodes():
            in_scene = convert(node)
            if in_scene is None:
                continue
            own = list(getattr(node, "animations", None) or [])
            kept = list(in_scene.animations)
            for animation in own:
                kept = [a for a in kept if a.targetProperty != animation.targetProperty]
            in_scene.animations = kept + own
        new_groups = []
        for group in list(self.animationGroups):
            new_groups.append(group.clone(group.name, convert))
            for animatable in list(group.animatables):
                animatable.stop()
        for animatable in animatables or []:
            target = convert(animatable.target)
            if target is not None:
                ts.beginAnimation(
                    target,
                    animatable.fromFrame,
                    animatable.toFrame,
                    animatable.loopAnimation,
                    animatable.speedRatio,
                    animatable.onAnimationEnd,
                    None,
                    True,
                    None,
                    animatable.onAnimationLoop,
                )
                ts.stopAnimation(animatable.target)
        return new_groups

    # -- instantiation -------------------------------------------------------------------------

    def _isNodeInContainer(self, node: Any) -> bool:
        return any(
            node is item
            for kind in ("meshes", "transformNodes", "lights", "cameras")
            for item in getattr(self, kind)
        )

    def _isValidHierarchy(self) -> bool:
        # The container's nodes by identity, gathered once (the lists hold them alive, so
        # no id is reused during the check): one lookup per parent, not a scan.
        kinds = ("meshes", "transformNodes", "lights", "cameras")
        held = {id(item) for kind in kinds for item in getattr(self, kind)}
        for kind in kinds:
            for node in getattr(self, kind):
                parent = getattr(node, "parent", None)
                if parent is not None and id(parent) not in held:
                    Tools.Warn(f"Node {node.name} has a parent that is not in the container.")
                    return False
        return True

    @staticmethod
    def _addNodeAndDescendantsToList(
        items: list[Any], added: set[int], root: Any, predicate: Callable[[Any], bool] | None
    ) -> None:
        if root is None or (predicate is not None and not predicate(root)):
            return
        if root.uniqueId in added:
            return
        items.append(root)
        added.add(root.uniqueId)
        for child in root.getDescendants(True):
            AssetContainer._addNodeAndDescendantsToList(items, added, child, predicate)

    @staticmethod
    def _topologicalSort(nodes: list[Any]) -> list[Any]:
        by_id = {node.uniqueId: node for node in nodes}
        depends_on: dict[int, dict[int, None]] = {n.uniqueId: {} for n in nodes}
        depended_by: dict[int, dict[int, None]] = {n.uniqueId: {} for n in nodes}
        for node in nodes:
            nid = node.uniqueId
            if _class_name(node) == "InstancedMesh":
                master = node.sourceMesh
                if master.uniqueId in by_id:
                    depends_on[nid][master.uniqueId] = None
                    depended_by[master.uniqueId][nid] = None
            for child in node.getDescendants():
                cid = child.uniqueId
                if cid in by_id:
                    depended_by[nid][cid] = None
                    depends_on[cid][nid] = None
        ordered: list[Any] = []
        visit: list[Any] = []
        for node in nodes:
            if not depends_on[node.uniqueId]:
                visit.append(node)
                by_id.pop(node.uniqueId, None)
        while visit:
            node = visit.pop(0)
            ordered.append(node)
            for dependent in list(depended_by[node.uniqueId]):
                depends_on[dependent].pop(node.uniqueId, None)
                if not depends_on[dependent] and dependent in by_id:
                    visit.append(by_id.pop(dependent))
        if by_id:
            Tools.Error("SceneSerializer._topologicalSort: There were unvisited nodes:")
            for node in by_id.values():
                Tools.Error(node.name)
        return ordered

    def instantiateModelsToScene(
        self,
        nameFunction: Callable[[str], str] | None = None,
        cloneMaterials: bool = False,
        options: dict[str, Any] | None = None,
    ) -> InstantiatedEntries:
        """Copy the container's node hierarchies, skeletons and animation groups into the
        scene (Babylon's port: clones by default, instances when
        ``options["doNotInstantiate"]`` is False for meshes that can be instanced).

        Parameters
        ----------
        nameFunction
            Name of each copy from the source's name (default: ``"Clone of " + name`` as the
            clones name themselves).
        cloneMaterials
            Clone the materials too (default: share them, adding them to the scene).
        options
            ``doNotInstantiate`` (True, or a predicate), ``predicate`` (which entries to copy).

        Notes
        -----
        The cyclic garbage collector is paused while the copies are made (restored exactly
        as it was, also on an error): a copy allocates thousands of objects that all stay
        alive, and collections during it find nothing (a quarter of a Fox crowd's setup).
        """
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._instantiateModelsToScene(nameFunction, cloneMaterials, options)
        finally:
            if collecting:
                gc.enable()

    def _instantiateModelsToScene(
        self,
        nameFunction: Callable[[str], str] | None,
        cloneMaterials: bool,
        options: dict[str, Any] | None,
    ) -> InstantiatedEntries:
        if not self._isValidHierarchy():
            Tools.Warn(
                "SceneSerializer.InstantiateModelsToScene: The Asset Container hierarchy is "
                "not valid."
            )
        conversion: dict[int, int] = {}
        store: dict[int, Any] = {}
        result = InstantiatedEntries()
        swapped_skeletons: list[Any] = []
        swapped_materials: list[Any] = []
        local = {"doNotInstantiate": True, **(options or {})}
        predicate = local.get("predicate")

        rename = js_callable(nameFunction, 1) if nameFunction is not None else None

        def on_clone(source: Any, clone: Any) -> None:
            conversion[source.uniqueId] = clone.uniqueId
            store[clone.uniqueId] = clone
            if rename is not None:
                clone.name = rename(source.name)
            if isinstance(clone, Mesh) and getattr(clone, "morphTargetManager", None):
                old = source.morphTargetManager
                new_manager: Any = old.clone()
                clone.morphTargetManager = new_manager
                for index in range(old.numTargets):
                    old_target = old.getTarget(index)
                    new_target = new_manager.getTarget(index)
                    conversion[old_target.uniqueId] = new_target.uniqueId
                    store[new_target.uniqueId] = new_target

        def on_new(source: Any, clone: Any) -> None:
            on_clone(source, clone)
            if source.parent is not None:
                replicated = store.get(conversion.get(source.parent.uniqueId, -1))
                clone.parent = replicated if replicated is not None else source.parent
            for attr in ("position", "rotationQuaternion", "rotation", "scaling"):
                mine, theirs = getattr(clone, attr, None), getattr(source, attr, None)
                if mine is not None and theirs is not None:
                    mine.copyFrom(theirs)
            material = getattr(clone, "material", None)
            if material is not None:
                if cloneMaterials:
                    source_material = source.material
                    if not any(m is source_material for m in swapped_materials):
                        label = source_material.name
                        swap = source_material.clone(
                            nameFunction(label) if nameFunction else "Clone of " + label
                        )
                        swapped_materials.append(source_material)
                        conversion[source_material.uniqueId] = swap.uniqueId
                        store[swap.uniqueId] = swap
                    if _class_name(clone) != "InstancedMesh":
                        clone.material = store[conversion[source_material.uniqueId]]
                else:
                    scene = self.scene
                    if _class_name(material) == "MultiMaterial":
                        if not any(m is material for m in scene.multiMaterials):
                            scene.addMultiMaterial(material)
                    elif not any(m is material for m in scene.materials):
                        scene.addMaterial(material)
            if clone.parent is None:
                result.rootNodes.append(clone)

        to_sort: list[Any] = []
        added: set[int] = set()
        for kind in ("transformNodes", "meshes"):
            for node in getattr(self, kind):
                if node.parent is None:
                    self._addNodeAndDescendantsToList(to_sort, added, node, predicate)
        for node in self._topologicalSort(to_sort):
            if _class_name(node) == "InstancedMesh":
                source_mesh = node.sourceMesh
                replicated_id = conversion.get(source_mesh.uniqueId)
                replicated = store[replicated_id] if replicated_id is not None else source_mesh
                on_new(node, replicated.createInstance(node.name))
                continue
            total = getattr(node, "getTotalVertices", None)
            can_instance = not (
                _class_name(node) in ("TransformNode", "Node")
                or getattr(node, "skeleton", None)
                or not callable(total)
                or total() == 0
            )
            dont = local["doNotInstantiate"]
            if can_instance and dont:
                can_instance = not dont(node) if callable(dont) else not dont
            factory = getattr(node, "createInstance" if can_instance else "clone", None)
            if not callable(factory):
                raise LiteError(
                    "LITE-COMPAT-123",
                    f"AssetContainer.instantiateModelsToScene: node {node.name!r} "
                    f"({_class_name(node)}) cannot be "
                    f"{'instanced' if can_instance else 'cloned'} by lite_compat",
                    hint="instantiate containers whose nodes support clone()",
                    input_name=str(node.name),
                )
            replicated = (
                factory(f"instance of {node.name}")
                if can_instance
                else factory(f"Clone of {node.name}", None, True)
            )
            if replicated is None:
                raise LiteError(
                    "LITE-COMPAT-123",
                    f"Could not clone or instantiate node on Asset Container {node.name}",
                    hint="instantiate containers whose nodes support clone()",
                    input_name=str(node.name),
                )
            on_new(node, replicated)
        for skeleton in self.skeletons:
            if predicate is not None and not predicate(skeleton):
                continue
            clone = skeleton.clone(
                nameFunction(skeleton.name) if nameFunction else "Clone of " + skeleton.name
            )
            for mesh in self.meshes:
                if getattr(mesh, "skeleton", None) is skeleton and not getattr(
                    mesh, "isAnInstance", False
                ):
                    copy = store.get(conversion.get(mesh.uniqueId, -1))
                    if copy is None or getattr(copy, "isAnInstance", False):
                        continue
                    copy.skeleton = clone
                    if any(k is clone for k in swapped_skeletons):
                        continue
                    swapped_skeletons.append(clone)
                    for bone in clone.bones:
                        linked = getattr(bone, "_linkedTransformNode", None)
                        if linked is not None:
                            bone._linkedTransformNode = store.get(
                                conversion.get(linked.uniqueId, -1)
                            )
            result.skeletons.append(clone)
        for group in self.animationGroups:
            if predicate is not None and not predicate(group):
                continue

            def retarget(old: Any) -> Any:
                new = store.get(conversion.get(getattr(old, "uniqueId", -1), -1))
                return new if new is not None else old

            result.animationGroups.append(
                group.clone(
                    nameFunction(group.name) if nameFunction else "Clone of " + group.name,
                    retarget,
                )
            )
        return result
