"""Babylon.js ``MorphTarget`` and ``MorphTargetManager``: named influences and target data.

Port of the state (not the GPU side) of ``@babylonjs/core`` 9.31 ``Morph/morphTarget.js`` and
``Morph/morphTargetManager.js``: the ``influence`` property an animation writes (with its
``onInfluenceChanged`` notification), the target list, the active-target bookkeeping behind
``numInfluencers``/``influences``/``getActiveTarget`` (targets with a zero influence are left
out while ``optimizeInfluencers`` is on), ``areUpdatesFrozen`` and the per-target vertex data
(``setPositions``/``getPositions`` ...). No texture or shader state is kept.

Vertex data is stored as given; the glTF loader hands over float32 numpy arrays (Babylon.js
stores ``Float32Array``s). ``influences`` is an ``array.array("f")`` (float32 storage, Python
float items), the shape of Babylon's ``Float32Array``.
"""

from __future__ import annotations

import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, cast

import numpy as np
import numpy.typing as npt

from lite.errors import AnimationStateError
from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_add,
    scene_remove,
    scene_stop_animation,
    scene_unique_id,
)
from lite_compat.meshes.vertex_data import VertexBuffer
from lite_compat.observable import Observable

if TYPE_CHECKING:
    from lite_compat.observable import Observer

__all__ = ["MorphTarget", "MorphTargetManager"]

#: Vertex data of one target: a float sequence (the glTF loader gives float32 numpy arrays).
FloatArray: TypeAlias = Sequence[float] | npt.NDArray[np.floating[Any]]


def _float_list(data: FloatArray | None) -> list[float] | None:
    """``Array.prototype.slice.call(data)``: the values as a list of Python floats."""
    return None if data is None else [float(x) for x in data]


