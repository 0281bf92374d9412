"""Babylon.js ``Mesh.serialize`` and ``Mesh.Parse``: a mesh as a ``.babylon`` JSON dict and back.

Port of ``serialize``/``Parse`` of ``@babylonjs/core`` 9.31 ``Meshes/mesh.pure.js`` and of the
inline-geometry branch of ``Geometry._ImportGeometry`` (``Meshes/geometry.js``) it relies on.
``serialize`` writes Babylon's fields in Babylon's order: name, ids, TRS, the pivot (as
``pivotMatrix`` when the pivot is post-multiplied, else ``localMatrix``), flags, parent id,
geometry ids and sub-meshes, material, morph target manager and skeleton ids, metadata,
instances (with their animations and ranges), thin instances, animations and ranges, layer mask,
alpha, overlay and fog. The vertex data itself is not in it (Babylon's ``SceneSerializer`` adds
the geometry separately). ``Parse`` rebuilds a :class:`~lite_compat.meshes.mesh.Mesh`: the state,
the geometry from inline ``positions``/``normals``/``indices`` (or an existing scene geometry by
id), the sub-meshes, the instances and thin instances; the links Babylon resolves after a whole
file is read (parent, material, skeleton, morph target manager, actions, LODs, frozen world
matrix) are kept in the ``_waiting*`` fields as Babylon keeps them, and a delay-loaded mesh
stores its file, bounding box and delayed kinds.

Not ported: tags, physics impostors (no physics engine here) and the dedicated parsers of
lines, Goldberg, greased-line, trail and Gaussian-splatting meshes. A mesh without a material is
serialized with the scene's ``defaultMaterial`` ids when the scene has one (Babylon creates it
on demand), otherwise without material ids.
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Sequence
from typing import Any, ClassVar

from lite.errors import AnimationStateError, UnsupportedError
from lite_compat.math import Color3, Matrix, Quaternion, Vector3
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.vertex_data import VertexBuffer

__all__ = ["MeshSerializeMembers"]

#: Babylon's ``layerMask`` default (a parsed mask that is missing, zero or not a number).
_DEFAULT_LAYER_MASK = 0x0FFFFFFF

#: ``.babylon`` inline vertex arrays read after positions and normals, with their kinds.
_INLINE_KINDS: tuple[tuple[str, str], ...] = (
    ("tangents", VertexBuffer.TangentKind),
    ("uvs", VertexBuffer.UVKind),
    ("uvs2", VertexBuffer.UV2Kind),
    ("uvs3", VertexBuffer.UV3Kind),
    ("uvs4", VertexBuffer.UV4Kind),
    ("uvs5", VertexBuffer.UV5Kind),
    ("uvs6", VertexBuffer.UV6Kind),
)

#: Delay-loading flags and the vertex kinds Babylon lists in ``_delayInfo``, in its order.
_DELAY_KINDS: tuple[tuple[str, str], ...] = (
    ("hasUVs", VertexBuffer.UVKind),
    ("hasUVs2", VertexBuffer.UV2Kind),
    ("hasUVs3", VertexBuffer.UV3Kind),
    ("hasUVs4", VertexBuffer.UV4Kind),
    ("hasUVs5", VertexBuffer.UV5Kind),
    ("hasUVs6", VertexBuffer.UV6Kind),
    ("hasColors", VertexBuffer.ColorKind),
    ("hasMatricesIndices", VertexBuffer.MatricesIndicesKind),
    ("hasMatricesWeights", VertexBuffer.MatricesWeightsKind),
)

#: ``GroundMesh``'s own serialized fields (``_subdivisionsX`` ... under Babylon's keys).
_GROUND_FIELDS: tuple[str, ...] = (
    "subdivisionsX",
    "subdivisionsY",
    "minX",
    "maxX",
    "minZ",
    "maxZ",
    "width",
    "height",
)

_LEADING_INT = re.compile(r"\s*([+-]?\d+)")


def _truthy(value: object) -> bool:
    """JavaScript truthiness of a JSON value (any list or dict is truthy)."""
    if isinstance(value, (list, tuple, dict)):
        return True
    if isinstance(value, float) and math.isnan(value):
        return False
    return bool(value)


def _parse_layer_mask(value: object) -> int:
    """``Math.abs(parseInt(value))`` when ``value`` is truthy and not NaN, else the default."""
    if not _truthy(value):
        return _DEFAULT_LAYER_MASK
    if isinstance(value, bool):
        return 1
    if isinstance(value, (int, float)):
        if math.isinf(value):
            return _DEFAULT_LAYER_MASK
        return abs(int(value))
    if isinstance(value, str):
        try:
            float(value.strip())
        except ValueError:
            return _DEFAULT_LAYER_MASK  # isNaN("abc") is true
        match = _LEADING_INT.match(value)
        return abs(int(match.group(1))) if match else _DEFAULT_LAYER_MASK
    return _DEFAULT_LAYER_MASK


def _bad_parse(what: str, received: object, hint: str) -> AnimationStateError:
    return AnimationStateError(
        "LITE-COMPAT-241",
        f"Mesh.Parse: parsedMesh[{what!r}] must be a list of numbers; "
        f"received {type(received).__name__} {received!r:.60}",
        hint=hint,
        input_name="Mesh.Parse.parsedMesh",
    )


def _vector(data: dict[str, Any], key: str, size: int) -> list[float]:
    value = data.get(key)
    if (
        not isinstance(value, (list, tuple))
        or len(value) < size
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value[:size])
    ):
        raise _bad_parse(key, value, f"give {key!r} as [x, y, z...] ({size} numbers)")
    return [float(v) for v in value[:size]]


def _check_parsed(data: object) -> dict[str, Any]:
    """Refuse what Babylon cannot read (it throws on a missing position or scaling)."""
    if not isinstance(data, dict):
        raise AnimationStateError(
            "LITE-COMPAT-240",
            "Mesh.Parse: parsedMesh must be a dict (a serialized mesh); "
            f"received {type(data).__name__}",
            hint="pass what mesh.serialize() returned (or a mesh of a .babylon file)",
            input_name="Mesh.Parse.parsedMesh",
        )
    hint = "Babylon reads position and scaling unconditionally: give both as [x, y, z]"
    for key in ("position", "scaling"):
        if key not in data:
            raise _bad_parse(key, None, hint)
        _vector(data, key, 3)
    for key, size in (("rotationQuaternion", 4), ("rotation", 3)):
        if _truthy(data.get(key)):
            _vector(data, key, size)
    for key in ("localMatrix", "pivotMatrix"):
        if _truthy(data.get(key)):
            _vector(data, key, 16)
    billboard = data.get("billboardMode")
    if billboard is not None and billboard != 0:
        # Refused before the mesh exists, so a refusal leaves nothing in the scene.
        raise UnsupportedError(
            "LITE-COMPAT-243",
            f"Mesh.Parse: parsedMesh['billboardMode'] = {billboard!r}: billboards need a "
            "camera-facing render path, which lite_compat does not have",
            hint="serialize meshes with billboardMode 0 (BILLBOARDMODE_NONE)",
            input_name="Mesh.Parse.parsedMesh",
        )
    return data


def _expand_matrices_indices(packed: Sequence[float]) -> list[float]:
    """Babylon's unpacking of four 8-bit bone indices from each packed integer."""
    out: list[float] = []
    for value in packed:
        index = int(value)
        out.extend(
            (
                float(index & 0xFF),
                float((index & 0xFF00) >> 8),
                float((index & 0xFF0000) >> 16),
                float((index >> 24) & 0xFF),
            )
        )
    return out


