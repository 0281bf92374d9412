"""Tools: Babylon.js 9.31's values (measured under Node, compat_surface_scene_graph) and the
refusals of its DOM/network/GPU members."""

from __future__ import annotations

import math
import re

import pytest

from lite.errors import LiteError, UnsupportedError
from lite_compat import Tools


def test_numbers() -> None:
    assert Tools.ToRadians(90) == 1.5707963267948966
    assert Tools.ToRadians(-45.5) == -0.7941248096574199
    assert Tools.ToDegrees(math.pi / 3) == 59.99999999999999
    assert Tools.SmoothAngleChange(10, 350) == pytest.approx(8.029256754215513, abs=1e-12)
    assert Tools.SmoothAngleChange(90, 180, 0.5) == pytest.approx(135, abs=1e-12)
    assert [Tools.Mix(1, 3, 0.25), Tools.Mix(-2, 2, 1.5)] == [1.5, 4]
    assert [Tools.IsExponentOfTwo(x) for x in (1, 2, 3, 64, 0.5)] == [
        False,
        True,
        False,
        True,
        False,
    ]
    assert Tools.FloatRound(0.1) == 0.10000000149011612


def test_format_is_javascripts_to_fixed() -> None:
    assert [Tools.Format(0.125), Tools.Format(1.005), Tools.Format(-2.5, 0)] == [
        "0.13",
        "1.00",
        "-3",
    ]
    assert [Tools.Format(123.456, 1), Tools.Format(2, 3)] == ["123.5", "2.000"]
    with pytest.raises(LiteError) as info:
        Tools.Format(1, 101)
    assert info.value.code == "LITE-COMPAT-121"


def test_strings_and_urls() -> None:
    assert Tools.GetFilename("a/b/c.glb") == "c.glb"
    assert [Tools.GetFolderPath("a/b/c.glb"), Tools.GetFolderPath("c.glb")] == ["a/b/", ""]
    assert Tools.GetFolderPath("c.glb", True) == "c.glb"
    urls = ["//x.com/a", "https://x.com/a", "a/b.glb", "data:abc", "file:/x", "http://localhost/a"]
    assert [Tools.IsAbsoluteUrl(u) for u in urls] == [True, True, False, False, False, False]
    assert Tools.GetBabylonScriptURL("https://cdn.babylonjs.com/ammo.js") == (
        "https://cdn.babylonjs.com/v9.31.0/ammo.js"
    )
    assert Tools.IsBase64("data:image/png;base64,AAAA") and not Tools.IsBase64("data:text,hi")
    assert Tools.DecodeBase64("data:application/octet-stream;base64,AQID") == b"\x01\x02\x03"
    with pytest.raises(LiteError) as info:
        Tools.GetFilename(3)  # type: ignore[arg-type]
    assert info.value.code == "LITE-COMPAT-121"
    with pytest.raises(LiteError):
        Tools.GetAbsoluteUrl("a.png")  # throws under Node too


def test_random_id_has_the_guid_shape() -> None:
    assert re.fullmatch(
        r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", Tools.RandomId()
    )


def test_objects() -> None:
    assert [Tools.MakeArray(3), Tools.MakeArray([1, 2]), Tools.MakeArray(None)] == [
        [3],
        [1, 2],
        None,
    ]
    assert Tools.MakeArray(None, True) == [None]
    assert Tools.First([1, 5, 8], lambda x: x > 4) == 5
    assert [Tools.GetClassName(3), Tools.GetClassName("s")] == ["number", "string"]
    assert Tools.BackCompatCameraNoPreventDefault([None, True]) is True
    assert Tools.GetPointerPrefix() == "pointer"


def test_log_prints_babylons_prefix_and_caches(capsys: pytest.CaptureFixture[str]) -> None:
    Tools.ClearLogCache()
    Tools.Log("hello")
    Tools.Warn("careful")
    captured = capsys.readouterr()
    assert re.fullmatch(r"BJS - \[\d\d:\d\d:\d\d\]: hello\n", captured.out)
    assert "careful" in captured.err
    assert Tools.LogCache.startswith("<div style='color:orange'>")
    Tools.LogLevels = Tools.ErrorLogLevel
    try:
        Tools.Log("quiet")
        assert capsys.readouterr().out == ""
    finally:
        Tools.LogLevels = Tools.AllLogLevel
    Tools.ClearLogCache()


@pytest.mark.parametrize(
    ("member", "code"),
    [
        ("CreateScreenshot", "LITE-COMPAT-021"),
        ("Download", "LITE-COMPAT-022"),
        ("LoadFile", "LITE-COMPAT-023"),
    ],
)
def test_dom_network_and_gpu_members_are_refused_on_the_class(member: str, code: str) -> None:
    with pytest.raises(UnsupportedError) as info:
        getattr(Tools, member)
    assert info.value.code == code
    assert f"Tools.{member}" in str(info.value)
