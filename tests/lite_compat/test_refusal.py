"""Refused Babylon.js members: one test per reason (code, message naming member and reason)."""

from __future__ import annotations

import pytest

import lite
from lite.errors import ERROR_CODES
from lite_compat import Animation, NullEngine, Scene
from lite_compat._refusal import INPUT, NETWORK, REASONS, RENDERING, Refused, refusal_of


@pytest.fixture
def scene() -> Scene:
    return Scene(NullEngine())


def test_rendering_member_raises_021(scene: Scene) -> None:
    with pytest.raises(lite.UnsupportedError) as caught:
        scene.enableDepthRenderer()
    assert caught.value.code == "LITE-COMPAT-021" == RENDERING.code
    assert "Scene.enableDepthRenderer" in str(caught.value)
    assert caught.value.input_name == "Scene.enableDepthRenderer"
    assert caught.value.hint


def test_input_member_raises_022(scene: Scene) -> None:
    with pytest.raises(lite.UnsupportedError) as caught:
        scene.onPointerObservable.add(lambda *_: None)
    assert caught.value.code == "LITE-COMPAT-022" == INPUT.code
    assert "Scene.onPointerObservable" in str(caught.value)


def test_network_static_raises_023_on_the_class() -> None:
    with pytest.raises(lite.UnsupportedError) as caught:
        Animation.ParseFromSnippetAsync("ABC123")
    assert caught.value.code == "LITE-COMPAT-023" == NETWORK.code
    assert "Animation.ParseFromSnippetAsync" in str(caught.value)


def test_instance_refusal_reads_as_the_descriptor_on_the_class() -> None:
    assert isinstance(Scene.enableDepthRenderer, Refused)
    found = refusal_of(Scene, "onKeyboardObservable")
    assert found is not None
    assert found.reason is INPUT
    assert found.member == "Scene.onKeyboardObservable"
    assert refusal_of(Scene, "render") is None
    assert refusal_of(Scene, "noSuchMember") is None


def test_every_reason_has_a_registered_code() -> None:
    for reason in REASONS.values():
        assert reason.code in ERROR_CODES
