"""Babylon.js textures (``Materials/Textures/``): ``Texture`` without the image decode.

Port of the state of ``@babylonjs/core`` 9.31 ``Materials/Textures/texture.js``: url, sampling
and the animatable UV transform (offsets, scales, angles).
"""

from __future__ import annotations

from lite_compat.materials.textures.texture import Texture

__all__ = ["Texture"]
