"""Babylon.js ``Scene`` active-mesh evaluation: what a camera pass of ``render()`` computes.

Port of ``_evaluateActiveMeshes``, ``_activeMesh``, ``_prepareSkeleton`` and
``_evaluateSubMesh`` in ``@babylonjs/core`` 9.31 ``scene.pure.js``, as far as a headless
script can observe them:

* every mesh of ``scene.meshes`` that is not blocked, is ready and enabled, has no zero scaling
  component gets its world matrix computed (``computeWorldMatrix()``, cached per render id);
* a mesh then becomes *active* (``scene.getActiveMeshes()``, a :class:`SmartArray`) when
  ``isVisible``, ``visibility > 0``, its ``layerMask`` shares a bit with the camera's and it
  is in the camera's frustum (or ``alwaysSelectAsActiveMesh`` / ``skipFrustumClipping``);
  ``getLOD(camera)`` picks the mesh that renders (None drops it);
* the skeleton of each active mesh is prepared once per pass (``skeleton.prepare()``, itself
  keyed on the render id), so ``bone.getAbsolutePosition(mesh)`` and ``bone.getWorldMatrix()``
  follow the animated transform nodes after ``render()`` as in Babylon.js. Skeletons of
  culled, disabled or invisible meshes are not prepared;
* a sub-mesh that would be drawn without a material takes ``scene.defaultMaterial``: a
  ``StandardMaterial`` named ``"default material"``, created on first use and added to
  ``scene.materials`` then.

The skeletons are collected while the meshes are evaluated and prepared together by
:meth:`SceneRenderPipeline._prepareSkeletons` just before
``onAfterActiveMeshesEvaluationObservable`` (Babylon.js prepares each as its first mesh is
activated; preparing reads only the bones' linked transform nodes, so the values are the same,
only a skeleton's ``onBeforeComputeObservable`` fires after the meshes' world-matrix updates).
That one method is the seam a batched palette update can replace.

Not ported: frozen active meshes, octree candidates, the rendering manager and its groups,
software skinning (``computeBonesUsingShaders = false`` draws nothing here), particle systems,
sub-mesh frustum tests of meshes with several sub-meshes (each counts as visible when its mesh
is active).

:class:`SceneRenderPipeline` is a mixin of :class:`~lite_compat.scene.scene.Scene`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from lite_compat.bones.skeleton_batch import prepare_skeletons
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.camera_projection import FrustumPlane
from lite_compat.engines.engine_store import scene_render_id
from lite_compat.materials.material import Material
from lite_compat.materials.standard_material import StandardMaterial
from lite_compat.math import Vector3
from lite_compat.meshes.abstract_mesh_members import AbstractMeshMembers
from lite_compat.meshes.bounding_info import BoundingInfo
from lite_compat.meshes.bounding_sphere import BoundingSphere
from lite_compat.meshes.mesh import Mesh
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.observable import Observable
from lite_compat.scene.smart_array import SmartArray, SmartArrayNoDuplicate

__all__ = ["SceneRenderPipeline"]

#: The inline sphere-only frustum test of ``_evaluateActiveMeshes`` (False: every mesh goes
#: through ``mesh.isInFrustum(planes)``; the differential tests compare both).
FAST_FRUSTUM = True

#: The plain-mesh pass of ``_evaluateActiveMeshes``: for a ``Mesh`` whose class and instance
#: keep Mesh's own members, the checks those members make are read inline from the mesh's
#: fields (False: every mesh goes through its methods and properties; the differential tests
#: compare both).
FAST_MESHES = True

#: The members the plain-mesh pass reads inline (instead of calling them): a mesh class takes
#: that pass only when each is ``Mesh``'s own.
_INLINE_MEMBERS = (
    "__getattribute__",
    "isBlocked",
    "isReady",
    "isEnabled",
    "scaling",
    "computeWorldMatrix",
    "_composeWorldMatrix",
    "getLOD",
    "isVisible",
    "visibility",
    "layerMask",
    "isInFrustum",
    "getBoundingInfo",
    "skeleton",
    "computeBonesUsingShaders",
    "material",
)
#: The ones an instance attribute can shadow (functions): a mesh holding one in its own
#: ``__dict__`` takes the generic path.
_SHADOWABLE = (
    "isReady",
    "isEnabled",
    "computeWorldMatrix",
    "_composeWorldMatrix",
    "getLOD",
    "isInFrustum",
    "getBoundingInfo",
)


class _KeepsMembers(dict[type, bool]):
    """Per class, whether it keeps ``names`` as ``members`` (the base's own): the verdict of
    an inline pass, memoised by class and cleared every pass (a script may patch a class's
    member between renders, as a JS script patches a prototype). A plain dict to the loops'
    ``get``; :meth:`of` fills a missing class."""

    __slots__ = ("names", "members")

    def __init__(self, names: tuple[str, ...], members: tuple[Any, ...]) -> None:
        super().__init__()
        self.names = names
        self.members = members

    def of(self, cls: type) -> bool:
        plain = self.get(cls)
        if plain is None:
            plain = all(
                getattr(cls, name, None) is member
                for name, member in zip(self.names, self.members, strict=True)
            )
            self[cls] = plain
        return plain


#: Mesh classes whose inline members are Mesh's own.
_plain_mesh_classes = _KeepsMembers(
    _INLINE_MEMBERS, tuple(getattr(Mesh, name) for name in _INLINE_MEMBERS)
)


def _shadowed(mesh: Any) -> bool:
    """Whether ``mesh`` holds one of the inline members in its own ``__dict__``."""
    d = mesh.__dict__
    return (
        "isReady" in d
        or "isEnabled" in d
        or "computeWorldMatrix" in d
        or "_composeWorldMatrix" in d
        or "getLOD" in d
        or "isInFrustum" in d
        or "getBoundingInfo" in d
    )


_SYNC_MEMBERS = (
    "__getattribute__",
    "isSynchronized",
    "isSynchronizedWithParent",
    "_isSynchronized",
    "_trsSnapshot",
)
#: Node classes whose synchronization checks are TransformNode's own.
_plain_sync_classes = _KeepsMembers(
    _SYNC_MEMBERS,
    (
        object.__getattribute__,
        Node.isSynchronized,
        Node.isSynchronizedWithParent,
        TransformNode._isSynchronized,
        TransformNode._trsSnapshot,
    ),
)


def _synchronized(node: Any) -> bool:
    """``node.isSynchronized()``, read inline from the fields of a chain of nodes whose checks
    are TransformNode's own (``Node.isSynchronized``, ``isSynchronizedWithParent``,
    ``TransformNode._isSynchronized`` and ``_trsSnapshot``; a node of another class, or
    holding one of them in its ``__dict__``, is asked through its methods). The checks only
    read, so the verdict is the methods' one."""
    cls = type(node)
    plain = _plain_sync_classes.get(cls)
    if plain is None:
        plain = _plain_sync_classes.of(cls)
    d = node.__dict__
    if (
        not plain
        or "isSynchronized" in d
        or "isSynchronizedWithParent" in d
        or "_isSynchronized" in d
        or "_trsSnapshot" in d
    ):
        return bool(node.isSynchronized())
    parent = node._parentNode
    if parent is not None:
        if parent._isDirty or node._parentUpdateId != parent._childUpdateId:
            return False
        if not _synchronized(parent):
            return False
    billboard = node._billboardMode
    if billboard != node._cacheBillboardMode or billboard != 0:
        return False
    if node._cachePivotMatrixUpdated or node._infiniteDistance:
        return False
    # TransformNode._trsSnapshot() == _cacheTRS, inline.
    p = node._position
    r = node._rotation
    sc = node._scaling
    q = node._rotationQuaternion
    if q is None:
        return bool((p.x, p.y, p.z, r.x, r.y, r.z, sc.x, sc.y, sc.z) == node._cacheTRS)
    return bool(
        (p.x, p.y, p.z, r.x, r.y, r.z, sc.x, sc.y, sc.z, q.x, q.y, q.z, q.w) == node._cacheTRS
    )


