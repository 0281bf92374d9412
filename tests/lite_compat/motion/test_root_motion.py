"""RootMotionClip and RootMotionSource (lite_compat.motion.root_motion).

Values measured by parity/scenarios/compat_motion_root_motion.mjs (Babylon.js 9.31) on the
same generated rigs (tests/lite_compat/motion/_rigs.py).
"""

from __future__ import annotations

import math

import pytest

from lite.errors import AnimationStateError
from lite_compat import (
    AnimationGroup,
    Bone,
    Matrix,
    RootMotionClip,
    RootMotionSource,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)
from tests.lite_compat.motion._rigs import quat_anim, rig, vec_anim, walk_group


def test_source_values_and_the_python_spelling_of_none() -> None:
    assert (RootMotionSource.None_, RootMotionSource.Root, RootMotionSource.FootContact) == (
        0,
        1,
        2,
    )
    assert getattr(RootMotionSource, "None") == 0


def test_a_travelling_root_gives_babylons_cycle(scene: Scene) -> None:
    r = rig(scene, "walker")
    group = walk_group(scene, r, "walk", 1.2, 0)
    clip = RootMotionClip(group)
    assert clip.source == RootMotionSource.Root
    assert clip.rootNode is r["hips"]
    assert clip.characterNode is r["character"]
    assert (clip.fromFrame, clip.toFrame, clip.duration) == (0, 30, 1)
    # float32 track: Babylon's 1.2000000476837158, not 1.2
    assert clip.cycleOffset.z == 1.2000000476837158
    assert clip.cycleDistance == 1.2000000476837158
    assert clip.averageSpeed == 1.2000000476837158
    assert clip.cycleRotation == 0
    assert not clip.extractsRotation
    assert clip.characterHeight == 1
    assert clip.getOffsetAtFrame(7, Vector3()).z == 0.2800000011920929
    assert clip.getOffsetAtFrame(22.25, Vector3()).z == 0.8899999856948853
    assert clip.animationGroup.name == "walk (in place)"
    # the in-place root keeps its sway and bob but not its travel; the source is untouched
    keys = clip.animationGroup.targetedAnimations[0].animation.getKeys()
    assert [k["value"].z for k in keys] == pytest.approx([0.0] * 7, abs=1e-6)
    source_keys = group.targetedAnimations[0].animation.getKeys()
    assert source_keys[-1]["value"].z == pytest.approx(1.2)


def test_a_turning_walk_extracts_a_quarter_turn(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "turner"), "turn", 0.8, math.pi / 2))
    assert clip.extractsRotation
    assert clip.cycleRotation == 1.5707963705062866  # float32 pi / 2
    assert clip.cycleOffset.z == 0.800000011920929
    assert clip.getRotationAtFrame(30) == 1.5707963705062866


def test_planted_feet_give_the_travel_of_an_in_place_clip(scene: Scene) -> None:
    r = rig(scene, "stepper")
    g = AnimationGroup("step", scene)
    g.addTargetedAnimation(vec_anim("stepP", "position", [[0, 0, 1, 0], [30, 0, 1, 0]]), r["hips"])

    def foot_keys(phase: float) -> list[list[float]]:
        keys = []
        for f in range(31):
            u = math.fmod(f / 30 + phase, 1)
            planted = u < 0.5
            z = 0.25 - u if planted else -0.25 + (u - 0.5)
            y = -0.5 if planted else -0.5 + 0.15 * math.sin((u - 0.5) * 2 * math.pi)
            keys.append([f, 0, y, z])
        return keys

    g.addTargetedAnimation(vec_anim("FL", "position", foot_keys(0)), r["footL"])
    g.addTargetedAnimation(vec_anim("FR", "position", foot_keys(0.5)), r["footR"])
    clip = RootMotionClip(g)
    assert clip.source == RootMotionSource.FootContact
    assert [n.name for n in clip.contactNodes] == ["stepper_footL", "stepper_footR"]
    assert clip.cycleOffset.asArray() == [0, 0, 1]
    assert clip.getOffsetAtFrame(3.5, Vector3()).z == 0.11666665971279144


