"""The reader context: registered codes, typed property checks naming the JSON path, warnings
with a code attributed to the caller.
"""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import pytest

from lite.errors import ERROR_CODES, GltfLoadError, LiteWarning
from tests.lite._gltf_util import (
    embedded_json,
    load_doc,
)


def test_every_gltf_error_code_is_registered() -> None:
    for code in [f"LITE-GLTF-{i:03d}" for i in range(1, 11)]:
        assert code in ERROR_CODES


@pytest.mark.parametrize(
    ("mutate", "json_path"),
    [
        (lambda d: d["nodes"][0].__setitem__("translation", "up"), "nodes[0].translation"),
        (lambda d: d["nodes"][0].__setitem__("rotation", [0, 0, 1]), "nodes[0].rotation"),
        (lambda d: d.__setitem__("nodes", {}), "nodes"),
        (lambda d: d["accessors"][0].__setitem__("count", 0), "accessors[0].count"),
        (
            lambda d: d["animations"][0]["channels"][0].__setitem__("target", 3),
            "animations[0].channels[0].target",
        ),
    ],
)
def test_wrong_property_types_name_the_property(mutate: Any, json_path: str) -> None:
    doc = embedded_json("two_skeletons")
    mutate(doc)
    with pytest.raises(GltfLoadError) as exc:
        load_doc(doc)
    assert exc.value.code in ("LITE-GLTF-010", "LITE-GLTF-008")
    assert exc.value.input_name == json_path


def test_loader_warnings_carry_their_code_as_an_attribute() -> None:
    doc = embedded_json("two_skeletons")
    doc["extensionsUsed"] = ["EXT_foo"]
    with pytest.warns(LiteWarning) as record:
        load_doc(doc)
    warning = record[0].message
    assert isinstance(warning, LiteWarning)
    assert warning.code == "LITE-GLTF-W03"
    assert str(warning).startswith("[LITE-GLTF-W03] <bytes>: extensionsUsed: ")
    assert warning.message == str(warning)[len("[LITE-GLTF-W03] ") :]


def test_warnings_are_attributed_to_the_callers_line() -> None:
    doc = embedded_json("two_skeletons")
    doc["extensionsUsed"] = ["EXT_foo"]
    with pytest.warns(LiteWarning) as record:
        load_doc(doc)  # load_doc (tests/lite/_gltf_util.py) calls load_gltf
    assert record[0].filename.endswith("_gltf_util.py")


def test_lite_warning_accepts_the_one_argument_form() -> None:
    # warnings.warn("[CODE] text", LiteWarning) builds LiteWarning("[CODE] text").
    with pytest.warns(LiteWarning) as record:
        warnings.warn("[LITE-GLTF-W01] x: y", LiteWarning, stacklevel=1)
    assert record[0].message.code == "LITE-GLTF-W01"  # type: ignore[union-attr]
    assert LiteWarning("no code here").code == ""
    w = LiteWarning("LITE-GLTF-W02", "a: b")
    assert (w.code, w.message, str(w)) == ("LITE-GLTF-W02", "a: b", "[LITE-GLTF-W02] a: b")
    copy = pickle.loads(pickle.dumps(w))
    assert (copy.code, copy.message, str(copy)) == (w.code, w.message, str(w))
