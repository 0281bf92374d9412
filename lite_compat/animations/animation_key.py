"""Babylon.js-shaped animation keys: ``AnimationKeyInterpolation``, ``IAnimationKey``.

Port of Babylon.js 9.31 ``Animations/animationKey.js``. Keys are dicts with Babylon's field
names (``frame``, ``value``, ``inTangent``, ``outTangent``, ``interpolation``,
``easingFunction``, ``lockedTangent``) or any object with those attributes; a missing field is
JavaScript's ``undefined``, read as ``None`` by :func:`key_get`.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from enum import IntEnum
from typing import Any, TypedDict

from lite_compat.animations.easing import IEasingFunction

__all__ = ["AnimationKey", "AnimationKeyInterpolation", "IAnimationKey", "key_get", "key_set"]


class AnimationKeyInterpolation(IntEnum):
    """Interpolation of one key (Babylon.js ``AnimationKeyInterpolation``)."""

    #: Use tangents (when both are given), else the data type's linear interpolation.
    NONE = 0
    #: Hold the start key's value until the next key.
    STEP = 1


class IAnimationKey(TypedDict, total=False):
    """One key, with Babylon.js's field names (``frame`` and ``value`` are required)."""

    frame: float
    value: Any
    inTangent: Any
    outTangent: Any
    interpolation: int
    easingFunction: IEasingFunction | None
    lockedTangent: bool


#: A key: a dict with Babylon's field names, or an object with those attributes.
AnimationKey = IAnimationKey | Mapping[str, Any] | object


def key_get(key: object, name: str) -> Any:
    """Read one field of a key, dict or object; ``None`` when it is absent (``undefined``)."""
    if type(key) is dict:  # the common case, without the ABC check (a dict is a Mapping)
        return key.get(name)
    if isinstance(key, Mapping):
        return key.get(name)
    return getattr(key, name, None)


def key_set(key: object, name: str, value: object) -> None:
    """Write one field of a key, dict or object."""
    if isinstance(key, MutableMapping):
        key[name] = value
    else:
        setattr(key, name, value)
