"""RootMotionController (lite_compat.motion.root_motion_controller).

Values measured by parity/scenarios/compat_motion_root_motion.mjs (Babylon.js 9.31).
"""

from __future__ import annotations

import math

import pytest

from lite.errors import AnimationStateError
from lite_compat import RootMotionClip, RootMotionController, RuntimeAnimation, Scene
from tests.lite_compat.motion._rigs import rig, step, walk_group


def test_loops_accumulate_over_a_long_run(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "walker"), "walk", 1.2, 0))
    controller = RootMotionController(clip.characterNode, [clip])
    notified = []
    controller.onRootMotionObservable.add(lambda c, _s: notified.append(c))
    clip.animationGroup.start(True)
    step(scene, 600, 1000 / 60)
    # Babylon.js 9.31: 599 steps of motion (the first only establishes the start), ten
    # cycles forward, never a stride backwards at a wrap
    assert len(notified) == 599
    assert clip.characterNode.position.z == pytest.approx(11.980000376701362, abs=1e-9)
    assert controller.deltaPosition.z == pytest.approx(0.019999980926513672, abs=1e-9)
    assert controller.deltaRotation == 0


def test_a_turning_walk_turns_the_character(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "turner"), "turn", 0.8, math.pi / 2))
    controller = RootMotionController(clip.characterNode, [clip])
    clip.animationGroup.start(True)
    step(scene, 600, 1000 / 60)
    node = clip.characterNode
    assert node.position.x == pytest.approx(0.7866668311001345, abs=1e-7)
    assert node.position.z == pytest.approx(0.8025979201457604, abs=1e-7)
    assert node.rotationQuaternion is not None
    assert node.rotationQuaternion.y == pytest.approx(0.999914356369315, abs=1e-7)
    assert controller.deltaRotation == pytest.approx(0.026176095008850098, abs=1e-9)


def test_speed_ratio_and_reversal_follow_the_pose(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "w"), "walk", 1.2, 0))
    RootMotionController(clip.characterNode, [clip])
    group = clip.animationGroup
    group.start(True, 1.0)
    step(scene, 45, 20)
    assert clip.characterNode.position.z == pytest.approx(1.0559999465942382, abs=1e-9)
    group.speedRatio = 2.5
    step(scene, 30, 20)
    assert clip.characterNode.position.z == pytest.approx(2.856000101566315, abs=1e-9)
    group.speedRatio = -1
    step(scene, 40, 20)
    assert clip.characterNode.position.z == pytest.approx(1.8960000395774848, abs=1e-9)


def test_apply_to_character_false_leaves_the_node(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "w"), "walk", 1.2, 0))
    controller = RootMotionController(clip.characterNode, [clip])
    controller.applyToCharacter = False
    clip.animationGroup.start(True)
    step(scene, 10, 20)
    assert clip.characterNode.position.z == 0
    assert controller.deltaPosition.z > 0


def test_clips_of_a_controller(scene: Scene) -> None:
    r = rig(scene, "blender")
    a = RootMotionClip(walk_group(scene, r, "slow", 0.6, 0))
    b = RootMotionClip(walk_group(scene, r, "fast", 1.8, 0.3), {"extractRotation": True})
    controller = RootMotionController(r["character"], [a, b])
    assert controller.clips == [a, b]
    assert a.controller is controller
    controller.addClip(a)  # already added: nothing happens
    assert len(controller.clips) == 2
    controller.removeClip(b)
    assert b.controller is None
    controller.dispose()
    assert a.controller is None
    assert controller.clips == []


def test_refusals_are_coded(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "w"), "walk", 1.2, 0))
    other = RootMotionClip(walk_group(scene, rig(scene, "o"), "other", 1.2, 0))
    RootMotionController(clip.characterNode, [clip])
    for make in (
        lambda: RootMotionController(clip.characterNode, [clip]),  # another controller's clip
        lambda: RootMotionController(clip.characterNode, [other]),  # another character
        lambda: RootMotionController("hips", []),  # type: ignore[arg-type]
        lambda: RootMotionController(other.characterNode, ["walk"]),  # type: ignore[list-item]
    ):
        with pytest.raises(AnimationStateError) as info:
            make()
        assert info.value.code == "LITE-COMPAT-207"
    assert other.controller is None


def test_write_records_hold_one_step_and_stop_with_the_last_controller(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "w"), "walk", 1.2, 0))
    controller = RootMotionController(clip.characterNode, [clip])
    clip.animationGroup.start(True)
    for _ in range(50):  # stepped without notifying: the records must not pile up
        scene._animate(20)
    journal = RuntimeAnimation._writeRecords[scene]
    assert journal.count == len(clip.animationGroup.targetedAnimations)
    controller.dispose()
    assert scene not in RuntimeAnimation._writeRecords
