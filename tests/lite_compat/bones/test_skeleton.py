"""Skeleton.clone, serialize/Parse, copyAnimationRange, MakeAnimationAdditive, toString.

Expected values measured from Babylon.js 9.31 by
parity/scenarios/compat_surface_rig_morph_skeleton.mjs.
"""

from __future__ import annotations

import pytest

from lite.errors import AnimationStateError
from lite_compat import Animation, Bone, Matrix, Quaternion, Scene, Skeleton, Vector3


def rig(scene: Scene, name: str, with_anim: bool, with_ranges: bool = True) -> Skeleton:
    sk = Skeleton(name, name + "-id", scene)
    root = Bone("root", sk, None, Matrix.Translation(0, 1, 0))
    arm = Bone(
        "arm",
        sk,
        root,
        Matrix.Compose(
            Vector3(1, 2, 1), Quaternion.RotationAxis(Vector3(0, 0, 1), 0.4), Vector3(0, 2, 0)
        ),
    )
    Bone("hand", sk, arm, Matrix.Translation(0.5, 1, 0))
    if with_anim:
        for bone in sk.bones:
            a = Animation(bone.name + "A", "_matrix", 30, Animation.ANIMATIONTYPE_MATRIX)
            a.setKeys(
                [
                    {
                        "frame": f,
                        "value": Matrix.Compose(
                            Vector3(1, 1, 1),
                            Quaternion.RotationAxis(Vector3(1, 0, 0), f / 30),
                            Vector3(0, f / 10, 0),
                        ),
                    }
                    for f in (0, 10, 20, 30)
                ]
            )
            bone.animations.append(a)
        if with_ranges:
            sk.createAnimationRange("swing", 0, 20)
            sk.createAnimationRange("rest", 25, 30)
    return sk


def test_clone_copies_bones_ranges_and_animations(scene: Scene) -> None:
    sk = rig(scene, "src", True)
    copy = sk.clone("copy")
    assert [b.name for b in copy.bones] == ["root", "arm", "hand"]
    assert copy.bones[0].animations[0] is not sk.bones[0].animations[0]
    ranges = [[r.name, r.from_, r.to] for r in copy.getAnimationRanges()]
    assert ranges == [["swing", 0, 20], ["rest", 25, 30]]
    assert copy.toString() == "Name: copy, nBones: 3, nAnimationRanges: 2"
    # Babylon's own separator quirk in the detailed form.
    assert copy.toString(True).endswith("Ranges: {, swingrest}")


def test_serialize_parse_round_trip(scene: Scene) -> None:
    sk = rig(scene, "src", True)
    data = sk.serialize()
    assert [b["parentBoneIndex"] for b in data["bones"]] == [-1, 0, 1]
    parsed = Skeleton.Parse(data, scene)
    assert [b.getIndex() for b in parsed.bones] == [0, 1, 2]
    assert list(parsed.bones[1].getLocalMatrix().m) == list(sk.bones[1].getBindMatrix().m)
    assert [k["frame"] for k in parsed.bones[1].animations[0].getKeys()] == [0, 10, 20, 30]
    with pytest.raises(AnimationStateError) as exc:
        Skeleton.Parse({"name": "x"}, scene)
    assert exc.value.code == "LITE-COMPAT-161"


def test_copy_animation_range_offsets_frames(scene: Scene) -> None:
    src = rig(scene, "src2", True)
    dst = rig(scene, "dst", True, False)
    assert dst.copyAnimationRange(src, "swing") is True
    assert dst.copyAnimationRange(src, "swing") is False
    assert dst.copyAnimationRange(src, "nope") is False
    assert [[r.name, r.from_, r.to] for r in dst.getAnimationRanges()] == [["swing", 31, 51]]
    frames = [[k["frame"] for k in b.animations[0].getKeys()] for b in dst.bones]
    assert frames == [[0, 10, 20, 30, 31, 41, 51]] * 3
    odd = rig(scene, "odd", False)
    Bone("extra", odd, None)
    # A different rig: False, and (Babylon's short-circuit) no bone gets keys; the range lands.
    assert odd.copyAnimationRange(src, "rest") is False
    assert all(not b.animations for b in odd.bones)
    assert [[r.name, r.from_, r.to] for r in odd.getAnimationRanges()] == [["rest", 26, 31]]


def test_make_animation_additive_and_texture_flag(scene: Scene) -> None:
    src = rig(scene, "src3", True)
    assert Skeleton.MakeAnimationAdditive(src, 0, "swing") is src
    assert Skeleton.MakeAnimationAdditive(src, 0, "nope") is None
    first = src.bones[0].animations[0].getKeys()[0]["value"]
    assert first.isIdentity()
    assert src.useTextureToStoreBoneMatrices is True and src.isUsingTextureForMatrices is False
    src.useTextureToStoreBoneMatrices = False
    assert src.useTextureToStoreBoneMatrices is False
    assert src.getTransformMatrixTexture(None) is None
