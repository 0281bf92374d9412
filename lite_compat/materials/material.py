"""Babylon.js ``Material``: the base of every material (ids, scene registration, fill modes).

Port of the state (not the shaders) of ``@babylonjs/core`` 9.31 ``Materials/material.pure.js``:
names and ids, scene registration, ``alpha``, ``backFaceCulling``, ``wireframe``/``fillMode``,
``getAnimatables`` and ``dispose``; the rest of its state is the
:class:`~lite_compat.materials.material_state.MaterialStateMixin`. Subclasses:
:mod:`~lite_compat.materials.standard_material`, :mod:`~lite_compat.materials.pbr_material`.
Textures are kept as opaque references; nothing is rendered.
"""

from __future__ import annotations

import random
import string
from typing import ClassVar

from lite_compat.engines.engine_store import (
    resolve_scene,
    scene_add,
    scene_flag,
    scene_remove,
    scene_stop_animation,
    scene_unique_id,
)
from lite_compat.materials.material_state import MaterialStateMixin
from lite_compat.observable import Observable

__all__ = ["Material"]


def _random_id() -> str:
    """A Babylon-style random id (``Tools.RandomId``) for materials created without a name."""
    hex_digits = string.hexdigits[:16]
    parts = (8, 4, 4, 4, 12)
    return "-".join("".join(random.choice(hex_digits) for _ in range(n)) for n in parts)


class Material(MaterialStateMixin):
    """Base material (``BABYLON.Material``).

    Parameters
    ----------
    name
        Material name; also its ``id`` (a random id when empty).
    scene
        Owning scene; the material adds itself with ``scene.addMaterial`` (or to
        ``scene.materials``) unless ``doNotAdd``.
    doNotAdd
        Skip the scene registration.

    Notes
    -----
    As in Babylon.js, ``animations`` is ``None`` until assigned a list.
    """

    TriangleFillMode: ClassVar[int] = 0
    WireFrameFillMode: ClassVar[int] = 1
    PointFillMode: ClassVar[int] = 2
    PointListDrawMode: ClassVar[int] = 3
    LineListDrawMode: ClassVar[int] = 4
    LineLoopDrawMode: ClassVar[int] = 5
    LineStripDrawMode: ClassVar[int] = 6
    TriangleStripDrawMode: ClassVar[int] = 7
    TriangleFanDrawMode: ClassVar[int] = 8
    ClockWiseSideOrientation: ClassVar[int] = 0
    CounterClockWiseSideOrientation: ClassVar[int] = 1

    def __init__(self, name: str, scene: object | None = None, doNotAdd: bool = False) -> None:
        self.name = name
        self.state = ""
        self.metadata: object = None
        self.reservedDataStore: object = None
        self.checkReadyOnEveryCall = False
        self.checkReadyOnlyOnce = False
        self._alpha = 1.0
        self._backFaceCulling = True
        self._cullBackFaces = True
        self.sideOrientation: int | None = None
        self.doNotSerialize = False
        self.animations: list[object] | None = None
        self.onDisposeObservable: Observable[Material] = Observable()
        self.disableDepthWrite = False
        self.disableColorWrite = False
        self.forceDepthWrite = False
        self.depthFunction = 0
        self.separateCullingPass = False
        self._fogEnabled = True
        self.pointSize = 1.0
        self.zOffset = 0.0
        self.zOffsetUnits = 0.0
        self._fillMode = Material.TriangleFillMode
        self._indexInSceneMaterialArray = -1
        self._isDisposed = False
        self._initMaterialState()
        self._scene = resolve_scene(scene)
        self.id = name or _random_id()
        self.uniqueId = scene_unique_id(self._scene)
        if self._scene is not None and not doNotAdd:
            scene_add(self._scene, "addMaterial", "materials", self)
            self._indexInSceneMaterialArray = 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, uniqueId={self.uniqueId})"

    def getClassName(self) -> str:
        """``"Material"``."""
        return "Material"

    def getScene(self) -> object | None:
        """The owning scene."""
        return self._scene

    def markAsDirty(self, _flag: int = 0) -> None:
        """Babylon.js flags shader defines dirty here; nothing to recompile in lite_compat."""

    @property
    def alpha(self) -> float:
        """Opacity in [0, 1] (default 1)."""
        return self._alpha

    @alpha.setter
    def alpha(self, value: float) -> None:
        if self._alpha == value:
            return
        self._alpha = value

    @property
    def backFaceCulling(self) -> bool:
        """Whether back faces are culled (default True)."""
        return self._backFaceCulling

    @backFaceCulling.setter
    def backFaceCulling(self, value: bool) -> None:
        self._backFaceCulling = value

    @property
    def cullBackFaces(self) -> bool:
        """Which faces ``backFaceCulling`` removes: back (True, default) or front."""
        return self._cullBackFaces

    @cullBackFaces.setter
    def cullBackFaces(self, value: bool) -> None:
        self._cullBackFaces = value

    @property
    def fogEnabled(self) -> bool:
        """Whether fog applies (default True)."""
        return self._fogEnabled

    @fogEnabled.setter
    def fogEnabled(self, value: bool) -> None:
        self._fogEnabled = value

    @property
    def fillMode(self) -> int:
        """Primitive fill mode (``Material.TriangleFillMode`` by default)."""
        return self._fillMode

    @fillMode.setter
    def fillMode(self, value: int) -> None:
        self._fillMode = value

    @property
    def wireframe(self) -> bool:
        """True for wireframe/line fill modes (or when the scene forces wireframe)."""
        if self._fillMode in (
            Material.WireFrameFillMode,
            Material.LineListDrawMode,
            Material.LineLoopDrawMode,
            Material.LineStripDrawMode,
        ):
            return True
        return scene_flag(self._scene, "forceWireframe")

    @wireframe.setter
    def wireframe(self, value: bool) -> None:
        self.fillMode = Material.WireFrameFillMode if value else Material.TriangleFillMode

    @property
    def pointsCloud(self) -> bool:
        """True for point fill modes (or when the scene forces point clouds)."""
        if self._fillMode in (Material.PointFillMode, Material.PointListDrawMode):
            return True
        return scene_flag(self._scene, "forcePointsCloud")

    @pointsCloud.setter
    def pointsCloud(self, value: bool) -> None:
        self.fillMode = Material.PointFillMode if value else Material.TriangleFillMode

    def needAlphaBlending(self) -> bool:
        """True when the material is translucent (``alpha < 1``)."""
        return self._alpha < 1.0

    def isDisposed(self) -> bool:
        """True once :meth:`dispose` ran."""
        return self._isDisposed

    def getAnimatables(self) -> list[object]:
        """Animated sub-objects (none for a plain material)."""
        return []

    def dispose(
        self,
        _forceDisposeEffect: bool = False,
        _forceDisposeTextures: bool = False,
        _notBoundToMesh: bool = False,
    ) -> None:
        """Stop its animations, unassign it from the scene's meshes and leave the scene."""
        scene_stop_animation(self._scene, self)
        for mesh in list(getattr(self._scene, "meshes", None) or []):
            if getattr(mesh, "material", None) is self:
                mesh.material = None
        scene_remove(self._scene, "removeMaterial", "materials", self)
        self._indexInSceneMaterialArray = -1
        self._isDisposed = True
        self.onDisposeObservable.notifyObservers(self)
        self.onDisposeObservable.clear()
