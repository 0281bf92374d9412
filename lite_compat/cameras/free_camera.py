"""Babylon.js ``FreeCamera``: a target camera with collision settings (no inputs here).

Port of ``@babylonjs/core`` 9.31 ``Cameras/freeCamera.pure.js`` (``ellipsoid``,
``checkCollisions``, ``applyGravity`` stored as Babylon stores them); its movement helpers are
the :class:`~lite_compat.cameras.camera_controls.FreeCameraControlsMixin`.
"""

from __future__ import annotations

from lite_compat.cameras.camera_controls import (
    FreeCameraControlsMixin,
)
from lite_compat.cameras.target_camera import TargetCamera
from lite_compat.math import Vector3

__all__ = ["FreeCamera"]


class FreeCamera(FreeCameraControlsMixin, TargetCamera):
    """A first-person camera (``BABYLON.FreeCamera``); without inputs it moves only when its
    ``position``/``rotation`` are set (or animated) or ``setTarget`` is called.

    Parameters
    ----------
    name
        Camera name (and id).
    position
        Initial position (stored as given).
    scene
        Owning scene.

    Examples
    --------
    >>> camera = FreeCamera("camera", Vector3(0, 5, -10))
    >>> camera.setTarget(Vector3.Zero())
    >>> round(camera.rotation.x, 6), camera.rotation.y
    (0.463648, 0.0)
    """

    def __init__(
        self,
        name: str,
        position: Vector3,
        scene: object | None = None,
        setActiveOnSceneIfNoneActive: bool = True,
    ) -> None:
        super().__init__(name, position, scene, setActiveOnSceneIfNoneActive)
        self.ellipsoid = Vector3(0.5, 1, 0.5)
        self.ellipsoidOffset = Vector3(0, 0, 0)
        self.checkCollisions = False
        self.applyGravity = False
        self._collisionMask = -1
        self._initFreeCameraControls()

    def getClassName(self) -> str:
        """``"FreeCamera"``."""
        return "FreeCamera"

    @property
    def collisionMask(self) -> int:
        """Collision mask (-1)."""
        return self._collisionMask

    @collisionMask.setter
    def collisionMask(self, mask: float) -> None:
        self._collisionMask = int(mask) if mask == mask else -1
