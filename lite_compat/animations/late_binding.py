"""Late animation bindings: the end-of-step blend of weighted and additive writes.

Port of Babylon.js 9.31 ``Animations/animatable.core.js`` ``RegisterTargetForLateAnimationBinding``
and ``ProcessLateAnimationBindings`` (with ``_processLateAnimationBindingsForMatrices`` and
``...ForQuaternions``): a runtime animation with a weight queues its value on the scene
instead of writing it; once per step the scene blends the queued values per target property
and writes the result.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import attrgetter, contains, is_, methodcaller
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np

from lite_compat._js import js_div
from lite_compat._words import FloatWords, word
from lite_compat.animations.animation import Animation
from lite_compat.animations.batch_sampling import _slerp_rows
from lite_compat.animations.object_words import _GET_DICT_PTR, WordGuard, class_word
from lite_compat.animations.property_paths import clone, get_property, is_plain, set_property
from lite_compat.math import Matrix, Quaternion, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.runtime_animation import RuntimeAnimation
    from lite_compat.scene.scene import Scene

__all__ = [
    "FAST_PLAN",
    "LatePlan",
    "ProcessLateAnimationBindings",
    "RegisterTargetForLateAnimationBinding",
    "register_plan",
]


#: Whether a :class:`LatePlan` reads its quaternions through their words and writes its
#: nodes pass by pass where it may (False: the plain reads and the blend-by-blend writes; the
#: differential tests compare both).
FAST_PLAN: Final = [True]


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
        "_reads",
        "_stale",
        "_zeroed",
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
        #: The word reads of the runtimes' values and the blends' originals (:class:`_Reads`;
        #: None: made at the next read, or read through Python while ``_stale``).
        self._reads: _Reads | None = None
        self._stale = False
        #: The targets' rotations the last fast write zeroed, with the guard of their words
        #: (:func:`_write_nodes`).
        self._zeroed: list[Any] = [None, None]

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
        reads = self._current_reads()
        if reads is not None:
            return reads.originals
        return list(map(_ORIGINAL, self._first_runtimes))

    def _current_reads(self) -> _Reads | None:
        """The plan's :class:`_Reads` while its runtimes hold the value objects and originals
        it was made with (made again when they moved, at most every other call)."""
        reads = self._reads
        if not FAST_PLAN[0]:
            return None
        if reads is not None:
            if reads.current():
                return reads
            self._reads = None
            self._stale = True
            return None
        if self._stale:
            self._stale = False
            return None
        reads = self._reads = _Reads.build(self.runtimes, self._first_runtimes)
        return reads

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
            node_refs = _node_refs(targets) if self._node_paths and FAST_PLAN[0] else None
            refs: list[Any] = (
                list(map(getattr, targets, paths, repeat(None))) if node_refs is None else node_refs
            )
        else:
            refs = list(map(get_property, targets, paths))
        held = FAST_PLAN[0]
        if not all(refs):
            refs = [ref or Quaternion.Identity() for ref in refs]
            held = False
        if self._pair_blends and any(
            map(is_, map(refs.__getitem__, self._pair_blends), map(_CURRENT, self._pair_seconds))
        ):
            return False
        weights = np.fromiter(map(_WEIGHT, runtimes), np.float64, count)
        reads = self._current_reads()
        values = origin = None
        if reads is not None:
            values = reads.values()
            if values is not None and originals is reads.originals:
                origin = reads.origins()
        if values is None:
            values = _current_rows(runtimes)
        if origin is None:
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
            under = total < 1.0
            # Each blend takes one of two formulas; each is computed on the blends that take
            # it only (row by row, so the rows' numbers are those of computing it on all).
            result = np.empty((len(blends), 4))
            with np.errstate(all="ignore"):
                over = ~under
                if over.any():
                    # total >= 1 (or NaN): Slerp(q0, q1, w1 / total).
                    if under.any():
                        result[over] = _slerp_rows(q0[over], q1[over], w1[over] / total[over])
                    else:
                        result = _slerp_rows(q0, q1, w1 / total)
                if under.any():
                    # total < 1: the original's share first, then each term's.
                    low_blends = blends[under]
                    u0, u1, t = w0[under], w1[under], total[under]
                    rest = 1.0 - t
                    first = _slerp_rows(origin[low_blends], q0[under], u0 / (rest + u0))
                    cumulative = rest + u0 + u1
                    result[under] = _slerp_rows(first, q1[under], u1 / cumulative)
            live = total != 0
            out[blends[live]] = result[live]
            written[blends] = live
        if self._node_paths:
            flags = written.tolist()
            if not (held and _fast_nodes(targets, refs, out, flags, self._zeroed)):
                _write_nodes(targets, refs, out, flags)
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


def _node_refs(targets: list[Any]) -> list[Any] | None:
    """What ``getattr(target, "rotationQuaternion", None)`` gives for each target, read as
    TransformNode's own getter reads it (``_rotationQuaternion``, no Python call per target)
    where the targets' one class reads with that getter on plain instance data; None
    otherwise (a subclass's or a patched getter, a class-level ``_rotationQuaternion``, a
    custom ``__getattribute__`` or ``__getattr__``)."""
    classes = set(map(type, targets))
    if len(classes) != 1:
        return None
    cls: Any = classes.pop()
    prop = getattr(cls, "rotationQuaternion", None)
    if (
        not isinstance(prop, property)
        or not _genuine(prop.fget, "TransformNode.rotationQuaternion")
        or cls.__getattribute__ is not object.__getattribute__
        or hasattr(cls, "__getattr__")
        or hasattr(cls, "_rotationQuaternion")
    ):
        return None
    return list(map(getattr, targets, repeat("_rotationQuaternion"), repeat(None)))


def _write_nodes(targets: list[Any], refs: list[Any], out: np.ndarray, written: list[bool]) -> None:
    """``target.rotationQuaternion = ref`` after writing each blend's result (a row of
    ``out``) into its ``ref`` where ``written``, blend by blend, as :meth:`LatePlan.apply`'s
    scalar loop does. Where every target's class assigns with TransformNode's own setter
    (:func:`_inline_epoch`, taken again at each call), that setter's body runs inline: the
    store, the epoch bump, ``rotation.setAll(0.0)`` (inline for a plain Vector3), then
    ``_markAsDirtyInternal`` (``customMarkAsDirty`` called where it was): the same steps in
    the same order. A target with its own ``_markAsDirtyInternal`` goes through its setter."""
    classes = set(map(type, targets))
    cls = classes.pop() if len(classes) == 1 else None
    epoch = None if cls is None else _inline_epoch(cls)
    flat = iter(out.ravel().tolist())
    if cls is None or epoch is None:
        epochs = {
            cls: None if own is None else _bump_of(cls, own)
            for cls in set(map(type, targets))
            for own in (_inline_epoch(cls),)
        }
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
    bump = _bump_of(cls, epoch)
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
        bump(target)
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


def _fast_nodes(
    targets: list[Any], refs: list[Any], out: np.ndarray, written: list[bool], zeroed: list[Any]
) -> bool:
    """:func:`_write_nodes` pass by pass; False, writing nothing, where it may not.

    ``refs``: what each target's ``rotationQuaternion`` getter returned (none replaced).
    Where the targets' one class assigns with TransformNode's own setter and reads with its
    own getter (:func:`_inline_epoch`), every target is already dirty (no
    ``customMarkAsDirty`` runs, so no one can see the order of the stores) and holds no
    ``_markAsDirtyInternal`` of its own, every rotation is a plain Vector3 and every ref a
    plain Quaternion: the components are stored, then the rotations zeroed (skipped while a
    guard finds their words still on the 0.0 this pass stored: ``zeroed``, the plan's
    cache); ``_rotationQuaternion`` keeps the object it holds (the getter returned it as the
    ref) and the leaf epoch stays (no leaf object was replaced)."""
    classes = set(map(type, targets))
    if len(classes) != 1:
        return False
    cls: Any = classes.pop()
    if _inline_epoch(cls) is None or not _genuine(
        cls.rotationQuaternion.fget, "TransformNode.rotationQuaternion"
    ):
        return False
    if (
        Vector3.__dict__.get("setAll") is not _SET_ALL
        or not all(map(_DIRTY, targets))
        or any(map(contains, map(_INSTANCE_DICT, targets), repeat("_markAsDirtyInternal")))
        or not all(map(is_, map(type, refs), repeat(Quaternion)))
    ):
        return False
    rotations, guard = zeroed
    if rotations is None or not all(map(is_, map(_ROTATION, targets), rotations)):
        rotations = list(map(_ROTATION, targets))
        guard = None
    if not all(map(is_, map(type, rotations), repeat(Vector3))):
        return False
    flat = iter(out.ravel().tolist())
    if all(written):
        for ref, x, y, z, w in zip(refs, flat, flat, flat, flat, strict=True):
            ref.x = x
            ref.y = y
            ref.z = z
            ref.w = w
    else:
        for ref, x, y, z, w, write in zip(refs, flat, flat, flat, flat, written, strict=True):
            if write:
                ref.x = x
                ref.y = y
                ref.z = z
                ref.w = w
    if guard is None or not guard.unchanged():
        for rotation in rotations:
            rotation.x = rotation.y = rotation.z = 0.0
        # Every component now holds this code's 0.0: while their words stay, so does it.
        guard = WordGuard.build([(rotations, "x"), (rotations, "y"), (rotations, "z")], [], [])
    zeroed[0] = rotations
    zeroed[1] = guard
    return True


def _bump_of(cls: type, epoch: list[int]) -> Callable[[Any], None]:
    """What TransformNode's ``rotationQuaternion`` setter (``cls``'s: :func:`_inline_epoch`
    found it genuine, with ``epoch``) calls to bump the leaf epoch: its module's
    ``_leaf_replaced`` (the epoch and its log of the nodes), else the epoch alone."""
    setter = getattr(getattr(cls, "rotationQuaternion", None), "fset", None)
    bump = getattr(setter, "__globals__", {}).get("_leaf_replaced")
    if callable(bump):
        return cast("Callable[[Any], None]", bump)

    def epoch_only(_node: Any) -> None:
        epoch[0] += 1

    return epoch_only


def _assign_inline(target: Any, ref: Any, bump: Callable[[Any], None]) -> None:
    """TransformNode's ``rotationQuaternion`` setter given ``ref`` (not None), inline
    (``bump``: :func:`_bump_of`)."""
    target._rotationQuaternion = ref
    bump(target)
    target._rotation.setAll(0.0)
    if not target._isDirty:
        target._isDirty = True
        mark = target.customMarkAsDirty
        if mark is not None:
            mark()


_CURRENT: Final = attrgetter("_currentValue")
_WEIGHT: Final = attrgetter("_weight")
_ORIGINAL: Final = methodcaller("_originalAt", 0)
_ORIGINAL_LIST: Final = attrgetter("_originalValueList")
_ROTATION: Final = attrgetter("_rotation")
_DIRTY: Final = attrgetter("_isDirty")
_INSTANCE_DICT: Final = attrgetter("__dict__")


def _own_dict(obj: Any) -> dict[str, Any] | None:
    """``obj``'s instance dict where one was made (None: none yet; reading ``__dict__``
    would make one)."""
    address = _GET_DICT_PTR(obj)
    return obj.__dict__ if address and word(address) else None


_XYZW: Final = (("x", "y", "z", "w"),)


class _Reads:
    """The runtimes' value quaternions and the blends' originals of a :class:`LatePlan` read
    through their float words (:class:`~lite_compat._words.FloatWords`) instead of four
    attribute reads each, while a :class:`~lite_compat.animations.object_words.WordGuard`
    finds that every runtime still holds the objects the readers were made with: the words
    of their ``_currentValue``, ``_originalValueList`` and ``_originalValue0`` members and
    their class words (and their class's ``_originalAt`` the one it was). The numbers are
    those the Python reads give (a component that is not a ``float`` is read through
    Python; a value whose class changed sends the read back to Python)."""

    __slots__ = (
        "_current",
        "_guard",
        "_origin",
        "_origin_out",
        "_original_at",
        "_out",
        "_type",
        "originals",
    )

    def __init__(
        self,
        guard: WordGuard,
        kind: type,
        current: FloatWords,
        origin: FloatWords,
        originals: list[Any],
        count: int,
    ) -> None:
        self._guard = guard
        self._type = kind
        self._original_at = kind._originalAt  # type: ignore[attr-defined]
        self._current = current
        self._origin = origin
        #: The blends' originals (what ``_originalAt(0)`` of each first runtime returns).
        self.originals = originals
        self._out = np.empty(4 * count, np.float64)
        self._origin_out = np.empty(4 * len(originals), np.float64)

    @classmethod
    def build(cls, runtimes: list[Any], firsts: list[Any]) -> _Reads | None:
        """The reads of ``runtimes`` (``firsts``: each blend's first), or None where they
        cannot be made (runtimes of several classes or a class that overrides members,
        values or originals that are not of one plain quaternion class)."""
        kinds = set(map(type, runtimes))
        if len(kinds) != 1:
            return None
        kind = kinds.pop()
        if _GET_DICT_PTR is None or not all(map(is_, map(_ORIGINAL_LIST, firsts), repeat(None))):
            return None
        # An instance attribute could shadow ``_originalAt``: none is there now, and the
        # guard watches each instance dict (its pointer, and its contents where there is one).
        dict_words = [int(_GET_DICT_PTR(r) or 0) for r in runtimes]
        if not all(dict_words):
            return None
        dicts = [d for d in map(_own_dict, runtimes) if d is not None]
        if any(map(contains, dicts, repeat("_originalAt"))):
            return None
        currents = list(map(_CURRENT, runtimes))
        originals = list(map(_ORIGINAL, firsts))
        current = FloatWords.build(currents, _XYZW)
        origin = FloatWords.build(originals, _XYZW)
        if current is None or origin is None:
            return None
        guard = WordGuard.build(
            [
                (runtimes, "_currentValue"),
                (firsts, "_originalValueList"),
                (firsts, "_originalValue0"),
            ],
            dicts,
            [],
            [*map(class_word, runtimes), *dict_words],
            [kind, *dicts],
        )
        if guard is None:
            return None
        return cls(guard, kind, current, origin, originals, len(runtimes))

    def current(self) -> bool:
        """Whether the runtimes still hold what the readers read (see the class doc)."""
        original_at = self._type._originalAt  # type: ignore[attr-defined]
        return original_at is self._original_at and self._guard.unchanged()

    def values(self) -> np.ndarray | None:
        """:func:`_current_rows` of the runtimes (None: read them through Python)."""
        out = self._out
        return out.reshape(-1, 4) if self._current.read(out) else None

    def origins(self) -> np.ndarray | None:
        """:func:`_quaternion_rows` of :attr:`originals` (None: read them through Python)."""
        out = self._origin_out
        return out.reshape(-1, 4) if self._origin.read(out) else None


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
