"""Babylon.js's own root-motion unit tests, ported.

Source: ``packages/dev/core/test/unit/Animations/babylon.rootMotion.test.ts`` (BabylonJS/Babylon.js,
``describe("RootMotion")``). Each test here names the Babylon ``describe``/``it`` it ports, and
keeps its inputs and expected numbers: the rig (tests/lite_compat/motion/_babylon_unit_rig.py),
16 ms ticks of ``scene.animate()`` with ``useConstantAnimationDeltaTime``, and vitest's
``toBeCloseTo(x, digits)`` (within half of 10**-digits, :func:`close`). The cases whose
expectation rests on Babylon's mixer internals (an event re-evaluating a clock within a step, a
jump between steps) are also recorded from Babylon.js 9.31 under Node by
parity/scenarios/compat_motion_root_motion_events.mjs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from lite_compat import (
    Animation,
    AnimationEvent,
    AnimationGroup,
    Matrix,
    Quaternion,
    RootMotionClip,
    RootMotionController,
    RootMotionSource,
    Scene,
    TransformNode,
    Vector3,
)
from lite_compat.engines.engine_store import NullEngine
from tests.lite_compat.motion._babylon_unit_rig import (
    CYCLE_FRAMES,
    FPS,
    FRAMES_PER_TICK,
    HIP_HEIGHT,
    SPEED,
    SWAY_AMPLITUDE,
    Rig,
    add_gait,
    assert_same_pose,
    build_rig,
    build_skeleton,
    channel_of,
    close,
    expected_hips_world,
    expected_world,
    extract,
    fresh_world_matrix,
    hips_in_character,
    run,
    set_loop_mode,
    vector_animation,
    walked,
)

#: The travel of one 16 ms tick of the walk at a speed ratio of 1.
TICK = SPEED * 0.016


@pytest.fixture
def scene() -> Iterator[Scene]:
    """Babylon's ``beforeEach``: a NullEngine scene stepping 16 ms per ``animate()``."""
    engine = NullEngine()
    created = Scene(engine)
    created.useConstantAnimationDeltaTime = True
    yield created
    created.dispose()
    engine.dispose()


# -- describe("root translation") -----------------------------------------------------------


def test_uses_the_roots_own_travel_as_the_ground_truth(scene: Scene) -> None:
    """it("uses the root's own travel as the ground truth")"""
    rig = build_rig(scene, "rootMotion")
    clip = RootMotionClip(rig.group)
    assert clip.source == RootMotionSource.Root
    assert clip.rootNode is rig.hips
    assert clip.characterNode is rig.character
    assert close(clip.cycleDistance, SPEED, 3)
    assert close(clip.averageSpeed, SPEED, 3)
    assert close(clip.travelDirection.z, 1, 3)
    assert clip.fromFrame == 0
    assert clip.toFrame == CYCLE_FRAMES


def test_leaves_the_travel_out_of_the_in_place_root_keys_but_keeps_the_sway(
    scene: Scene,
) -> None:
    """it("leaves the travel out of the in-place group's root keys but keeps the sway, and the
    source's keys as they were")"""
    rig = build_rig(scene, "rootMotion")
    start = hips_in_character(rig, 0)
    clip = RootMotionClip(rig.group)
    in_place = channel_of(clip.animationGroup, rig.hips, "position")
    assert in_place is not rig.hipsAnimation
    end = hips_in_character(rig, CYCLE_FRAMES, in_place)
    assert close(end.z, start.z, 4)
    assert close(end.y, start.y, 4)
    quarter = hips_in_character(rig, CYCLE_FRAMES / 4, in_place)
    assert close(quarter.x, SWAY_AMPLITUDE, 4)
    assert close(quarter.z, start.z, 4)
    assert close(hips_in_character(rig, CYCLE_FRAMES).z, start.z + SPEED, 4)


def test_removes_lateral_motion_too_when_asked(scene: Scene) -> None:
    """it("removes lateral motion too when asked")"""
    rig = build_rig(scene, "rootMotion")
    start = hips_in_character(rig, 0)
    clip = RootMotionClip(rig.group, {"extractLateralMotion": True})
    in_place = channel_of(clip.animationGroup, rig.hips, "position")
    assert close(hips_in_character(rig, CYCLE_FRAMES / 4, in_place).x, start.x, 4)


def test_strips_cubic_spline_tangents(scene: Scene) -> None:
    """it("strips cubic spline tangents")"""
    rig = build_rig(scene, "rootMotion")
    keys = rig.hipsAnimation.getKeys()
    to_armature = rig.armature.computeWorldMatrix(True).clone().invert()
    velocity = Vector3.TransformNormal(Vector3(0, 0, SPEED / FPS), to_armature)
    for key in keys:
        key["inTangent"] = velocity.clone()
        key["outTangent"] = velocity.clone()
    clip = RootMotionClip(rig.group)
    to_character = rig.armature.computeWorldMatrix(True)
    for key in channel_of(clip.animationGroup, rig.hips, "position").getKeys():
        assert close(Vector3.TransformNormal(key["outTangent"], to_character).length(), 0, 6)
    for key in keys:
        assert key["outTangent"].equals(velocity)


def test_keeps_the_source_group_playable_with_its_travel(scene: Scene) -> None:
    """it("keeps the source group playable, with its travel")"""
    rig = build_rig(scene, "rootMotion")
    RootMotionClip(rig.group)
    rig.group.start(True)
    run(scene, 40)
    assert rig.character.position.z == 0
    assert fresh_world_matrix(rig.hips).getTranslation().z > 0.5


# -- describe("ownership") ------------------------------------------------------------------


def test_gives_each_clip_of_a_source_its_own_in_place_group(scene: Scene) -> None:
    """it("gives each clip of a source its own in-place group")"""
    rig = build_rig(scene, "rootMotion")
    start = hips_in_character(rig, 0)
    first = RootMotionClip(rig.group)
    second = RootMotionClip(rig.group)
    first.dispose()
    assert second.animationGroup is not first.animationGroup
    in_place = channel_of(second.animationGroup, rig.hips, "position")
    assert close(hips_in_character(rig, CYCLE_FRAMES, in_place).z, start.z, 4)
    assert close(hips_in_character(rig, CYCLE_FRAMES).z, start.z + SPEED, 4)


def test_adds_the_in_place_group_to_the_scene_and_removes_it_on_dispose(scene: Scene) -> None:
    """it("adds the in-place group to the scene and removes it on dispose")"""
    rig = build_rig(scene, "rootMotion")
    clip = RootMotionClip(rig.group)
    assert clip.animationGroup in scene.animationGroups
    assert clip.animationGroup.name == "rootMotion (in place)"
    clip.dispose()
    assert clip.animationGroup not in scene.animationGroups
    assert rig.group in scene.animationGroups


def test_shares_the_animations_it_does_not_rewrite_unless_asked_to_clone(scene: Scene) -> None:
    """it("shares the animations it does not rewrite unless asked to clone them")"""
    rig = build_rig(scene, "rootMotion")
    shared = RootMotionClip(rig.group)
    cloned = RootMotionClip(rig.group, {"cloneAnimations": True})
    source = channel_of(rig.group, rig.leftFoot, "position")
    assert channel_of(shared.animationGroup, rig.leftFoot, "position") is source
    assert channel_of(cloned.animationGroup, rig.leftFoot, "position") is not source


def test_keeps_the_events_of_a_rewritten_root_channel(scene: Scene) -> None:
    """it("keeps the events of a rewritten root channel")"""
    rig = build_rig(scene, "rootMotion")
    fired = [0]
    rig.hipsAnimation.addEvent(AnimationEvent(30, lambda *_: fired.__setitem__(0, fired[0] + 1)))
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 40)
    assert fired[0] == 1


def test_rewrites_the_roots_own_entry_when_its_animation_drives_another_node(
    scene: Scene,
) -> None:
    """it("rewrites the root's own entry when its animation also drives another node")"""
    rig = build_rig(scene, "rootMotion")
    prop = TransformNode("prop", scene)
    prop.parent = rig.armature
    group = AnimationGroup("shared", scene)
    group.addTargetedAnimation(rig.hipsAnimation, prop)
    for targeted in list(rig.group.targetedAnimations):
        group.addTargetedAnimation(targeted.animation, targeted.target)
    group.normalize(0, CYCLE_FRAMES)
    clip = RootMotionClip(group)
    RootMotionController(rig.character, [clip])
    assert clip.rootNode is rig.hips
    in_place_hips = channel_of(clip.animationGroup, rig.hips, "position")
    assert in_place_hips is not rig.hipsAnimation
    assert channel_of(clip.animationGroup, prop, "position") is rig.hipsAnimation
    assert close(
        hips_in_character(rig, CYCLE_FRAMES, in_place_hips).z,
        hips_in_character(rig, 0, in_place_hips).z,
        4,
    )
    clip.animationGroup.start(True)
    run(scene, 63)
    assert close(rig.character.position.z, walked(63), 6)


def test_disposes_cleanly_after_the_source_and_its_nodes_are_gone(scene: Scene) -> None:
    """it("disposes cleanly after the source and its nodes are gone")"""
    rig = build_rig(scene, "rootMotion")
    clip, controller, group = extract(rig)
    group.start(True)
    run(scene, 10)
    rig.group.dispose()
    rig.character.dispose()
    clip.dispose()
    controller.dispose()
    assert group not in scene.animationGroups


def test_rejects_an_additive_source(scene: Scene) -> None:
    """it("rejects an additive source")"""
    rig = build_rig(scene, "rootMotion")
    AnimationGroup.MakeAnimationAdditive(rig.group, {"referenceFrame": 0})
    with pytest.raises(Exception, match="additive"):
        RootMotionClip(rig.group)


# -- describe("foot contact fallback") ------------------------------------------------------


def test_deduces_the_travel_of_an_in_place_clip_from_its_feet(scene: Scene) -> None:
    """it("deduces the travel of an in-place clip from its feet")"""
    rig = build_rig(scene, "inPlace")
    clip = RootMotionClip(rig.group)
    assert clip.source == RootMotionSource.FootContact
    assert rig.leftFoot in clip.contactNodes
    assert rig.rightFoot in clip.contactNodes
    assert close(clip.cycleDistance, SPEED, 2)
    assert close(clip.travelDirection.z, 1, 3)


