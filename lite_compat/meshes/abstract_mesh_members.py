"""The members ``BABYLON.AbstractMesh`` adds to a transform node: bounds, state flags, POV moves.

Port of ``@babylonjs/core`` 9.31 ``Meshes/abstractMesh.pure.js`` (what a headless script can
observe) and the occlusion/outline/edges/physics side-effect defaults it is given by
``@babylonjs/core``'s index. :class:`AbstractMeshMembers` sits between
:class:`~lite_compat.nodes.node.TransformNode` and
:class:`~lite_compat.meshes.abstract_mesh.AbstractMesh` (with the facet data of
:class:`~lite_compat.meshes.abstract_mesh_facets.AbstractMeshFacets` between):

* **state with Babylon's defaults**: collision, picking, outline/overlay, edges, octree,
  occlusion flags; the ``on*Observable`` observables; ``meshBlendingTag`` checked as
  Babylon checks it;
* **bounding info**: ``getBoundingInfo`` (the box and sphere of the local extent, moved to the
  world matrix whenever it changed), ``buildBoundingInfo``/``setBoundingInfo``,
  ``intersectsMesh``/``intersectsPoint``, frustum tests, ``getHierarchyBoundingVectors`` and
  ``normalizeToUnitCube``;
* **vertex helpers**: ``createNormals``, ``getPositionData``/``getNormalsData`` (optionally
  morphed and skinned on the CPU, as Babylon does, by
  :mod:`~lite_compat.meshes.vertex_deformation`);
* **POV moves**: ``movePOV``/``rotatePOV``/``calcMovePOV``/``calcRotatePOV``, ``alignWithNormal``;
  ``moveWithCollisions`` where no other mesh collides.

Members that only draw (edges renderer, uniform buffers, draw caches, octrees) are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lite.errors import LiteError
from lite_compat._js import require_number
from lite_compat._lazy import LazyField, swap_observer
from lite_compat._refusal import INPUT, RENDERING, Refused
from lite_compat.engines.engine_store import scene_flag, scene_list
from lite_compat.math import Color3, Color4, Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.meshes.bounding_info import BoundingInfo, extractMinAndMax
from lite_compat.meshes.geometry import DataArray
from lite_compat.meshes.normals import DepthSortedFacet, FacetParameters, SubDiv, compute_normals
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.vertex_data import VertexBuffer
from lite_compat.meshes.vertex_deformation import _apply_morph, _apply_skeleton
from lite_compat.nodes.node import Axis, Node
from lite_compat.nodes.node_lifecycle import HierarchyBounds
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.observable import Observable

__all__ = ["AbstractMeshMembers", "HierarchyBounds", "MeshDataError", "require_mesh_arg"]

_MAX = 1.7976931348623157e308
#: Babylon.js ``AbstractEngine.CollisionsEpsilon``.
_COLLISIONS_EPSILON = 0.001


class MeshDataError(LiteError):
    """A bad argument to a mesh member (``LITE-COMPAT-100`` .. ``LITE-COMPAT-119``); nothing
    was changed."""


@dataclass
class _FacetData:
    """Babylon's ``_FacetDataStorage``."""

    facetNb: int = 0
    partitioningSubdivisions: int = 10
    partitioningBBoxRatio: float = 1.01
    facetDataEnabled: bool = False
    facetParameters: FacetParameters | None = None
    bbSize: Vector3 = field(default_factory=Vector3.Zero)
    subDiv: SubDiv = field(default_factory=SubDiv)
    facetDepthSort: bool = False
    facetDepthSortEnabled: bool = False
    facetDepthSortFrom: Vector3 | None = None
    facetNormals: list[Vector3] | None = None
    facetPositions: list[Vector3] | None = None
    facetPartitioning: list[list[int] | None] | None = None
    depthSortedIndices: list[int] = field(default_factory=list)
    depthSortedFacets: list[DepthSortedFacet] = field(default_factory=list)
    invertedMatrix: Matrix | None = None
    facetDepthSortOrigin: Vector3 | None = None


def _require(ok: bool, member: str, name: str, expected: str, value: object) -> None:
    """``LITE-COMPAT-108`` for an argument of the wrong kind (before anything changes)."""
    if not ok:
        raise MeshDataError(
            "LITE-COMPAT-108",
            f"{member}: {name} must be {expected}; got {type(value).__name__}",
            hint=f"pass {expected} as Babylon.js does",
            input_name=f"{member}({name})",
        )


#: The argument check the other mesh modules share.
require_mesh_arg = _require


def _check_blending_tag(value: object) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or value != int(value)
        or not 0 <= value <= 0xFF
        or (value != 0 and (int(value) & 0x3F) == 0)
    ):
        raise MeshDataError(
            "LITE-COMPAT-100",
            f"AbstractMesh.meshBlendingTag must be 0 or hold a group id 1..63; got {value!r}",
            hint="use an integer 0..255 whose low 6 bits are not all zero (Babylon throws a "
            "RangeError here)",
            input_name="AbstractMesh.meshBlendingTag",
        )
    return int(value)


