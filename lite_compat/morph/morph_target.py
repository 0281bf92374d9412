"""Babylon.js ``MorphTarget``: a named influence and the vertex data it blends in.

Port of the state (not the GPU side) of ``@babylonjs/core`` 9.31 ``Morph/morphTarget.js``: the
``influence`` property an animation writes (with its ``onInfluenceChanged`` notification) and
the per-target vertex data (``setPositions``/``getPositions`` ...). Vertex data is stored as
given; the glTF loader hands over float32 numpy arrays (Babylon.js stores ``Float32Array``s).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias, cast

import numpy as np
import numpy.typing as npt

from lite.errors import AnimationStateError
from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_stop_animation,
    scene_unique_id,
)
from lite_compat.meshes.vertex_data import VertexBuffer
from lite_compat.observable import Observable

if TYPE_CHECKING:
    from lite_compat.morph.morph_target_manager import MorphTargetManager

    pass

__all__ = ["MorphTarget"]

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
