"""Babylon.js-shaped ``AnimationGroupMask`` and ``AnimationGroupMaskMode``.

Port of Babylon.js 9.31 ``Animations/animationGroupMask.js``: which targets of an
:class:`~lite_compat.animations.animation_group.AnimationGroup` are animated, by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from lite.errors import AnimationStateError

__all__ = ["AnimationGroupMask", "AnimationGroupMaskMode"]


class AnimationGroupMaskMode(IntEnum):
    """How an :class:`AnimationGroupMask` treats its names (Babylon.js values)."""

    #: Only the listed targets are animated.
    Include = 0
    #: Every target except the listed ones is animated.
    Exclude = 1


def _check_names(value: object, name: str) -> list[str] | str:
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return list(value)
    raise AnimationStateError(
        "LITE-STATE-013",
        f"AnimationGroupMask: {name} must be a target name or a list of names, got {value!r}",
        hint="pass the names of the targets (node.name), e.g. ['hips', 'spine']",
        input_name=name,
    )


class AnimationGroupMask:
    """Which targets of an :class:`AnimationGroup` are animated (Babylon.js's mask).

    Parameters
    ----------
    names
        Target names (``target.name``) to include or exclude.
    mode
        :attr:`AnimationGroupMaskMode.Include` (0, default) or ``Exclude`` (1).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-013`` when ``names`` is not a name or list of names (``input_name``
        ``"names"``) or ``mode`` is not 0 or 1 (``"mode"``).
    """

    def __init__(
        self,
        names: Sequence[str] | str | None = None,
        mode: AnimationGroupMaskMode | int = AnimationGroupMaskMode.Include,
    ) -> None:
        if isinstance(mode, bool) or mode not in (0, 1):
            raise AnimationStateError(
                "LITE-STATE-013",
                f"AnimationGroupMask: mode must be AnimationGroupMaskMode.Include (0) or "
                f"Exclude (1), got {mode!r}",
                input_name="mode",
            )
        #: Include (0) or Exclude (1).
        self.mode = mode
        #: When True the mask is ignored (every target is animated).
        self.disabled = False
        self._targetNames: dict[str, None] = {}
        if names:
            self.addTargetName(_check_names(names, "names"))

    def addTargetName(self, name: str | Sequence[str]) -> None:
        """Add one name or a list of names."""
        checked = _check_names(name, "name")
        for n in [checked] if isinstance(checked, str) else checked:
            self._targetNames[n] = None

    def removeTargetName(self, name: str | Sequence[str]) -> None:
        """Remove one name or a list of names."""
        checked = _check_names(name, "name")
        for n in [checked] if isinstance(checked, str) else checked:
            self._targetNames.pop(n, None)

    def hasTarget(self, name: str) -> bool:
        """True when ``name`` is in the mask's list."""
        return name in self._targetNames

    def retainsTarget(self, name: str | None) -> bool:
        """True when the target named ``name`` is animated under this mask's mode."""
        listed = name in self._targetNames if isinstance(name, str) else False
        return listed == (self.mode == AnimationGroupMaskMode.Include)