class AbstractMeshMembers(TransformNode):
    """The ``AbstractMesh`` members a headless script can observe (see the module docstring).

    Parameters
    ----------
    name, scene, isPure
        As :class:`~lite_compat.nodes.node.TransformNode`.
    """

    OCCLUSION_TYPE_NONE: ClassVar[int] = 0
    OCCLUSION_TYPE_OPTIMISTIC: ClassVar[int] = 1
    OCCLUSION_TYPE_STRICT: ClassVar[int] = 2
    OCCLUSION_ALGORITHM_TYPE_ACCURATE: ClassVar[int] = 0
    OCCLUSION_ALGORITHM_TYPE_CONSERVATIVE: ClassVar[int] = 1

    #: Set by :class:`~lite_compat.meshes.mesh.AbstractMesh`'s constructor.
    cullingStrategy: int
    skeleton: object
    morphTargetManager: object

    transferToEffect = Refused(RENDERING, "uploads the world matrix to a GPU uniform buffer")
    getMeshUniformBuffer = Refused(RENDERING, "returns the mesh's GPU uniform buffer")
    resetDrawCache = Refused(RENDERING, "drops the GPU draw wrappers of the sub-meshes")
    enableEdgesRendering = Refused(RENDERING, "creates an EdgesRenderer that draws edges")
    disableEdgesRendering = Refused(RENDERING, "disposes the EdgesRenderer")
    createOrUpdateSubmeshesOctree = Refused(
        RENDERING, "builds an octree that only speeds up render selection and picking"
    )
    intersects = Refused(INPUT, "ray picking (a Ray from the pointer) against the triangles")

    # Made on first read (see LazyField), as Babylon.js's constructor makes them: a crowd's
    # meshes rarely read them.
    #: Notified (with the mesh collided with) on a collision.
    onCollideObservable: LazyField[Observable[object]] = LazyField(Observable)
    #: Notified (with the new position) when ``moveWithCollisions`` moves the mesh.
    onCollisionPositionChangeObservable: LazyField[Observable[Vector3]] = LazyField(Observable)
    #: Notified (with the mesh) when its material changes.
    onMaterialChangedObservable: LazyField[Observable[AbstractMeshMembers]] = LazyField(Observable)
    #: Notified (with the mesh) when its GPU data is rebuilt (never here: no GPU).
    onRebuildObservable: LazyField[Observable[AbstractMeshMembers]] = LazyField(Observable)

    def __init__(self, name: str, scene: object | None = None, isPure: bool = True) -> None:
        super().__init__(name, scene, isPure)
        self._facetData = _FacetData()
        self._hasVertexAlpha = False
        self._useVertexColors = True
        self._numBoneInfluencers = 4
        self._applyFog = True
        self._computeBonesUsingShaders = True
        self._collisionRetryCount = 3
        self._meshBlendingTag = 0
        self._bakedVertexAnimationManager: object = None
        self._pointerOverDisableMeshTesting = False
        self._enableDistantPicking = False
        self._rawBoundingInfo: BoundingInfo | None = None
        self._collisionMask = -1
        self._collisionGroup = -1
        self._collisionResponse = True
        self._surroundingMeshes: list[AbstractMeshMembers] | None = None
        self._materialForRenderPass: dict[int, object] = {}
        self._onCollideObserver: object = None
        self._onCollisionPositionChangeObserver: object = None
        self.definedFacingForward = True
        self.isNearPickable = False
        self.isNearGrabbable = False
        self.showSubMeshesBoundingBox = False
        self.isBlocker = False
        self.enablePointerMoveEvents = False
        self.outlineColor = Color3.Red()
        self.outlineWidth = 0.02
        self.overlayColor = Color3.Red()
        self.overlayAlpha = 0.5
        self.useOctreeForRenderingSelection = True
        self.useOctreeForPicking = True
        self.useOctreeForCollisions = True
        self.actionManager: object = None
        self.ellipsoid = Vector3(0.5, 1, 0.5)
        self.ellipsoidOffset = Vector3(0, 0, 0)
        self.edgesWidth = 1.0
        self.edgesColor = Color4(1, 0, 0, 1)
        # Side-effect properties of @babylonjs/core's index (occlusion, outline, decals ...).
        self.occlusionRetryCount = -1
        self.occlusionType = AbstractMeshMembers.OCCLUSION_TYPE_NONE
        self.occlusionQueryAlgorithmType = AbstractMeshMembers.OCCLUSION_ALGORITHM_TYPE_CONSERVATIVE
        self.isOccluded = False
        self.isOcclusionQueryInProgress = False
        self.forceRenderingWhenOccluded = False
        self.occlusionForRenderPassId = -1
        self.showBoundingBox = False
        self.renderOutline: bool | None = None
        self.renderOverlay: bool | None = None
        self.decalMap: object = None
        self.instancedBuffers: dict[str, object] | None = None
        self.physicsImpostor: object = None
        self._masterMesh: AbstractMeshMembers | None = None
        self._boundingInfo: BoundingInfo | None = None
        self._boundingInfoIsDirty = True
        self._unIndexed = False
        self.subMeshes: list[SubMesh] | None = None
        self._positions: list[Vector3] | None = None

    # -- plain state ------------------------------------------------------------------------

    @property
    def collisionRetryCount(self) -> int:
        """Collision retries per move (default 3)."""
        return self._collisionRetryCount

    @collisionRetryCount.setter
    def collisionRetryCount(self, retryCount: int) -> None:
        self._collisionRetryCount = retryCount

    @property
    def bakedVertexAnimationManager(self) -> object:
        """Baked vertex animation manager (default None)."""
        return self._bakedVertexAnimationManager

    @bakedVertexAnimationManager.setter
    def bakedVertexAnimationManager(self, value: object) -> None:
        self._bakedVertexAnimationManager = value

    @property
    def rawBoundingInfo(self) -> BoundingInfo | None:
        """Bounding info before skinning/morphing (default None)."""
        return self._rawBoundingInfo

    @rawBoundingInfo.setter
    def rawBoundingInfo(self, boundingInfo: BoundingInfo | None) -> None:
        self._rawBoundingInfo = boundingInfo

    @property
    def onCollide(self) -> None:
        """Write-only in Babylon.js: setting it replaces the ``onCollideObservable`` callback."""
        return None

    @onCollide.setter
    def onCollide(self, callback: Callable[..., object]) -> None:
        self._onCollideObserver = swap_observer(
            self, "onCollideObservable", self._onCollideObserver, callback
        )

    @property
    def onCollisionPositionChange(self) -> None:
        """Write-only in Babylon.js: replaces the ``onCollisionPositionChangeObservable``
        callback."""
        return None

    @onCollisionPositionChange.setter
    def onCollisionPositionChange(self, callback: Callable[..., object]) -> None:
        self._onCollisionPositionChangeObserver = swap_observer(
            self,
            "onCollisionPositionChangeObservable",
            self._onCollisionPositionChangeObserver,
            callback,
        )

    @property
    def pointerOverDisableMeshTesting(self) -> bool:
        """Skip mesh testing on pointer over (default False)."""
        return self._pointerOverDisableMeshTesting

    @pointerOverDisableMeshTesting.setter
    def pointerOverDisableMeshTesting(self, disable: bool) -> None:
        self._pointerOverDisableMeshTesting = disable

    @property
    def meshBlendingTag(self) -> int:
        """Mesh-blending tag: 0, or 1..255 with a group id in the low 6 bits (default 0)."""
        return self._meshBlendingTag

    @meshBlendingTag.setter
    def meshBlendingTag(self, value: int) -> None:
        self._meshBlendingTag = _check_blending_tag(value)

    @property
    def hasVertexAlpha(self) -> bool:
        """Whether vertex colors carry alpha (default False)."""
        return self._hasVertexAlpha

    @hasVertexAlpha.setter
    def hasVertexAlpha(self, value: bool) -> None:
        self._hasVertexAlpha = value

    @property
    def useVertexColors(self) -> bool:
        """Whether vertex colors are used (default True)."""
        return self._useVertexColors

    @useVertexColors.setter
    def useVertexColors(self, value: bool) -> None:
        self._useVertexColors = value

    @property
    def computeBonesUsingShaders(self) -> bool:
        """Skin on the GPU (default True); here only the flag."""
        return self._computeBonesUsingShaders

    @computeBonesUsingShaders.setter
    def computeBonesUsingShaders(self, value: bool) -> None:
        self._computeBonesUsingShaders = value

    @property
    def numBoneInfluencers(self) -> int:
        """Bone influences per vertex (default 4)."""
        return self._numBoneInfluencers

    @numBoneInfluencers.setter
    def numBoneInfluencers(self, value: int) -> None:
        self._numBoneInfluencers = value

    @property
    def applyFog(self) -> bool:
        """Whether scene fog applies (default True)."""
        return self._applyFog

    @applyFog.setter
    def applyFog(self, value: bool) -> None:
        self._applyFog = value

    @property
    def enableDistantPicking(self) -> bool:
        """Picking precision mode for far meshes (default False)."""
        return self._enableDistantPicking

    @enableDistantPicking.setter
    def enableDistantPicking(self, value: bool) -> None:
        self._enableDistantPicking = value

    @staticmethod
    def _mask(value: float) -> int:
        return -1 if value != value else int(value)  # NaN -> -1, as Babylon.js

    @property
    def collisionMask(self) -> int:
        """Collision mask (default -1; NaN stores -1)."""
        return self._collisionMask

    @collisionMask.setter
    def collisionMask(self, mask: float) -> None:
        self._collisionMask = self._mask(mask)

    @property
    def collisionResponse(self) -> bool:
        """Whether a collision moves the mesh (default True)."""
        return self._collisionResponse

    @collisionResponse.setter
    def collisionResponse(self, response: bool) -> None:
        self._collisionResponse = response

    @property
    def collisionGroup(self) -> int:
        """Collision group (default -1; NaN stores -1)."""
        return self._collisionGroup

    @collisionGroup.setter
    def collisionGroup(self, mask: float) -> None:
        self._collisionGroup = self._mask(mask)

    @property
    def surroundingMeshes(self) -> list[AbstractMeshMembers] | None:
        """Meshes tested by ``moveWithCollisions`` instead of the scene's (default None)."""
        return self._surroundingMeshes

    @surroundingMeshes.setter
    def surroundingMeshes(self, meshes: list[AbstractMeshMembers] | None) -> None:
        self._surroundingMeshes = meshes

    @property
    def collider(self) -> object:
        """The collider of the last ``moveWithCollisions`` (None: no collider is built here)."""
        return None

    @property
    def edgesRenderer(self) -> object:
        """The edges renderer (always None: edges rendering is refused)."""
        return None

    @property
    def isBlocked(self) -> bool:
        """True for a mesh used as another mesh's LOD level."""
        return False

    @property
    def isAnInstance(self) -> bool:
        """True for an ``InstancedMesh``."""
        return False

    @property
    def hasInstances(self) -> bool:
        """True when instances were created from this mesh."""
        return False

    @property
    def hasThinInstances(self) -> bool:
        """True when thin instances are registered."""
        return False

    @property
    def useBones(self) -> object:
        """``skeleton && scene.skeletonsEnabled && matricesIndices && matricesWeights``
        (JavaScript ``&&``: the first falsy operand, else the last)."""
        if not self.skeleton:
            return self.skeleton
        enabled = getattr(self._scene, "skeletonsEnabled", True)
        if not enabled:
            return enabled
        if not self.isVerticesDataPresent(VertexBuffer.MatricesIndicesKind):
            return False
        return self.isVerticesDataPresent(VertexBuffer.MatricesWeightsKind)

    def getMaterialForRenderPass(self, renderPassId: int) -> object:
        """Material set for one render pass (None when none)."""
        return self._materialForRenderPass.get(renderPassId)

    def setMaterialForRenderPass(self, renderPassId: int, material: object) -> None:
        """Use ``material`` for one render pass."""
        self._materialForRenderPass[renderPassId] = material

    def getConnectedParticleSystems(self) -> list[object]:
        """The scene's particle systems emitted from this mesh."""
        systems = getattr(self._scene, "particleSystems", None) or []
        return [system for system in systems if getattr(system, "emitter", None) is self]

    def getPhysicsImpostor(self) -> object:
        """``physicsImpostor`` (None: no physics engine here)."""
        return self.physicsImpostor

    def applyImpulse(self, force: Vector3, contactPoint: Vector3) -> AbstractMeshMembers:
        """Babylon.js returns at once without a physics impostor (always the case here)."""
        return self

    def setPhysicsLinkWith(
        self, otherMesh: object, pivot1: Vector3, pivot2: Vector3, options: object = None
    ) -> AbstractMeshMembers:
        """Babylon.js returns at once without a physics impostor (always the case here)."""
        return self

    def toString(self, fullDetails: bool = False) -> str:
        """Babylon's one-line description."""
        text = f"Name: {self.name}, isInstance: " + (
            "YES" if self.getClassName() == "InstancedMesh" else "NO"
        )
        text += f", # of submeshes: {len(self.subMeshes) if self.subMeshes else 0}"
        skeleton = self.skeleton
        if skeleton:
            text += f", skeleton: {getattr(skeleton, 'name', '')}"
        if fullDetails:
            modes = ["NONE", "X", "Y", None, "Z", None, None, "ALL"]
            mode = modes[self.billboardMode] if 0 <= self.billboardMode < len(modes) else None
            text += f", billboard mode: {'null' if mode is None else mode}"
            text += ", freeze wrld mat: " + ("YES" if self.isWorldMatrixFrozen else "NO")
        return text

    # -- vertex data (no geometry at this level) --------------------------------------------

    def getTotalVertices(self) -> int:
        """Number of vertices (0 without geometry)."""
        return 0

    def getTotalIndices(self) -> int:
        """Number of indices (0 without geometry)."""
        return 0

    def getIndices(
        self, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> MutableSequence[int] | None:
        """Triangle indices (None without geometry, as Babylon.js)."""
        return None

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> DataArray | None:
        """Flat data of one vertex attribute (None without geometry)."""
        return None

    def isVerticesDataPresent(self, kind: str) -> bool:
        """True when the mesh has data for ``kind``."""
        return False

    def setVerticesData(
        self, kind: str, data: Sequence[float], updatable: bool = False, stride: int | None = None
    ) -> object:
        """No geometry at this level: nothing is stored (Babylon.js returns the mesh)."""
        return self

    def updateVerticesData(
        self,
        kind: str,
        data: Sequence[float],
        updateExtends: bool = False,
        makeItUnique: bool = False,
    ) -> object:
        """No geometry at this level: nothing is stored."""
        return self

    def setIndices(self, indices: Sequence[int], totalVertices: int | None = None) -> object:
        """No geometry at this level: nothing is stored."""
        return self

    def updateIndices(
        self, indices: Sequence[int], offset: int | None = None, gpuMemoryOnly: bool = False
    ) -> object:
        """No geometry at this level: nothing is stored."""
        return self

    def clone(
        self, name: str, newParent: Node | None = None, doNotCloneChildren: bool = False
    ) -> object:
        """None at this level (``Mesh`` and ``InstancedMesh`` clone)."""
        return None

    def releaseSubMeshes(self, immediate: bool = False) -> AbstractMeshMembers:
        """Dispose every sub-mesh (``subMeshes`` becomes an empty list)."""
        if self.subMeshes is not None:
            while self.subMeshes:
                self.subMeshes[0].dispose(immediate)
        else:
            self.subMeshes = []
        return self

    def getLOD(self, camera: object = None) -> object:
        """The mesh itself at this level."""
        return self

    def _getData(
        self,
        applySkeleton: bool = False,
        applyMorph: bool = False,
        data: DataArray | None = None,
        kind: str = VertexBuffer.PositionKind,
    ) -> DataArray | None:
        if data is None:
            data = self.getVerticesData(kind)
            if data is None:
                return None
        morph = self.morphTargetManager
        skeleton = self.skeleton
        if (applyMorph and morph) or (applySkeleton and skeleton):
            data = data[:]
        if applyMorph and morph:
            _apply_morph(data, kind, morph)
        if applySkeleton and skeleton:
            indices = self.getVerticesData(VertexBuffer.MatricesIndicesKind)
            weights = self.getVerticesData(VertexBuffer.MatricesWeightsKind)
            if indices is not None and weights is not None:
                extras = self._numBoneInfluencers > 4
                indices_x = (
                    self.getVerticesData(VertexBuffer.MatricesIndicesExtraKind) if extras else None
                )
                weights_x = (
                    self.getVerticesData(VertexBuffer.MatricesWeightsExtraKind) if extras else None
                )
                get_matrices = getattr(skeleton, "getTransformMatrices", None)
                if callable(get_matrices):
                    matrices = get_matrices(self)
                    _apply_skeleton(data, kind, matrices, indices, weights, indices_x, weights_x)
        return data

    def getPositionData(
        self, applySkeleton: bool = False, applyMorph: bool = False, data: DataArray | None = None
    ) -> DataArray | None:
        """Positions, optionally morphed and skinned on the CPU (a copy then)."""
        return self._getData(applySkeleton, applyMorph, data, VertexBuffer.PositionKind)

    def getNormalsData(
        self, applySkeleton: bool = False, applyMorph: bool = False
    ) -> DataArray | None:
        """Normals, optionally morphed and skinned on the CPU (a copy then)."""
        return self._getData(applySkeleton, applyMorph, None, VertexBuffer.NormalKind)

    def createNormals(self, updatable: bool = False) -> AbstractMeshMembers:
        """Compute vertex normals from the positions and indices and store them."""
        positions = self.getVerticesData(VertexBuffer.PositionKind)
        indices = self.getIndices()
        if positions is None or indices is None:
            raise MeshDataError(
                "LITE-COMPAT-101",
                f"AbstractMesh.createNormals: mesh {self.name!r} has no positions or indices",
                hint="set positions and indices first (Babylon.js fails here too)",
                input_name="AbstractMesh.createNormals",
            )
        normals: MutableSequence[float]
        existing = self.getVerticesData(VertexBuffer.NormalKind)
        normals = existing if existing is not None else []
        compute_normals(
            positions,
            indices,
            normals,
            FacetParameters(useRightHandedSystem=scene_flag(self._scene, "useRightHandedSystem")),
        )
        self.setVerticesData(VertexBuffer.NormalKind, normals, updatable)
        return self

    async def optimizeIndicesAsync(self) -> AbstractMeshMembers:
        """Reorder the triangles so that faces sharing vertices are adjacent (Babylon's
        ``OptimizeIndices``: a depth-first walk of the face graph); awaitable, it finishes at
        once."""
        indices = self.getIndices()
        if indices is None:
            return self
        _optimize_indices(indices)
        self.setIndices(indices, self.getTotalVertices())
        return self

    # -- bounding info ----------------------------------------------------------------------

    def getBoundingInfo(self) -> BoundingInfo:
        """Local box and sphere, moved to the current world matrix (the master mesh's for a
        LOD level)."""
        if self._masterMesh is not None:
            return self._masterMesh.getBoundingInfo()
        if self._boundingInfoIsDirty:
            self._boundingInfoIsDirty = False
            self._updateBoundingInfo()
        assert self._boundingInfo is not None
        return self._boundingInfo

    def getRawBoundingInfo(self) -> BoundingInfo:
        """``rawBoundingInfo``, else ``getBoundingInfo()``."""
        return self.rawBoundingInfo or self.getBoundingInfo()

    def setBoundingInfo(self, boundingInfo: BoundingInfo) -> AbstractMeshMembers:
        """Replace the bounding info."""
        _require(
            isinstance(boundingInfo, BoundingInfo),
            "AbstractMesh.setBoundingInfo",
            "boundingInfo",
            "a BoundingInfo",
            boundingInfo,
        )
        self._boundingInfo = boundingInfo
        return self

    @property
    def hasBoundingInfo(self) -> bool:
        """True once a bounding info exists."""
        return self._boundingInfo is not None

    def buildBoundingInfo(
        self, minimum: Vector3, maximum: Vector3, worldMatrix: Matrix | None = None
    ) -> BoundingInfo:
        """Create a new bounding info from local corners."""
        for name, value in (("minimum", minimum), ("maximum", maximum)):
            _require(
                isinstance(value, Vector3),
                "AbstractMesh.buildBoundingInfo",
                name,
                "a Vector3",
                value,
            )
        self._boundingInfo = BoundingInfo(minimum, maximum, worldMatrix)
        return self._boundingInfo

    def _refreshBoundingInfoFrom(
        self,
        source: AbstractMeshMembers,
        applySkeletonOrOptions: bool | Mapping[str, object],
        applyMorph: bool,
    ) -> None:
        """``refreshBoundingInfo`` over ``source``'s vertex data (the mesh itself, or an
        instance's source mesh); nothing while the bounding info is locked."""
        if self.hasBoundingInfo and self.getBoundingInfo().isLocked:
            return
        if isinstance(applySkeletonOrOptions, Mapping):
            skin = bool(applySkeletonOrOptions.get("applySkeleton"))
            morph = bool(applySkeletonOrOptions.get("applyMorph"))
        else:
            skin, morph = bool(applySkeletonOrOptions), applyMorph
        geometry = getattr(source, "geometry", None)
        bias = geometry.boundingBias if geometry is not None else None
        self._refreshBoundingInfo(source._getData(skin, morph), bias)

    def _refreshBoundingInfo(self, data: DataArray | None, bias: object) -> None:
        if data is not None:
            extend = extractMinAndMax(data, 0, self.getTotalVertices(), bias)  # type: ignore[arg-type]
            if self._boundingInfo is not None:
                self._boundingInfo.reConstruct(extend.minimum, extend.maximum)
            else:
                self._boundingInfo = BoundingInfo(extend.minimum, extend.maximum)
        self._updateBoundingInfo()

    def _updateBoundingInfo(self) -> AbstractMeshMembers:
        world = self.worldMatrixFromCache
        if self._boundingInfo is not None:
            self._boundingInfo.update(world)
        else:
            self._boundingInfo = BoundingInfo(Vector3.Zero(), Vector3.Zero(), world)
        return self

    def _afterComputeWorldMatrix(self) -> None:
        if self.doNotSyncBoundingInfo:
            return
        self._boundingInfoIsDirty = True

    #: Set by :class:`~lite_compat.meshes.mesh.AbstractMesh`'s constructor.
    doNotSyncBoundingInfo: bool

    def getWorldMatrix(self) -> Matrix:
        """World matrix (the master mesh's for a LOD level without billboard)."""
        if self._masterMesh is not None and self.billboardMode == TransformNode.BILLBOARDMODE_NONE:
            return self._masterMesh.getWorldMatrix()
        return super().getWorldMatrix()

    def _getWorldMatrixDeterminant(self) -> float:
        if self._masterMesh is not None:
            return self._masterMesh._getWorldMatrixDeterminant()
        return super()._getWorldMatrixDeterminant()

    def _getEffectiveParent(self) -> Node | None:
        if self._masterMesh is not None and self.billboardMode != TransformNode.BILLBOARDMODE_NONE:
            return self._masterMesh
        return super()._getEffectiveParent()

    def isInFrustum(self, frustumPlanes: Sequence[object]) -> bool:
        """Frustum test of the bounding info with ``cullingStrategy``."""
        return self.getBoundingInfo().isInFrustum(frustumPlanes, self.cullingStrategy)  # type: ignore[arg-type]

    def isCompletelyInFrustum(self, frustumPlanes: Sequence[object]) -> bool:
        """True when the world box is wholly inside the six planes."""
        return self.getBoundingInfo().isCompletelyInFrustum(frustumPlanes)  # type: ignore[arg-type]

    def intersectsMesh(
        self, mesh: AbstractMeshMembers, precise: bool = False, includeDescendants: bool = False
    ) -> bool:
        """Bounding-volume intersection (oriented boxes when ``precise``), optionally of the
        child meshes too."""
        _require(
            isinstance(mesh, AbstractMeshMembers),
            "AbstractMesh.intersectsMesh",
            "mesh",
            "a mesh",
            mesh,
        )
        if self.getBoundingInfo().intersects(mesh.getBoundingInfo(), precise):
            return True
        if includeDescendants:
            for child in self.getChildMeshes():
                if isinstance(child, AbstractMeshMembers) and child.intersectsMesh(
                    mesh, precise, True
                ):
                    return True
        return False

    def intersectsPoint(self, point: Vector3) -> bool:
        """True when ``point`` is inside the world sphere and box."""
        _require(
            isinstance(point, Vector3), "AbstractMesh.intersectsPoint", "point", "a Vector3", point
        )
        return self.getBoundingInfo().intersectsPoint(point)

    def getHierarchyBoundingVectors(
        self,
        includeDescendants: bool = True,
        predicate: Callable[[AbstractMeshMembers], bool] | None = None,
    ) -> HierarchyBounds:
        """World min/max of this mesh and (by default) its descendants with vertices."""
        increment = getattr(self._scene, "incrementRenderId", None)
        if callable(increment):
            increment()
        self.computeWorldMatrix(True)
        if self.subMeshes is not None:
            box = self.getBoundingInfo().boundingBox
            low, high = box.minimumWorld.clone(), box.maximumWorld.clone()
        else:
            low, high = Vector3(_MAX, _MAX, _MAX), Vector3(-_MAX, -_MAX, -_MAX)
        if includeDescendants:
            for child in self.getDescendants(False):
                if not isinstance(child, TransformNode):
                    continue
                child.computeWorldMatrix(True)
                if predicate is not None and not predicate(child):  # type: ignore[arg-type]
                    continue
                if not isinstance(child, AbstractMeshMembers) or child.getTotalVertices() == 0:
                    continue
                child_box = child.getBoundingInfo().boundingBox
                for corner in (child_box.minimumWorld, child_box.maximumWorld):
                    low.minimizeInPlace(corner)
                    high.maximizeInPlace(corner)
        return HierarchyBounds(low, high)

    def normalizeToUnitCube(
        self,
        includeDescendants: bool = True,
        ignoreRotation: bool = False,
        predicate: Callable[[AbstractMeshMembers], bool] | None = None,
    ) -> AbstractMeshMembers:
        """Scale so that the largest world extent of the hierarchy becomes 1."""
        stored_rotation: Vector3 | None = None
        stored_quaternion: Quaternion | None = None
        if ignoreRotation:
            if self.rotationQuaternion is not None:
                stored_quaternion = self.rotationQuaternion.clone()
                self.rotationQuaternion.copyFromFloats(0, 0, 0, 1)
            else:
                stored_rotation = self.rotation.clone()
                self.rotation.copyFromFloats(0, 0, 0)
        bounds = self.getHierarchyBoundingVectors(includeDescendants, predicate)
        size = bounds.max.subtract(bounds.min)
        largest = max(size.x, size.y, size.z)
        if largest == 0:
            return self
        self.scaling.scaleInPlace(1 / largest)
        if ignoreRotation:
            if self.rotationQuaternion is not None and stored_quaternion is not None:
                self.rotationQuaternion.copyFrom(stored_quaternion)
            elif stored_rotation is not None:
                self.rotation.copyFrom(stored_rotation)
        return self

    # -- POV moves --------------------------------------------------------------------------

    def movePOV(
        self, amountRight: float, amountUp: float, amountForward: float
    ) -> AbstractMeshMembers:
        """Move along the mesh's own axes (``definedFacingForward`` flips right/forward)."""
        for name, value in (
            ("amountRight", amountRight),
            ("amountUp", amountUp),
            ("amountForward", amountForward),
        ):
            require_number(value, name, "AbstractMesh.movePOV")
        self.position.addInPlace(self.calcMovePOV(amountRight, amountUp, amountForward))
        return self

    def calcMovePOV(self, amountRight: float, amountUp: float, amountForward: float) -> Vector3:
        """The world displacement ``movePOV`` would apply."""
        rotation_matrix = Matrix()
        quaternion = self.rotationQuaternion or Quaternion.RotationYawPitchRoll(
            self.rotation.y, self.rotation.x, self.rotation.z
        )
        quaternion.toRotationMatrix(rotation_matrix)
        delta = Vector3.Zero()
        sign = -1 if self.definedFacingForward else 1
        Vector3.TransformCoordinatesFromFloatsToRef(
            amountRight * sign, amountUp, amountForward * sign, rotation_matrix, delta
        )
        return delta

    def rotatePOV(
        self, flipBack: float, twirlClockwise: float, tiltRight: float
    ) -> AbstractMeshMembers:
        """Add to ``rotation`` in the mesh's own frame."""
        for name, value in (
            ("flipBack", flipBack),
            ("twirlClockwise", twirlClockwise),
            ("tiltRight", tiltRight),
        ):
            require_number(value, name, "AbstractMesh.rotatePOV")
        self.rotation.addInPlace(self.calcRotatePOV(flipBack, twirlClockwise, tiltRight))
        return self

    def calcRotatePOV(self, flipBack: float, twirlClockwise: float, tiltRight: float) -> Vector3:
        """The rotation ``rotatePOV`` would add."""
        sign = 1 if self.definedFacingForward else -1
        return Vector3(flipBack * sign, twirlClockwise, tiltRight * sign)

    def alignWithNormal(
        self, normal: Vector3, upDirection: Vector3 | None = None
    ) -> AbstractMeshMembers:
        """Rotate so that the local Y axis follows ``normal``."""
        up = upDirection or Axis.Y
        axis_x = TmpVectors.Vector3[0]
        axis_z = TmpVectors.Vector3[1]
        Vector3.CrossToRef(up, normal, axis_z)
        Vector3.CrossToRef(normal, axis_z, axis_x)
        if self.rotationQuaternion is not None:
            Quaternion.RotationQuaternionFromAxisToRef(
                axis_x, normal, axis_z, self.rotationQuaternion
            )
        else:
            Vector3.RotationFromAxisToRef(axis_x, normal, axis_z, self.rotation)
        return self

    def moveWithCollisions(
        self, displacement: Vector3, slideOnCollide: bool = True
    ) -> AbstractMeshMembers:
        """Move by ``displacement`` through Babylon's collision coordinator where nothing can
        collide (no other enabled mesh with ``checkCollisions`` in its group); moves under
        ``AbstractEngine.CollisionsEpsilon`` (0.001) are dropped, as in Babylon.js.

        Raises
        ------
        MeshDataError
            ``LITE-COMPAT-103`` when another mesh could collide (no collider is ported).
        """
        _require(
            isinstance(displacement, Vector3),
            "AbstractMesh.moveWithCollisions",
            "displacement",
            "a Vector3",
            displacement,
        )
        candidates = self._surroundingMeshes or scene_list(self._scene, "meshes") or []
        for mesh in candidates:
            if (
                mesh is not self
                and isinstance(mesh, AbstractMeshMembers)
                and mesh.isEnabled()
                and getattr(mesh, "checkCollisions", False)
                and (self._collisionMask & mesh._collisionGroup) != 0
            ):
                raise MeshDataError(
                    "LITE-COMPAT-103",
                    f"AbstractMesh.moveWithCollisions: mesh {mesh.name!r} has checkCollisions "
                    "set, and lite_compat has no collider for the sweep",
                    hint="turn checkCollisions off on the obstacles, or move with position",
                    input_name="AbstractMesh.moveWithCollisions",
                )
        old = self.getAbsolutePosition().add(self.ellipsoidOffset)
        radius = self.ellipsoid
        final = old.divide(radius).add(displacement.divide(radius)).multiplyInPlace(radius)
        diff = final.subtract(old)
        if diff.length() > _COLLISIONS_EPSILON:
            self.position.addInPlace(diff)
        self.onCollisionPositionChangeObservable.notifyObservers(self.position)
        return self


def _optimize_indices(indices: MutableSequence[int]) -> None:
    """Babylon's ``OptimizeIndices`` (mesh.vertexData.functions.js), in place."""
    faces = [
        (indices[i * 3], indices[i * 3 + 1], indices[i * 3 + 2]) for i in range(len(indices) // 3)
    ]
    vertex_faces: dict[int, list[int]] = {}
    for face_index, face in enumerate(faces):
        for vertex in face:
            vertex_faces.setdefault(vertex, []).append(face_index)
    visited = [False] * len(faces)
    ordered: list[tuple[int, int, int]] = []
    for start in range(len(faces)):
        if visited[start]:
            continue
        stack = [start]
        while stack:
            current = stack.pop()
            if visited[current]:
                continue
            visited[current] = True
            ordered.append(faces[current])
            for vertex in faces[current]:
                stack.extend(n for n in vertex_faces[vertex] if not visited[n])
    for i, face in enumerate(ordered):
        indices[i * 3 : i * 3 + 3] = list(face)
