"""Babylon.js ``MorphTargetManager``: a mesh's morph targets and their active influences.

Port of the state (not the GPU side) of ``@babylonjs/core`` 9.31 ``Morph/morphTargetManager.js``:
the target list (:class:`~lite_compat.morph.morph_target.MorphTarget`), the active-target
bookkeeping behind ``numInfluencers``/``influences``/``getActiveTarget`` (targets with a zero
influence are left out while ``optimizeInfluencers`` is on) and ``areUpdatesFrozen``. No
texture or shader state is kept. ``influences`` is an ``array.array("f")`` (float32 storage,
Python float items), the shape of Babylon's ``Float32Array``.
"""

from __future__ import annotations

import array
from typing import TYPE_CHECKING, Any, ClassVar

from lite.errors import AnimationStateError
from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_add,
    scene_remove,
    scene_stop_animation,
    scene_unique_id,
)
from lite_compat.morph.morph_target import MorphTarget

if TYPE_CHECKING:
    from lite_compat.observable import Observer

__all__ = ["MorphTargetManager"]


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