def test_a_clip_that_does_not_move_has_source_none(scene: Scene) -> None:
    r = rig(scene, "idler")
    g = AnimationGroup("idle", scene)
    g.addTargetedAnimation(
        vec_anim("idleP", "position", [[0, 0, 1, 0], [30, 0, 1.02, 0]]), r["hips"]
    )
    clip = RootMotionClip(g)
    assert clip.source == RootMotionSource.None_
    assert clip.cycleDistance == 0


def test_direction_snapping_and_lateral_motion(scene: Scene) -> None:
    r = rig(scene, "snapper")
    g = walk_group(scene, r, "snap", 1.0, 0)
    g.targetedAnimations[0].animation.setKeys(
        [{"frame": f, "value": Vector3(0.08 * f / 30, 1, f / 30)} for f in range(0, 31, 5)]
    )
    snapped = RootMotionClip(g, {"directionSnapAngle": 0.2})
    assert snapped.travelDirection.asArray() == [0, 0, 1]
    lateral = RootMotionClip(g, {"extractLateralMotion": True, "extractRotation": False})
    assert lateral.travelDirection.x == pytest.approx(0.07974522051178048, abs=1e-12)
    assert lateral.cycleDistance == pytest.approx(1.0031948961761608, abs=1e-12)


def test_dispose_removes_the_in_place_group(scene: Scene) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "w"), "walk", 1.2, 0))
    assert clip.animationGroup in scene.animationGroups
    clip.dispose()
    assert clip.animationGroup not in scene.animationGroups


def _refusal(make: object) -> str:
    with pytest.raises(AnimationStateError) as info:
        make()  # type: ignore[operator]
    return info.value.code


def test_refusals_are_coded(scene: Scene) -> None:
    assert _refusal(lambda: RootMotionClip(AnimationGroup("empty", scene))) == "LITE-COMPAT-203"
    assert _refusal(lambda: RootMotionClip("walk")) == "LITE-COMPAT-208"  # type: ignore[arg-type]
    lone = TransformNode("lone", scene)
    g = AnimationGroup("lone", scene)
    g.addTargetedAnimation(vec_anim("loneP", "position", [[0, 0, 0, 0], [30, 0, 0, 1]]), lone)
    assert _refusal(lambda: RootMotionClip(g)) == "LITE-COMPAT-204"
    r = rig(scene, "norot")
    g2 = AnimationGroup("norot", scene)
    g2.addTargetedAnimation(quat_anim("nq", [[0, 0, 0], [30, 1, 0]]), r["hips"])
    assert (
        _refusal(lambda: RootMotionClip(g2, {"source": RootMotionSource.Root})) == "LITE-COMPAT-205"
    )
    walk = walk_group(scene, rig(scene, "w2"), "walk2", 1.0, 0)
    assert _refusal(
        lambda: RootMotionClip(walk, {"characterNode": walk.targetedAnimations[0].target})
    ) == ("LITE-COMPAT-204")
    skeleton = Skeleton("s", "s", scene)
    bone = Bone("b", skeleton, None, Matrix.Identity())
    assert _refusal(lambda: RootMotionClip(walk, {"rootNode": bone})) == "LITE-COMPAT-206"
    assert _refusal(lambda: RootMotionClip(walk, {"minimumTravel": "far"})) == "LITE-COMPAT-208"
    assert _refusal(lambda: RootMotionClip(walk, {"source": 7})) == "LITE-COMPAT-208"
    assert _refusal(lambda: RootMotionClip(walk, {"upAxis": (0, 1, 0)})) == "LITE-COMPAT-208"
    assert _refusal(lambda: RootMotionClip(walk, {"contactNodes": ["footL"]})) == "LITE-COMPAT-208"
    assert _refusal(lambda: RootMotionClip(walk, "opts")) == "LITE-COMPAT-208"
    walk.isAdditive = True
    assert _refusal(lambda: RootMotionClip(walk)) == "LITE-COMPAT-203"
    # nothing was built by a refusal
    assert not [g for g in scene.animationGroups if g.name.endswith("(in place)")]
