"""Validation of serialized animations and groups, before ``Parse`` builds anything.

``Animation.Parse`` and ``AnimationGroup.Parse`` (Babylon.js 9.31 ``animation.pure.js`` /
``animationGroup.pure.js``) read a ``.babylon`` JSON shape. Babylon trusts it; here it is data
from a file, so every field is checked first and a malformed one is refused with a coded error
naming its JSON path (``animations[0].keys[3].values``), before the group joins the scene or an
animation is created: a refused ``Parse`` changes nothing.

Structure (missing fields, wrong types, unknown ``dataType``, short ``values``, non-finite
numbers) is ``LITE-COMPAT-026``. A group setting goes through the group setter's own check
(``check_number``, the group module's ``_check_number``, passed in), so ``speedRatio: "fast"``
is the setter's ``LITE-STATE-006`` at parse, not at ``play()``. Property paths go through the
sealed walk's segment check (``LITE-PATH-007``). Not a port: Babylon.js validates none of it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from lite.errors import LiteError
from lite.path_guard import check_path_segments
from lite_compat._js import js_number

__all__ = ["PARSED_GROUP_SETTINGS", "check_parsed_animation", "check_parsed_group"]

#: The group setter check: ``(value, name, code, *, finite) -> float`` raising a LiteError.
NumberCheck = Callable[..., float]

_FLOAT: Final = 0
_QUATERNION: Final = 2
_MATRIX: Final = 3
_COLOR3: Final = 4
_COLOR4: Final = 7
#: ``ANIMATIONTYPE_*`` (VECTOR2 5 and SIZE 6 parse as a Vector3, as Babylon.js does).
_DATA_TYPES: Final = frozenset(range(8))
#: Values a key needs per data type (Babylon's ``FromArray`` reads that many).
_MIN_VALUES: Final = {_FLOAT: 1, _QUATERNION: 4, _MATRIX: 16, _COLOR3: 3, _COLOR4: 4}
#: ``ANIMATIONLOOPMODE_*``.
_LOOP_MODES: Final = frozenset({0, 1, 2, 4, 5})
_CODE: Final = "LITE-COMPAT-026"
#: The group settings ``AnimationGroup.Parse`` stores as read (after the checks below).
PARSED_GROUP_SETTINGS: Final = (
    "speedRatio",
    "loopAnimation",
    "isAdditive",
    "weight",
    "playOrder",
    "enableBlending",
    "blendingSpeed",
)


def _refuse(where: str, what: str, value: object, hint: str) -> LiteError:
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return LiteError(_CODE, f"{where} {what}, got {shown}", hint=hint, input_name=where)


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _refuse(where, "must be a JSON object (dict)", value, "pass the serialized dict")
    return value


def _list(value: object, where: str) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        raise _refuse(where, "must be a JSON array (list)", value, "pass a list")
    return value


def _required(parsed: Mapping[str, Any], name: str, where: str) -> Any:
    if name not in parsed:
        raise _refuse(
            f"{where}.{name}", "is missing", None, f"add the {name!r} field the serializer writes"
        )
    return parsed[name]


def _finite(value: object, where: str) -> float:
    number = js_number(value)
    if number is None or not math.isfinite(number):
        raise _refuse(where, "must be a finite number", value, "write a finite int or float")
    return number


def _integer_in(value: object, allowed: frozenset[int], where: str) -> int:
    if isinstance(value, bool) or js_number(value) is None or value not in allowed:
        raise _refuse(
            where, f"must be one of {sorted(allowed)}", value, "use the Animation constants"
        )
    return int(value)


def _optional_bool(value: object, where: str) -> None:
    if value is not None and not isinstance(value, bool):
        raise _refuse(where, "must be true, false or null", value, "write a JSON boolean")


def _numbers(value: object, count: int, where: str) -> Sequence[Any]:
    items = _list(value, where)
    if len(items) < count:
        raise _refuse(
            where, f"needs at least {count} numbers", value, "write every component of the value"
        )
    for index, item in enumerate(items[:count]):
        _finite(item, f"{where}[{index}]")
    return items


def _check_key(key: object, data_type: int, where: str) -> None:
    key = _mapping(key, where)
    _finite(_required(key, "frame", where), f"{where}.frame")
    values_where = f"{where}.values"
    values = _numbers(_required(key, "values", where), _MIN_VALUES.get(data_type, 3), values_where)
    size = len(values)
    # The optional tangents and interpolation Babylon.js reads after the value (the serializer
    # writes null for an absent one that precedes a present one).
    if data_type == _FLOAT:
        optional = range(1, min(size, 4))
    elif data_type == _QUATERNION:
        optional = range(4, min(size, 13)) if size >= 8 else range(0)
    elif data_type == _MATRIX:
        optional = range(16, min(size, 17))
    else:
        stride = 4 if data_type == _COLOR4 else 3
        for index in (stride, stride + 1):
            if index < size and values[index]:
                _numbers(values[index], stride, f"{values_where}[{index}]")
        optional = range(stride + 2, min(size, stride + 3))
    for index in optional:
        if values[index] is not None:
            _finite(values[index], f"{values_where}[{index}]")


def check_parsed_animation(parsed: object, where: str = "animation") -> None:
    """Refuse a serialized ``Animation`` that ``Animation.Parse`` could not build cleanly.

    Raises ``LITE-COMPAT-026`` naming the field (``where`` prefixes it), ``LITE-PATH-007`` for
    a property path that names a Python internal.
    """
    parsed = _mapping(parsed, where)
    name = _required(parsed, "name", where)
    if not isinstance(name, str):
        raise _refuse(f"{where}.name", "must be a string", name, "write the animation's name")
    prop = _required(parsed, "property", where)
    if not isinstance(prop, str) or not prop or "" in prop.split("."):
        raise _refuse(
            f"{where}.property", "must be a non-empty dotted path", prop, "e.g. 'position.x'"
        )
    check_path_segments(prop.split("."), prop, f"{where}.property")
    fps = _finite(_required(parsed, "framePerSecond", where), f"{where}.framePerSecond")
    if fps <= 0:
        raise _refuse(f"{where}.framePerSecond", "must be positive", fps, "e.g. 60")
    data_type = _integer_in(_required(parsed, "dataType", where), _DATA_TYPES, f"{where}.dataType")
    loop = parsed.get("loopBehavior")
    if loop is not None:
        _integer_in(loop, _LOOP_MODES, f"{where}.loopBehavior")
    _optional_bool(parsed.get("enableBlending"), f"{where}.enableBlending")
    speed = parsed.get("blendingSpeed")
    if speed is not None:
        _finite(speed, f"{where}.blendingSpeed")
    keys = _list(_required(parsed, "keys", where), f"{where}.keys")
    for index, key in enumerate(keys):
        _check_key(key, data_type, f"{where}.keys[{index}]")
    ranges = parsed.get("ranges")
    if ranges is not None:
        for index, rng in enumerate(_list(ranges, f"{where}.ranges")):
            rng_where = f"{where}.ranges[{index}]"
            rng = _mapping(rng, rng_where)
            if not isinstance(_required(rng, "name", rng_where), str):
                raise _refuse(f"{rng_where}.name", "must be a string", rng["name"], "name it")
            _finite(_required(rng, "from", rng_where), f"{rng_where}.from")
            _finite(_required(rng, "to", rng_where), f"{rng_where}.to")


def check_parsed_group(parsed: object, check_number: NumberCheck) -> None:
    """Refuse a serialized ``AnimationGroup`` before ``AnimationGroup.Parse`` builds anything.

    ``check_number`` is the group setters' own number check; the group settings raise its
    codes (``speedRatio`` ``LITE-STATE-006``, ``weight`` ``LITE-STATE-003``, ``playOrder`` and
    ``blendingSpeed`` ``LITE-STATE-045``, ``from``/``to`` ``LITE-STATE-007``); the structure
    and every targeted animation ``LITE-COMPAT-026`` (see :func:`check_parsed_animation`).
    """
    where = "animationGroup"
    parsed = _mapping(parsed, where)
    name = _required(parsed, "name", where)
    if not isinstance(name, str):
        raise _refuse(f"{where}.name", "must be a string", name, "write the group's name")
    targeted = _list(_required(parsed, "targetedAnimations", where), f"{where}.targetedAnimations")
    for index, item in enumerate(targeted):
        item_where = f"{where}.targetedAnimations[{index}]"
        item = _mapping(item, item_where)
        check_parsed_animation(_required(item, "animation", item_where), f"{item_where}.animation")
        target_id = item.get("targetId")
        if target_id is not None and not isinstance(target_id, str | int | float):
            raise _refuse(f"{item_where}.targetId", "must be an id", target_id, "a string id")
    # Present means written (a null speedRatio would be stored and refused only at play()).
    for field, code, finite, nullable in (
        ("speedRatio", "LITE-STATE-006", True, False),
        ("weight", "LITE-STATE-003", False, False),
        ("playOrder", "LITE-STATE-045", True, False),
        ("blendingSpeed", "LITE-STATE-045", True, True),
        ("from", "LITE-STATE-007", False, True),
        ("to", "LITE-STATE-007", False, True),
    ):
        if field in parsed and not (nullable and parsed[field] is None):
            check_number(parsed[field], field, code, finite=finite)
    for field, nullable in (
        ("loopAnimation", False),
        ("isAdditive", False),
        ("enableBlending", True),
    ):
        value = parsed.get(field)
        if field in parsed and not (nullable and value is None) and not isinstance(value, bool):
            raise _refuse(
                f"{where}.{field}", "must be true or false", parsed[field], "a JSON boolean"
            )
