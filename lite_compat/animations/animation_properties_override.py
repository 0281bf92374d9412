"""Babylon.js ``AnimationPropertiesOverride``: blending and loop settings for a whole target.

Port of ``@babylonjs/core`` 9.31 ``Animations/animationPropertiesOverride.js``. An instance set
as ``scene.animationPropertiesOverride``, ``node.animationPropertiesOverride`` (bones read their
skeleton's) or ``morphTarget.animationPropertiesOverride`` replaces the ``enableBlending``,
``blendingSpeed`` and ``loopMode`` of every animation played on that target. The target's own
override wins over the scene's (a node without one inherits the scene's), and either wins over
the animation's own settings, as Babylon.js's ``RuntimeAnimation`` reads them:

* ``enableBlending`` and ``loopMode`` when the runtime animation is created (the animation
  starts); a change afterwards reaches only animations started later;
* ``blendingSpeed`` on every frame that blends, so a change takes effect at once.

A morph target that has no override of its own keeps the animation's ``loopMode`` (it still
takes the scene's blending settings).
"""

from __future__ import annotations

from typing import Final

__all__ = ["AnimationPropertiesOverride"]

#: ``Animation.ANIMATIONLOOPMODE_CYCLE``, spelled here so that this module stays a leaf (the
#: scene imports it, and ``animation`` refers back to the scene).
_LOOPMODE_CYCLE: Final = 1


class AnimationPropertiesOverride:
    """Override of all child animations of a target (``BABYLON.AnimationPropertiesOverride``).

    Attributes
    ----------
    enableBlending : bool
        Whether animation blending must be used (``False``).
    blendingSpeed : float
        Blending factor added per frame when ``enableBlending`` is on (``0.01``).
    loopMode : int
        Loop mode of the animations (``Animation.ANIMATIONLOOPMODE_CYCLE``).
    """

    def __init__(self) -> None:
        self.enableBlending: bool = False
        self.blendingSpeed: float = 0.01
        self.loopMode: int = _LOOPMODE_CYCLE

    def __repr__(self) -> str:
        return (
            f"AnimationPropertiesOverride(enableBlending={self.enableBlending!r}, "
            f"blendingSpeed={self.blendingSpeed!r}, loopMode={self.loopMode!r})"
        )
