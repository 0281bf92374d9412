"""``lite-anim inspect``: the readable table, the JSON report and its failures."""

from __future__ import annotations

import json
from pathlib import Path

from tests.lite._gltf_util import embedded_json
from tests.lite.tools._cli_util import FIGURE, FIXTURES, assert_one_line_failure, run_cli


def test_inspect_prints_clips_skins_morphs_pointers_and_warnings() -> None:
    result = run_cli("inspect", str(FIGURE))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "16 nodes, 2 meshes, 1 skin (13 joints), 4 materials, 5 clips" in out
    clips = {
        line.split()[0]: line for line in out.split("Clips\n")[1].split("\n\n")[0].splitlines()[1:]
    }
    assert set(clips) == {"walk", "run", "wave", "blink", "tint"}
    assert "1.000 s" in clips["walk"] and "LINEAR 10" in clips["walk"]
    assert "rotation 9, translation 1" in clips["walk"]
    assert "CUBICSPLINE 11" in clips["run"] and "0.600 s" in clips["run"]
    assert "CUBICSPLINE 1, LINEAR 1, STEP 1" in clips["wave"]
    assert "weights 1" in clips["blink"] and "pointer 1" in clips["tint"]
    assert "Channels of 'wave'" in out
    assert any(
        line.split()[:4] == ["RightForearm", "rotation", "CUBICSPLINE", "9"]
        for line in out.splitlines()
    )
    assert "FigureSkin (skin 0): 13 joints (Hips, Spine, Chest" in out
    assert "meshes: Body, Eyelids" in out
    assert "Eyelids (mesh Eyelids): 1 target (blink); animated by: blink" in out
    assert "/materials/0/pbrMetallicRoughness/baseColorFactor (4 values); animated by: tint" in out
    assert out.rstrip().endswith("Warnings\n  none")


def test_inspect_brief_leaves_out_the_channel_tables() -> None:
    result = run_cli("inspect", str(FIGURE), "--brief")
    assert result.returncode == 0, result.stderr
    assert "Channels of" not in result.stdout
    assert "walk" in result.stdout


def test_inspect_json_follows_the_documented_schema() -> None:
    result = run_cli("inspect", str(FIXTURES / "rigged_figure.glb"), "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert set(doc) == {
        "file",
        "counts",
        "clips",
        "skins",
        "morph_targets",
        "pointer_targets",
        "warnings",
        "notes",
    }
    assert set(doc["counts"]) == {
        "nodes",
        "meshes",
        "skins",
        "joints",
        "materials",
        "clips",
        "morph_target_nodes",
        "pointer_targets",
    }
    assert [c["name"] for c in doc["clips"]] == ["Walk", "Wave", "Pose"]
    for clip in doc["clips"]:
        assert set(clip) == {
            "name",
            "duration",
            "channel_count",
            "channels_per_path",
            "interpolations",
            "key_count",
            "channels",
        }
        assert (
            clip["channel_count"]
            == len(clip["channels"])
            == sum(clip["channels_per_path"].values())
        )
        assert clip["key_count"] == sum(ch["keys"] for ch in clip["channels"])
        for ch in clip["channels"]:
            assert set(ch) == {
                "target",
                "node",
                "path",
                "pointer",
                "interpolation",
                "keys",
                "start",
                "end",
            }
            assert ch["interpolation"] in ("LINEAR", "STEP", "CUBICSPLINE")
            assert 0.0 <= ch["start"] <= ch["end"] <= clip["duration"]
    assert {c["name"]: set(c["interpolations"]) for c in doc["clips"]} == {
        "Walk": {"LINEAR"},
        "Wave": {"CUBICSPLINE", "LINEAR"},
        "Pose": {"STEP"},
    }
    (skin,) = doc["skins"]
    assert skin["joint_count"] == len(skin["joints"]) == 10
    assert doc["morph_targets"] == [] and doc["pointer_targets"] == []
    assert doc["warnings"] == []


def test_inspect_reports_loader_warnings_and_unit_quaternion_problems(tmp_path: Path) -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][3]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = "/materials/0/unknownThing"
    path = tmp_path / "warned.gltf"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = run_cli("inspect", str(path), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert any(w.startswith("[LITE-GLTF-W01]") for w in report["warnings"]), report["warnings"]
    text = run_cli("inspect", str(path)).stdout
    assert "[LITE-GLTF-W01]" in text.split("Warnings\n")[1]


def test_inspect_missing_file_fails_with_the_loader_code(tmp_path: Path) -> None:
    assert_one_line_failure(
        run_cli("inspect", str(tmp_path / "nope.glb")), "lite-anim inspect:", "[LITE-GLTF-001]"
    )


def test_inspect_malformed_gltf_fails_with_the_loader_code(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gltf"
    doc = embedded_json("rigged_figure")
    # A sampler index that is not an integer breaks the file; one out of range only skips its
    # channel (LITE-GLTF-W06, issue 25) and inspect lists the warning.
    doc["animations"][0]["channels"][0]["sampler"] = "99"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    line = assert_one_line_failure(run_cli("inspect", str(bad)), "[LITE-GLTF-002]")
    assert "animations[0].channels[0].sampler" in line
    doc["animations"][0]["channels"][0]["sampler"] = 99
    bad.write_text(json.dumps(doc), encoding="utf-8")
    proc = run_cli("inspect", str(bad))
    assert proc.returncode == 0
    assert "[LITE-GLTF-W06]" in proc.stdout
    junk = tmp_path / "junk.glb"
    junk.write_bytes(b"glTF\x02\x00\x00\x00garbage")
    assert_one_line_failure(run_cli("inspect", str(junk)), "[LITE-GLTF-001]")
