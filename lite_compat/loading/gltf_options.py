"""The GLTFFileLoader options honoured by the loader port, and its two mode enums.

Port of the option side of ``@babylonjs/loaders`` 9.28 ``glTF/glTFFileLoader.js``:
``GLTFLoaderAnimationStartMode``, ``GLTFLoaderCoordinateSystemMode`` and the options read from
``pluginOptions={"gltf": {...}}`` (``targetFps``, ``loadSkins``, ...), each with Babylon's
default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from lite.errors import UnsupportedError

if TYPE_CHECKING:
    pass

__all__ = [
    "DEFAULT_TARGET_FPS",
    "GLTFLoaderAnimationStartMode",
    "GLTFLoaderCoordinateSystemMode",
]

#: Babylon.js ``GLTFFileLoader.targetFps`` default.
DEFAULT_TARGET_FPS: Final = 60.0


class GLTFLoaderAnimationStartMode:
    """Which animation groups start after loading (``BABYLON.GLTFLoaderAnimationStartMode``)."""

    NONE: Final = 0
    FIRST: Final = 1
    ALL: Final = 2


class GLTFLoaderCoordinateSystemMode:
    """Handedness handling (``BABYLON.GLTFLoaderCoordinateSystemMode``)."""

    AUTO: Final = 0
    FORCE_RIGHT_HANDED: Final = 1


@dataclass(slots=True)
class _Options:
    """The ``GLTFFileLoader`` options honoured here (``pluginOptions={"gltf": {...}}``)."""

    animationStartMode: int = GLTFLoaderAnimationStartMode.FIRST
    coordinateSystemMode: int = GLTFLoaderCoordinateSystemMode.AUTO
    loadSkins: bool = True
    loadMorphTargets: bool = True
    loadNodeAnimations: bool = True
    targetFps: float = DEFAULT_TARGET_FPS
    skipMaterials: bool = False
    loadAllMaterials: bool = False
    alwaysComputeSkeletonRootNode: bool = False

    @staticmethod
    def parse(plugin_options: object) -> _Options:
        options = _Options()
        gltf = _get(plugin_options, "gltf")
        if gltf is None:
            return options
        if _get(gltf, "enabled") is False:
            raise UnsupportedError(
                "LITE-UNSUP-001",
                "The 'gltf' plugin is disabled via the loader options passed to the loading "
                "operation.",
            )
        for name in _Options.__dataclass_fields__:
            value = _get(gltf, name)
            if value is not None:
                setattr(options, name, value)
        return options


def _get(obj: object, name: str) -> Any:
    """``obj[name]`` for mappings, ``obj.name`` otherwise (None when absent)."""
    if obj is None:
        return None
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)
