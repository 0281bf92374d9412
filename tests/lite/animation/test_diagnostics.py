"""Structured diagnostics: each skipped-channel fact once, to every subscriber."""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any

import numpy as np
import pytest

import lite
from lite.animation.diagnostics import DiagnosticScope, emit_animation_diagnostic
from lite.errors import LiteError, LiteWarning
from tests.lite._gltf_util import FIXTURES, embedded_json, load_doc


def _broken_doc() -> dict[str, Any]:
    """two_skeletons with channel 0 on a missing node and channel 1 on a missing sampler."""
    doc = embedded_json("two_skeletons")
    doc["animations"][0]["channels"][0]["target"]["node"] = 42
    doc["animations"][0]["channels"][1]["sampler"] = 99
    return doc


def test_a_malformed_file_reports_each_fact_once_as_a_structured_object() -> None:
    seen: list[lite.AnimationDiagnostic] = []
    unsubscribe = lite.subscribe_animation_diagnostics(seen.append)
    try:
        with pytest.warns(LiteWarning) as record:
            asset = load_doc(_broken_doc())
    finally:
        unsubscribe()
    assert sorted((d.code, d.detail["reason"], d.detail["channel"]) for d in seen) == [
        ("LITE-GLTF-W04", "target-missing", 0),
        ("LITE-GLTF-W06", "sampler-missing", 1),
    ]
    for d in seen:
        assert d.hint and d.message
        assert d.detail["asset"] == "<bytes>" and d.detail["clip"] == 0
        with pytest.raises(TypeError):
            d.detail["reason"] = "x"  # type: ignore[index]
    # Console: one warning per animation and code.
    assert sorted(w.message.code for w in record) == ["LITE-GLTF-W04", "LITE-GLTF-W06"]  # type: ignore[union-attr]
    authored = len(embedded_json("two_skeletons")["animations"][0]["channels"])
    assert len(asset.animation_data.clips[0].channels) == authored - 2


def test_unsubscribed_listeners_hear_nothing_and_a_second_read_reports_again() -> None:
    first: list[lite.AnimationDiagnostic] = []
    second: list[lite.AnimationDiagnostic] = []
    stop_first = lite.subscribe_animation_diagnostics(first.append)
    stop_second = lite.subscribe_animation_diagnostics(second.append)
    with pytest.warns(LiteWarning):
        load_doc(_broken_doc())
    stop_first()
    stop_first()  # harmless twice
    with pytest.warns(LiteWarning):
        load_doc(_broken_doc())  # a new read: its facts are new
    stop_second()
    assert len(first) == 2
    assert len(second) == 4


def test_a_listener_that_raises_never_stops_the_load() -> None:
    def boom(_: lite.AnimationDiagnostic) -> None:
        raise RuntimeError("listener bug")

    unsubscribe = lite.subscribe_animation_diagnostics(boom)
    try:
        with pytest.warns(LiteWarning) as record:
            asset = load_doc(_broken_doc())
    finally:
        unsubscribe()
    assert "LITE-ANIM-W04" in {w.message.code for w in record}  # type: ignore[union-attr]
    assert asset.animation_groups


def test_a_listener_must_be_callable() -> None:
    with pytest.raises(LiteError) as exc:
        lite.subscribe_animation_diagnostics("print")  # type: ignore[arg-type]
    assert exc.value.code == "LITE-ANIM-040" and exc.value.hint


def test_the_same_fact_is_emitted_once_per_scope() -> None:
    seen: list[lite.AnimationDiagnostic] = []
    unsubscribe = lite.subscribe_animation_diagnostics(seen.append)
    scope = DiagnosticScope("a.glb")
    detail = {"asset": "a.glb", "clip": 0, "channel": 3, "target": 7, "reason": "target-missing"}
    try:
        assert emit_animation_diagnostic(scope, "LITE-GLTF-W04", "h", "m", detail)
        for _ in range(1000):  # a fact found every frame is still one fact
            assert not emit_animation_diagnostic(scope, "LITE-GLTF-W04", "h", "m", detail)
        assert emit_animation_diagnostic(scope, "LITE-GLTF-W04", "h", "m", {**detail, "channel": 4})
        scope.reset()
        assert emit_animation_diagnostic(scope, "LITE-GLTF-W04", "h", "m", detail)
    finally:
        unsubscribe()
    assert len(seen) == 3


def test_a_clip_bound_to_an_asset_that_lacks_its_targets_skips_them_once() -> None:
    """A clip made for another rig (or edited by hand) is checked where it is bound: the
    channels its asset cannot play are skipped, one fact each, one warning per group and
    reason; the valid channels play and no frame reports again."""
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    clip = asset.animation_data.clips[0]
    good = clip.channels[0]
    bad = [
        dataclasses.replace(good, node_idx=500),
        dataclasses.replace(good, node_idx=501),
        dataclasses.replace(good, sampler_idx=77),
        lite.AnimationChannel(0, -1, lite.PATH_POINTER, "/materials/9/alphaCutoff"),
    ]
    edited = dataclasses.replace(clip, channels=(*clip.channels, *bad))
    data = dataclasses.replace(asset.animation_data, clips=(edited,))
    data.diagnostics.label = "edited"
    seen: list[lite.AnimationDiagnostic] = []
    unsubscribe = lite.subscribe_animation_diagnostics(seen.append)
    try:
        with pytest.warns(LiteWarning) as record:
            groups = lite.create_animation_groups(data)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            again = lite.create_animation_groups(data)  # the same facts: silent
            manager = lite.create_animation_manager()
            lite.add_animation_groups(manager, groups)
            before = asset.pose.local.copy()
            for _ in range(100):
                lite.update_animation_manager(manager, 16.0)
    finally:
        unsubscribe()
    assert sorted(w.message.code for w in record) == ["LITE-GLTF-W07"] * 2  # type: ignore[union-attr]
    assert sorted(d.detail["reason"] for d in seen) == [
        "sampler-missing",
        "target-missing",
        "target-missing",
        "target-missing",
    ]
    assert {d.detail["player"] for d in seen} == {clip.name}
    assert {d.detail["asset"] for d in seen} == {"edited"}
    assert len(groups[0]._ctrl.clip.channels) == len(clip.channels)  # type: ignore[union-attr]
    assert len(again[0]._ctrl.clip.channels) == len(clip.channels)  # type: ignore[union-attr]
    assert not np.array_equal(before, asset.pose.local)  # the valid channels played


def test_a_clip_whose_channels_all_play_is_bound_as_is() -> None:
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    for clip, group in zip(asset.animation_data.clips, asset.animation_groups, strict=True):
        assert group._ctrl.clip is clip  # type: ignore[union-attr]
