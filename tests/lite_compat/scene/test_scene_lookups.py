"""Scene lookups and Babylon's tag query evaluator (SceneLookups)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lite_compat import Mesh, NullEngine, Scene, TransformNode
from lite_compat.scene.scene_lookups import matches_tags_query


def tagged(**tags: bool) -> SimpleNamespace:
    return SimpleNamespace(_tags=dict(tags))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (None, True),
        ("", True),
        ("red", True),
        ("blue", False),
        ("red && big", True),
        ("red && !big", False),
        ("!blue", True),
        ("!!red", True),
        ("blue || big", True),
        ("(blue || big) && !small", True),
        ("(blue || small) && red", False),
        ("((red))", True),
    ],
)
def test_tag_queries(query: str | None, expected: bool) -> None:
    assert matches_tags_query(tagged(red=True, big=True), query) is expected


def test_an_untagged_object_matches_only_the_undefined_query() -> None:
    assert matches_tags_query(SimpleNamespace(), None) is True
    assert matches_tags_query(SimpleNamespace(), "") is False
    assert matches_tags_query(SimpleNamespace(), "!red") is True  # Babylon: !(has && tag)


def test_first_last_and_plural_lookups() -> None:
    scene = Scene(NullEngine())
    a = Mesh("a", scene)
    b = Mesh("b", scene)
    a.id = b.id = "same"
    t = TransformNode("t", scene)
    t.id = "same"
    assert scene.getMeshById("same") is a
    assert scene.getLastMeshById("same") is b
    assert scene.getMeshesById("same") == [a, b]
    assert scene.getMeshByUniqueId(b.uniqueId) is b
    assert scene.getNodeById("same") is a
    assert scene.getLastEntryById("same") is b
    assert scene.getTransformNodeByID("same") is t  # deprecated spelling
    assert scene.getMeshById("missing") is None
    assert scene.getMeshesByTags() == scene.meshes


def test_world_extends_of_an_empty_scene_are_babylons_max_values() -> None:
    extends = Scene(NullEngine()).getWorldExtends()
    assert extends.min.x == 1.7976931348623157e308
    assert extends["max"].y == -1.7976931348623157e308