def test_does_not_mistake_a_large_root_surge_for_travel(scene: Scene) -> None:
    """it("does not mistake a large root surge for travel")"""
    rig = build_rig(scene, "inPlace", surge=0.3)
    assert RootMotionClip(rig.group).source == RootMotionSource.FootContact


def test_shares_an_in_place_clips_animations_as_they_are(scene: Scene) -> None:
    """it("shares an in-place clip's animations as they are")"""
    rig = build_rig(scene, "inPlace")
    clip = RootMotionClip(rig.group)
    assert channel_of(clip.animationGroup, rig.hips, "position") is rig.hipsAnimation


def test_foot_contact_can_be_forced(scene: Scene) -> None:
    """it("can be forced")"""
    rig = build_rig(scene, "inPlace")
    clip = RootMotionClip(
        rig.group,
        {"source": RootMotionSource.FootContact, "contactNodes": [rig.leftFoot, rig.rightFoot]},
    )
    assert clip.source == RootMotionSource.FootContact


def test_takes_an_unanimated_node_passed_as_the_root_as_the_base_of_the_contacts(
    scene: Scene,
) -> None:
    """it("takes a node the group does not animate, passed as the root, as the base of the
    contacts")"""
    rig = build_rig(scene, "inPlace")
    for source in (None, RootMotionSource.FootContact):
        options: dict[str, Any] = {"rootNode": rig.armature}
        if source is not None:
            options["source"] = source
        clip = RootMotionClip(rig.group, options)
        assert clip.source == RootMotionSource.FootContact
        assert clip.rootNode is rig.armature
        assert clip.characterNode is rig.character
        assert rig.leftFoot in clip.contactNodes
        assert rig.rightFoot in clip.contactNodes
        assert close(clip.cycleDistance, SPEED, 2)
        clip.dispose()
    _, _, group = extract(rig, rootNode=rig.armature)
    group.start(True)
    run(scene, 63)
    assert close(rig.character.position.z, walked(63), 1)
    assert close(rig.character.position.x, 0, 3)


def test_runs_an_unanimated_root_on_a_descendant_channel_that_spans_the_clip(
    scene: Scene,
) -> None:
    """it("runs a root the group does not animate on a descendant channel that spans the clip,
    not on a single key")"""
    rig = build_rig(scene, "inPlace", twist=0.1)
    head = rig.head
    head_animation = vector_animation("head", "position", [(0, head.position.clone())])
    group = AnimationGroup("sparse", scene)
    group.addTargetedAnimation(rig.hipsRotationAnimation, rig.hips)
    group.addTargetedAnimation(head_animation, head)
    group.addTargetedAnimation(channel_of(rig.group, rig.leftFoot, "position"), rig.leftFoot)
    group.addTargetedAnimation(channel_of(rig.group, rig.rightFoot, "position"), rig.rightFoot)
    clip = RootMotionClip(group, {"rootNode": rig.armature})
    assert clip.source == RootMotionSource.FootContact
    assert clip.toFrame - clip.fromFrame == CYCLE_FRAMES
    assert close(clip.duration, 1, 6)
    assert close(clip.cycleDistance, SPEED, 2)
    RootMotionController(rig.character, [clip])
    clip.animationGroup.start(True)
    run(scene, 63)
    assert close(rig.character.position.z, walked(63), 1)


def test_runs_a_root_of_single_key_channels_on_a_descendant_that_spans_the_clip(
    scene: Scene,
) -> None:
    """it("runs a root whose channels are all single keys on a descendant that spans the
    clip")"""
    rig = build_rig(scene, "inPlace")
    still = vector_animation(
        "hipsStill", "position", [(0, rig.hipsAnimation.getKeys()[0]["value"].clone())]
    )
    group = AnimationGroup("sparse", scene)
    group.addTargetedAnimation(still, rig.hips)
    group.addTargetedAnimation(channel_of(rig.group, rig.leftFoot, "position"), rig.leftFoot)
    group.addTargetedAnimation(channel_of(rig.group, rig.rightFoot, "position"), rig.rightFoot)
    clip = RootMotionClip(group)
    assert clip.rootNode is rig.hips
    assert close(clip.duration, 1, 6)
    assert clip.source == RootMotionSource.FootContact
    assert close(clip.cycleDistance, SPEED, 2)
    RootMotionController(rig.character, [clip])
    clip.animationGroup.start(True)
    run(scene, 63)
    assert close(rig.character.position.z, walked(63), 1)


def test_follows_the_channel_it_was_analyzed_on_when_the_root_has_two(scene: Scene) -> None:
    """it("follows the very channel it was analyzed on when the root has two of that
    property")"""
    rig = build_rig(scene, "rootMotion")
    rest = rig.hipsAnimation.getKeys()[0]["value"]
    bob = vector_animation(
        "hipsBob", "position", [(0, rest.clone()), (CYCLE_FRAMES / 2, rest.clone())]
    )
    group = AnimationGroup("duplicate", scene)
    group.addTargetedAnimation(bob, rig.hips)
    group.addTargetedAnimation(rig.hipsAnimation, rig.hips)
    group.addTargetedAnimation(channel_of(rig.group, rig.leftFoot, "position"), rig.leftFoot)
    group.addTargetedAnimation(channel_of(rig.group, rig.rightFoot, "position"), rig.rightFoot)
    clip = RootMotionClip(group)
    RootMotionController(rig.character, [clip])
    assert clip.source == RootMotionSource.Root
    clip.animationGroup.start(True)
    run(scene, 63)
    assert close(rig.character.position.z, walked(63), 3)


def test_runs_a_root_whose_position_has_a_single_key_on_its_rotation(scene: Scene) -> None:
    """it("runs a root whose position channel has a single key on its rotation channel")"""
    rig = build_rig(scene, "inPlace", twist=0.1)
    still = vector_animation(
        "hipsStill", "position", [(0, rig.hipsAnimation.getKeys()[0]["value"].clone())]
    )
    group = AnimationGroup("sparse", scene)
    group.addTargetedAnimation(still, rig.hips)
    group.addTargetedAnimation(rig.hipsRotationAnimation, rig.hips)
    group.addTargetedAnimation(channel_of(rig.group, rig.leftFoot, "position"), rig.leftFoot)
    group.addTargetedAnimation(channel_of(rig.group, rig.rightFoot, "position"), rig.rightFoot)
    clip = RootMotionClip(group)
    assert clip.rootNode is rig.hips
    assert clip.source == RootMotionSource.FootContact
    assert close(clip.duration, 1, 6)
    assert close(clip.cycleDistance, SPEED, 2)


def test_finds_no_travel_in_a_clip_that_stands_still(scene: Scene) -> None:
    """it("finds no travel in a clip that stands still")"""
    rig = build_rig(scene, "idle")
    clip, _, group = extract(rig)
    group.start(True)
    run(scene, 100)
    assert clip.source == RootMotionSource.None_
    assert clip.travelDirection.asArray() == [0, 0, 1]
    assert rig.character.position.length() == 0


# -- describe("direction of travel") --------------------------------------------------------


def test_walks_an_in_place_clip_that_veers_slightly_straight(scene: Scene) -> None:
    """it("walks an in-place clip that veers slightly straight")"""
    rig = build_rig(scene, "inPlace", veer=0.05)
    clip, _, group = extract(rig)
    group.start(True)
    run(scene, 126)
    assert close(clip.travelDirection.x, 0, 6)
    assert close(rig.character.position.x, 0, 6)
    assert close(rig.character.position.z, SPEED * 2, 1)


def test_keeps_a_root_clips_authored_veer_by_default(scene: Scene) -> None:
    """it("keeps a root clip's authored veer by default")"""
    rig = build_rig(scene, "rootMotion", veer=0.05)
    assert close(RootMotionClip(rig.group).travelDirection.x, math.sin(0.05), 4)


def test_walks_a_veering_root_clip_straight_when_asked_without_a_pop(scene: Scene) -> None:
    """it("walks a root clip that veers slightly straight when asked, without a pop at the
    loop")"""
    rig = build_rig(scene, "rootMotion", veer=0.05)
    start = hips_in_character(rig, 0)
    clip, _, group = extract(rig, directionSnapAngle=math.pi / 18)
    assert close(clip.travelDirection.x, 0, 6)
    end = hips_in_character(rig, CYCLE_FRAMES, channel_of(group, rig.hips, "position"))
    assert close(end.x, start.x, 4)
    assert close(end.z, start.z, 4)
    group.start(True)
    run(scene, 126)
    assert close(rig.character.position.x, 0, 6)


def test_keeps_a_deliberate_diagonal(scene: Scene) -> None:
    """it("keeps a deliberate diagonal")"""
    rig = build_rig(scene, "inPlace", veer=0.5)
    assert close(RootMotionClip(rig.group).travelDirection.x, math.sin(0.5), 2)


def test_keeps_the_measured_direction_when_snapping_is_off(scene: Scene) -> None:
    """it("keeps the measured direction when snapping is off")"""
    rig = build_rig(scene, "inPlace", veer=0.05)
    clip = RootMotionClip(rig.group, {"directionSnapAngle": 0})
    assert close(clip.travelDirection.x, math.sin(0.05), 2)


# -- describe("turning") --------------------------------------------------------------------


def test_extracts_the_turn_of_a_turning_clip(scene: Scene) -> None:
    """it("extracts the turn of a turning clip")"""
    rig = build_rig(scene, "rootMotion", turn=math.pi / 2)
    clip = RootMotionClip(rig.group)
    assert clip.source == RootMotionSource.Root
    assert clip.extractsRotation is True
    assert close(clip.cycleRotation, math.pi / 2, 3)


def test_leaves_a_walks_hip_twist_in_the_pose(scene: Scene) -> None:
    """it("leaves a walk's hip twist in the pose")"""
    rig = build_rig(scene, "rootMotion", twist=0.15)
    clip = RootMotionClip(rig.group)
    assert clip.extractsRotation is False
    assert clip.cycleRotation == 0


