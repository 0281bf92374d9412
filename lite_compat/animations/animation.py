"""Babylon.js-shaped ``Animation``: keys, ranges, events, evaluation, serialisation.

Mirrors Babylon.js 9.31 ``Animations/animation.pure.js``: the same constants (pinned by a
test), the same constructor argument order, and ``Animation.evaluate`` / ``_interpolate`` with
Babylon's value interpolation per data type (float ``Lerp``/``Hermite``, ``Vector2/3.Lerp``,
``Quaternion.Slerp`` (Babylon.js's ``SlerpToRef``, not Lite's), ``Color3/4.Lerp``,
``Size.Lerp``, matrices per ``Animation.AllowMatricesInterpolation``), STEP keys, tangents and
per-key easing with start-key precedence. The value math itself lives in
:mod:`lite_compat.math` (ports of Babylon's ``Vector3.Lerp`` etc.).

Keys are dicts with Babylon's field names (``frame``, ``value``, ``inTangent``,
``outTangent``, ``interpolation``, ``easingFunction``, ``lockedTangent``) or any object with
those attributes; a missing field is JavaScript's ``undefined``.

Beside this module, as in Babylon.js: the key types in
:mod:`~lite_compat.animations.animation_key` (``animationKey.js``), ``AnimationEvent`` in
:mod:`~lite_compat.animations.animation_event`, ``AnimationRange`` in
:mod:`~lite_compat.animations.animation_range` (all re-exported here), and the statics that
convert keys or start an animation in the bases
:class:`~lite_compat.animations.animation_statics.AnimationStatics` (``MakeAnimationAdditive``,
``CreateAndStartAnimation``, ``CreateMergeAndStartAnimation``, ``TransitionTo``) and
:class:`~lite_compat.animations.animation_hierarchy.AnimationHierarchy`.

Playback (``beginAnimation`` and friends) lives in :mod:`lite_compat.scene.scene`,
:mod:`lite_compat.animations.animatable` and :mod:`lite_compat.animations.runtime_animation`; the
native delegation boundary in :mod:`lite_compat.animations.delegation`.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from lite.errors import KeyframeError
from lite.path_guard import check_path_segments
from lite_compat._js import is_number, js_number, require_number
from lite_compat._refusal import NETWORK, Refused
from lite_compat.animations.animation_event import AnimationEvent
from lite_compat.animations.animation_hierarchy import AnimationHierarchy
from lite_compat.animations.animation_key import (
    AnimationKey,
    AnimationKeyInterpolation,
    IAnimationKey,
    key_get,
    key_set,
)
from lite_compat.animations.animation_range import AnimationRange
from lite_compat.animations.animation_statics import AnimationStatics
from lite_compat.animations.easing import IEasingFunction
from lite_compat.animations.key_types import coerce_plain_keys
from lite_compat.animations.parse_checks import check_parsed_animation
from lite_compat.animations.property_paths import clone
from lite_compat.math import Color3, Color4, Matrix, Quaternion, Scalar, Size, Vector2, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.runtime_animation import RuntimeAnimation

__all__ = [
    "Animation",
    "AnimationEvent",
    "AnimationKey",
    "AnimationKeyInterpolation",
    "AnimationRange",
    "IAnimationKey",
    "key_get",
    "key_set",
]


def _not_a_double(value: object) -> bool:
    kind = type(value)
    if kind is float:
        return False
    if kind is int:
        return not math.isfinite(js_number(value))  # type: ignore[arg-type]
    number = js_number(value)
    return number is None or (isinstance(value, numbers.Integral) and not math.isfinite(number))


_DOUBLES: Final = (int, float)
#: The events of an animation that has none yet: an empty tuple typed as the list it stands
#: for (readers only iterate and test it; :meth:`Animation.getEvents` replaces it by a list).
NO_EVENTS: Final[list[AnimationEvent]] = cast("list[AnimationEvent]", ())
#: Ints below this magnitude are finite doubles (``_not_a_double`` passes them).
_SAFE_INT: Final = 1 << 1023


def _plain_doubles(data_type: int, values: Sequence[AnimationKey]) -> bool:
    """Whether :func:`_check_keys` passes ``values`` and converts nothing, found in one pass
    with no call per field: every key an exact dict, every frame a float or an int well
    inside the doubles, every value too on a float track (elsewhere no value a number: only a
    NumPy scalar would be converted). False leaves the decision to the key-by-key checks."""
    numbers = data_type == Animation.ANIMATIONTYPE_FLOAT
    seen: type | None = None
    for key in values:
        if type(key) is not dict:
            return False
        frame: Any = key.get("frame")
        kind = type(frame)
        if kind is not float and (kind is not int or not -_SAFE_INT < frame < _SAFE_INT):
            return False
        value: Any = key.get("value")
        kind = type(value)
        if numbers:
            if kind is not float and (kind is not int or not -_SAFE_INT < value < _SAFE_INT):
                return False
        elif kind is not seen:
            if is_number(value):
                return False
            seen = kind
    return True


def _check_keys(name: str, data_type: int, values: Sequence[AnimationKey]) -> None:
    """Refuse (``LITE-COMPAT-001``) a key whose frame, or float value, is not a number.

    Runs before any key is set. NaN and infinite numbers pass, as in Babylon.js; an int past
    the double range is refused because Python cannot take it through the float arithmetic
    that JavaScript would. A float track's value may also be a callable (Babylon calls it).
    """
    if _plain_doubles(data_type, values):
        return
    for index, key in enumerate(values):
        frame = key_get(key, "frame")
        if _not_a_double(frame):
            raise KeyframeError(
                "LITE-COMPAT-001",
                f"Animation {name!r}: key {index} frame must be a number, got {frame!r}",
                hint="give each key a 'frame' int or float (NumPy scalars are accepted)",
                input_name=f"keys[{index}].frame",
            )
        value = key_get(key, "value")
        if (
            data_type == Animation.ANIMATIONTYPE_FLOAT
            and not callable(value)
            and _not_a_double(value)
        ):
            raise KeyframeError(
                "LITE-COMPAT-001",
                f"Animation {name!r}: key {index} value of a float track must be a "
                f"number, got {value!r}",
                hint="give each key of an ANIMATIONTYPE_FLOAT track a number 'value'",
                input_name=f"keys[{index}].value",
            )
    # NumPy scalars become the doubles they stand for, so Babylon's double arithmetic (not
    # float32's) runs on them; only after every key passed, so a refusal changes nothing.
    for key in values:
        for field in ("frame", "value"):
            item = key_get(key, field)
            if type(item) not in _DOUBLES and is_number(item):
                key_set(key, field, js_number(item))


class _AnimationState:
    """Babylon's ``_IAnimationState``: key-search cache, loop bookkeeping and offsets."""

    __slots__ = ("highLimitValue", "key", "loopMode", "offsetValue", "repeatCount", "workValue")

    def __init__(self, loopMode: int) -> None:
        self.key = 0
        self.repeatCount = 0
        self.loopMode = loopMode
        self.offsetValue: Any = None
        self.highLimitValue: Any = None
        self.workValue: Any = None


