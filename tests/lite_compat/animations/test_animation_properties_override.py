"""AnimationPropertiesOverride on the scene, a node, a skeleton and a morph target.

Expected numbers are Babylon.js 9.31's, measured with
``parity/scenarios/compat_properties_override.mjs`` (see its recording); the routing tests
check that an override is what decides the native/fallback split.
"""

from __future__ import annotations

import pytest

from lite.errors import AnimationStateError
from lite_compat import (
    Animation,
    AnimationPropertiesOverride,
    Bone,
    MorphTarget,
    NullEngine,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)
from lite_compat.animations.animatable import Animatable

F = Animation.ANIMATIONTYPE_FLOAT


@pytest.fixture
def scene() -> Scene:
    return Scene(NullEngine())


def override(
    blend: bool, speed: float = 0.01, loop: int | None = None
) -> AnimationPropertiesOverride:
    o = AnimationPropertiesOverride()
    o.enableBlending = blend
    o.blendingSpeed = speed
    if loop is not None:
        o.loopMode = loop
    return o


def play_x(scene: Scene, node: TransformNode, animation: Animation | None = None) -> Animatable:
    if animation is None:
        animation = Animation("x", "position.x", 30, F)
        animation.setKeys([{"frame": 0, "value": -5}, {"frame": 30, "value": 25}])
    return scene.beginDirectAnimation(node, [animation], 0, 30, True)


def test_defaults_match_babylon() -> None:
    o = AnimationPropertiesOverride()
    assert (o.enableBlending, o.blendingSpeed, o.loopMode) == (False, 0.01, 1)
    assert o.loopMode == Animation.ANIMATIONLOOPMODE_CYCLE


def test_node_inherits_the_scene_override_until_it_has_its_own(scene: Scene) -> None:
    node = TransformNode("n", scene)
    assert scene.animationPropertiesOverride is None
    assert node.animationPropertiesOverride is None
    shared = override(True)
    scene.animationPropertiesOverride = shared
    assert node.animationPropertiesOverride is shared
    own = override(False)
    node.animationPropertiesOverride = own
    assert node.animationPropertiesOverride is own
    node.animationPropertiesOverride = None
    assert node.animationPropertiesOverride is shared


def test_scene_override_blends_a_node_from_its_value(scene: Scene) -> None:
    # Babylon.js: 5 -> 4.8198 -> 4.6792 (factor 0, 0.02, 0.04 toward -5 + 0.99 * k).
    scene.animationPropertiesOverride = override(True, 0.02)
    node = TransformNode("n", scene)
    node.position = Vector3(5, 0, 0)
    a = play_x(scene, node)
    assert a.getTrackOwners() == [("position.x", "fallback", "blending")]
    seen = []
    for _ in range(3):
        scene._animate(33)
        seen.append(node.position.x)
    assert seen == pytest.approx([5, 4.8198, 4.6792], abs=1e-6)


def test_target_override_beats_the_animations_own_settings(scene: Scene) -> None:
    # The animation asks for blending at 0.5, the node's override says no: Babylon.js does
    # not blend (-5, -4.01); the other way round the node's speed 0.1 is used (5, 4.099).
    scene.animationPropertiesOverride = override(True, 0.02)
    said_yes = Animation("x", "position.x", 30, F)
    said_yes.setKeys([{"frame": 0, "value": -5}, {"frame": 30, "value": 25}])
    said_yes.enableBlending = True
    said_yes.blendingSpeed = 0.5
    said_no = said_yes.clone()
    said_no.enableBlending = False
    on, off = TransformNode("on", scene), TransformNode("off", scene)
    on.animationPropertiesOverride = override(False, 0.5)
    off.animationPropertiesOverride = override(True, 0.1)
    for n in (on, off):
        n.position = Vector3(5, 0, 0)
    a_on = play_x(scene, on, said_yes)
    a_off = play_x(scene, off, said_no)
    assert a_on.getTrackOwners() == [("position.x", "native", None)]
    assert a_off.getTrackOwners() == [("position.x", "fallback", "blending")]
    steps: list[float] = []
    for _ in range(2):
        scene._animate(33)
        steps += [on.position.x, off.position.x]
    assert steps == pytest.approx([-5, 5, -4.01, 4.099], abs=1e-6)


def test_loop_mode_override_routes_to_the_fallback(scene: Scene) -> None:
    node = TransformNode("n", scene)
    node.animationPropertiesOverride = override(False, 0.01, Animation.ANIMATIONLOOPMODE_RELATIVE)
    assert play_x(scene, node).getTrackOwners() == [
        ("position.x", "fallback", "loop-mode-relative")
    ]


def test_morph_target_keeps_its_loop_mode_under_the_scene_override(scene: Scene) -> None:
    scene.animationPropertiesOverride = override(False, 0.01, Animation.ANIMATIONLOOPMODE_CYCLE)
    morph = MorphTarget("m", 0, scene)
    rel = Animation("i", "influence", 60, F, Animation.ANIMATIONLOOPMODE_RELATIVE)
    rel.setKeys([{"frame": 0, "value": 0}, {"frame": 10, "value": 0.1}])
    a = scene.beginDirectAnimation(morph, [rel], 0, 10, True)
    assert a.getTrackOwners() == [("influence", "fallback", "loop-mode-relative")]
    assert morph.animationPropertiesOverride is scene.animationPropertiesOverride


def test_bone_reads_its_skeletons_override_and_refuses_assignment(scene: Scene) -> None:
    skeleton = Skeleton("sk", "sk", scene)
    bone = Bone("b", skeleton)
    shared = override(True)
    scene.animationPropertiesOverride = shared
    assert bone.animationPropertiesOverride is shared
    own = override(True, 0.1)
    skeleton.animationPropertiesOverride = own
    assert bone.animationPropertiesOverride is own
    with pytest.raises(AnimationStateError) as caught:
        bone.animationPropertiesOverride = override(False)  # type: ignore[misc]
    assert caught.value.code == "LITE-COMPAT-020"
    assert bone.animationPropertiesOverride is own


def test_blending_speed_is_read_each_frame(scene: Scene) -> None:
    # Babylon.js: 50, 49.0198, 48.0792 at speed 0.02, then 47.1782 -> speed 0.2 from the
    # next blended frame: 46.3168 is frame 4 at 0.08; from frame 5 the factor grows by 0.2.
    shared = override(True, 0.02)
    scene.animationPropertiesOverride = shared
    node = TransformNode("n", scene)
    node.position = Vector3(50, 0, 0)
    anim = Animation("t", "position.x", 30, F)
    anim.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 30}])
    scene.beginDirectAnimation(node, [anim], 0, 30, True)
    seen = []
    for i in range(7):
        if i == 5:
            shared.blendingSpeed = 0.2
        scene._animate(33)
        seen.append(node.position.x)
    assert seen == pytest.approx([50, 49.0198, 48.0792, 47.1782, 46.3168, 45.495, 36.782], abs=1e-6)