def test_turns_on_the_spot(scene: Scene) -> None:
    """it("turns on the spot")"""
    rig = build_rig(scene, "idle", turn=math.pi / 2)
    clip, _, group = extract(rig)
    group.start(True)
    run(scene, 63)
    assert clip.source == RootMotionSource.Root
    assert close(clip.cycleDistance, 0, 3)
    facing = Vector3.TransformNormal(Vector3.Forward(), rig.character.computeWorldMatrix(True))
    assert close(facing.x, 1, 1)


@pytest.mark.parametrize("mirrored", [False, True])
def test_keeps_the_clips_world_pose_along_a_turning_path_across_loops(
    scene: Scene, mirrored: bool
) -> None:
    """it("keeps the clip's world pose along a turning path, across loops[ (mirrored
    character)]")"""
    original = build_rig(scene, "rootMotion", turn=math.pi / 2)
    rig = build_rig(scene, "rootMotion", turn=math.pi / 2)
    if mirrored:
        rig.character.rotationQuaternion = Quaternion.RotationAxis(Vector3.Up(), math.pi)
        rig.character.scaling.set(1, 1, -1)
    start = rig.character.computeWorldMatrix(True).clone()
    clip, _, group = extract(rig)
    group.start(True)
    assert clip.extractsRotation is True
    for ticks, cycles in ((40, 0), (50, 1), (65, 2)):
        run(scene, ticks)
        expected = expected_hips_world(original, group.getCurrentFrame(), cycles, start)
        assert_same_pose(fresh_world_matrix(rig.hips), expected, 0.03)


def test_keeps_the_hip_sway_of_a_clip_that_turns_on_the_spot(scene: Scene) -> None:
    """it("keeps the hip sway of a clip that turns on the spot")"""
    original = build_rig(scene, "idle", turn=math.pi / 2)
    rig = build_rig(scene, "idle", turn=math.pi / 2)
    start = rig.character.computeWorldMatrix(True).clone()
    clip, _, group = extract(rig)
    group.start(True)
    assert clip.extractsRotation is True
    rendered = 0
    for ticks in (16, 30, 45):
        run(scene, ticks)
        rendered += ticks
        cycles = math.floor((rendered - 1) * FRAMES_PER_TICK / CYCLE_FRAMES)
        expected = expected_hips_world(original, group.getCurrentFrame(), cycles, start)
        assert_same_pose(fresh_world_matrix(rig.hips), expected, 0.01)


def test_keeps_a_turning_root_without_position_channel_where_it_is(scene: Scene) -> None:
    """it("keeps a turning root that has no position channel where it is, from a position
    channel of its own")"""
    offset = Vector3(0.3, HIP_HEIGHT, 0)

    def build() -> tuple[TransformNode, TransformNode, AnimationGroup, Any]:
        character = TransformNode("character", scene)
        hips = TransformNode("hips", scene)
        hips.parent = character
        hips.position.copyFrom(offset)
        foot = TransformNode("foot", scene)
        foot.parent = hips
        foot.position.set(0, -HIP_HEIGHT, 0)
        rotation = Animation(
            "rotation",
            "rotationQuaternion",
            FPS,
            Animation.ANIMATIONTYPE_QUATERNION,
            Animation.ANIMATIONLOOPMODE_CYCLE,
        )
        rotation.setKeys(
            [
                {
                    "frame": f,
                    "value": Quaternion.RotationAxis(
                        Vector3.Up(), (math.pi / 2) * f / CYCLE_FRAMES
                    ),
                }
                for f in (0, 30, 60)
            ]
        )
        group = AnimationGroup("turn", scene)
        group.addTargetedAnimation(rotation, hips)
        return character, hips, group, rotation

    original = build()
    character, hips, source, _ = build()

    def local_at(frame: float) -> Matrix:
        return Matrix.Compose(Vector3.One(), original[3].evaluate(frame), offset)

    start = character.computeWorldMatrix(True).clone()
    clip = RootMotionClip(source, {"rootNode": hips})
    RootMotionController(character, [clip])
    assert clip.extractsRotation is True
    assert close(clip.cycleRotation, math.pi / 2, 3)
    assert len(source.targetedAnimations) == 1
    assert len(clip.animationGroup.targetedAnimations) == 2
    clip.animationGroup.start(True)
    rendered = 0
    for ticks in (16, 14, 15, 20):
        run(scene, ticks)
        rendered += ticks
        cycles = math.floor((rendered - 1) * FRAMES_PER_TICK / CYCLE_FRAMES)
        expected = expected_world(local_at, clip.animationGroup.getCurrentFrame(), cycles, start)
        assert_same_pose(fresh_world_matrix(hips), expected, 0.01)
    assert close(clip.cycleOffset.x, offset.x, 3)
    assert close(clip.cycleOffset.z, offset.x, 3)
    clip.animationGroup.stop()
    assert hips.position.equalsWithEpsilon(offset, 1e-4)
    clip.dispose()
    assert hips.position.equalsWithEpsilon(offset)


def test_composes_the_whole_revolutions_of_a_spinning_clip_as_straight_travel(
    scene: Scene,
) -> None:
    """it("composes the whole revolutions of a spinning clip as straight travel")"""
    rig = build_rig(scene, "idle", turn=2 * math.pi)
    clip, _, group = extract(rig, extractRotation=True)
    group.start(True, 3)
    run(scene, 130)
    assert close(clip.cycleRotation, 2 * math.pi, 3)
    assert math.isfinite(rig.character.position.x)
    assert rig.character.position.length() < 1e-6


def test_keeps_rewritten_euler_rotation_keys_on_the_short_path_around_pi(scene: Scene) -> None:
    """it("keeps rewritten Euler rotation keys on the short path around PI")"""
    character = TransformNode("character", scene)
    hips = TransformNode("hips", scene)
    hips.parent = character
    TransformNode("foot", scene).parent = hips
    rotation_keys = []
    position_keys = []
    for frame in range(CYCLE_FRAMES + 1):
        phase = 2 * math.pi * frame / CYCLE_FRAMES
        rotation_keys.append(
            (
                frame,
                Vector3(
                    0.6 * math.sin(phase),
                    math.pi + (math.pi / 2) * (frame / CYCLE_FRAMES),
                    0.6 * math.sin(2 * phase),
                ),
            )
        )
        position_keys.append((frame, Vector3(0, HIP_HEIGHT, 0)))
    rotation = vector_animation("rotation", "rotation", rotation_keys)
    position = vector_animation("position", "position", position_keys)
    group = AnimationGroup("euler", scene)
    group.addTargetedAnimation(position, hips)
    group.addTargetedAnimation(rotation, hips)
    clip = RootMotionClip(group)
    assert clip.extractsRotation is True
    keys = channel_of(clip.animationGroup, hips, "rotation").getKeys()
    for i in range(1, len(keys)):
        step = keys[i]["value"].subtract(keys[i - 1]["value"])
        assert max(abs(step.x), abs(step.y), abs(step.z)) < math.pi


def test_does_not_turn_when_rotation_extraction_is_off(scene: Scene) -> None:
    """it("does not turn when rotation extraction is off")"""
    rig = build_rig(scene, "rootMotion", turn=math.pi / 2)
    clip = RootMotionClip(rig.group, {"extractRotation": False})
    assert clip.extractsRotation is False
    assert clip.cycleRotation == 0


# -- describe("runtime") --------------------------------------------------------------------


@pytest.mark.parametrize("gait", ["rootMotion", "inPlace"])
def test_moves_the_character_across_loops(scene: Scene, gait: str) -> None:
    """it("moves the character across loops (rootMotion|inPlace)")"""
    rig = build_rig(scene, gait)
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 126)  # 125 ticks of 16 ms are exactly two cycles
    assert close(rig.character.position.z, SPEED * 2, 1)
    assert close(rig.character.position.x, 0, 3)


def test_keeps_the_feet_planted_in_world_space(scene: Scene) -> None:
    """it("keeps the feet planted in world space")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 6)  # frames 5-25 of the cycle: the left foot is planted
    planted = fresh_world_matrix(rig.leftFoot).getTranslation()
    run(scene, 18)
    later = fresh_world_matrix(rig.leftFoot).getTranslation()
    assert Vector3.Distance(planted, later) < 0.01


def test_travels_in_the_characters_world_orientation_and_scale(scene: Scene) -> None:
    """it("travels in the character's world orientation and scale")"""
    rig = build_rig(scene, "rootMotion")
    rig.character.rotationQuaternion = Quaternion.RotationAxis(Vector3.Up(), math.pi / 2)
    rig.character.scaling.setAll(2)
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 126)
    assert close(rig.character.position.x, SPEED * 4, 1)
    assert close(rig.character.position.z, 0, 3)


def test_follows_speed_ratio_and_weight(scene: Scene) -> None:
    """it("follows speedRatio and weight")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True, 2)
    group.weight = 0.5
    run(scene, 63)
    assert close(rig.character.position.z, SPEED, 1)


def test_reports_the_travel_without_moving_the_character_when_not_applied(
    scene: Scene,
) -> None:
    """it("reports the travel without moving the character when not applied")"""
    rig = build_rig(scene, "rootMotion")
    _, controller, group = extract(rig)
    controller.applyToCharacter = False
    travelled = [0.0]

    def add(*_: Any) -> None:
        travelled[0] += controller.deltaPosition.z

    controller.onRootMotionObservable.add(add)
    group.start(True)
    run(scene, 63)
    assert rig.character.position.z == 0
    assert close(travelled[0], SPEED, 1)


def test_plays_backwards(scene: Scene) -> None:
    """it("plays backwards")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True, -1)
    run(scene, 130)
    assert close(rig.character.position.z, -walked(130), 3)


def test_counts_several_cycles_passing_in_one_step(scene: Scene) -> None:
    """it("counts several cycles passing in one step")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True, 70)
    run(scene, 10)
    assert close(rig.character.position.z, walked(10, 70), 2)


def test_counts_a_step_of_exactly_one_cycle(scene: Scene) -> None:
    """it("counts a step of exactly one cycle, which leaves the frame where it was")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True, 1000 / 16)
    run(scene, 10)
    assert close(rig.character.position.z, SPEED * 9, 2)


def test_composes_thousands_of_cycles_in_one_step_exactly(scene: Scene) -> None:
    """it("composes thousands of cycles in one step exactly")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True, 1e6)
    run(scene, 10)
    assert close(rig.character.position.z / walked(10, 1e6), 1, 6)


