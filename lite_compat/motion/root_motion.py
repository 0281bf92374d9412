"""Babylon.js root motion: ``RootMotionSource``, ``RootMotionClip`` and ``RootMotionController``.

Port of ``@babylonjs/core`` 9.31 ``Animations/rootMotion.js``. A :class:`RootMotionClip`
analyses an animation group once (the root's own travel and turn, or, for an in-place clip,
the travel its planted contact nodes give up), keeps that motion as a float32 track sampled
``samplesPerSecond`` times a second, and builds the in-place group to play: a clone of the
source with the motion left out of the root's keys. A
:class:`~lite_compat.motion.root_motion_controller.RootMotionController` moves the
character node by the motion of the pose each clip's in-place group evaluated, once per
animation step (after the scene's animations), weighing clips the way the mixer weighs their
root channel.

``lite.extract_root_motion`` and ``lite.enable_root_motion`` do the same job on native clips,
but sample the root at two times; Babylon's clip reads a precomputed track, snaps the
direction of travel and measures the turn as a best-fit yaw, so the facade carries Babylon's
own maths.

Differences from Babylon.js: the analysis errors Babylon throws as plain ``Error``s are coded
(``LITE-COMPAT-203`` to ``-208``); Babylon's ``RootMotionSource.None`` is spelled
``RootMotionSource.None_`` in Python (``getattr(RootMotionSource, "None")`` works too). The
controller reads the mixer's writes of each step from the records the runtime animations keep
while a controller exists (Babylon keeps them on the scene); writes made between steps are not
carried over to the next step.
"""

from __future__ import annotations

import array
import math
from collections.abc import Sequence
from typing import Any, Final

from lite_compat._js import js_floor, js_sin
from lite_compat.animations.animation import Animation
from lite_compat.animations.animation_group import AnimationGroup
from lite_compat.animations.runtime_animation import RuntimeAnimation
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.motion.root_motion_options import (
    _CONTACT_HEIGHT_BAND,
    _DEDUCED_SNAP,
    _FOOT,
    _MAX_SAMPLES,
    _MINIMUM_STRAIGHTNESS,
    _NONE,
    _PLANTED_HEIGHT_BAND,
    _RECEIVER,
    _ROOT,
    _TANGENT_DELTA,
    _TRACK_STRIDE,
    _TWO_PI,
    _f32,
    _fail,
    _is_joint,
    _js_round,
    _key_get,
    _Options,
    _wrap_angle,
)
from lite_compat.motion.root_motion_space import RootMotionSpace
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["RootMotionClip", "RootMotionSource"]


class RootMotionSource:
    """Where the travel of a :class:`RootMotionClip` comes from (``BABYLON.RootMotionSource``).

    ``None_`` (Babylon's ``RootMotionSource.None``; also reachable as
    ``getattr(RootMotionSource, "None")``): no motion was found. ``Root``: the root node's own
    animation. ``FootContact``: deduced from the contact nodes of an in-place clip.
    """

    None_: Final = 0
    Root: Final = 1
    FootContact: Final = 2


setattr(RootMotionSource, "None", 0)  # noqa: B010 - a Python keyword, reachable by getattr


def _clone_animation(source: Animation, cloneKeys: bool = False) -> Animation:
    """``Animation.clone`` keeping the easing function and events (Babylon's ``CloneAnimation``)."""
    animation = source.clone(cloneKeys)
    easing = source.getEasingFunction()
    if easing is not None:
        animation.setEasingFunction(easing)
    for event in source.getEvents():
        animation.addEvent(event)
    return animation


class _Candidate:
    __slots__ = ("animation", "covers", "span")

    def __init__(self, animation: Animation, span: float, covers: bool) -> None:
        self.animation = animation
        self.span = span
        self.covers = covers


def _clock_beats(candidate: _Candidate, other: _Candidate) -> bool:
    if candidate.covers != other.covers:
        return candidate.covers
    position = candidate.animation.targetProperty == "position"
    other_position = other.animation.targetProperty == "position"
    if candidate.covers and position != other_position:
        return position
    if candidate.span != other.span:
        return candidate.span > other.span
    return position and not other_position


def _clock_channel(
    channels: dict[str, Animation], fromFrame: float, toFrame: float
) -> _Candidate | None:
    best: _Candidate | None = None
    for prop in ("position", "rotationQuaternion", "rotation", "scaling"):
        animation = channels.get(prop)
        if animation is None:
            continue
        keys = animation.getKeys()
        first = _key_get(keys[0], "frame") if keys else 0
        last = _key_get(keys[-1], "frame") if keys else 0
        candidate = _Candidate(
            animation, last - first, last > first and first <= fromFrame and last >= toFrame
        )
        if best is None or _clock_beats(candidate, best):
            best = candidate
    return best


