"""lite.tools.outputs: a suffix names the format written, or the output is refused."""

from __future__ import annotations

import pytest

from lite.errors import LiteError
from lite.tools.outputs import PNG_SUFFIXES, check_suffix, option_values

BAKE = {".npz": "npz", ".json": "json"}


def test_the_suffix_names_the_format() -> None:
    assert check_suffix("run.npz", BAKE, "-o") == "npz"
    assert check_suffix("run.JSON", BAKE, "-o") == "json"
    assert check_suffix("run.json", BAKE, "-o", "json") == "json"
    assert check_suffix("sheet.png", PNG_SUFFIXES, "-o") == "png"


@pytest.mark.parametrize(
    ("path", "suffixes", "fmt", "needle"),
    [
        ("x.json", BAKE, "npz", "--format is npz"),
        ("x.dat", BAKE, None, "ends in .dat"),
        ("x", BAKE, None, "has no suffix"),
        ("out.jpg", PNG_SUFFIXES, None, "writes .png files"),
        ("anim.png", {".gif": "gif"}, None, "writes .gif files"),
    ],
)
def test_a_suffix_that_lies_is_refused(
    path: str, suffixes: dict[str, str], fmt: str | None, needle: str
) -> None:
    with pytest.raises(LiteError) as exc:
        check_suffix(path, suffixes, "-o", fmt)
    assert exc.value.code == "LITE-CLI-010"
    assert needle in exc.value.message and exc.value.hint


def test_option_values_reads_every_spelling() -> None:
    names = ("-o", "--output", "--gif")
    argv = ["f.glb", "-o", "a.png", "-ob.png", "--gif", "c.gif", "--gif=d.gif", "--gi", "e.gif"]
    assert option_values(argv, names) == [
        ("-o", "a.png"),
        ("-o", "b.png"),
        ("--gif", "c.gif"),
        ("--gif", "d.gif"),
        ("--gif", "e.gif"),
    ]
    assert option_values(["--output=s.png", "--", "-o", "x"], names) == [("--output", "s.png")]
    assert option_values(["--clip", "walk", "--frames", "4"], names) == []