def test_does_not_read_a_restart_between_frames_as_a_loop(scene: Scene) -> None:
    """it("does not read a restart between frames as a loop")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 40)
    before = rig.character.position.z
    group.stop()
    group.start(True)
    run(scene, 2)
    assert close(rig.character.position.z - before, walked(2), 3)


def test_swings_forwards_and_back_with_a_yoyo_loop(scene: Scene) -> None:
    """it("swings forwards and back with a yoyo loop")"""
    rig = build_rig(scene, "rootMotion")
    set_loop_mode(rig.group, Animation.ANIMATIONLOOPMODE_YOYO)
    _, _, group = extract(rig)
    group.start(True)
    farthest = 0.0
    for _ in range(130):
        run(scene, 1)
        farthest = max(farthest, rig.character.position.z)
    assert close(farthest, SPEED, 1)
    assert abs(rig.character.position.z) < SPEED


def test_loops_a_played_range_by_its_own_stride(scene: Scene) -> None:
    """it("loops a played range by its own stride")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True, 1, 20, 40)
    run(scene, 130)
    assert close(rig.character.position.z, walked(130), 3)


def _prop_animation(frames: float, fps: float = FPS) -> Any:
    return vector_animation("prop", "position", [(0, Vector3.Zero()), (frames, Vector3.One())], fps)


def test_runs_on_the_roots_animation_rather_than_the_groups_first(scene: Scene) -> None:
    """it("runs on the root's animation rather than the group's first")"""
    rig = build_rig(scene, "rootMotion")
    prop = TransformNode("prop", scene)
    mixed = AnimationGroup("mixed", scene)
    mixed.addTargetedAnimation(_prop_animation(30, 30), prop)
    for targeted in list(rig.group.targetedAnimations):
        mixed.addTargetedAnimation(targeted.animation, targeted.target)
    clip = RootMotionClip(mixed)
    RootMotionController(rig.character, [clip])
    clip.animationGroup.start(True)
    run(scene, 130)
    assert close(clip.averageSpeed, SPEED, 3)
    assert close(rig.character.position.z, walked(130), 3)


def test_stops_moving_the_character_after_the_clip_is_disposed(scene: Scene) -> None:
    """it("stops moving the character after the clip is disposed")"""
    rig = build_rig(scene, "rootMotion")
    clip, _, group = extract(rig)
    group.start(True)
    run(scene, 30)
    clip.dispose()
    stopped = rig.character.position.z
    run(scene, 30)
    assert rig.character.position.z == stopped


def test_stops_moving_the_character_after_the_controller_is_disposed(scene: Scene) -> None:
    """it("stops moving the character after the controller is disposed")"""
    rig = build_rig(scene, "rootMotion")
    clip, controller, group = extract(rig)
    group.start(True)
    run(scene, 30)
    controller.dispose()
    stopped = rig.character.position.z
    run(scene, 30)
    assert rig.character.position.z == stopped
    assert clip.controller is None
    assert group.isPlaying is True


# -- describe("playback that does not loop") ------------------------------------------------


def test_lands_exactly_at_the_end_of_the_clip(scene: Scene) -> None:
    """it("lands exactly at the end of the clip")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(False)
    run(scene, 70)
    assert group.isStarted is False
    assert close(rig.character.position.z, SPEED, 6)


def test_lands_exactly_at_the_start_of_the_clip_played_backwards(scene: Scene) -> None:
    """it("lands exactly at the start of the clip played backwards")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(False, -1)
    run(scene, 70)
    assert group.isStarted is False
    assert close(rig.character.position.z, -SPEED, 6)


def test_applies_the_whole_clip_when_it_completes_in_its_first_advancing_tick(
    scene: Scene,
) -> None:
    """it("applies the whole clip when it completes in its first advancing tick")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(False, 1000)
    run(scene, 2)
    assert close(rig.character.position.z, SPEED, 6)


def _walk_and_run(scene: Scene) -> tuple[Rig, Any, Any]:
    skeleton = build_skeleton(scene)
    walk = add_gait(skeleton, "rootMotion", name="walk")
    running = add_gait(skeleton, "rootMotion", name="run", speed=2)
    walk_clip = RootMotionClip(walk.group)
    run_clip = RootMotionClip(running.group)
    RootMotionController(skeleton.character, [walk_clip, run_clip])
    return skeleton, walk_clip, run_clip


def test_mixes_terminal_motions_of_weighted_clips_completing_together(scene: Scene) -> None:
    """it("mixes the terminal motions of weighted clips completing together by their
    normalized weights")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(False, 1000)
    run_clip.animationGroup.start(False, 1000)
    walk_clip.animationGroup.weight = 0.8
    run_clip.animationGroup.weight = 0.8
    run(scene, 2)
    assert walk_clip.animationGroup.isStarted is False
    assert run_clip.animationGroup.isStarted is False
    assert close(skeleton.character.position.z, 0.5 * SPEED + 0.5 * (2 * SPEED), 6)


@pytest.mark.parametrize("run_last", [True, False])
def test_gives_the_last_of_two_unweighted_clips_completing_together_the_whole_motion(
    scene: Scene, run_last: bool
) -> None:
    """it("gives the last of two unweighted clips completing together the whole terminal
    motion")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    (walk_clip if run_last else run_clip).animationGroup.start(False, 1000)
    (run_clip if run_last else walk_clip).animationGroup.start(False, 1000)
    run(scene, 2)
    assert close(skeleton.character.position.z, 2 * SPEED if run_last else SPEED, 6)


def test_weighs_a_clip_completing_against_a_weighted_clip_that_plays_on(scene: Scene) -> None:
    """it("weighs a clip completing against a weighted clip that plays on")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(False, 1000)
    run_clip.animationGroup.start(True)
    walk_clip.animationGroup.weight = 0.8
    run_clip.animationGroup.weight = 0.8
    run(scene, 2)
    assert close(skeleton.character.position.z, 0.5 * SPEED + 0.5 * walked(2, 2), 6)


def test_applies_nothing_beyond_the_last_frame_of_a_playback_stopped_explicitly(
    scene: Scene,
) -> None:
    """it("applies nothing beyond the last frame of a playback stopped explicitly")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 40)
    group.stop()
    stopped = rig.character.position.z
    run(scene, 5)
    assert close(stopped, walked(40), 6)
    assert rig.character.position.z == stopped


def test_keeps_the_end_of_each_playback_of_a_clip_started_again_whenever_it_ends(
    scene: Scene,
) -> None:
    """it("keeps the end of each playback of a clip started again whenever it ends")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)

    def chain(ticks: int) -> None:
        for _ in range(ticks):
            if not group.isStarted:
                group.start(False)
            scene.animate()

    chain(128)  # a playback ends on its 64th tick
    assert close(rig.character.position.z, 2 * SPEED, 6)
    chain(10)
    assert close(rig.character.position.z, 2 * SPEED + walked(10), 6)


# -- describe("loop modes") -----------------------------------------------------------------


def test_holds_a_constant_loop_at_the_end_of_its_first_cycle(scene: Scene) -> None:
    """it("holds a constant loop at the end of its first cycle")"""
    rig = build_rig(scene, "rootMotion")
    set_loop_mode(rig.group, Animation.ANIMATIONLOOPMODE_CONSTANT)
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 130)
    assert close(rig.character.position.z, SPEED, 6)


def test_holds_a_constant_loop_played_backwards_at_the_end_of_its_first_cycle(
    scene: Scene,
) -> None:
    """it("holds a constant loop played backwards at the end of its first cycle")"""
    rig = build_rig(scene, "rootMotion")
    set_loop_mode(rig.group, Animation.ANIMATIONLOOPMODE_CONSTANT)
    _, _, group = extract(rig)
    group.start(True, -1)
    run(scene, 130)
    assert close(rig.character.position.z, -SPEED, 6)


def test_keeps_cycling_a_constant_loop_whose_speed_ratio_turns_negative(scene: Scene) -> None:
    """it("keeps cycling a constant loop whose speed ratio turns negative after it started")"""
    rig = build_rig(scene, "rootMotion")
    set_loop_mode(rig.group, Animation.ANIMATIONLOOPMODE_CONSTANT)
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 10)
    group.speedRatio = -1
    run(scene, 130)
    expected = walked(10) - SPEED * (130 * FRAMES_PER_TICK / CYCLE_FRAMES)
    assert close(rig.character.position.z, expected, 3)


@pytest.mark.parametrize(
    "loop_mode",
    [Animation.ANIMATIONLOOPMODE_RELATIVE, Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT],
    ids=["relative", "relative from current"],
)
def test_cycles_a_relative_loop(scene: Scene, loop_mode: int) -> None:
    """it("cycles a relative loop") and it("cycles a relative from current loop")"""
    rig = build_rig(scene, "rootMotion")
    set_loop_mode(rig.group, loop_mode)
    start = hips_in_character(rig, 0)
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 126)
    assert close(rig.character.position.z, SPEED * 2, 1)
    in_place = channel_of(group, rig.hips, "position")
    assert close(hips_in_character(rig, CYCLE_FRAMES, in_place).z, start.z, 4)


# -- describe("track ranges") ---------------------------------------------------------------


def test_loops_by_the_roots_own_range_when_another_track_runs_longer(scene: Scene) -> None:
    """it("loops by the root's own range when another track runs longer")"""
    rig = build_rig(scene, "rootMotion")
    prop = TransformNode("prop", scene)
    rig.group.addTargetedAnimation(_prop_animation(2 * CYCLE_FRAMES), prop)
    assert rig.group.to == 2 * CYCLE_FRAMES
    clip, _, group = extract(rig)
    assert clip.fromFrame == 0
    assert clip.toFrame == CYCLE_FRAMES
    assert close(clip.duration, 1, 6)
    assert close(clip.averageSpeed, SPEED, 3)
    group.start(True)
    run(scene, 126)
    assert close(rig.character.position.z, SPEED * 2, 1)


