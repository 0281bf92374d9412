"""AnimationGroup facade: what the parity recordings cannot show.

Typed errors (codes and the argument named), Python spellings (``from_`` and
``getattr(group, "from")``), ``getTrackOwners`` (native / fallback / idle and why), the
measurement behind the ``weighted`` fallback for group weights, native groups leaving the Lite
manager while a group is paused or masked, and scene disposal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from lite import (
    create_animation_manager,
    create_property_animation_clip,
    create_property_animation_group,
    enable_property_animation_blending,
    set_animation_weight,
    update_animation_manager,
)
from lite.errors import AnimationStateError, KeyframeError
from lite_compat.animations import overlaps
from lite_compat.animations.animation import Animation
from lite_compat.animations.animation_group import (
    AnimationGroup,
    AnimationGroupClipKeys,
    AnimationGroupMask,
    AnimationGroupMergeAnimationGroups,
    TargetedAnimation,
)
from lite_compat.engines.engine_store import EngineStore, NullEngine
from lite_compat.math import Quaternion, Vector3
from lite_compat.scene.scene import Scene

F = Animation.ANIMATIONTYPE_FLOAT


@pytest.fixture
def scene() -> Scene:
    return Scene(NullEngine())


def anim(
    prop: str, pairs: Sequence[tuple[float, Any]], fps: float = 30, data_type: int = F
) -> Animation:
    a = Animation(prop, prop, fps, data_type)
    a.setKeys([{"frame": f, "value": v} for f, v in pairs])
    return a


def walk_group(scene: Scene, name: str = "walk", weight: float = -1) -> tuple[AnimationGroup, Any]:
    target = SimpleNamespace(name="t", x=10.0, y=0.0)
    group = AnimationGroup(name, scene, weight)
    group.addTargetedAnimation(anim("x", [(0, 0.0), (30, 30.0)]), target)
    group.addTargetedAnimation(anim("y", [(0, 0.0), (15, 3.0)]), target)
    return group, target


# -- Python spellings ---------------------------------------------------------------------------


def test_from_is_readable_and_writable_under_babylons_name(scene: Scene) -> None:
    group, _ = walk_group(scene)
    assert group.from_ == 0
    assert getattr(group, "from") == 0
    setattr(group, "from", 5)  # noqa: B010
    assert group.from_ == 5
    group.from_ = 2
    assert getattr(group, "from") == 2
    assert group.serialize()["from"] == 2


def test_from_assigned_while_playing_reaches_the_animatables(scene: Scene) -> None:
    group, _ = walk_group(scene)
    group.play(True)
    setattr(group, "from", 3)  # noqa: B010
    group.to = 12
    assert [(a.fromFrame, a.toFrame) for a in group.animatables] == [(3, 12), (3, 12)]


def test_start_takes_from_as_keyword_with_babylons_positions(scene: Scene) -> None:
    group, target = walk_group(scene)
    group.start(False, 1, from_=10, to=20)
    scene._animate(16)
    assert target.x == pytest.approx(10.0)
    group.stop()
    group.start(False, 1, 15, 25)
    assert [(a.fromFrame, a.toFrame) for a in group.animatables] == [(15, 25), (15, 25)]


def test_initial_range_is_javascripts_max_value_until_an_animation_is_added(scene: Scene) -> None:
    group = AnimationGroup("empty", scene)
    assert group.from_ == 1.7976931348623157e308
    assert group.to == -1.7976931348623157e308
    assert not group.isStarted
    assert not group.isPlaying
    assert group.toString(True).endswith(
        "isStarted: undefined, speedRatio: 1, targetedAnimations length: 0, animatables length: 0"
    )


def test_statics_are_attached_like_babylons_register(scene: Scene) -> None:
    assert AnimationGroup.MergeAnimationGroups is AnimationGroupMergeAnimationGroups
    assert AnimationGroup.ClipKeys is AnimationGroupClipKeys
    group, _ = walk_group(scene)
    clipped = AnimationGroup.ClipKeys(group, 0, 0)
    assert [len(t.animation.getKeys()) for t in clipped.targetedAnimations] == [1, 1]


def test_targeted_animation_is_babylons_class(scene: Scene) -> None:
    group, target = walk_group(scene)
    targeted = group.targetedAnimations[0]
    assert isinstance(targeted, TargetedAnimation)
    assert targeted.getClassName() == "TargetedAnimation"
    assert targeted.parent is group
    assert targeted.target is target
    assert group.children is group.targetedAnimations


# -- errors -------------------------------------------------------------------------------------


def test_no_scene_names_the_scene_argument(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(EngineStore, "_LastCreatedScene", None)
    with pytest.raises(AnimationStateError) as exc:
        AnimationGroup("g")
    assert exc.value.code == "LITE-STATE-014"
    assert exc.value.input_name == "scene"


@pytest.mark.parametrize(
    ("animation", "target", "error", "code", "name"),
    [
        (
            "not an animation",
            SimpleNamespace(x=0),
            AnimationStateError,
            "LITE-STATE-014",
            "animation",
        ),
        (None, SimpleNamespace(x=0), AnimationStateError, "LITE-STATE-014", "animation"),
        ("empty", SimpleNamespace(x=0), KeyframeError, "LITE-ANIM-002", "animation"),
    ],
)
def test_add_targeted_animation_rejects_bad_input(
    scene: Scene, animation: Any, target: Any, error: type[Exception], code: str, name: str
) -> None:
    if animation == "keyed":
        animation = anim("x", [(0, 0.0), (10, 1.0)])
    elif animation == "empty":
        animation = Animation("x", "x", 30, F)
    group = AnimationGroup("g", scene)
    with pytest.raises(error) as exc:
        group.addTargetedAnimation(animation, target)
    assert exc.value.code == code  # type: ignore[attr-defined]
    assert exc.value.input_name == name  # type: ignore[attr-defined]
    assert group.targetedAnimations == []


def test_a_none_target_is_taken_and_start_refuses_it(scene: Scene) -> None:
    """Babylon.js 9.31 adds a null target and throws a TypeError from start(), with no
    animatable made and isStarted still undefined (checked under Node); here LITE-STATE-014."""
    group = AnimationGroup("g", scene)
    targeted = group.addTargetedAnimation(anim("x", [(0, 0.0), (3, 3.0)]), None)
    assert targeted.target is None and (group.from_, group.to) == (0, 3)
    with pytest.raises(AnimationStateError) as exc:
        group.start()
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-014", "target")
    assert scene.animatables == [] and group.isStarted is None


@pytest.mark.parametrize(
    ("member", "value", "code"),
    [
        ("weight", "heavy", "LITE-STATE-003"),
        ("weight", math.nan, "LITE-STATE-003"),
        ("weight", True, "LITE-STATE-003"),
        ("speedRatio", math.inf, "LITE-STATE-006"),
        ("speedRatio", None, "LITE-STATE-006"),
        ("from", "a", "LITE-STATE-007"),
        ("to", math.nan, "LITE-STATE-007"),
        ("playOrder", "first", "LITE-STATE-045"),
        ("blendingSpeed", math.nan, "LITE-STATE-045"),
    ],
)
def test_setters_reject_bad_values_and_keep_the_old_one(
    scene: Scene, member: str, value: object, code: str
) -> None:
    group, _ = walk_group(scene)
    before = getattr(group, member)
    with pytest.raises(AnimationStateError) as exc:
        setattr(group, member, value)
    assert exc.value.code == code
    assert exc.value.input_name == member
    assert getattr(group, member) == before


def test_weight_outside_unit_range_is_kept_and_clamped_by_the_animatables(scene: Scene) -> None:
    group, _ = walk_group(scene)
    group.play(True)
    group.weight = 2.5
    assert group.weight == 2.5
    assert [a.weight for a in group.animatables] == [1.0, 1.0]


def test_start_and_go_to_frame_name_the_bad_argument(scene: Scene) -> None:
    group, _ = walk_group(scene)
    with pytest.raises(AnimationStateError) as exc:
        group.start(True, math.nan)
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-006", "speedRatio")
    with pytest.raises(AnimationStateError) as exc:
        group.start(True, 1, "zero")  # type: ignore[arg-type]
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-007", "from")
    assert not group.isStarted
    group.play()
    with pytest.raises(AnimationStateError) as exc:
        group.goToFrame(math.nan)
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-007", "frame")


def test_infinite_to_is_accepted_by_the_virtual_timeline(scene: Scene) -> None:
    group, target = walk_group(scene)
    group.startWithVirtualTimeline(True, 1, 0, math.inf)
    scene.useConstantAnimationDeltaTime = True
    for _ in range(3):
        scene.animate()
    assert group.getVirtualCurrentFrame() == pytest.approx(3 * 0.48)
    assert target.x == pytest.approx(3 * 0.48)


def test_mask_edits_and_assignment_are_checked(scene: Scene) -> None:
    mask = AnimationGroupMask()
    with pytest.raises(AnimationStateError) as exc:
        mask.addTargetName(3)  # type: ignore[arg-type]
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-013", "name")
    group, _ = walk_group(scene)
    with pytest.raises(AnimationStateError) as exc:
        group.mask = "t"  # type: ignore[assignment]
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-014", "mask")
    assert group.mask is None


def test_statics_name_the_argument_that_is_not_a_group(scene: Scene) -> None:
    group, _ = walk_group(scene)
    with pytest.raises(AnimationStateError) as exc:
        AnimationGroup.MakeAnimationAdditive("walk")
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-014", "sourceAnimationGroup")
    with pytest.raises(AnimationStateError) as exc:
        AnimationGroup.MergeAnimationGroups([group, 3])
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-014", "animationGroups[1]")
    assert group.targetedAnimations  # nothing merged or disposed


# -- delegation ---------------------------------------------------------------------------------


def test_track_owners_idle_native_weighted_and_ended(scene: Scene) -> None:
    group, _ = walk_group(scene)
    assert group.getTrackOwners() == [
        ("t", "x", "idle", "not-started"),
        ("t", "y", "idle", "not-started"),
    ]
    group.start(False)
    # y's keys end at 15 while the group plays 0..30: Babylon.js clamps the range per track,
    # which the delegation boundary keeps on the compat evaluator.
    assert group.getTrackOwners() == [
        ("t", "x", "native", None),
        ("t", "y", "fallback", "range-outside-keys"),
    ]
    for _ in range(40):  # y (15 frames) ends first
        scene._animate(16)
    assert group.getTrackOwners() == [("t", "x", "native", None), ("t", "y", "idle", "ended")]
    group.weight = 0.5
    assert group.getTrackOwners()[0] == ("t", "x", "fallback", "weighted")
    group.stop()
    assert group.getTrackOwners()[0] == ("t", "x", "idle", "not-started")


def test_weighted_and_additive_groups_start_on_the_compat_evaluator(scene: Scene) -> None:
    weighted, _ = walk_group(scene, "weighted", 0.5)
    weighted.play(True)
    assert {o[2:] for o in weighted.getTrackOwners()} == {("fallback", "weighted")}
    additive, _ = walk_group(scene, "additive")
    additive.start(True, 1, None, None, True)
    assert {o[2:] for o in additive.getTrackOwners()} == {("fallback", "additive")}
    reverse, _ = walk_group(scene, "reverse")
    reverse.start(True, -1)
    assert {o[2:] for o in reverse.getTrackOwners()} == {("fallback", "reverse-range")}


def test_native_tracks_write_nothing_while_paused_or_masked(scene: Scene) -> None:
    group, t = walk_group(scene)
    other = SimpleNamespace(name="other", x=0.0)
    group.addTargetedAnimation(anim("x", [(0, 1.0), (30, 2.0)]), other)
    group.play(True)
    scene._animate(16)
    # One native binding per native animatable: t.x and other.x (t.y is range-outside-keys).
    natives = [g for a in group.animatables for g in a._nativeGroups]
    assert len(natives) == 2
    group.pause()
    held = (t.x, other.x)
    scene._animate(16)
    assert (t.x, other.x) == held
    group.play()
    group.mask = AnimationGroupMask(["other"])
    held_t = t.x
    scene._animate(16)
    assert other.x != held[1]
    assert t.x == held_t  # masked out
    group.stop()
    held = (t.x, other.x)
    scene._animate(16)
    assert (t.x, other.x) == held


def test_native_group_matches_the_keys_at_every_step(scene: Scene) -> None:
    # 60 fps and 16 ms steps: 0.96 frame per step, loops land on frame 24 exactly.
    target = SimpleNamespace(name="t", position=Vector3(0, 0, 0))
    animation = anim("position", [(0, Vector3(0, 0, 0)), (24, Vector3(24, -48, 2.4))], 60, 1)
    group = AnimationGroup("g", scene)
    group.addTargetedAnimation(animation, target)
    group.play(True)
    for step in range(60):
        scene._animate(16)
        frame = (step * 0.96) % 24 if step % 25 else 0.0
        expected = animation.evaluate(frame)
        np.testing.assert_allclose(
            target.position.asArray(), expected.asArray(), rtol=1e-6, atol=1e-6
        )
    assert group.getTrackOwners() == [("t", "position", "native", None)]


def test_group_weights_measure_apart_from_lites_weighted_mixer(scene: Scene) -> None:
    """Why a weighted group stays on the compat evaluator (reason ``weighted``).

    Babylon.js blends weighted animatables toward the rest pose captured at start when the
    weights sum below 1 and normalises them above 1; Lite's opt-in property mixer sums
    ``weight * sample`` with neither. Measured on one float property (rest value 10): a lone
    group at weight 0.3, then two groups at 0.8 and 0.7.
    """
    keys_a = [(0, 0.0), (30, 30.0)]
    keys_b = [(0, 100.0), (30, 40.0)]

    def babylon(weights: list[float]) -> list[float]:
        target = SimpleNamespace(name="t", x=10.0)
        groups = []
        for i, w in enumerate(weights):
            g = AnimationGroup(f"g{i}", scene, w)
            g.addTargetedAnimation(anim("x", keys_a if i == 0 else keys_b), target)
            g.play(True)
            groups.append(g)
        out = []
        for _ in range(30):
            scene._animate(16)
            out.append(target.x)
        for g in groups:
            g.dispose()
        return out

    def lite(weights: list[float]) -> list[float]:
        target = SimpleNamespace(name="t", x=10.0)
        manager = create_animation_manager()
        enable_property_animation_blending(manager)
        for i, w in enumerate(weights):
            keys = keys_a if i == 0 else keys_b
            clip = create_property_animation_clip(
                f"c{i}",
                [{"path": "x", "keys": [{"frame": f, "value": v} for f, v in keys]}],
                frame_rate=30,
            )
            set_animation_weight(create_property_animation_group(manager, target, clip), w)
        out = []
        update_animation_manager(manager, 0)  # Babylon's first step is frame 0
        out.append(target.x)
        for _ in range(29):
            update_animation_manager(manager, 16)
            out.append(target.x)
        return out

    for weights in ([0.3], [0.8, 0.7]):
        gap = float(np.max(np.abs(np.subtract(babylon(weights), lite(weights)))))
        assert gap > 1.0, (weights, gap)


# -- lifecycle details --------------------------------------------------------------------------


def test_scene_dispose_disposes_the_groups(scene: Scene) -> None:
    group, _ = walk_group(scene)
    ended: list[str] = []
    group.onAnimationGroupEndObservable.add(lambda g, _s: ended.append(g.name))
    group.play(True)
    scene._animate(16)
    scene.dispose()
    assert scene.animationGroups == []
    # Babylon.js 9.31's Scene.dispose clears every active animatable's end callbacks before
    # stopping them, so the group never sees its end (recorded: compat_teardown_order).
    assert ended == []
    assert group.targetedAnimations == []
    assert not group.onAnimationGroupEndObservable.hasObservers()


def test_quaternion_tracks_of_a_group_are_compat_for_the_slerp_threshold(scene: Scene) -> None:
    target = SimpleNamespace(name="q", rotationQuaternion=Quaternion.Identity())
    group = AnimationGroup("g", scene)
    group.addTargetedAnimation(
        anim(
            "rotationQuaternion",
            [(0, Quaternion.Identity()), (30, Quaternion.RotationAxis(Vector3(0, 1, 0), 1.0))],
            data_type=Animation.ANIMATIONTYPE_QUATERNION,
        ),
        target,
    )
    group.play(True)
    assert group.getTrackOwners() == [
        ("q", "rotationQuaternion", "fallback", "quaternion-slerp-threshold")
    ]


def test_overlapping_paths_in_a_group_and_across_animatables_stay_compat(scene: Scene) -> None:
    node = SimpleNamespace(name="n", position=Vector3(0, 0, 0))
    older = SimpleNamespace(name="o", position=Vector3(0, 0, 0))
    earlier = scene.beginDirectAnimation(
        older, [anim("position.x", [(0, 0.0), (30, 3.0)])], 0, 30, True
    )
    assert earlier.getTrackOwners() == [("position.x", "native", None)]
    group = AnimationGroup("g", scene)
    whole = [(0, Vector3(0, 0, 0)), (30, Vector3(1, 2, 3))]
    group.addTargetedAnimation(anim("position", whole, data_type=1), node)
    group.addTargetedAnimation(anim("position.x", [(0, 5.0), (30, 6.0)]), node)
    group.addTargetedAnimation(anim("position", whole, data_type=1), older)
    group.play(True)
    assert [o[2:] for o in group.getTrackOwners()] == [("fallback", "overlapping-path")] * 3
    # The older native position.x of another animatable moved to the compat evaluator too.
    assert earlier.getTrackOwners() == [("position.x", "fallback", "overlapping-path")]


def test_group_start_plans_its_tracks_in_one_overlap_pass(
    scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:

    built = [0]
    chain = overlaps._Chain

    class CountingChain(chain):  # type: ignore[misc, valid-type]
        def __init__(self, runtime: Any) -> None:
            built[0] += 1
            super().__init__(runtime)

    monkeypatch.setattr(overlaps, "_Chain", CountingChain)
    group = AnimationGroup("big", scene)
    for i in range(60):
        group.addTargetedAnimation(
            anim("x", [(0, 0.0), (30, 1.0)]), SimpleNamespace(name=f"t{i}", x=0.0)
        )
    group.play(True)
    scene._animate(16)
    assert built[0] == 60  # one chain per track, not one per pair of animatables
    assert {o[2] for o in group.getTrackOwners()} == {"native"}
