"""Late animation bindings: the end-of-step blend of weighted and additive writes.

Port of Babylon.js 9.31 ``Animations/animatable.core.js`` ``RegisterTargetForLateAnimationBinding``
and ``ProcessLateAnimationBindings`` (with ``_processLateAnimationBindingsForMatrices`` and
``...ForQuaternions``): a runtime animation with a weight queues its value on the scene
instead of writing it; once per step the scene blends the queued values per target property
and writes the result.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, is_, methodcaller
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite_compat._js import js_div
from lite_compat.animations.animation import Animation
from lite_compat.animations.batch_sampling import _slerp_rows
from lite_compat.animations.property_paths import clone, get_property, is_plain, set_property
from lite_compat.math import Matrix, Quaternion, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.runtime_animation import RuntimeAnimation
    from lite_compat.scene.scene import Scene

__all__ = [
    "LatePlan",
    "ProcessLateAnimationBindings",
    "RegisterTargetForLateAnimationBinding",
    "register_plan",
]


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
    pending: _Pending | None = getattr(scene, "_compatLatePlans", None)
    if (
        pending is not None
        and pending[1]
        and (id(runtimeAnimation.target), runtimeAnimation.targetPath) in pending[1]
    ):
        # A blend a plan holds gets another term: the plan's terms go first, as queued.
        _materialise(scene)
    _register(scene, runtimeAnimation, originalValue)


def _register(scene: Scene, runtimeAnimation: RuntimeAnimation, originalValue: Any) -> None:
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
                    js_div(weights[index + 1], weights[index] + weights[index + 1]),
                    refQuaternion,
                )
                cumulative = refQuaternion
                cumulative_amount = weights[index] + weights[index + 1]
                index += 2
                continue
            cumulative_amount += weights[index]
            Quaternion.SlerpToRef(
                cumulative,
                quaternions[index],
                js_div(weights[index], cumulative_amount),
                cumulative,
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
    pending: _Pending | None = getattr(scene, "_compatLatePlans", None)
    if pending and pending[0]:
        plans = list(pending[0])
        pending[0].clear()
        pending[1].clear()
        _process_holders(scene)
        for plan, originals in plans:
            if not plan.apply(originals):
                # A blend whose value object is one of its terms' (see LatePlan.apply).
                plan.queue(scene, originals)
                _process_holders(scene)
        return
    _process_holders(scene)


def _process_holders(scene: Scene) -> None:
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


# ---------------------------------------------------------------------------------------------
# Array form: the quaternion blends of a batch segment's weighted rows
# ---------------------------------------------------------------------------------------------

#: A scene's queued plans (each with its blends' original values) and their blends' keys.
_Pending = tuple[list[tuple["LatePlan", list[Any]]], set[tuple[int, str]]]


class LatePlan:
    """The quaternion late bindings of a fixed list of weighted runtime animations, blended in
    array form with :func:`_process_quaternions`' arithmetic, term for term.

    ``runtimes`` are in the order the scalar path queues them (the active list's); each
    (target, path) is a blend whose terms are its runtimes in that order. Blends of one or
    two terms (a cross-fade) are computed here; a plan is only made when every blend has at
    most two (:meth:`fitting`) and every runtime is a quaternion track of a lite_compat
    target (batch.py).
    """

    __slots__ = (
        "_first_runtimes",
        "_node_paths",
        "_pair_blends",
        "_pair_seconds",
        "firsts",
        "keys",
        "members",
        "pairs",
        "paths",
        "plain",
        "runtimes",
        "singles",
        "target_paths",
        "targets",
    )

    def __init__(self, runtimes: list[RuntimeAnimation]) -> None:
        self.runtimes = runtimes
        #: The ids of the runtimes (their registrations are the plan's).
        self.members = frozenset(map(id, runtimes))
        blends: dict[tuple[int, str], list[int]] = {}
        targets: list[Any] = []
        paths: list[str] = []
        for i, runtime in enumerate(runtimes):
            key = (id(runtime._directTarget), runtime._targetPath)
            terms = blends.get(key)
            if terms is None:
                terms = blends[key] = []
                targets.append(runtime._directTarget)
                paths.append(runtime._targetPath)
            terms.append(i)
        #: The (target id, path) of every blend (a scalar registration on one materialises).
        self.keys = frozenset(blends)
        #: Per target id, the paths of its blends (:func:`register_plan`'s check).
        self.target_paths: dict[int, list[str]] = {}
        for target_id, path in blends:
            self.target_paths.setdefault(target_id, []).append(path)
        self.targets = targets
        self.paths = paths
        #: Whether every target is a plain object (``target[path]`` is an attribute read and
        #: an attribute store, as :func:`get_property`/:func:`set_property` do for it).
        self.plain = all(map(is_plain, targets))
        #: Whether every blend assigns a plain target's ``rotationQuaternion`` (:meth:`apply`
        #: then runs TransformNode's setter inline where the target's class keeps it).
        self._node_paths = self.plain and all(path == "rotationQuaternion" for path in paths)
        terms_list = list(blends.values())
        #: Each blend's first runtime (whose original value the blend starts from).
        self.firsts = [terms[0] for terms in terms_list]
        self._first_runtimes = [runtimes[i] for i in self.firsts]
        one = [b for b, terms in enumerate(terms_list) if len(terms) == 1]
        two = [b for b, terms in enumerate(terms_list) if len(terms) == 2]
        self.singles = (np.array(one, np.intp), np.array([terms_list[b][0] for b in one], np.intp))
        self.pairs = (
            np.array(two, np.intp),
            np.array([terms_list[b] for b in two], np.intp).reshape(len(two), 2),
        )
        #: The two-term blends and their second runtimes (:meth:`apply`'s check).
        self._pair_blends = two
        self._pair_seconds = [runtimes[terms_list[b][1]] for b in two]

    @staticmethod
    def fitting(runtimes: list[RuntimeAnimation]) -> list[RuntimeAnimation]:
        """The runtimes (in order) whose blends among ``runtimes`` have one or two terms."""
        counts: dict[tuple[int, str], int] = {}
        for runtime in runtimes:
            key = (id(runtime._directTarget), runtime._targetPath)
            counts[key] = counts.get(key, 0) + 1
        return [r for r in runtimes if counts[(id(r._directTarget), r._targetPath)] <= 2]

    def originals(self) -> list[Any]:
        """Each blend's original value (its first runtime's, as the scalar path queues it)."""
        return list(map(_ORIGINAL, self._first_runtimes))

    def queue(self, scene: Scene, originals: list[Any]) -> None:
        """Queue the plan's runtimes one by one (in order), as the scalar path does."""
        firsts = dict(zip(self.firsts, originals, strict=True))
        for i, runtime in enumerate(self.runtimes):
            original = firsts.get(i)
            _register(scene, runtime, original if original is not None else runtime._originalAt(0))

    def apply(self, originals: list[Any]) -> bool:
        """Blend and write every (target, path) of the plan (``originals``: each blend's
        original value, as queued); False, writing nothing, when a two-term blend's value
        object is its second term's own (a track first played unweighted shares it with the
        property): the scalar blend then reads that term after its first slerp wrote it."""
        runtimes = self.runtimes
        count = len(runtimes)
        targets, paths = self.targets, self.paths
        if self.plain:
            refs: list[Any] = list(map(getattr, targets, paths, repeat(None)))
        else:
            refs = list(map(get_property, targets, paths))
        if not all(refs):
            refs = [ref or Quaternion.Identity() for ref in refs]
        if self._pair_blends and any(
            map(is_, map(refs.__getitem__, self._pair_blends), map(_CURRENT, self._pair_seconds))
        ):
            return False
        weights = np.fromiter(map(_WEIGHT, runtimes), np.float64, count)
        values = _current_rows(runtimes)
        origin = _quaternion_rows(originals)
        # Blends of total weight 0 leave their value object as it is (still assigned back).
        out = np.empty((len(refs), 4))
        written = np.zeros(len(refs), dtype=bool)
        blends, terms = self.singles
        if len(blends):
            # One term: Slerp(original, current, min(1, total)); total 0 leaves the value.
            total = 0.0 + weights[terms]
            amount = np.where(total < 1.0, total, 1.0)
            with np.errstate(all="ignore"):
                result = _slerp_rows(origin[blends], values[terms], amount)
            live = total != 0
            out[blends[live]] = result[live]
            written[blends] = live
        blends, terms = self.pairs
        if len(blends):
            w0 = weights[terms[:, 0]]
            w1 = weights[terms[:, 1]]
            total = 0.0 + w0 + w1
            q0 = values[terms[:, 0]]
            q1 = values[terms[:, 1]]
            with np.errstate(all="ignore"):
                # total >= 1 (or NaN): Slerp(q0, q1, w1 / total).
                high = _slerp_rows(q0, q1, w1 / total)
                # total < 1: the original's share first, then each term's.
                rest = 1.0 - total
                first = _slerp_rows(origin[blends], q0, w0 / (rest + w0))
                cumulative = rest + w0 + w1
                low = _slerp_rows(first, q1, w1 / cumulative)
            under = total < 1.0
            result = np.where(under[:, None], low, high)
            live = total != 0
            out[blends[live]] = result[live]
            written[blends] = live
        if self._node_paths:
            _write_nodes(targets, refs, out, written.tolist())
            return True
        store = setattr if self.plain else set_property
        for target, path, ref, (x, y, z, w), write in zip(
            targets, paths, refs, out.tolist(), written.tolist(), strict=True
        ):
            if write:
                ref.x = x
                ref.y = y
                ref.z = z
                ref.w = w
            store(target, path, ref)
        return True


