"""Issue 27 item 3: property paths from data never reach the interpreter, classes or modules.

One sealed walk (``lite.path_guard.check_path_segments`` / ``check_path_reached``) is shared by
lite's property binding and clip compiler and by lite_compat's ``property_paths.check_walk``.
A dunder segment is ``LITE-PATH-007`` (at parse and at bind); a path that passes through or
ends on a class, module, function/method, code or frame is ``LITE-PATH-008`` (at bind).
Nothing is written in either case.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np
import pytest

import lite
import lite_compat as BABYLON  # noqa: N812
from lite.animation.types import AnimationSampler, PropertyAnimationClip, PropertyAnimationTrack
from lite.errors import AnimationPathError

KEYS: Any = [{"time": 0, "value": 7.0}, {"time": 1, "value": 7.0}]


class Target:
    def __init__(self) -> None:
        self.x = 0.0
        self.position = {"x": 0.0, "y": 0.0}

    def method(self) -> float:
        return 1.0


def _raw_clip(path: str) -> PropertyAnimationClip:
    """A clip built from the dataclasses directly (skips the compiler's parse-time check)."""
    sampler = AnimationSampler(
        np.array([0.0, 1.0], np.float32), np.array([7.0, 7.0], np.float32), 0
    )
    track = PropertyAnimationTrack(path=path, sampler=sampler, stride=1, quaternion=False)
    return PropertyAnimationClip(name="c", tracks=(track,), duration=1.0, frame_rate=60.0)


def _code(exc: pytest.ExceptionInfo[Any]) -> str:
    return str(exc.value.code)


# -- lite ---------------------------------------------------------------------------------------


def test_lite_exploit_refused_at_parse() -> None:
    before = builtins.divmod
    with pytest.raises(AnimationPathError) as exc:
        lite.create_property_animation_clip(
            "x", [{"path": "__init__.__globals__.__builtins__.divmod", "keys": KEYS}]
        )
    assert _code(exc) == "LITE-PATH-007"
    assert builtins.divmod is before


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("__init__.__globals__.__builtins__.divmod", "LITE-PATH-007"),
        ("__class__.x", "LITE-PATH-007"),
        ("position.__class__", "LITE-PATH-007"),
        ("method.x", "LITE-PATH-008"),  # a bound method on the way
        ("method", "LITE-PATH-008"),  # a method as the leaf
    ],
)
def test_lite_exploit_refused_at_bind(path: str, code: str) -> None:
    before = builtins.divmod
    target = Target()
    manager = lite.create_animation_manager()
    with pytest.raises(AnimationPathError) as exc:
        lite.bind_property_clip(target, _raw_clip(path))
    assert _code(exc) == code
    with pytest.raises(AnimationPathError) as exc:
        lite.create_property_animation_group(manager, target, _raw_clip(path))
    assert _code(exc) == code
    assert lite.get_animation_groups(manager) == ()
    assert builtins.divmod is before and target.x == 0.0 and callable(target.method)


def test_lite_class_or_module_target_refused() -> None:
    for root in (Target, builtins):
        with pytest.raises(AnimationPathError) as exc:
            lite.bind_property_clip(root, _raw_clip("x"))
        assert _code(exc) == "LITE-PATH-008"


def test_lite_legitimate_paths_still_bind() -> None:
    manager = lite.create_animation_manager()
    target = Target()
    clip = lite.create_property_animation_clip(
        "ok",
        [
            {"path": "x", "keys": KEYS},
            {"path": "position.x", "keys": KEYS},
            {"path": "position.y", "keys": KEYS},
        ],
    )
    lite.create_property_animation_group(manager, target, clip)
    lite.update_animation_manager(manager, 500.0)
    assert target.x == 7.0 and target.position == {"x": 7.0, "y": 7.0}
    weights = {"weights": [0.0, 0.0]}
    clip2 = lite.create_property_animation_clip("w", [{"path": "weights.1", "keys": KEYS}])
    lite.create_property_animation_group(manager, weights, clip2)
    lite.update_animation_manager(manager, 16.0)
    assert weights["weights"] == [0.0, 7.0]


