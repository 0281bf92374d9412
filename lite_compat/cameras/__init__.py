"""Babylon.js cameras (``Cameras/``): ``Camera`` and its target, free, universal, arc-rotate kinds.

Port of the transform side of ``@babylonjs/core`` 9.31 ``Cameras/``: positions, targets,
rotations, limits, the view/world and projection matrices. No inputs, collisions or rigs.
"""

from __future__ import annotations

from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera, ComputeAlpha, ComputeBeta
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.camera_projection import Viewport
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.cameras.target_camera import TargetCamera
from lite_compat.cameras.touch_camera import TouchCamera
from lite_compat.cameras.universal_camera import UniversalCamera

__all__ = [
    "ArcRotateCamera",
    "Camera",
    "ComputeAlpha",
    "ComputeBeta",
    "FreeCamera",
    "TargetCamera",
    "TouchCamera",
    "UniversalCamera",
    "Viewport",
]
