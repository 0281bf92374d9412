"""Hostile arguments at lite_compat's public surface (issue 15, findings 4 and 11).

Two promises, table-driven. (1) A non-finite frame, delta, speed or frame rate never breaks a
scene: the facade writes what Babylon.js 9.31 writes (NaN, or the last key where Babylon's key
cache stands on it; recorded in parity/scenarios/compat_nonfinite) and keeps stepping.
(2) Every numeric argument takes Python and NumPy numbers alike, an int past the double range
is +-Infinity as in JavaScript, and anything else is refused with a coded ``LiteError`` that
names the input and has a hint, before anything changes. No other exception type escapes.
"""

from __future__ import annotations

import asyncio
import json
import math
import warnings
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from lite.errors import LiteError
from lite_compat import Animation, AnimationGroup, ImportMeshAsync, NullEngine, Scene

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

HOSTILE: dict[str, object] = {
    "zero": 0,
    "minus-zero": -0.0,
    "nan": math.nan,
    "inf": math.inf,
    "-inf": -math.inf,
    "1e308": 1e308,
    "denormal": 5e-324,
    "huge-int": 10**400,
    "-huge-int": -(10**400),
    "np.float32": np.float32(2.5),
    "np.int64": np.int64(3),
    "np.float64": np.float64(7.0),
    "str": "3",
    "None": None,
    "bool": True,
    "list": [1],
}