# -- lite_compat --------------------------------------------------------------------------------


def _scene() -> Any:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    BABYLON.FreeCamera("cam", BABYLON.Vector3(0, 0, -5), scene)
    return scene


def _parsed(prop: str) -> dict[str, Any]:
    return {
        "name": "a",
        "property": prop,
        "framePerSecond": 60,
        "dataType": 0,
        "loopBehavior": 1,
        "keys": [{"frame": 0, "values": [7.0]}, {"frame": 60, "values": [7.0]}],
    }


def test_compat_parse_exploit_refused() -> None:
    before = builtins.abs
    with pytest.raises(AnimationPathError) as exc:
        BABYLON.Animation.Parse(_parsed("__class__.__init__.__globals__.__builtins__.abs"))
    assert _code(exc) == "LITE-PATH-007"
    with pytest.raises(AnimationPathError) as exc:
        BABYLON.Animation("a", "__class__.BILLBOARDMODE_ALL", 60, 0)
    assert _code(exc) == "LITE-PATH-007"
    assert builtins.abs is before


def test_compat_class_constant_not_rewritten() -> None:
    scene = _scene()
    mesh = BABYLON.Mesh("m", scene)
    before = BABYLON.TransformNode.BILLBOARDMODE_ALL
    with pytest.raises(AnimationPathError) as exc:
        BABYLON.Animation.CreateAndStartAnimation(
            "a", mesh, "__class__.BILLBOARDMODE_ALL", 60, 60, 0.0, 1.0, 1
        )
    assert _code(exc) == "LITE-PATH-007"
    assert BABYLON.TransformNode.BILLBOARDMODE_ALL == before == 7


@pytest.mark.parametrize("prop", ["getScene.x", "computeWorldMatrix", "getClassName"])
def test_compat_bind_through_method_refused(prop: str) -> None:
    scene = _scene()
    mesh = BABYLON.Mesh("m", scene)
    anim = BABYLON.Animation("a", prop, 60, 0)
    anim.setKeys([{"frame": 0, "value": 7.0}, {"frame": 60, "value": 7.0}])
    with pytest.raises(AnimationPathError) as exc:
        scene.beginDirectAnimation(mesh, [anim], 0, 60, False)
    assert _code(exc) == "LITE-PATH-008"
    assert anim.runtimeAnimations == []
    scene.render()
    assert callable(mesh.getClassName)


def test_compat_class_target_refused() -> None:
    scene = _scene()
    anim = BABYLON.Animation("a", "BILLBOARDMODE_ALL", 60, 0)
    anim.setKeys([{"frame": 0, "value": 0.0}, {"frame": 60, "value": 0.0}])
    with pytest.raises(AnimationPathError) as exc:
        scene.beginDirectAnimation(BABYLON.TransformNode, [anim], 0, 60, False)
    assert _code(exc) == "LITE-PATH-008"
    assert BABYLON.TransformNode.BILLBOARDMODE_ALL == 7


def test_compat_legitimate_paths_still_play() -> None:
    scene = _scene()
    mesh = BABYLON.Mesh("m", scene)
    mesh.material = BABYLON.StandardMaterial("mat", scene)
    target = {"weights": {"k": 0.0}}
    anims = []
    for prop in ("position.x", "material.alpha"):
        a = BABYLON.Animation("a", prop, 60, 0)
        a.setKeys([{"frame": 0, "value": 0.5}, {"frame": 60, "value": 0.5}])
        anims.append(a)
    scene.beginDirectAnimation(mesh, anims, 0, 60, False)
    a = BABYLON.Animation("k", "weights.k", 60, 0)
    a.setKeys([{"frame": 0, "value": 0.25}, {"frame": 60, "value": 0.25}])
    scene.beginDirectAnimation(target, [a], 0, 60, False)
    scene.render()
    assert mesh.position.x == 0.5 and mesh.material.alpha == 0.5
    assert target["weights"]["k"] == 0.25