def _colors4(colors: Sequence[float], count: float) -> list[float]:
    """``Color4.CheckColors4``: RGB triplets get an alpha of 1."""
    if len(colors) == count * 3:
        out: list[float] = []
        for i in range(0, len(colors), 3):
            out.extend((colors[i], colors[i + 1], colors[i + 2], 1.0))
        return out
    return list(colors)


def _import_geometry(data: dict[str, Any], mesh: Any) -> None:
    """``Geometry._ImportGeometry`` for a JSON mesh (the binary branch has no JSON form)."""
    scene = mesh.getScene()
    unique_id = data.get("geometryUniqueId")
    geometry_id = data.get("geometryId")
    if _truthy(unique_id) or _truthy(geometry_id):
        geometry = None
        if _truthy(unique_id):
            for candidate in getattr(scene, "geometries", None) or []:
                if getattr(candidate, "_loadedUniqueId", None) == unique_id:
                    geometry = candidate
                    break
        else:
            lookup = getattr(scene, "getGeometryById", None)
            geometry = lookup(geometry_id) if callable(lookup) else None
        if geometry is not None:
            geometry.applyToMesh(mesh)
    elif all(_truthy(data.get(k)) for k in ("positions", "normals", "indices")):
        positions = data["positions"]
        mesh.setVerticesData(
            VertexBuffer.PositionKind, list(positions), bool(data.get("positionsUpdatable"))
        )
        mesh.setVerticesData(
            VertexBuffer.NormalKind, list(data["normals"]), bool(data.get("normalsUpdatable"))
        )
        for key, kind in _INLINE_KINDS:
            if _truthy(data.get(key)):
                mesh.setVerticesData(kind, list(data[key]), bool(data.get(key + "Updatable")))
        if _truthy(data.get("colors")):
            mesh.setVerticesData(
                VertexBuffer.ColorKind, _colors4(data["colors"], len(positions) / 3), False
            )
        for key, kind in (
            ("matricesIndices", VertexBuffer.MatricesIndicesKind),
            ("matricesIndicesExtra", VertexBuffer.MatricesIndicesExtraKind),
        ):
            if _truthy(data.get(key)):
                values = list(data[key])
                if not data.get(key + "Expanded"):
                    values = _expand_matrices_indices(values)
                mesh.setVerticesData(kind, values, bool(data.get(key + "Updatable")))
        for key, kind in (
            ("matricesWeights", VertexBuffer.MatricesWeightsKind),
            ("matricesWeightsExtra", VertexBuffer.MatricesWeightsExtraKind),
        ):
            if _truthy(data.get(key)):
                mesh.setVerticesData(kind, list(data[key]), False)
        mesh.setIndices(list(data["indices"]), None)
    if _truthy(data.get("subMeshes")):
        mesh.subMeshes = []
        for sub in data["subMeshes"]:
            SubMesh(
                sub.get("materialIndex"),
                sub.get("verticesStart"),
                sub.get("verticesCount"),
                sub.get("indexStart"),
                sub.get("indexCount"),
                mesh,
            )
    if getattr(mesh, "_shouldGenerateFlatShading", False):
        mesh.convertToFlatShadedMesh()
        mesh._shouldGenerateFlatShading = False
    mesh.computeWorldMatrix(True)
    observable = getattr(scene, "onMeshImportedObservable", None)
    if observable is not None:
        observable.notifyObservers(mesh)


