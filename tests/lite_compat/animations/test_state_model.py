"""The state model (issue 29), row by row, against Babylon.js 9.31 in every evaluation path.

Each test mirrors one block of the script below, run under Node from parity/recorder
(``node rows.mjs``; NullEngine, ``scene._animate(16)`` per frame) with Babylon.js 9.31; the
expected numbers are what it printed. Every test runs three times: native delegation off (the
compat evaluator only), the default paths, and the batched rows forced on from one row.
Native tracks store float32 values, hence ``approx(rel=1e-6)``. The table these rows
document is in docs/architecture/compat-animations.md ("State model").

.. code-block:: javascript

    import { Animation, Logger, NullEngine, Scene, Vector3, Quaternion, TransformNode, StandardMaterial, MeshBuilder, CubicEase, QuadraticEase } from "@babylonjs/core";
    Logger.LogLevels = Logger.NoneLogLevel;
    const out = {};
    function fresh() { const engine = new NullEngine(); return new Scene(engine); }
    function fl(name, path, fps, keys, type = Animation.ANIMATIONTYPE_FLOAT) { const a = new Animation(name, path, fps, type, Animation.ANIMATIONLOOPMODE_CYCLE); a.setKeys(keys); return a; }
    const r = (v) => Math.round(v * 1e9) / 1e9;
    // R1 setKeys mid-play
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]);
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<5;i++) s._animate(16);
      a.setKeys([{frame:0,value:10},{frame:30,value:13}]); s._animate(16); out.setKeys = r(n.position.x);
      a.setKeys([{frame:0,value:0},{frame:60,value:6}]); s._animate(16); out.setKeysWider = r(n.position.x); for (let i=0;i<30;i++) s._animate(16); out.setKeysWiderLater = r(n.position.x); }
    // R2 in-place edit
    { const s = fresh(); const n = new TransformNode("n", s); const keys=[{frame:0,value:0},{frame:30,value:3}]; const a = fl("a", "position.x", 60, keys);
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<5;i++) s._animate(16);
      a.getKeys()[1].value = 300; s._animate(16); out.inPlace = r(n.position.x);
      keys[0].value = -100; s._animate(16); out.inPlaceOrig = r(n.position.x); }
    // R2b in-place vector value component edit
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position", 60, [{frame:0,value:new Vector3(0,0,0)},{frame:30,value:new Vector3(3,3,3)}], Animation.ANIMATIONTYPE_VECTOR3);
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<5;i++) s._animate(16);
      a.getKeys()[1].value.y = 30; s._animate(16); out.inPlaceVec = [r(n.position.x), r(n.position.y)]; }
    // R3 fps sibling
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:60,value:6}]); const b = fl("b", "rotation.y", 60, [{frame:0,value:0},{frame:60,value:6}]);
      s.beginDirectAnimation(n, [a,b], 0, 60, true); for (let i=0;i<5;i++) s._animate(16);
      a.framePerSecond = 120; s._animate(16); out.fps = [r(n.position.x), r(n.rotation.y)]; for (let i=0;i<10;i++) s._animate(16); out.fpsLater = [r(n.position.x), r(n.rotation.y)]; }
    // R4 position replaced under position.x
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]);
      s.beginDirectAnimation(n, [a], 0, 30, true); s._animate(16); const old = n.position; n.position = new Vector3(0,1,0); for (let i=0;i<5;i++) s._animate(16); out.replacedOwner = [r(n.position.x), r(old.x)]; }
    // R5 a.position = b.position under position vec3
    { const s = fresh(); const na = new TransformNode("a", s); const nb = new TransformNode("b", s); nb.position = new Vector3(7,7,7);
      const a = fl("a", "position", 60, [{frame:0,value:new Vector3(0,0,0)},{frame:30,value:new Vector3(3,3,3)}], Animation.ANIMATIONTYPE_VECTOR3);
      s.beginDirectAnimation(na, [a], 0, 30, true); s._animate(16); na.position = nb.position; for (let i=0;i<3;i++) s._animate(16); out.sharedLeaf = [r(na.position.x), r(nb.position.x), na.position === nb.position]; }
    // R6 rotationQuaternion = null under quaternion track
    { const s = fresh(); const n = new TransformNode("n", s); n.rotationQuaternion = Quaternion.Identity();
      const a = fl("q", "rotationQuaternion", 60, [{frame:0,value:Quaternion.Identity()},{frame:30,value:Quaternion.RotationAxis(new Vector3(0,1,0), 1)}], Animation.ANIMATIONTYPE_QUATERNION);
      s.beginDirectAnimation(n, [a], 0, 30, true); s._animate(16); n.rotationQuaternion = null; s._animate(16); s._animate(16); out.quatNull = n.rotationQuaternion ? [r(n.rotationQuaternion.y), r(n.rotationQuaternion.w)] : null; }
    // R7 loopMode change mid-play (captured)
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]);
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<5;i++) s._animate(16); a.loopMode = Animation.ANIMATIONLOOPMODE_RELATIVE; for (let i=0;i<40;i++) s._animate(16); out.loopMode = r(n.position.x); }
    // R8 easing set mid-play (live), per-key easing in place
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]);
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<5;i++) s._animate(16); a.setEasingFunction(new CubicEase()); s._animate(16); out.easing = r(n.position.x);
      a.setEasingFunction(null); a.getKeys()[0].easingFunction = new QuadraticEase(); s._animate(16); out.keyEasing = r(n.position.x); }
    // R9 enableBlending mid-play (captured) / blendingSpeed live
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]);
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<5;i++) s._animate(16); a.enableBlending = true; a.blendingSpeed = 0.5; s._animate(16); out.enableBlending = r(n.position.x); }
    { const s = fresh(); const n = new TransformNode("n", s); n.position.x = 5; const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]); a.enableBlending = true; a.blendingSpeed = 0.1;
      s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<2;i++) s._animate(16); a.blendingSpeed = 0.5; s._animate(16); s._animate(16); out.blendingSpeed = r(n.position.x); }
    // R10 Animatable.target reassign
    { const s = fresh(); const n = new TransformNode("n", s); const m = new TransformNode("m", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:30,value:3}]);
      const an = s.beginDirectAnimation(n, [a], 0, 30, true); for (let i=0;i<3;i++) s._animate(16); an.target = m; for (let i=0;i<3;i++) s._animate(16); out.animatableTarget = [r(n.position.x), r(m.position.x)]; }
    // R11 animatable from/to live
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:60,value:6}]);
      const an = s.beginDirectAnimation(n, [a], 0, 60, true); for (let i=0;i<3;i++) s._animate(16); an.fromFrame = 10; an.toFrame = 20; s._animate(16); out.fromTo = r(n.position.x); for (let i=0;i<20;i++) s._animate(16); out.fromToLater = r(n.position.x); }
    // R12 material swapped under material.alpha
    { const s = fresh(); const m = MeshBuilder.CreateBox("b", {}, s); const mat1 = new StandardMaterial("m1", s); m.material = mat1;
      const a = fl("a", "material.alpha", 60, [{frame:0,value:1},{frame:30,value:0}]); s.beginDirectAnimation(m, [a], 0, 30, true); s._animate(16);
      const mat2 = new StandardMaterial("m2", s); m.material = mat2; for (let i=0;i<3;i++) s._animate(16); out.material = [r(mat1.alpha), r(mat2.alpha)]; }
    // R13 fps on a single animation
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:60,value:6}]);
      s.beginDirectAnimation(n, [a], 0, 60, true); for (let i=0;i<5;i++) s._animate(16); a.framePerSecond = 30; s._animate(16); out.fpsSingle = r(n.position.x); }
    // R14 held old vector keeps updating (whole-vector track, position replaced)
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position", 60, [{frame:0,value:new Vector3(0,0,0)},{frame:30,value:new Vector3(3,3,3)}], Animation.ANIMATIONTYPE_VECTOR3);
      s.beginDirectAnimation(n, [a], 0, 30, true); s._animate(16); const held = n.position; const swapped = new Vector3(0,1,0); n.position = swapped; for (let i=0;i<3;i++) s._animate(16); out.heldLeaf = [r(held.x), r(swapped.x), n.position === held]; }
    // R15 rotationQuaternion track resets rotation each write; rotation (Vector3) track clears rotationQuaternion
    { const s = fresh(); const n = new TransformNode("n", s); n.rotationQuaternion = Quaternion.Identity();
      const q = fl("q", "rotationQuaternion", 60, [{frame:0,value:Quaternion.Identity()},{frame:30,value:Quaternion.RotationAxis(new Vector3(0,1,0), 1)}], Animation.ANIMATIONTYPE_QUATERNION);
      s.beginDirectAnimation(n, [q], 0, 30, true); s._animate(16); s._animate(16); n.rotation.y = 2; s._animate(16); out.quatResetsRotation = r(n.rotation.y);
      const m = new TransformNode("m", s); m.rotationQuaternion = Quaternion.Identity();
      const e = fl("e", "rotation", 60, [{frame:0,value:new Vector3(0,0,0)},{frame:30,value:new Vector3(0,3,0)}], Animation.ANIMATIONTYPE_VECTOR3);
      s.beginDirectAnimation(m, [e], 0, 30, true); s._animate(16); s._animate(16); out.rotationDropsQuat = [m.rotationQuaternion === null, r(m.rotation.y)]; }
    // R16 speedRatio live (re-anchored), weight live
    { const s = fresh(); const n = new TransformNode("n", s); const a = fl("a", "position.x", 60, [{frame:0,value:0},{frame:60,value:6}]);
      const an = s.beginDirectAnimation(n, [a], 0, 60, true); for (let i=0;i<5;i++) s._animate(16); an.speedRatio = 2; s._animate(16); out.speed = r(n.position.x);
      n.position.x = 0; an.weight = 0.5; s._animate(16); out.weight = r(n.position.x); }
    console.log(JSON.stringify(out, null, 1));
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, delegation

A = BABYLON.Animation
V3 = BABYLON.Vector3
Q = BABYLON.Quaternion
approx = pytest.approx


@pytest.fixture(params=["fallback", "default", "batched"])
def mode(request: pytest.FixtureRequest) -> Iterator[str]:
    previous_min = batch._MIN_ROWS[0]
    previous_batch = batch.batched_evaluation_enabled()
    previous_native = delegation.set_native_delegation(request.param != "fallback")
    if request.param == "batched":
        batch.set_batched_evaluation(True, 1)
    yield str(request.param)
    delegation.set_native_delegation(previous_native)
    batch.set_batched_evaluation(previous_batch, previous_min)


def scene() -> Any:
    return BABYLON.Scene(BABYLON.NullEngine())


def K(frame: float, value: Any) -> dict[str, Any]:  # noqa: N802
    return {"frame": frame, "value": value}


def fl(path: str, keys: list[dict[str, Any]], data_type: int = A.ANIMATIONTYPE_FLOAT) -> Any:
    animation = A("a", path, 60, data_type, A.ANIMATIONLOOPMODE_CYCLE)
    animation.setKeys(keys)
    return animation


def steps(s: Any, n: int) -> None:
    for _ in range(n):
        s._animate(16)


def started(path: str, keys: list[dict[str, Any]], to: int = 30, data_type: int = 0) -> Any:
    s = scene()
    node = BABYLON.TransformNode("n", s)
    animation = fl(path, keys, data_type)
    animatable = s.beginDirectAnimation(node, [animation], 0, to, True)
    return s, node, animation, animatable


# -- keys: live ---------------------------------------------------------------------------------


def test_set_keys_is_live_and_the_key_range_captured(mode: str) -> None:
    s, node, a, _ = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 5)
    a.setKeys([K(0, 10), K(30, 13)])
    steps(s, 1)
    assert node.position.x == approx(10.48, rel=1e-6)
    a.setKeys([K(0, 0), K(60, 6)])  # wider keys: the range stays 0..30 (captured at start)
    steps(s, 1)
    assert node.position.x == approx(0.576, rel=1e-6)
    steps(s, 30)
    assert node.position.x == approx(0.456, rel=1e-6)


def test_in_place_key_edits_are_live(mode: str) -> None:
    keys = [K(0, 0), K(30, 3)]
    s, node, a, _ = started("position.x", keys)
    steps(s, 5)
    a.getKeys()[1]["value"] = 300
    steps(s, 1)
    assert node.position.x == approx(48, rel=1e-6)
    keys[0]["value"] = -100  # the caller's own key dicts are the animation's keys
    steps(s, 1)
    assert node.position.x == approx(-23.2, rel=1e-6)


def test_in_place_edit_of_a_key_value_object_is_live(mode: str) -> None:
    s, node, a, _ = started(
        "position", [K(0, V3(0, 0, 0)), K(30, V3(3, 3, 3))], data_type=A.ANIMATIONTYPE_VECTOR3
    )
    steps(s, 5)
    a.getKeys()[1]["value"].y = 30
    steps(s, 1)
    assert (node.position.x, node.position.y) == approx((0.48, 4.8), rel=1e-6)


# -- timing: framePerSecond live, per animation -------------------------------------------------


def test_frame_per_second_is_live_and_per_animation(mode: str) -> None:
    s = scene()
    node = BABYLON.TransformNode("n", s)
    a = fl("position.x", [K(0, 0), K(60, 6)])
    b = fl("rotation.y", [K(0, 0), K(60, 6)])
    s.beginDirectAnimation(node, [a, b], 0, 60, True)
    steps(s, 5)
    a.framePerSecond = 120
    steps(s, 1)
    assert (node.position.x, node.rotation.y) == approx((0.96, 0.48), rel=1e-6)
    steps(s, 10)
    assert (node.position.x, node.rotation.y) == approx((2.88, 1.44), rel=1e-6)


def test_frame_per_second_change_jumps_without_re_anchoring(mode: str) -> None:
    s, node, a, _ = started("position.x", [K(0, 0), K(60, 6)], to=60)
    steps(s, 5)
    a.framePerSecond = 30
    steps(s, 1)
    assert node.position.x == approx(0.24, rel=1e-6)


def test_speed_ratio_is_live_and_weight_blends_with_the_captured_original(mode: str) -> None:
    s, node, _, animatable = started("position.x", [K(0, 0), K(60, 6)], to=60)
    steps(s, 5)
    animatable.speedRatio = 2
    steps(s, 1)
    assert node.position.x == approx(0.576, rel=1e-6)
    node.position.x = 0
    animatable.weight = 0.5
    steps(s, 1)
    assert node.position.x == approx(0.384, rel=1e-6)


def test_from_and_to_of_an_animatable_are_live(mode: str) -> None:
    s, node, _, animatable = started("position.x", [K(0, 0), K(60, 6)], to=60)
    steps(s, 3)
    animatable.fromFrame, animatable.toFrame = 10, 20
    steps(s, 1)
    assert node.position.x == approx(1.288, rel=1e-6)
    steps(s, 20)
    assert node.position.x == approx(1.208, rel=1e-6)


# -- captured at start: loop mode, enableBlending -----------------------------------------------


def test_loop_mode_is_captured(mode: str) -> None:
    s, node, a, _ = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 5)
    a.loopMode = A.ANIMATIONLOOPMODE_RELATIVE
    steps(s, 40)
    assert node.position.x == approx(1.224, rel=1e-6)


def test_enable_blending_is_captured_and_blending_speed_live(mode: str) -> None:
    s, node, a, _ = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 5)
    a.enableBlending = True
    a.blendingSpeed = 0.5
    steps(s, 1)
    assert node.position.x == approx(0.48, rel=1e-6)
    s = scene()
    node = BABYLON.TransformNode("n", s)
    node.position.x = 5
    a = fl("position.x", [K(0, 0), K(30, 3)])
    a.enableBlending = True
    a.blendingSpeed = 0.1
    s.beginDirectAnimation(node, [a], 0, 30, True)
    steps(s, 2)
    a.blendingSpeed = 0.5
    steps(s, 2)
    assert node.position.x == approx(1.7016, rel=1e-6)


# -- easing: live, per animation and per key ----------------------------------------------------


def test_easing_is_live_per_animation_and_per_key(mode: str) -> None:
    s, node, a, _ = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 5)
    a.setEasingFunction(BABYLON.CubicEase())
    steps(s, 1)
    assert node.position.x == approx(0.012288, rel=1e-6)
    a.setEasingFunction(None)
    a.getKeys()[0]["easingFunction"] = BABYLON.QuadraticEase()
    steps(s, 1)
    assert node.position.x == approx(0.110592, rel=1e-6)


# -- objects along the path: resolved once, at start --------------------------------------------


def test_an_owner_replaced_under_a_component_track_is_not_followed(mode: str) -> None:
    s, node, _, _ = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 1)
    old = node.position
    node.position = V3(0, 1, 0)
    steps(s, 5)
    assert (node.position.x, old.x) == approx((0, 0.48), rel=1e-6)


def test_a_material_swapped_under_material_alpha_is_not_followed(mode: str) -> None:
    s = scene()
    mesh = BABYLON.MeshBuilder.CreateBox("b", {}, s)
    first = BABYLON.StandardMaterial("m1", s)
    mesh.material = first
    s.beginDirectAnimation(mesh, [fl("material.alpha", [K(0, 1), K(30, 0)])], 0, 30, True)
    steps(s, 1)
    second = BABYLON.StandardMaterial("m2", s)
    mesh.material = second
    steps(s, 3)
    assert (first.alpha, second.alpha) == approx((0.904, 1), rel=1e-6)


def test_a_whole_value_track_assigns_its_own_object_back(mode: str) -> None:
    keys = [K(0, V3(0, 0, 0)), K(30, V3(3, 3, 3))]
    s = scene()
    a, b = BABYLON.TransformNode("a", s), BABYLON.TransformNode("b", s)
    b.position = V3(7, 7, 7)
    s.beginDirectAnimation(a, [fl("position", keys, A.ANIMATIONTYPE_VECTOR3)], 0, 30, True)
    steps(s, 1)
    a.position = b.position  # b's vector is never written
    steps(s, 3)
    assert (a.position.x, b.position.x) == approx((0.288, 7), rel=1e-6)
    assert a.position is not b.position
    s, node, _, _ = started("position", keys, data_type=A.ANIMATIONTYPE_VECTOR3)
    steps(s, 1)
    held, swapped = node.position, V3(0, 1, 0)
    node.position = swapped
    steps(s, 3)
    assert (held.x, swapped.x) == approx((0.288, 0), rel=1e-6)
    assert node.position is held


def test_rotation_quaternion_set_to_none_is_reassigned(mode: str) -> None:
    s = scene()
    node = BABYLON.TransformNode("n", s)
    node.rotationQuaternion = Q.Identity()
    keys = [K(0, Q.Identity()), K(30, Q.RotationAxis(V3(0, 1, 0), 1))]
    s.beginDirectAnimation(
        node, [fl("rotationQuaternion", keys, A.ANIMATIONTYPE_QUATERNION)], 0, 30, True
    )
    steps(s, 1)
    node.rotationQuaternion = None
    steps(s, 2)
    q = node.rotationQuaternion
    assert q is not None
    assert (q.y, q.w) == approx((0.031994539, 0.999488044), rel=1e-6)


def test_leaf_assignment_side_effects_happen_on_every_write(mode: str) -> None:
    s = scene()
    node = BABYLON.TransformNode("n", s)
    node.rotationQuaternion = Q.Identity()
    keys = [K(0, Q.Identity()), K(30, Q.RotationAxis(V3(0, 1, 0), 1))]
    s.beginDirectAnimation(
        node, [fl("rotationQuaternion", keys, A.ANIMATIONTYPE_QUATERNION)], 0, 30, True
    )
    steps(s, 2)
    node.rotation.y = 2  # the quaternion's setter resets rotation on the next write
    steps(s, 1)
    assert node.rotation.y == 0
    other = BABYLON.TransformNode("m", s)
    other.rotationQuaternion = Q.Identity()
    euler = fl("rotation", [K(0, V3(0, 0, 0)), K(30, V3(0, 3, 0))], A.ANIMATIONTYPE_VECTOR3)
    s.beginDirectAnimation(other, [euler], 0, 30, True)
    steps(s, 2)  # rotation's setter clears rotationQuaternion
    assert other.rotationQuaternion is None
    assert other.rotation.y == approx(0.096, rel=1e-6)


def test_reassigning_animatable_target_changes_nothing(mode: str) -> None:
    s, node, _, animatable = started("position.x", [K(0, 0), K(30, 3)])
    other = BABYLON.TransformNode("m", s)
    steps(s, 3)
    animatable.target = other
    steps(s, 3)
    assert (node.position.x, other.position.x) == approx((0.48, 0), rel=1e-6)


# -- the mechanism: key state versions ----------------------------------------------------------


def test_unchanged_tracks_stay_native() -> None:
    s, node, a, animatable = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 100)
    assert animatable.getTrackOwners() == [("position.x", "native", None)]
    a.getKeys()[1]["value"] = 4  # new keys a batch track can take: compiled again
    steps(s, 1)
    assert animatable.getTrackOwners() == [("position.x", "native", None)]
    assert node.position.x == approx(4 * (100 * 0.96 % 30) / 30, rel=1e-6)  # frame 6
    # A key easing: not a Lite clip's, but compat's sampler takes it (Babylon's arithmetic).
    a.getKeys()[0]["easingFunction"] = BABYLON.SineEase()
    steps(s, 1)
    assert animatable.getTrackOwners() == [("position.x", "native", None)]
    frame = animatable.getAnimations()[0].currentFrame
    assert node.position.x == 0 + (4 - 0) * BABYLON.SineEase().ease((frame - 0) / (30 - 0))
    s, node, _, animatable = started("position.x", [K(0, 0), K(30, 3)])
    steps(s, 1)
    node.position = V3(0, 0, 0)
    steps(s, 1)
    # A batch track writes the captured owner itself and stays native.
    assert animatable.getTrackOwners() == [("position.x", "native", None)]


def test_state_version_moves_once_per_change_and_compares_once_per_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lite_compat.animations import state

    a = fl("position.x", [K(0, 0), K(30, 3)])
    version = state.state_version(a)
    assert state.state_version(a) == version
    a.getKeys()[0]["value"] = 1
    assert state.state_version(a) == version + 1
    a.setKeys([K(0, 0), K(30, 3)])
    assert state.state_version(a) == version + 2
    a.framePerSecond = 30
    assert state.state_version(a) == version + 3
    compared = [0]
    differs = state._KeyState.differs

    def counting(self: Any, animation: Any) -> bool:
        compared[0] += 1
        return differs(self, animation)

    monkeypatch.setattr(state._KeyState, "differs", counting)
    state.begin_step()
    try:
        for _ in range(10):
            assert state.state_version(a) == version + 3
    finally:
        state.end_step()
    assert compared[0] == 1


def test_the_per_step_check_allocates_nothing() -> None:
    import tracemalloc

    from lite_compat.animations import state

    a = fl("position", [K(0, V3(0, 0, 0)), K(30, V3(3, 3, 3))], A.ANIMATIONTYPE_VECTOR3)
    state.state_version(a)
    keys = a._liteKeyState  # the state, created by the first call

    def step() -> None:
        state.begin_step()
        state.state_version(a)
        state.end_step()

    step()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        for _ in range(1000):
            step()
        after, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Nothing kept, and nothing bigger than an iterator alive at once (1000 steps).
    assert after - before < 256
    assert peak - before < 512
    assert a._liteKeyState is keys