def test_follows_a_root_track_keyed_inside_the_groups_range_played_twice(scene: Scene) -> None:
    """it("follows a root track keyed inside the group's range, played twice")"""
    rig = build_rig(scene, "rootMotion")
    rig.hipsAnimation.setKeys(
        [key for key in rig.hipsAnimation.getKeys() if 10 <= key["frame"] <= 40]
    )
    clip, _, group = extract(rig)
    assert clip.fromFrame == 10
    assert clip.toFrame == 40
    assert close(clip.duration, 0.5, 6)
    assert close(clip.averageSpeed, SPEED, 2)
    group.start(True)
    run(scene, 130)
    first = rig.character.position.z
    assert close(first, walked(130), 2)
    group.stop()
    group.start(True)
    run(scene, 130)
    assert close(rig.character.position.z - first, 3 * 0.6, 2)


# -- describe("blending") -------------------------------------------------------------------


def test_blends_two_weighted_clips_by_their_normalized_weights(scene: Scene) -> None:
    """it("blends two weighted clips by their normalized weights")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(True)
    run_clip.animationGroup.start(True)
    walk_clip.animationGroup.weight = 0.8
    run_clip.animationGroup.weight = 0.8
    run(scene, 63)
    assert close(skeleton.character.position.z, 0.5 * walked(63) + 0.5 * walked(63, 2), 6)


def test_cross_fades_to_the_blended_pose(scene: Scene) -> None:
    """it("cross-fades to the blended pose")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(True)
    run_clip.animationGroup.start(True)
    ticks = 62
    expected = 0.0
    for tick in range(1, ticks + 1):
        fade = (tick - 1) / (ticks - 1)
        walk_clip.animationGroup.weight = 1 - fade
        run_clip.animationGroup.weight = fade
        run(scene, 1)
        if tick > 1:
            expected += ((1 - fade) * SPEED + fade * SPEED * 2) * 0.016
    assert close(skeleton.character.position.z, expected, 6)


def test_contributes_as_much_as_a_group_blending_in_is_blended_in(scene: Scene) -> None:
    """it("contributes as much as a group blending in is blended in")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.enableBlending = True
    group.blendingSpeed = 0.1
    group.start(True)
    ticks = 30
    run(scene, ticks)
    expected = 0.0
    for tick in range(2, ticks + 1):
        factor = 0.1 * (tick - 1)
        expected += (factor if factor <= 1 else 1) * SPEED * 0.016
    assert close(rig.character.position.z, expected, 6)


def test_fades_a_clip_in_from_a_weight_of_zero_without_a_jump(scene: Scene) -> None:
    """it("fades a clip in from a weight of zero without a jump")"""
    skeleton = build_skeleton(scene)
    idle = add_gait(skeleton, "idle")
    walk = add_gait(skeleton, "rootMotion")
    walk_clip = RootMotionClip(walk.group)
    RootMotionController(skeleton.character, [walk_clip])
    idle.group.start(True)
    idle.group.weight = 1
    walk_clip.animationGroup.start(True)
    walk_clip.animationGroup.weight = 0
    run(scene, 200)
    assert skeleton.character.position.z == 0
    walk_clip.animationGroup.weight = 0.1
    run(scene, 2)
    assert close(skeleton.character.position.z, (0.1 / 1.1) * SPEED * 0.016, 6)


def test_adds_an_additive_clip_by_its_weight(scene: Scene) -> None:
    """it("adds an additive clip by its weight")"""
    skeleton = build_skeleton(scene)
    idle = add_gait(skeleton, "idle")
    walk = add_gait(skeleton, "rootMotion")
    start = hips_in_character(walk, 0)
    walk_clip = RootMotionClip(walk.group, {"cloneAnimations": True})
    additive = AnimationGroup.MakeAnimationAdditive(walk_clip.animationGroup, {"referenceFrame": 0})
    RootMotionController(skeleton.character, [walk_clip])
    idle.group.start(True)
    idle.group.weight = 1
    additive.start(True)
    additive.weight = 0.5
    run(scene, 63)
    assert additive is walk_clip.animationGroup
    assert close(skeleton.character.position.z, 0.5 * walked(63), 6)
    assert close(hips_in_character(walk, CYCLE_FRAMES).z, start.z + SPEED, 4)


def test_lets_the_last_unweighted_group_take_over(scene: Scene) -> None:
    """it("lets the last unweighted group take over")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(True)
    run_clip.animationGroup.start(True)
    run(scene, 63)
    assert close(skeleton.character.position.z, walked(63, 2), 6)
    run_clip.animationGroup.stop()
    run_clip.animationGroup.start(True)
    walk_clip.animationGroup.stop()
    walk_clip.animationGroup.start(True)
    run(scene, 63)
    assert close(skeleton.character.position.z, walked(63, 2) + walked(63), 6)


def test_normalizes_against_a_weighted_group_the_controller_does_not_know(scene: Scene) -> None:
    """it("normalizes against a weighted group the controller does not know")"""
    skeleton = build_skeleton(scene)
    idle = add_gait(skeleton, "idle")
    walk = add_gait(skeleton, "rootMotion")
    walk_clip = RootMotionClip(walk.group)
    RootMotionController(skeleton.character, [walk_clip])
    idle.group.start(True)
    idle.group.weight = 0.8
    walk_clip.animationGroup.start(True)
    walk_clip.animationGroup.weight = 0.8
    run(scene, 63)
    assert close(skeleton.character.position.z, 0.5 * walked(63), 6)


# -- describe("synchronization") ------------------------------------------------------------


def _driver_animation() -> Any:
    """Babylon's ``DriverAnimation()``: a still position animation keyed over one cycle."""
    return vector_animation(
        "driver", "position", [(0, Vector3.Zero()), (CYCLE_FRAMES, Vector3.Zero())]
    )


def _synced(
    scene: Scene,
    speed_ratio: float = 1,
    master_loop_mode: int | None = None,
    follower_loop_mode: int | None = None,
    loop: bool = True,
) -> tuple[Rig, Rig, Any]:
    """Babylon's ``Synced``: a walk clip synchronized with an idle group on the same skeleton."""
    skeleton = build_skeleton(scene)
    idle = add_gait(skeleton, "idle")
    walk = add_gait(skeleton, "rootMotion")
    if master_loop_mode is not None:
        set_loop_mode(idle.group, master_loop_mode)
    if follower_loop_mode is not None:
        set_loop_mode(walk.group, follower_loop_mode)
    clip = RootMotionClip(walk.group)
    RootMotionController(skeleton.character, [clip])
    idle.group.start(True, speed_ratio)
    clip.animationGroup.start(loop)
    clip.animationGroup.syncAllAnimationsWith(idle.group.animatables[0])
    return skeleton, idle, clip


def test_stands_still_with_a_stationary_driver(scene: Scene) -> None:
    """it("stands still with a stationary driver")"""
    skeleton, _, _ = _synced(scene, 0)
    run(scene, 63)
    assert skeleton.character.position.z == 0


def test_follows_a_slower_driver(scene: Scene) -> None:
    """it("follows a slower driver")"""
    skeleton, _, _ = _synced(scene, 0.5)
    run(scene, 130)
    assert close(skeleton.character.position.z, walked(130, 0.5), 6)


def test_follows_a_driver_of_twice_the_range_across_its_loops(scene: Scene) -> None:
    """it("follows a driver of twice the range across its loops")"""
    rig = build_rig(scene, "rootMotion")
    prop = TransformNode("prop", scene)
    master = AnimationGroup("master", scene)
    master.addTargetedAnimation(_prop_animation(2 * CYCLE_FRAMES), prop)
    _, _, group = extract(rig)
    master.start(True)
    group.start(True)
    group.syncAllAnimationsWith(master.animatables[0])
    run(scene, 260)
    assert close(rig.character.position.z, walked(260, 0.5), 6)


def test_holds_when_the_driver_stops(scene: Scene) -> None:
    """it("holds when the driver stops")"""
    skeleton, idle, _ = _synced(scene)
    run(scene, 63)
    before = skeleton.character.position.z
    idle.group.stop()
    run(scene, 10)
    assert close(before, walked(63), 6)
    assert skeleton.character.position.z == before


def test_keeps_following_a_driver_whose_constant_loop_holds_its_pose(scene: Scene) -> None:
    """it("keeps following a driver whose constant loop holds its pose")"""
    skeleton, _, _ = _synced(scene, 1, Animation.ANIMATIONLOOPMODE_CONSTANT)
    run(scene, 130)
    assert close(skeleton.character.position.z, walked(130), 6)


def test_holds_a_follower_whose_own_constant_loop_holds_its_pose(scene: Scene) -> None:
    """it("holds a follower whose own constant loop holds its pose")"""
    skeleton, _, _ = _synced(scene, 1, None, Animation.ANIMATIONLOOPMODE_CONSTANT)
    run(scene, 130)
    assert close(skeleton.character.position.z, SPEED, 6)


