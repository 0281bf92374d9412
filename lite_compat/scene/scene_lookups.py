"""Babylon.js ``Scene``'s lookups: every ``get...By...`` and ``getNodes``.

Port of the lookup members of ``@babylonjs/core`` 9.31 ``scene.pure.js`` and of its scene
components (effect layers, lens flares, audio): by ``id``, ``name`` and ``uniqueId``, the
"last" variants scanning backwards, the deprecated ``...ByID`` spellings, bone and morph
target searches, the tag queries (``Tags.MatchesQuery`` with Babylon's
``AndOrNotEvaluator``: ``&&``, ``||``, ``!`` and parentheses over ``obj._tags``) and
``getWorldExtends``. Each returns what Babylon returns: the first match in Babylon's order,
``None`` for no match, a new list for the plural forms.

:class:`SceneLookups` is a mixin of :class:`~lite_compat.scene.scene.Scene`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

from lite_compat.math.vector import Vector3

__all__ = ["SceneLookups", "WorldExtends", "matches_tags_query"]

_PARENS = re.compile(r"\([^()]*\)")
_LEADING_NOT = re.compile(r"^[\s!]+")


def _simplify_negation(text: str) -> str:
    def fold(match: re.Match[str]) -> str:
        bangs = re.sub(r"\s", "", match.group(0))
        return "!" if len(bangs) % 2 else ""

    text = _LEADING_NOT.sub(fold, text, count=1).strip()
    if text == "!true":
        return "false"
    if text == "!false":
        return "true"
    return text


def _term(text: str, evaluate: Callable[[str], object]) -> bool:
    if text in ("true", "false"):
        return text == "true"
    if text.startswith("!"):
        return not evaluate(text[1:])
    return bool(evaluate(text))


def _handle_parenthesis_content(content: str, evaluate: Callable[[str], object]) -> str:
    result = False
    for part in content.split("||"):
        if result:
            break
        ori = _simplify_negation(part.strip())
        ands = ori.split("&&")
        if len(ands) > 1:
            for item in ands:
                result = _term(_simplify_negation(item.strip()), evaluate)
                if not result:
                    ori = "false"
                    break
        if result or ori == "true":
            result = True
            break
        result = _term(ori, evaluate)
    return "true" if result else "false"


def _eval_query(query: str, evaluate: Callable[[str], object], depth: int = 0) -> bool:
    """Babylon's ``AndOrNotEvaluator.Eval`` (innermost parentheses first)."""
    if not _PARENS.search(query):
        query = _handle_parenthesis_content(query, evaluate)
    else:
        query = _PARENS.sub(
            lambda m: _handle_parenthesis_content(m.group(0)[1:-1], evaluate), query
        )
    if query == "true":
        return True
    if query == "false" or depth > 64:  # unbalanced parentheses: Babylon recurses forever
        return False
    return _eval_query(query, evaluate, depth + 1)


def matches_tags_query(obj: Any, tagsQuery: str | None) -> bool:
    """``Tags.MatchesQuery``: whether ``obj._tags`` satisfies ``tagsQuery``."""
    if tagsQuery is None:
        return True
    tags = getattr(obj, "_tags", None)
    has_tags = bool(tags)
    if tagsQuery == "":
        return has_tags
    return _eval_query(str(tagsQuery), lambda tag: has_tags and bool(tags.get(tag)))  # type: ignore[union-attr]


def _first(items: Iterable[Any], attr: str, value: object) -> Any:
    for item in items:
        if getattr(item, attr, None) == value:
            return item
    return None


def _last(items: list[Any], attr: str, value: object) -> Any:
    for item in reversed(items):
        if getattr(item, attr, None) == value:
            return item
    return None


def _by_tags(
    items: list[Any], tagsQuery: str | None, filter: Callable[[Any], bool] | None
) -> list[Any]:
    if tagsQuery is None:
        return items
    return [i for i in items if matches_tags_query(i, tagsQuery) and (filter is None or filter(i))]