class MorphTarget:
    """A morph target: a name, an ``influence`` and vertex data (``BABYLON.MorphTarget``).

    Parameters
    ----------
    name
        Target name (also its ``id``).
    influence
        Initial influence (default 0).
    scene
        Owning scene (``None``: the last created scene); only used for ``uniqueId``.
    morphTargetManager
        The manager this target belongs to, if any.

    Attributes
    ----------
    animations : list
        Animations attached to this target (the glTF loader pushes its ``influence`` tracks).
    onInfluenceChanged : Observable[bool]
        Notified when ``influence`` changes, with True when it moved from or to zero (the
        active-target set may change).

    Examples
    --------
    >>> target = MorphTarget("Smile", 0.25)
    >>> target.influence = 0.5
    >>> target.influence
    0.5
    """

    def __init__(
        self,
        name: str,
        influence: float = 0,
        scene: object | None = None,
        morphTargetManager: MorphTargetManager | None = None,
    ) -> None:
        self.name = name
        self.id = name
        self.animations: list[object] = []
        self.metadata: object = None
        self._positions: FloatArray | None = None
        self._normals: FloatArray | None = None
        self._tangents: FloatArray | None = None
        self._uvs: FloatArray | None = None
        self._uv2s: FloatArray | None = None
        self._colors: FloatArray | None = None
        self._uniqueId = 0
        self.onInfluenceChanged: Observable[bool] = Observable()
        self._onDataLayoutChanged: Observable[None] = Observable()
        self._animationPropertiesOverride: object = None
        self.morphTargetManager = morphTargetManager
        self._scene = resolve_scene(scene)
        # Babylon's first assignment always "changes" the (undefined) influence.
        self._influence: float | None = None
        self.influence = influence
        if self._scene is not None:
            self._uniqueId = scene_unique_id(self._scene)

    def __repr__(self) -> str:
        return f"MorphTarget(name={self.name!r}, influence={self._influence!r})"

    def getClassName(self) -> str:
        """``"MorphTarget"``."""
        return "MorphTarget"

    @property
    def uniqueId(self) -> int:
        """Unique id given by the scene (0 without a scene)."""
        return self._uniqueId

    @property
    def influence(self) -> float:
        """Weight of this target in [0, 1] (not clamped)."""
        return self._influence if self._influence is not None else 0.0

    @influence.setter
    def influence(self, influence: float) -> None:
        if self._influence == influence:
            return
        previous = self._influence
        self._influence = influence
        if self.onInfluenceChanged.hasObservers():
            self.onInfluenceChanged.notifyObservers(previous == 0 or influence == 0)

    @property
    def animationPropertiesOverride(self) -> object:
        """Per-target animation overrides, else the scene's (``None`` when neither is set)."""
        if self._animationPropertiesOverride is None and self._scene is not None:
            return getattr(self._scene, "animationPropertiesOverride", None)
        return self._animationPropertiesOverride

    @animationPropertiesOverride.setter
    def animationPropertiesOverride(self, value: object) -> None:
        self._animationPropertiesOverride = value

    # -- vertex data --------------------------------------------------------------------------

    def _set_data(self, slot: str, data: FloatArray | None) -> None:
        had = getattr(self, slot) is not None
        setattr(self, slot, data)
        if had != (data is not None):
            self._onDataLayoutChanged.notifyObservers(None)

    @property
    def hasPositions(self) -> bool:
        """True when position data is set."""
        return self._positions is not None

    @property
    def hasNormals(self) -> bool:
        """True when normal data is set."""
        return self._normals is not None

    @property
    def hasTangents(self) -> bool:
        """True when tangent data is set."""
        return self._tangents is not None

    @property
    def hasUVs(self) -> bool:
        """True when UV data is set."""
        return self._uvs is not None

    @property
    def hasUV2s(self) -> bool:
        """True when second-UV data is set."""
        return self._uv2s is not None

    @property
    def hasColors(self) -> bool:
        """True when colour data is set."""
        return self._colors is not None

    @property
    def vertexCount(self) -> int:
        """Vertex count from the first data kind present (positions, normals, ...), else 0."""
        for data, stride in (
            (self._positions, 3),
            (self._normals, 3),
            (self._tangents, 3),
            (self._uvs, 2),
            (self._uv2s, 2),
            (self._colors, 4),
        ):
            if data is not None:
                return len(data) // stride
        return 0

    def setPositions(self, data: FloatArray | None) -> None:
        """Set the target positions (absolute, 3 floats per vertex)."""
        self._set_data("_positions", data)

    def getPositions(self) -> FloatArray | None:
        """Target positions, or None."""
        return self._positions

    def setNormals(self, data: FloatArray | None) -> None:
        """Set the target normals (3 floats per vertex)."""
        self._set_data("_normals", data)

    def getNormals(self) -> FloatArray | None:
        """Target normals, or None."""
        return self._normals

    def setTangents(self, data: FloatArray | None) -> None:
        """Set the target tangents."""
        self._set_data("_tangents", data)

    def getTangents(self) -> FloatArray | None:
        """Target tangents, or None."""
        return self._tangents

    def setUVs(self, data: FloatArray | None) -> None:
        """Set the target UVs (2 floats per vertex)."""
        self._set_data("_uvs", data)

    def getUVs(self) -> FloatArray | None:
        """Target UVs, or None."""
        return self._uvs

    def setUV2s(self, data: FloatArray | None) -> None:
        """Set the target second UVs."""
        self._set_data("_uv2s", data)

    def getUV2s(self) -> FloatArray | None:
        """Target second UVs, or None."""
        return self._uv2s

    def setColors(self, data: FloatArray | None) -> None:
        """Set the target colours (4 floats per vertex)."""
        self._set_data("_colors", data)

    def getColors(self) -> FloatArray | None:
        """Target colours, or None."""
        return self._colors

    def clone(self) -> MorphTarget:
        """A copy sharing the vertex data, with the same ``id`` and manager (as Babylon's
        ``SerializationHelper.Clone``)."""
        result = MorphTarget(self.name, self.influence, self._scene, self.morphTargetManager)
        if self.id is not None:
            result.id = self.id
        result._positions = self._positions
        result._normals = self._normals
        result._tangents = self._tangents
        result._uvs = self._uvs
        result._uv2s = self._uv2s
        result._colors = self._colors
        return result

    def dispose(self) -> None:
        """Stop this target's animations on its scene."""
        scene_stop_animation(self._scene, self)

    # -- serialization ------------------------------------------------------------------------

    def serialize(self) -> dict[str, Any]:
        """The ``.babylon`` JSON shape of the target: name, influence, id, uniqueId, the data
        kinds present (lists of floats) and the serialized animations."""
        out: dict[str, Any] = {"name": self.name, "influence": self.influence}
        if self.id is not None:
            out["id"] = self.id
        out["uniqueId"] = self.uniqueId
        out["positions"] = _float_list(self._positions)
        for key, data in (
            ("normals", self._normals),
            ("tangents", self._tangents),
            ("uvs", self._uvs),
            ("uv2s", self._uv2s),
            ("colors", self._colors),
        ):
            if data is not None:
                out[key] = _float_list(data)
        out["animations"] = [cast("Any", a).serialize() for a in self.animations]
        return out

    #: ``lite_compat.Animation`` (installed by :mod:`lite_compat`; nodes never import
    #: animations): what :meth:`Parse` builds the serialized animations with.
    _AnimationClass: ClassVar[Any] = None

    @staticmethod
    def Parse(
        serializationObject: dict[str, Any],
        scene: object | None = None,
        morphTargetManager: MorphTargetManager | None = None,
    ) -> MorphTarget:
        """A target built from :meth:`serialize`'s shape (data kinds, id, animations; a
        truthy ``autoAnimate`` starts them on the scene)."""
        data = serializationObject
        if not isinstance(data, dict) or "name" not in data:
            raise AnimationStateError(
                "LITE-COMPAT-161",
                "MorphTarget.Parse: serializationObject must be a dict with a 'name'; "
                f"received {type(data).__name__}",
                hint="pass the dict MorphTarget.serialize() returns (or a .babylon target)",
                input_name="serializationObject",
            )
        result = MorphTarget(data["name"], data.get("influence", 0), scene, morphTargetManager)
        result.setPositions(data.get("positions"))
        if data.get("id") is not None:
            result.id = data["id"]
        if data.get("normals"):
            result.setNormals(data["normals"])
        if data.get("tangents"):
            result.setTangents(data["tangents"])
        if data.get("uvs"):
            result.setUVs(data["uvs"])
        if data.get("uv2s"):
            result.setUV2s(data["uv2s"])
        if data.get("colors"):
            result.setColors(data["colors"])
        animations = data.get("animations")
        if animations is not None:
            animation_class = MorphTarget._AnimationClass
            if animation_class is not None:
                for parsed in animations:
                    result.animations.append(animation_class.Parse(parsed))
            if data.get("autoAnimate") and scene is not None:
                begin = cast("Any", scene).beginAnimation
                begin(
                    result,
                    data.get("autoAnimateFrom"),
                    data.get("autoAnimateTo"),
                    data.get("autoAnimateLoop"),
                    data.get("autoAnimateSpeed") or 1.0,
                )
        return result

    @staticmethod
    def FromMesh(mesh: Any, name: str | None = None, influence: float | None = None) -> MorphTarget:
        """A target holding ``mesh``'s vertex data (positions, and normals, tangents, UVs,
        UV2s and colours when present), named ``name`` (default the mesh's name), in the
        mesh's scene and morph target manager. The data arrays are the mesh's own."""
        if not callable(getattr(mesh, "getVerticesData", None)):
            raise AnimationStateError(
                "LITE-COMPAT-164",
                "MorphTarget.FromMesh: mesh must be a mesh (with getVerticesData); "
                f"received {type(mesh).__name__}",
                hint="pass a BABYLON.Mesh whose vertex data the target should copy",
                input_name="mesh",
            )
        if not name:
            name = mesh.name
        result = MorphTarget(
            cast("str", name),
            0 if influence is None else influence,
            mesh.getScene(),
            getattr(mesh, "morphTargetManager", None),
        )
        result.setPositions(mesh.getVerticesData(VertexBuffer.PositionKind))
        present = mesh.isVerticesDataPresent
        if present(VertexBuffer.NormalKind):
            result.setNormals(mesh.getVerticesData(VertexBuffer.NormalKind))
        if present(VertexBuffer.TangentKind):
            result.setTangents(mesh.getVerticesData(VertexBuffer.TangentKind))
        if present(VertexBuffer.UVKind):
            result.setUVs(mesh.getVerticesData(VertexBuffer.UVKind))
        if present(VertexBuffer.UV2Kind):
            result.setUV2s(mesh.getVerticesData(VertexBuffer.UV2Kind))
        if present(VertexBuffer.ColorKind):
            result.setColors(mesh.getVerticesData(VertexBuffer.ColorKind))
        return result


