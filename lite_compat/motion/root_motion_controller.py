"""Babylon.js ``RootMotionController``: a character node moved by the root motion of its clips.

Port of the controller half of ``@babylonjs/core`` 9.31 ``Animations/rootMotion.js``
(``RootMotionController`` and the scene's ``SceneRootMotion`` pass). After each animation step
(the scene's ``onAfterAnimationsObservable``) it reads what the mixer wrote to each clip's
clock channel, in order and with the weights written, and moves the character by the motion of
the pose each clip's in-place group evaluated: unwrapped progress, so loops, speed changes,
ranges and reversals move it exactly as far as the pose went. See
:mod:`lite_compat.motion.root_motion` for the clip.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from lite_compat.animations.runtime_animation import RuntimeAnimation
from lite_compat.math import Matrix, Quaternion, TmpVectors, Vector3
from lite_compat.motion.root_motion import RootMotionClip
from lite_compat.motion.root_motion_options import _NONE, _fail
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.observable import Observable

__all__ = ["RootMotionController"]


class _Writers:
    """What the mixer wrote to one followed channel (node, property) this step."""

    __slots__ = (
        "current",
        "currentAdditive",
        "currentBlending",
        "currentWeights",
        "lastDirect",
        "property",
        "total",
        "weighted",
    )

    def __init__(self, prop: str) -> None:
        self.property = prop
        self.total = 0.0
        self.weighted = False
        self.lastDirect: RuntimeAnimation | None = None
        self.current: list[RuntimeAnimation] = []
        self.currentWeights: list[float] = []
        self.currentAdditive: list[bool] = []
        self.currentBlending: list[float] = []

    def clear(self) -> None:
        self.total = 0.0
        self.weighted = False
        self.lastDirect = None
        self.current.clear()
        self.currentWeights.clear()
        self.currentAdditive.clear()
        self.currentBlending.clear()


class RootMotionController:
    """Move a character node by the root motion of its clips (``BABYLON.RootMotionController``).

    Parameters
    ----------
    characterNode
        The node to move: the clips' ``characterNode``.
    clips
        Clips to add (see :meth:`addClip`).

    Attributes
    ----------
    applyToCharacter : bool
        Apply the motion to the character node each step (False: read
        :attr:`deltaPosition`/:attr:`deltaRotation` yourself).
    onRootMotionObservable : Observable
        Notified with the controller after each step that produced motion.

    Notes
    -----
    The controller runs from the scene's ``onAfterAnimationsObservable``: ``scene.render()``
    and ``scene.animate()`` notify it; a script that steps with ``scene._animate(dt)`` must
    notify it itself, as in Babylon.js.
    """

    def __init__(self, characterNode: TransformNode, clips: Sequence[RootMotionClip] = ()) -> None:
        if not isinstance(characterNode, TransformNode):
            raise _fail(
                "LITE-COMPAT-207",
                f"RootMotionController: characterNode must be a TransformNode, got "
                f"{type(characterNode).__name__}",
                "pass the clips' characterNode (clip.characterNode)",
                "characterNode",
            )
        clip_list = list(clips)
        for clip in clip_list:
            if not isinstance(clip, RootMotionClip):
                raise _fail(
                    "LITE-COMPAT-207",
                    f"RootMotionController: clips holds a {type(clip).__name__}, not a "
                    "RootMotionClip",
                    "wrap each animation group in RootMotionClip(group) first",
                    "clips",
                )
        self.applyToCharacter = True
        self.onRootMotionObservable: Observable[RootMotionController] = Observable()
        self._clips: list[RootMotionClip] = []
        self._upAxis: Vector3 | None = None
        self._deltaPosition = Vector3.Zero()
        self._deltaRotation = 0.0
        self._frameDelta = Vector3.Zero()
        self._frameYaw = 0.0
        self._clipDelta = Vector3.Zero()
        self._characterNode = characterNode
        self._sceneRootMotion = _SceneRootMotion.Get(characterNode.getScene())
        self._sceneRootMotion.add(self)
        for clip in clip_list:
            self.addClip(clip)

    @property
    def characterNode(self) -> TransformNode:
        """The node the motion is applied to."""
        return self._characterNode

    @property
    def clips(self) -> list[RootMotionClip]:
        """The clips whose motion moves the character."""
        return self._clips

    @property
    def deltaPosition(self) -> Vector3:
        """Travel of the last animation step, in world space."""
        return self._deltaPosition

    @property
    def deltaRotation(self) -> float:
        """Turn of the last animation step about the up axis (radians)."""
        return self._deltaRotation

    def addClip(self, clip: RootMotionClip) -> None:
        """Add a clip, so the character moves while its in-place group plays.

        Raises
        ------
        AnimationStateError
            ``LITE-COMPAT-207`` when the clip belongs to another controller, moves another
            node, or has another up axis than the clips already added.
        """
        if not isinstance(clip, RootMotionClip):
            raise _fail(
                "LITE-COMPAT-207",
                f"RootMotionController.addClip: clip must be a RootMotionClip, got "
                f"{type(clip).__name__}",
                "wrap the animation group in RootMotionClip(group) first",
                "clip",
            )
        if clip._controller is self:
            return
        group_name = clip.animationGroup.name
        if clip._controller is not None:
            raise _fail(
                "LITE-COMPAT-207",
                f'RootMotionController: clip "{group_name}" already belongs to another controller',
                "remove it from that controller first (controller.removeClip(clip))",
                "clip",
            )
        if clip.characterNode is not self._characterNode:
            raise _fail(
                "LITE-COMPAT-207",
                f'RootMotionController: clip "{group_name}" moves '
                f'"{clip.characterNode.name}", not "{self._characterNode.name}"',
                "pass the controller's node as the clip's characterNode",
                "clip",
            )
        if self._upAxis is not None and not self._upAxis.equalsWithEpsilon(clip.upAxis):
            raise _fail(
                "LITE-COMPAT-207",
                f'RootMotionController: clip "{group_name}" has another up axis than the clips '
                "already added",
                "build every clip of a character with the same upAxis",
                "clip",
            )
        if self._upAxis is None:
            self._upAxis = clip.upAxis.clone()
        clip._controller = self
        clip._forgetPlayback()
        self._clips.append(clip)
        self._sceneRootMotion.refresh()

    def removeClip(self, clip: RootMotionClip) -> None:
        """Remove a clip; its in-place group keeps playing, in place."""
        if clip not in self._clips:
            return
        self._clips.remove(clip)
        clip._controller = None
        clip._writers = None
        clip._forgetPlayback()
        if not self._clips:
            self._upAxis = None
        self._sceneRootMotion.refresh()

    def reset(self) -> None:
        """Forget where the playbacks were last measured (call after ``goToFrame``/``reset``)."""
        for clip in self._clips:
            runtime = clip._clockRuntime
            clip._forgetPlayback()
            clip._staleRuntime = runtime
            clip._staleProgress = runtime._evaluatedProgress if runtime is not None else None
        self._deltaPosition.setAll(0)
        self._deltaRotation = 0.0

    def dispose(self) -> None:
        """Stop applying motion and let the clips go (they are not disposed)."""
        for clip in self._clips:
            clip._controller = None
            clip._writers = None
            clip._forgetPlayback()
        self._clips.clear()
        self._upAxis = None
        self._sceneRootMotion.remove(self)
        self.onRootMotionObservable.clear()

    def _update(self, animated: bool) -> None:
        delta = self._frameDelta.setAll(0)
        self._frameYaw = 0.0
        moved = False
        for clip in self._clips if animated else []:
            writers = clip._writers
            previous = clip._clockRuntime
            found = clip._findClock()
            if found is not previous:
                if (
                    previous is not None
                    and writers is not None
                    and clip._lastProgress is not None
                    and not clip._parked
                    and any(w is previous for w in writers.current)
                ):
                    moved = (
                        self._accumulate(
                            clip, previous, clip._lastProgress, previous._evaluatedProgress
                        )
                        or moved
                    )
                clip._clockRuntime = found
                clip._clockAnimatable = clip._foundAnimatable if found is not None else None
                clip._syncRuntime = None
                clip._lastProgress = None
                clip._parked = False
            if found is None or writers is None:
                continue
            animatable = clip._clockAnimatable
            if not any(w is found for w in writers.current):
                if not animatable.paused and animatable.weight == 0:
                    clip._parked = True
                continue
            if clip._parked:
                clip._parked = False
                clip._lastProgress = None
            sync_root = found._evaluatedSyncRoot
            sync_runtimes = sync_root.getAnimations() if sync_root is not None else []
            sync_runtime = sync_runtimes[0] if sync_runtimes else None
            if (
                sync_root is not clip._syncRoot
                or sync_runtime is not clip._syncRuntime
                or found._evaluatedJump
            ):
                clip._syncRoot = sync_root
                clip._syncRuntime = sync_runtime
                clip._lastProgress = None
            progress = found._evaluatedProgress
            last_progress = clip._lastProgress
            if (
                last_progress is None
                and found is clip._staleRuntime
                and progress == clip._staleProgress
            ):
                continue
            clip._staleRuntime = None
            clip._staleProgress = None
            clip._lastProgress = progress
            if last_progress is not None and progress != last_progress:
                moved = self._accumulate(clip, found, last_progress, progress) or moved
        if not moved:
            self._deltaPosition.setAll(0)
            self._deltaRotation = 0.0
            return
        delta_yaw = self._frameYaw
        self._deltaRotation = delta_yaw
        character = self._characterNode
        up = self._upAxis
        assert up is not None
        rotation = character.rotationQuaternion or Quaternion.FromEulerVectorToRef(
            character.rotation, TmpVectors.Quaternion[2]
        )
        Matrix.ComposeToRef(character.scaling, rotation, Vector3.ZeroReadOnly, TmpVectors.Matrix[3])
        parent_delta = Vector3.TransformNormalToRef(
            delta, TmpVectors.Matrix[3], TmpVectors.Vector3[4]
        )
        parent = character.parent
        if parent is not None:
            Vector3.TransformNormalToRef(
                parent_delta, parent.computeWorldMatrix(True), self._deltaPosition
            )
        else:
            self._deltaPosition.copyFrom(parent_delta)
        if self.applyToCharacter:
            character.position = character.position.addInPlace(parent_delta)
            if delta_yaw != 0:
                s = character.scaling
                mirrored = (
                    s.x * s.y * s.z * (up.x * up.x * s.x + up.y * up.y * s.y + up.z * up.z * s.z)
                    < 0
                )
                if character.rotationQuaternion is None:
                    character.rotationQuaternion = Quaternion.FromEulerVector(character.rotation)
                turned = character.rotationQuaternion
                turned.multiplyToRef(
                    Quaternion.RotationAxisToRef(
                        up, -delta_yaw if mirrored else delta_yaw, TmpVectors.Quaternion[2]
                    ),
                    turned,
                )
                character.rotationQuaternion = turned
        if self.onRootMotionObservable.hasObservers():
            self.onRootMotionObservable.notifyObservers(self)

    def _accumulate(
        self,
        clip: RootMotionClip,
        runtime: RuntimeAnimation,
        lastProgress: float,
        progress: float,
    ) -> bool:
        if (clip.source == _NONE and not clip.extractsRotation) or clip._writers is None:
            return False
        weight = self._effectiveWeight(clip._writers, runtime)
        if weight == 0:
            return False
        yaw = clip._motionBetween(
            runtime._evaluatedFrom, runtime._evaluatedTo, lastProgress, progress, self._clipDelta
        )
        self._frameDelta.addInPlace(self._clipDelta.scaleInPlace(weight))
        self._frameYaw += yaw * weight
        return True

    @staticmethod
    def _effectiveWeight(writers: _Writers, runtime: RuntimeAnimation) -> float:
        overrides = 0
        additives = 0
        direct = False
        weight = 0.0
        blending = 1.0
        for i, written in enumerate(writers.current):
            if written is not runtime:
                continue
            weight = writers.currentWeights[i]
            blending = writers.currentBlending[i]
            if weight < 0:
                direct = True
            elif writers.currentAdditive[i]:
                additives += 1
            else:
                overrides += 1
        share = (overrides / max(1.0, writers.total) + additives) * weight
        if direct and not writers.weighted and writers.lastDirect is runtime:
            share += 1
        return share * blending


_SCENE_ROOT_MOTIONS: weakref.WeakKeyDictionary[Any, _SceneRootMotion] = weakref.WeakKeyDictionary()


class _SceneRootMotion:
    """The root-motion controllers of one scene, updated after its animations."""

    @staticmethod
    def Get(scene: Any) -> _SceneRootMotion:
        found = _SCENE_ROOT_MOTIONS.get(scene)
        if found is None:
            found = _SceneRootMotion(scene)
            _SCENE_ROOT_MOTIONS[scene] = found
        return found

    def __init__(self, scene: Any) -> None:
        self._controllers: list[RootMotionController] = []
        self._writers: list[_Writers] = []
        self._writersByNode: dict[int, tuple[Any, list[_Writers]]] = {}
        self._scene = scene
        RuntimeAnimation._recordWrites(scene, True)
        self._observer: Any = scene.onAfterAnimationsObservable.add(lambda *_: self._update())
        # A disposed scene keeps no journal (Babylon empties scene._animationWrites).
        self._disposeObserver: Any = scene.onDisposeObservable.add(
            lambda *_: RuntimeAnimation._recordWrites(scene, False)
        )

    def add(self, controller: RootMotionController) -> None:
        self._controllers.append(controller)
        self.refresh()

    def remove(self, controller: RootMotionController) -> None:
        if controller in self._controllers:
            self._controllers.remove(controller)
        self.refresh()
        if not self._controllers:
            if self._observer is not None:
                self._scene.onAfterAnimationsObservable.remove(self._observer)
            self._observer = None
            if self._disposeObserver is not None:
                self._scene.onDisposeObservable.remove(self._disposeObserver)
            self._disposeObserver = None
            RuntimeAnimation._recordWrites(self._scene, False)
            _SCENE_ROOT_MOTIONS.pop(self._scene, None)

    def refresh(self) -> None:
        self._writers.clear()
        self._writersByNode.clear()
        for controller in self._controllers:
            for clip in controller.clips:
                node = clip._clockNode
                if node is None:
                    clip._writers = None
                    continue
                entries = self._writersByNode.setdefault(id(node), (node, []))[1]
                entry = next((e for e in entries if e.property == clip._clockProperty), None)
                if entry is None:
                    entry = _Writers(clip._clockProperty)
                    entries.append(entry)
                    self._writers.append(entry)
                clip._writers = entry

    def _update(self) -> None:
        # What the step's late bindings read, as journaled when each write was made
        # (RuntimeAnimation._writeRecords): the writes carried from between steps, then the
        # step's own, each with its target, weight, mode and blending factor. A step that did
        # not evaluate (animations disabled, nothing active) read nothing and moves nothing.
        scene = self._scene
        journal = RuntimeAnimation._writeRecords.get(scene)
        animated = journal is not None and journal.evaluated
        for entry in self._writers:
            entry.clear()
        count = journal.stepCount if journal is not None and animated else 0
        records = journal.entries if journal is not None else []
        by_node = self._writersByNode
        for index in range(count):
            runtime, target, weight, additive, blending, _ = records[index]
            found = by_node.get(id(target))
            if found is None or found[0] is not target:
                continue
            for entry in found[1]:
                if entry.property != runtime.targetPath:
                    continue
                entry.current.append(runtime)
                entry.currentWeights.append(weight)
                entry.currentAdditive.append(additive)
                entry.currentBlending.append(blending)
                if weight < 0:
                    entry.lastDirect = runtime
                else:
                    entry.weighted = True
                    if not additive:
                        entry.total += weight
        for controller in list(self._controllers):
            controller._update(animated)
