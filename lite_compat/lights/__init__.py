"""Babylon.js lights (``Lights/``): ``Light`` and the hemispheric, point, directional, spot kinds.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/`` (colours, intensity and its
photometric scale, range, directions and positions by reference, shadow matrices); shadow
generators and shader uniforms are not part of it.
"""

from __future__ import annotations

from lite_compat.lights.directional_light import DirectionalLight
from lite_compat.lights.hemispheric_light import HemisphericLight
from lite_compat.lights.light import Light
from lite_compat.lights.point_light import PointLight
from lite_compat.lights.shadow_light import ShadowLight
from lite_compat.lights.spot_light import SpotLight

__all__ = [
    "DirectionalLight",
    "HemisphericLight",
    "Light",
    "PointLight",
    "ShadowLight",
    "SpotLight",
]
