"""The top-level BABYLON.X names (issue 29): Babylon 9's flat aliases, the no-op
registrations, the page and string helpers, and the refusal of unported areas."""

from __future__ import annotations

import pytest

import lite_compat as BABYLON  # noqa: N812 - the spelling every port uses
from lite.errors import UnsupportedError
from lite_compat import _module_functions
from lite_compat._top_level import TOP_LEVEL_REFUSALS


def test_flat_functions_are_the_statics_themselves() -> None:
    assert BABYLON.CreateBox is BABYLON.MeshBuilder.CreateBox
    assert BABYLON.CreateBoxVertexData is BABYLON.VertexData.CreateBox
    assert BABYLON.Lerp is BABYLON.Scalar.Lerp
    assert BABYLON.AnimationParse is BABYLON.Animation.Parse
    assert BABYLON.Vector3Dot(BABYLON.Vector3(1, 2, 3), BABYLON.Vector3(4, 5, 6)) == 32


def test_registrations_of_provided_classes_are_no_ops() -> None:
    assert BABYLON.RegisterMesh() is None
    assert BABYLON.RegisterBoxBuilder.__name__ == "RegisterBoxBuilder"


def test_a_refusal_never_hides_a_provided_name() -> None:
    provided = set(vars(BABYLON))
    assert not provided & set(TOP_LEVEL_REFUSALS)
    assert not set(_module_functions.__all__) & set(TOP_LEVEL_REFUSALS)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("PhysicsEngine", "LITE-COMPAT-025"),
        ("ParticleSystem", "LITE-COMPAT-025"),
        ("ShaderMaterial", "LITE-COMPAT-021"),
        ("PointerEventTypes", "LITE-COMPAT-022"),
        ("AssetsManager", "LITE-COMPAT-023"),
        ("AnimationParseFromSnippetAsync", "LITE-COMPAT-023"),
    ],
)
def test_unported_areas_are_refused_with_a_code(name: str, code: str) -> None:
    with pytest.raises(UnsupportedError) as exc:
        getattr(BABYLON, name)
    assert exc.value.code == code
    assert exc.value.input_name == f"BABYLON.{name}"
    assert BABYLON.top_level_refusal(name) is not None


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        BABYLON.NoSuchThing  # noqa: B018
    assert not hasattr(BABYLON, "NoSuchThing")


def test_page_checks_and_string_helpers_answer_as_under_node() -> None:
    assert (BABYLON.IsWindowObjectExist(), BABYLON.IsNavigatorAvailable()) == (False, False)
    assert BABYLON.IsDocumentAvailable() is False
    assert (BABYLON.PadNumber(7, 3), BABYLON.PadNumber(1234, 2)) == ("007", "1234")
    assert BABYLON.StartsWith("abc", "ab") and BABYLON.EndsWith("abc", "bc")
    assert BABYLON.EncodeArrayBufferToBase64(bytes([1, 2, 250])) == "AQL6"
    assert BABYLON.DecodeBase64ToString("aGk=") == "hi"
    assert BABYLON.DecodeBase64ToBinary("AQL6") == bytes([1, 2, 250])


def test_vector_functions_take_any_xyz_and_divide_as_babylons_functions_do() -> None:
    point = type("P", (), {"x": 3.0, "y": 4.0, "z": 0.0})()
    out = BABYLON.Vector3.Zero()
    assert BABYLON.Vector3Length(point) == 5
    assert BABYLON.Vector3NormalizeToRef(point, out) is out
    assert (out.x, out.y, out.z) == (3 / 5, 4 / 5, 0)  # x / length, not x * (1 / length)
    assert (
        BABYLON.Vector3SignedDistanceToPlaneFromPositionAndNormal(
            BABYLON.Vector3.Zero(), BABYLON.Vector3(0, 1, 0), point
        )
        == 4
    )
    assert BABYLON.Vector3ToFixed(point, 2) == "{X: 3.00 Y: 4.00 Z: 0.00}"
    assert BABYLON.Vector2ToFixed(BABYLON.Vector2(0.125, 1), 2) == "{X: 0.13 Y: 1.00}"