# ---------------------------------------------------------------------------------------------
# TransformNode.rotationQuaternion assignments, inline
# ---------------------------------------------------------------------------------------------

_NODE_MODULE: Final = "lite_compat.nodes.transform_node"
#: Instance data the inline assignment stores and reads (a class-level name would take them).
_NODE_FIELDS: Final = ("_rotationQuaternion", "_rotation", "_isDirty", "customMarkAsDirty")
_SET_ALL: Final = Vector3.setAll


def _genuine(function: Any, qualname: str) -> bool:
    """Whether ``function`` is TransformNode's own ``qualname``: defined in its module's file
    (a patch or a wrapper, even one named like it, is defined elsewhere)."""
    code = getattr(function, "__code__", None)
    namespace = getattr(function, "__globals__", None)
    return (
        code is not None
        and isinstance(namespace, dict)
        and namespace.get("__name__") == _NODE_MODULE
        and code.co_filename == namespace.get("__file__")
        and getattr(function, "__qualname__", None) == qualname
    )


def _inline_epoch(cls: type) -> list[int] | None:
    """The leaf epoch TransformNode's ``rotationQuaternion`` setter bumps, when assigning
    ``cls.rotationQuaternion`` runs exactly TransformNode's setter and ``_markAsDirtyInternal``
    on plain instance data (None otherwise: a subclass's or a patched member, a class-level
    name shadowing a field, a custom ``__setattr__``)."""
    prop = getattr(cls, "rotationQuaternion", None)
    if not isinstance(prop, property) or not _genuine(
        prop.fset, "TransformNode.rotationQuaternion"
    ):
        return None
    if not _genuine(
        getattr(cls, "_markAsDirtyInternal", None), "TransformNode._markAsDirtyInternal"
    ):
        return None
    members: Any = cls
    if members.__setattr__ is not object.__setattr__ or members.__getattribute__ is not (
        object.__getattribute__
    ):
        return None
    if any(hasattr(cls, name) for name in _NODE_FIELDS):
        return None
    epoch = getattr(prop.fset, "__globals__", {}).get("_LEAF_EPOCH")
    return epoch if isinstance(epoch, list) else None