def _serialize_instance(instance: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": instance.name,
        "id": instance.id,
        "isEnabled": instance.isEnabled(False),
        "isVisible": instance.isVisible,
        "isPickable": instance.isPickable,
        "checkCollisions": instance.checkCollisions,
        "position": instance.position.asArray(),
        "scaling": instance.scaling.asArray(),
    }
    if instance.parent is not None:
        _serialize_as_parent(instance.parent, out)
    if instance.rotationQuaternion is not None:
        out["rotationQuaternion"] = instance.rotationQuaternion.asArray()
    elif instance.rotation is not None:
        out["rotation"] = instance.rotation.asArray()
    if _truthy(instance.metadata):
        out["metadata"] = instance.metadata
    _append_animations(instance, out)
    out["ranges"] = instance.serializeAnimationRanges()
    return out


def _serialize_as_parent(parent: Any, out: dict[str, Any]) -> None:
    """``Node._serializeAsParent`` (an instance parent also names its index in its source)."""
    out["parentId"] = parent.uniqueId
    source = getattr(parent, "sourceMesh", None)
    if source is not None and parent.getClassName() == "InstancedMesh":
        out["parentId"] = source.uniqueId
        out["parentInstanceIndex"] = getattr(parent, "_indexInSourceMeshInstanceArray", -1)