_EVALUATE_STATE = _AnimationState(2)


class Animation(AnimationStatics, AnimationHierarchy):
    """A keyframed animation of one property path (Babylon.js ``Animation``).

    Parameters
    ----------
    name
        Name of the animation.
    targetProperty
        Dotted property path, e.g. ``"position.x"``.
    framePerSecond
        Frames per second of the keys.
    dataType
        One of the ``ANIMATIONTYPE_*`` constants. Optional, as in Babylon Lite's compat: when
        omitted, ``setKeys`` infers it from the first key's value, and keys may give plain
        arrays (``[x, y, z]``) for math objects (see ``key_types``).
    loopMode
        One of the ``ANIMATIONLOOPMODE_*`` constants (``CYCLE`` when ``None``).
    enableBlending
        Blend from the current value when the animation starts.

    Examples
    --------
    >>> a = Animation("a", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    >>> a.setKeys([{"frame": 0, "value": 0.0}, {"frame": 30, "value": 3.0}])
    >>> a.evaluate(10)
    1.0
    """

    # The key list and the frame rate in slots (the instance ``__dict__`` keeps the rest): a
    # batched kind's key watch reads their object pointers in bulk each frame
    # (state.KeyStateWatch, object_words.WordGuard).
    __slots__ = ("_keys", "framePerSecond")

    ANIMATIONTYPE_FLOAT: ClassVar[int] = 0
    ANIMATIONTYPE_VECTOR3: ClassVar[int] = 1
    ANIMATIONTYPE_QUATERNION: ClassVar[int] = 2
    ANIMATIONTYPE_MATRIX: ClassVar[int] = 3
    ANIMATIONTYPE_COLOR3: ClassVar[int] = 4
    ANIMATIONTYPE_VECTOR2: ClassVar[int] = 5
    ANIMATIONTYPE_SIZE: ClassVar[int] = 6
    ANIMATIONTYPE_COLOR4: ClassVar[int] = 7

    ANIMATIONLOOPMODE_RELATIVE: ClassVar[int] = 0
    ANIMATIONLOOPMODE_CYCLE: ClassVar[int] = 1
    ANIMATIONLOOPMODE_CONSTANT: ClassVar[int] = 2
    ANIMATIONLOOPMODE_YOYO: ClassVar[int] = 4
    ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT: ClassVar[int] = 5

    #: Interpolate matrices (otherwise a matrix track holds its start key's value).
    AllowMatricesInterpolation: ClassVar[bool] = False
    #: Interpolate matrices by decomposing them (``Matrix.DecomposeLerp``) rather than
    #: component-wise (``Matrix.Lerp``).
    AllowMatrixDecomposeForInterpolation: ClassVar[bool] = True
    #: Inherit the original value from an animation already driving the same property.
    InheritOriginalValueFromActiveAnimations: ClassVar[bool] = False
    SnippetUrl: ClassVar[str] = "https://snippet.babylonjs.com"
    #: Refused (``LITE-COMPAT-023``): these fetch from a URL or the snippet server.
    ParseFromFileAsync = Refused(NETWORK, "loads animations from a URL", static=True)
    ParseFromSnippetAsync = Refused(NETWORK, "loads a snippet", static=True)
    CreateFromSnippetAsync = Refused(NETWORK, "loads a snippet", static=True)

    _UniqueIdGenerator: ClassVar[int] = 0

    def __init__(
        self,
        name: str,
        targetProperty: str,
        framePerSecond: float,
        dataType: int | None = None,
        loopMode: int | None = None,
        enableBlending: bool | None = None,
    ) -> None:
        # Any number is taken as Babylon.js takes it (0, NaN and Infinity included: the
        # clock then computes NaN or Infinity frames and writes NaN, as Babylon does).
        self.framePerSecond = require_number(
            framePerSecond, "framePerSecond", f"Animation {name!r}", error=KeyframeError
        )
        self.name = name
        self.targetProperty = targetProperty
        # None (Babylon's ``undefined``) when not given, until ``setKeys`` infers it from the
        # first key (key_types.py); the evaluators only ever see keyed animations.
        self.dataType: int = cast("int", dataType)
        self.loopMode: int = Animation.ANIMATIONLOOPMODE_CYCLE if loopMode is None else loopMode
        self.enableBlending = enableBlending
        self._easingFunction: IEasingFunction | None = None
        self._runtimeAnimations: list[RuntimeAnimation] = []
        # No list until an event is added or the list is asked for (:meth:`getEvents`): a
        # crowd's animations have none, and an empty list each is collector work at build.
        self._events: list[AnimationEvent] = NO_EVENTS
        #: Speed at which ``enableBlending`` blends in (factor added per frame).
        self.blendingSpeed = 0.01
        self._ranges: dict[str, AnimationRange | None] = {}
        self._keys: list[Any] = []
        self._key = 0
        self.targetPropertyPath = targetProperty.split(".")
        check_path_segments(self.targetPropertyPath, targetProperty)  # LITE-PATH-007, at parse
        self.uniqueId = Animation._UniqueIdGenerator
        Animation._UniqueIdGenerator += 1

    # -- runtime bookkeeping -------------------------------------------------------------------

    @property
    def runtimeAnimations(self) -> list[RuntimeAnimation]:
        """Runtime animations currently playing this animation."""
        return self._runtimeAnimations

    @property
    def hasRunningRuntimeAnimations(self) -> bool:
        """True when one of the runtime animations is not stopped."""
        return any(not ra.isStopped() for ra in self._runtimeAnimations)

    def toString(self, fullDetails: bool = False) -> str:
        """Babylon's one-line description of the animation."""
        names = ["Float", "Vector3", "Quaternion", "Matrix", "Color3", "Vector2"]
        type_name = names[self.dataType] if 0 <= self.dataType < len(names) else "undefined"
        ret = f"Name: {self.name}, property: {self.targetProperty}"
        ret += f", datatype: {type_name}"
        ret += f", nKeys: {len(self._keys)}"
        ret += f", nRanges: {len(self._ranges)}"
        if fullDetails:
            ret += ", Ranges: {" + ", ".join(self._ranges) + "}"
        return ret

    def __str__(self) -> str:
        return self.toString()

    # -- events and ranges -----------------------------------------------------------------

    def addEvent(self, event: AnimationEvent) -> None:
        """Add an event; events stay sorted by frame (stable)."""
        events = self._events
        if events is NO_EVENTS:
            events = self._events = []
        events.append(event)
        events.sort(key=lambda e: e.frame)

    def removeEvents(self, frame: float) -> None:
        """Remove every event at ``frame``."""
        self._events = [e for e in self._events if e.frame != frame]

    def getEvents(self) -> list[AnimationEvent]:
        """The animation's events (the live list)."""
        events = self._events
        if events is NO_EVENTS:
            events = self._events = []
        return events

    def createRange(self, name: str, from_: float, to: float) -> None:
        """Create a named range unless the name is already used."""
        if not self._ranges.get(name):
            self._ranges[name] = AnimationRange(name, from_, to)

    def deleteRange(self, name: str, deleteFrames: bool = True) -> None:
        """Delete a named range, and by default the keys inside it."""
        rng = self._ranges.get(name)
        if not rng:
            return
        if deleteFrames:
            lo = rng.from_
            hi = rng.to
            self._keys[:] = [k for k in self._keys if not lo <= key_get(k, "frame") <= hi]
        self._ranges[name] = None

    def getRange(self, name: str) -> AnimationRange | None:
        """The named range, or None."""
        return self._ranges.get(name)

    # -- keys and easing -----------------------------------------------------------------------

    def getKeys(self) -> list[Any]:
        """The key list (the live list: playback may insert a frame-0 key into it)."""
        return self._keys

    def getHighestFrame(self) -> float:
        """The highest key frame (0 when there is none higher)."""
        ret: float = 0
        for key in self._keys:
            frame = key_get(key, "frame")
            if ret < frame:
                ret = frame
        return ret

    def getEasingFunction(self) -> IEasingFunction | None:
        """The animation-level easing function (read live by running animations)."""
        return self._easingFunction

    def setEasingFunction(self, easingFunction: IEasingFunction | None) -> None:
        """Set (or clear) the animation-level easing; running animations see it at once."""
        self._easingFunction = easingFunction

    def setKeys(
        self, values: Sequence[AnimationKey], dontClone: bool = False, cloneKeys: bool = False
    ) -> None:
        """Set the keys.

        Parameters
        ----------
        values
            Keys (dicts with ``frame``/``value`` etc. or objects with those attributes).
        dontClone
            Keep ``values`` itself as the key list instead of a shallow copy of it.
        cloneKeys
            Copy each key into a new dict, cloning values and tangents that have ``clone``.
        """
        self.dataType = cast(
            "int",
            coerce_plain_keys(
                self.name, self.dataType, self.targetPropertyPath[-1], values, key_get, key_set
            ),
        )
        _check_keys(self.name, self.dataType, values)
        if dontClone:
            self._keys = values if isinstance(values, list) else list(values)
            return
        self._keys = list(values)
        if cloneKeys:
            for i, key in enumerate(self._keys):
                self._keys[i] = {
                    "frame": key_get(key, "frame"),
                    "value": clone(key_get(key, "value")),
                    "inTangent": clone(key_get(key, "inTangent")),
                    "outTangent": clone(key_get(key, "outTangent")),
                    "interpolation": key_get(key, "interpolation"),
                    "lockedTangent": key_get(key, "lockedTangent"),
                    "easingFunction": key_get(key, "easingFunction"),
                }

    # -- interpolation functions (overridable, as in Babylon.js) ------------------------------

    def floatInterpolateFunction(
        self, startValue: float, endValue: float, gradient: float
    ) -> float:
        """``Scalar.Lerp``."""
        return Scalar.Lerp(startValue, endValue, gradient)

    def floatInterpolateFunctionWithTangents(
        self,
        startValue: float,
        outTangent: float,
        endValue: float,
        inTangent: float,
        gradient: float,
    ) -> float:
        """``Scalar.Hermite``."""
        return Scalar.Hermite(startValue, outTangent, endValue, inTangent, gradient)

    def quaternionInterpolateFunction(
        self, startValue: Quaternion, endValue: Quaternion, gradient: float
    ) -> Quaternion:
        """``Quaternion.Slerp`` (Babylon.js's, which lerps above a dot of 0.999999)."""
        return Quaternion.Slerp(startValue, endValue, gradient)

    def quaternionInterpolateFunctionWithTangents(
        self,
        startValue: Quaternion,
        outTangent: Quaternion,
        endValue: Quaternion,
        inTangent: Quaternion,
        gradient: float,
    ) -> Quaternion:
        """``Quaternion.Hermite`` then ``normalize``."""
        return Quaternion.Hermite(startValue, outTangent, endValue, inTangent, gradient).normalize()

    def vector3InterpolateFunction(
        self, startValue: Vector3, endValue: Vector3, gradient: float
    ) -> Vector3:
        """``Vector3.Lerp``."""
        return Vector3.Lerp(startValue, endValue, gradient)

    def vector3InterpolateFunctionWithTangents(
        self,
        startValue: Vector3,
        outTangent: Vector3,
        endValue: Vector3,
        inTangent: Vector3,
        gradient: float,
    ) -> Vector3:
        """``Vector3.Hermite``."""
        return Vector3.Hermite(startValue, outTangent, endValue, inTangent, gradient)

    def vector2InterpolateFunction(
        self, startValue: Vector2, endValue: Vector2, gradient: float
    ) -> Vector2:
        """``Vector2.Lerp``."""
        return Vector2.Lerp(startValue, endValue, gradient)

    def vector2InterpolateFunctionWithTangents(
        self,
        startValue: Vector2,
        outTangent: Vector2,
        endValue: Vector2,
        inTangent: Vector2,
        gradient: float,
    ) -> Vector2:
        """``Vector2.Hermite``."""
        return Vector2.Hermite(startValue, outTangent, endValue, inTangent, gradient)

    def sizeInterpolateFunction(self, startValue: Size, endValue: Size, gradient: float) -> Size:
        """``Size.Lerp``."""
        return Size.Lerp(startValue, endValue, gradient)

    def color3InterpolateFunction(
        self, startValue: Color3, endValue: Color3, gradient: float
    ) -> Color3:
        """``Color3.Lerp``."""
        return Color3.Lerp(startValue, endValue, gradient)

    def color3InterpolateFunctionWithTangents(
        self,
        startValue: Color3,
        outTangent: Color3,
        endValue: Color3,
        inTangent: Color3,
        gradient: float,
    ) -> Color3:
        """``Color3.Hermite``."""
        return Color3.Hermite(startValue, outTangent, endValue, inTangent, gradient)

    def color4InterpolateFunction(
        self, startValue: Color4, endValue: Color4, gradient: float
    ) -> Color4:
        """``Color4.Lerp``."""
        return Color4.Lerp(startValue, endValue, gradient)

    def color4InterpolateFunctionWithTangents(
        self,
        startValue: Color4,
        outTangent: Color4,
        endValue: Color4,
        inTangent: Color4,
        gradient: float,
    ) -> Color4:
        """``Color4.Hermite``."""
        return Color4.Hermite(startValue, outTangent, endValue, inTangent, gradient)

    def matrixInterpolateFunction(
        self, startValue: Matrix, endValue: Matrix, gradient: float, result: Matrix | None = None
    ) -> Matrix:
        """``Matrix.DecomposeLerp`` (or ``Matrix.Lerp``), into ``result`` when given."""
        if Animation.AllowMatrixDecomposeForInterpolation:
            if result is not None:
                Matrix.DecomposeLerpToRef(startValue, endValue, gradient, result)
                return result
            return Matrix.DecomposeLerp(startValue, endValue, gradient)
        if result is not None:
            Matrix.LerpToRef(startValue, endValue, gradient, result)
            return result
        return Matrix.Lerp(startValue, endValue, gradient)

    # -- evaluation ----------------------------------------------------------------------------

    def _getKeyValue(self, value: Any) -> Any:
        # Babylon.js accepts a function as a key value and calls it at each evaluation.
        if callable(value):
            return value()
        return value

    def evaluate(self, currentFrame: float) -> Any:
        """The animation's value at ``currentFrame`` (cycle mode, no offsets).

        Returns the key's own value object before the first and after the last key, as
        Babylon.js does (not a copy).
        """
        _EVALUATE_STATE.key = 0
        return self._interpolate(currentFrame, _EVALUATE_STATE)

    def _interpolate(
        self, currentFrame: float, state: _AnimationState, searchClosestKeyOnly: bool = False
    ) -> Any:
        if state.loopMode == Animation.ANIMATIONLOOPMODE_CONSTANT and state.repeatCount > 0:
            return clone(state.highLimitValue)
        keys = self._keys
        keys_length = len(keys)
        key = state.key
        while key >= 0 and currentFrame < key_get(keys[key], "frame"):
            key -= 1
        while key + 1 <= keys_length - 1 and currentFrame >= key_get(keys[key + 1], "frame"):
            key += 1
        state.key = key
        if key < 0:
            return None if searchClosestKeyOnly else self._getKeyValue(key_get(keys[0], "value"))
        if key + 1 > keys_length - 1:
            return (
                None
                if searchClosestKeyOnly
                else self._getKeyValue(key_get(keys[keys_length - 1], "value"))
            )
        self._key = key
        start_key = keys[key]
        end_key = keys[key + 1]
        start_frame = key_get(start_key, "frame")
        end_frame = key_get(end_key, "frame")
        if searchClosestKeyOnly and (currentFrame in (start_frame, end_frame)):
            return None
        start_value = self._getKeyValue(key_get(start_key, "value"))
        end_value = self._getKeyValue(key_get(end_key, "value"))
        if key_get(start_key, "interpolation") == AnimationKeyInterpolation.STEP:
            return start_value if end_frame > currentFrame else end_value
        out_tangent = key_get(start_key, "outTangent")
        in_tangent = key_get(end_key, "inTangent")
        use_tangent = out_tangent is not None and in_tangent is not None
        frame_delta = end_frame - start_frame
        # JavaScript division: a zero-length segment cannot be selected here (the key search
        # moves past it), so plain division is safe.
        gradient = (currentFrame - start_frame) / frame_delta
        easing = key_get(start_key, "easingFunction") or self.getEasingFunction()
        if easing:
            gradient = easing.ease(gradient)
        return self._interpolate_value(
            state,
            start_value,
            end_value,
            out_tangent,
            in_tangent,
            use_tangent,
            frame_delta,
            gradient,
        )

    def _interpolate_value(
        self,
        state: _AnimationState,
        start_value: Any,
        end_value: Any,
        out_tangent: Any,
        in_tangent: Any,
        use_tangent: bool,
        frame_delta: float,
        gradient: float,
    ) -> Any:
        data_type = self.dataType
        relative = state.loopMode in (
            Animation.ANIMATIONLOOPMODE_RELATIVE,
            Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
        )
        if data_type == Animation.ANIMATIONTYPE_FLOAT:
            value = (
                self.floatInterpolateFunctionWithTangents(
                    start_value,
                    out_tangent * frame_delta,
                    end_value,
                    in_tangent * frame_delta,
                    gradient,
                )
                if use_tangent
                else self.floatInterpolateFunction(start_value, end_value, gradient)
            )
            if relative:
                return (state.offsetValue or 0) * state.repeatCount + value
            return value
        if data_type == Animation.ANIMATIONTYPE_QUATERNION:
            quat = (
                self.quaternionInterpolateFunctionWithTangents(
                    start_value,
                    out_tangent.scale(frame_delta),
                    end_value,
                    in_tangent.scale(frame_delta),
                    gradient,
                )
                if use_tangent
                else self.quaternionInterpolateFunction(start_value, end_value, gradient)
            )
            if relative:
                offset = state.offsetValue or Quaternion(0, 0, 0, 0)
                return quat.addInPlace(offset.scale(state.repeatCount))
            return quat
        if data_type == Animation.ANIMATIONTYPE_VECTOR3:
            vec3 = (
                self.vector3InterpolateFunctionWithTangents(
                    start_value,
                    out_tangent.scale(frame_delta),
                    end_value,
                    in_tangent.scale(frame_delta),
                    gradient,
                )
                if use_tangent
                else self.vector3InterpolateFunction(start_value, end_value, gradient)
            )
            if relative:
                return vec3.add((state.offsetValue or Vector3.Zero()).scale(state.repeatCount))
            return vec3
        if data_type == Animation.ANIMATIONTYPE_VECTOR2:
            vec2 = (
                self.vector2InterpolateFunctionWithTangents(
                    start_value,
                    out_tangent.scale(frame_delta),
                    end_value,
                    in_tangent.scale(frame_delta),
                    gradient,
                )
                if use_tangent
                else self.vector2InterpolateFunction(start_value, end_value, gradient)
            )
            if relative:
                return vec2.add((state.offsetValue or Vector2.Zero()).scale(state.repeatCount))
            return vec2
        if data_type == Animation.ANIMATIONTYPE_SIZE:
            size = self.sizeInterpolateFunction(start_value, end_value, gradient)
            if relative:
                return size.add((state.offsetValue or Size.Zero()).scale(state.repeatCount))
            return size
        if data_type == Animation.ANIMATIONTYPE_COLOR3:
            col3 = (
                self.color3InterpolateFunctionWithTangents(
                    start_value,
                    out_tangent.scale(frame_delta),
                    end_value,
                    in_tangent.scale(frame_delta),
                    gradient,
                )
                if use_tangent
                else self.color3InterpolateFunction(start_value, end_value, gradient)
            )
            if relative:
                return col3.add((state.offsetValue or Color3.Black()).scale(state.repeatCount))
            return col3
        if data_type == Animation.ANIMATIONTYPE_COLOR4:
            col4 = (
                self.color4InterpolateFunctionWithTangents(
                    start_value,
                    out_tangent.scale(frame_delta),
                    end_value,
                    in_tangent.scale(frame_delta),
                    gradient,
                )
                if use_tangent
                else self.color4InterpolateFunction(start_value, end_value, gradient)
            )
            if relative:
                offset4 = state.offsetValue or Color4(0, 0, 0, 0)
                return col4.add(offset4.scale(state.repeatCount))
            return col4
        if data_type == Animation.ANIMATIONTYPE_MATRIX:
            if not relative and Animation.AllowMatricesInterpolation:
                return self.matrixInterpolateFunction(
                    start_value, end_value, gradient, state.workValue
                )
            return start_value
        return 0

    def createKeyForFrame(self, frame: float) -> int:
        """Insert a key at ``frame`` (value interpolated) unless one exists; return its index."""
        _EVALUATE_STATE.key = 0
        value = self._interpolate(frame, _EVALUATE_STATE, True)
        if value is None or (is_number(value) and (value == 0 or math.isnan(value))):
            # JavaScript's ``!value``: a key already sits at ``frame`` (or the value is 0).
            k = _EVALUATE_STATE.key
            return k if key_get(self._keys[k], "frame") == frame else k + 1
        new_key = {"frame": frame, "value": clone(value)}
        self._keys.insert(_EVALUATE_STATE.key + 1, new_key)
        return _EVALUATE_STATE.key + 1

    # -- copies and serialization ----------------------------------------------------------

    def clone(self, cloneKeys: bool = False) -> Animation:
        """A copy (new key list; keys themselves copied only with ``cloneKeys``)."""
        copy = Animation(
            self.name,
            ".".join(self.targetPropertyPath),
            self.framePerSecond,
            self.dataType,
            self.loopMode,
        )
        copy.enableBlending = self.enableBlending
        copy.blendingSpeed = self.blendingSpeed
        if self._keys:
            copy.setKeys(self._keys, False, cloneKeys)
        copy._ranges = {}
        for name, rng in self._ranges.items():
            if rng:
                copy._ranges[name] = rng.clone()
        return copy

    def serialize(self) -> dict[str, Any]:
        """The ``.babylon`` JSON shape of the animation (``Animation.Parse`` reads it back)."""
        out: dict[str, Any] = {
            "name": self.name,
            "property": self.targetProperty,
            "framePerSecond": self.framePerSecond,
            "dataType": self.dataType,
            "loopBehavior": self.loopMode,
            "enableBlending": self.enableBlending,
            "blendingSpeed": self.blendingSpeed,
        }
        if self.enableBlending is None:
            # JavaScript's undefined: JSON.stringify leaves the member out.
            del out["enableBlending"]
        keys_out: list[dict[str, Any]] = []
        data_type = self.dataType
        for animation_key in self._keys:
            key: dict[str, Any] = {"frame": key_get(animation_key, "frame")}
            value = key_get(animation_key, "value")
            in_t = key_get(animation_key, "inTangent")
            out_t = key_get(animation_key, "outTangent")
            interp = key_get(animation_key, "interpolation")
            if data_type == Animation.ANIMATIONTYPE_FLOAT:
                values: list[Any] = [value]
                if in_t is not None:
                    values.append(in_t)
                if out_t is not None:
                    if in_t is None:
                        values.append(None)
                    values.append(out_t)
                if interp is not None:
                    if in_t is None:
                        values.append(None)
                    if out_t is None:
                        values.append(None)
                    values.append(interp)
                key["values"] = values
            elif data_type in (
                Animation.ANIMATIONTYPE_QUATERNION,
                Animation.ANIMATIONTYPE_MATRIX,
                Animation.ANIMATIONTYPE_VECTOR3,
                Animation.ANIMATIONTYPE_COLOR3,
                Animation.ANIMATIONTYPE_COLOR4,
            ):
                values = list(value.asArray())
                if in_t is not None:
                    values.append(list(in_t.asArray()))
                if out_t is not None:
                    if in_t is None:
                        values.append(None)
                    values.append(list(out_t.asArray()))
                if interp is not None:
                    if in_t is None:
                        values.append(None)
                    if out_t is None:
                        values.append(None)
                    values.append(interp)
                key["values"] = values
            keys_out.append(key)
        out["keys"] = keys_out
        out["ranges"] = [
            {"name": name, "from": rng.from_, "to": rng.to}
            for name, rng in self._ranges.items()
            if rng
        ]
        return out

    @staticmethod
    def Parse(parsedAnimation: Mapping[str, Any]) -> Animation:
        """Build an animation from its ``.babylon`` JSON shape (see :meth:`serialize`)."""
        check_parsed_animation(parsedAnimation)  # every field, before anything is built
        animation = Animation(
            parsedAnimation["name"],
            parsedAnimation["property"],
            parsedAnimation["framePerSecond"],
            parsedAnimation["dataType"],
            parsedAnimation.get("loopBehavior"),
        )
        data_type = parsedAnimation["dataType"]
        if parsedAnimation.get("enableBlending"):
            animation.enableBlending = parsedAnimation["enableBlending"]
        if parsedAnimation.get("blendingSpeed"):
            animation.blendingSpeed = parsedAnimation["blendingSpeed"]
        keys: list[Any] = []
        for key in parsedAnimation["keys"]:
            values = key["values"]
            in_t: Any = None
            out_t: Any = None
            interp: Any = None
            data: Any
            if data_type == Animation.ANIMATIONTYPE_FLOAT:
                data = values[0]
                if len(values) >= 2:
                    in_t = values[1]
                if len(values) >= 3:
                    out_t = values[2]
                if len(values) >= 4:
                    interp = values[3]
            elif data_type == Animation.ANIMATIONTYPE_QUATERNION:
                data = Quaternion.FromArray(values)
                if len(values) >= 8:
                    q = Quaternion.FromArray(values[4:8])
                    if not q.equals(Quaternion.Zero()):
                        in_t = q
                if len(values) >= 12:
                    q = Quaternion.FromArray(values[8:12])
                    if not q.equals(Quaternion.Zero()):
                        out_t = q
                if len(values) >= 13:
                    interp = values[12]
            elif data_type == Animation.ANIMATIONTYPE_MATRIX:
                data = Matrix.FromArray(values)
                if len(values) >= 17:
                    interp = values[16]
            elif data_type == Animation.ANIMATIONTYPE_COLOR3:
                data = Color3.FromArray(values)
                if len(values) > 3 and values[3]:
                    in_t = Color3.FromArray(values[3])
                if len(values) > 4 and values[4]:
                    out_t = Color3.FromArray(values[4])
                if len(values) > 5 and values[5]:
                    interp = values[5]
            elif data_type == Animation.ANIMATIONTYPE_COLOR4:
                data = Color4.FromArray(values)
                if len(values) > 4 and values[4]:
                    in_t = Color4.FromArray(values[4])
                if len(values) > 5 and values[5]:
                    out_t = Color4.FromArray(values[5])
                if len(values) > 6 and values[6]:
                    interp = values[6]
            else:
                data = Vector3.FromArray(values)
                if len(values) > 3 and values[3]:
                    in_t = Vector3.FromArray(values[3])
                if len(values) > 4 and values[4]:
                    out_t = Vector3.FromArray(values[4])
                if len(values) > 5 and values[5]:
                    interp = values[5]
            key_data: dict[str, Any] = {"frame": key["frame"], "value": data}
            if in_t is not None:
                key_data["inTangent"] = in_t
            if out_t is not None:
                key_data["outTangent"] = out_t
            if interp is not None:
                key_data["interpolation"] = interp
            keys.append(key_data)
        animation.setKeys(keys)
        for rng in parsedAnimation.get("ranges") or []:
            animation.createRange(rng["name"], rng["from"], rng["to"])
        return animation

    # -- static helpers ------------------------------------------------------------------------

    @staticmethod
    def _PrepareAnimation(
        name: str,
        targetProperty: str,
        framePerSecond: float,
        totalFrame: float,
        from_: Any,
        to: Any,
        loopMode: int | None = None,
        easingFunction: IEasingFunction | None = None,
    ) -> Animation | None:
        data_type: int | None = None
        if is_number(from_) and math.isfinite(from_):
            data_type = Animation.ANIMATIONTYPE_FLOAT
        elif isinstance(from_, Quaternion):
            data_type = Animation.ANIMATIONTYPE_QUATERNION
        elif isinstance(from_, Vector3):
            data_type = Animation.ANIMATIONTYPE_VECTOR3
        elif isinstance(from_, Vector2):
            data_type = Animation.ANIMATIONTYPE_VECTOR2
        elif isinstance(from_, Color3):
            data_type = Animation.ANIMATIONTYPE_COLOR3
        elif isinstance(from_, Color4):
            data_type = Animation.ANIMATIONTYPE_COLOR4
        elif isinstance(from_, Size):
            data_type = Animation.ANIMATIONTYPE_SIZE
        if data_type is None:
            return None
        animation = Animation(name, targetProperty, framePerSecond, data_type, loopMode)
        animation.setKeys([{"frame": 0, "value": from_}, {"frame": totalFrame, "value": to}])
        if easingFunction is not None:
            animation.setEasingFunction(easingFunction)
        return animation

    @staticmethod
    def CreateAnimation(
        property: str,
        animationType: int,
        framePerSecond: float,
        easingFunction: IEasingFunction | None,
    ) -> Animation:
        """A CONSTANT-loop animation named ``<property>Animation`` with ``easingFunction``."""
        animation = Animation(
            property + "Animation",
            property,
            framePerSecond,
            animationType,
            Animation.ANIMATIONLOOPMODE_CONSTANT,
        )
        animation.setEasingFunction(easingFunction)
        return animation
