"""Late animation bindings: the end-of-step blend of weighted and additive writes.

Port of Babylon.js 9.31 ``Animations/animatable.core.js`` ``RegisterTargetForLateAnimationBinding``
and ``ProcessLateAnimationBindings`` (with ``_processLateAnimationBindingsForMatrices`` and
``...ForQuaternions``): a runtime animation with a weight queues its value on the scene
instead of writing it; once per step the scene blends the queued values per target property
and writes the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lite_compat.animations.animation import Animation
from lite_compat.animations.property_paths import clone, get_property, set_property
from lite_compat.math import Matrix, Quaternion, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.runtime_animation import RuntimeAnimation
    from lite_compat.scene.scene import Scene

__all__ = ["ProcessLateAnimationBindings", "RegisterTargetForLateAnimationBinding"]


class _LateHolder:
    __slots__ = (
        "additiveAnimations",
        "animations",
        "originalValue",
        "totalAdditiveWeight",
        "totalWeight",
    )

    def __init__(self, originalValue: Any) -> None:
        self.totalWeight = 0.0
        self.totalAdditiveWeight = 0.0
        self.animations: list[RuntimeAnimation] = []
        self.additiveAnimations: list[RuntimeAnimation] = []
        self.originalValue = originalValue


def RegisterTargetForLateAnimationBinding(
    scene: Scene, runtimeAnimation: RuntimeAnimation, originalValue: Any
) -> None:
    """Queue a weighted write of ``runtimeAnimation`` for the end-of-step blend."""
    target = runtimeAnimation.target
    key = id(target)
    entry = scene._lateAnimationHolders.get(key)
    if entry is None:
        entry = (target, {})
        scene._lateAnimationHolders[key] = entry
        scene._registeredForLateAnimationBindings.append(target)
    holders = entry[1]
    holder = holders.get(runtimeAnimation.targetPath)
    if holder is None:
        holder = _LateHolder(originalValue)
        holders[runtimeAnimation.targetPath] = holder
    if runtimeAnimation.isAdditive:
        holder.additiveAnimations.append(runtimeAnimation)
        holder.totalAdditiveWeight += runtimeAnimation.weight
    else:
        holder.animations.append(runtimeAnimation)
        holder.totalWeight += runtimeAnimation.weight


def _process_matrices(holder: _LateHolder) -> Any:
    if holder.totalWeight == 0 and holder.totalAdditiveWeight == 0:
        return holder.originalValue
    normalizer = 1.0
    final_position = Vector3()
    final_scaling = Vector3()
    final_quaternion = Quaternion()
    start_index = 0
    original_animation = holder.animations[0] if holder.animations else None
    original_value = holder.originalValue
    skip_override = False
    if holder.totalWeight < 1.0:
        scale = 1.0 - holder.totalWeight
        original_value.decompose(final_scaling, final_quaternion, final_position)
    else:
        assert original_animation is not None
        start_index = 1
        normalizer = holder.totalWeight
        scale = original_animation.weight / normalizer
        if scale == 1:
            if holder.totalAdditiveWeight:
                skip_override = True
            else:
                return original_animation.currentValue
        original_animation.currentValue.decompose(final_scaling, final_quaternion, final_position)
    if not skip_override:
        final_scaling.scaleInPlace(scale)
        final_position.scaleInPlace(scale)
        final_quaternion.scaleInPlace(scale)
        for runtime in holder.animations[start_index:]:
            if runtime.weight == 0:
                continue
            scale = runtime.weight / normalizer
            position, scaling, quaternion = Vector3(), Vector3(), Quaternion()
            runtime.currentValue.decompose(scaling, quaternion, position)
            scaling.scaleAndAddToRef(scale, final_scaling)
            quaternion.scaleAndAddToRef(
                scale if Quaternion.Dot(final_quaternion, quaternion) > 0 else -scale,
                final_quaternion,
            )
            position.scaleAndAddToRef(scale, final_position)
        final_quaternion.normalize()
    for runtime in holder.additiveAnimations:
        if runtime.weight == 0:
            continue
        position, scaling, quaternion = Vector3(), Vector3(), Quaternion()
        runtime.currentValue.decompose(scaling, quaternion, position)
        scaling.multiplyToRef(final_scaling, scaling)
        Vector3.LerpToRef(final_scaling, scaling, runtime.weight, final_scaling)
        final_quaternion.multiplyToRef(quaternion, quaternion)
        Quaternion.SlerpToRef(final_quaternion, quaternion, runtime.weight, final_quaternion)
        position.scaleAndAddToRef(runtime.weight, final_position)
    work = (
        original_animation._animationState.workValue
        if original_animation is not None
        else Matrix.Identity()
    )
    Matrix.ComposeToRef(final_scaling, final_quaternion, final_position, work)
    return work


def _process_quaternions(holder: _LateHolder, refQuaternion: Any) -> Any:
    if holder.totalWeight == 0 and holder.totalAdditiveWeight == 0:
        return refQuaternion
    original_animation = holder.animations[0] if holder.animations else None
    original_value = holder.originalValue
    cumulative = refQuaternion
    if holder.totalWeight == 0 and holder.totalAdditiveWeight > 0:
        cumulative.copyFrom(original_value)
    elif len(holder.animations) == 1:
        assert original_animation is not None
        Quaternion.SlerpToRef(
            original_value,
            original_animation.currentValue,
            min(1.0, holder.totalWeight),
            cumulative,
        )
        if holder.totalAdditiveWeight == 0:
            return cumulative
    elif len(holder.animations) > 1:
        normalizer = 1.0
        quaternions: list[Any] = []
        weights: list[float] = []
        if holder.totalWeight < 1.0:
            quaternions.append(original_value)
            weights.append(1.0 - holder.totalWeight)
        else:
            if len(holder.animations) == 2:
                Quaternion.SlerpToRef(
                    holder.animations[0].currentValue,
                    holder.animations[1].currentValue,
                    holder.animations[1].weight / holder.totalWeight,
                    refQuaternion,
                )
                if holder.totalAdditiveWeight == 0:
                    return refQuaternion
            normalizer = holder.totalWeight
        for runtime in holder.animations:
            quaternions.append(runtime.currentValue)
            weights.append(runtime.weight / normalizer)
        cumulative_amount = 0.0
        index = 0
        while index < len(quaternions):
            if not index:
                Quaternion.SlerpToRef(
                    quaternions[index],
                    quaternions[index + 1],
                    weights[index + 1] / (weights[index] + weights[index + 1]),
                    refQuaternion,
                )
                cumulative = refQuaternion
                cumulative_amount = weights[index] + weights[index + 1]
                index += 2
                continue
            cumulative_amount += weights[index]
            Quaternion.SlerpToRef(
                cumulative, quaternions[index], weights[index] / cumulative_amount, cumulative
            )
            index += 1
    for runtime in holder.additiveAnimations:
        if runtime.weight == 0:
            continue
        tmp = Quaternion()
        cumulative.multiplyToRef(runtime.currentValue, tmp)
        Quaternion.SlerpToRef(cumulative, tmp, runtime.weight, cumulative)
    return cumulative


def _scale_value(value: Any, scale: float) -> Any:
    scaler = getattr(value, "scale", None)
    return scaler(scale) if callable(scaler) else value * scale


def _process_other(holder: _LateHolder, finalValue: Any) -> Any:
    original_animation = holder.animations[0] if holder.animations else None
    original_value = holder.originalValue
    start_index = 0
    normalizer = 1.0
    relative_from_current = (
        original_animation is not None
        and original_animation._animationState.loopMode
        == Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT
    )
    if holder.totalWeight < 1.0:
        if relative_from_current:
            finalValue = clone(original_value)
        elif original_animation is not None:
            finalValue = _scale_value(original_value, 1.0 - holder.totalWeight)
        else:
            finalValue = clone(original_value)
    elif original_animation is not None:
        normalizer = holder.totalWeight
        scale = original_animation.weight / normalizer
        current = original_animation.currentValue
        if scale != 1:
            finalValue = _scale_value(current, scale)
        elif (len(holder.animations) > 1 or len(holder.additiveAnimations) > 0) and hasattr(
            current, "clone"
        ):
            # Copied rather than aliased: later entries add into finalValue.
            finalValue = current.clone()
        else:
            finalValue = current
        if relative_from_current:
            if hasattr(finalValue, "addToRef"):
                finalValue.addToRef(original_value, finalValue)
            else:
                finalValue += original_value
        start_index = 1
    for runtime in holder.animations[start_index:]:
        scale = runtime.weight / normalizer
        if not scale:
            continue
        current = runtime.currentValue
        if hasattr(current, "scaleAndAddToRef"):
            current.scaleAndAddToRef(scale, finalValue)
        else:
            finalValue += current * scale
    for runtime in holder.additiveAnimations:
        scale = runtime.weight
        if not scale:
            continue
        current = runtime.currentValue
        if hasattr(current, "scaleAndAddToRef"):
            current.scaleAndAddToRef(scale, finalValue)
        else:
            finalValue += current * scale
    return finalValue


def ProcessLateAnimationBindings(scene: Scene) -> None:
    """Blend the weighted/additive writes queued this step and write the results."""
    if not scene._registeredForLateAnimationBindings:
        return
    for target in scene._registeredForLateAnimationBindings:
        _, holders = scene._lateAnimationHolders[id(target)]
        for path, holder in holders.items():
            original_value = holder.originalValue
            if original_value is None:
                continue
            final_value = get_property(target, path)
            if Animation.AllowMatrixDecomposeForInterpolation and isinstance(
                original_value, Matrix
            ):
                final_value = _process_matrices(holder)
            elif hasattr(original_value, "w"):
                final_value = _process_quaternions(holder, final_value or Quaternion.Identity())
            else:
                final_value = _process_other(holder, final_value)
            set_property(target, path, final_value)
    scene._lateAnimationHolders.clear()
    scene._registeredForLateAnimationBindings.clear()
