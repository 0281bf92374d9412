"""Animatable details not covered by the parity scenarios."""

from __future__ import annotations

from types import SimpleNamespace

from lite_compat.animations.animatable import _is_scene
from lite_compat.engines.engine_store import NullEngine, SceneLike
from lite_compat.scene.scene import Scene


def test_the_fast_scene_test_agrees_with_the_protocol() -> None:
    scene = Scene(NullEngine())
    almost = SimpleNamespace(
        _activeAnimatables=[],
        beginDirectAnimation=print,
        getAnimatableByTarget=print,
        stopAnimation=None,
    )
    lacking = SimpleNamespace(_activeAnimatables=[], beginDirectAnimation=print)
    for value in (scene, almost, lacking, SimpleNamespace(), None, 3):
        assert _is_scene(value) == isinstance(value, SceneLike), value
    almost.stopAnimation = print
    assert _is_scene(almost) and isinstance(almost, SceneLike)