class RootMotionClip(RootMotionSpace):
    """The root motion of an animation group (``BABYLON.RootMotionClip``).

    Parameters
    ----------
    animationGroup
        The group to analyse; it is never changed.
    options
        A dict (or object) with Babylon's ``IRootMotionClipOptions``: ``rootNode``,
        ``characterNode``, ``upAxis``, ``source`` (a :class:`RootMotionSource`),
        ``contactNodes``, ``extractRotation`` (True, False or None: by the turn measured),
        ``extractLateralMotion``, ``directionSnapAngle``, ``minimumTravel`` (share of the
        character's height, default 0.1), ``minimumTurn`` (default pi / 18),
        ``samplesPerSecond`` (default 60), ``cloneAnimations``, ``name``.

    Raises
    ------
    AnimationStateError
        ``LITE-COMPAT-203`` for a group with nothing to analyse (additive, empty, animating no
        transform node), ``-204`` when the group animates the character node or the root has
        no parent, ``-205`` for ``source=Root`` on a root without a position animation,
        ``-206`` for a bone with no linked transform node, ``-208`` for options of the wrong
        type. Nothing is built on refusal.
    """

    def __init__(self, animationGroup: AnimationGroup, options: object = None) -> None:
        if not isinstance(animationGroup, AnimationGroup):
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: animationGroup must be an AnimationGroup, got "
                f"{type(animationGroup).__name__}",
                "pass the AnimationGroup to analyse (from the glTF loader or built in code)",
                "animationGroup",
            )
        opts = _Options(options)
        self._clockNode: TransformNode | None = None
        self._clockProperty = "position"
        self._clockAnimation: Animation | None = None
        self._clockRuntime: RuntimeAnimation | None = None
        self._clockAnimatable: Any = None
        self._foundAnimatable: Any = None
        self._syncRoot: Any = None
        self._syncRuntime: Any = None
        self._lastProgress: float | None = None
        self._parked = False
        self._staleRuntime: RuntimeAnimation | None = None
        self._staleProgress: float | None = None
        # The controller's records of this clip's clock channel, and the controller (a
        # RootMotionController; typed loosely: the controller module imports this one).
        self._writers: Any = None
        self._controller: Any = None
        self._lateralDrift = Vector3.Zero()
        self._channels: dict[TransformNode, dict[str, Animation]] = {}
        self._source = _NONE
        self._rootNode: TransformNode | None = None
        self._contactNodes: list[TransformNode] = []
        self._travelDirection = Vector3(0, 0, 1)
        self._cycleOffset = Vector3.Zero()
        self._cycleRotation = 0.0
        self._turns = False
        self._duration = 0.0
        self._characterHeight = 0.0
        self._fromFrame = 0.0
        self._toFrame = 0.0
        self._sampleCount = 1
        self._track = _f32(2 * _TRACK_STRIDE)
        self._removesRootTravel = False
        self._pivots = False
        self._restoredPosition: Vector3 | None = None
        self._clockIndex = -1
        self._sampleBlend = 0.0
        self._lastOffset = Vector3.Zero()
        self._rangeStart = Vector3.Zero()
        self._rangeCycle = Vector3.Zero()
        self._cyclesOffset = Vector3.Zero()
        self._planarStep = Vector3.Zero()
        self._yawQuaternion = Quaternion()
        self._yawMatrix = Matrix()
        self._sourceGroup = animationGroup
        self._upAxis = (opts.upAxis or Vector3.UpReadOnly).normalizeToNew()
        self._extractLateral = bool(opts.extractLateralMotion)
        self._directionSnapAngle = opts.directionSnapAngle
        name = opts.name if opts.name is not None else f"{animationGroup.name} (in place)"
        group_name = animationGroup.name
        if animationGroup.isAdditive:
            raise _fail(
                "LITE-COMPAT-203",
                f'RootMotionClip: animation group "{group_name}" is additive',
                "build the clip from the group it was made additive from, then make the "
                "clip's in-place group additive",
                "animationGroup",
            )
        targeted = animationGroup.targetedAnimations
        if not targeted:
            raise _fail(
                "LITE-COMPAT-203",
                f'RootMotionClip: animation group "{group_name}" has no animations',
                "add targeted animations to the group before analysing it",
                "animationGroup",
            )
        for ta in targeted:
            target = ta.target
            prop = ta.animation.targetProperty
            if not isinstance(target, TransformNode):
                continue
            if prop in ("position", "rotationQuaternion", "rotation", "scaling"):
                self._channels.setdefault(target, {})[prop] = ta.animation

        def refuse_animated_receiver(node: TransformNode) -> None:
            for ta in targeted:
                if ta.target is node and _RECEIVER.match(ta.animation.targetProperty):
                    raise _fail(
                        "LITE-COMPAT-204",
                        f'RootMotionClip: animation group "{group_name}" animates the '
                        f'character node "{node.name}", which is to receive the motion',
                        "parent the character under a node the group does not animate, or "
                        "pass such an ancestor as characterNode",
                        "characterNode",
                    )

        if opts.characterNode is not None:
            refuse_animated_receiver(opts.characterNode)
        self._rootNode = (
            self._resolveNode(opts.rootNode) if opts.rootNode is not None else self._findRootNode()
        )
        anchor = self._rootNode if self._rootNode is not None else self._firstAnimatedNode()
        if anchor is None:
            raise _fail(
                "LITE-COMPAT-203",
                f'RootMotionClip: animation group "{group_name}" does not animate any '
                "transform node",
                "root motion moves transform nodes (a glTF node, a bone's linked node)",
                "animationGroup",
            )
        character = opts.characterNode
        if character is None or character is anchor or not anchor.isDescendantOf(character):
            character = self._topmostAncestor(anchor)
        if character is anchor:
            raise _fail(
                "LITE-COMPAT-204",
                f'RootMotionClip: the root node "{anchor.name}" has no parent to carry its motion',
                "parent the character under a node of its own",
                "rootNode",
            )
        refuse_animated_receiver(character)
        self._characterNode: TransformNode = character
        played_from = animationGroup.from_
        played_to = animationGroup.to
        clock_node: TransformNode | None = None
        clock: Animation | None = None
        anchor_channels = self._channels.get(anchor)
        anchor_clock = (
            _clock_channel(anchor_channels, played_from, played_to) if anchor_channels else None
        )
        if anchor_clock is not None and anchor_clock.span > 0:
            clock_node = anchor
            clock = anchor_clock.animation
        else:
            best: _Candidate | None = None
            for node, channels in self._channels.items():
                if node is not anchor and not node.isDescendantOf(anchor):
                    continue
                candidate = _clock_channel(channels, played_from, played_to)
                if candidate is None:
                    continue
                if best is None or _clock_beats(candidate, best):
                    best = candidate
                    clock_node = node
                    clock = candidate.animation
        if clock_node is None or clock is None:
            raise _fail(
                "LITE-COMPAT-203",
                f'RootMotionClip: animation group "{group_name}" animates neither the root '
                f'node "{anchor.name}" nor any node under it',
                "pass the rootNode the group animates",
                "rootNode",
            )
        root = self._rootNode
        root_channels = self._channels.get(root) if root is not None else None
        if opts.source == _ROOT and not (root_channels and "position" in root_channels):
            raise _fail(
                "LITE-COMPAT-205",
                f'RootMotionClip: the root node "{root.name if root else None}" has no '
                "position animation to take the travel from",
                "omit the source to deduce it from the contact nodes, or pass another rootNode",
                "source",
            )
        self._clockNode = clock_node
        self._clockProperty = clock.targetProperty
        keys = clock.getKeys()
        first_key = _key_get(keys[0], "frame")
        last_key = _key_get(keys[-1], "frame")
        gfrom, gto = animationGroup.from_, animationGroup.to
        self._fromFrame = first_key if gfrom < first_key or gfrom > last_key else gfrom
        self._toFrame = last_key if gto < first_key or gto > last_key else gto
        fps = clock.framePerSecond
        self._duration = (self._toFrame - self._fromFrame) / fps if fps > 0 else 0.0
        samples_per_second = opts.samplesPerSecond if opts.samplesPerSecond is not None else 60
        wanted = self._duration * samples_per_second
        if not 0 < samples_per_second < math.inf or not wanted < _MAX_SAMPLES:
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: samplesPerSecond must be a positive number giving at most "
                f"{_MAX_SAMPLES:,} samples over the {self._duration:g} s cycle, got "
                f"{samples_per_second!r}",
                "leave samplesPerSecond out (60), or pass a positive rate",
                "samplesPerSecond",
            )
        self._sampleCount = max(2, math.ceil(wanted))
        self._characterHeight = self._measureHeight(root if root is not None else character)
        scale = self._characterHeight if self._characterHeight > 0 else 1.0
        minimum_travel = (opts.minimumTravel if opts.minimumTravel is not None else 0.1) * scale
        minimum_turn = opts.minimumTurn if opts.minimumTurn is not None else math.pi / 18
        source = opts.source
        samples = self._sampleCount
        yaw: array.array[float] | None = None
        if (
            root is not None
            and opts.extractRotation is not False
            and root_channels
            and ("rotationQuaternion" in root_channels or "rotation" in root_channels)
        ):
            measured = self._measureRootYaw()
            if opts.extractRotation is True or abs(_wrap_angle(measured[samples])) >= minimum_turn:
                yaw = measured
        self._turns = yaw is not None
        translation: array.array[float] | None = None
        if (
            source in (None, _ROOT)
            and root is not None
            and root_channels
            and "position" in (root_channels)
        ):
            translation = self._measureRootTravel(yaw, minimum_travel, source == _ROOT)
            if translation is not None:
                self._source = _ROOT
                self._removesRootTravel = True
        if translation is None and source in (None, _FOOT):
            translation = self._measureContactTravel(
                yaw, opts.contactNodes, minimum_travel, source == _FOOT
            )
            if translation is not None:
                self._source = _FOOT
        if translation is None and yaw is not None:
            translation = _f32((samples + 1) * 3)
            self._source = _ROOT
        if translation is not None and yaw is not None and not self._removesRootTravel:
            assert root is not None
            start = self._positionInCharacter(root, self._fromFrame, Vector3())
            pivot = Vector3()
            for i in range(samples + 1):
                self._rootTravelAt(start, start, yaw[i], True, pivot)
                translation[i * 3] += pivot.x
                translation[i * 3 + 1] += pivot.y
                translation[i * 3 + 2] += pivot.z
            self._pivots = True
        if translation is not None:
            track = self._track = _f32((samples + 1) * _TRACK_STRIDE)
            for i in range(samples + 1):
                track[i * _TRACK_STRIDE] = translation[i * 3]
                track[i * _TRACK_STRIDE + 1] = translation[i * 3 + 1]
                track[i * _TRACK_STRIDE + 2] = translation[i * 3 + 2]
                track[i * _TRACK_STRIDE + 3] = yaw[i] if yaw is not None else 0.0
            self._cycleOffset.fromArray(translation, samples * 3)
            self._cycleRotation = yaw[samples] if yaw is not None else 0.0
        else:
            self._turns = False
            self._travelDirection.set(0, 0, 1)
            self._lateralDrift.setAll(0)
        self._group = self._buildInPlaceGroup(name, bool(opts.cloneAnimations))
        for ta in self._group.targetedAnimations:
            if ta.target is self._clockNode and ta.animation.targetProperty == self._clockProperty:
                self._clockAnimation = ta.animation

    # -- read-only properties ---------------------------------------------------------------

    @property
    def sourceAnimationGroup(self) -> AnimationGroup:
        """The animation group the clip was analysed from (never changed)."""
        return self._sourceGroup

    @property
    def animationGroup(self) -> AnimationGroup:
        """The in-place animation group to play (disposed with the clip)."""
        return self._group

    @property
    def controller(self) -> Any:
        """The ``RootMotionController`` the clip was added to, if any (None)."""
        return self._controller

    @property
    def source(self) -> int:
        """Where the travel comes from (a :class:`RootMotionSource` value)."""
        return self._source

    @property
    def rootNode(self) -> TransformNode | None:
        """The root node the clip was analysed with (None when nothing animates a position)."""
        return self._rootNode

    @property
    def characterNode(self) -> TransformNode:
        """The node the motion is measured in, and that a controller moves."""
        return self._characterNode

    @property
    def contactNodes(self) -> list[TransformNode]:
        """The contact nodes the travel was deduced from (empty unless ``FootContact``)."""
        return self._contactNodes

    @property
    def upAxis(self) -> Vector3:
        """The up axis in character space (unit length)."""
        return self._upAxis

    @property
    def fromFrame(self) -> float:
        """First frame of the analysed range (the group's, clamped to the clock's keys)."""
        return self._fromFrame

    @property
    def toFrame(self) -> float:
        """Last frame of the analysed range."""
        return self._toFrame

    @property
    def travelDirection(self) -> Vector3:
        """Direction of travel over a cycle, in character space (unit length)."""
        return self._travelDirection

    @property
    def cycleOffset(self) -> Vector3:
        """Travel covered by one cycle, in character space."""
        return self._cycleOffset

    @property
    def cycleDistance(self) -> float:
        """Distance covered by one cycle along the direction of travel."""
        return Vector3.Dot(self._cycleOffset, self._travelDirection)

    @property
    def cycleRotation(self) -> float:
        """Turn of one cycle about the up axis (radians; 0 unless rotation is extracted)."""
        return self._cycleRotation

    @property
    def extractsRotation(self) -> bool:
        """Whether the root's turning is extracted and applied to the character."""
        return self._turns

    @property
    def duration(self) -> float:
        """Length of one cycle in seconds at speed ratio 1."""
        return self._duration

    @property
    def averageSpeed(self) -> float:
        """Speed the clip implies at speed ratio 1 (character-space units per second)."""
        return self.cycleDistance / self._duration if self._duration > 0 else 0.0

    @property
    def characterHeight(self) -> float:
        """Vertical extent of the animated hierarchy at the first frame."""
        return self._characterHeight

    # -- sampling ---------------------------------------------------------------------------

    def getOffsetAtFrame(self, frame: float, result: Vector3) -> Vector3:
        """The travel reached at ``frame`` relative to the first frame, into ``result``."""
        a = self._sampleAt(frame) * _TRACK_STRIDE
        b = a + _TRACK_STRIDE
        blend = self._sampleBlend
        t = self._track
        return result.set(
            t[a] + (t[b] - t[a]) * blend,
            t[a + 1] + (t[b + 1] - t[a + 1]) * blend,
            t[a + 2] + (t[b + 2] - t[a + 2]) * blend,
        )

    def getRotationAtFrame(self, frame: float) -> float:
        """The turn reached at ``frame`` about the up axis, relative to the first frame."""
        a = self._sampleAt(frame) * _TRACK_STRIDE + 3
        return self._track[a] + (self._track[a + _TRACK_STRIDE] - self._track[a]) * (
            self._sampleBlend
        )

    def dispose(self) -> None:
        """Leave the controller and dispose the in-place group (the source is untouched)."""
        if self._controller is not None:
            self._controller.removeClip(self)
        self._group.dispose()
        if self._restoredPosition is not None and self._rootNode is not None:
            self._rootNode.position = self._restoredPosition.clone()

    # -- playback following (used by the controller) ----------------------------------------

    def _findClock(self) -> RuntimeAnimation | None:
        animatables = self._group.animatables
        cached = self._clockAnimatable
        if (
            cached is not None
            and self._clockRuntime is not None
            and 0 <= self._clockIndex < len(animatables)
            and animatables[self._clockIndex] is cached
        ):
            self._foundAnimatable = cached
            return self._clockRuntime
        for i, animatable in enumerate(animatables):
            if animatable.target is not self._clockNode:
                continue
            for runtime in animatable.getAnimations():
                if runtime.target is not None and (
                    runtime.animation is self._clockAnimation
                    if self._clockAnimation is not None
                    else runtime.animation.targetProperty == self._clockProperty
                ):
                    self._foundAnimatable = animatable
                    self._clockIndex = i
                    return runtime
        self._foundAnimatable = None
        return None

    def _forgetPlayback(self) -> None:
        self._clockRuntime = None
        self._clockAnimatable = None
        self._syncRoot = None
        self._syncRuntime = None
        self._lastProgress = None
        self._parked = False
        self._staleRuntime = None
        self._staleProgress = None

    def _motionBetween(
        self, from_: float, to: float, lastProgress: float, progress: float, result: Vector3
    ) -> float:
        frame_range = to - from_
        if frame_range == 0 or (self._source == _NONE and not self._turns):
            result.setAll(0)
            return 0.0
        last_cycle = js_floor(lastProgress / frame_range)
        cycle = js_floor(progress / frame_range)
        last_frame = from_ + lastProgress - last_cycle * frame_range
        frame = from_ + progress - cycle * frame_range
        cycles = cycle - last_cycle
        start_yaw = self.getRotationAtFrame(from_)
        start_offset = self.getOffsetAtFrame(from_, self._rangeStart)
        last_yaw = self._motionInRange(last_frame, start_yaw, start_offset, self._lastOffset)
        yaw = self._motionInRange(frame, start_yaw, start_offset, result)
        if cycles != 0:
            step_yaw = self._motionInRange(to, start_yaw, start_offset, self._rangeCycle)
            cycles_yaw = self._cyclePower(cycles, self._rangeCycle, step_yaw, self._cyclesOffset)
            self._rotateAboutUp(result, cycles_yaw, result).addInPlace(self._cyclesOffset)
            yaw += cycles_yaw
        self._rotateAboutUp(result.subtractInPlace(self._lastOffset), -last_yaw, result)
        return yaw - last_yaw

    def _motionInRange(
        self, frame: float, startYaw: float, startOffset: Vector3, result: Vector3
    ) -> float:
        self._rotateAboutUp(
            self.getOffsetAtFrame(frame, result).subtractInPlace(startOffset), -startYaw, result
        )
        return self.getRotationAtFrame(frame) - startYaw

    def _cyclePower(self, cycles: float, step: Vector3, stepYaw: float, result: Vector3) -> float:
        turn = _wrap_angle(stepYaw)
        half_sine = js_sin(turn / 2)
        length = cycles if half_sine == 0 else js_sin((cycles * turn) / 2) / half_sine
        up = self._upAxis
        rise = Vector3.Dot(step, up) * cycles
        self._rotateAboutUp(
            self._horizontal(step, self._planarStep), ((cycles - 1) * turn) / 2, result
        ).scaleInPlace(length)
        result.addInPlace(up.scale(rise))
        return cycles * stepYaw

    # -- analysis ---------------------------------------------------------------------------

    def _measureRootYaw(self) -> array.array[float]:
        root = self._rootNode
        assert root is not None
        samples = self._sampleCount
        reference = self._rotationInCharacter(root, self._fromFrame, Quaternion())
        reference.conjugateInPlace()
        rotation = Quaternion()
        yaw = _f32(samples + 1)
        previous = 0.0
        for i in range(samples + 1):
            wrapped = self._twist(
                self._rotationInCharacter(root, self._frameAt(i), rotation), reference
            )
            previous = (
                wrapped if i == 0 else previous + _wrap_angle(wrapped - _wrap_angle(previous))
            )
            yaw[i] = previous
        return yaw

    def _measureRootTravel(
        self, yaw: array.array[float] | None, minimumTravel: float, forced: bool
    ) -> array.array[float] | None:
        root = self._rootNode
        assert root is not None
        samples = self._sampleCount
        positions = [
            self._positionInCharacter(root, self._frameAt(i), Vector3()) for i in range(samples + 1)
        ]
        start = positions[0]
        net = self._horizontal(positions[samples].subtract(start), Vector3())
        if not forced and net.length() < minimumTravel:
            return None
        if net.lengthSquared() > 0:
            self._travelDirection.copyFrom(net).normalize()
        if yaw is None and not self._extractLateral:
            self._snapTravelDirection(0.0)
            self._horizontal(net, self._lateralDrift).subtractInPlace(
                self._travelDirection.scale(Vector3.Dot(net, self._travelDirection))
            )
        translation = _f32((samples + 1) * 3)
        offset = Vector3()
        for i in range(samples + 1):
            self._rootTravelAt(
                positions[i], start, yaw[i] if yaw is not None else 0.0, yaw is not None, offset
            ).toArray(translation, i * 3)
        return translation

    def _rootTravelAt(
        self, position: Vector3, start: Vector3, yaw: float, turning: bool, result: Vector3
    ) -> Vector3:
        if turning:
            tmp = TmpVectors.Vector3[3]
            pivot = self._rotateAboutUp(self._horizontal(start, tmp), yaw, tmp)
            return self._horizontal(position, result).subtractInPlace(pivot)
        return self._project(position.subtractToRef(start, result), result)

    def _measureContactTravel(
        self,
        yaw: array.array[float] | None,
        explicitContacts: Sequence[Node] | None,
        minimumTravel: float,
        forced: bool,
    ) -> array.array[float] | None:
        samples = self._sampleCount
        up = self._upAxis
        contacts: list[TransformNode]
        if explicitContacts is not None:
            contacts = [self._resolveNode(node) for node in explicitContacts]
        else:
            base = self._rootNode if self._rootNode is not None else self._characterNode
            contacts = [
                node
                for node in base.getDescendants(False, _is_joint)
                if not node.getChildren(_is_joint, True)
            ]
        if not contacts:
            return None
        positions: list[list[Vector3]] = [[] for _ in contacts]
        lowest = [math.inf for _ in contacts]
        for i in range(samples + 1):
            frame = self._frameAt(i)
            for c, contact in enumerate(contacts):
                position = self._positionInCharacter(contact, frame, Vector3())
                positions[c].append(position)
                lowest[c] = min(lowest[c], Vector3.Dot(position, up))
        if explicitContacts is None:
            ground = min(lowest)
            kept = [low <= ground + _CONTACT_HEIGHT_BAND * self._characterHeight for low in lowest]
            contacts = [n for n, k in zip(contacts, kept, strict=True) if k]
            positions = [p for p, k in zip(positions, kept, strict=True) if k]
            lowest = [low for low, k in zip(lowest, kept, strict=True) if k]
        tolerance = _PLANTED_HEIGHT_BAND * self._characterHeight
        step = Vector3()
        unturned = Vector3()
        reference = Vector3()
        translation = _f32((samples + 1) * 3)
        travelled = Vector3.Zero()
        heading = Vector3.Zero()
        path_length = 0.0

        def walk(tracking: bool) -> None:
            nonlocal path_length
            previous = reference.clone()
            total = Vector3.Zero()
            grounded = 0
            travelled.setAll(0)
            heading.setAll(0)
            path_length = 0.0
            for i in range(1, samples + 1):
                turn = yaw[i] if yaw is not None else 0.0
                best = math.inf
                chosen = Vector3()
                for c in range(len(contacts)):
                    before = positions[c][i - 1]
                    after = positions[c][i]
                    if (
                        Vector3.Dot(before, up) > lowest[c] + tolerance
                        or Vector3.Dot(after, up) > lowest[c] + tolerance
                    ):
                        continue
                    self._rotateAboutUp(
                        self._horizontal(before.subtractToRef(after, step), step), -turn, unturned
                    )
                    score = (
                        Vector3.DistanceSquared(unturned, previous)
                        if tracking
                        else unturned.lengthSquared()
                    )
                    if score < best:
                        best = score
                        chosen.copyFrom(unturned)
                if best == math.inf:
                    chosen.copyFrom(previous)
                else:
                    total.addInPlace(chosen)
                    grounded += 1
                if tracking:
                    previous.copyFrom(chosen)
                heading.addInPlace(chosen)
                path_length += chosen.length()
                travelled.addInPlace(self._rotateAboutUp(chosen, turn, step)).toArray(
                    translation, i * 3
                )
            if not tracking and grounded > 0:
                reference.copyFrom(total).scaleInPlace(1 / grounded)

        walk(False)
        walk(True)
        straightness = heading.length() / path_length if path_length > 0 else 0.0
        if travelled.lengthSquared() > 0:
            self._travelDirection.copyFrom(travelled).normalize()
        distance = Vector3.Dot(travelled, self._travelDirection)
        if not forced and (distance < minimumTravel or straightness < _MINIMUM_STRAIGHTNESS):
            return None
        if yaw is None:
            if not self._extractLateral:
                self._snapTravelDirection(_DEDUCED_SNAP)
            for i in range(samples + 1):
                step.fromArray(translation, i * 3)
                self._travelDirection.scaleToRef(
                    Vector3.Dot(step, self._travelDirection), step
                ).toArray(translation, i * 3)
        self._contactNodes = contacts
        return translation

    def _buildInPlaceGroup(self, name: str, cloneAnimations: bool) -> AnimationGroup:
        group = self._sourceGroup.clone(name)
        group.from_ = self._sourceGroup.from_
        group.to = self._sourceGroup.to
        if cloneAnimations:
            for ta in group.targetedAnimations:
                ta.animation = _clone_animation(ta.animation, True)
        root = self._rootNode
        if root is None or (not self._removesRootTravel and not self._turns):
            return group
        channels = self._channels[root]
        parent = root.parent
        removes_travel = self._removesRootTravel
        frame_range = max(self._toFrame - self._fromFrame, 1e-6)
        start = self._positionInCharacter(root, self._fromFrame, Vector3())
        reference = self._rotationInCharacter(root, self._fromFrame, Quaternion())
        reference.conjugateInPlace()
        motion_matrix = Matrix()
        root_matrix = Matrix()
        parent_matrix = Matrix()
        local_matrix = Matrix()
        yaw_quaternion = Quaternion()
        scratch_position = Vector3()
        scratch_rotation = Quaternion()
        travel = Vector3()

        def in_place_at(frame: float, position: Vector3, rotation: Quaternion) -> None:
            self._matrixToCharacter(root, frame, root_matrix)
            self._matrixToCharacter(parent, frame, parent_matrix)
            yaw = 0.0
            if self._turns:
                wrapped = self._twist(
                    self._rotationInCharacter(root, frame, scratch_rotation), reference
                )
                tracked = self.getRotationAtFrame(frame)
                yaw = wrapped + _js_round((tracked - wrapped) / _TWO_PI) * _TWO_PI
            if removes_travel:
                root_matrix.getTranslationToRef(scratch_position)
                self._rootTravelAt(scratch_position, start, yaw, self._turns, travel)
                if not self._turns:
                    share = min(1.0, max(0.0, (frame - self._fromFrame) / frame_range))
                    travel.addInPlace(self._lateralDrift.scale(share))
            elif self._pivots:
                self._rootTravelAt(start, start, yaw, True, travel)
            else:
                travel.setAll(0)
            Matrix.FromQuaternionToRef(
                Quaternion.RotationAxisToRef(self._upAxis, yaw, yaw_quaternion), motion_matrix
            )
            motion_matrix.setTranslation(travel)
            motion_matrix.invertToRef(motion_matrix)
            root_matrix.multiplyToRef(motion_matrix, local_matrix)
            parent_matrix.invertToRef(parent_matrix)
            local_matrix.multiplyToRef(parent_matrix, local_matrix)
            local_matrix.decompose(None, rotation, position)

        position = Vector3()
        rotation = Quaternion()
        before = (Vector3(), Quaternion())
        after = (Vector3(), Quaternion())

        def in_place_keys(source_keys: Sequence[Any], kind: str) -> list[dict[str, Any]]:
            keys: list[dict[str, Any]] = []
            previous_rotation: Quaternion | None = None
            previous_euler: Vector3 | None = None
            for key in source_keys:
                frame = _key_get(key, "frame")
                in_place_at(frame, position, rotation)
                value: Any
                if kind == "position":
                    value = position.clone()
                else:
                    if (
                        previous_rotation is not None
                        and Quaternion.Dot(previous_rotation, rotation) < 0
                    ):
                        rotation.scaleInPlace(-1)
                    previous_rotation = rotation.clone()
                    if kind == "rotationQuaternion":
                        value = previous_rotation
                    else:
                        euler = previous_rotation.toEulerAngles()
                        if previous_euler is not None:
                            euler.x += _js_round((previous_euler.x - euler.x) / _TWO_PI) * _TWO_PI
                            euler.y += _js_round((previous_euler.y - euler.y) / _TWO_PI) * _TWO_PI
                            euler.z += _js_round((previous_euler.z - euler.z) / _TWO_PI) * _TWO_PI
                        previous_euler = euler
                        value = euler

                def tangent(original: Any, direction: int, frame: float) -> Any:
                    if not original:
                        return original
                    if kind == "position" and not self._turns:
                        self._matrixToCharacter(parent, frame, parent_matrix)
                        in_character = Vector3.TransformNormal(original, parent_matrix)
                        removed = (
                            self._project(in_character.clone(), Vector3()).addInPlace(
                                self._lateralDrift.scale(1 / frame_range)
                            )
                            if removes_travel
                            else Vector3.Zero()
                        )
                        parent_matrix.invertToRef(parent_matrix)
                        return original.subtract(Vector3.TransformNormal(removed, parent_matrix))
                    in_place_at(frame - _TANGENT_DELTA, before[0], before[1])
                    in_place_at(frame + _TANGENT_DELTA, after[0], after[1])
                    low = before if direction < 0 else (position, rotation)
                    high = (position, rotation) if direction < 0 else after
                    if kind == "position":
                        return high[0].subtract(low[0]).scaleInPlace(1 / _TANGENT_DELTA)
                    if Quaternion.Dot(low[1], high[1]) < 0:
                        high[1].scaleInPlace(-1)
                    rate = high[1].subtract(low[1]).scaleInPlace(1 / _TANGENT_DELTA)
                    if kind == "rotationQuaternion":
                        return rate
                    return (
                        high[1]
                        .toEulerAngles()
                        .subtract(low[1].toEulerAngles())
                        .scaleInPlace(1 / _TANGENT_DELTA)
                    )

                new_key: dict[str, Any] = {"frame": frame, "value": value}
                for field, direction in (("inTangent", -1), ("outTangent", 1)):
                    original = _key_get(key, field)
                    if original is not None:
                        new_key[field] = tangent(original, direction, frame)
                for field in ("interpolation", "lockedTangent", "easingFunction"):
                    original = _key_get(key, field)
                    if original is not None:
                        new_key[field] = original
                keys.append(new_key)
            return keys

        def replace(source: Animation, kind: str) -> None:
            animation = _clone_animation(source)
            animation.setKeys(in_place_keys(source.getKeys(), kind), True)
            for index, ta in enumerate(self._sourceGroup.targetedAnimations):
                if ta.animation is source and ta.target is root:
                    group.targetedAnimations[index].animation = animation
                    break

        if "position" in channels:
            replace(channels["position"], "position")
        else:
            rotation_channel = channels.get("rotationQuaternion") or channels["rotation"]
            static_keys = [
                {"frame": self._frameAt(i), "value": root.position}
                for i in range(self._sampleCount + 1)
            ]
            animation = Animation(
                f"{root.name} position",
                "position",
                rotation_channel.framePerSecond,
                Animation.ANIMATIONTYPE_VECTOR3,
                rotation_channel.loopMode,
            )
            animation.enableBlending = rotation_channel.enableBlending
            animation.blendingSpeed = rotation_channel.blendingSpeed
            animation.setKeys(in_place_keys(static_keys, "position"), True)
            group.addTargetedAnimation(animation, root)
            self._restoredPosition = root.position.clone()
            self._clockProperty = "position"
        if self._turns:
            if "rotationQuaternion" in channels:
                replace(channels["rotationQuaternion"], "rotationQuaternion")
            elif "rotation" in channels:
                replace(channels["rotation"], "rotation")
        return group
