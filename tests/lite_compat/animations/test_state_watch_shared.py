"""``KeyStateWatch`` over rows that share animations (clones of one animation group).

The watch checks each distinct animation once; its answer must be the one of checking every
row's animation (``_KeyState.differs`` and the key list, count and frame rate of each), over
seeded random edits of the keys scripts make between frames.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lite_compat import Animation, Vector3
from lite_compat.animations.state import KeyStateWatch, _KeyState, state_version


def _animation(rng: random.Random, vector: bool) -> Animation:
    kind = Animation.ANIMATIONTYPE_VECTOR3 if vector else Animation.ANIMATIONTYPE_FLOAT
    animation = Animation("a", "position" if vector else "x", 30, kind)
    keys = []
    for i in range(rng.randint(2, 6)):
        value: Any = Vector3(rng.random(), rng.random(), rng.random()) if vector else rng.random()
        keys.append({"frame": i * 10, "value": value})
    animation.setKeys(keys)
    return animation


def _reference(animations: list[Any]) -> bool:
    for animation in animations:
        state: _KeyState = animation._liteKeyState
        if (
            animation._keys is not state.keys
            or len(animation._keys) != state.count
            or animation.framePerSecond != state.fps
            or state.differs(animation)
        ):
            return False
    return True


def _edit(rng: random.Random, animation: Any) -> None:
    keys = animation._keys
    key = rng.choice(keys)
    edit = rng.randrange(6)
    if edit == 0:
        key["frame"] = key["frame"] + 0.5
    elif edit == 1:
        value = key["value"]
        if isinstance(value, Vector3):
            value.x = rng.random()
        else:
            key["value"] = rng.random()
    elif edit == 2:
        key["value"] = key["value"]  # the same object again: no change
    elif edit == 3:
        keys[keys.index(key)] = dict(key)  # an equal dict in its place: no change
    elif edit == 4:
        animation.framePerSecond = 60
    else:
        value = key["value"]
        if isinstance(value, Vector3):
            value.y = float(value.y)  # the same number: no change


@pytest.mark.parametrize("seed", range(40))
def test_shared_rows_answer_as_every_row(seed: int) -> None:
    rng = random.Random(seed)
    distinct = [_animation(rng, rng.random() < 0.5) for _ in range(rng.randint(1, 5))]
    rows = [rng.choice(distinct) for _ in range(rng.randint(2, 30))]
    versions = [state_version(a) for a in rows]
    watch = KeyStateWatch.build(rows, versions)
    assert watch is not None
    assert len(watch.animations) == len({id(a) for a in rows})
    assert watch.fresh() is True
    if rng.random() < 0.7:
        _edit(rng, rng.choice(rows))
    assert watch.fresh() is _reference(rows)
