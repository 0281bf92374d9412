"""Issue 27 item 11: hostile ``Animation.Parse`` / ``AnimationGroup.Parse`` inputs.

Every malformed field is refused at parse with a coded error naming it (``input_name``), before
anything is built: a refused ``AnimationGroup.Parse`` adds nothing to the scene. Group settings
go through the group setters' own checks (``speedRatio: "fast"`` is ``LITE-STATE-006`` at
parse, not at ``play()``).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite.errors import LiteError


def good_animation() -> dict[str, Any]:
    return {
        "name": "a",
        "property": "position",
        "framePerSecond": 60,
        "dataType": 1,
        "loopBehavior": 1,
        "keys": [{"frame": 0, "values": [0, 0, 0]}, {"frame": 60, "values": [1, 2, 3]}],
        "ranges": [{"name": "r", "from": 0, "to": 30}],
    }


def good_group() -> dict[str, Any]:
    return {
        "name": "g",
        "from": 0,
        "to": 60,
        "speedRatio": 1,
        "loopAnimation": False,
        "isAdditive": False,
        "weight": -1,
        "playOrder": 0,
        "enableBlending": False,
        "blendingSpeed": 0.01,
        "targetedAnimations": [{"animation": good_animation(), "targetId": "box"}],
    }


Edit = Callable[[dict[str, Any]], Any]


def _set(path: tuple[Any, ...], value: Any) -> Edit:
    def edit(d: dict[str, Any]) -> Any:
        owner: Any = d
        for part in path[:-1]:
            owner = owner[part]
        owner[path[-1]] = value
        return d

    return edit


def _drop(path: tuple[Any, ...]) -> Edit:
    def edit(d: dict[str, Any]) -> Any:
        owner: Any = d
        for part in path[:-1]:
            owner = owner[part]
        del owner[path[-1]]
        return d

    return edit


def _whole(value: Any) -> Edit:
    def edit(d: dict[str, Any]) -> Any:
        return value

    return edit


C = "LITE-COMPAT-026"
K0 = ("keys", 0)
#: (label, edit of a good serialized Animation, expected code)
ANIMATION_CASES: list[tuple[str, Edit, str]] = [
    ("not a dict", _whole([1, 2]), C),
    ("None", _whole(None), C),
    ("missing name", _drop(("name",)), C),
    ("name not str", _set(("name",), 5), C),
    ("missing property", _drop(("property",)), C),
    ("property not str", _set(("property",), ["position"]), C),
    ("empty property", _set(("property",), ""), C),
    ("empty segment", _set(("property",), "position..x"), C),
    ("dunder property", _set(("property",), "__class__.x"), "LITE-PATH-007"),
    ("missing fps", _drop(("framePerSecond",)), C),
    ("fps string", _set(("framePerSecond",), "60"), C),
    ("fps NaN", _set(("framePerSecond",), math.nan), C),
    ("fps inf", _set(("framePerSecond",), math.inf), C),
    ("fps negative", _set(("framePerSecond",), -60), C),
    ("fps zero", _set(("framePerSecond",), 0), C),
    ("missing dataType", _drop(("dataType",)), C),
    ("unknown dataType", _set(("dataType",), 42), C),
    ("dataType string", _set(("dataType",), "1"), C),
    ("dataType bool", _set(("dataType",), True), C),
    ("dataType float", _set(("dataType",), 1.5), C),
    ("loopBehavior unknown", _set(("loopBehavior",), 3), C),
    ("loopBehavior string", _set(("loopBehavior",), "cycle"), C),
    ("enableBlending string", _set(("enableBlending",), "yes"), C),
    ("blendingSpeed string", _set(("blendingSpeed",), "x"), C),
    ("missing keys", _drop(("keys",)), C),
    ("keys dict", _set(("keys",), {"0": 1}), C),
    ("keys string", _set(("keys",), "abc"), C),
    ("key not a dict", _set(K0, 3), C),
    ("key missing frame", _drop((*K0, "frame")), C),
    ("key frame string", _set((*K0, "frame"), "0"), C),
    ("key frame NaN", _set((*K0, "frame"), math.nan), C),
    ("key frame None", _set((*K0, "frame"), None), C),
    ("key missing values", _drop((*K0, "values")), C),
    ("key values short", _set((*K0, "values"), [1]), C),
    ("key values not list", _set((*K0, "values"), 1.0), C),
    ("key values strings", _set((*K0, "values"), ["a", "b", "c"]), C),
    ("key values NaN", _set((*K0, "values"), [0, math.nan, 0]), C),
    ("key values nested garbage", _set((*K0, "values"), [[1], {"x": 2}, None]), C),
    ("tangent garbage", _set((*K0, "values"), [0, 0, 0, "in", [1, 2, 3]]), C),
    ("ranges not list", _set(("ranges",), {"r": 1}), C),
    ("range missing to", _drop(("ranges", 0, "to")), C),
    ("range name int", _set(("ranges", 0, "name"), 3), C),
    ("range from string", _set(("ranges", 0, "from"), "0"), C),
]

#: (label, edit of a good serialized AnimationGroup, expected code)
GROUP_CASES: list[tuple[str, Edit, str]] = [
    ("not a dict", _whole("group"), C),
    ("missing name", _drop(("name",)), C),
    ("name None", _set(("name",), None), C),
    ("missing targetedAnimations", _drop(("targetedAnimations",)), C),
    ("targetedAnimations dict", _set(("targetedAnimations",), {"a": 1}), C),
    ("targeted not dict", _set(("targetedAnimations", 0), 7), C),
    ("targeted missing animation", _drop(("targetedAnimations", 0, "animation")), C),
    ("targeted animation garbage", _set(("targetedAnimations", 0, "animation"), [1]), C),
    ("targeted animation bad key", _set(("targetedAnimations", 0, "animation", "keys"), [5]), C),
    ("targetId list", _set(("targetedAnimations", 0, "targetId"), [1]), C),
    ("speedRatio string", _set(("speedRatio",), "fast"), "LITE-STATE-006"),
    ("speedRatio NaN", _set(("speedRatio",), math.nan), "LITE-STATE-006"),
    ("speedRatio inf", _set(("speedRatio",), math.inf), "LITE-STATE-006"),
    ("speedRatio None", _set(("speedRatio",), None), "LITE-STATE-006"),
    ("blendingSpeed string", _set(("blendingSpeed",), "x"), "LITE-STATE-045"),
    ("playOrder string", _set(("playOrder",), "first"), "LITE-STATE-045"),
    ("weight string", _set(("weight",), "heavy"), "LITE-STATE-003"),
    ("weight NaN", _set(("weight",), math.nan), "LITE-STATE-003"),
    ("from string", _set(("from",), "start"), "LITE-STATE-007"),
    ("to list", _set(("to",), [60]), "LITE-STATE-007"),
    ("loopAnimation string", _set(("loopAnimation",), "yes"), C),
    ("isAdditive int", _set(("isAdditive",), 1), C),
    ("enableBlending string", _set(("enableBlending",), "no"), C),
]


def _scene() -> Any:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    BABYLON.FreeCamera("cam", BABYLON.Vector3(0, 0, -5), scene)
    BABYLON.Mesh("box", scene)
    return scene


def test_table_is_large_enough() -> None:
    assert len(ANIMATION_CASES) + len(GROUP_CASES) >= 41


@pytest.mark.parametrize(
    ("label", "edit", "code"), ANIMATION_CASES, ids=[c[0] for c in ANIMATION_CASES]
)
def test_animation_parse_refuses(label: str, edit: Edit, code: str) -> None:
    data = edit(good_animation())
    with pytest.raises(LiteError) as exc:
        BABYLON.Animation.Parse(data)
    assert exc.value.code == code, label
    assert exc.value.input_name


@pytest.mark.parametrize(
    ("label", "edit", "code"),
    GROUP_CASES + [(f"animation {a}", e, c) for a, e, c in ANIMATION_CASES[2:]],
    ids=[c[0] for c in GROUP_CASES] + [f"animation {c[0]}" for c in ANIMATION_CASES[2:]],
)
def test_group_parse_refuses_and_adds_nothing(label: str, edit: Edit, code: str) -> None:
    scene = _scene()
    data = good_group()
    if label.startswith("animation "):
        edit(data["targetedAnimations"][0]["animation"])
    else:
        data = edit(data)
    groups = list(scene.animationGroups)
    with pytest.raises(LiteError) as exc:
        BABYLON.AnimationGroup.Parse(data, scene)
    assert exc.value.code == code, label
    assert exc.value.input_name
    assert scene.animationGroups == groups
    assert scene._activeAnimatables == []


def test_good_inputs_still_parse_and_play() -> None:
    scene = _scene()
    animation = BABYLON.Animation.Parse(good_animation())
    assert animation.getKeys()[1]["value"].asArray() == [1, 2, 3]
    group = BABYLON.AnimationGroup.Parse(copy.deepcopy(good_group()), scene)
    assert scene.animationGroups == [group] and group.speedRatio == 1
    group.play(False)
    scene.render()
    assert group.isPlaying
