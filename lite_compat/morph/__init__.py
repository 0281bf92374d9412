"""Babylon.js morph targets (``Morph/``): ``MorphTarget`` and ``MorphTargetManager``.

Port of the state (not the GPU side) of ``@babylonjs/core`` 9.31 ``Morph/``: the influences
animations write and the per-target vertex data.
"""

from __future__ import annotations

from lite_compat.morph.morph_target import MorphTarget
from lite_compat.morph.morph_target_manager import MorphTargetManager

__all__ = ["MorphTarget", "MorphTargetManager"]
