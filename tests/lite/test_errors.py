"""Error codes: one meaning per code, and hints phrased for the Python API.

Each refusal split off an overloaded code (docs/errors.md, "Renumbered codes") is pinned here
to its own code, and the library's messages and hints are checked to name Python arguments
(``fps=30``), never command-line flags (``--fps 30``): the CLI rewrites those itself.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import lite
from lite.animation.animation_group_task import set_group_stage
from lite.bake import bake_clip, bake_files, frame_times
from lite.errors import ERROR_CODES, FORMER_CODES, AnimationStateError, GltfLoadError, LiteError
from lite.skeleton.weighted_gltf_mixer import set_animation_additive
from lite_compat import AnimationGroup, NullEngine, Scene

ROOT = Path(__file__).resolve().parents[2]
FIGURE = ROOT / "lite" / "assets" / "figure.glb"
FIXTURES = ROOT / "tests" / "fixtures"
CLI_WORDS = re.compile(r"(?<![\w-])--[a-z]|lite-anim|(?<![\w-])-o\b")


def _raises(call: object, code: str) -> LiteError:
    with pytest.raises(LiteError) as exc:
        call()  # type: ignore[operator]
    assert exc.value.code == code, exc.value
    assert exc.value.hint, f"{code} has no hint"
    return exc.value


def test_former_state_007_refusals_have_codes_of_their_own(tmp_path: Path) -> None:
    figure = lite.load_gltf(FIGURE)
    walk = figure.animation_groups[0]
    # still LITE-STATE-007: a frame or time that is not a finite number
    _raises(lambda: lite.go_to_frame(walk, float("nan")), "LITE-STATE-007")
    _raises(lambda: set_animation_additive(walk, reference_frame=-1), "LITE-STATE-007")
    # each other meaning moved to its own code
    _raises(
        lambda: set_animation_additive(walk, reference_frame=0, reference_time=0.0),
        "LITE-STATE-040",
    )
    _raises(lambda: bake_clip(figure, "sprint"), "LITE-STATE-041")
    _raises(lambda: frame_times(1.0, 0.0), "LITE-ANIM-020")
    _raises(lambda: frame_times(1e6, 10.0), "LITE-ANIM-021")
    binding = lite.bind_property_clip(
        SimpleNamespace(x=0.0),
        lite.create_property_animation_clip(
            "c", [{"path": "x", "keys": [{"time": 0, "value": 1}]}]
        ),
    )
    _raises(lambda: lite.write_property_track(binding, 3, 0.0), "LITE-STATE-044")
    _raises(lambda: lite.write_property_track(object(), 0, 0.0), "LITE-STATE-014")  # type: ignore[arg-type]
    _raises(lambda: lite.bind_property_clip(SimpleNamespace(), "clip"), "LITE-STATE-014")  # type: ignore[arg-type]
    _raises(
        lambda: set_group_stage(lite.create_animation_manager(), "scalar", None),
        "LITE-STATE-046",
    )
    copy = tmp_path / "a" / "figure.glb"
    copy.parent.mkdir()
    copy.write_bytes(FIGURE.read_bytes())
    _raises(lambda: bake_files([FIGURE, copy], tmp_path / "out"), "LITE-CLI-012")


def test_a_file_without_animations_is_its_own_refusal() -> None:
    still = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    still.animation_groups.clear()
    _raises(lambda: bake_clip(still), "LITE-STATE-043")


def test_loader_arguments_are_not_unreadable_files() -> None:
    for call in (
        lambda: lite.load_gltf(FIGURE, resolver="http"),  # type: ignore[arg-type]
        lambda: lite.load_gltf(3.5),  # type: ignore[arg-type]
        lambda: lite.read_gltf_document(FIGURE, emit_warnings="yes"),  # type: ignore[arg-type]
        lambda: lite.read_gltf_document(FIGURE, max_decoded_bytes=-1),
    ):
        exc = _raises(call, "LITE-GLTF-020")
        assert isinstance(exc, GltfLoadError)
    # an unreadable file keeps LITE-GLTF-001
    _raises(lambda: lite.load_gltf(FIXTURES / "missing.glb"), "LITE-GLTF-001")


def test_lite_compat_group_settings_and_frames_have_separate_codes() -> None:
    group = AnimationGroup("g", Scene(NullEngine()))
    with pytest.raises(AnimationStateError) as exc:
        group.playOrder = "first"  # type: ignore[assignment]
    assert exc.value.code == "LITE-STATE-045"
    with pytest.raises(AnimationStateError) as exc:
        group.to = float("nan")
    assert exc.value.code == "LITE-STATE-007"


def test_every_former_code_still_means_what_it_meant() -> None:
    # The split kept each original code for its registered meaning.
    assert "frame or time" in ERROR_CODES["LITE-STATE-007"]
    assert "task category" in ERROR_CODES["LITE-STATE-008"]
    assert "could not be read or parsed" in ERROR_CODES["LITE-GLTF-001"]
    assert set(FORMER_CODES.values()) >= {"LITE-STATE-007", "LITE-GLTF-001", "LITE-UNSUP-002"}


def _error_strings(path: Path) -> list[tuple[int, str]]:
    """The string parts of every ``...Error(...)`` / ``_bad(...)`` call in a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if not (name.endswith("Error") or name in {"_bad", "fail", "_fail"}):
            continue
        for part in [*node.args, *(k.value for k in node.keywords)]:
            for sub in ast.walk(part):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    found.append((sub.lineno, sub.value))
    return found


def test_library_errors_name_python_arguments_not_cli_flags() -> None:
    offenders = []
    for package in ("lite", "lite_compat"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "tools" in path.relative_to(ROOT).parts:
                continue  # lite.tools holds the command line, which may name its flags
            for line, text in _error_strings(path):
                if CLI_WORDS.search(text):
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not offenders, offenders