def test_does_not_read_the_return_to_its_own_clock_as_motion(scene: Scene) -> None:
    """it("does not read the return to its own clock as motion when it is no longer
    synchronized")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    prop = TransformNode("prop", scene)
    driver = scene.beginDirectAnimation(prop, [_driver_animation()], 0, CYCLE_FRAMES, True)
    group.start(True)
    group.syncAllAnimationsWith(driver)
    run(scene, 20)
    driver.stop()
    run(scene, 1)
    before = rig.character.position.z
    group.syncAllAnimationsWith(None)
    run(scene, 1)
    assert close(rig.character.position.z - before, 0, 6)


def test_follows_a_driver_whose_group_runs_longer_than_its_clock_track(scene: Scene) -> None:
    """it("follows a driver whose group runs longer than the track it is clocked by")

    Babylon's test expects ``40 * 0.5 * Speed * 0.016`` (0.384) to 4 digits, a fix made after
    9.31: Babylon.js 9.31 itself (parity/scenarios/compat_motion_root_motion_events.mjs,
    ``longDriver``) moves the character 0.3744, 39 ticks' worth, over these 40 ticks. The
    oracle of this project is 9.31, so the port asserts 9.31's number.
    """
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    prop = TransformNode("prop", scene)
    driver = scene.beginDirectAnimation(prop, [_driver_animation()], 0, 2 * CYCLE_FRAMES, True)
    group.start(True)
    group.syncAllAnimationsWith(driver)
    run(scene, 40)
    before = rig.character.position.z
    run(scene, 40)  # spans the driver's wrap
    assert close(rig.character.position.z - before, 39 * 0.5 * SPEED * 0.016, 4)
    assert rig.character.position.z == pytest.approx(0.7488000109791757, abs=1e-9)


def test_ends_a_follower_that_does_not_loop_at_the_drivers_frame(scene: Scene) -> None:
    """it("ends a follower that does not loop at the driver's frame")"""
    skeleton, _, clip = _synced(scene, 0.5, None, None, False)
    run(scene, 70)
    assert clip.animationGroup.isStarted is False
    expected = SPEED * (63 * FRAMES_PER_TICK * 0.5 / CYCLE_FRAMES)
    assert close(skeleton.character.position.z, expected, 6)


# -- describe("writers recorded as they write") ---------------------------------------------


def _still_animation() -> Any:
    """A position animation holding its target still over a cycle, played once."""
    animation = Animation(
        "still",
        "position",
        FPS,
        Animation.ANIMATIONTYPE_VECTOR3,
        Animation.ANIMATIONLOOPMODE_CONSTANT,
    )
    animation.setKeys(
        [{"frame": 0, "value": Vector3.Zero()}, {"frame": CYCLE_FRAMES, "value": Vector3.Zero()}]
    )
    return animation


def _still_group(
    scene: Scene,
    hips: TransformNode,
    event: tuple[float, Callable[[AnimationGroup], object]] | None = None,
) -> AnimationGroup:
    """A group the controller does not know, holding the hips still; ``event`` is a frame and
    an action on the group itself."""
    animation = _still_animation()
    group = AnimationGroup("still", scene)
    group.addTargetedAnimation(animation, hips)
    if event is not None:
        frame, action = event
        animation.addEvent(AnimationEvent(frame, lambda *_: action(group), True))
    return group


def _animatable_of(group: AnimationGroup, target: Any) -> Any:
    return next(a for a in group.animatables if a.target is target)


def test_applies_the_terminal_step_of_a_playback_whose_event_disables_animations(
    scene: Scene,
) -> None:
    """it("applies the terminal step of a playback whose event disables the scene's animations
    after it wrote")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)

    def disable(*_: Any) -> None:
        scene.animationsEnabled = False

    channel_of(group, rig.hips, "position").addEvent(AnimationEvent(CYCLE_FRAMES, disable, True))
    group.start(False)
    run(scene, 64)
    assert group.isStarted is False
    assert scene.animationsEnabled is False
    assert close(rig.character.position.z, SPEED, 6)


@pytest.mark.parametrize(("first", "second"), [(0.8, 0.8), (0.8, 0.2), (0.2, 0.8)])
def test_follows_the_bindings_of_a_clock_re_evaluated_by_an_event_within_a_step(
    scene: Scene, first: float, second: float
) -> None:
    """it("follows the bindings of a clock re-evaluated by an animation event within a step
    (first then second)")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    found: list[Any] = []

    def reevaluate(*_: Any) -> None:
        hips_animatable = _animatable_of(group, rig.hips)
        runtime = hips_animatable.getAnimations()[0]
        found.append(runtime)
        group.weight = second
        hips_animatable.goToFrame(runtime.currentFrame, True)

    # registered before the playback starts: a runtime animation takes its events when created
    channel_of(group, rig.hips, "position").addEvent(AnimationEvent(30, reevaluate, True))
    group.start(True)
    group.weight = first
    run(scene, 32)
    before = rig.character.position.z
    run(scene, 1)
    # two binding entries, added up as written, each read with the last write's weight
    coefficient = 2 * second / max(1, first + second)
    value = found[0].currentValue
    assert Vector3.Distance(rig.hips.position, value.scale(coefficient)) < 1e-6
    assert close(rig.character.position.z - before, coefficient * SPEED * 0.016, 6)


def test_follows_the_bindings_of_a_clock_turned_additive_and_re_evaluated_twice(
    scene: Scene,
) -> None:
    """it("follows the bindings of a clock that turns additive and is re-evaluated twice within
    a step")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    found: list[Any] = []

    def reevaluate(*_: Any) -> None:
        hips_animatable = _animatable_of(group, rig.hips)
        runtime = hips_animatable.getAnimations()[0]
        found.append(runtime)
        group.isAdditive = True
        hips_animatable.goToFrame(runtime.currentFrame, True)
        hips_animatable.goToFrame(runtime.currentFrame, True)

    channel_of(group, rig.hips, "position").addEvent(AnimationEvent(30, reevaluate, True))
    group.start(True)
    group.weight = 1
    run(scene, 32)
    before = rig.character.position.z
    run(scene, 1)
    # one override entry at 1 over a total of 1, then two additive entries at 1: three times
    value = found[0].currentValue
    assert Vector3.Distance(rig.hips.position, value.scale(3)) < 1e-6
    assert close(rig.character.position.z - before, 3 * SPEED * 0.016, 6)


def test_keeps_no_reference_to_a_stopped_animation_past_its_step(scene: Scene) -> None:
    """it("keeps no reference to a stopped animation or its target in the journal past its
    step")

    Babylon's journal is ``scene._animationWrites`` (``_animationWriteCount`` live entries);
    ours is the scene's ``RuntimeAnimation._writeRecords`` journal (``entries``, ``count``),
    kept while a root-motion controller exists on the scene, so the port makes one first.
    """
    from lite_compat.animations.runtime_animation import RuntimeAnimation

    extract(build_rig(scene, "rootMotion"))
    prop = TransformNode("prop", scene)
    animatable = scene.beginDirectAnimation(prop, [_still_animation()], 0, CYCLE_FRAMES, True)
    runtime = animatable.getAnimations()[0]
    run(scene, 3)
    journal = RuntimeAnimation._writeRecords[scene]
    live = journal.entries[: journal.count]
    assert any(e[0] is runtime and e[1] is prop for e in live)
    animatable.stop()
    run(scene, 2)  # an idle step empties the journal of the step before, unused entries too
    assert journal.count == 0
    assert not any(e[0] is runtime or e[1] is prop for e in journal.entries)
    assert all(e[0] is None and e[1] is None for e in journal.entries)

    other = Scene(scene.getEngine())
    extract(build_rig(other, "rootMotion"))
    other_prop = TransformNode("prop", other)
    other.beginDirectAnimation(other_prop, [_still_animation()], 0, CYCLE_FRAMES, True)
    other.animate()
    assert len(RuntimeAnimation._writeRecords[other].entries) > 0
    other.dispose()
    assert other not in RuntimeAnimation._writeRecords


def test_carries_on_where_it_was_when_animations_are_enabled_again(scene: Scene) -> None:
    """it("carries on where it was when the scene's animations are enabled again")"""
    rig = build_rig(scene, "rootMotion")
    _, controller, group = extract(rig)
    group.start(True)
    run(scene, 20)
    before = rig.character.position.z
    frame = group.getCurrentFrame()
    scene.animationsEnabled = False
    run(scene, 5)
    assert rig.character.position.z == before
    assert controller.deltaPosition.length() == 0
    assert group.getCurrentFrame() == frame
    scene.animationsEnabled = True
    run(scene, 1)
    assert close(group.getCurrentFrame(), frame + FRAMES_PER_TICK, 4)
    assert close(rig.character.position.z - before, SPEED * 0.016, 6)


def _expected_for(weighted: bool) -> float:
    # weighted: normalized against the walk, half a tick; unweighted: it wrote the root last
    return 0.5 * SPEED * 0.016 if weighted else 0.0


@pytest.mark.parametrize("weighted", [True, False], ids=["weighted", "unweighted"])
def test_counts_a_group_completing_on_its_first_evaluation_after_a_jump_to_its_end(
    scene: Scene, weighted: bool
) -> None:
    """it("counts a group completing on its first evaluation, after a jump to its end
    (weighted|unweighted)")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    if weighted:
        group.weight = 0.8
    run(scene, 20)
    before = rig.character.position.z
    still = _still_group(scene, rig.hips)
    still.start(False)
    if weighted:
        still.weight = 0.8
    for animatable in still.animatables:
        animatable.goToFrame(CYCLE_FRAMES)
    run(scene, 1)
    assert still.isStarted is False
    assert close(rig.character.position.z - before, _expected_for(weighted), 6)


@pytest.mark.parametrize("weighted", [True, False], ids=["weighted", "unweighted"])
def test_counts_a_group_reactivated_from_a_weight_of_zero_at_its_elapsed_end(
    scene: Scene, weighted: bool
) -> None:
    """it("counts a group reactivated from a weight of zero at its elapsed end
    (weighted|unweighted)")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    if weighted:
        group.weight = 0.8
    still = _still_group(scene, rig.hips)
    still.start(False)
    still.weight = 0
    run(scene, 80)
    before = rig.character.position.z
    still.weight = 0.8 if weighted else -1
    run(scene, 1)
    assert still.isStarted is False
    assert close(rig.character.position.z - before, _expected_for(weighted), 6)


@pytest.mark.parametrize("weighted", [True, False], ids=["weighted", "unweighted"])
def test_counts_a_group_that_stops_itself_from_an_event_after_writing(
    scene: Scene, weighted: bool
) -> None:
    """it("counts a group that stops itself from an animation event after writing
    (weighted|unweighted)")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    if weighted:
        group.weight = 0.8
    run(scene, 20)
    still = _still_group(scene, rig.hips, (30, lambda target: target.stop()))
    still.start(False)
    if weighted:
        still.weight = 0.8
    run(scene, 32)
    assert still.isStarted is True
    before = rig.character.position.z
    run(scene, 1)
    assert still.isStarted is False
    assert close(rig.character.position.z - before, _expected_for(weighted), 6)


@pytest.mark.parametrize("weighted", [True, False], ids=["weighted", "unweighted"])
def test_counts_a_write_to_the_root_by_an_animation_of_several_targets(
    scene: Scene, weighted: bool
) -> None:
    """it("counts a write to the root by an animation of several targets
    (weighted|unweighted)")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    if weighted:
        group.weight = 0.8
    run(scene, 20)
    before = rig.character.position.z
    prop = TransformNode("prop", scene)
    animatable = scene.beginDirectAnimation(
        [rig.hips, prop], [_still_animation()], 0, CYCLE_FRAMES, False
    )
    if weighted:
        animatable.weight = 0.8
    run(scene, 1)
    assert close(rig.character.position.z - before, _expected_for(weighted), 6)


def test_weighs_a_group_turned_additive_after_writing_as_the_override_it_wrote(
    scene: Scene,
) -> None:
    """it("weighs a group turned additive by an animation event after writing as the override
    it wrote")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    group.weight = 0.8
    run(scene, 20)

    def turn_additive(target: AnimationGroup) -> None:
        target.isAdditive = True

    still = _still_group(scene, rig.hips, (30, turn_additive))
    still.start(False)
    still.weight = 0.8
    run(scene, 32)
    before = rig.character.position.z
    run(scene, 1)
    assert still.isAdditive is True
    assert close(rig.character.position.z - before, 0.5 * SPEED * 0.016, 6)


# -- describe("mutations within an animation step") -----------------------------------------


def _walk_to_event(scene: Scene, rig: Rig, group: Any, action: Callable[[], None]) -> float:
    """Play the walk to the tick before its event at frame 30: the next tick writes frame
    30.72, then fires it. Returns the character's z before that tick."""
    channel_of(group, rig.hips, "position").addEvent(AnimationEvent(30, lambda *_: action(), True))
    group.start(True)
    run(scene, 32)
    return float(rig.character.position.z)


def _stop(group: Any, hips: Any) -> None:
    group.stop()


def _stop_and_start(group: Any, hips: Any) -> None:
    group.stop()
    group.start(True)


def _stop_clock(group: Any, hips: Any) -> None:
    _animatable_of(group, hips).stop()


@pytest.mark.parametrize(
    "stop",
    [_stop, _stop_and_start, _stop_clock],
    ids=["stops it", "stops and starts it again", "stops its clock's animatable"],
)
def test_applies_the_step_of_a_playback_whose_event_stops_it_after_its_clock_wrote(
    scene: Scene, stop: Callable[[Any, Any], None]
) -> None:
    """it("applies the step of a playback whose event stops it|stops and starts it again|stops
    its clock's animatable after its clock wrote")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    before = _walk_to_event(scene, rig, group, lambda: stop(group, rig.hips))
    run(scene, 1)
    assert close(rig.character.position.z - before, TICK, 6)


def test_applies_the_step_of_another_clip_that_a_clocks_event_stops(scene: Scene) -> None:
    """it("applies the step of another clip that a clock's event stops after it wrote")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    channel_of(walk_clip.animationGroup, skeleton.hips, "position").addEvent(
        AnimationEvent(30, lambda *_: run_clip.animationGroup.stop(), True)
    )
    run_clip.animationGroup.start(True)
    run_clip.animationGroup.weight = 0.5
    walk_clip.animationGroup.start(True)
    walk_clip.animationGroup.weight = 0.5
    run(scene, 32)
    before = skeleton.character.position.z
    run(scene, 1)
    assert close(skeleton.character.position.z - before, 0.5 * 2 * TICK + 0.5 * TICK, 6)


def test_applies_the_step_of_a_playback_paused_by_its_event_and_carries_on(
    scene: Scene,
) -> None:
    """it("applies the step of a playback paused by its event after its clock wrote, and
    carries on when it resumes")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    before = _walk_to_event(scene, rig, group, lambda: group.pause())
    run(scene, 1)
    assert close(rig.character.position.z - before, TICK, 6)
    run(scene, 3)
    assert close(rig.character.position.z - before, TICK, 6)
    group.restart()
    run(scene, 1)
    assert close(rig.character.position.z - before, 2 * TICK, 6)


def test_does_not_read_a_jump_made_and_reset_from_an_event_as_motion(scene: Scene) -> None:
    """it("does not read a jump made and reset from an event as motion")"""
    rig = build_rig(scene, "rootMotion")
    _, controller, group = extract(rig)

    def jump() -> None:
        group.goToFrame(10)
        controller.reset()

    before = _walk_to_event(scene, rig, group, jump)
    run(scene, 1)
    assert close(rig.character.position.z - before, 0, 6)
    run(scene, 1)
    assert close(rig.character.position.z - before, 0, 6)
    run(scene, 1)
    assert close(rig.character.position.z - before, TICK, 6)


def test_follows_a_weighted_jump_made_between_steps_as_the_bindings_do(scene: Scene) -> None:
    """it("follows a weighted jump made between steps as the bindings do")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    group.weight = 0.8
    run(scene, 32)
    hips = _animatable_of(group, rig.hips)
    hips.goToFrame(hips.getAnimations()[0].currentFrame, True)
    before = rig.character.position.z
    run(scene, 1)
    # two entries of 0.8 over 1.6: the whole binding
    assert close(rig.character.position.z - before, TICK, 6)


def test_catches_up_a_clock_passed_over_after_a_callback_removed_the_animatable_before_it(
    scene: Scene,
) -> None:
    """it("catches up a clock the scene passed over after a callback removed the animatable
    before it")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    still = _still_group(scene, rig.hips, (30, lambda target: target.stop()))
    still.start(False)
    group.start(True)
    run(scene, 32)
    before = rig.character.position.z
    run(scene, 1)
    assert close(rig.character.position.z - before, 0, 6)
    run(scene, 1)
    assert close(rig.character.position.z - before, 2 * TICK, 6)


def test_finishes_the_cycle_a_looping_playback_was_in_when_it_stops_looping(
    scene: Scene,
) -> None:
    """it("finishes the cycle a looping playback was in when it stops looping")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    run(scene, 95)  # frame 90.24: 30.24 into the second cycle
    before = rig.character.position.z
    for animatable in group.animatables:
        animatable.loopAnimation = False
    run(scene, 1)
    expected = (CYCLE_FRAMES - 30.24) / CYCLE_FRAMES * SPEED
    assert close(rig.character.position.z - before, expected, 5)


def test_applies_nothing_for_a_playback_that_ended_while_parked_at_weight_zero(
    scene: Scene,
) -> None:
    """it("applies nothing for a playback that ended while it was parked at a weight of
    zero")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(False)
    run(scene, 20)
    before = rig.character.position.z
    group.weight = 0
    run(scene, 80)
    group.weight = 1
    run(scene, 1)
    assert group.isStarted is False
    assert close(rig.character.position.z - before, 0, 6)


# -- describe("errors") ---------------------------------------------------------------------


def _flat_animation(prop: str, kind: int, rest: Any) -> Any:
    animation = Animation(prop, prop, FPS, kind, Animation.ANIMATIONLOOPMODE_CYCLE)
    animation.setKeys([{"frame": 0, "value": rest}, {"frame": CYCLE_FRAMES, "value": rest}])
    return animation


def test_refuses_a_group_that_animates_the_character_node(scene: Scene) -> None:
    """it("refuses a group that animates the character node")"""
    rig = build_rig(scene, "rootMotion")
    rig.group.addTargetedAnimation(
        _flat_animation("position", Animation.ANIMATIONTYPE_VECTOR3, Vector3.Zero()),
        rig.character,
    )
    with pytest.raises(Exception, match="character node"):
        RootMotionClip(rig.group, {"rootNode": rig.hips})


def test_accepts_a_group_that_scales_the_character_node(scene: Scene) -> None:
    """it("accepts a group that scales the character node")"""
    rig = build_rig(scene, "rootMotion")
    rig.group.addTargetedAnimation(
        _flat_animation("scaling", Animation.ANIMATIONTYPE_VECTOR3, Vector3.One()), rig.character
    )
    RootMotionClip(rig.group, {"rootNode": rig.hips})


def test_refuses_a_group_that_animates_no_transform_node(scene: Scene) -> None:
    """it("refuses a group that animates no transform node")"""

    class Target:
        value = 0.0

    animation = Animation(
        "value", "value", FPS, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE
    )
    animation.setKeys([{"frame": 0, "value": 0}, {"frame": CYCLE_FRAMES, "value": 1}])
    group = AnimationGroup("values", scene)
    group.addTargetedAnimation(animation, Target())
    with pytest.raises(Exception, match="transform node"):
        RootMotionClip(group)


def test_refuses_a_root_with_no_parent_to_carry_its_motion(scene: Scene) -> None:
    """it("refuses a root with no parent to carry its motion")"""
    hips = TransformNode("hips", scene)
    animation = vector_animation(
        "hips", "position", [(0, Vector3.Zero()), (CYCLE_FRAMES, Vector3(0, 0, SPEED))]
    )
    group = AnimationGroup("loose", scene)
    group.addTargetedAnimation(animation, hips)
    with pytest.raises(Exception, match="no parent"):
        RootMotionClip(group)


def test_refuses_to_take_the_travel_from_a_root_the_group_does_not_animate(
    scene: Scene,
) -> None:
    """it("refuses to take the travel from a root the group does not animate")"""
    rig = build_rig(scene, "inPlace")
    with pytest.raises(Exception, match="no position animation"):
        RootMotionClip(rig.group, {"rootNode": rig.armature, "source": RootMotionSource.Root})


def test_refuses_a_root_with_nothing_animated_under_it(scene: Scene) -> None:
    """it("refuses a root with nothing animated under it")"""
    rig = build_rig(scene, "inPlace")
    loose = TransformNode("loose", scene)
    loose.parent = rig.character
    with pytest.raises(Exception, match="nor any node under it"):
        RootMotionClip(rig.group, {"rootNode": loose})


def test_keeps_a_controller_to_the_clips_of_its_own_character(scene: Scene) -> None:
    """it("keeps a controller to the clips of its own character")"""
    first = build_rig(scene, "rootMotion")
    second = build_rig(scene, "rootMotion")
    clip = RootMotionClip(first.group)
    controller = RootMotionController(first.character, [clip])
    with pytest.raises(Exception, match="belongs to another controller"):
        RootMotionController(second.character, [clip])
    controller.removeClip(clip)
    with pytest.raises(Exception, match='moves "character", not "character"'):
        RootMotionController(second.character, [clip])


@pytest.mark.parametrize("prop", ["rotationQuaternion", "rotation", "position.z"])
def test_refuses_a_group_that_animates_a_character_node_property(scene: Scene, prop: str) -> None:
    """it("refuses a group that animates the character node's rotationQuaternion|rotation|
    position.z")"""
    rig = build_rig(scene, "rootMotion")
    rest: Any
    if prop == "rotationQuaternion":
        kind, rest = Animation.ANIMATIONTYPE_QUATERNION, Quaternion.Identity()
    elif prop == "rotation":
        kind, rest = Animation.ANIMATIONTYPE_VECTOR3, Vector3.Zero()
    else:
        kind, rest = Animation.ANIMATIONTYPE_FLOAT, 0
    rig.group.addTargetedAnimation(_flat_animation(prop, kind, rest), rig.character)
    with pytest.raises(Exception, match="character node"):
        RootMotionClip(rig.group, {"rootNode": rig.hips})


def test_refuses_an_animated_node_passed_as_the_character_node(scene: Scene) -> None:
    """it("refuses an animated node passed as the character node, even one detection would
    take for the root")"""
    rig = build_rig(scene, "rootMotion")
    with pytest.raises(Exception, match="character node"):
        RootMotionClip(rig.group, {"characterNode": rig.hips})


def test_measures_and_moves_in_the_space_of_a_character_node_passed_explicitly(
    scene: Scene,
) -> None:
    """it("measures and moves in the space of a character node passed explicitly")"""
    rig = build_rig(scene, "rootMotion")
    clip = RootMotionClip(rig.group, {"characterNode": rig.armature})
    RootMotionController(rig.armature, [clip])
    clip.animationGroup.start(True)
    run(scene, 63)
    assert clip.characterNode is rig.armature
    assert close(clip.cycleDistance, 2 * SPEED, 3)
    assert rig.character.position.length() == 0
    assert close(rig.armature.position.length(), walked(63), 3)


# -- describe("verified corners") -----------------------------------------------------------


def _yaw(node: TransformNode) -> float:
    rotation = node.rotationQuaternion
    assert rotation is not None
    return float(rotation.toEulerAngles().y)


@pytest.mark.parametrize("speed_ratio", [1.25, -1.25])
def test_reads_the_far_end_of_a_yoyo_swing_as_the_whole_range(
    scene: Scene, speed_ratio: float
) -> None:
    """it("reads the far end of a yoyo swing as the whole range")"""
    rig = build_rig(scene, "rootMotion")
    set_loop_mode(rig.group, Animation.ANIMATIONLOOPMODE_YOYO)
    _, _, group = extract(rig)
    group.start(True, speed_ratio)
    run(scene, 26)
    assert close(rig.character.position.z, math.copysign(SPEED, speed_ratio), 6)


def test_gives_a_weighted_group_dropped_to_zero_its_last_evaluation(scene: Scene) -> None:
    """it("gives a weighted group dropped to zero its last evaluation, replacing an unweighted
    one for that step")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(True)
    run_clip.animationGroup.start(True)
    run_clip.animationGroup.weight = 0.5
    run(scene, 20)
    before = skeleton.character.position.z
    assert close(before, 0.5 * walked(20, 2), 6)
    run_clip.animationGroup.weight = 0
    run(scene, 1)
    assert close(skeleton.character.position.z, before, 6)
    run(scene, 10)
    assert close(skeleton.character.position.z, before + 10 * SPEED * 0.016, 6)


def test_keeps_a_clip_continuous_through_a_single_step_at_weight_zero(scene: Scene) -> None:
    """it("keeps a clip continuous through a single step at weight zero")"""
    rig = build_rig(scene, "rootMotion")
    _, _, group = extract(rig)
    group.start(True)
    group.weight = 0.8
    run(scene, 20)
    group.weight = 0
    run(scene, 1)
    group.weight = 0.8
    run(scene, 10)
    assert close(rig.character.position.z, 0.8 * (29 * SPEED * 0.016), 6)


def test_blends_two_weighted_clips_adding_up_to_less_than_one_without_normalizing(
    scene: Scene,
) -> None:
    """it("blends two weighted clips adding up to less than one without normalizing")"""
    skeleton, walk_clip, run_clip = _walk_and_run(scene)
    walk_clip.animationGroup.start(True)
    run_clip.animationGroup.start(True)
    walk_clip.animationGroup.weight = 0.3
    run_clip.animationGroup.weight = 0.3
    run(scene, 63)
    assert close(skeleton.character.position.z, 0.3 * walked(63) + 0.3 * walked(63, 2), 6)


def test_blends_the_turns_of_two_turning_clips_as_a_weighted_sum(scene: Scene) -> None:
    """it("blends the turns of two turning clips as a weighted sum")"""
    skeleton = build_skeleton(scene)
    quarter = add_gait(skeleton, "idle", name="quarter", turn=math.pi / 2)
    eighth = add_gait(skeleton, "idle", name="eighth", turn=math.pi / 4)
    quarter_clip = RootMotionClip(quarter.group)
    eighth_clip = RootMotionClip(eighth.group)
    controller = RootMotionController(skeleton.character, [quarter_clip, eighth_clip])
    turned = [0.0]

    def add(*_: Any) -> None:
        turned[0] += controller.deltaRotation

    controller.onRootMotionObservable.add(add)
    quarter_clip.animationGroup.start(True)
    eighth_clip.animationGroup.start(True)
    quarter_clip.animationGroup.weight = 0.8
    eighth_clip.animationGroup.weight = 0.8
    run(scene, 63)
    expected = 0.5 * (math.pi / 2 + math.pi / 4) * (62 * FRAMES_PER_TICK / CYCLE_FRAMES)
    assert close(turned[0], expected, 6)
    assert close(_yaw(skeleton.character), expected, 6)


def test_gives_an_unweighted_group_started_on_the_step_a_playback_ends_the_last_word(
    scene: Scene,
) -> None:
    """it("gives an unweighted group started on the step a playback ends the last word")"""
    skeleton = build_skeleton(scene)
    walk = add_gait(skeleton, "rootMotion")
    idle = add_gait(skeleton, "idle")
    _, _, group = extract(walk)
    group.start(False)
    run(scene, 63)
    idle.group.start(True)
    run(scene, 1)
    assert group.isStarted is False
    assert close(skeleton.character.position.z, walked(63), 6)


def test_lands_a_turning_clip_that_does_not_loop_on_its_final_facing(scene: Scene) -> None:
    """it("lands a turning clip that does not loop on its final facing")"""
    rig = build_rig(scene, "rootMotion", turn=math.pi / 2)
    _, _, group = extract(rig)
    group.start(False)
    run(scene, 70)
    assert group.isStarted is False
    assert close(_yaw(rig.character), math.pi / 2, 6)


def test_plays_the_in_place_group_over_the_sources_range_trimmed_inside_its_keys(
    scene: Scene,
) -> None:
    """it("plays the in-place group over the source's range when that was trimmed inside its
    keys")"""
    rig = build_rig(scene, "rootMotion")
    rig.group.to = 50
    clip, _, group = extract(rig)
    assert clip.toFrame == 50
    assert group.to == 50
    group.start(True)
    run(scene, 130)
    assert close(rig.character.position.z, 129 * FRAMES_PER_TICK * SPEED / CYCLE_FRAMES, 2)


def test_keeps_the_events_of_a_channel_it_clones_without_rewriting(scene: Scene) -> None:
    """it("keeps the events of a channel it clones without rewriting")"""
    rig = build_rig(scene, "inPlace")
    fired = [0]
    rig.hipsAnimation.addEvent(AnimationEvent(30, lambda *_: fired.__setitem__(0, fired[0] + 1)))
    clip = RootMotionClip(rig.group, {"cloneAnimations": True})
    assert channel_of(clip.animationGroup, rig.hips, "position") is not rig.hipsAnimation
    RootMotionController(rig.character, [clip])
    clip.animationGroup.start(True)
    run(scene, 40)
    assert fired[0] == 1


def test_composes_cycles_in_closed_form_exactly_as_one_by_one(scene: Scene) -> None:
    """it("composes cycles in closed form exactly as one by one")"""
    rig = build_rig(scene, "rootMotion", turn=math.pi / 2)
    clip = RootMotionClip(rig.group)
    for cycles in (7, 1000, -3):
        closed = Vector3()
        yaw = clip._motionBetween(0, CYCLE_FRAMES, 0, cycles * CYCLE_FRAMES, closed)
        step = clip.cycleOffset
        summed = Vector3.Zero()
        turned = 0.0
        for _ in range(abs(cycles)):
            if cycles > 0:
                summed.addInPlace(
                    step.applyRotationQuaternion(Quaternion.RotationAxis(Vector3.Up(), turned))
                )
                turned += clip.cycleRotation
            else:
                turned -= clip.cycleRotation
                summed.subtractInPlace(
                    step.applyRotationQuaternion(Quaternion.RotationAxis(Vector3.Up(), turned))
                )
        assert close(yaw, turned, 9)
        assert Vector3.Distance(closed, summed) < 1e-5


def test_keeps_a_root_off_the_characters_axis_in_place_while_feet_and_a_turn_carry_it(
    scene: Scene,
) -> None:
    """it("keeps a root off the character's axis in place while feet and a turn carry it
    round")"""
    rig = build_rig(scene, "inPlace", turn=math.pi / 2, offset=0.3)
    clip, _, group = extract(rig)
    assert clip.source == RootMotionSource.FootContact
    assert clip.extractsRotation is True
    group.start(True)
    run(scene, 62)
    before = fresh_world_matrix(rig.hips).getTranslation()
    run(scene, 2)
    after = fresh_world_matrix(rig.hips).getTranslation()
    assert Vector3.Distance(before, after) < 2.5 * SPEED * 0.016 + 0.01
    in_place = channel_of(group, rig.hips, "position")
    assert close(hips_in_character(rig, 0, in_place).x, 0.3, 3)
    assert close(hips_in_character(rig, CYCLE_FRAMES, in_place).x, 0.3, 3)
