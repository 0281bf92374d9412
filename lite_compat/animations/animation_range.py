"""Babylon.js-shaped ``AnimationRange``: a named frame range of an animation.

Port of Babylon.js 9.31 ``Animations/animationRange.js``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["AnimationRange"]


class AnimationRange:
    """A named frame range of an animation (Babylon.js ``AnimationRange``)."""

    def __init__(self, name: str, from_: float, to: float) -> None:
        self.name = name
        #: Babylon.js names this ``from``, a Python keyword; read it with ``getattr(r, "from")``.
        self.from_ = from_
        self.to = to

    def __getattr__(self, name: str) -> Any:
        if name == "from":
            return self.from_
        raise AttributeError(name)

    def clone(self) -> AnimationRange:
        """A copy of the range."""
        return AnimationRange(self.name, self.from_, self.to)
