"""Babylon.js meshes: ``AbstractMesh``, ``Mesh``, ``GroundMesh``, ``VertexData``, ``VertexBuffer``.

Port of the scene-graph and vertex-data parts of ``@babylonjs/core`` 9.31
``Meshes/abstractMesh.pure.js``, ``Meshes/mesh.pure.js``, ``Meshes/groundMesh.pure.js``,
``Meshes/mesh.vertexData.js`` and ``Meshes/geometry.js``. There is no GPU here: a mesh keeps
its vertex data as plain Python lists (``number[]`` in Babylon.js, doubles), read back with
``getVerticesData(kind)``/``getIndices()``. Rendering state that animations target
(``material``, ``visibility``, ``isVisible``) is kept as in Babylon.js.

The shape builders (``MeshBuilder.CreateBox`` ...) live in :mod:`lite_compat.mesh_builder`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, TypeAlias

from lite_compat.node import (
    MAX_VALUE,
    TransformNode,
    _scene_add,
    _scene_list,
    _scene_remove,
)

if TYPE_CHECKING:
    from lite_compat.materials import Material

__all__ = ["AbstractMesh", "GroundMesh", "Mesh", "VertexBuffer", "VertexData"]

FloatArray: TypeAlias = list[float]
IndicesArray: TypeAlias = list[int]
#: A Babylon.js options object literal (``{"size": 2, "sideOrientation": Mesh.DOUBLESIDE}``).
BuilderOptions: TypeAlias = Mapping[str, object]
_Options: TypeAlias = BuilderOptions | None


class VertexBuffer:
    """Vertex attribute kind names (``BABYLON.VertexBuffer``'s ``*Kind`` constants)."""

    PositionKind: Final = "position"
    NormalKind: Final = "normal"
    TangentKind: Final = "tangent"
    UVKind: Final = "uv"
    UV2Kind: Final = "uv2"
    UV3Kind: Final = "uv3"
    UV4Kind: Final = "uv4"
    UV5Kind: Final = "uv5"
    UV6Kind: Final = "uv6"
    ColorKind: Final = "color"
    ColorInstanceKind: Final = "instanceColor"
    MatricesIndicesKind: Final = "matricesIndices"
    MatricesWeightsKind: Final = "matricesWeights"
    MatricesIndicesExtraKind: Final = "matricesIndicesExtra"
    MatricesWeightsExtraKind: Final = "matricesWeightsExtra"

    @staticmethod
    def DeduceStride(kind: str) -> int:
        """Number of floats per vertex for a standard kind (``VertexBuffer.DeduceStride``)."""
        if kind in ("uv", "uv2", "uv3", "uv4", "uv5", "uv6"):
            return 2
        if kind in ("normal", "position"):
            return 3
        if kind in (
            "color",
            "instanceColor",
            "matricesIndices",
            "matricesIndicesExtra",
            "matricesWeights",
            "matricesWeightsExtra",
            "tangent",
        ):
            return 4
        raise ValueError(f"Invalid kind '{kind}'")


# (VertexData attribute, VertexBuffer kind) in Babylon's VertexData._applyToCoroutine order.
_VERTEX_DATA_KINDS: Final[tuple[tuple[str, str], ...]] = (
    ("positions", VertexBuffer.PositionKind),
    ("normals", VertexBuffer.NormalKind),
    ("tangents", VertexBuffer.TangentKind),
    ("uvs", VertexBuffer.UVKind),
    ("uvs2", VertexBuffer.UV2Kind),
    ("uvs3", VertexBuffer.UV3Kind),
    ("uvs4", VertexBuffer.UV4Kind),
    ("uvs5", VertexBuffer.UV5Kind),
    ("uvs6", VertexBuffer.UV6Kind),
    ("colors", VertexBuffer.ColorKind),
    ("matricesIndices", VertexBuffer.MatricesIndicesKind),
    ("matricesWeights", VertexBuffer.MatricesWeightsKind),
    ("matricesIndicesExtra", VertexBuffer.MatricesIndicesExtraKind),
    ("matricesWeightsExtra", VertexBuffer.MatricesWeightsExtraKind),
)


class VertexData:
    """Raw vertex data of one shape (``BABYLON.VertexData``): flat lists, ``None`` when absent.

    ``CreateBox``/``CreateSphere``/``CreatePlane``/``CreateGround`` build one from Babylon's
    options dictionaries; :meth:`applyToMesh` stores it on a :class:`Mesh`.
    """

    FRONTSIDE: ClassVar[int] = 0
    BACKSIDE: ClassVar[int] = 1
    DOUBLESIDE: ClassVar[int] = 2
    DEFAULTSIDE: ClassVar[int] = 0

    def __init__(self) -> None:
        self.positions: FloatArray | None = None
        self.normals: FloatArray | None = None
        self.tangents: FloatArray | None = None
        self.uvs: FloatArray | None = None
        self.uvs2: FloatArray | None = None
        self.uvs3: FloatArray | None = None
        self.uvs4: FloatArray | None = None
        self.uvs5: FloatArray | None = None
        self.uvs6: FloatArray | None = None
        self.colors: FloatArray | None = None
        self.matricesIndices: FloatArray | None = None
        self.matricesWeights: FloatArray | None = None
        self.matricesIndicesExtra: FloatArray | None = None
        self.matricesWeightsExtra: FloatArray | None = None
        self.indices: IndicesArray | None = None

    def set(self, data: FloatArray, kind: str) -> None:
        """Store ``data`` under the attribute matching ``kind`` (``VertexData.set``)."""
        for attribute, k in _VERTEX_DATA_KINDS:
            if k == kind:
                setattr(self, attribute, data)
                return

    def applyToMesh(self, mesh: Mesh, updatable: bool = False) -> VertexData:
        """Store every present attribute (and the indices) on ``mesh``."""
        for attribute, kind in _VERTEX_DATA_KINDS:
            data = getattr(self, attribute)
            if data is not None:
                mesh.setVerticesData(kind, data, updatable)
        if self.indices is not None:
            mesh.setIndices(self.indices, None, updatable)
        return self

    @staticmethod
    def CreateBox(options: _Options) -> VertexData:
        """Box vertex data (see :func:`lite_compat.mesh_builder.CreateBoxVertexData`)."""
        from lite_compat.mesh_builder import CreateBoxVertexData

        return CreateBoxVertexData(options)

    @staticmethod
    def CreateSphere(options: _Options) -> VertexData:
        """Sphere vertex data (see :func:`lite_compat.mesh_builder.CreateSphereVertexData`)."""
        from lite_compat.mesh_builder import CreateSphereVertexData

        return CreateSphereVertexData(options)

    @staticmethod
    def CreatePlane(options: _Options) -> VertexData:
        """Plane vertex data (see :func:`lite_compat.mesh_builder.CreatePlaneVertexData`)."""
        from lite_compat.mesh_builder import CreatePlaneVertexData

        return CreatePlaneVertexData(options)

    @staticmethod
    def CreateGround(options: _Options) -> VertexData:
        """Ground vertex data (see :func:`lite_compat.mesh_builder.CreateGroundVertexData`)."""
        from lite_compat.mesh_builder import CreateGroundVertexData

        return CreateGroundVertexData(options)

    @staticmethod
    def _ComputeSides(
        sideOrientation: int,
        positions: FloatArray,
        indices: IndicesArray,
        normals: FloatArray,
        uvs: FloatArray,
        frontUVs: object = None,
        backUVs: object = None,
    ) -> None:
        """Apply FRONTSIDE / BACKSIDE / DOUBLESIDE in place (``VertexData._ComputeSides``)."""
        li = len(indices)
        ln = len(normals)
        side = sideOrientation or VertexData.DEFAULTSIDE
        if side == VertexData.BACKSIDE:
            for i in range(0, li, 3):
                indices[i], indices[i + 2] = indices[i + 2], indices[i]
            for n in range(ln):
                normals[n] = -normals[n]
        elif side == VertexData.DOUBLESIDE:
            lp = len(positions)
            count = lp // 3
            positions.extend(positions[:lp])
            # Back faces: the front triangles reversed, offset by the vertex count.
            for i in range(0, li, 3):
                indices.extend((indices[i + 2] + count, indices[i + 1] + count, indices[i] + count))
            normals.extend([-normals[n] for n in range(ln)])
            lu = len(uvs)
            uvs.extend(uvs[:lu])
            fx, fy, fz, fw = _uv_rect(frontUVs)
            bx, by, bz, bw = _uv_rect(backUVs)
            u = 0
            for _ in range(lu // 2):
                uvs[u] = fx + (fz - fx) * uvs[u]
                uvs[u + 1] = fy + (fw - fy) * uvs[u + 1]
                uvs[u + lu] = bx + (bz - bx) * uvs[u + lu]
                uvs[u + lu + 1] = by + (bw - by) * uvs[u + lu + 1]
                u += 2


def _uv_rect(value: object) -> tuple[float, float, float, float]:
    """``frontUVs``/``backUVs`` (a Vector4-like), defaulting to (0, 0, 1, 1)."""
    if not value:
        return 0.0, 0.0, 1.0, 1.0
    return (
        float(getattr(value, "x", 0.0)),
        float(getattr(value, "y", 0.0)),
        float(getattr(value, "z", 1.0)),
        float(getattr(value, "w", 1.0)),
    )


class _Geometry:
    """The part of ``BABYLON.Geometry`` a mesh needs here: named float lists and indices."""

    __slots__ = ("_data", "_indices", "_meshes", "_totalVertices")

    def __init__(self) -> None:
        self._data: dict[str, FloatArray] = {}
        self._indices: IndicesArray = []
        self._totalVertices = 0
        self._meshes: list[Mesh] = []

    def setVerticesData(self, kind: str, data: Sequence[float], stride: int | None = None) -> None:
        values = data if isinstance(data, list) else list(data)
        self._data[kind] = values
        if kind == VertexBuffer.PositionKind:
            size = stride or VertexBuffer.DeduceStride(kind)
            # Babylon: buffer._maxVerticesCount = data.length / stride.
            self._totalVertices = len(values) // size

    def setIndices(self, indices: Sequence[int], totalVertices: int | None) -> None:
        self._indices = indices if isinstance(indices, list) else list(indices)
        if totalVertices is not None:
            self._totalVertices = totalVertices


class AbstractMesh(TransformNode):
    """Base of renderable nodes (``BABYLON.AbstractMesh``): material, visibility, layer mask.

    Parameters
    ----------
    name
        Mesh name (and id).
    scene
        Owning scene; the mesh adds itself with ``scene.addMesh`` (or to ``scene.meshes``).
    """

    CULLINGSTRATEGY_STANDARD: ClassVar[int] = 0
    CULLINGSTRATEGY_BOUNDINGSPHERE_ONLY: ClassVar[int] = 1
    CULLINGSTRATEGY_OPTIMISTIC_INCLUSION: ClassVar[int] = 2
    CULLINGSTRATEGY_OPTIMISTIC_INCLUSION_THEN_BSPHERE_ONLY: ClassVar[int] = 3
    DefaultIsPickable: ClassVar[bool] = True

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene, False)
        self._visibility = 1.0
        self._material: Material | None = None
        self._layerMask = 0x0FFFFFFF
        self._receiveShadows = False
        self._renderingGroupId = 0
        self.cullingStrategy = AbstractMesh.CULLINGSTRATEGY_BOUNDINGSPHERE_ONLY
        self.alphaIndex = MAX_VALUE
        self.isPickable = AbstractMesh.DefaultIsPickable
        self.checkCollisions = False
        self.alwaysSelectAsActiveMesh = False
        self.doNotSyncBoundingInfo = False
        self._lightSources: list[object] = []
        #: ``MorphTargetManager`` of this mesh (``lite_compat.morph``), or None.
        self.morphTargetManager: object = None
        #: ``Skeleton`` deforming this mesh (``lite_compat.skeleton``), or None.
        self.skeleton: object = None
        _scene_add(self._scene, "addMesh", "meshes", self)
        if self.parent is None:
            self._addToSceneRootNodes()
        self._resyncLightSources()

    def getClassName(self) -> str:
        """``"AbstractMesh"``."""
        return "AbstractMesh"

    @property
    def visibility(self) -> float:
        """Opacity multiplier in [0, 1] (default 1)."""
        return self._visibility

    @visibility.setter
    def visibility(self, value: float) -> None:
        self._visibility = value

    @property
    def material(self) -> Material | None:
        """The material used to render this mesh (default None)."""
        return self._material

    @material.setter
    def material(self, value: Material | None) -> None:
        self._setMaterial(value)

    def _setMaterial(self, value: Material | None) -> None:
        self._material = value

    @property
    def layerMask(self) -> int:
        """Camera layer mask (default 0x0FFFFFFF)."""
        return self._layerMask

    @layerMask.setter
    def layerMask(self, value: int) -> None:
        if value == self._layerMask:
            return
        self._layerMask = value
        self._resyncLightSources()

    @property
    def receiveShadows(self) -> bool:
        """Whether shadows are cast on this mesh (default False)."""
        return self._receiveShadows

    @receiveShadows.setter
    def receiveShadows(self, value: bool) -> None:
        self._receiveShadows = value

    @property
    def renderingGroupId(self) -> int:
        """Rendering group (default 0)."""
        return self._renderingGroupId

    @renderingGroupId.setter
    def renderingGroupId(self, value: int) -> None:
        self._renderingGroupId = value

    @property
    def lightSources(self) -> list[object]:
        """Enabled scene lights that can affect this mesh."""
        return self._lightSources

    def _resyncLightSources(self) -> None:
        self._lightSources.clear()
        for light in _scene_list(self._scene, "lights") or []:
            is_enabled = getattr(light, "isEnabled", None)
            if callable(is_enabled) and not is_enabled():
                continue
            can_affect = getattr(light, "canAffectMesh", None)
            if not callable(can_affect) or can_affect(self):
                self._lightSources.append(light)

    def _removeLightSource(self, light: object, _dispose: bool = False) -> None:
        for i, item in enumerate(self._lightSources):
            if item is light:
                del self._lightSources[i]
                break

    def getTotalVertices(self) -> int:
        """Number of vertices (0 without geometry)."""
        return 0

    def getIndices(self, copyWhenShared: bool = False, forceCopy: bool = False) -> IndicesArray:
        """Triangle indices (empty without geometry)."""
        return []

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> FloatArray | None:
        """Flat data of one vertex attribute ``kind`` (None when absent)."""
        return None

    def isVerticesDataPresent(self, kind: str) -> bool:
        """True when the mesh has data for ``kind``."""
        return False

    def _removeFromScene(self) -> None:
        _scene_remove(self._scene, "removeMesh", "meshes", self)
        if self.parent is None:
            self._removeFromSceneRootNodes()

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Leave the scene (and dispose the material too when ``disposeMaterialAndTextures``)."""
        if disposeMaterialAndTextures and self._material is not None:
            self._material.dispose()
        self._lightSources.clear()
        super().dispose(doNotRecurse, disposeMaterialAndTextures)


class Mesh(AbstractMesh):
    """A mesh with its own vertex data (``BABYLON.Mesh``).

    Parameters
    ----------
    name
        Mesh name (and id).
    scene
        Owning scene.
    parent
        Optional parent node (Babylon's ``parentOrOptions`` when given a node).

    Examples
    --------
    >>> mesh = Mesh("triangle")
    >>> _ = mesh.setVerticesData(VertexBuffer.PositionKind, [0, 0, 0, 1, 0, 0, 0, 1, 0])
    >>> mesh.getTotalVertices()
    3
    """

    FRONTSIDE: ClassVar[int] = VertexData.FRONTSIDE
    BACKSIDE: ClassVar[int] = VertexData.BACKSIDE
    DOUBLESIDE: ClassVar[int] = VertexData.DOUBLESIDE
    DEFAULTSIDE: ClassVar[int] = VertexData.DEFAULTSIDE

    def __init__(
        self, name: str, scene: object | None = None, parent: TransformNode | None = None
    ) -> None:
        super().__init__(name, scene)
        self._geometry: _Geometry | None = None
        self._originalBuilderSideOrientation = Mesh.DEFAULTSIDE
        if parent is not None:
            self.parent = parent

    def getClassName(self) -> str:
        """``"Mesh"``."""
        return "Mesh"

    @staticmethod
    def _GetDefaultSideOrientation(orientation: int | None = None) -> int:
        return orientation or Mesh.FRONTSIDE

    @property
    def geometry(self) -> object | None:
        """The vertex storage shared by this mesh (None until data is set)."""
        return self._geometry

    def _ensureGeometry(self) -> _Geometry:
        if self._geometry is None:
            self._geometry = _Geometry()
            self._geometry._meshes.append(self)
        return self._geometry

    def setVerticesData(
        self,
        kind: str,
        data: Sequence[float],
        updatable: bool = False,
        stride: int | None = None,
    ) -> Mesh:
        """Store the flat data of one attribute (``VertexBuffer.PositionKind`` ...)."""
        self._ensureGeometry().setVerticesData(kind, data, stride)
        return self

    def setIndices(
        self,
        indices: Sequence[int],
        totalVertices: int | None = None,
        updatable: bool = False,
        dontForceSubMeshRecreation: bool = False,
    ) -> Mesh:
        """Store the triangle indices."""
        self._ensureGeometry().setIndices(indices, totalVertices)
        return self

    def getTotalVertices(self) -> int:
        """Number of vertices (positions / 3; 0 without geometry)."""
        if self._geometry is None:
            return 0
        return self._geometry._totalVertices

    def getTotalIndices(self) -> int:
        """Number of indices (0 without geometry)."""
        if self._geometry is None:
            return 0
        return len(self._geometry._indices)

    def getIndices(self, copyWhenShared: bool = False, forceCopy: bool = False) -> IndicesArray:
        """Triangle indices (the stored list itself unless a copy is asked for)."""
        geometry = self._geometry
        if geometry is None:
            return []
        copy = forceCopy or (copyWhenShared and len(geometry._meshes) != 1)
        return list(geometry._indices) if copy else geometry._indices

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> FloatArray | None:
        """Flat data of one attribute (the stored list itself unless a copy is asked for)."""
        geometry = self._geometry
        if geometry is None:
            return None
        data = geometry._data.get(kind)
        if data is None:
            return None
        copy = forceCopy or (copyWhenShared and len(geometry._meshes) != 1)
        return list(data) if copy else data

    def isVerticesDataPresent(self, kind: str) -> bool:
        """True when the mesh has data for ``kind``."""
        return self._geometry is not None and kind in self._geometry._data

    def getAnimatables(self) -> list[object]:
        """Objects whose animations ``scene.beginAnimation(mesh, ...)`` also plays: the
        material and the skeleton, when there are."""
        results: list[object] = []
        if self.material is not None:
            results.append(self.material)
        if self.skeleton is not None:
            results.append(self.skeleton)
        return results

    def getVerticesDataKinds(self) -> list[str]:
        """Kinds with data, in insertion order."""
        return [] if self._geometry is None else list(self._geometry._data)


class GroundMesh(Mesh):
    """The mesh ``MeshBuilder.CreateGround`` returns (``BABYLON.GroundMesh``)."""

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self.generateOctree = False
        self._subdivisionsX = 1
        self._subdivisionsY = 1
        self._width = 1.0
        self._height = 1.0
        self._minX = -0.5
        self._maxX = 0.5
        self._minZ = -0.5
        self._maxZ = 0.5

    def getClassName(self) -> str:
        """``"GroundMesh"``."""
        return "GroundMesh"

    @property
    def subdivisions(self) -> int:
        """``min(subdivisionsX, subdivisionsY)``."""
        return min(self._subdivisionsX, self._subdivisionsY)

    @property
    def subdivisionsX(self) -> int:
        """Subdivisions along X."""
        return self._subdivisionsX

    @property
    def subdivisionsY(self) -> int:
        """Subdivisions along Z."""
        return self._subdivisionsY
