"""Babylon.js ``Animation`` statics that convert keys or start an animation.

Port of ``AnimationMakeAnimationAdditive``, ``AnimationCreateAndStartAnimation``,
``AnimationCreateMergeAndStartAnimation`` and ``AnimationTransitionTo`` of ``@babylonjs/core``
9.31 ``Animations/animation.pure.js`` (installed there as ``Animation.MakeAnimationAdditive``
etc.). :class:`AnimationStatics` is a base of
:class:`lite_compat.animations.animation.Animation`, as
:class:`~lite_compat.animations.animation_hierarchy.AnimationHierarchy` is.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from lite.errors import KeyframeError
from lite_compat._js import is_number, js_callable, require_number
from lite_compat.animations.animation_key import AnimationKey, key_get, key_set
from lite_compat.animations.property_paths import check_walk, clone, get_property, set_property
from lite_compat.math import Matrix, Quaternion, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.animation import Animation
    from lite_compat.animations.easing import IEasingFunction
    from lite_compat.scene.scene import Scene

__all__ = ["AnimationStatics"]

#: JavaScript's ``Number.MAX_VALUE``.
_MAX_VALUE: Final = sys.float_info.max


class AnimationStatics:
    """``MakeAnimationAdditive``, ``CreateAndStartAnimation``, ``CreateMergeAndStartAnimation``
    and ``TransitionTo``."""

    if TYPE_CHECKING:

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
        ) -> Any: ...

    @staticmethod
    def MakeAnimationAdditive(
        sourceAnimation: Animation,
        referenceFrameOrOptions: float | Mapping[str, Any] | object | None = None,
        range: str | None = None,
        cloneOriginal: bool = False,
        clonedName: str | None = None,
    ) -> Animation:
        """Turn an animation's keys into differences from a reference pose (additive keys).

        Port of Babylon.js ``Animation.MakeAnimationAdditive``. Each key between the range's
        bounds becomes ``key - reference`` (vectors, colours, sizes, floats),
        ``conjugate(reference) * key`` (quaternions) or the decomposed equivalent (matrices),
        where the reference is the animation's value at ``referenceFrame`` (its first/last key
        outside the keys). Keys are changed in place unless the animation is cloned.

        Parameters
        ----------
        sourceAnimation
            The animation to convert.
        referenceFrameOrOptions
            The reference frame (default 0), or an options object (dict or attributes):
            ``referenceFrame``, ``range``, ``fromFrame``/``toFrame``, ``cloneOriginalAnimation``,
            ``clonedAnimationName``, ``clipKeys``.
        range
            Name of an animation range restricting the keys converted (numeric form only).
        cloneOriginal
            Convert a clone (named ``clonedName``) and leave the source untouched.
        clonedName
            Name of the clone.

        Returns
        -------
        Animation
            The converted animation (the source itself unless cloned).
        """
        if referenceFrameOrOptions is not None and not is_number(referenceFrameOrOptions):
            options: Mapping[str, Any] | object = referenceFrameOrOptions
        else:
            options = {
                "referenceFrame": referenceFrameOrOptions or 0,
                "range": range,
                "cloneOriginalAnimation": cloneOriginal,
                "clonedAnimationName": clonedName,
            }
        animation = sourceAnimation
        if key_get(options, "cloneOriginalAnimation"):
            animation = sourceAnimation.clone()
            animation.name = key_get(options, "clonedAnimationName") or animation.name
        keys = animation.getKeys()
        if not keys:
            return animation
        option_reference = key_get(options, "referenceFrame")
        reference_frame = option_reference if option_reference and option_reference >= 0 else 0
        start_index = 0
        first_key = keys[0]
        end_index = len(keys) - 1
        last_key = keys[end_index]
        reference_value: Any = key_get(first_key, "value")
        reference_position = Vector3()
        reference_quaternion = Quaternion()
        reference_scaling = Vector3()
        key_position = Vector3()
        key_quaternion = Quaternion()
        key_scaling = Vector3()
        from_frame = key_get(first_key, "frame")
        to_frame = key_get(last_key, "frame")
        option_range = key_get(options, "range")
        if option_range:
            range_value = animation.getRange(option_range)
            if range_value:
                from_frame = range_value.from_
                to_frame = range_value.to
        else:
            option_from = key_get(options, "fromFrame")
            option_to = key_get(options, "toFrame")
            from_frame = from_frame if option_from is None else option_from
            to_frame = to_frame if option_to is None else option_to
        if from_frame != key_get(first_key, "frame"):
            start_index = animation.createKeyForFrame(from_frame)
        if to_frame != key_get(last_key, "frame"):
            end_index = animation.createKeyForFrame(to_frame)
        updated_keys = animation.getKeys()
        if len(updated_keys) == 1:
            # Only one key: it is the reference.
            reference_value = clone(animation._getKeyValue(key_get(updated_keys[0], "value")))
        elif reference_frame <= key_get(first_key, "frame"):
            reference_value = clone(animation._getKeyValue(key_get(first_key, "value")))
        elif reference_frame >= key_get(last_key, "frame"):
            reference_value = clone(animation._getKeyValue(key_get(last_key, "value")))
        else:
            # Animation.evaluate: the key search from key 0 with the shared evaluation state.
            reference_value = clone(animation.evaluate(reference_frame))
        data_type = animation.dataType
        if data_type == animation.ANIMATIONTYPE_QUATERNION:
            reference_value.normalize().conjugateInPlace()
        elif data_type == animation.ANIMATIONTYPE_MATRIX:
            reference_value.decompose(reference_scaling, reference_quaternion, reference_position)
            reference_quaternion.normalize().conjugateInPlace()
        start_frame = _MAX_VALUE
        clipped_keys: list[Any] | None = [] if key_get(options, "clipKeys") else None
        clone_original = bool(key_get(options, "cloneOriginalAnimation"))
        index = start_index - 1
        while index < end_index:  # ``range`` is a parameter here (Babylon's name)
            index += 1
            key = updated_keys[index]
            if clipped_keys is not None or clone_original:
                key = {
                    "frame": key_get(key, "frame"),
                    "value": clone(key_get(key, "value")),
                    "inTangent": key_get(key, "inTangent"),
                    "outTangent": key_get(key, "outTangent"),
                    "interpolation": key_get(key, "interpolation"),
                    "lockedTangent": key_get(key, "lockedTangent"),
                    "easingFunction": key_get(key, "easingFunction"),
                }
                if clipped_keys is not None:
                    if start_frame == _MAX_VALUE:
                        start_frame = key["frame"]
                    key["frame"] -= start_frame
                    clipped_keys.append(key)
            value = key_get(key, "value")
            # A key duplicated to create the frame-0 key shares the first key's value object,
            # which was already converted.
            if (
                index
                and data_type != animation.ANIMATIONTYPE_FLOAT
                and value is key_get(first_key, "value")
            ):
                continue
            if data_type == animation.ANIMATIONTYPE_MATRIX:
                value.decompose(key_scaling, key_quaternion, key_position)
                key_position.subtractInPlace(reference_position)
                key_scaling.divideInPlace(reference_scaling)
                reference_quaternion.multiplyToRef(key_quaternion, key_quaternion)
                Matrix.ComposeToRef(key_scaling, key_quaternion, key_position, value)
            elif data_type == animation.ANIMATIONTYPE_QUATERNION:
                reference_value.multiplyToRef(value, value)
            elif data_type in (
                animation.ANIMATIONTYPE_VECTOR2,
                animation.ANIMATIONTYPE_VECTOR3,
                animation.ANIMATIONTYPE_COLOR3,
                animation.ANIMATIONTYPE_COLOR4,
            ):
                value.subtractToRef(reference_value, value)
            elif data_type == animation.ANIMATIONTYPE_SIZE:
                value.width -= reference_value.width
                value.height -= reference_value.height
            else:
                key_set(key, "value", value - reference_value)
        if clipped_keys is not None:
            animation.setKeys(clipped_keys, True)
        return animation

    @classmethod
    def CreateAndStartAnimation(
        cls,
        name: str,
        target: Any,
        targetProperty: str,
        framePerSecond: float,
        totalFrame: float,
        from_: Any,
        to: Any,
        loopMode: int | None = None,
        easingFunction: IEasingFunction | None = None,
        onAnimationEnd: Callable[..., object] | None = None,
        scene: Scene | None = None,
    ) -> Animatable | None:
        """Create a two-key animation and start it on ``target`` (``beginDirectAnimation``)."""
        animation = cls._PrepareAnimation(
            name, targetProperty, framePerSecond, totalFrame, from_, to, loopMode, easingFunction
        )
        if animation is None:
            return None
        get_scene = getattr(target, "getScene", None)
        if callable(get_scene):
            scene = get_scene()
        if scene is None:
            return None
        return scene.beginDirectAnimation(
            target,
            [animation],
            0,
            totalFrame,
            animation.loopMode != animation.ANIMATIONLOOPMODE_CONSTANT,
            1.0,
            onAnimationEnd,
        )

    @classmethod
    def CreateMergeAndStartAnimation(
        cls,
        name: str,
        node: Any,
        targetProperty: str,
        framePerSecond: float,
        totalFrame: float,
        from_: Any,
        to: Any,
        loopMode: int | None = None,
        easingFunction: IEasingFunction | None = None,
        onAnimationEnd: Callable[..., object] | None = None,
    ) -> Animatable | None:
        """Append a two-key animation to ``node.animations`` and ``beginAnimation`` it."""
        animation = cls._PrepareAnimation(
            name, targetProperty, framePerSecond, totalFrame, from_, to, loopMode, easingFunction
        )
        if animation is None:
            return None
        node.animations.append(animation)
        scene: Scene = node.getScene()
        return scene.beginAnimation(
            node,
            0,
            totalFrame,
            animation.loopMode == animation.ANIMATIONLOOPMODE_CYCLE,
            1.0,
            onAnimationEnd,
        )

    @staticmethod
    def TransitionTo(
        property: str,
        targetValue: Any,
        host: Any,
        scene: Scene,
        frameRate: float,
        transition: Animation,
        duration: float,
        onAnimationEnd: Callable[..., object] | None = None,
        stopCurrent: bool = True,
        customKeys: Sequence[AnimationKey] | None = None,
    ) -> Animatable | None:
        """Animate ``host.<property>`` to ``targetValue`` over ``duration`` milliseconds."""
        duration = require_number(
            duration, "duration", "Animation.TransitionTo", error=KeyframeError
        )
        frameRate = require_number(
            frameRate, "frameRate", "Animation.TransitionTo", error=KeyframeError
        )
        check_walk(host, property.split("."))
        if duration <= 0:
            set_property(host, property, targetValue)
            if onAnimationEnd is not None:
                js_callable(onAnimationEnd, 0)()
            return None
        end_frame = frameRate * (duration / 1000)
        current = get_property(host, property)
        transition.setKeys(
            customKeys
            if customKeys is not None
            else [
                {"frame": 0, "value": clone(current)},
                {"frame": end_frame, "value": targetValue},
            ]
        )
        animations = getattr(host, "animations", None)
        if animations is None:
            animations = []
            host.animations = animations
        animations.append(transition)
        return scene.beginAnimation(
            host, 0, end_frame, False, 1.0, onAnimationEnd, None, stopCurrent
        )
