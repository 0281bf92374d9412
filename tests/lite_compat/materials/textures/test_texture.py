"""Unit tests for lite_compat.materials.textures.texture (numbers printed by Babylon.js 9.31 under Node)."""

from __future__ import annotations

import pytest
from numpy.testing import assert_allclose

from lite.errors import LiteError, UnsupportedError
from lite_compat.materials.textures.texture import Texture
from lite_compat.scene.scene import Scene

#: Babylon: uOffset 0.1, vOffset 0.2, uScale 2, vScale 3, uAng 0.3, vAng 0.4, wAng 0.5.
ALL_SET = [1.7269597053527832, 0.9160254001617432, -0.4225017726421356, 0,
           -1.021761178970337, 2.515160083770752, 1.2767045497894287, 0,
           0.5613880157470703, 0.13216742873191833, -0.36706292629241943, 0, 0, 0, 0, 1]  # fmt: skip
HOMOGENEOUS = [1.7269597053527832, 1.3740381002426147, 0, 0, -0.6811741590499878,
               2.515160083770752, 0, 0, 0.20508167147636414, 0.19868125021457672, 0, 1,
               0.20508167147636414, 0.19868125021457672, 0, 1]  # fmt: skip


def test_defaults_with_and_without_url(scene: Scene) -> None:
    empty = Texture(None, scene)
    assert (empty.name, empty.isReady(), empty.getSize().width, empty.textureFormat) == (
        "", False, 0, 5)  # fmt: skip
    assert empty.serialize() is None
    grass = Texture("textures/foo.png", scene)
    assert grass.isReady() and grass.getSize().width == 512 and grass.textureType == -1
    assert (grass.level, grass.coordinatesIndex, grass.samplingMode, grass.wrapU) == (1, 0, 3, 1)
    assert grass.invertY and grass.gammaSpace and not grass.hasAlpha
    assert scene.textures == [empty, grass]
    grass.dispose()
    assert scene.textures == [empty]


def test_texture_matrix_matches_babylon(scene: Scene) -> None:
    texture = Texture("a.png", scene)
    assert_allclose(list(texture.getTextureMatrix().m),
                    [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])  # fmt: skip
    texture.uOffset, texture.vOffset, texture.uScale, texture.vScale = 0.1, 0.2, 2, 3
    texture.uAng, texture.vAng, texture.wAng = 0.3, 0.4, 0.5
    assert_allclose(list(texture.getTextureMatrix().m), ALL_SET, rtol=1e-7, atol=1e-7)
    texture.homogeneousRotationInUVTransform = True
    assert_allclose(list(texture.getTextureMatrix().m), HOMOGENEOUS, rtol=1e-7, atol=1e-7)
    texture.uOffset = "0.1"  # type: ignore[assignment]
    with pytest.raises(LiteError) as info:
        texture.getTextureMatrix()
    assert info.value.code == "LITE-COMPAT-145"


def test_clone_serialize_parse(scene: Scene) -> None:
    texture = Texture("a.png", scene)
    texture.uOffset, texture.level, texture.hasAlpha = 0.25, 0.5, True
    copy = texture.clone()
    assert (copy.url, copy.uOffset, copy.level, copy.hasAlpha) == ("a.png", 0.25, 0.5, True)
    data = texture.serialize()
    assert data is not None and data["uOffset"] == 0.25 and data["samplingMode"] == 3
    parsed = Texture.Parse(data, scene, "root/")
    assert parsed is not None and (parsed.name, parsed.url, parsed.level) == ("a.png", "a.png", 0.5)
    inline = Texture.CreateFromBase64String("AAAA", "inline.png", scene)
    assert inline.name == "data:inline.png" and inline.isReady()


def test_when_all_ready_and_refusals(scene: Scene) -> None:
    calls: list[int] = []
    Texture.WhenAllReady([Texture("a.png", scene)], lambda: calls.append(1))
    assert calls == [1]
    with pytest.raises(UnsupportedError) as info:
        Texture("a.png", scene).readPixels  # noqa: B018
    assert info.value.code == "LITE-COMPAT-021"
    with pytest.raises(LiteError):
        Texture(3, scene)  # type: ignore[arg-type]
