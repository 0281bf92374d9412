"""Include/exclude target-name masks. Port of src/animation/animation-group-mask.ts."""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum

from lite.errors import AnimationStateError

__all__ = [
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "animation_group_mask_retains_target",
    "create_animation_group_mask",
]


class AnimationGroupMaskMode(IntEnum):
    """How a mask's ``names`` are read."""

    #: Only the listed target names animate; the rest stay at their rest pose.
    INCLUDE = 0
    #: Every target animates except the listed names.
    EXCLUDE = 1


@dataclass(slots=True)
class AnimationGroupMask:
    """Target-name filter assigned to ``group.mask`` (exact, case-sensitive names).

    Changing ``mode``, ``disabled`` or replacing ``names`` takes effect on the next update.
    Assigning ``names`` (a list of strings, kept as the same list object) or ``mode`` is
    validated: a bad value raises ``AnimationStateError`` ``LITE-STATE-013`` and the previous
    value is kept.
    """

    mode: AnimationGroupMaskMode = AnimationGroupMaskMode.INCLUDE
    names: list[str] = field(default_factory=list)
    disabled: bool = False

    def __setattr__(self, name: str, value: object) -> None:
        if name == "names":
            _check_names(value)
        elif name == "mode":
            value = _check_mode(value)
        object.__setattr__(self, name, value)


def _check_names(names: object) -> None:
    if isinstance(names, str | bytes):
        raise AnimationStateError(
            "LITE-STATE-013",
            f"mask names must be a list of names, got the string {names!r}",
            hint=f"wrap it in a list: [{names!r}]",
            input_name="names",
        )
    if not isinstance(names, list | tuple):
        raise AnimationStateError(
            "LITE-STATE-013",
            f"mask names must be a list of strings, got {type(names).__name__}",
            hint="pass node or bone names, e.g. ['Head', 'Spine']",
            input_name="names",
        )
    for i, n in enumerate(names):
        if not isinstance(n, str):
            raise AnimationStateError(
                "LITE-STATE-013",
                f"mask names[{i}] must be a string, got {type(n).__name__}",
                hint="pass node or bone names",
                input_name=f"names[{i}]",
            )


def _check_mode(mode: object) -> AnimationGroupMaskMode:
    try:
        if isinstance(mode, bool) or not isinstance(mode, numbers.Real):
            raise ValueError(mode)
        return AnimationGroupMaskMode(mode)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise AnimationStateError(
            "LITE-STATE-013",
            f"mask mode must be 0 (include) or 1 (exclude), got {mode!r}",
            hint="use AnimationGroupMaskMode.INCLUDE or AnimationGroupMaskMode.EXCLUDE",
            input_name="mode",
        ) from None


def animation_group_mask_retains_target(mask: AnimationGroupMask, name: str) -> bool:
    """Whether ``mask`` keeps the target called ``name`` animating.

    Examples
    --------
    >>> m = create_animation_group_mask(["Head"], AnimationGroupMaskMode.EXCLUDE)
    >>> animation_group_mask_retains_target(m, "Head")
    False
    >>> animation_group_mask_retains_target(m, "Arm")
    True
    """
    if mask.disabled:
        return True
    return (name in mask.names) == (mask.mode == AnimationGroupMaskMode.INCLUDE)


def create_animation_group_mask(
    names: Iterable[str] | None = None,
    mode: AnimationGroupMaskMode | int = AnimationGroupMaskMode.INCLUDE,
) -> AnimationGroupMask:
    """Create a mask listing ``names`` (copied) read in ``mode`` (default include).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-013`` when ``names`` is not an iterable of strings or ``mode`` is unknown.
    """
    if isinstance(names, str | bytes):
        _check_names(names)
    try:
        listed = [] if names is None else list(names)
    except TypeError:
        raise AnimationStateError(
            "LITE-STATE-013",
            f"mask names must be an iterable of strings, got {type(names).__name__}",
            hint="pass node or bone names, e.g. ['Head', 'Spine']",
            input_name="names",
        ) from None
    _check_names(listed)
    return AnimationGroupMask(mode=_check_mode(mode), names=listed, disabled=False)
