"""Animation.CreateAndStartHierarchyAnimation and AppendSerializedAnimations.

Expected values measured from Babylon.js 9.31 by
parity/scenarios/compat_surface_rig_morph_skeleton.mjs ("hierarchy", "append").
"""

from __future__ import annotations

from numpy.testing import assert_allclose

from lite_compat import Animation, NullEngine, Scene, TransformNode


def test_hierarchy_animation_plays_on_the_node_and_its_descendants() -> None:
    scene = Scene(NullEngine())
    root = TransformNode("hroot", scene)
    kid = TransformNode("hkid", scene)
    kid.parent = root
    grand = TransformNode("hgrand", scene)
    grand.parent = kid
    every = Animation.CreateAndStartHierarchyAnimation(
        "slide", root, False, "position.x", 30, 30, 0, 6, Animation.ANIMATIONLOOPMODE_CONSTANT
    )
    direct = Animation.CreateAndStartHierarchyAnimation(
        "lift", root, True, "position.y", 30, 60, 0, 3, Animation.ANIMATIONLOOPMODE_CYCLE
    )
    assert every is not None and direct is not None
    assert [a.target.name for a in every] == ["hroot", "hkid", "hgrand"]
    assert [a.target.name for a in direct] == ["hroot", "hkid"]
    assert direct[0].loopAnimation is True and every[0].loopAnimation is False
    for _ in range(3):
        scene._animate(200)
    positions = [root.position.x, kid.position.x, grand.position.x]
    positions += [root.position.y, kid.position.y, grand.position.y]
    assert_allclose(positions, [2.4, 2.4, 2.4, 0.6, 0.6, 0], rtol=1e-6, atol=1e-6)


def test_append_serialized_animations() -> None:
    class Holder:
        def __init__(self) -> None:
            a = Animation("ser", "position.z", 60, Animation.ANIMATIONTYPE_FLOAT)
            a.setKeys([{"frame": 0, "value": 1}, {"frame": 6, "value": 2}])
            self.animations = [a]

    dest: dict[str, object] = {}
    Animation.AppendSerializedAnimations(Holder(), dest)
    serialized = dest["animations"]
    assert isinstance(serialized, list) and serialized[0]["name"] == "ser"
    empty: dict[str, object] = {}
    Animation.AppendSerializedAnimations(object(), empty)
    assert empty == {}
