"""Babylon.js math constants.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.constants.js`` (plus the thresholds Babylon.js
inlines in ``math.vector``).
"""

from __future__ import annotations

import math
from typing import Final

__all__ = [
    "EULER_GIMBAL_LIMIT",
    "FLOAT32_EPSILON",
    "PHI",
    "SLERP_LERP_THRESHOLD",
    "Epsilon",
    "ToGammaSpace",
    "ToLinearSpace",
]


#: Babylon.js ``Epsilon``: default tolerance of ``equalsWithEpsilon`` and friends.
Epsilon: Final = 0.001
#: Exponent of the approximate linear -> gamma conversion (``1 / 2.2``).
ToGammaSpace: Final = 1 / 2.2
#: Exponent of the approximate gamma -> linear conversion.
ToLinearSpace: Final = 2.2
#: The golden ratio.
PHI: Final = (1 + math.sqrt(5)) / 2

#: Babylon.js ``WithinEpsilon``/``OutsideRange`` default: the smallest float32 subnormal.
FLOAT32_EPSILON: Final = 1.401298e-45
#: Quaternion.SlerpToRef: above this |dot| Babylon.js lerps WITHOUT renormalising.
SLERP_LERP_THRESHOLD: Final = 0.999999
#: Quaternion.toEulerAnglesToRef: |qy*qz - qx*qw| above this is treated as gimbal lock.
EULER_GIMBAL_LIMIT: Final = 0.4999999