#: Mesh classes whose ``isInFrustum`` / ``getBoundingInfo`` are the base ones.
_plain_frustum_classes = _KeepsMembers(
    ("isInFrustum", "getBoundingInfo"),
    (AbstractMeshMembers.isInFrustum, AbstractMeshMembers.getBoundingInfo),
)


def _own_frustum(mesh: Any) -> bool:
    """Whether ``mesh`` holds its own ``isInFrustum``/``getBoundingInfo`` (an instance
    attribute shadows the class's method, as a JS property does the prototype's)."""
    d = getattr(mesh, "__dict__", None)
    return d is not None and ("isInFrustum" in d or "getBoundingInfo" in d)


def _plane_coefficients(planes: Any) -> tuple[float, ...] | None:
    """The 24 floats of the six frustum planes (a, b, c, d each) when they are plain
    ``FrustumPlane``s (whose ``dotCoordinate`` the inline test reproduces), else None."""
    if not isinstance(planes, list) or len(planes) < 6:
        return None
    out: list[float] = []
    for i in range(6):
        plane = planes[i]
        if type(plane) is not FrustumPlane:
            return None
        n = plane.normal
        out += (n.x, n.y, n.z, plane.d)
    return tuple(out)


def _sphere_in_frustum(mesh: Any, planes: Any, coeffs: tuple[float, ...]) -> bool:
    """``mesh.isInFrustum(planes)`` for a mesh whose ``isInFrustum``/``getBoundingInfo`` are
    the base ones and whose culling strategy is ``CULLINGSTRATEGY_BOUNDINGSPHERE_ONLY``: the
    same six ``dotCoordinate(centerWorld) > -radiusWorld`` float operations in the same order,
    stopping at the first plane that rejects, as ``BoundingSphere.isInFrustum``."""
    # getBoundingInfo(), inline for a mesh without a master mesh and a clean bounding info.
    info = mesh._boundingInfo
    if mesh._boundingInfoIsDirty or mesh._masterMesh is not None or info is None:
        info = mesh.getBoundingInfo()
    if type(info) is not BoundingInfo:
        return bool(info.isInFrustum(planes, 1))
    sphere = info.boundingSphere
    if type(sphere) is not BoundingSphere:
        return bool(sphere.isInFrustum(planes))
    center = sphere.centerWorld
    x = center.x
    y = center.y
    z = center.z
    r = -sphere.radiusWorld
    return (
        coeffs[0] * x + coeffs[1] * y + coeffs[2] * z + coeffs[3] > r
        and coeffs[4] * x + coeffs[5] * y + coeffs[6] * z + coeffs[7] > r
        and coeffs[8] * x + coeffs[9] * y + coeffs[10] * z + coeffs[11] > r
        and coeffs[12] * x + coeffs[13] * y + coeffs[14] * z + coeffs[15] > r
        and coeffs[16] * x + coeffs[17] * y + coeffs[18] * z + coeffs[19] > r
        and coeffs[20] * x + coeffs[21] * y + coeffs[22] * z + coeffs[23] > r
    )