def _animation(fps: Any = 30) -> Animation:
    x = Animation("x", "x", fps, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys([{"frame": 0, "value": 0}, {"frame": 20, "value": 4}, {"frame": 40, "value": -4}])
    return x


def _group(scene: Scene, target: object, fps: Any = 30) -> AnimationGroup:
    group = AnimationGroup("g", scene)
    group.addTargetedAnimation(_animation(fps), target)
    return group


def _keys(frame: Any = 40, value: Any = 1) -> Animation:
    a = Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    a.setKeys([{"frame": 0, "value": 0}, {"frame": frame, "value": value}])
    return a


Call = Callable[[Scene, SimpleNamespace, Any], object]

#: name -> call with the hostile value in one argument. Each runs on a fresh scene.
SURFACE: dict[str, Call] = {
    "Animation(framePerSecond)": lambda s, t, v: s.beginDirectAnimation(
        t, [_animation(v)], 0, 40, True
    ),
    "Animation.setKeys frame": lambda s, t, v: s.beginDirectAnimation(t, [_keys(frame=v)], 0, 40),
    "Animation.setKeys value": lambda s, t, v: s.beginDirectAnimation(t, [_keys(value=v)], 0, 40),
    "Animation.TransitionTo duration": lambda s, t, v: Animation.TransitionTo(
        "x", 1.0, t, s, 30, Animation("x", "x", 30, 0), v
    ),
    "Animation.TransitionTo frameRate": lambda s, t, v: Animation.TransitionTo(
        "x", 1.0, t, s, v, Animation("x", "x", 30, 0), 100
    ),
    "Scene.beginDirectAnimation from": lambda s, t, v: s.beginDirectAnimation(
        t, [_animation()], v, 40, True
    ),
    "Scene.beginDirectAnimation to": lambda s, t, v: s.beginDirectAnimation(
        t, [_animation()], 0, v, True
    ),
    "Scene.beginDirectAnimation speedRatio": lambda s, t, v: s.beginDirectAnimation(
        t, [_animation()], 0, 40, True, v
    ),
    "Scene.beginAnimation speedRatio": lambda s, t, v: (
        setattr(t, "animations", [_animation()]),
        s.beginAnimation(t, 0, 40, True, v),
    ),
    "Scene._animate customDeltaTime": lambda s, t, v: (
        s.beginDirectAnimation(t, [_animation()], 0, 40, True),
        s._animate(v),
    ),
    "Animatable.goToFrame": lambda s, t, v: s.beginDirectAnimation(
        t, [_animation()], 0, 40, True
    ).goToFrame(v),
    "Animatable.speedRatio": lambda s, t, v: setattr(
        s.beginDirectAnimation(t, [_animation()], 0, 40, True), "speedRatio", v
    ),
    "Animatable.weight": lambda s, t, v: setattr(
        s.beginDirectAnimation(t, [_animation()], 0, 40, True), "weight", v
    ),
    "AnimationGroup(weight)": lambda s, t, v: AnimationGroup("g", s, v),
    "AnimationGroup(playOrder)": lambda s, t, v: AnimationGroup("g", s, -1, v),
    "AnimationGroup.start speedRatio": lambda s, t, v: _group(s, t).start(True, v),
    "AnimationGroup.start from": lambda s, t, v: _group(s, t).start(True, 1, v, 40),
    "AnimationGroup.start to": lambda s, t, v: _group(s, t).start(True, 1, 0, v),
    "AnimationGroup.goToFrame": lambda s, t, v: _group(s, t).play(True).goToFrame(v),
    "AnimationGroup.speedRatio": lambda s, t, v: setattr(_group(s, t), "speedRatio", v),
    "AnimationGroup.weight": lambda s, t, v: setattr(_group(s, t), "weight", v),
    "AnimationGroup.playOrder": lambda s, t, v: setattr(_group(s, t), "playOrder", v),
    "AnimationGroup.blendingSpeed": lambda s, t, v: setattr(_group(s, t), "blendingSpeed", v),
    "AnimationGroup.normalize beginFrame": lambda s, t, v: _group(s, t).normalize(v, 40),
    "AnimationGroup.normalize endFrame": lambda s, t, v: _group(s, t).normalize(0, v),
    "AnimationGroup.getLength (fps)": lambda s, t, v: _group(s, t, v).getLength(),
    "AnimationGroup.getLength from": lambda s, t, v: _group(s, t).getLength(v),
}


def _refusal(call: Callable[[], object]) -> LiteError | None:
    """The ``LiteError`` ``call`` raises, or None; any other exception fails the test."""
    try:
        call()
    except LiteError as exc:
        return exc
    return None


def _world() -> tuple[Scene, SimpleNamespace]:
    return Scene(NullEngine()), SimpleNamespace(x=5.0)


@pytest.mark.parametrize("value_name", list(HOSTILE))
@pytest.mark.parametrize("call_name", list(SURFACE))
def test_hostile_argument_is_taken_or_refused_with_a_code(call_name: str, value_name: str) -> None:
    scene, target = _world()
    exc = _refusal(lambda: SURFACE[call_name](scene, target, HOSTILE[value_name]))
    if exc is not None:
        assert exc.code.startswith(("LITE-COMPAT-", "LITE-STATE-", "LITE-ANIM-")), exc.code
        assert exc.hint, f"{call_name}({value_name}): {exc.code} has no hint"
        assert exc.input_name, f"{call_name}({value_name}): {exc.code} names no input"
        assert value_name not in {"np.float32", "np.int64", "np.float64"} or exc.code not in {
            "LITE-COMPAT-001"
        }, f"{call_name} refuses a NumPy number"
        assert target.x == 5.0, "a refused call wrote the target"
    # Whatever was accepted, the scene keeps stepping without raising.
    for _ in range(3):
        scene._animate(16)


@pytest.mark.parametrize("call_name", list(SURFACE))
@pytest.mark.parametrize(
    ("numpy_value", "python_value"),
    [(np.float32(2.5), 2.5), (np.int64(3), 3), (np.float64(7.0), 7.0)],
)
def test_numpy_scalars_behave_as_python_numbers(
    call_name: str, numpy_value: object, python_value: object
) -> None:
    results = []
    for value in (numpy_value, python_value):
        scene, target = _world()
        exc = _refusal(lambda: SURFACE[call_name](scene, target, value))  # noqa: B023
        outcome = "ok" if exc is None else exc.code
        trace = []
        for _ in range(4):
            scene._animate(16)
            trace.append(target.x)
        results.append((outcome, trace))
    assert results[0] == results[1]


@pytest.mark.parametrize("value_name", ["str", "None", "list"])
def test_a_refused_key_list_changes_nothing(value_name: str) -> None:
    animation = _animation()
    before = animation.getKeys()
    with pytest.raises(LiteError) as exc:
        animation.setKeys([{"frame": 0, "value": 0}, {"frame": HOSTILE[value_name], "value": 1}])
    assert exc.value.code == "LITE-COMPAT-001"
    assert exc.value.input_name == "keys[1].frame"
    assert animation.getKeys() is before


def test_frame_rate_zero_divides_as_javascript() -> None:
    scene, target = _world()
    group = _group(scene, target, 0)
    assert group.getLength() == math.inf  # (40 - 0) / (0 * 1) in JavaScript
    other = SimpleNamespace(x=5.0)
    animatable = scene.beginDirectAnimation(other, [_animation(0)], 0, 40, True)
    scene._animate(16)
    assert other.x == 0  # Babylon.js 9.31 writes the first key at fps 0 (compat_nonfinite)
    animatable.goToFrame(20)  # delay (20 - 0) / 0 * 1000: JavaScript division, no error
    scene._animate(16)


# -- finding 4: one bad frame never breaks the scene -------------------------------------------


def _loop(scene: Scene, target: object) -> Any:
    animatable = scene.beginDirectAnimation(target, [_animation()], 0, 40, True)
    scene._animate(16)
    return animatable


BAD_FRAMES: dict[str, tuple[Callable[[Scene, SimpleNamespace], object], float]] = {
    # name -> (the bad call, what Babylon.js 9.31 then writes on every later step)
    "_animate(nan)": (lambda s, t: (_loop(s, t), s._animate(math.nan)), math.nan),
    "_animate(inf)": (lambda s, t: (_loop(s, t), s._animate(math.inf)), math.nan),
    "Animatable.goToFrame(inf)": (lambda s, t: _loop(s, t).goToFrame(math.inf), -4.0),
    "Animatable.goToFrame(-inf)": (lambda s, t: _loop(s, t).goToFrame(-math.inf), math.nan),
    "Animatable.goToFrame(nan)": (lambda s, t: _loop(s, t).goToFrame(math.nan), math.nan),
    "AnimationGroup.goToFrame(inf)": (
        lambda s, t: (lambda g: (g.play(True), s._animate(16), g.goToFrame(math.inf)))(
            _group(s, t)
        ),
        -4.0,
    ),
    "Animatable.speedRatio = nan": (
        lambda s, t: setattr(_loop(s, t), "speedRatio", math.nan),
        math.nan,
    ),
    "speedRatio inf": (
        lambda s, t: s.beginDirectAnimation(t, [_animation()], 0, 40, True, math.inf),
        math.nan,
    ),
    "framePerSecond nan": (
        lambda s, t: s.beginDirectAnimation(t, [_animation(math.nan)], 0, 40, True),
        math.nan,
    ),
    "framePerSecond inf": (
        lambda s, t: s.beginDirectAnimation(t, [_animation(math.inf)], 0, 40, True),
        math.nan,
    ),
}


@pytest.mark.parametrize("case", list(BAD_FRAMES))
def test_a_non_finite_frame_writes_what_babylon_writes_and_the_scene_carries_on(
    case: str,
) -> None:
    scene, target = _world()
    bad_call, expected = BAD_FRAMES[case]
    bad_call(scene, target)
    # A later animatable also steps (under a NaN scene clock it writes NaN, as in Babylon).
    scene.beginDirectAnimation(SimpleNamespace(x=5.0), [_animation()], 0, 40, True)
    for _ in range(5):
        scene._animate(16)  # raised LITE-STATE-007 on every step before the fix
        if math.isnan(expected):
            assert math.isnan(target.x)
        else:
            assert target.x == expected


def test_group_refuses_nan_up_front_and_changes_nothing() -> None:
    scene, target = _world()
    group = _group(scene, target)
    group.play(True)
    scene._animate(16)
    before = target.x
    for attempt in (lambda: group.goToFrame(math.nan), lambda: setattr(group, "speedRatio", 1e999)):
        with pytest.raises(LiteError) as exc:
            attempt()
        assert exc.value.code in {"LITE-STATE-006", "LITE-STATE-007"}
        assert exc.value.hint
    assert target.x == before
    scene._animate(16)
    assert math.isfinite(target.x)


# -- the compat loader: an odd pointer index is skipped with Babylon's warning -----------------


@pytest.mark.parametrize("index", ["²", "x", "-1", ""])
def test_compat_loader_skips_a_non_ascii_pointer_index(tmp_path: Path, index: str) -> None:
    doc = json.loads((FIXTURES / "pointer_material_embedded.gltf").read_text("utf-8"))
    ext = doc["animations"][0]["channels"][1]["target"]["extensions"]["KHR_animation_pointer"]
    ext["pointer"] = f"/nodes/{index}/translation"
    path = tmp_path / "odd_index.gltf"
    path.write_text(json.dumps(doc), "utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asyncio.run(ImportMeshAsync(str(path), Scene(NullEngine())))  # was a bare ValueError
    assert {getattr(w.message, "code", None) for w in caught} == {"LITE-GLTF-W01"}