class MorphTargetManager:
    """The morph targets of a mesh (``BABYLON.MorphTargetManager``).

    Parameters
    ----------
    scene
        Owning scene (``None``: the last created scene); the manager adds itself to
        ``scene.morphTargetManagers``.
    meshName
        Name of the mesh this manager belongs to (informative).

    Notes
    -----
    ``numInfluencers``, ``influences`` and ``getActiveTarget`` describe the *active* targets:
    every target when ``optimizeInfluencers`` is False, else those with a non-zero influence,
    capped at ``MaxActiveMorphTargetsInVertexAttributeMode`` (texture storage is never used
    here). While ``areUpdatesFrozen`` is set the active list is not rebuilt.
    """

    #: Babylon.js: targets are stored in a texture when the engine can (never here).
    EnableTextureStorage: ClassVar[bool] = True
    #: Babylon.js cap on active targets without texture storage.
    MaxActiveMorphTargetsInVertexAttributeMode: ClassVar[int] = 8
    #: Babylon.js constant influencer count in texture mode (0: off).
    ConstantTargetCountForTextureMode: ClassVar[int] = 0

    def __init__(self, scene: object | None = None, meshName: str | None = None) -> None:
        self.meshName = meshName
        self._targets: list[MorphTarget] = []
        self._targetInfluenceChangedObservers: list[Observer[bool] | None] = []
        self._targetDataLayoutChangedObservers: list[Observer[None] | None] = []
        self._activeTargets: list[MorphTarget] = []
        # Babylon's ``_influences`` is null until the first sync (a manager without targets).
        self._influences: array.array[float] | None = None
        self._blockCounter = 0
        self._mustSynchronize = True
        self._forceUpdateWhenUnfrozen = False
        self._influencesAreDirty = False
        self._needUpdateInfluences = False
        self._numMaxInfluencers = 0
        self._useTextureToStoreTargets = True
        self._supportsPositions = False
        self._supportsNormals = False
        self._supportsTangents = False
        self._supportsUVs = False
        self._supportsUV2s = False
        self._supportsColors = False
        self._vertexCount = 0
        self._parentContainer: object = None
        self._uniqueId = 0
        self.optimizeInfluencers = True
        self.enablePositionMorphing = True
        self.enableNormalMorphing = True
        self.enableTangentMorphing = True
        self.enableUVMorphing = True
        self.enableUV2Morphing = True
        self.enableColorMorphing = True
        self.metadata: object = None
        self._scene = resolve_scene(scene)
        if self._scene is not None:
            scene_add(self._scene, "addMorphTargetManager", "morphTargetManagers", self)
            self._uniqueId = scene_unique_id(self._scene)

    def __repr__(self) -> str:
        return f"MorphTargetManager(numTargets={self.numTargets}, uniqueId={self._uniqueId})"

    def getClassName(self) -> str:
        """``"MorphTargetManager"``."""
        return "MorphTargetManager"

    @property
    def uniqueId(self) -> int:
        """Unique id given by the scene (0 without a scene)."""
        return self._uniqueId

    @property
    def areUpdatesFrozen(self) -> bool:
        """While True, influence changes do not rebuild the active-target list."""
        return self._blockCounter > 0

    @areUpdatesFrozen.setter
    def areUpdatesFrozen(self, block: bool) -> None:
        if block:
            self._blockCounter += 1
        else:
            self._blockCounter -= 1
            if self._blockCounter <= 0:
                self._blockCounter = 0
                self._syncActiveTargets(self._forceUpdateWhenUnfrozen)
                self._forceUpdateWhenUnfrozen = False

    @property
    def numMaxInfluencers(self) -> int:
        """Maximum number of influencers (0: no limit chosen)."""
        return self._numMaxInfluencers

    @numMaxInfluencers.setter
    def numMaxInfluencers(self, value: int) -> None:
        if self._numMaxInfluencers == value:
            return
        self._numMaxInfluencers = value
        self._mustSynchronize = True
        self._syncActiveTargets()

    @property
    def useTextureToStoreTargets(self) -> bool:
        """Stored for compatibility; targets are never stored in a texture here."""
        return self._useTextureToStoreTargets

    @useTextureToStoreTargets.setter
    def useTextureToStoreTargets(self, value: bool) -> None:
        self._useTextureToStoreTargets = value

    @property
    def isUsingTextureForTargets(self) -> bool:
        """False: there is no GPU texture storage in lite_compat."""
        return False

    @property
    def numTargets(self) -> int:
        """Number of targets."""
        return len(self._targets)

    @property
    def numInfluencers(self) -> int:
        """Number of active targets (see the class notes)."""
        if self._influencesAreDirty:
            self._syncActiveTargets()
        return len(self._activeTargets)

    @property
    def influences(self) -> array.array[float] | None:
        """Influences of the active targets, float32 (Babylon's ``Float32Array``); ``None``
        before the first sync (a manager that never had a target), as in Babylon.js."""
        if self._influencesAreDirty:
            self._syncActiveTargets()
        return self._influences

    @property
    def vertexCount(self) -> int:
        """Vertex count of the targets, as of the last :meth:`synchronize` (0 before)."""
        return self._vertexCount

    @property
    def supportsPositions(self) -> bool:
        """Every target has positions (as of the last sync) and position morphing is on."""
        return self._supportsPositions and self.enablePositionMorphing

    @property
    def supportsNormals(self) -> bool:
        """Every target has normals and normal morphing is on."""
        return self._supportsNormals and self.enableNormalMorphing

    @property
    def supportsTangents(self) -> bool:
        """Every target has tangents and tangent morphing is on."""
        return self._supportsTangents and self.enableTangentMorphing

    @property
    def supportsUVs(self) -> bool:
        """Every target has UVs and UV morphing is on."""
        return self._supportsUVs and self.enableUVMorphing

    @property
    def supportsUV2s(self) -> bool:
        """Every target has second UVs and UV2 morphing is on."""
        return self._supportsUV2s and self.enableUV2Morphing

    @property
    def supportsColors(self) -> bool:
        """Every target has colours and colour morphing is on."""
        return self._supportsColors and self.enableColorMorphing

    @property
    def hasPositions(self) -> bool:
        """Every target has positions (as of the last :meth:`synchronize`; False before)."""
        return self._supportsPositions

    @property
    def hasNormals(self) -> bool:
        """Every target has normals (as of the last sync)."""
        return self._supportsNormals

    @property
    def hasTangents(self) -> bool:
        """Every target has tangents (as of the last sync)."""
        return self._supportsTangents

    @property
    def hasUVs(self) -> bool:
        """Every target has UVs (as of the last sync)."""
        return self._supportsUVs

    @property
    def hasUV2s(self) -> bool:
        """Every target has second UVs (as of the last sync)."""
        return self._supportsUV2s

    @property
    def hasColors(self) -> bool:
        """Every target has colours (as of the last sync)."""
        return self._supportsColors

    def getActiveTarget(self, index: int) -> MorphTarget | None:
        """The ``index``-th active target (None past the end)."""
        if self._influencesAreDirty:
            self._syncActiveTargets()
        return self._activeTargets[index] if 0 <= index < len(self._activeTargets) else None

    def getTarget(self, index: int) -> MorphTarget | None:
        """The target at ``index`` (None past the end, JavaScript's ``undefined``)."""
        return self._targets[index] if 0 <= index < len(self._targets) else None

    def getTargetByName(self, name: str) -> MorphTarget | None:
        """The first target called ``name``, or None."""
        for target in self._targets:
            if target.name == name:
                return target
        return None

    def addTarget(self, target: MorphTarget) -> None:
        """Append ``target`` and follow its influence changes."""
        self._targets.append(target)

        def on_influence(needUpdate: bool, _state: object) -> None:
            if self.areUpdatesFrozen and needUpdate:
                self._forceUpdateWhenUnfrozen = True
            self._influencesAreDirty = True
            self._needUpdateInfluences = self._needUpdateInfluences or needUpdate

        def on_layout(_data: None, _state: object) -> None:
            self._mustSynchronize = True
            self._syncActiveTargets()

        self._targetInfluenceChangedObservers.append(target.onInfluenceChanged.add(on_influence))
        self._targetDataLayoutChangedObservers.append(target._onDataLayoutChanged.add(on_layout))
        self._mustSynchronize = True
        self._syncActiveTargets()

    def removeTarget(self, target: MorphTarget) -> None:
        """Remove ``target`` (and stop its animations on the scene)."""
        for index, item in enumerate(self._targets):
            if item is target:
                del self._targets[index]
                target.onInfluenceChanged.remove(self._targetInfluenceChangedObservers.pop(index))
                target._onDataLayoutChanged.remove(
                    self._targetDataLayoutChangedObservers.pop(index)
                )
                self._mustSynchronize = True
                self._syncActiveTargets()
                break
        scene_stop_animation(self._scene, target)

    def _syncActiveTargets(self, needUpdate: bool = False) -> None:
        if self.areUpdatesFrozen:
            return
        self._needUpdateInfluences = False
        self._influencesAreDirty = False
        if self._mustSynchronize:
            self._mustSynchronize = False
            self.synchronize()
        active: list[MorphTarget] = []
        for target in self._targets:
            if target.influence == 0 and self.optimizeInfluencers:
                continue
            # Babylon.js caps the list in vertex-attribute mode (no texture storage here).
            if len(active) >= MorphTargetManager.MaxActiveMorphTargetsInVertexAttributeMode:
                break
            active.append(target)
        self._activeTargets = active
        self._influences = array.array("f", [t.influence for t in active])

    def synchronize(self) -> None:
        """Recompute which data every target has (``hasX``/``supportsX``) and the common
        vertex count (nothing without a scene or while frozen). As in Babylon.js, a target
        whose vertex count differs stops the scan (Babylon logs an error) with the flags
        computed so far. Babylon also rebuilds its GPU target texture here; there is none."""
        if self._scene is None or self.areUpdatesFrozen:
            return
        self._supportsPositions = True
        self._supportsNormals = True
        self._supportsTangents = True
        self._supportsUVs = True
        self._supportsUV2s = True
        self._supportsColors = True
        self._vertexCount = 0
        for target in self._targets:
            self._supportsPositions = self._supportsPositions and target.hasPositions
            self._supportsNormals = self._supportsNormals and target.hasNormals
            self._supportsTangents = self._supportsTangents and target.hasTangents
            self._supportsUVs = self._supportsUVs and target.hasUVs
            self._supportsUV2s = self._supportsUV2s and target.hasUV2s
            self._supportsColors = self._supportsColors and target.hasColors
            count = target.vertexCount
            if self._vertexCount == 0:
                self._vertexCount = count
            elif self._vertexCount != count:
                return

    def clone(self) -> MorphTargetManager:
        """A new manager in the same scene with a clone of every target and the same
        ``enableXMorphing`` flags and metadata."""
        copy = MorphTargetManager(self._scene)
        copy.areUpdatesFrozen = True
        for target in self._targets:
            copy.addTarget(target.clone())
        copy.areUpdatesFrozen = False
        copy.enablePositionMorphing = self.enablePositionMorphing
        copy.enableNormalMorphing = self.enableNormalMorphing
        copy.enableTangentMorphing = self.enableTangentMorphing
        copy.enableUVMorphing = self.enableUVMorphing
        copy.enableUV2Morphing = self.enableUV2Morphing
        copy.enableColorMorphing = self.enableColorMorphing
        copy.metadata = self.metadata
        return copy

    def serialize(self) -> dict[str, Any]:
        """The ``.babylon`` JSON shape: ``id`` (the unique id), ``meshName``, the targets."""
        out: dict[str, Any] = {
            "id": self.uniqueId,
            "meshName": self.meshName,
            "targets": [target.serialize() for target in self._targets],
        }
        if self.metadata:
            out["metadata"] = self.metadata
        return out

    @staticmethod
    def Parse(
        serializationObject: dict[str, Any], scene: object | None = None
    ) -> MorphTargetManager:
        """A manager built from :meth:`serialize`'s shape."""
        data = serializationObject
        if not isinstance(data, dict) or not isinstance(data.get("targets"), list):
            raise AnimationStateError(
                "LITE-COMPAT-161",
                "MorphTargetManager.Parse: serializationObject must be a dict with a 'targets' "
                f"list; received {type(data).__name__}",
                hint="pass the dict MorphTargetManager.serialize() returns",
                input_name="serializationObject",
            )
        result = MorphTargetManager(scene)
        for target_data in data["targets"]:
            result.addTarget(MorphTarget.Parse(target_data, scene, result))
        if data.get("metadata"):
            result.metadata = data["metadata"]
        return result

    def dispose(self) -> None:
        """Remove from the scene (and the asset container) and stop the targets' animations."""
        self.metadata = None
        if self._scene is not None:
            scene_remove(self._scene, "removeMorphTargetManager", "morphTargetManagers", self)
            container = self._parentContainer
            if container is not None:
                managers = getattr(container, "morphTargetManagers", None)
                if isinstance(managers, list) and self in managers:
                    managers.remove(self)
                self._parentContainer = None
            for target in self._targets:
                scene_stop_animation(self._scene, target)
