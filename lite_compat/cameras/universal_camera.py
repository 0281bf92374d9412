"""Babylon.js ``TouchCamera`` and ``UniversalCamera``: FreeCameras with touch/gamepad tuning.

Port of ``@babylonjs/core`` 9.31 ``Cameras/touchCamera.pure.js`` and
``universalCamera.pure.js``. In Babylon.js both only add input devices (touch, gamepad) to a
``FreeCamera``; their sensibilities are plain values here (Babylon's defaults), as no device
is read. Everything else (transforms, view and projection matrices, ``setTarget``) is
``FreeCamera``'s.
"""

from __future__ import annotations

from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.math import Vector3

__all__ = ["TouchCamera", "UniversalCamera"]


class TouchCamera(FreeCamera):
    """A ``FreeCamera`` with touch input in Babylon.js (``BABYLON.TouchCamera``).

    Parameters
    ----------
    name
        Camera name (and id).
    position
        Initial position (stored as given).
    scene
        Owning scene.
    """

    def __init__(self, name: str, position: Vector3, scene: object | None = None) -> None:
        super().__init__(name, position, scene)
        #: Touch rotation sensibility (200000).
        self.touchAngularSensibility = 200000.0
        #: Touch move sensibility (250).
        self.touchMoveSensibility = 250.0

    def getClassName(self) -> str:
        """``"TouchCamera"``."""
        return "TouchCamera"


class UniversalCamera(TouchCamera):
    """Babylon's default first-person camera (``BABYLON.UniversalCamera``): a ``TouchCamera``
    with gamepad input in Babylon.js.

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
    >>> camera = UniversalCamera("camera", Vector3(0, 0, -10))
    >>> camera.getClassName(), camera.gamepadAngularSensibility, camera.speed
    ('UniversalCamera', 200.0, 2.0)
    """

    def __init__(self, name: str, position: Vector3, scene: object | None = None) -> None:
        super().__init__(name, position, scene)
        #: Gamepad rotation sensibility (200).
        self.gamepadAngularSensibility = 200.0
        #: Gamepad move sensibility (40).
        self.gamepadMoveSensibility = 40.0

    def getClassName(self) -> str:
        """``"UniversalCamera"``."""
        return "UniversalCamera"
