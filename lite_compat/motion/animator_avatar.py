"""Babylon.js ``AnimatorAvatar``: retarget an animation group onto another rig.

Port of ``@babylonjs/core`` 9.31 ``Animations/animatorAvatar.js``. An avatar gathers the meshes
under a root node, their skeletons and morph target managers; ``retargetAnimationGroup``
clones a group made for another hierarchy and points each transform-node track at the avatar's
bone of the same name (or of the name ``mapNodeNames`` gives), rewriting every key so that
the source node's motion relative to its rest becomes the same world-space motion of the
target bone from its own rest (``retargetAnimationKeys``); it can then rescale the root's
travel by the rigs' proportions (``fixRootPosition``) and keep a ground reference node at the
source's height (``fixGroundReference``).

``lite.retarget_clip`` retargets native clips with rest-pose correction in the joint's own
frame; Babylon rewrites keys through world matrices, so the facade carries Babylon's maths.

Differences from Babylon.js: Babylon's ``Logger.Warn`` messages are ``LiteWarning``s with the
code ``LITE-COMPAT-W13`` (silenced with ``showWarnings = False``, as in Babylon); arguments of
the wrong type are refused with ``LITE-COMPAT-210``/``211`` before anything is cloned.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from typing import Any

from lite.errors import AnimationStateError, LiteWarning
from lite_compat.animations.animation import key_get
from lite_compat.animations.animation_group import AnimationGroup, TargetedAnimation
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.morph.morph_target import MorphTarget
from lite_compat.morph.morph_target_manager import MorphTargetManager
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["AnimatorAvatar"]

_WARNING = "LITE-COMPAT-W13"

_DEFAULTS: dict[str, Any] = {
    "fixAnimations": False,
    "checkHierarchy": False,
    "retargetAnimationKeys": True,
    "fixGroundReference": False,
    "fixGroundReferenceDynamicRefNode": False,
    "fixRootPosition": True,
}
_BOOL_OPTIONS = tuple(_DEFAULTS)
_NAME_OPTIONS = ("animationGroupName", "rootNodeName", "groundReferenceNodeName")


def _fail(code: str, message: str, hint: str, input_name: str) -> AnimationStateError:
    return AnimationStateError(code, message, hint=hint, input_name=input_name)


def _class_name(target: object) -> str | None:
    get = getattr(target, "getClassName", None)
    return get() if callable(get) else None


def _js_sign(x: float) -> float:
    if x != x:
        return math.nan
    return 1.0 if x > 0 else -1.0 if x < 0 else x


class _Source:
    """A source transform node and its transformations before the retarget."""

    __slots__ = ("node", "position", "quaternion", "rotation", "scaling")

    def __init__(self, node: TransformNode) -> None:
        self.node = node
        self.position = node.position.clone()
        self.scaling = node.scaling.clone()
        self.quaternion = node.rotationQuaternion.clone() if node.rotationQuaternion else None
        self.rotation = node.rotation.clone()


class AnimatorAvatar:
    """The meshes, skeletons and morph targets under a root node (``BABYLON.AnimatorAvatar``).

    Parameters
    ----------
    name
        Avatar name (given to ``rootNode`` when ``setAvatarName``).
    rootNode
        Root of the avatar's hierarchy (None: an empty avatar).
    _disposeResources
        Whether :meth:`dispose` disposes the skeletons, morph target managers and root node.
    setAvatarName
        Rename ``rootNode`` to ``name``.

    Attributes
    ----------
    meshes : list
        The meshes with vertices under the root (the root included).
    skeletons : dict
        Their skeletons, in the order found (a dict used as an ordered set).
    morphTargetManagers : dict
        Their morph target managers (an ordered set).
    showWarnings : bool
        Issue ``LITE-COMPAT-W13`` warnings when retargeting skips something.

    Raises
    ------
    AnimationStateError
        ``LITE-COMPAT-210`` when ``rootNode`` is not a transform node (or None).
    """

    def __init__(
        self,
        name: str,
        rootNode: TransformNode | None = None,
        _disposeResources: bool = True,
        setAvatarName: bool = True,
    ) -> None:
        if rootNode is not None and not isinstance(rootNode, TransformNode):
            raise _fail(
                "LITE-COMPAT-210",
                f"AnimatorAvatar: rootNode must be a TransformNode (or None), got "
                f"{type(rootNode).__name__}",
                "pass the root node of the avatar's hierarchy (the glTF __root__ mesh)",
                "rootNode",
            )
        self.name = name
        self.rootNode = rootNode
        self._disposeResources = _disposeResources
        self.showWarnings = True
        self.meshes: list[AbstractMesh] = []
        self.skeletons: dict[Skeleton, None] = {}
        self.morphTargetManagers: dict[MorphTargetManager, None] = {}
        self._mapMorphTargetNameToMorphTarget: dict[str, MorphTarget] | None = None
        if rootNode is None:
            return
        if setAvatarName:
            rootNode.name = name
        if isinstance(rootNode, AbstractMesh) and rootNode.getTotalVertices() > 0:
            self._collectMesh(rootNode)
        for mesh in rootNode.getChildMeshes(False):
            if isinstance(mesh, AbstractMesh) and mesh.getTotalVertices() > 0:
                self._collectMesh(mesh)

    @property
    def mapMorphTargetNameToMorphTarget(self) -> dict[str, MorphTarget]:
        """Morph targets by ``"<mesh name>_<target name>"``."""
        if self._mapMorphTargetNameToMorphTarget is None:
            self._buildMorphTargetMap()
        assert self._mapMorphTargetNameToMorphTarget is not None
        return self._mapMorphTargetNameToMorphTarget

    def _collectMesh(self, mesh: AbstractMesh) -> None:
        self.meshes.append(mesh)
        skeleton = getattr(mesh, "skeleton", None)
        if skeleton is not None:
            self.skeletons[skeleton] = None
        manager = getattr(mesh, "morphTargetManager", None)
        if manager is not None:
            manager.meshName = mesh.name
            manager.numMaxInfluencers = manager.numTargets
            self.morphTargetManagers[manager] = None

    def findBoneByTransformNode(self, nameOrTransformNode: str | TransformNode) -> Bone | None:
        """The bone linked to a transform node (or to a node of that name), or None."""
        for skeleton in self.skeletons:
            if isinstance(nameOrTransformNode, str):
                bone = skeleton.findBoneFromLinkedTransformNodeName(nameOrTransformNode)
            else:
                bone = skeleton.findBoneFromLinkedTransformNode(nameOrTransformNode)
            if bone is not None:
                return bone
        return None

    def findBoneByName(self, name: str) -> Bone | None:
        """The first bone called ``name`` in the avatar's skeletons, or None."""
        for skeleton in self.skeletons:
            index = skeleton.getBoneIndexByName(name)
            if index != -1:
                return skeleton.bones[index]
        return None

    def _warn(self, message: str) -> None:
        if self.showWarnings:
            warnings.warn(LiteWarning(_WARNING, message), stacklevel=3)

    # -- retargeting ------------------------------------------------------------------------

    def retargetAnimationGroup(
        self, sourceAnimationGroup: AnimationGroup, options: object = None
    ) -> AnimationGroup:
        """A clone of ``sourceAnimationGroup`` that animates this avatar.

        Parameters
        ----------
        sourceAnimationGroup
            The group to retarget (made for another hierarchy; not changed, though its nodes
            are posed and put back while root and ground fixes are measured).
        options
            A dict (or object) with Babylon's ``IRetargetOptions``: ``animationGroupName``,
            ``fixAnimations``, ``checkHierarchy``, ``retargetAnimationKeys`` (default True),
            ``fixRootPosition`` (default True), ``fixGroundReference``,
            ``fixGroundReferenceDynamicRefNode``, ``rootNodeName``,
            ``groundReferenceNodeName``, ``groundReferenceVerticalAxis`` (``"X"``, ``"Y"``,
            ``"Z"``) and ``mapNodeNames`` (a dict from source to avatar names).

        Returns
        -------
        AnimationGroup
            The retargeted group (tracks with no avatar bone are removed, with a warning).

        Raises
        ------
        AnimationStateError
            ``LITE-COMPAT-211`` when the group is not an AnimationGroup or an option has the
            wrong type; nothing is cloned.
        """
        opts = self._parse_options(sourceAnimationGroup, options)
        states = self._captureAvatarSkeletonStates()
        try:
            return self._retarget(sourceAnimationGroup, opts)
        finally:
            self._restoreAvatarSkeletonStates(states)

    def _parse_options(self, group: object, options: object) -> dict[str, Any]:
        where = "AnimatorAvatar.retargetAnimationGroup"
        if not isinstance(group, AnimationGroup):
            raise _fail(
                "LITE-COMPAT-211",
                f"{where}: sourceAnimationGroup must be an AnimationGroup, got "
                f"{type(group).__name__}",
                "pass the animation group to retarget",
                "sourceAnimationGroup",
            )
        if options is not None and isinstance(options, str | int | float | list | tuple):
            raise _fail(
                "LITE-COMPAT-211",
                f"{where}: options must be a dict, got {type(options).__name__}",
                "pass the options as a dict, e.g. {'fixRootPosition': False}",
                "options",
            )
        opts: dict[str, Any] = {"animationGroupName": group.name, **_DEFAULTS}
        given = (
            dict(options)
            if isinstance(options, Mapping)
            else {}
            if options is None
            else dict(vars(options))
        )
        for key, value in given.items():
            if value is not None:
                opts[key] = value
        for key in _NAME_OPTIONS:
            if key in opts and not isinstance(opts[key], str):
                raise _fail(
                    "LITE-COMPAT-211",
                    f"{where}: option {key} must be a string, got {type(opts[key]).__name__}",
                    f"pass {key} as a node name",
                    key,
                )
        axis = opts.get("groundReferenceVerticalAxis")
        if axis is not None and axis not in ("", "X", "Y", "Z"):
            raise _fail(
                "LITE-COMPAT-211",
                f"{where}: option groundReferenceVerticalAxis must be '', 'X', 'Y' or 'Z', got "
                f"{axis!r}",
                "leave it out to take the axis with the larger root-to-ground difference",
                "groundReferenceVerticalAxis",
            )
        names = opts.get("mapNodeNames")
        if names is not None and not (
            isinstance(names, Mapping)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in names.items())
        ):
            raise _fail(
                "LITE-COMPAT-211",
                f"{where}: option mapNodeNames must map source node names to avatar names, got "
                f"{type(names).__name__}",
                "pass a dict such as {'mixamorig:Hips': 'Hips'}",
                "mapNodeNames",
            )
        return opts

    def _retarget(self, source: AnimationGroup, opts: dict[str, Any]) -> AnimationGroup:
        self._computeBoneWorldMatrices()
        names: Mapping[str, str] = opts.get("mapNodeNames") or {}
        source_nodes: dict[TransformNode, None] = {}
        by_name: dict[str, _Source] = {}
        for ta in source.targetedAnimations:
            tn = ta.target
            if _class_name(tn) == "TransformNode" and tn not in source_nodes:
                source_nodes[tn] = None
                by_name[names.get(tn.name, tn.name)] = _Source(tn)
                if not tn.rotationQuaternion:
                    tn.rotationQuaternion = Quaternion.FromEulerAngles(
                        tn.rotation.x, tn.rotation.y, tn.rotation.z
                    )
                    tn.rotation.setAll(0)
        for source_node in source_nodes:
            source_node.computeWorldMatrix(True)
        group = source.clone(opts["animationGroupName"], None, True, True)
        roots: dict[TransformNode, Node] = {}
        seen: set[int] = set()
        targeted = group.targetedAnimations
        i = 0
        while i < len(targeted):
            ta = targeted[i]
            animation = ta.animation
            if id(animation) in seen:
                self._warn(
                    f"RetargetAnimationGroup - Avatar '{self.name}', AnimationGroup "
                    f"'{group.name}': animation '{animation.name}' is used multiple times in "
                    "the same animation group: duplicated animations are not supported, the "
                    "retargeted animation may not work as expected."
                )
            seen.add(id(animation))
            prop = animation.targetProperty
            keep = True
            if prop == "influence":
                keep = self._retargetMorphTarget(ta, group.name)
            elif prop in ("position", "rotationQuaternion", "scaling") and (
                _class_name(ta.target) == "TransformNode"
            ):
                node: TransformNode = ta.target
                node_name = names.get(node.name, node.name)
                bone = self.findBoneByTransformNode(node_name) or self.findBoneByName(node_name)
                if bone is None:
                    self._warn(
                        f"RetargetAnimationGroup - Avatar '{self.name}', AnimationGroup "
                        f"'{group.name}': \"{node_name}\" bone not found in any skeleton of "
                        "avatar: animation removed."
                    )
                    keep = False
                elif not self._retargetTransformNodeToBone(
                    ta, node, bone, group.name, roots, names, bool(opts["checkHierarchy"])
                ):
                    keep = False
                elif opts["retargetAnimationKeys"]:
                    self._retargetAnimationKeys(ta.animation, node, bone)
            if keep:
                i += 1
            else:
                del targeted[i]
        if opts["fixAnimations"]:
            self._fixAnimationGroup(group)
        fix_ground = bool(opts["fixGroundReference"])
        fix_root = bool(opts["fixRootPosition"])
        if fix_ground or fix_root:
            msg = (
                "Ground reference and root position fixing processes skipped."
                if fix_ground and fix_root
                else "Ground reference fixing process skipped."
                if fix_ground
                else "Root position fixing process skipped."
            )
            root_name = opts.get("rootNodeName")
            ground_name = opts.get("groundReferenceNodeName")
            res = self._findVerticalAxis(
                msg,
                group,
                names.get(root_name, root_name) if root_name else None,
                by_name,
                names.get(ground_name, ground_name) if ground_name else None,
                opts.get("groundReferenceVerticalAxis"),
            )
            if res is not None:
                vertical, src_root, tgt_root, tgt_position, src_ground, tgt_ground, ratio = res
                if fix_root:
                    self._fixRootPosition(source, group, src_root, tgt_root, tgt_position, ratio)
                    self._resetStates(by_name)
                dynamic = bool(opts["fixGroundReferenceDynamicRefNode"])
                if fix_ground:
                    self._fixGroundReference(
                        source,
                        group,
                        vertical,
                        tgt_root,
                        tgt_position,
                        src_ground,
                        tgt_ground,
                        source_nodes,
                        names,
                        dynamic,
                    )
                    self._resetStates(by_name)
                elif dynamic:
                    self._warn(
                        f"RetargetAnimationGroup - Avatar '{self.name}', AnimationGroup "
                        f"'{group.name}': fixGroundReferenceDynamicRefNode option is set to "
                        "true but fixGroundReference is false: dynamic ground reference node "
                        "fixing process skipped."
                    )
        return group

    def dispose(self) -> None:
        """Dispose the skeletons, morph target managers and root node (if owned)."""
        if not self._disposeResources:
            return
        for skeleton in self.skeletons:
            skeleton.dispose()
        for manager in self.morphTargetManagers:
            manager.dispose()
        if self.rootNode is not None:
            self.rootNode.dispose(False, True)

    # -- helpers ----------------------------------------------------------------------------

    def _computeBoneWorldMatrices(self) -> None:
        for skeleton in self.skeletons:
            skeleton.returnToRest()
            skeleton.prepare(True)
            for bone in skeleton.bones:
                linked = bone.getTransformNode()
                if linked is not None:
                    linked.computeWorldMatrix(True)

    def _buildMorphTargetMap(self) -> None:
        found: dict[str, MorphTarget] = {}
        for manager in self.morphTargetManagers:
            for t in range(manager.numTargets):
                target = manager.getTarget(t)
                if target is not None:
                    found[f"{getattr(manager, 'meshName', None)}_{target.name}"] = target
        self._mapMorphTargetNameToMorphTarget = found

    def _retargetMorphTarget(self, ta: TargetedAnimation, group_name: str) -> bool:
        target = ta.target
        manager = getattr(target, "morphTargetManager", None)
        mesh_name = getattr(manager, "meshName", None) if manager is not None else None
        shown = "undefined" if mesh_name is None else mesh_name
        key = f"{shown}_{target.name}"
        if key not in self.mapMorphTargetNameToMorphTarget:
            self._warn(
                f"RetargetAnimationGroup - Avatar '{self.name}', AnimationGroup "
                f"'{group_name}': \"{target.name}\" morph target not found in morph target "
                f'manager of mesh "{shown}": animation removed'
            )
            return False
        ta.target = self.mapMorphTargetNameToMorphTarget[key]
        return True

    def _retargetTransformNodeToBone(
        self,
        ta: TargetedAnimation,
        node: TransformNode,
        bone: Bone,
        group_name: str,
        roots: dict[TransformNode, Node],
        names: Mapping[str, str],
        checkHierarchy: bool,
    ) -> bool:
        if checkHierarchy:
            root = roots.get(node)
            if root is None:
                root = self._getRootNode(node)
                roots[node] = root
            if not self._checkParentHierarchy(bone, root, names):
                linked = bone.getTransformNode()
                self._warn(
                    f"RetargetAnimationGroup - Avatar '{self.name}', AnimationGroup "
                    f"'{group_name}': parent hierarchy mismatch between bone "
                    f'"{linked.name if linked else bone.name}" and transform node '
                    f'"{node.name}": animation removed'
                )
                return False
        linked = bone.getTransformNode()
        ta.target = linked if linked is not None else bone
        return True

    @staticmethod
    def _retargetAnimationKeys(animation: Any, source: TransformNode, bone: Bone) -> None:
        keys = animation.getKeys()
        target = bone.getTransformNode()
        if target is not None:
            target_world = target.getWorldMatrix()
            target_parent_world = (
                target.parent.getWorldMatrix() if target.parent else Matrix.IdentityReadOnly
            )
        else:
            target_world = bone.getFinalMatrix()
            parent = bone.getParent()
            target_parent_world = parent.getFinalMatrix() if parent else Matrix.IdentityReadOnly
        parent_inverse = target_parent_world.invertToRef(TmpVectors.Matrix[0])
        source_inverse = source.getWorldMatrix().invertToRef(TmpVectors.Matrix[1])
        source_parent_world = (
            source.parent.getWorldMatrix() if source.parent else Matrix.IdentityReadOnly
        )
        prop = animation.targetProperty
        # every source node was given a rotationQuaternion by retargetAnimationGroup
        source_rotation = source.rotationQuaternion or Quaternion.Identity()

        def rewrite(local: Matrix) -> Matrix:
            source_inverse.multiplyToRef(local, local).multiplyToRef(source_parent_world, local)
            return target_world.multiplyToRef(local, local).multiplyToRef(parent_inverse, local)

        for key in keys:
            value = key_get(key, "value")
            local = TmpVectors.Matrix[2]
            if prop == "rotationQuaternion":
                Matrix.ComposeToRef(source.scaling, value, source.position, local)
                rewrite(local).decompose(None, value, None)
            elif prop == "position":
                Matrix.ComposeToRef(source.scaling, source_rotation, value, local)
                rewrite(local).decompose(None, None, value)
            elif prop == "scaling":
                Matrix.ComposeToRef(value, source_rotation, source.position, local)
                rewrite(local).decompose(value, None, None)

    @staticmethod
    def _fixAnimationGroup(group: AnimationGroup) -> None:
        for ta in group.targetedAnimations:
            if ta.animation.targetProperty != "rotationQuaternion":
                continue
            keys = ta.animation.getKeys()
            j = 0
            while j < len(keys) - 1:
                current = key_get(keys[j], "value")
                following = key_get(keys[j + 1], "value")
                if abs(Quaternion.Dot(current, following)) < 0.001:
                    _key_set(keys[j + 1], "value", current.clone())
                    j += 1
                j += 1

    @staticmethod
    def _getRootNode(node: Node) -> Node:
        current = node
        while current.parent is not None:
            current = current.parent
        return current

    def _checkParentHierarchy(
        self, bone: Bone | None, root: Node, names: Mapping[str, str]
    ) -> bool:
        assert bone is not None
        linked = bone.getTransformNode()
        wanted = linked.name if linked else bone.name
        children = root.getDescendants(False, lambda n: names.get(n.name, n.name) == wanted)
        if len(children) != 1:
            self._warn(
                f"RetargetAnimationGroup - Avatar '{self.name}', CheckParentHierarchy: unable to "
                f'find a corresponding transform node to bone name "{wanted}" in the source '
                "animation."
            )
            return False
        node: Node | None = children[0]
        current: Bone | None = bone
        while current is not None:
            node_name = node.name if node is not None else ""
            name = names.get(node_name, node_name) if node is not None else None
            linked = current.getTransformNode()
            bone_name = linked.name if linked else current.name
            if bone_name != name:
                self._warn(
                    f"RetargetAnimationGroup - Avatar '{self.name}', CheckParentHierarchy: bone "
                    f'name "{bone_name}" is different from transform node name "{name}".'
                )
                return False
            current = current.getParent()
            node = node.parent if node is not None else None
        return True

    def _getRootNodeName(self, root_name: str | None, by_name: Mapping[str, _Source]) -> str | None:
        if root_name:
            return root_name
        for skeleton in self.skeletons:
            for bone in skeleton.bones:
                if bone.getParent() is None and by_name.get(bone.name) is not None:
                    return bone.name
        return None

    def _findVerticalAxis(
        self,
        msg: str,
        group: AnimationGroup,
        root_name: str | None,
        by_name: Mapping[str, _Source],
        ground_name: str | None,
        vertical_axis: str | None,
    ) -> tuple[int, TransformNode, Any, Any, TransformNode, Any, float] | None:
        prefix = f"RetargetAnimationGroup - Avatar '{self.name}', AnimationGroup '{group.name}'"
        if not ground_name:
            self._warn(
                f"{prefix}: you must provide the name of the ground reference node (option "
                f'parameter "groundReferenceNodeName"). {msg}'
            )
            return None
        root_name = self._getRootNodeName(root_name, by_name)
        if not root_name:
            self._warn(
                f"{prefix}: unable to find a suitable root node in the source animation. You "
                f'should provide its name through the "rootNodeName" optional parameter. {msg}'
            )
            return None
        source_root = by_name[root_name].node if root_name in by_name else None
        source_ground = by_name[ground_name].node if ground_name in by_name else None
        for missing, label in ((source_root, root_name), (source_ground, ground_name)):
            if missing is None:
                self._warn(
                    f'{prefix}: unable to find the transform node corresponding to "{label}" in '
                    "the source animation. This transform node either doesn't exist or is not "
                    f"animated. {msg}"
                )
                return None
        assert source_root is not None
        assert source_ground is not None
        target_position: Any = None
        target_root: Any = None
        for ta in group.targetedAnimations:
            if ta.target.name == root_name and ta.animation.targetProperty == "position":
                target_position = ta.animation
                target_root = ta.target
                break
        if target_position is None or target_root is None:
            self._warn(
                f'{prefix}: unable to find a "position" animation for the node "{root_name}". {msg}'
            )
            return None
        target_ground: Any
        if isinstance(target_root, TransformNode):
            bone = self.findBoneByTransformNode(ground_name)
            target_ground = bone.getTransformNode() if bone is not None else None
        else:
            target_ground = self.findBoneByName(ground_name)
        if target_ground is None:
            self._warn(
                f"{prefix}: unable to find the bone/transform node corresponding with name "
                f'"{ground_name}" in the avatar skeleton. Ensure that this bone exists. {msg}'
            )
            return None
        source_root.computeWorldMatrix(True)
        source_ground.computeWorldMatrix(True)
        source_diff = source_root.getAbsolutePosition().subtract(
            source_ground.getAbsolutePosition()
        )
        vertical = 0
        if vertical_axis:
            vertical = {"X": 0, "Y": 1, "Z": 2}[vertical_axis]
        else:
            ax, ay, az = abs(source_diff.x), abs(source_diff.y), abs(source_diff.z)
            if ay > ax and ay >= az:
                vertical = 1
            elif az > ax and az > ay:
                vertical = 2
        target_diff = target_root.getAbsolutePosition().subtract(
            target_ground.getAbsolutePosition()
        )
        s = _component(source_diff, vertical)
        t = _component(target_diff, vertical)
        return (
            vertical,
            source_root,
            target_root,
            target_position,
            source_ground,
            target_ground,
            t / s if s != 0 else 1.0,
        )

    def _captureAvatarSkeletonStates(
        self,
    ) -> tuple[dict[TransformNode, _Source], dict[Bone, Matrix]]:
        nodes: dict[TransformNode, _Source] = {}
        bones: dict[Bone, Matrix] = {}
        for skeleton in self.skeletons:
            for bone in skeleton.bones:
                linked = bone.getTransformNode()
                if linked is not None:
                    nodes[linked] = _Source(linked)
                else:
                    bones[bone] = bone.getLocalMatrix().clone()
        return nodes, bones

    def _restoreAvatarSkeletonStates(
        self, states: tuple[dict[TransformNode, _Source], dict[Bone, Matrix]]
    ) -> None:
        nodes, bones = states
        for node, data in nodes.items():
            node.position.copyFrom(data.position)
            node.scaling.copyFrom(data.scaling)
            if data.quaternion is not None:
                if node.rotationQuaternion:
                    node.rotationQuaternion.copyFrom(data.quaternion)
                else:
                    node.rotationQuaternion = data.quaternion.clone()
            else:
                node.rotationQuaternion = None
                node.rotation.copyFrom(data.rotation)
            node.computeWorldMatrix(True)
        for bone, matrix in bones.items():
            bone._matrix = matrix
        for skeleton in self.skeletons:
            skeleton.prepare(True)

    def _resetStates(self, by_name: Mapping[str, _Source]) -> None:
        for skeleton in self.skeletons:
            skeleton.returnToRest()
        for data in by_name.values():
            node = data.node
            node.position.copyFrom(data.position)
            node.scaling.copyFrom(data.scaling)
            if data.quaternion is not None and node.rotationQuaternion is not None:
                node.rotationQuaternion.copyFrom(data.quaternion)
            else:
                node.rotation.copyFrom(data.rotation)
            node.computeWorldMatrix(True)

    @staticmethod
    def _inverse_parent(target: Any) -> Matrix:
        parent: Any = target.parent if isinstance(target, TransformNode) else target.getParent()
        if parent is None:
            return Matrix.IdentityReadOnly
        world = (
            parent.getWorldMatrix()
            if isinstance(target, TransformNode)
            else parent.getFinalMatrix()
        )
        inverse: Matrix = world.invertToRef(TmpVectors.Matrix[0])
        return inverse

    def _fixRootPosition(
        self,
        source: AnimationGroup,
        group: AnimationGroup,
        source_root: TransformNode,
        target_root: Any,
        target_position: Any,
        ratio: float,
    ) -> None:
        inverse_parent = self._inverse_parent(target_root)
        source_root.computeWorldMatrix(True)
        target_root.computeWorldMatrix(True)
        source_world = source_root.absolutePosition.clone()
        target_world = target_root.getAbsolutePosition().clone()
        source.play(False)
        group.play(False)
        for key in target_position.getKeys():
            frame = key_get(key, "frame")
            source.goToFrame(frame)
            source.pause()
            group.goToFrame(frame)
            group.pause()
            source_root.computeWorldMatrix(True)
            offset = source_root.absolutePosition.subtractToRef(source_world, TmpVectors.Vector3[0])
            offset.scaleInPlace(ratio)
            offset.addInPlace(target_world)
            Vector3.TransformNormalToRef(offset, inverse_parent, key_get(key, "value"))
        source.stop()
        group.stop()

    def _fixGroundReference(
        self,
        source: AnimationGroup,
        group: AnimationGroup,
        vertical: int,
        target_root: Any,
        target_position: Any,
        source_ground: TransformNode,
        target_ground: Any,
        source_nodes: Mapping[TransformNode, None],
        names: Mapping[str, str],
        dynamic: bool,
    ) -> None:
        inverse_parent = self._inverse_parent(target_root)
        source.play(False)
        group.play(False)
        for key in target_position.getKeys():
            frame = key_get(key, "frame")
            source.goToFrame(frame)
            source.pause()
            group.goToFrame(frame)
            group.pause()
            source_ground.computeWorldMatrix(True)
            target_ground.computeWorldMatrix(True)
            diff = target_ground.getAbsolutePosition().subtractToRef(
                source_ground.absolutePosition, TmpVectors.Vector3[0]
            )
            offset = _component(diff, vertical)
            if dynamic:
                offset = self._dynamic_offset(
                    offset, vertical, target_root, target_ground, source_ground, source_nodes, names
                )
            local = Vector3.TransformNormalToRef(
                Vector3(
                    offset if vertical == 0 else 0,
                    offset if vertical == 1 else 0,
                    offset if vertical == 2 else 0,
                ),
                inverse_parent,
                TmpVectors.Vector3[1],
            )
            key_get(key, "value").subtractInPlace(local)
        source.stop()
        group.stop()

    def _dynamic_offset(
        self,
        offset: float,
        vertical: int,
        target_root: Any,
        target_ground: Any,
        source_ground: TransformNode,
        source_nodes: Mapping[TransformNode, None],
        names: Mapping[str, str],
    ) -> float:
        """A bone lower than the ground reference this frame sets the offset instead."""
        root_to_ground = _component(
            target_root.getAbsolutePosition().subtractToRef(
                target_ground.getAbsolutePosition(), TmpVectors.Vector3[0]
            ),
            vertical,
        )
        for node in source_nodes:
            if node is source_ground:
                continue
            name = names.get(node.name, node.name)
            bone = self.findBoneByTransformNode(name) or self.findBoneByName(name)
            if bone is None:
                continue
            node.computeWorldMatrix()
            bone.computeWorldMatrix()
            linked = bone.getTransformNode()
            bone_world = linked.getAbsolutePosition() if linked else bone.getAbsolutePosition()
            root_to_bone = _component(
                target_root.getAbsolutePosition().subtractToRef(bone_world, TmpVectors.Vector3[0]),
                vertical,
            )
            if abs(root_to_bone) > abs(root_to_ground) and _js_sign(root_to_bone) == _js_sign(
                root_to_ground
            ):
                offset = _component(
                    bone_world.subtractToRef(node.getAbsolutePosition(), TmpVectors.Vector3[0]),
                    vertical,
                )
        return offset


def _component(vector: Vector3, axis: int) -> float:
    return vector.x if axis == 0 else vector.y if axis == 1 else vector.z


def _key_set(key: Any, name: str, value: Any) -> None:
    if isinstance(key, dict):
        key[name] = value
    else:
        setattr(key, name, value)
