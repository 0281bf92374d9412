"""Animation ranges on a skeleton (Babylon.js 9.31 ``Skeleton.createAnimationRange`` and
friends); values measured by parity/scenarios/compat_skeleton_ranges.mjs."""

from __future__ import annotations

import pytest

from lite_compat import Animation, Bone, Matrix, Scene, Skeleton, Vector3


def test_ranges_reach_each_bones_first_animation_and_play(scene: Scene) -> None:
    skeleton = Skeleton("rig", "rig", scene)
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
    still = Bone("still", skeleton, root, Matrix.Translation(1, 0, 0))
    pos = Animation("rootP", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
    pos.setKeys([{"frame": f, "value": Vector3(f / 20, 1, 0)} for f in [0, 20, 40]])
    root.animations.append(pos)
    skeleton.createAnimationRange("idle", 0, 20)
    skeleton.createAnimationRange("wave", 20, 40)
    skeleton.createAnimationRange("idle", 3, 4)  # ignored
    idle = pos.getRange("idle")
    assert idle is not None
    assert (idle.from_, idle.to) == (0, 20)
    assert still.animations == []
    assert skeleton.beginAnimation("none") is None
    a = skeleton.beginAnimation("wave", False, 1.5)
    assert a is not None
    scene._animate(33)
    scene._animate(33)
    assert root.position.x == pytest.approx(1.07425)  # frame 21.485
    assert root.getLocalMatrix().m[12] == pytest.approx(1.07425)
    skeleton.deleteAnimationRange("wave", False)
    assert skeleton.getAnimationRange("wave") is None
    skeleton.deleteAnimationRange("idle")
    assert [k["frame"] for k in pos.getKeys()] == [40]
    assert skeleton.getAnimationRanges() == [None, None]