def _write_nodes(targets: list[Any], refs: list[Any], out: np.ndarray, written: list[bool]) -> None:
    """``target.rotationQuaternion = ref`` after writing each blend's result (a row of
    ``out``) into its ``ref`` where ``written``, blend by blend, as :meth:`LatePlan.apply`'s
    scalar loop does. Where every target's class assigns with TransformNode's own setter
    (:func:`_inline_epoch`, taken again at each call), that setter's body runs inline: the
    store, the epoch bump, ``rotation.setAll(0.0)`` (inline for a plain Vector3), then
    ``_markAsDirtyInternal`` (``customMarkAsDirty`` called where it was): the same steps in
    the same order. A target with its own ``_markAsDirtyInternal`` goes through its setter."""
    classes = set(map(type, targets))
    epoch = _inline_epoch(classes.pop()) if len(classes) == 1 else None
    flat = iter(out.ravel().tolist())
    if epoch is None:
        epochs = {cls: _inline_epoch(cls) for cls in set(map(type, targets))}
        for target, ref, x, y, z, w, write in zip(
            targets, refs, flat, flat, flat, flat, written, strict=True
        ):
            if write:
                ref.x = x
                ref.y = y
                ref.z = z
                ref.w = w
            own = epochs[type(target)]
            if own is None or "_markAsDirtyInternal" in target.__dict__:
                target.rotationQuaternion = ref
            else:
                _assign_inline(target, ref, own)
        return
    plain_set_all = Vector3.__dict__.get("setAll") is _SET_ALL
    for target, ref, x, y, z, w, write in zip(
        targets, refs, flat, flat, flat, flat, written, strict=True
    ):
        if write:
            ref.x = x
            ref.y = y
            ref.z = z
            ref.w = w
        if "_markAsDirtyInternal" in target.__dict__:
            target.rotationQuaternion = ref
            continue
        # TransformNode's rotationQuaternion setter (ref is not None), inline.
        target._rotationQuaternion = ref
        epoch[0] += 1
        rotation = target._rotation
        if plain_set_all and type(rotation) is Vector3:
            rotation.x = rotation.y = rotation.z = 0.0
        else:
            rotation.setAll(0.0)
        if not target._isDirty:
            target._isDirty = True
            mark = target.customMarkAsDirty
            if mark is not None:
                mark()


