"""Key values given as plain arrays, and an ``Animation`` built without a data type.

Babylon Lite's compat layer (``packages/babylon-lite-compat/src/animations/animation.ts``)
builds ``new Animation(name, path, fps)`` with no data type and keys whose values are numbers
or plain arrays (``{frame: 0, value: [0, 0, 0]}``), interpolated number by number or component
by component. Babylon.js 9.31 defines no result there (its ``dataType`` stays ``undefined``
and its interpolation expects its own math classes). The facade takes both forms the way Lite
does: when the data type is missing it is inferred from the first key's value, and plain
arrays become the data type's class (``[x, y, z]`` a ``Vector3``), once, in ``setKeys``. From
then on the keys are ordinary Babylon.js keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from lite.errors import KeyframeError
from lite_compat._js import is_number
from lite_compat.math import Color3, Color4, Matrix, Quaternion, Size, Vector2, Vector3

__all__ = ["coerce_plain_keys", "infer_data_type"]

# Babylon.js's ANIMATIONTYPE_* values (animation.py holds the public constants).
_FLOAT: Final = 0
_VECTOR3: Final = 1
_QUATERNION: Final = 2
_MATRIX: Final = 3
_COLOR3: Final = 4
_VECTOR2: Final = 5
_SIZE: Final = 6
_COLOR4: Final = 7

#: The data type of each math class a key value may already be.
_TYPE_OF_CLASS: Final[tuple[tuple[type, int], ...]] = (
    (Quaternion, _QUATERNION),
    (Vector3, _VECTOR3),
    (Vector2, _VECTOR2),
    (Color4, _COLOR4),
    (Color3, _COLOR3),
    (Matrix, _MATRIX),
    (Size, _SIZE),
)

#: How a plain array becomes each data type's class: (length, constructor).
_FROM_ARRAY: Final[dict[int, tuple[int, Callable[..., Any]]]] = {
    _VECTOR2: (2, Vector2),
    _VECTOR3: (3, Vector3),
    _QUATERNION: (4, Quaternion),
    _COLOR3: (3, Color3),
    _COLOR4: (4, Color4),
    _SIZE: (2, Size),
    _MATRIX: (16, lambda *m: Matrix.FromArray(list(m))),
}


#: Each data type's class (the values :func:`coerce_plain_keys` leaves as they are).
_CLASS_OF: Final[dict[int, type]] = {
    _VECTOR2: Vector2,
    _VECTOR3: Vector3,
    _QUATERNION: Quaternion,
    _COLOR3: Color3,
    _COLOR4: Color4,
    _SIZE: Size,
    _MATRIX: Matrix,
}
#: Whether :func:`coerce_plain_keys` takes :func:`_nothing_to_coerce`'s one pass (the
#: differential test compares it with the key-by-key path).
_FAST: Final = [True]


def _nothing_to_coerce(keys: Sequence[Any], cls: type) -> bool:
    """Whether every key is an exact dict whose value is exactly ``cls`` and whose tangents
    are absent, None or exactly ``cls``: none is a plain array, so nothing changes (what the
    key-by-key path finds, in one pass; False leaves the decision to it)."""
    for key in keys:
        if type(key) is not dict:
            return False
        get = key.get
        if type(get("value")) is not cls:
            return False
        if len(key) != 2 or "frame" not in key:  # (else it holds a frame and the value)
            tangent = get("inTangent")
            if tangent is not None and type(tangent) is not cls:
                return False
            tangent = get("outTangent")
            if tangent is not None and type(tangent) is not cls:
                return False
    return True


def _plain_array(value: object) -> list[float] | None:
    """``value``'s numbers when it is a plain list, tuple or 1-D NumPy array of numbers."""
    if isinstance(value, np.ndarray):
        if value.ndim != 1:
            return None
        value = value.tolist()
    if isinstance(value, list | tuple) and all(is_number(v) for v in value):
        return [float(v) for v in value]
    return None


def infer_data_type(value: object, propertyName: str) -> int | None:
    """The data type a first key's ``value`` implies (None when it implies none).

    A number (or a callable, which Babylon's float tracks call) is ``FLOAT``; a math object
    its class's type; a plain array its length's: 2 ``VECTOR2``, 3 ``VECTOR3`` (``COLOR3``
    when ``propertyName`` names a color), 4 ``QUATERNION`` for ``rotationQuaternion``, else
    ``COLOR4`` (component-wise, as Lite interpolates an array), 16 ``MATRIX``.
    """
    if is_number(value) or callable(value):
        return _FLOAT
    for cls, data_type in _TYPE_OF_CLASS:
        if isinstance(value, cls):
            return data_type
    numbers = _plain_array(value)
    if numbers is None:
        return None
    is_color = "color" in propertyName.lower()
    by_length = {
        2: _VECTOR2,
        3: _COLOR3 if is_color else _VECTOR3,
        4: _QUATERNION if propertyName == "rotationQuaternion" else _COLOR4,
        16: _MATRIX,
    }
    return by_length.get(len(numbers))


def coerce_plain_keys(
    name: str,
    dataType: int | None,
    propertyName: str,
    keys: Sequence[Any],
    key_get: Callable[[Any, str], Any],
    key_set: Callable[[Any, str, Any], None],
) -> int | None:
    """Infer a missing data type from ``keys[0]`` and turn plain-array values and tangents
    into the data type's class; returns the data type. Checks every key before changing any
    (``LITE-ANIM-005`` for an array of the wrong length, or a type that cannot be inferred).
    ``key_get``/``key_set`` read and write one field of a key (a dict or an object).
    """
    if not keys:
        return dataType
    if dataType is None:
        first = key_get(keys[0], "value")
        dataType = infer_data_type(first, propertyName)
        if dataType is None:
            raise KeyframeError(
                "LITE-ANIM-005",
                f"Animation {name!r}: no data type given and none can be inferred from the "
                f"first key's value {first!r}",
                hint="pass dataType (Animation.ANIMATIONTYPE_*) or give numbers, math objects "
                "or plain arrays of 2, 3, 4 or 16 numbers as values",
                input_name="keys[0].value",
            )
    shape = _FROM_ARRAY.get(dataType)
    if shape is None:
        return dataType
    if _FAST[0] and _nothing_to_coerce(keys, _CLASS_OF[dataType]):
        return dataType
    length, make = shape
    changes: list[tuple[Any, str, Any]] = []
    for index, key in enumerate(keys):
        for field in ("value", "inTangent", "outTangent"):
            numbers = _plain_array(key_get(key, field))
            if numbers is None:
                continue
            if len(numbers) != length:
                raise KeyframeError(
                    "LITE-ANIM-005",
                    f"Animation {name!r}: key {index} {field} has {len(numbers)} numbers, "
                    f"its data type takes {length}",
                    hint=f"give {length} numbers per value for this data type",
                    input_name=f"keys[{index}].{field}",
                )
            changes.append((key, field, make(*numbers)))
    for key, field, value in changes:
        key_set(key, field, value)
    return dataType