def _standard_default_material(scene: Any) -> Material:
    """Babylon.js's factory once ``StandardMaterial`` is registered (always, in the full
    ``@babylonjs/core`` import)."""
    return StandardMaterial("default material", scene)


class SceneRenderPipeline:
    """Active meshes, active skeletons and the default material of ``Scene.render``."""

    #: Creates ``scene.defaultMaterial`` (``Scene.DefaultMaterialFactory``): replace it to
    #: change what meshes without a material use.
    DefaultMaterialFactory: ClassVar[Callable[[Any], Material]] = staticmethod(
        _standard_default_material
    )

    activeCamera: Any
    meshes: list[Any]
    _renderId: int
    onBeforeActiveMeshesEvaluationObservable: Observable[Any]
    onAfterActiveMeshesEvaluationObservable: Observable[Any]
    onBeforeParticlesRenderingObservable: Observable[Any]
    onAfterParticlesRenderingObservable: Observable[Any]

    def _initRenderPipeline(self) -> None:
        """The pipeline's state (called from ``Scene.__init__``)."""
        self._activeMeshes: SmartArray[Any] = SmartArray(256)
        self._activeSkeletons: SmartArrayNoDuplicate[Any] = SmartArrayNoDuplicate(32)
        self._softwareSkinnedMeshes: SmartArrayNoDuplicate[Any] = SmartArrayNoDuplicate(32)
        self._defaultMaterial: Material | None = None
        #: The frame's active bones (reset by ``render()``, as Babylon's perf counter).
        self._activeBonesCount = 0
        self._skeletonsEnabled = True
        self._skipFrustumClipping = False
        #: Dispatch every sub-mesh of an active mesh without a frustum test (Babylon's flag).
        self.dispatchAllSubMeshesOfActiveMeshes = False
        #: Picks the mesh that renders in place of ``mesh`` for ``camera`` (None: ``getLOD``).
        self.customLODSelector: Callable[[Any, Any], Any] | None = None

    # -- public members ----------------------------------------------------------------------

    def getActiveMeshes(self) -> SmartArray[Any]:
        """The meshes the last camera pass selected (``data[:length]``; the array is reused)."""
        return self._activeMeshes

    def getActiveBones(self) -> int:
        """Bones of the skeletons prepared in the current (or last) frame, every camera pass
        counted (Babylon's ``_activeBones`` performance counter; 0 before the first render)."""
        return self._activeBonesCount

    def isActiveMesh(self, mesh: Any) -> bool:
        """Whether ``mesh`` is among the active meshes of the last camera pass."""
        return self._activeMeshes.indexOf(mesh) != -1

    @property
    def defaultMaterial(self) -> Material:
        """The material of meshes without one: created on first read (by a render that draws
        such a mesh, by ``serialize``, or by the script) with :attr:`DefaultMaterialFactory`,
        a ``StandardMaterial`` named ``"default material"`` added to ``scene.materials``."""
        if self._defaultMaterial is None:
            self._defaultMaterial = type(self).DefaultMaterialFactory(self)
        return self._defaultMaterial

    @defaultMaterial.setter
    def defaultMaterial(self, value: Material) -> None:
        self._defaultMaterial = value

    @property
    def skeletonsEnabled(self) -> bool:
        """When False, render prepares no skeleton (default True)."""
        return self._skeletonsEnabled

    @skeletonsEnabled.setter
    def skeletonsEnabled(self, value: bool) -> None:
        self._skeletonsEnabled = bool(value)

    @property
    def skipFrustumClipping(self) -> bool:
        """When True every visible mesh is active, in the frustum or not (default False)."""
        return self._skipFrustumClipping

    @skipFrustumClipping.setter
    def skipFrustumClipping(self, value: bool) -> None:
        self._skipFrustumClipping = bool(value)

    # -- the pass --------------------------------------------------------------------------

    def _evaluateActiveMeshes(self) -> None:
        """Select the active meshes of the current camera pass (see the module doc)."""
        camera = self.activeCamera
        if camera is None:
            return
        self.onBeforeActiveMeshesEvaluationObservable.notifyObservers(self)
        active = self._activeMeshes
        active.reset()
        self._activeSkeletons.reset()
        self._softwareSkinnedMeshes.reset()
        # A stand-in camera object (tests, ports) has no frustum: nothing is clipped.
        planes = camera._updateFrustumPlanes() if isinstance(camera, Camera) else None
        skip_clipping = self._skipFrustumClipping or planes is None
        camera_mask = int(getattr(camera, "layerMask", 0x0FFFFFFF))
        selector = self.customLODSelector
        coeffs = None if skip_clipping or not FAST_FRUSTUM else _plane_coefficients(planes)
        cls = type(self)
        fast = (
            FAST_MESHES
            and selector is None
            and cls._activeMesh is SceneRenderPipeline._activeMesh
            and cls._inFrustum is SceneRenderPipeline._inFrustum
            and type(active) is SmartArray
            and type(self._activeSkeletons) is SmartArrayNoDuplicate
            and type(self._softwareSkinnedMeshes) is SmartArrayNoDuplicate
        )
        plain_render_id = cls.getRenderId is SceneRenderPipeline.getRenderId
        # The classes' verdicts are taken again each pass: a script may patch a class's
        # member between renders (as a JS script patches a prototype).
        _plain_mesh_classes.clear()
        _plain_sync_classes.clear()
        _plain_frustum_classes.clear()
        plain_classes = _plain_mesh_classes
        for mesh in self.meshes:
            if fast:
                plain = plain_classes.get(type(mesh))
                if plain is None:
                    plain = plain_classes.of(type(mesh))
                if plain and not _shadowed(mesh):
                    self._evaluatePlainMesh(
                        mesh,
                        active,
                        camera,
                        camera_mask,
                        skip_clipping,
                        planes,
                        coeffs,
                        plain_render_id,
                    )
                    continue
            if getattr(mesh, "isBlocked", False):
                continue
            ready = getattr(mesh, "isReady", None)
            if callable(ready) and not ready():
                continue
            if not mesh.isEnabled() or mesh.scaling.hasAZeroComponent:
                continue
            mesh.computeWorldMatrix()
            get_lod = getattr(mesh, "getLOD", None)
            if selector is not None:
                to_render = selector(mesh, camera)
            else:
                to_render = get_lod(camera) if callable(get_lod) else mesh
            if to_render is None:
                continue
            if to_render is not mesh and getattr(to_render, "billboardMode", 0) != 0:
                to_render.computeWorldMatrix()
            if not (
                getattr(mesh, "isVisible", True)
                and getattr(mesh, "visibility", 1) > 0
                and (int(getattr(mesh, "layerMask", 0x0FFFFFFF)) & camera_mask) != 0
                and (
                    skip_clipping
                    or getattr(mesh, "alwaysSelectAsActiveMesh", False)
                    or self._inFrustum(mesh, planes, coeffs)
                )
            ):
                continue
            active.push(mesh)
            # Babylon activates an instance only while its source is not active yet; both
            # effects of _activeMesh are idempotent within a pass, so it always runs here.
            self._activeMesh(mesh, to_render)
        self._prepareSkeletons(self._renderId)
        self.onAfterActiveMeshesEvaluationObservable.notifyObservers(self)
        self.onBeforeParticlesRenderingObservable.notifyObservers(self)
        self.onAfterParticlesRenderingObservable.notifyObservers(self)

    def getRenderId(self) -> int:
        """Render id (counts render passes)."""
        return self._renderId

    def _evaluatePlainMesh(
        self,
        mesh: Any,
        active: SmartArray[Any],
        camera: Any,
        camera_mask: int,
        skip_clipping: bool,
        planes: Any,
        coeffs: tuple[float, ...] | None,
        plain_render_id: bool,
    ) -> None:
        """The generic loop body of :meth:`_evaluateActiveMeshes` for a plain ``Mesh`` (see
        :data:`FAST_MESHES`), its members' checks read from their fields in the same order:
        the world matrix computed as ``computeWorldMatrix()`` does, then, when the mesh is
        active, pushed and activated as ``_activeMesh(mesh, mesh)``. A mesh with LOD levels
        takes ``getLOD`` (and ``_activeMesh`` for a level)."""
        if mesh._masterMesh is not None or not mesh._isReady:
            return
        if not (mesh._isEnabled and mesh._isParentEnabled):
            return
        scaling = mesh._scaling
        if type(scaling) is Vector3:
            if scaling.x * scaling.y * scaling.z == 0:
                return
        elif scaling.hasAZeroComponent:
            return
        # TransformNode.computeWorldMatrix()'s cache checks, then its recomputation.
        if not mesh._isWorldMatrixFrozen or mesh._isDirty:
            scene = mesh._scene
            render_id = (
                self._renderId if scene is self and plain_render_id else scene_render_id(scene)
            )
            if not mesh._isDirty and (mesh._currentRenderId == render_id or _synchronized(mesh)):
                mesh._currentRenderId = render_id
            else:
                mesh._composeWorldMatrix(False, None, render_id)
        to_render = mesh
        if mesh._LODLevels:
            to_render = mesh.getLOD(camera)
            if to_render is None:
                return
            if to_render is not mesh and getattr(to_render, "billboardMode", 0) != 0:
                to_render.computeWorldMatrix()
        # isVisible, visibility, layerMask, then the frustum.
        if not (mesh.isVisible if mesh._inheritVisibility else mesh._isVisible):
            return
        if not (mesh._visibility > 0 and (int(mesh._layerMask) & camera_mask) != 0):
            return
        if not (skip_clipping or getattr(mesh, "alwaysSelectAsActiveMesh", False)):
            if coeffs is None or mesh.cullingStrategy != 1:
                if not mesh.isInFrustum(planes):
                    return
            elif not _sphere_in_frustum(mesh, planes, coeffs):
                return
        # active.push(mesh) (a SmartArray: checked by the caller).
        data = active.data
        if active.length < len(data):
            data[active.length] = mesh
        else:
            data.append(mesh)
        active.length += 1
        if to_render is not mesh:
            self._activeMesh(mesh, to_render)
            return
        # _activeMesh(mesh, mesh), from the mesh's fields.
        if self._skeletonsEnabled:
            skeleton = mesh._skeleton
            if skeleton is not None:
                skeletons = self._activeSkeletons
                members = skeletons._members
                if id(skeleton) not in members:
                    # skeletons.push(skeleton) (a SmartArrayNoDuplicate: checked by the caller).
                    data = skeletons.data
                    if skeletons.length < len(data):
                        data[skeletons.length] = skeleton
                    else:
                        data.append(skeleton)
                    skeletons.length += 1
                    members.add(id(skeleton))
                    self._activeBonesCount += len(skeleton.bones)
                if not mesh._computeBonesUsingShaders:
                    self._softwareSkinnedMeshes.pushNoDuplicate(mesh)
        if (
            getattr(mesh, "subMeshes", None)
            and mesh._material is None
            and self._defaultMaterial is None
        ):
            _ = self.defaultMaterial

    @staticmethod
    def _inFrustum(mesh: Any, planes: Any, coeffs: tuple[float, ...] | None) -> bool:
        """``mesh.isInFrustum(planes)``; inline for a plain mesh culled by its bounding sphere
        only (``CULLINGSTRATEGY_BOUNDINGSPHERE_ONLY``, the default): the same six
        ``dotCoordinate(centerWorld) > -radiusWorld`` float operations in the same order,
        stopping at the first plane that rejects, as ``BoundingSphere.isInFrustum``."""
        if (
            coeffs is None
            or not _plain_frustum_classes.of(type(mesh))
            or mesh.cullingStrategy != 1
            or _own_frustum(mesh)
        ):
            return bool(mesh.isInFrustum(planes))
        return _sphere_in_frustum(mesh, planes, coeffs)

    def _activeMesh(self, sourceMesh: Any, mesh: Any) -> None:
        """Queue ``mesh``'s skeleton for preparation and evaluate its sub-meshes (the
        default material is created for one drawn without a material)."""
        if self._skeletonsEnabled:
            skeleton = getattr(mesh, "skeleton", None)
            if skeleton is not None:
                if self._activeSkeletons.pushNoDuplicate(skeleton):
                    self._activeBonesCount += len(skeleton.bones)
                if not getattr(mesh, "computeBonesUsingShaders", True):
                    self._softwareSkinnedMeshes.pushNoDuplicate(mesh)
        sub_meshes = getattr(mesh, "subMeshes", None)
        if not sub_meshes:
            return
        if getattr(mesh, "material", None) is None and self._defaultMaterial is None:
            # SubMesh.getMaterial() falls back to scene.defaultMaterial (creating it).
            _ = self.defaultMaterial

    def _prepareSkeletons(self, render_id: int) -> None:
        """Prepare every skeleton collected by this pass (``skeleton.prepare()``, keyed on
        ``render_id``). The one place per-render skeleton work happens: a batched palette
        update (``lite_compat.bones.skeleton_batch``) takes the eligible ones."""
        skeletons = self._activeSkeletons
        prepare_skeletons(
            skeletons.data,
            skeletons.length,
            self,
            type(self).getRenderId is SceneRenderPipeline.getRenderId,
        )

    def _disposeRenderPipeline(self) -> None:
        """Release the active lists and dispose the default material (``Scene.dispose``)."""
        self._activeMeshes.dispose()
        self._activeSkeletons.dispose()
        self._skeletonBatchLayout = None
        self._softwareSkinnedMeshes.dispose()
        if self._defaultMaterial is not None:
            self._defaultMaterial.dispose()
            self._defaultMaterial = None
