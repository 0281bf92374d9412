"""The key state's word guard (``state._KeyState.guard``): while the words its last approving
comparison read are unchanged it answers for that comparison. Over seeded random key edits
(in place, replaced, equal objects written again, list edits) the key state versions seen
with the guard made at once are the versions seen with the guard off, call for call.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lite_compat.animations import state
from lite_compat.animations.object_words import SUPPORTED, set_word_guard
from tests.lite_compat._support import random_keyed_animation


def _edit(rng: random.Random, animation: Any) -> None:
    keys = animation.getKeys()
    key = rng.choice(keys)
    edit = rng.randrange(10)
    value = key["value"]
    if edit == 0:
        key["frame"] = float(key["frame"])  # an equal number in a new object
    elif edit == 1:
        key["frame"] = key["frame"] + 0.5
    elif edit == 2 and not isinstance(value, float):
        value.x = rng.random()  # a component in place
    elif edit == 3 and not isinstance(value, float):
        value.x = float(value.x)  # the same number in a new object
    elif edit == 4:
        key["value"] = value  # the same object: no change
    elif edit == 5:
        keys[keys.index(key)] = dict(key)  # an equal dict in its place
    elif edit == 6:
        key["interpolation"] = 1
    elif edit == 7 and not isinstance(value, float):
        key["value"] = value.clone()  # an equal value in another object
    elif edit == 8:
        animation.framePerSecond = animation.framePerSecond + 1
    else:
        keys[-1] = {"frame": keys[-1]["frame"], "value": value}


def _versions(seed: int) -> list[int]:
    rng = random.Random(seed)
    animations = [random_keyed_animation(rng) for _ in range(3)]
    seen = []
    for _round in range(30):
        for animation in animations:
            seen.append(state.state_version(animation))
            seen.append(state.state_version(animation))
        if rng.random() < 0.5:
            _edit(rng, rng.choice(animations))
    return seen


@pytest.mark.skipif(not SUPPORTED, reason="the word guard does not read this interpreter")
@pytest.mark.parametrize("seed", range(30))
def test_guarded_versions_match_the_comparison(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Any] = []
    original = state._KeyState._guard

    def spy(self: Any, keys: list[Any]) -> Any:
        guard = original(self, keys)
        made.append(guard)
        return guard

    monkeypatch.setattr(state._KeyState, "_guard", spy)
    monkeypatch.setattr(state, "_GUARD_AFTER", 0)
    guarded = _versions(seed)
    assert any(g is not None for g in made)
    previous = set_word_guard(False)
    try:
        plain = _versions(seed)
    finally:
        set_word_guard(previous)
    assert guarded == plain


def test_no_guard_for_a_few_keys_compared_a_few_times() -> None:
    animation = random_keyed_animation(random.Random(3))
    for _ in range(10):
        state.state_version(animation)
    key_state = animation._liteKeyState  # type: ignore[attr-defined]
    assert key_state.guard is None