def _append_animations(source: Any, out: dict[str, Any]) -> None:
    """``SerializationHelper.AppendSerializedAnimations``."""
    animations = getattr(source, "animations", None)
    if animations is not None:
        out["animations"] = [a.serialize() for a in animations if hasattr(a, "serialize")]


def _waiting_data(mesh: Any) -> dict[str, Any]:
    data = getattr(mesh, "_waitingData", None)
    if not isinstance(data, dict):
        data = {"lods": None, "actions": None, "freezeWorldMatrix": None}
        mesh._waitingData = data
    return data


def _parse_animations(node: Any, data: dict[str, Any], scene: Any) -> None:
    animations = data.get("animations")
    if animations is None:
        return
    animation_class = type(node)._AnimationClass
    if animation_class is not None:
        for parsed in animations:
            node.animations.append(animation_class.Parse(parsed))
    type(node).ParseAnimationRanges(node, data, scene)


def _parse_instance(mesh: Any, parsed_mesh: dict[str, Any], parsed: dict[str, Any]) -> None:
    scene = mesh.getScene()
    instance = mesh.createInstance(parsed.get("name"))
    if _truthy(parsed.get("id")):
        instance.id = parsed["id"]
    instance.position = Vector3.FromArray(parsed["position"])
    if "metadata" in parsed:
        instance.metadata = parsed["metadata"]
    if "parentId" in parsed:
        instance._waitingParentId = parsed["parentId"]
    if "parentInstanceIndex" in parsed:
        instance._waitingParentInstanceIndex = parsed["parentInstanceIndex"]
    if parsed.get("isEnabled") is not None:
        instance.setEnabled(parsed["isEnabled"])
    if parsed.get("isVisible") is not None:
        instance.isVisible = parsed["isVisible"]
    if parsed.get("isPickable") is not None:
        instance.isPickable = parsed["isPickable"]
    if _truthy(parsed.get("rotationQuaternion")):
        instance.rotationQuaternion = Quaternion.FromArray(parsed["rotationQuaternion"])
    elif _truthy(parsed.get("rotation")):
        instance.rotation = Vector3.FromArray(parsed["rotation"])
    instance.scaling = Vector3.FromArray(parsed["scaling"])
    if parsed.get("checkCollisions") is not None:
        instance.checkCollisions = parsed["checkCollisions"]
    if parsed.get("pickable") is not None:
        instance.isPickable = parsed["pickable"]
    for key in ("showBoundingBox", "showSubMeshesBoundingBox"):
        if parsed.get(key) is not None:
            setattr(instance, key, parsed[key])
    # Babylon tests showSubMeshesBoundingBox here, not alphaIndex (kept as it is).
    if parsed.get("alphaIndex") is not None and parsed.get("showSubMeshesBoundingBox") is not None:
        instance.alphaIndex = parsed["alphaIndex"]
    if "actions" in parsed:
        _waiting_data(instance)["actions"] = parsed["actions"]
    if _truthy(parsed.get("animations")):
        _parse_animations(instance, parsed, scene)
        if parsed.get("autoAnimate"):
            scene.beginAnimation(
                instance,
                parsed.get("autoAnimateFrom"),
                parsed.get("autoAnimateTo"),
                parsed.get("autoAnimateLoop"),
                parsed.get("autoAnimateSpeed") or 1.0,
            )


