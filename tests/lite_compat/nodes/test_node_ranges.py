"""Animation ranges on nodes (Babylon.js 9.31 ``Node.createAnimationRange`` and friends).

Values measured by parity/scenarios/compat_scene_hooks_ranges.mjs.
"""

from __future__ import annotations

import pytest

from lite_compat import Animation, AnimationRange, Axis, Scene, TransformNode, Vector3


def ranged(scene: Scene) -> tuple[TransformNode, Animation]:
    node = TransformNode("ranged", scene)
    x = Animation("x", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys([{"frame": f, "value": f / 10} for f in [0, 10, 20, 30, 40, 50, 60]])
    node.animations.append(x)
    node.createAnimationRange("walk", 0, 30)
    node.createAnimationRange("run", 30, 60)
    node.createAnimationRange("walk", 5, 6)  # name in use: ignored
    return node, x


def test_ranges_are_created_on_the_node_and_its_animations(scene: Scene) -> None:
    node, x = ranged(scene)
    walk = node.getAnimationRange("walk")
    assert isinstance(walk, AnimationRange)
    assert (walk.name, walk.from_, walk.to) == ("walk", 0, 30)
    run = x.getRange("run")
    assert run is not None
    assert (run.from_, run.to) == (30, 60)
    assert node.getAnimationRange("none") is None


def test_begin_animation_plays_the_range(scene: Scene) -> None:
    node, _ = ranged(scene)
    ended: list[str] = []
    a = node.beginAnimation("run", False, 2, lambda: ended.append("end"))
    assert a is not None
    scene._animate(33)
    assert node.position.x == pytest.approx(3.0, abs=1e-6)
    scene._animate(33)
    assert node.position.x == pytest.approx(3.198, abs=1e-6)  # frame 31.98
    for _ in range(15):
        scene._animate(33)
    assert ended == ["end"]
    assert node.position.x == pytest.approx(6.0, abs=1e-6)
    assert node.beginAnimation("none", True) is None


def test_delete_keeps_the_name_as_none_and_deletes_frames_by_default(scene: Scene) -> None:
    node, x = ranged(scene)
    node.deleteAnimationRange("run", False)
    assert node.getAnimationRange("run") is None
    assert len(x.getKeys()) == 7
    assert node.getAnimationRanges()[1] is None
    node.deleteAnimationRange("walk")
    assert [k["frame"] for k in x.getKeys()] == [40, 50, 60]
    assert node.getAnimationRanges() == [None, None]
    assert node.beginAnimation("walk") is None


def test_axis_is_three_shared_unit_vectors() -> None:
    assert Axis.X.asArray() == [1, 0, 0]
    assert Axis.Y.asArray() == [0, 1, 0]
    assert Axis.Z.asArray() == [0, 0, 1]
    assert Axis.X is Axis.X
    assert isinstance(Axis.Z, Vector3)
