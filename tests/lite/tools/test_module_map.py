"""docs/architecture/index.md's module trees are generated from the code.

The page must equal what ``python3 -m lite.tools.module_map`` writes; the generator must list
every package and module on disk, in its fixed order, from docstrings alone (nothing imported),
whatever the tree holds.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lite.tools.module_map import (
    DOC_PATH,
    MARKER,
    main,
    render_module_map,
    render_tree,
    summary_line,
)

ROOT = Path(__file__).resolve().parents[3]


def test_the_module_map_is_the_generated_one() -> None:
    text = (ROOT / DOC_PATH).read_text(encoding="utf-8")
    assert {m.group("package") for m in MARKER.finditer(text)} == {"lite", "lite_compat"}
    assert text == render_module_map(ROOT, text), (
        "docs/architecture/index.md's module map is out of date: "
        "run python3 -m lite.tools.module_map"
    )


@pytest.mark.parametrize("package", ["lite", "lite_compat"])
def test_every_module_and_package_on_disk_is_listed(package: str) -> None:
    tree = render_tree(ROOT, package)
    for path in sorted((ROOT / package).rglob("*.py")):
        if path.name == "__init__.py":
            assert f"  {path.parent.name}/" in tree or path.parent == ROOT / package, path
        else:
            assert f" {path.name}" in tree, path


@pytest.mark.parametrize("package", ["lite", "lite_compat"])
def test_every_module_has_a_one_line_summary(package: str) -> None:
    missing = [
        str(p.relative_to(ROOT)) for p in (ROOT / package).rglob("*.py") if not summary_line(p)
    ]
    assert not missing, f"modules without a docstring: {missing}"


def _toy(root: Path) -> Path:
    pkg = root / "toy"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text('"""Toy: the package line."""\n')
    (pkg / "__main__.py").write_text('"""``python -m toy``."""\n')
    (pkg / "zeta.py").write_text('"""Last by name, :func:`~toy.zeta.run` and :mod:`toy.sub`."""\n')
    (pkg / "_alpha.py").write_text(
        '"""A first line that runs on\ninto the next one. Not this."""\n'
    )
    (pkg / "sub" / "__init__.py").write_text('"""A subpackage."""\n')
    (pkg / "sub" / "inner.py").write_text("x = 1\n")
    (pkg / "data").mkdir()  # not a package: left out
    (pkg / "data" / "loose.py").write_text('"""Not listed."""\n')
    (pkg / "warns.py").write_text('"""Listed, never run."""\nraise SystemExit("imported")\n')
    return pkg


def test_the_order_is_init_main_modules_then_subpackages(tmp_path: Path) -> None:
    _toy(tmp_path)
    lines = render_tree(tmp_path, "toy").splitlines()
    assert lines[0] == lines[-1] == "```"
    names = [line.split()[0] for line in lines[1:-1] if line.strip()]
    assert names == ["toy/", "__main__.py", "_alpha.py", "warns.py", "zeta.py", "sub/", "inner.py"]
    assert lines[1].startswith("toy/") and lines[1].endswith("Toy: the package line.")
    body = "\n".join(lines)
    assert "`python -m toy`." in body
    assert "Last by name, `run` and `toy.sub`." in body
    assert "A first line that runs on into the next one. Not this." in body
    assert "loose.py" not in body


def test_long_summaries_wrap_under_the_summary_column(tmp_path: Path) -> None:
    pkg = _toy(tmp_path)
    (pkg / "long.py").write_text('"""' + " ".join(["word"] * 40) + '."""\n')
    lines = [ln for ln in render_tree(tmp_path, "toy").splitlines() if "word" in ln]
    assert len(lines) > 1 and all(len(ln) <= 100 for ln in lines)
    column = lines[0].index("word")
    assert all(ln.index("word") == column for ln in lines)


def test_check_mode_reports_a_stale_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # (--check on the repository itself: test_the_module_map_is_the_generated_one; here on a
    # copy of its sources, which --check finds up to date below.)
    root = tmp_path / "repo"
    for package in ("lite", "lite_compat"):
        ignore = shutil.ignore_patterns("*.glb", "__pycache__")
        shutil.copytree(ROOT / package, root / package, ignore=ignore)
    (root / DOC_PATH).parent.mkdir(parents=True)
    shutil.copy(ROOT / DOC_PATH, root / DOC_PATH)
    assert main(["--root", str(root), "--check"]) == 0
    (root / "lite" / "brand_new.py").write_text('"""A module the page does not list yet."""\n')
    assert main(["--root", str(root), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert main(["--root", str(root)]) == 0
    page = (root / DOC_PATH).read_text(encoding="utf-8").splitlines()
    assert "  brand_new.py           A module the page does not list yet." in page
    assert main(["--root", str(root), "--check"]) == 0


def test_a_page_without_markers_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / DOC_PATH).parent.mkdir(parents=True)
    (tmp_path / DOC_PATH).write_text("# no trees\n", encoding="utf-8")
    assert main(["--root", str(tmp_path), "--check"]) == 1
    assert "no <!-- module-map:start PACKAGE --> markers" in capsys.readouterr().err
