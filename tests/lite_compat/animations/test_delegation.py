"""The compat delegation boundary: one test per fallback reason, via getTrackOwners()."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from lite_compat.animations import delegation, fallback_reasons, overlaps, track_analysis
from lite_compat.animations.animatable import Animatable
from lite_compat.animations.animation import Animation, AnimationKeyInterpolation
from lite_compat.animations.easing import SineEase
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.engines.engine_store import NullEngine
from lite_compat.math import Color3, Color4, Matrix, Quaternion, Size, Vector2, Vector3
from lite_compat.scene.scene import Scene

F = Animation.ANIMATIONTYPE_FLOAT
V3 = Animation.ANIMATIONTYPE_VECTOR3
STEP = AnimationKeyInterpolation.STEP


@pytest.fixture
def scene() -> Scene:
    return Scene(NullEngine())


def anim(
    prop: str,
    keys: list[dict[str, Any]],
    data_type: int = F,
    fps: float = 30,
    loop_mode: int | None = None,
) -> Animation:
    a = Animation(prop, prop, fps, data_type, loop_mode)
    a.setKeys(keys)
    return a


def fkeys(*pairs: tuple[float, float]) -> list[dict[str, Any]]:
    return [{"frame": f, "value": v} for f, v in pairs]


def owners(animatable: Animatable) -> list[tuple[str, str, str | None]]:
    return animatable.getTrackOwners()


def target(**kw: Any) -> SimpleNamespace:
    base: dict[str, Any] = {"x": 0.0, "y": 0.0, "position": Vector3(0, 0, 0)}
    base.update(kw)
    return SimpleNamespace(**base)


X = fkeys((0, 0), (30, 3))


# -- native baseline ----------------------------------------------------------------------------


def test_float_and_vector_tracks_are_native(scene: Scene) -> None:
    t = target(uv=Vector2(0, 0))
    a = scene.beginDirectAnimation(
        t,
        [
            anim("x", X),
            anim(
                "position",
                [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(1, 2, 3)}],
                V3,
            ),
            anim(
                "uv",
                [{"frame": 0, "value": Vector2(0, 0)}, {"frame": 30, "value": Vector2(1, 2)}],
                Animation.ANIMATIONTYPE_VECTOR2,
            ),
        ],
        0,
        30,
        True,
    )
    assert owners(a) == [
        ("x", "native", None),
        ("position", "native", None),
        ("uv", "native", None),
    ]


def test_animation_easing_and_all_step_keys_stay_native(scene: Scene) -> None:
    eased = anim("x", X)
    eased.setEasingFunction(SineEase())
    stepped = anim(
        "y",
        [
            {"frame": 0, "value": 0, "interpolation": STEP},
            {"frame": 30, "value": 1, "interpolation": STEP},
        ],
    )
    a = scene.beginDirectAnimation(target(), [eased, stepped], 0, 30, True)
    assert owners(a) == [("x", "native", None), ("y", "native", None)]


def test_final_key_easing_and_step_segment_easing_do_not_force_fallback(scene: Scene) -> None:
    keys = [
        {"frame": 0, "value": 0, "interpolation": STEP, "easingFunction": SineEase()},
        {"frame": 10, "value": 1, "interpolation": STEP},
        {"frame": 30, "value": 2, "easingFunction": SineEase()},
    ]
    a = scene.beginDirectAnimation(target(), [anim("x", keys)], 0, 30, True)
    assert owners(a) == [("x", "native", None)]


# -- whole-call reasons -----------------------------------------------------------------------


def test_no_animations(scene: Scene) -> None:
    assert fallback_reasons._no_animations_reason([]) == "no-animations"
    a = scene.beginDirectAnimation(target(), [], 0, 30, True)
    assert owners(a) == []


def test_differing_frame_rates(scene: Scene) -> None:
    a = scene.beginDirectAnimation(
        target(), [anim("x", X, fps=30), anim("y", X, fps=60)], 0, 30, True
    )
    assert {o[2] for o in owners(a)} == {"differing-frame-rates"}


def test_reverse_range(scene: Scene) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", X)], 30, 0, True)
    assert owners(a) == [("x", "fallback", "reverse-range")]


def test_reverse_speed(scene: Scene) -> None:
    a = Animatable(scene, target(), 0, 30, True, -1.0, None, [anim("x", X)])
    assert owners(a) == [("x", "fallback", "reverse-speed")]


def test_non_finite_timing(scene: Scene) -> None:
    a = Animatable(scene, target(), 0, float("inf"), True, 1.0, None, [anim("x", X)])
    assert owners(a) == [("x", "fallback", "non-finite-timing")]


def test_array_target(scene: Scene) -> None:
    a = scene.beginDirectAnimation([target(), target()], [anim("x", X)], 0, 30, True)
    assert owners(a) == [("x", "fallback", "array-target")]


def test_weighted(scene: Scene) -> None:
    t = target()
    t.animations = [anim("x", X)]
    a = scene.beginWeightedAnimation(t, 0, 30, 0.5, True)
    assert owners(a) == [("x", "fallback", "weighted")]


def test_additive(scene: Scene) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", X)], 0, 30, True, 1.0, None, None, True)
    assert owners(a) == [("x", "fallback", "additive")]


# -- data types -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data_type", "value", "reason"),
    [
        (Animation.ANIMATIONTYPE_QUATERNION, Quaternion(0, 0, 0, 1), "quaternion-slerp-threshold"),
        (Animation.ANIMATIONTYPE_MATRIX, Matrix.Identity(), "matrix-data-type"),
        (Animation.ANIMATIONTYPE_COLOR3, Color3(0, 0, 0), "color-data-type"),
        (Animation.ANIMATIONTYPE_COLOR4, Color4(0, 0, 0, 0), "color-data-type"),
        (Animation.ANIMATIONTYPE_SIZE, Size(1, 1), "size-data-type"),
        (42, 0.0, "custom-data-type"),
    ],
)
def test_data_types_that_fall_back(scene: Scene, data_type: int, value: Any, reason: str) -> None:
    t = target(v=value)
    keys = [{"frame": 0, "value": value}, {"frame": 30, "value": value}]
    a = scene.beginDirectAnimation(t, [anim("v", keys, data_type)], 0, 30, True)
    assert owners(a) == [("v", "fallback", reason)]


# -- loop modes, blending ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        (Animation.ANIMATIONLOOPMODE_RELATIVE, "loop-mode-relative"),
        (Animation.ANIMATIONLOOPMODE_CONSTANT, "loop-mode-constant"),
        (Animation.ANIMATIONLOOPMODE_YOYO, "loop-mode-yoyo"),
        (Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT, "loop-mode-relative-from-current"),
        (3, "loop-mode-custom"),
    ],
)
def test_loop_modes_that_fall_back(scene: Scene, mode: int, reason: str) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", X, loop_mode=mode)], 0, 30, True)
    assert owners(a) == [("x", "fallback", reason)]


def test_blending(scene: Scene) -> None:
    a_x = anim("x", X)
    a_x.enableBlending = True
    a = scene.beginDirectAnimation(target(), [a_x], 0, 30, True)
    assert owners(a) == [("x", "fallback", "blending")]


# -- key values and interpolation ---------------------------------------------------------------


def test_callable_key_value(scene: Scene) -> None:
    keys = [{"frame": 0, "value": lambda: 1.0}, {"frame": 30, "value": 2.0}]
    a = scene.beginDirectAnimation(target(), [anim("x", keys)], 0, 30, True)
    assert owners(a) == [("x", "fallback", "callable-key-value")]


def test_key_value_shape(scene: Scene) -> None:
    keys = [{"frame": 0, "value": 1.0}, {"frame": 30, "value": 2.0}]
    a = scene.beginDirectAnimation(target(), [anim("position", keys, V3)], 0, 30, True)
    assert owners(a) == [("position", "fallback", "key-value-shape")]


def test_key_value_not_float32(scene: Scene) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", fkeys((0, 0), (30, 1e300)))], 0, 30, True)
    b = scene.beginDirectAnimation(
        target(), [anim("x", fkeys((0, float("nan")), (30, 1)))], 0, 30, True
    )
    assert owners(a) == [("x", "fallback", "key-value-not-float32")]
    assert owners(b) == [("x", "fallback", "key-value-not-float32")]


def test_tangents(scene: Scene) -> None:
    keys = [{"frame": 0, "value": 0, "outTangent": 1}, {"frame": 30, "value": 1, "inTangent": 0}]
    a = scene.beginDirectAnimation(target(), [anim("x", keys)], 0, 30, True)
    assert owners(a) == [("x", "fallback", "tangents")]


def test_per_key_easing(scene: Scene) -> None:
    keys = [{"frame": 0, "value": 0, "easingFunction": SineEase()}, {"frame": 30, "value": 1}]
    a = scene.beginDirectAnimation(target(), [anim("x", keys)], 0, 30, True)
    assert owners(a) == [("x", "fallback", "per-key-easing")]


def test_mixed_step_linear(scene: Scene) -> None:
    keys = [
        {"frame": 0, "value": 0, "interpolation": STEP},
        {"frame": 10, "value": 1},
        {"frame": 30, "value": 2},
    ]
    a = scene.beginDirectAnimation(target(), [anim("x", keys)], 0, 30, True)
    assert owners(a) == [("x", "fallback", "mixed-step-linear")]


def test_key_frame_not_float32(scene: Scene) -> None:
    a = scene.beginDirectAnimation(
        target(), [anim("x", fkeys((0, 0), (10.1, 1), (30, 2)))], 0, 30, True
    )
    assert owners(a) == [("x", "fallback", "key-frame-not-float32")]


def test_unsorted_keys(scene: Scene) -> None:
    a = scene.beginDirectAnimation(
        target(), [anim("x", fkeys((0, 0), (30, 1), (20, 2)))], 0, 20, True
    )
    assert owners(a) == [("x", "fallback", "unsorted-keys")]


def test_empty_key_range(scene: Scene) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", fkeys((0, 5)))], 0, 0, True)
    assert owners(a) == [("x", "fallback", "empty-key-range")]


def test_range_outside_keys(scene: Scene) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", fkeys((10, 0), (30, 1)))], 0, 30, True)
    assert owners(a) == [("x", "fallback", "range-outside-keys")]


# -- bindings and overlaps --------------------------------------------------------------------


def test_non_native_binding(scene: Scene) -> None:
    keys = [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(1, 1, 1)}]
    a = scene.beginDirectAnimation(
        target(position=[0.0, 0.0, 0.0]), [anim("position", keys, V3)], 0, 30, True
    )
    assert owners(a) == [("position", "fallback", "non-native-binding")]


def test_unresolved_binding(scene: Scene) -> None:
    # The compat evaluator resolves "x.real" on a float (Python attribute); Lite cannot bind
    # through a number.
    a = scene.beginDirectAnimation(target(x=1.5), [anim("x.real", X)], 0, 30, True)
    assert owners(a) == [("x.real", "fallback", "unresolved-binding")]


def test_overlapping_paths_in_one_call(scene: Scene) -> None:
    keys = [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(1, 1, 1)}]
    a = scene.beginDirectAnimation(
        target(), [anim("position", keys, V3), anim("position.x", X), anim("y", X)], 0, 30, True
    )
    assert owners(a) == [
        ("position", "fallback", "overlapping-path"),
        ("position.x", "fallback", "overlapping-path"),
        ("y", "native", None),
    ]


def test_overlapping_paths_across_calls_demote_the_older_native_track(scene: Scene) -> None:
    t = target()
    first = scene.beginDirectAnimation(t, [anim("position.x", X)], 0, 30, True)
    scene._animate(16)
    assert owners(first) == [("position.x", "native", None)]
    keys = [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(1, 1, 1)}]
    second = scene.beginDirectAnimation(t, [anim("position", keys, V3)], 0, 30, True)
    assert owners(second) == [("position", "fallback", "overlapping-path")]
    assert owners(first) == [("position.x", "fallback", "overlapping-path")]


def test_same_path_in_two_calls_stays_native(scene: Scene) -> None:
    t = target()
    first = scene.beginDirectAnimation(t, [anim("x", X)], 0, 30, True)
    second = scene.beginDirectAnimation(t, [anim("x", fkeys((0, 5), (30, 6)))], 0, 30, True)
    scene._animate(16)
    scene._animate(16)
    assert owners(first) == [("x", "native", None)]
    assert owners(second) == [("x", "native", None)]
    assert t.x == pytest.approx(5 + 0.48 / 30, abs=1e-6)  # the later animatable wins


# -- after start ------------------------------------------------------------------------------


def test_appended_after_start(scene: Scene) -> None:
    t = target()
    a = scene.beginDirectAnimation(t, [anim("x", X)], 0, 30, True)
    scene._animate(16)
    a.appendAnimations(t, [anim("y", X)])
    assert owners(a) == [("x", "native", None), ("y", "fallback", "appended-after-start")]


def test_negative_speed_mid_play_moves_to_the_fallback(scene: Scene) -> None:
    t = target()
    a = scene.beginDirectAnimation(t, [anim("x", X)], 0, 30, True)
    for _ in range(10):
        scene._animate(16)
    a.speedRatio = -1
    assert owners(a) == [("x", "fallback", "negative-speed")]
    scene._animate(16)
    assert a.masterFrame == pytest.approx(4.32 - 0.48, abs=1e-9)  # continues backwards


def test_weight_assigned_mid_play_moves_to_the_fallback(scene: Scene) -> None:
    a = scene.beginDirectAnimation(target(), [anim("x", X)], 0, 30, True)
    scene._animate(16)
    a.weight = 0.5
    assert owners(a) == [("x", "fallback", "weighted")]


# -- no scene manager; equality ----------------------------------------------------------


def test_native_tracks_are_bound_without_a_scene_manager_and_write_only_while_playing(
    scene: Scene,
) -> None:
    # Compat owns the clock: a native track's Lite binding joins no scene-wide manager, and
    # pausing, completing or stopping the animatable simply stops handing it frames.
    assert not hasattr(scene, "_liteAnimationManager")
    t = target()
    a = scene.beginDirectAnimation(t, [anim("x", X)], 0, 30, False)
    scene._animate(16)
    assert owners(a) == [("x", "native", None)]
    a.pause()
    held = t.x
    scene._animate(16)
    assert t.x == held
    a.restart()
    scene._animate(16)
    assert t.x != held
    for _ in range(80):
        scene._animate(16)
    assert t.x == 3  # completed on the last key
    b = scene.beginDirectAnimation(t, [anim("x", X)], 0, 30, True)
    scene._animate(16)
    b.stop()
    held = t.x
    scene._animate(16)
    assert t.x == held


def test_every_reason_is_listed() -> None:
    assert len(set(delegation.REASONS)) == len(delegation.REASONS)
    doc = fallback_reasons.__doc__ or ""
    for reason in delegation.REASONS:
        assert reason in doc or reason == "loop-mode-custom"


def _run(scene: Scene, force_fallback: bool, monkeypatch: pytest.MonkeyPatch) -> list[list[float]]:
    if force_fallback:
        monkeypatch.setattr(delegation, "track_reason", lambda r, a: "forced")
    rng = np.random.default_rng(7)
    frames = np.sort(rng.choice(np.arange(1, 120), size=8, replace=False)).tolist()
    keys = [{"frame": 0, "value": 0.0}] + [
        {"frame": f, "value": float(v)}
        for f, v in zip(frames, rng.normal(size=8) * 10, strict=True)
    ]
    vkeys = [{"frame": 0, "value": Vector3(0, 0, 0)}] + [
        {"frame": f, "value": Vector3(*(rng.normal(size=3) * 5).tolist())} for f in frames
    ]
    eased = anim("y", keys)
    eased.setEasingFunction(SineEase())
    t = target()
    a = scene.beginDirectAnimation(
        t, [anim("x", keys), eased, anim("position", vkeys, V3)], 0, frames[-1], True, 1.3
    )
    out = []
    for i in range(400):
        if i == 200:
            a.speedRatio = 0.7
        scene._animate(16)
        out.append([t.x, t.y, t.position.x, t.position.y, t.position.z])
    expected = "fallback" if force_fallback else "native"
    assert {o[1] for o in owners(a)} == {expected}
    return out


def test_native_tracks_match_the_compat_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    native = _run(Scene(NullEngine()), False, monkeypatch)
    fallback = _run(Scene(NullEngine()), True, monkeypatch)
    np.testing.assert_allclose(native, fallback, rtol=1e-6, atol=1e-6)


def test_bone_trs_falls_back_because_its_setter_recomposes(scene: Scene) -> None:
    # Babylon.js 9.31, measured: bone.position animated goes through the setter and the local
    # matrix follows (m[12] 1.5 after 1 s of a 0 -> 3 over 30 frames track); position.x is
    # written in place by Babylon.js too (position.x 1.5, m[12] still 0), so it stays native.
    bone = Bone("b", Skeleton("rig", "rig", scene), None, Matrix.Translation(0, 1, 0))
    x = anim("position.x", fkeys((0, 0), (30, 3)))
    a = scene.beginDirectAnimation(bone, [x], 0, 30, True)
    assert owners(a) == [("position.x", "native", None)]
    scene._animate(500)
    scene._animate(500)
    assert bone.position.x == pytest.approx(1.5)
    assert bone.getLocalMatrix().m[12] == 0
    scene.stopAnimation(bone)
    p = anim(
        "position",
        [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(3, 0, 0)}],
        V3,
    )
    b = scene.beginDirectAnimation(bone, [p], 0, 30, True)
    assert owners(b) == [("position", "fallback", "setter-recomposes")]
    scene._animate(500)
    scene._animate(500)
    assert bone.position.x == pytest.approx(1.5)
    assert bone.getLocalMatrix().m[12] == pytest.approx(1.5)


# -- the scene's path index (linear planning) ---------------------------------------------------

V3_KEYS = [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(1, 2, 3)}]


def test_a_direct_track_on_a_leaf_object_replaced_by_an_earlier_write_overlaps(
    scene: Scene,
) -> None:
    # The first write of the native "position" track puts a copy of the vector on the node;
    # the index walks that track again, so a track started later directly on the copy is an
    # overlap, as a fresh walk of every track finds.
    t = target()
    before = t.position
    first = scene.beginDirectAnimation(t, [anim("position", V3_KEYS, V3)], 0, 30, True)
    scene._animate(16)
    assert owners(first) == [("position", "native", None)]
    assert t.position is not before
    second = scene.beginDirectAnimation(t.position, [anim("x", X)], 0, 30, True)
    assert owners(second) == [("x", "fallback", "overlapping-path")]
    assert owners(first) == [("position", "fallback", "overlapping-path")]
    # The old vector is no longer on the node: a track on it overlaps nothing.
    third = scene.beginDirectAnimation(before, [anim("y", X)], 0, 30, True)
    assert owners(third) == [("y", "native", None)]


def test_stopped_animatables_leave_the_index(scene: Scene) -> None:
    t = target()
    first = scene.beginDirectAnimation(t, [anim("position.x", X)], 0, 30, True)
    scene._animate(16)
    first.stop()
    second = scene.beginDirectAnimation(t, [anim("position", V3_KEYS, V3)], 0, 30, True)
    assert owners(second) == [("position", "native", None)]
    scene.stopAllAnimations()
    third = scene.beginDirectAnimation(t, [anim("position.y", X)], 0, 30, True)
    assert owners(third) == [("position.y", "native", None)]


def test_an_active_list_edited_directly_is_reindexed(scene: Scene) -> None:
    t = target()
    first = scene.beginDirectAnimation(t, [anim("position.x", X)], 0, 30, True)
    scene._activeAnimatables.remove(first)
    second = scene.beginDirectAnimation(t, [anim("position", V3_KEYS, V3)], 0, 30, True)
    assert owners(second) == [("position", "native", None)]
    assert scene.getAllAnimatablesByTarget(t) == [second]


@pytest.mark.parametrize("active", [20, 400])
def test_planning_one_more_animatable_walks_a_fixed_number_of_paths(
    scene: Scene, monkeypatch: pytest.MonkeyPatch, active: int
) -> None:
    # The cost of starting a track does not grow with the tracks the scene already plays:
    # planning the new one walks its own paths only (counted, not timed).
    position, x = anim("position", V3_KEYS, V3), anim("position.x", X)
    for _ in range(active):
        scene.beginDirectAnimation(target(), [position, x, anim("y", X)], 0, 30, True)
    scene._animate(16)
    built = [0]
    chain = overlaps._Chain

    class CountingChain(chain):  # type: ignore[misc, valid-type]
        def __init__(self, runtime: Any) -> None:
            built[0] += 1
            super().__init__(runtime)

    monkeypatch.setattr(overlaps, "_Chain", CountingChain)
    t = target()
    a = scene.beginDirectAnimation(t, [anim("position.y", X)], 0, 30, True)
    scene._animate(16)
    assert owners(a) == [("position.y", "native", None)]
    assert built[0] == 1  # its one path, walked once (pending, then reused by its plan)


def test_shared_animations_are_analysed_and_compiled_once(scene: Scene) -> None:
    x = anim("x", X)
    a = scene.beginDirectAnimation(target(), [x], 0, 30, True)
    b = scene.beginDirectAnimation(target(), [x], 0, 30, True)
    scene._animate(16)
    assert a._nativeGroups[0].binding.clip is b._nativeGroups[0].binding.clip
    clip = a._nativeGroups[0].binding.clip
    # Editing a key in place is seen: the next plan compiles the new keys.
    x.getKeys()[1]["value"] = 6
    t = target()
    c = scene.beginDirectAnimation(t, [x], 0, 30, True)
    scene._animate(16)
    scene._animate(16)  # c's first step starts its clock; this one is 16 ms in (frame 0.48)
    # The playing tracks see the edit too (Babylon.js reads keys live): they were bound
    # again to the new keys' clip, compiled once for the three animatables.
    assert owners(a) == [("x", "native", None)]
    assert c._nativeGroups[0].binding.clip is not clip
    assert a._nativeGroups[0].binding.clip is c._nativeGroups[0].binding.clip
    assert t.x == pytest.approx(6 * 0.48 / 30, abs=1e-6)


def test_scene_lists_add_once_and_follow_direct_edits(scene: Scene) -> None:
    item = SimpleNamespace(name="n")
    scene.addTransformNode(item)
    scene.addTransformNode(item)
    assert scene.transformNodes == [item]
    scene.transformNodes.clear()
    scene.addTransformNode(item)
    assert scene.transformNodes == [item]
    assert scene.removeTransformNode(item) == 0
    scene.addTransformNode(item)
    assert scene.transformNodes == [item]


# -- the first step of a crowd (one planning pass) ----------------------------------------------


@pytest.mark.parametrize("count", [20, 400])
def test_a_crowd_starting_in_one_step_is_planned_in_one_pass(
    scene: Scene, monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    # Shared animations are analysed once per step, not once per animatable, and each path is
    # walked once: the work per started animatable does not grow with the crowd (counted).
    shared = [
        anim("position", V3_KEYS, V3),
        anim("x", fkeys((0, 0), (30, 3))),
        anim("y", fkeys((0, 0), (30, 3))),
    ]
    signatures = [0]
    chains = [0]
    signature = track_analysis._signature
    chain = overlaps._Chain

    def counting_signature(animation: Animation) -> tuple[object, ...]:
        signatures[0] += 1
        return signature(animation)

    class CountingChain(chain):  # type: ignore[misc, valid-type]
        def __init__(self, runtime: Any) -> None:
            chains[0] += 1
            super().__init__(runtime)

    monkeypatch.setattr(track_analysis, "_signature", counting_signature)
    monkeypatch.setattr(overlaps, "_Chain", CountingChain)
    crowd = [scene.beginDirectAnimation(target(), shared, 0, 30, True) for _ in range(count)]
    scene._animate(16)
    assert signatures[0] == len(shared)
    # Each path once, and the vector track's once more after its first write replaced the
    # node's vector (the index follows the new object).
    assert chains[0] == (len(shared) + 1) * count
    assert all(
        owners(a) == [("position", "native", None), ("x", "native", None), ("y", "native", None)]
        for a in crowd
    )


def test_an_overlap_in_a_first_step_plans_its_animatables_one_by_one(scene: Scene) -> None:
    # Planned one by one, as before the crowd pass: "whole" is planned first and overlaps
    # "part" (which animates the vector "whole" animates); its first write puts a copy of the
    # vector on the node, so "part", planned at its own turn, animates a vector no other track
    # animates and stays native. One pass over the three would have made it a fallback.
    t = target()
    free = scene.beginDirectAnimation(target(), [anim("x", fkeys((0, 0), (30, 3)))], 0, 30, True)
    whole = scene.beginDirectAnimation(t, [anim("position", V3_KEYS, V3)], 0, 30, True)
    before = t.position
    part = scene.beginDirectAnimation(before, [anim("x", fkeys((0, 0), (30, 3)))], 0, 30, True)
    scene._animate(16)
    assert owners(free) == [("x", "native", None)]
    assert owners(whole) == [("position", "fallback", "overlapping-path")]
    assert owners(part) == [("x", "native", None)]
    scene._animate(16)
    assert t.position is not before
    assert t.position.y == pytest.approx(2 * 0.48 / 30, abs=1e-6)
    assert before.x == pytest.approx(3 * 0.48 / 30, abs=1e-6)


def test_an_animatable_paused_before_the_step_is_planned_when_it_resumes(scene: Scene) -> None:
    x = anim("x", fkeys((0, 0), (30, 3)))
    first = scene.beginDirectAnimation(target(), [x], 0, 30, True)
    t = target()
    later = scene.beginDirectAnimation(t, [x], 0, 30, True)
    later.pause()
    scene._animate(16)
    assert len(later._planned) == 0
    assert owners(first) == [("x", "native", None)]
    # Edited while paused: the resumed animatable plans (and plays) the new keys.
    x.getKeys()[1]["value"] = 6
    later.restart()
    scene._animate(16)
    scene._animate(16)
    assert t.x == pytest.approx(6 * 0.48 / 30, abs=1e-6)