class WorldExtends:
    """What ``getWorldExtends`` returns: ``.min`` and ``.max`` (also ``["min"]``)."""

    __slots__ = ("max", "min")

    def __init__(self, low: Vector3, high: Vector3) -> None:
        self.min = low
        self.max = high

    def __getitem__(self, key: str) -> Vector3:
        return self.min if key == "min" else self.max

    def __repr__(self) -> str:
        return f"WorldExtends(min={self.min!r}, max={self.max!r})"


class SceneLookups:
    """Every Babylon ``Scene`` lookup the base class does not define (mixin of ``Scene``)."""

    # Provided by Scene (and SceneLists).
    meshes: list[Any]
    transformNodes: list[Any]
    cameras: list[Any]
    lights: list[Any]
    materials: list[Any]
    multiMaterials: list[Any]
    textures: list[Any]
    skeletons: list[Any]
    morphTargetManagers: list[Any]
    geometries: list[Any]
    particleSystems: list[Any]
    postProcesses: list[Any]
    effectLayers: list[Any]
    lensFlareSystems: list[Any]
    frameGraphs: list[Any]

    # -- nodes ---------------------------------------------------------------------------------

    def getNodes(self) -> list[Any]:
        """Meshes, lights, cameras, transform nodes, then every skeleton's bones."""
        nodes: list[Any] = [*self.meshes, *self.lights, *self.cameras, *self.transformNodes]
        for skeleton in self.skeletons:
            nodes.extend(skeleton.bones)
        return nodes

    def getNodeByName(self, name: str) -> Any:
        """The first mesh, transform node, light, camera or bone named ``name`` (Babylon's
        order), or None."""
        for items in (self.meshes, self.transformNodes, self.lights, self.cameras):
            found = _first(items, "name", name)
            if found is not None:
                return found
        for skeleton in self.skeletons:
            found = _first(skeleton.bones, "name", name)
            if found is not None:
                return found
        return None

    def getNodeById(self, id: str) -> Any:
        """The first mesh, transform node, light, camera or bone with ``id``."""
        for found in (
            self.getMeshById(id),
            self.getTransformNodeById(id),
            self.getLightById(id),
            self.getCameraById(id),
            self.getBoneById(id),
        ):
            if found is not None:
                return found
        return None

    def getNodeByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getNodeById`."""
        return self.getNodeById(id)

    # -- meshes --------------------------------------------------------------------------------

    def getMeshById(self, id: str) -> Any:
        """The first mesh with ``id`` (or None)."""
        return _first(self.meshes, "id", id)

    def getMeshByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getMeshById`."""
        return self.getMeshById(id)

    def getMeshesById(self, id: str) -> list[Any]:
        """Every mesh with ``id``."""
        return [m for m in self.meshes if getattr(m, "id", None) == id]

    def getMeshesByID(self, id: str) -> list[Any]:
        """Deprecated spelling of :meth:`getMeshesById`."""
        return self.getMeshesById(id)

    def getMeshByUniqueId(self, uniqueId: int) -> Any:
        """The mesh with ``uniqueId`` (or None)."""
        return _first(self.meshes, "uniqueId", uniqueId)

    def getMeshByUniqueID(self, uniqueId: int) -> Any:
        """Deprecated spelling of :meth:`getMeshByUniqueId`."""
        return self.getMeshByUniqueId(uniqueId)

    def getLastMeshById(self, id: str) -> Any:
        """The last mesh with ``id`` (or None)."""
        return _last(self.meshes, "id", id)

    def getLastMeshByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getLastMeshById`."""
        return self.getLastMeshById(id)

    def getMeshesByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The meshes whose tags match ``tagsQuery`` (all meshes when None)."""
        return _by_tags(self.meshes, tagsQuery, filter)

    # -- transform nodes -----------------------------------------------------------------------

    def getTransformNodeById(self, id: str) -> Any:
        """The first transform node with ``id`` (or None)."""
        return _first(self.transformNodes, "id", id)

    def getTransformNodeByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getTransformNodeById`."""
        return self.getTransformNodeById(id)

    def getTransformNodesById(self, id: str) -> list[Any]:
        """Every transform node with ``id``."""
        return [t for t in self.transformNodes if getattr(t, "id", None) == id]

    def getTransformNodesByID(self, id: str) -> list[Any]:
        """Deprecated spelling of :meth:`getTransformNodesById`."""
        return self.getTransformNodesById(id)

    def getTransformNodeByUniqueId(self, uniqueId: int) -> Any:
        """The transform node with ``uniqueId`` (or None)."""
        return _first(self.transformNodes, "uniqueId", uniqueId)

    def getTransformNodeByUniqueID(self, uniqueId: int) -> Any:
        """Deprecated spelling of :meth:`getTransformNodeByUniqueId`."""
        return self.getTransformNodeByUniqueId(uniqueId)

    def getLastTransformNodeById(self, id: str) -> Any:
        """The last transform node with ``id`` (or None)."""
        return _last(self.transformNodes, "id", id)

    def getTransformNodesByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The transform nodes whose tags match ``tagsQuery``."""
        return _by_tags(self.transformNodes, tagsQuery, filter)

    def getLastEntryById(self, id: str) -> Any:
        """The last mesh, transform node, camera, light or bone with ``id``, searching each
        list backwards in that order."""
        for items in (self.meshes, self.transformNodes, self.cameras, self.lights):
            found = _last(items, "id", id)
            if found is not None:
                return found
        for skeleton in reversed(self.skeletons):
            found = _last(list(skeleton.bones), "id", id)
            if found is not None:
                return found
        return None

    def getLastEntryByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getLastEntryById`."""
        return self.getLastEntryById(id)

    # -- cameras and lights --------------------------------------------------------------------

    def getCameraById(self, id: str) -> Any:
        """The first camera with ``id`` (or None)."""
        return _first(self.cameras, "id", id)

    def getCameraByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getCameraById`."""
        return self.getCameraById(id)

    def getCameraByUniqueId(self, uniqueId: int) -> Any:
        """The camera with ``uniqueId`` (or None)."""
        return _first(self.cameras, "uniqueId", uniqueId)

    def getCameraByUniqueID(self, uniqueId: int) -> Any:
        """Deprecated spelling of :meth:`getCameraByUniqueId`."""
        return self.getCameraByUniqueId(uniqueId)

    def getCamerasByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The cameras whose tags match ``tagsQuery``."""
        return _by_tags(self.cameras, tagsQuery, filter)

    def getLightById(self, id: str) -> Any:
        """The first light with ``id`` (or None)."""
        return _first(self.lights, "id", id)

    def getLightByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getLightById`."""
        return self.getLightById(id)

    def getLightByUniqueId(self, uniqueId: int) -> Any:
        """The light with ``uniqueId`` (or None)."""
        return _first(self.lights, "uniqueId", uniqueId)

    def getLightByUniqueID(self, uniqueId: int) -> Any:
        """Deprecated spelling of :meth:`getLightByUniqueId`."""
        return self.getLightByUniqueId(uniqueId)

    def getLightsByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The lights whose tags match ``tagsQuery``."""
        return _by_tags(self.lights, tagsQuery, filter)

    # -- materials and textures ----------------------------------------------------------------

    def _getMaterial(self, allowMultiMaterials: bool, attr: str, value: object) -> Any:
        found = _first(self.materials, attr, value)
        if found is None and allowMultiMaterials:
            found = _first(self.multiMaterials, attr, value)
        return found

    def getMaterialByName(self, name: str, allowMultiMaterials: bool = False) -> Any:
        """The first material named ``name`` (multi-materials too when allowed)."""
        return self._getMaterial(allowMultiMaterials, "name", name)

    def getMaterialById(self, id: str, allowMultiMaterials: bool = False) -> Any:
        """The first material with ``id`` (multi-materials too when allowed)."""
        return self._getMaterial(allowMultiMaterials, "id", id)

    def getMaterialByID(self, id: str, allowMultiMaterials: bool = False) -> Any:
        """Deprecated spelling of :meth:`getMaterialById`."""
        return self.getMaterialById(id, allowMultiMaterials)

    def getMaterialByUniqueId(self, uniqueId: int, allowMultiMaterials: bool = False) -> Any:
        """The material with ``uniqueId`` (multi-materials too when allowed)."""
        return self._getMaterial(allowMultiMaterials, "uniqueId", uniqueId)

    def getMaterialByUniqueID(self, uniqueId: int, allowMultiMaterials: bool = False) -> Any:
        """Deprecated spelling of :meth:`getMaterialByUniqueId`."""
        return self.getMaterialByUniqueId(uniqueId, allowMultiMaterials)

    def getLastMaterialById(self, id: str, allowMultiMaterials: bool = False) -> Any:
        """The last material with ``id`` (then the last multi-material when allowed)."""
        found = _last(self.materials, "id", id)
        if found is None and allowMultiMaterials:
            found = _last(self.multiMaterials, "id", id)
        return found

    def getLastMaterialByID(self, id: str, allowMultiMaterials: bool = False) -> Any:
        """Deprecated spelling of :meth:`getLastMaterialById`."""
        return self.getLastMaterialById(id, allowMultiMaterials)

    def getMaterialByTags(
        self, tagsQuery: str | None = None, filter: Callable[[Any], bool] | None = None
    ) -> list[Any]:
        """The materials whose tags match ``tagsQuery``."""
        return _by_tags(self.materials, tagsQuery, filter)

    def getTextureByName(self, name: str) -> Any:
        """The first texture named ``name`` (or None)."""
        return _first(self.textures, "name", name)

    def getTextureByUniqueId(self, uniqueId: int) -> Any:
        """The texture with ``uniqueId`` (or None)."""
        return _first(self.textures, "uniqueId", uniqueId)

    def getTextureByUniqueID(self, uniqueId: int) -> Any:
        """Deprecated spelling of :meth:`getTextureByUniqueId`."""
        return self.getTextureByUniqueId(uniqueId)

    # -- skeletons, bones, morph targets -------------------------------------------------------

    def getSkeletonById(self, id: str) -> Any:
        """The first skeleton with ``id`` (or None)."""
        return _first(self.skeletons, "id", id)

    def getSkeletonByName(self, name: str) -> Any:
        """The first skeleton named ``name`` (or None)."""
        return _first(self.skeletons, "name", name)

    def getSkeletonByUniqueId(self, uniqueId: int) -> Any:
        """The skeleton with ``uniqueId`` (or None)."""
        return _first(self.skeletons, "uniqueId", uniqueId)

    def getLastSkeletonById(self, id: str) -> Any:
        """The last skeleton with ``id`` (or None)."""
        return _last(self.skeletons, "id", id)

    def getLastSkeletonByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getLastSkeletonById`."""
        return self.getLastSkeletonById(id)

    def getBoneById(self, id: str) -> Any:
        """The first bone with ``id`` in any skeleton (or None)."""
        for skeleton in self.skeletons:
            found = _first(skeleton.bones, "id", id)
            if found is not None:
                return found
        return None

    def getBoneByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getBoneById`."""
        return self.getBoneById(id)

    def getBoneByName(self, name: str) -> Any:
        """The first bone named ``name`` in any skeleton (or None)."""
        for skeleton in self.skeletons:
            found = _first(skeleton.bones, "name", name)
            if found is not None:
                return found
        return None

    def getMorphTargetManagerById(self, id: int) -> Any:
        """The morph target manager whose ``uniqueId`` is ``id`` (Babylon compares the unique
        id), or None."""
        return _first(self.morphTargetManagers, "uniqueId", id)

    def _morphTargets(self) -> Iterable[Any]:
        for manager in self.morphTargetManagers:
            for index in range(int(manager.numTargets)):
                yield manager.getTarget(index)

    def getMorphTargetById(self, id: str) -> Any:
        """The first morph target with ``id`` in any manager (or None)."""
        return _first(self._morphTargets(), "id", id)

    def getMorphTargetByName(self, name: str) -> Any:
        """The first morph target named ``name`` in any manager (or None)."""
        return _first(self._morphTargets(), "name", name)

    # -- other scene objects -------------------------------------------------------------------

    def getGeometryById(self, id: str) -> Any:
        """The first geometry with ``id`` (or None)."""
        return _first(self.geometries, "id", id)

    def getGeometryByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getGeometryById`."""
        return self.getGeometryById(id)

    def getParticleSystemById(self, id: str) -> Any:
        """The first particle system with ``id`` (or None)."""
        return _first(self.particleSystems, "id", id)

    def getParticleSystemByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getParticleSystemById`."""
        return self.getParticleSystemById(id)

    def getPostProcessByName(self, name: str) -> Any:
        """The first post-process named ``name`` (or None)."""
        return _first(self.postProcesses, "name", name)

    def getFrameGraphByName(self, name: str) -> Any:
        """The first frame graph named ``name`` (or None)."""
        return _first(self.frameGraphs, "name", name)

    def getLensFlareSystemByName(self, name: str) -> Any:
        """The first lens flare system named ``name`` (or None)."""
        return _first(self.lensFlareSystems, "name", name)

    def getLensFlareSystemById(self, id: str) -> Any:
        """The first lens flare system with ``id`` (or None)."""
        return _first(self.lensFlareSystems, "id", id)

    def getLensFlareSystemByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`getLensFlareSystemById`."""
        return self.getLensFlareSystemById(id)

    def _effectLayer(self, name: str, effect: str) -> Any:
        for layer in self.effectLayers:
            get_effect = getattr(layer, "getEffectName", None)
            if (
                getattr(layer, "name", None) == name
                and callable(get_effect)
                and get_effect() == effect
            ):
                return layer
        return None

    def getGlowLayerByName(self, name: str) -> Any:
        """The effect layer named ``name`` whose ``getEffectName()`` is ``"GlowLayer"``."""
        return self._effectLayer(name, "GlowLayer")

    def getHighlightLayerByName(self, name: str) -> Any:
        """The effect layer named ``name`` whose ``getEffectName()`` is ``"HighlightLayer"``."""
        return self._effectLayer(name, "HighlightLayer")

    def getSelectionOutlineLayerByName(self, name: str) -> Any:
        """The effect layer named ``name`` whose ``getEffectName()`` is
        ``"SelectionOutlineLayer"``."""
        return self._effectLayer(name, "SelectionOutlineLayer")

    def getSoundByName(self, name: str) -> Any:
        """The first sound named ``name`` in ``mainSoundTrack`` or ``soundTracks`` (lite_compat
        plays no audio, so only sounds a script put there are found)."""
        tracks = [
            getattr(self, "mainSoundTrack", None),
            *(getattr(self, "soundTracks", None) or []),
        ]
        for track in tracks:
            found = _first(getattr(track, "soundCollection", None) or [], "name", name)
            if found is not None:
                return found
        return None

    # -- extents -------------------------------------------------------------------------------

    def getWorldExtends(self, filterPredicate: Callable[[Any], bool] | None = None) -> WorldExtends:
        """``{"min", "max"}`` over the world bounding boxes of the meshes ``filterPredicate``
        accepts (meshes without vertices are skipped)."""
        big = sys.float_info.max
        low = Vector3(big, big, big)
        high = Vector3(-big, -big, -big)
        for mesh in self.meshes:
            if filterPredicate is not None and not filterPredicate(mesh):
                continue
            compute = getattr(mesh, "computeWorldMatrix", None)
            if callable(compute):
                compute(True)
            sub_meshes = getattr(mesh, "subMeshes", None)
            total = getattr(mesh, "getTotalVertices", None)
            if sub_meshes is not None and not sub_meshes:
                continue
            if sub_meshes is None and callable(total) and not total():
                continue
            if getattr(mesh, "infiniteDistance", False):
                continue
            get_info = getattr(mesh, "getBoundingInfo", None)
            if not callable(get_info):
                continue
            box = get_info().boundingBox
            Vector3.CheckExtends(box.minimumWorld, low, high)
            Vector3.CheckExtends(box.maximumWorld, low, high)
        return WorldExtends(low, high)
