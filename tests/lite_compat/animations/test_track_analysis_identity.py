"""The planner's cached per-animation analysis, reused when every object its signature reads
is the same object (``track_analysis._identity``, and the word guard of those objects that
skips it, ``track_analysis._ident_guard``): over seeded random key edits between planning
passes, the analysis returned is always the one of the animation's current signature, as if
the signature were taken every time, with the guard on and off.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lite_compat import Animation
from lite_compat.animations import track_analysis
from lite_compat.animations.object_words import SUPPORTED, set_word_guard
from tests.lite_compat._support import random_keyed_animation


def _edit(rng: random.Random, animation: Any) -> None:
    keys = animation.getKeys()
    key = rng.choice(keys)
    edit = rng.randrange(12)
    value = key["value"]
    if edit == 0 and key["frame"] == 0:
        key["frame"] = -0.0  # equal, but written as -0
    elif edit == 1:
        key["frame"] = int(key["frame"])  # equal, another type
    elif edit == 2 and not isinstance(value, float):
        value.x = rng.random()  # a component in place
    elif edit == 3 and not isinstance(value, float):
        value.x = float(value.x)  # the same number in a new object
    elif edit == 4:
        key["value"] = value  # the same object: no change
    elif edit == 5:
        keys[keys.index(key)] = dict(key)  # an equal dict in its place
    elif edit == 6:
        key["interpolation"] = 1  # a STEP key
    elif edit == 7:
        animation.name = "b"
    elif edit == 8:
        animation.targetProperty = "scaling" if animation.targetProperty == "position" else "y"
    elif edit == 9:
        animation.setKeys([dict(k) for k in keys])  # an equal list of equal keys
    elif edit == 10 and not isinstance(value, float):
        key["value"] = value.clone()  # an equal value in another object
    else:
        keys.append({"frame": 99.0, "value": value})


@pytest.fixture(params=[True, False], ids=["guard", "no-guard"])
def word_guard(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    # (Guards made at once, not after thousands of identity entries read.)
    monkeypatch.setattr(track_analysis, "_GUARD_AFTER", 0)
    previous = set_word_guard(request.param)
    yield request.param
    set_word_guard(previous)


@pytest.mark.parametrize("seed", range(40))
def test_reused_analysis_matches_the_current_signature(seed: int, word_guard: bool) -> None:
    rng = random.Random(seed)
    animations = [random_keyed_animation(rng) for _ in range(3)]
    reused = 0
    for _round in range(12):
        track_analysis._PASS[0] = next(track_analysis._PASSES)
        for animation in animations:
            before = getattr(animation, "_litePlanAnalysis", None)
            analysis = track_analysis._analysis(animation)
            assert analysis.signature == track_analysis._signature(animation)
            reused += analysis is before
        if rng.random() < 0.7:
            _edit(rng, rng.choice(animations))
    track_analysis._PASS[0] = -1
    assert reused > 0


def test_unchanged_keys_skip_the_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    animation = random_keyed_animation(random.Random(1))
    track_analysis._PASS[0] = next(track_analysis._PASSES)
    first = track_analysis._analysis(animation)
    calls = []
    original = track_analysis._signature

    def spy(a: Animation) -> tuple[object, ...]:
        calls.append(a)
        return original(a)

    monkeypatch.setattr(track_analysis, "_signature", spy)
    # The first analysis of plain keys keeps no identity list: the second pass takes the
    # signature once (and the identity list); from then on unchanged keys skip it.
    track_analysis._PASS[0] = next(track_analysis._PASSES)
    assert track_analysis._analysis(animation) is first
    assert len(calls) <= 1
    calls.clear()
    for _ in range(3):
        track_analysis._PASS[0] = next(track_analysis._PASSES)
        assert track_analysis._analysis(animation) is first
    assert calls == []
    track_analysis._PASS[0] = -1


@pytest.mark.skipif(not SUPPORTED, reason="the word guard does not read this interpreter")
def test_guarded_keys_skip_the_identity_list(monkeypatch: pytest.MonkeyPatch) -> None:
    animation = random_keyed_animation(random.Random(2))
    track_analysis._PASS[0] = next(track_analysis._PASSES)
    first = track_analysis._analysis(animation)
    # No guard until the identity entries read outweigh making one.
    reads = 0
    while first.guard is None:
        track_analysis._PASS[0] = next(track_analysis._PASSES)
        assert track_analysis._analysis(animation) is first
        reads += 1
    ident = first.ident
    assert ident is not None
    assert reads * len(ident) >= track_analysis._GUARD_AFTER
    calls = []
    original = track_analysis._identity

    def spy(a: Animation) -> list[object] | None:
        calls.append(a)
        return original(a)

    monkeypatch.setattr(track_analysis, "_identity", spy)
    for _ in range(3):
        track_analysis._PASS[0] = next(track_analysis._PASSES)
        assert track_analysis._analysis(animation) is first
    assert calls == []
    # An edit moves a word: the identity list is read again (and the signature decides).
    animation.getKeys()[0]["frame"] = 0.5
    track_analysis._PASS[0] = next(track_analysis._PASSES)
    analysis = track_analysis._analysis(animation)
    assert calls == [animation]
    assert analysis.signature == track_analysis._signature(animation)
    assert analysis is not first
    track_analysis._PASS[0] = -1