def _assign_inline(target: Any, ref: Any, epoch: list[int]) -> None:
    """TransformNode's ``rotationQuaternion`` setter given ``ref`` (not None), inline."""
    target._rotationQuaternion = ref
    epoch[0] += 1
    target._rotation.setAll(0.0)
    if not target._isDirty:
        target._isDirty = True
        mark = target.customMarkAsDirty
        if mark is not None:
            mark()


_CURRENT: Final = attrgetter("_currentValue")
_WEIGHT: Final = attrgetter("_weight")
_ORIGINAL: Final = methodcaller("_originalAt", 0)


def _quaternion_rows(quaternions: list[Any]) -> np.ndarray:
    """The (n, 4) float64 rows of ``quaternions``' components (x, y, z, w), read in order."""
    flat: list[float] = []
    extend = flat.extend
    for q in quaternions:
        extend((q.x, q.y, q.z, q.w))
    return np.array(flat, np.float64).reshape(len(quaternions), 4)


def _current_rows(runtimes: list[RuntimeAnimation]) -> np.ndarray:
    """:func:`_quaternion_rows` of the runtimes' current values (one plain loop)."""
    flat: list[float] = []
    extend = flat.extend
    for runtime in runtimes:
        q = runtime._currentValue
        extend((q.x, q.y, q.z, q.w))
    return np.array(flat, np.float64).reshape(len(runtimes), 4)


def register_plan(scene: Scene, plan: LatePlan) -> bool:
    """Queue ``plan``'s blends (its runtimes' weights and values are set); False when another
    registration of this step shares a blend with it (the caller then queues them one by one).
    """
    holders = scene._lateAnimationHolders
    if holders:
        shared = plan.target_paths.keys() & holders.keys()
        for target_id in shared:
            owned = holders[target_id][1]
            for path in plan.target_paths[target_id]:
                if path in owned:
                    return False
    pending: _Pending | None = getattr(scene, "_compatLatePlans", None)
    if pending is None:
        pending = ([], set())
        try:
            scene._compatLatePlans = pending  # type: ignore[attr-defined]
        except AttributeError:
            return False
    if not pending[1].isdisjoint(plan.keys):
        _materialise(scene)
        return False
    originals = plan.originals()
    if not all(map(is_, map(type, originals), repeat(Quaternion))):
        return False
    pending[0].append((plan, originals))
    pending[1].update(plan.keys)
    return True


def _materialise(scene: Scene) -> None:
    """Turn the pending plans back into queued registrations, in their order."""
    pending: _Pending = scene._compatLatePlans  # type: ignore[attr-defined]
    plans = list(pending[0])
    pending[0].clear()
    pending[1].clear()
    for plan, originals in plans:
        plan.queue(scene, originals)
