"""Babylon.js materials (``Materials/``): ``Material``, ``StandardMaterial``, ``PBRMaterial``.

Port of the state (not the shaders) of ``@babylonjs/core`` 9.31 ``Materials/``: the
animatable surface parameters, scene registration, fill modes. Textures are
:mod:`lite_compat.materials.textures`.
"""

from __future__ import annotations

from lite_compat.materials.material import Material
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.materials.standard_material import StandardMaterial
from lite_compat.materials.textures import Texture

__all__ = ["Material", "PBRMaterial", "StandardMaterial", "Texture"]