class MeshSerializeMembers:
    """``serialize`` and ``Parse`` of ``BABYLON.Mesh`` (see the module docstring)."""

    #: Mesh classes ``Parse`` builds for a serialized ``type`` other than ``"Mesh"``
    #: (``lite_compat.meshes.mesh`` registers ``GroundMesh``).
    _ParsedTypes: ClassVar[dict[str, type]] = {}

    def serialize(self, serializationObject: dict[str, Any] | None = None) -> Any:
        """The mesh as Babylon's ``.babylon`` mesh dict (vertex data not included).

        A ``GroundMesh`` also writes its grid (``subdivisionsX`` ... ``height``) and, as in
        Babylon.js, needs ``serializationObject`` and returns None.

        Parameters
        ----------
        serializationObject
            Dict to fill (a new one when None).

        Returns
        -------
        dict or None
            ``serializationObject``, filled (None for a ``GroundMesh``).
        """
        if serializationObject is not None and not isinstance(serializationObject, dict):
            raise AnimationStateError(
                "LITE-COMPAT-242",
                "Mesh.serialize: serializationObject must be a dict or None; "
                f"received {type(serializationObject).__name__}",
                hint="call mesh.serialize() or pass a dict to fill",
                input_name="Mesh.serialize.serializationObject",
            )
        mesh: Any = self
        ground = mesh.getClassName() == "GroundMesh"
        if ground and serializationObject is None:
            # GroundMesh.serialize has no default object: Babylon.js throws a TypeError.
            raise AnimationStateError(
                "LITE-COMPAT-244",
                "GroundMesh.serialize: serializationObject is required (Babylon.js 9.31 "
                "throws without one); received None",
                hint="pass a dict to fill: data = {}; ground.serialize(data)",
                input_name="GroundMesh.serialize.serializationObject",
            )
        out: dict[str, Any] = serializationObject if serializationObject is not None else {}
        out["name"] = mesh.name
        out["id"] = mesh.id
        out["uniqueId"] = mesh.uniqueId
        out["type"] = mesh.getClassName()
        out["position"] = mesh.position.asArray()
        if mesh.rotationQuaternion is not None:
            out["rotationQuaternion"] = mesh.rotationQuaternion.asArray()
        elif mesh.rotation is not None:
            out["rotation"] = mesh.rotation.asArray()
        out["scaling"] = mesh.scaling.asArray()
        pivot_key = "pivotMatrix" if mesh._postMultiplyPivotMatrix else "localMatrix"
        out[pivot_key] = list(mesh.getPivotMatrix().asArray())
        out["isEnabled"] = mesh.isEnabled(False)
        out["isVisible"] = mesh.isVisible
        out["infiniteDistance"] = mesh.infiniteDistance
        out["pickable"] = mesh.isPickable
        out["receiveShadows"] = mesh.receiveShadows
        out["billboardMode"] = mesh.billboardMode
        out["visibility"] = mesh.visibility
        out["alwaysSelectAsActiveMesh"] = mesh.alwaysSelectAsActiveMesh
        out["checkCollisions"] = mesh.checkCollisions
        out["ellipsoid"] = mesh.ellipsoid.asArray()
        out["ellipsoidOffset"] = mesh.ellipsoidOffset.asArray()
        out["doNotSyncBoundingInfo"] = mesh.doNotSyncBoundingInfo
        out["isBlocker"] = mesh.isBlocker
        out["sideOrientation"] = mesh.sideOrientation
        if mesh._isWorldMatrixFrozen:
            out["freezeWorldMatrix"] = True
        if mesh.parent is not None:
            _serialize_as_parent(mesh.parent, out)
        out["isUnIndexed"] = mesh.isUnIndexed
        geometry = mesh._geometry
        if geometry is not None and mesh.subMeshes is not None:
            out["geometryUniqueId"] = geometry.uniqueId
            out["geometryId"] = geometry.id
            out["subMeshes"] = [
                {
                    "materialIndex": sub.materialIndex,
                    "verticesStart": sub.verticesStart,
                    "verticesCount": sub.verticesCount,
                    "indexStart": sub.indexStart,
                    "indexCount": sub.indexCount,
                }
                for sub in mesh.subMeshes
            ]
        material = mesh.material
        if material is None:
            material = getattr(mesh.getScene(), "defaultMaterial", None)
        if material is not None and not getattr(material, "doNotSerialize", False):
            out["materialUniqueId"] = material.uniqueId
            out["materialId"] = material.id
        if mesh.morphTargetManager is not None:
            out["morphTargetManagerId"] = mesh.morphTargetManager.uniqueId
        if mesh.skeleton is not None:
            out["skeletonId"] = mesh.skeleton.id
            out["skeletonUniqueId"] = mesh.skeleton.uniqueId
            out["numBoneInfluencers"] = mesh.numBoneInfluencers
        if _truthy(mesh.metadata):
            out["metadata"] = mesh.metadata
        if mesh.meshBlendingTag != 0:
            out["meshBlendingTag"] = mesh.meshBlendingTag
        out["instances"] = [
            _serialize_instance(instance)
            for instance in mesh.instances
            if not getattr(instance, "doNotSerialize", False)
        ]
        self._serializeThinInstances(out)
        _append_animations(mesh, out)
        out["ranges"] = mesh.serializeAnimationRanges()
        out["layerMask"] = mesh.layerMask
        out["alphaIndex"] = mesh.alphaIndex
        out["hasVertexAlpha"] = mesh.hasVertexAlpha
        out["overlayAlpha"] = mesh.overlayAlpha
        out["overlayColor"] = mesh.overlayColor.asArray()
        if mesh.renderOverlay is not None:  # Babylon leaves it undefined until set
            out["renderOverlay"] = mesh.renderOverlay
        out["applyFog"] = mesh.applyFog
        actions = getattr(mesh, "actionManager", None)
        if actions is not None and hasattr(actions, "serialize"):
            out["actions"] = actions.serialize(mesh.name)
        if ground:  # GroundMesh.serialize's additions; it returns undefined
            for key in _GROUND_FIELDS:
                out[key] = getattr(mesh, "_" + key)
            return None
        return out

    def _serializeThinInstances(self, out: dict[str, Any]) -> None:
        mesh: Any = self
        count = getattr(mesh, "_thinInstancesCount", 0)
        data = getattr(mesh, "_thinMatrixData", None)
        if not count or data is None:
            return
        thin: dict[str, Any] = {
            "instancesCount": count,
            "matrixData": list(data),
            "matrixBufferSize": mesh._thinMatrixBufferSize,
            "enablePicking": bool(mesh.thinInstanceEnablePicking),
        }
        user = getattr(mesh, "_thinUserData", None)
        if user:
            thin["userThinInstance"] = {
                "data": {kind: list(values) for kind, values in user.items()},
                "sizes": {kind: mesh._thinUserSizes.get(kind) for kind in user},
                "strides": {kind: mesh._thinUserStrides.get(kind) for kind in user},
            }
        out["thinInstances"] = thin

    @classmethod
    def Parse(cls, parsedMesh: dict[str, Any], scene: Any, rootUrl: str = "") -> Any:
        """A mesh rebuilt from :meth:`serialize`'s dict (or a ``.babylon`` mesh).

        Parameters
        ----------
        parsedMesh
            The serialized mesh; inline ``positions``/``normals``/``indices`` (and ``uvs``,
            ``colors``, bone data...) become its vertex data.
        scene
            Scene the mesh joins.
        rootUrl
            Prefix of a ``delayLoadingFile``.

        Returns
        -------
        Mesh
            The new mesh; parent, material, skeleton and morph-target links wait in
            ``_waitingParentId``/``_waitingMaterialId``/``_waitingSkeletonId``/
            ``_waitingMorphTargetManagerId`` as in Babylon.js.
        """
        data = _check_parsed(parsedMesh)
        klass: Any = MeshSerializeMembers._ParsedTypes.get(str(data.get("type")), cls)
        mesh: Any = klass(data.get("name"), scene)
        if mesh.getClassName() == "GroundMesh":  # GroundMesh.Parse's fields
            for key in _GROUND_FIELDS:
                setattr(mesh, "_" + key, data.get(key))
            mesh._subdivisionsX = data.get("subdivisionsX") or 1
            mesh._subdivisionsY = data.get("subdivisionsY") or 1
        mesh.id = data.get("id")
        mesh._waitingParsedUniqueId = data.get("uniqueId")
        mesh.position = Vector3.FromArray(data["position"])
        if "metadata" in data:
            mesh.metadata = data["metadata"]
        if "meshBlendingTag" in data:
            mesh.meshBlendingTag = data["meshBlendingTag"]
        if _truthy(data.get("rotationQuaternion")):
            mesh.rotationQuaternion = Quaternion.FromArray(data["rotationQuaternion"])
        elif _truthy(data.get("rotation")):
            mesh.rotation = Vector3.FromArray(data["rotation"])
        mesh.scaling = Vector3.FromArray(data["scaling"])
        if _truthy(data.get("localMatrix")):
            mesh.setPreTransformMatrix(Matrix.FromArray(data["localMatrix"]))
        elif _truthy(data.get("pivotMatrix")):
            mesh.setPivotMatrix(Matrix.FromArray(data["pivotMatrix"]))
        mesh.setEnabled(data.get("isEnabled"))
        mesh.isVisible = data.get("isVisible")
        mesh.infiniteDistance = data.get("infiniteDistance")
        mesh.alwaysSelectAsActiveMesh = _truthy(data.get("alwaysSelectAsActiveMesh"))
        mesh.showBoundingBox = data.get("showBoundingBox")
        mesh.showSubMeshesBoundingBox = data.get("showSubMeshesBoundingBox")
        for source, target in (
            ("applyFog", "applyFog"),
            ("pickable", "isPickable"),
            ("alphaIndex", "alphaIndex"),
        ):
            if source in data:
                setattr(mesh, target, data[source])
        mesh.receiveShadows = data.get("receiveShadows")
        for key in ("billboardMode", "visibility"):
            if key in data:
                setattr(mesh, key, data[key])
        mesh.checkCollisions = data.get("checkCollisions")
        mesh.doNotSyncBoundingInfo = _truthy(data.get("doNotSyncBoundingInfo"))
        for key in ("ellipsoid", "ellipsoidOffset"):
            if _truthy(data.get(key)):
                setattr(mesh, key, Vector3.FromArray(data[key]))
        if data.get("overrideMaterialSideOrientation") is not None:
            mesh.sideOrientation = data["overrideMaterialSideOrientation"]
        if "sideOrientation" in data:
            mesh.sideOrientation = data["sideOrientation"]
        if "isBlocker" in data:
            mesh.isBlocker = data["isBlocker"]
        mesh._shouldGenerateFlatShading = data.get("useFlatShading")
        if _truthy(data.get("freezeWorldMatrix")):
            _waiting_data(mesh)["freezeWorldMatrix"] = data["freezeWorldMatrix"]
        if "parentId" in data:
            mesh._waitingParentId = data["parentId"]
        if "parentInstanceIndex" in data:
            mesh._waitingParentInstanceIndex = data["parentInstanceIndex"]
        if "actions" in data:
            _waiting_data(mesh)["actions"] = data["actions"]
        if "overlayAlpha" in data:
            mesh.overlayAlpha = data["overlayAlpha"]
        if "overlayColor" in data:
            mesh.overlayColor = Color3.FromArray(data["overlayColor"])
        if "renderOverlay" in data:
            mesh.renderOverlay = data["renderOverlay"]
        mesh.isUnIndexed = _truthy(data.get("isUnIndexed"))
        mesh.hasVertexAlpha = data.get("hasVertexAlpha")
        if _truthy(data.get("delayLoadingFile")):
            cls._storeDelayLoading(mesh, data, rootUrl)
        else:
            _import_geometry(data, mesh)
        if _truthy(data.get("materialUniqueId")):
            mesh._waitingMaterialId = data["materialUniqueId"]
        elif _truthy(data.get("materialId")):
            mesh._waitingMaterialId = data["materialId"]
        manager_id = data.get("morphTargetManagerId")
        if isinstance(manager_id, (int, float)) and manager_id > -1:
            mesh._waitingMorphTargetManagerId = manager_id
        if data.get("skeletonId") is not None:
            lookup = getattr(scene, "getLastSkeletonById", None)
            mesh.skeleton = lookup(data["skeletonId"]) if callable(lookup) else None
            mesh._waitingSkeletonId = data["skeletonId"]
            if _truthy(data.get("numBoneInfluencers")):
                mesh.numBoneInfluencers = data["numBoneInfluencers"]
        if data.get("skeletonUniqueId") is not None:
            mesh._waitingSkeletonUniqueId = data["skeletonUniqueId"]
        _parse_animations(mesh, data, scene)
        if data.get("autoAnimate"):
            scene.beginAnimation(
                mesh,
                data.get("autoAnimateFrom"),
                data.get("autoAnimateTo"),
                data.get("autoAnimateLoop"),
                data.get("autoAnimateSpeed") or 1.0,
            )
        mesh.layerMask = _parse_layer_mask(data.get("layerMask"))
        if _truthy(data.get("lodMeshIds")):
            _waiting_data(mesh)["lods"] = {
                "ids": data["lodMeshIds"],
                "distances": data.get("lodDistances") or None,
                "coverages": data.get("lodCoverages") or None,
            }
        for parsed_instance in data.get("instances") or []:
            _parse_instance(mesh, data, parsed_instance)
        if _truthy(data.get("thinInstances")):
            cls._parseThinInstances(mesh, data["thinInstances"])
        return mesh

    @staticmethod
    def _storeDelayLoading(mesh: Any, data: dict[str, Any], rootUrl: str) -> None:
        mesh.delayLoadState = 4  # Constants.DELAYLOADSTATE_NOTLOADED
        mesh.delayLoadingFile = (rootUrl or "") + str(data["delayLoadingFile"])
        minimum = _vector(data, "boundingBoxMinimum", 3)
        maximum = _vector(data, "boundingBoxMaximum", 3)
        mesh.buildBoundingInfo(Vector3.FromArray(minimum), Vector3.FromArray(maximum))
        if _truthy(data.get("_binaryInfo")):
            mesh._binaryInfo = data["_binaryInfo"]
        mesh._delayInfo = [kind for flag, kind in _DELAY_KINDS if _truthy(data.get(flag))]

    @staticmethod
    def _parseThinInstances(mesh: Any, thin: dict[str, Any]) -> None:
        mesh.thinInstanceEnablePicking = _truthy(thin.get("enablePicking"))
        if _truthy(thin.get("matrixData")):
            mesh.thinInstanceSetBuffer("matrix", array("f", thin["matrixData"]), 16, False)
            mesh._thinMatrixBufferSize = thin.get("matrixBufferSize")
            mesh._thinInstancesCount = thin.get("instancesCount")
        else:
            mesh._thinMatrixBufferSize = thin.get("matrixBufferSize")
        user: Any = thin.get("userThinInstance")
        if _truthy(user):
            strides: dict[str, Any] = user.get("strides") or {}
            sizes: dict[str, Any] = user.get("sizes") or {}
            for kind, values in (user.get("data") or {}).items():
                mesh.thinInstanceSetBuffer(kind, array("f", values), strides.get(kind), False)
                mesh._thinUserSizes[kind] = sizes.get(kind)
