"""Animation without a data type, and keys given as plain arrays (issue 29 item 13).

Babylon Lite's compat unit tests (packages/babylon-lite-compat/tests/animation.test.ts) build
``new Animation(name, path, fps)`` with no data type and give array values; the values asserted
here are theirs (a float ramp 0..10 evaluated at -5, 5, 10, 20; ``[0, 0, 0]``..``[10, 20, 30]``
at frame 5). Babylon.js 9.31 defines no result for a missing data type.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from lite.errors import KeyframeError
from lite_compat import (
    Animation,
    Color3,
    Color4,
    Matrix,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector2,
    Vector3,
)
from lite_compat.animations.key_types import infer_data_type


def test_a_float_animation_without_a_data_type() -> None:
    anim = Animation("a", "position.x", 60)
    assert anim.dataType is None  # Babylon's undefined until keys are given
    anim.setKeys([{"frame": 0, "value": 0}, {"frame": 10, "value": 10}])
    assert anim.dataType == Animation.ANIMATIONTYPE_FLOAT
    assert [anim.evaluate(f) for f in (-5, 5, 10, 20)] == [0, 5, 10, 10]


@pytest.mark.parametrize("data_type", [None, Animation.ANIMATIONTYPE_VECTOR3])
def test_vector_keys_given_as_plain_arrays(data_type: int | None) -> None:
    anim = Animation("a", "position", 60, data_type)
    keys: list[dict[str, Any]] = [
        {"frame": 0, "value": [0, 0, 0]},
        {"frame": 10, "value": (10, 20, 30)},
    ]
    anim.setKeys(keys)
    assert anim.dataType == Animation.ANIMATIONTYPE_VECTOR3
    value = anim.evaluate(5)
    assert isinstance(value, Vector3) and value.asArray() == [5, 10, 15]
    assert isinstance(keys[0]["value"], Vector3)  # converted once, in setKeys


def test_plain_array_keys_play_on_a_node() -> None:
    scene = Scene(NullEngine())
    node = TransformNode("n", scene)
    anim = Animation("a", "position", 60)
    anim.setKeys([{"frame": 0, "value": [0, 0, 0]}, {"frame": 60, "value": [6, 12, 18]}])
    scene.beginDirectAnimation(node, [anim], 0, 60, False)
    scene._animate(16)  # the first step starts the clock at frame 0
    scene._animate(500)  # 30 frames in
    assert node.position.asArray() == pytest.approx([3, 6, 9])


@pytest.mark.parametrize(
    ("value", "name", "expected"),
    [
        (1.5, "x", Animation.ANIMATIONTYPE_FLOAT),
        (np.float32(2), "x", Animation.ANIMATIONTYPE_FLOAT),
        (lambda: 1.0, "x", Animation.ANIMATIONTYPE_FLOAT),
        (Vector3(), "position", Animation.ANIMATIONTYPE_VECTOR3),
        (Vector2(), "uv", Animation.ANIMATIONTYPE_VECTOR2),
        (Quaternion(), "rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION),
        (Color3(), "diffuseColor", Animation.ANIMATIONTYPE_COLOR3),
        (Color4(), "color", Animation.ANIMATIONTYPE_COLOR4),
        (Matrix(), "_matrix", Animation.ANIMATIONTYPE_MATRIX),
        ([1, 2], "uv", Animation.ANIMATIONTYPE_VECTOR2),
        ([1, 2, 3], "scaling", Animation.ANIMATIONTYPE_VECTOR3),
        ([1, 0, 0], "diffuseColor", Animation.ANIMATIONTYPE_COLOR3),
        ([0, 0, 0, 1], "rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION),
        ([1, 1, 1, 1], "color", Animation.ANIMATIONTYPE_COLOR4),
        (np.arange(16.0), "_matrix", Animation.ANIMATIONTYPE_MATRIX),
        ([1, 2, 3, 4, 5], "x", None),
        ("text", "x", None),
    ],
)
def test_the_data_type_a_first_value_implies(value: Any, name: str, expected: int | None) -> None:
    assert infer_data_type(value, name) == expected


def test_bad_plain_arrays_are_refused_before_anything_changes() -> None:
    anim = Animation("a", "position", 60, Animation.ANIMATIONTYPE_VECTOR3)
    keys: list[dict[str, Any]] = [{"frame": 0, "value": [0, 0, 0]}, {"frame": 1, "value": [1, 2]}]
    with pytest.raises(KeyframeError) as exc:
        anim.setKeys(keys)
    assert (exc.value.code, exc.value.input_name) == ("LITE-ANIM-005", "keys[1].value")
    assert keys[0]["value"] == [0, 0, 0] and anim.getKeys() == []
    untyped = Animation("b", "x", 60)
    with pytest.raises(KeyframeError) as exc:
        untyped.setKeys([{"frame": 0, "value": "text"}])
    assert exc.value.code == "LITE-ANIM-005" and untyped.dataType is None
