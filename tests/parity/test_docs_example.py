"""docs/parity.md's worked example, run for real: record the .mjs under Node, check the port."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from parity import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "parity.md"
_BLOCK = re.compile(r"^```(?:js|python) (?P<name>\S+)\n(?P<body>.*?)^```", re.S | re.M)

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (cli.RECORDER_DIR / "node_modules").is_dir(),
    reason="needs Node.js and 'npm ci' in parity/recorder",
)


def _example_files(folder: Path) -> dict[str, Path]:
    files = {}
    for m in _BLOCK.finditer(DOC.read_text(encoding="utf-8")):
        path = folder / m.group("name")
        path.write_text(m.group("body"), encoding="utf-8")
        files[path.suffix] = path
    return files


def test_worked_example_blocks_are_present(tmp_path: Path) -> None:
    files = _example_files(tmp_path)
    assert sorted(files) == [".mjs", ".py"]
    assert files[".mjs"].stem == files[".py"].stem == "box_position_x"


@needs_node
def test_worked_example_records_and_checks(tmp_path: Path) -> None:
    files = _example_files(tmp_path)
    assert cli.main(["record", str(files[".mjs"])]) == 0
    recorded = files[".mjs"].with_suffix(".json")
    assert '"x": 0.3333333333333333' in recorded.read_text(encoding="utf-8")
    import lite_compat

    if not hasattr(lite_compat, "Animation"):
        pytest.skip("lite_compat.Animation is not available yet; the recording step passed")
    assert cli.main(["check", str(files[".py"]), "--against", str(recorded)]) == 0
